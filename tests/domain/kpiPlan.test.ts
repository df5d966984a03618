import { describe, expect, it } from "vitest";
import { Schema } from "effect";
import { KpiPlan, type Amount, type KpiParamKey, type RfmWeight, type Segment } from "../../domain/entities";
import { DEFAULT_SEGMENTS, emptyKpiPlan } from "../../domain/kpi";
import {
  MAX_PERIOD_MONTHS, hasSegmentIssues, kpiWarnings, newSegment, periodsRange, periodsTotal, planBudgetTotal,
  segmentIssues, setPeriodBudget, splitBudgetByMonth, weightsTotal,
} from "../../domain/kpiPlan";

const planWith = (budgets: Partial<Record<KpiParamKey, Amount>>, setMonth: KpiPlan["setMonth"] = []): KpiPlan => {
  const plan = { ...emptyKpiPlan(), setMonth } as Record<string, unknown>;
  for (const [key, budget] of Object.entries(budgets)) plan[key] = { kpi: "1", budget };
  return plan as KpiPlan;
};
const weights = (r: Amount, f: Amount, m: Amount): RfmWeight[] => [
  { name: "Recency", weight: r },
  { name: "Frequency", weight: f },
  { name: "Monetary", weight: m },
];

describe("splitBudgetByMonth", () => {
  it.each([
    {
      behaviour: "gives one period to a range inside one month, with the whole budget",
      start: "2026-03-05", end: "2026-03-20", budget: "1000",
      expected: [{ startDate: "2026-03-05", endDate: "2026-03-20", budget: 1000 }],
    },
    {
      behaviour: "splits a range across a month end by days: 2 days of January, 3 of February",
      start: "2026-01-30", end: "2026-02-03", budget: 500,
      expected: [
        { startDate: "2026-01-30", endDate: "2026-01-31", budget: 200 },
        { startDate: "2026-02-01", endDate: "2026-02-03", budget: 300 },
      ],
    },
    {
      behaviour: "counts the leap day: February 2024 has 29 days of a 60-day range",
      start: "2024-02-01", end: "2024-03-31", budget: "6000",
      expected: [
        { startDate: "2024-02-01", endDate: "2024-02-29", budget: 2900 },
        { startDate: "2024-03-01", endDate: "2024-03-31", budget: 3100 },
      ],
    },
    {
      behaviour: "gives the leftover satang to the largest remainders so the months add up exactly",
      start: "2026-01-01", end: "2026-03-31", budget: "100",
      // 31, 28, 31 of 90 days: 34.444…, 31.111…, 34.444… → 34.45, 31.11, 34.44 (tie to the earlier month)
      expected: [
        { startDate: "2026-01-01", endDate: "2026-01-31", budget: 34.45 },
        { startDate: "2026-02-01", endDate: "2026-02-28", budget: 31.11 },
        { startDate: "2026-03-01", endDate: "2026-03-31", budget: 34.44 },
      ],
    },
    {
      behaviour: "leaves every period's budget empty when the Ads budget is empty",
      start: "2026-12-15", end: "2027-01-10", budget: "",
      expected: [
        { startDate: "2026-12-15", endDate: "2026-12-31", budget: "" },
        { startDate: "2027-01-01", endDate: "2027-01-10", budget: "" },
      ],
    },
    {
      behaviour: "reads a stored date-time by its day",
      start: "2026-05-01T00:00:00", end: "2026-05-31T23:59:59", budget: 10,
      expected: [{ startDate: "2026-05-01", endDate: "2026-05-31", budget: 10 }],
    },
    {
      behaviour: "gives a one-day range one period",
      start: "2026-07-09", end: "2026-07-09", budget: "0.01",
      expected: [{ startDate: "2026-07-09", endDate: "2026-07-09", budget: 0.01 }],
    },
  ])("$behaviour", ({ start, end, budget, expected }) => {
    expect(splitBudgetByMonth(start, end, budget)).toEqual(expected);
  });

  it.each([
    { behaviour: "an end before the start", start: "2026-02-02", end: "2026-02-01" },
    { behaviour: "a day that does not exist", start: "2026-02-30", end: "2026-03-01" },
    { behaviour: "text that is not a date", start: "soon", end: "2026-03-01" },
    { behaviour: "more months than a plan may hold", start: "2016-01-01", end: "2026-01-01" },
  ])("refuses $behaviour", ({ start, end }) => {
    expect(splitBudgetByMonth(start, end, "100")).toBeNull();
  });

  it("accepts exactly the most months a plan may hold, and the result is a valid stored plan", () => {
    const periods = splitBudgetByMonth("2017-01-01", "2026-12-31", "1234567.89");
    expect(periods).toHaveLength(MAX_PERIOD_MONTHS);
    expect(periodsTotal(periods ?? [])).toBe(1234567.89);
    expect(() => Schema.decodeUnknownSync(KpiPlan)({ ...emptyKpiPlan(), setMonth: periods })).not.toThrow();
  });

  it("always adds up to the budget, whatever the range", () => {
    for (const [start, end, budget] of [
      ["2025-01-17", "2025-11-03", "99999.99"],
      ["2024-02-29", "2024-12-31", "0.07"],
      ["2026-06-30", "2026-07-01", "1"],
    ] as const) {
      expect(periodsTotal(splitBudgetByMonth(start, end, budget) ?? [])).toBe(Number(budget));
    }
  });
});

