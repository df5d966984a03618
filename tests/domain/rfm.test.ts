import { describe, expect, it } from "vitest";
import { Schema } from "effect";
import { KpiTemplate, type Amount, type RfmWeight, type Segment } from "../../domain/entities";
import { DEFAULT_SEGMENTS, emptyKpiTemplate, toAmountNumber } from "../../domain/kpi";
import {
  STANDARD_SEGMENT_MAP, UNASSIGNED, defaultSegmentRules, rfmWeightsOf, ruleMatches, segmentIndexOf, segmentNameOf,
  segmentRulesOf, weightNumber, type SegmentRule,
} from "../../domain/rfm";

const withWeights = (setting: RfmWeight[]): KpiTemplate => ({ ...emptyKpiTemplate("t"), RFM: [{ setting }, { segment: [] }] });
const withSegments = (segment: Segment[]): KpiTemplate => ({ ...emptyKpiTemplate("t"), RFM: [{ setting: [] }, { segment }] });
const w = (recency: Amount, frequency: Amount, monetary: Amount): RfmWeight[] => [
  { name: "Recency", weight: recency },
  { name: "Frequency", weight: frequency },
  { name: "Monetary", weight: monetary },
];
const third = 1 / 3;

describe("rfmWeightsOf", () => {
  it.each([
    { behaviour: "equal thirds without a template", template: null, expected: [third, third, third], total: 0, defaulted: true },
    { behaviour: "equal thirds for the empty form (weights \"\")", template: emptyKpiTemplate("t"), expected: [third, third, third], total: 0, defaulted: true },
    { behaviour: "equal thirds for weights 0/0/0", template: withWeights(w(0, 0, 0)), expected: [third, third, third], total: 0, defaulted: true },
    { behaviour: "weights totalling 100 as fractions", template: withWeights(w(30, 30, 40)), expected: [0.3, 0.3, 0.4], total: 100, defaulted: false },
    { behaviour: "50/50/50 (total 150) scaled to thirds", template: withWeights(w(50, 50, 50)), expected: [third, third, third], total: 150, defaulted: false },
    { behaviour: "20/20/10 (total 50) scaled keeping proportions", template: withWeights(w(20, 20, 10)), expected: [0.4, 0.4, 0.2], total: 50, defaulted: false },
    { behaviour: "numeric text as typed", template: withWeights(w("12.5", "12.5", "25")), expected: [0.25, 0.25, 0.5], total: 50, defaulted: false },
    { behaviour: "empty and lone-point weights count 0", template: withWeights(w("", ".", 10)), expected: [0, 0, 1], total: 10, defaulted: false },
    { behaviour: "a missing setting counts 0", template: withWeights([{ name: "Recency", weight: 60 }, { name: "Frequency", weight: 40 }]), expected: [0.6, 0.4, 0], total: 100, defaulted: false },
    { behaviour: "a setting listed twice adds up", template: withWeights([...w(10, 10, 10), { name: "Recency", weight: 30 }]), expected: [2 / 3, 1 / 6, 1 / 6], total: 60, defaulted: false },
    { behaviour: "equal thirds for a template without an RFM setting block", template: { ...emptyKpiTemplate("t"), RFM: [] }, expected: [third, third, third], total: 0, defaulted: true },
  ])("$behaviour", ({ template, expected, total, defaulted }) => {
    const got = rfmWeightsOf(template);
    expect([got.recency, got.frequency, got.monetary].map((x) => Number(x.toFixed(12)))).toEqual(expected.map((x) => Number(x.toFixed(12))));
    expect(got.recency + got.frequency + got.monetary).toBeCloseTo(1, 12);
    expect(got.total).toBe(total);
    expect(got.defaulted).toBe(defaulted);
  });

  it("decodes templates the schema accepts (the tests' templates are valid)", () => {
    expect(Schema.is(KpiTemplate)(withWeights(w(50, 50, 50)))).toBe(true);
  });
});