describe("planBudgetTotal, periodsTotal, periodsRange, setPeriodBudget", () => {
  it("sums the parameter budgets of a plan, empty counting as 0, to 2 decimals", () => {
    expect(planBudgetTotal(planWith({ reach: "0.1", click: "0.2", impression: "" }))).toBe(0.3);
    expect(planBudgetTotal(emptyKpiPlan())).toBe(0);
  });

  it("sums period budgets and reads the range the periods cover", () => {
    const periods = splitBudgetByMonth("2026-01-20", "2026-03-10", "700") ?? [];
    expect(periodsRange(periods)).toEqual({ start: "2026-01-20", end: "2026-03-10" });
    expect(periodsRange([])).toBeNull();
    const edited = setPeriodBudget(periods, 1, "50");
    expect(edited[1]?.budget).toBe("50");
    expect(edited[0]).toEqual(periods[0]);
    expect(periodsTotal(edited)).toBe(round(Number(periods[0]?.budget) + 50 + Number(periods[2]?.budget)));
    expect(setPeriodBudget(periods, 9, "1")).toEqual(periods);
  });
});

const round = (x: number) => Math.round(x * 100) / 100;

describe("weightsTotal", () => {
  it.each([
    { w: weights("50", "30", "20"), expected: 100 },
    { w: weights("", "", ""), expected: 0 },
    { w: weights("33.3", "33.3", "33.4"), expected: 100 },
    { w: weights("60", "60", "."), expected: 120 },
  ])("totals $expected", ({ w, expected }) => {
    expect(weightsTotal(w)).toBe(expected);
  });
});

describe("segmentIssues", () => {
  it("finds nothing wrong with the default segments", () => {
    expect(hasSegmentIssues(segmentIssues(DEFAULT_SEGMENTS))).toBe(false);
  });

  it("flags every card of a duplicated name, compared trimmed and case-insensitively", () => {
    const issues = segmentIssues([
      { name: "Champions", rank: 9 },
      { name: " champions ", rank: 8 },
      { name: "At Risk", rank: 2 },
    ]);
    expect(issues.map((i) => i.duplicateName)).toEqual([true, true, false]);
    expect(issues.some((i) => i.duplicateRank)).toBe(false);
  });

  it("flags every card of a duplicated rank", () => {
    const issues = segmentIssues([
      { name: "A", rank: 3 },
      { name: "B", rank: 3 },
      { name: "C", rank: 1 },
    ]);
    expect(issues.map((i) => i.duplicateRank)).toEqual([true, true, false]);
  });

  it("flags a blank name (but blank names do not clash with each other) and a min above its max", () => {
    const segments: Segment[] = [
      { name: "  ", rank: 1 },
      { name: "", rank: 2 },
      { name: "Bounded", rank: 3, setting: [{ name: "Recency", min: 4, max: 2 }, { name: "Monetary", min: null, max: 1 }] },
    ];
    const issues = segmentIssues(segments);
    expect(issues.map((i) => i.blankName)).toEqual([true, true, false]);
    expect(issues.map((i) => i.duplicateName)).toEqual([false, false, false]);
    expect(issues.map((i) => i.invertedBounds)).toEqual([false, false, true]);
    expect(hasSegmentIssues(issues)).toBe(true);
  });
});

describe("newSegment", () => {
  it("appends a uniquely named card ranked after the highest rank", () => {
    expect(newSegment(DEFAULT_SEGMENTS)).toEqual({ name: "New Segment", rank: 10 });
    expect(newSegment([])).toEqual({ name: "New Segment", rank: 1 });
    expect(newSegment([{ name: "new segment", rank: 4 }, { name: "New Segment 2", rank: 2 }])).toEqual({ name: "New Segment 3", rank: 5 });
  });
});

describe("kpiWarnings", () => {
  const base = {
    remainingBudget: 0,
    remainingPercent: 0,
    weights: weights("50", "30", "20"),
    ads: planWith({}),
    segments: DEFAULT_SEGMENTS,
  };

  it("warns of nothing for a balanced plan", () => {
    const w = kpiWarnings(base);
    expect([w.budgetOver, w.percentOver, w.weightsNot100, w.periodsMismatch, hasSegmentIssues(w.segments)]).toEqual([false, false, false, false, false]);
  });

  it.each([
    { behaviour: "a negative remaining budget", patch: { remainingBudget: -0.01 }, field: "budgetOver" },
    { behaviour: "a negative remaining percent", patch: { remainingPercent: -5, weights: weights("50", "50", "5") }, field: "percentOver" },
    { behaviour: "weights under 100", patch: { remainingPercent: 10, weights: weights("50", "40", "") }, field: "weightsNot100" },
    {
      behaviour: "Ads months that no longer add up to the Ads budget",
      patch: { ads: planWith({ reach: "300" }, [{ startDate: "2026-01-01", endDate: "2026-01-31", budget: "200" }]) },
      field: "periodsMismatch",
    },
  ] as const)("warns of $behaviour", ({ patch, field }) => {
    expect(kpiWarnings({ ...base, ...patch })[field]).toBe(true);
  });

  it("does not warn when no weight is given at all (RFM is optional)", () => {
    expect(kpiWarnings({ ...base, remainingPercent: 100, weights: weights("", "", "") }).weightsNot100).toBe(false);
  });

  it("does not warn when the Ads months add up to the Ads budget", () => {
    const ads = planWith({ reach: "300", click: "100.5" });
    const periods = splitBudgetByMonth("2026-01-10", "2026-04-02", planBudgetTotal(ads)) ?? [];
    expect(kpiWarnings({ ...base, ads: { ...ads, setMonth: periods } }).periodsMismatch).toBe(false);
  });
});