describe("weightNumber", () => {
  it.each<Amount | null | undefined>([0, 12, 12.5, "", ".", "7.", ".5", "12.50", " 3 ", "abc", "1e5", Number.NaN, Infinity, null, undefined])(
    "reads %j as toAmountNumber of kpi.ts does", (a) => {
      expect(weightNumber(a)).toBe(toAmountNumber(a));
    },
  );
});

describe("STANDARD_SEGMENT_MAP", () => {
  it("has the names and ranks of DEFAULT_SEGMENTS, in their order", () => {
    expect(STANDARD_SEGMENT_MAP.map((s) => ({ name: s.name, rank: s.rank }))).toEqual(DEFAULT_SEGMENTS.map((s) => ({ name: s.name, rank: s.rank })));
  });

  it("puts each R×F cell in exactly one segment, except R 3 F 3 (the map's Need Attention), for every M", () => {
    const rules = defaultSegmentRules();
    for (let r = 1; r <= 5; r++) {
      for (let f = 1; f <= 5; f++) {
        for (let m = 1; m <= 5; m++) {
          const matching = rules.filter((rule) => ruleMatches(rule, r, f, m)).map((rule) => rule.name);
          expect(matching, `R${r} F${f} M${m}`).toHaveLength(r === 3 && f === 3 ? 0 : 1);
        }
      }
    }
  });

  it.each([
    [5, 5, "Champions"], [5, 4, "Champions"], [4, 5, "Loyal Customers"], [3, 4, "Loyal Customers"],
    [5, 3, "Potential Loyallists"], [4, 2, "Potential Loyallists"], [5, 1, "New Customers"], [4, 1, "Promising"],
    [3, 2, "About To Sleep"], [3, 1, "About To Sleep"], [2, 5, "Can't Lose Them"], [1, 5, "Can't Lose Them"],
    [2, 4, "At Risk"], [1, 3, "At Risk"], [2, 2, "Hibernating"], [1, 1, "Hibernating"], [3, 3, UNASSIGNED],
  ] as const)("R %i F %i is %s", (r, f, name) => {
    const rules = defaultSegmentRules();
    expect(segmentNameOf(rules, segmentIndexOf(rules, r, f, 1))).toBe(name);
    expect(segmentNameOf(rules, segmentIndexOf(rules, r, f, 5))).toBe(name);
  });
});

describe("segmentRulesOf", () => {
  it("gives the nine defaults with the standard map without a template", () => {
    const rules = segmentRulesOf(null);
    expect(rules.map((r) => [r.name, r.rank, r.source])).toEqual(DEFAULT_SEGMENTS.map((s) => [s.name, s.rank, "standard"]));
    expect(rules[0]!.bounds).toEqual({ recency: [5, 5], frequency: [4, 5], monetary: [1, 5] });
  });

  it("gives the standard map to the default segments of a new template (no bounds)", () => {
    expect(segmentRulesOf(emptyKpiTemplate("t"))).toEqual(segmentRulesOf(null));
  });

  it("gives the defaults to a template without a segment block, and no rules to an empty segment list", () => {
    expect(segmentRulesOf({ ...emptyKpiTemplate("t"), RFM: [{ setting: [] }] })).toEqual(defaultSegmentRules());
    expect(segmentRulesOf(withSegments([]))).toEqual([]);
  });

  it.each([
    {
      behaviour: "a segment with bounds uses them, open ends 1 and 5",
      segment: { name: "Big spenders", rank: 10, setting: [{ name: "Monetary", min: 4, max: null }] },
      expected: { bounds: { recency: [1, 5], frequency: [1, 5], monetary: [4, 5] }, source: "template" },
    },
    {
      behaviour: "a default name with bounds uses its own bounds, not the standard map",
      segment: { name: "Champions", rank: 9, setting: [{ name: "Recency", min: 3, max: 5 }, { name: "Frequency", min: 3, max: null }] },
      expected: { bounds: { recency: [3, 5], frequency: [3, 5], monetary: [1, 5] }, source: "template" },
    },
    {
      behaviour: "a custom segment without bounds matches nobody",
      segment: { name: "VIP", rank: 10 },
      expected: { bounds: null, source: "none" },
    },
    {
      behaviour: "a custom segment whose bounds are all null counts as without bounds",
      segment: { name: "VIP", rank: 10, setting: [{ name: "Recency", min: null, max: null }] },
      expected: { bounds: null, source: "none" },
    },
    {
      behaviour: "a default name is recognised without case and extra spaces",
      segment: { name: "  can't   lose them ", rank: 3 },
      expected: { bounds: { recency: [1, 2], frequency: [5, 5], monetary: [1, 5] }, source: "standard" },
    },
    {
      behaviour: "the correct spelling Potential Loyalists gets the spec's Potential Loyallists range",
      segment: { name: "Potential Loyalists", rank: 7 },
      expected: { bounds: { recency: [4, 5], frequency: [2, 3], monetary: [1, 5] }, source: "standard" },
    },
    {
      behaviour: "a setting listed twice must satisfy both (ranges intersect)",
      segment: { name: "Mid", rank: 4, setting: [{ name: "Recency", min: 2, max: 5 }, { name: "Recency", min: 1, max: 3 }] },
      expected: { bounds: { recency: [2, 3], frequency: [1, 5], monetary: [1, 5] }, source: "template" },
    },
  ] as { behaviour: string; segment: Segment; expected: Pick<SegmentRule, "bounds" | "source"> }[])("$behaviour", ({ segment, expected }) => {
    const [rule] = segmentRulesOf(withSegments([segment]));
    expect(rule).toEqual({ name: segment.name, rank: segment.rank, ...expected });
  });

  it("keeps the template's order and names", () => {
    const rules = segmentRulesOf(withSegments([{ name: "Hibernating", rank: 1 }, { name: "ลูกค้าใหม่", rank: 5 }, { name: "Champions", rank: 9 }]));
    expect(rules.map((r) => [r.name, r.source])).toEqual([["Hibernating", "standard"], ["ลูกค้าใหม่", "none"], ["Champions", "standard"]]);
  });
});

describe("segmentIndexOf", () => {
  const rule = (name: string, rank: number, r: [number, number], f: [number, number] = [1, 5], m: [number, number] = [1, 5]): SegmentRule =>
    ({ name, rank, bounds: { recency: r, frequency: f, monetary: m }, source: "template" });

  it.each([
    { behaviour: "overlapping ranges: the highest rank wins", rules: [rule("low", 1, [1, 5]), rule("high", 5, [3, 5])], rfm: [4, 1, 1], expected: 1 },
    { behaviour: "overlapping ranges: a lower rank wins where the higher does not match", rules: [rule("low", 1, [1, 5]), rule("high", 5, [3, 5])], rfm: [2, 1, 1], expected: 0 },
    { behaviour: "equal ranks: the earlier rule wins", rules: [rule("first", 3, [1, 5]), rule("second", 3, [1, 5])], rfm: [2, 2, 2], expected: 0 },
    { behaviour: "every bound must hold", rules: [rule("rfm", 9, [4, 5], [4, 5], [4, 5])], rfm: [5, 5, 3], expected: -1 },
    { behaviour: "a rule matching nobody never wins, whatever its rank", rules: [{ name: "VIP", rank: 99, bounds: null, source: "none" }, rule("all", 1, [1, 5])] as SegmentRule[], rfm: [5, 5, 5], expected: 1 },
    { behaviour: "min above max matches nobody", rules: [rule("empty", 9, [4, 2])], rfm: [3, 3, 3], expected: -1 },
    { behaviour: "no rules: Unassigned", rules: [], rfm: [5, 5, 5], expected: -1 },
  ])("$behaviour", ({ rules, rfm, expected }) => {
    expect(segmentIndexOf(rules, rfm[0]!, rfm[1]!, rfm[2]!)).toBe(expected);
  });

  it("names -1 Unassigned", () => {
    expect(segmentNameOf([], -1)).toBe(UNASSIGNED);
    expect(UNASSIGNED).toBe("Unassigned");
  });
});
