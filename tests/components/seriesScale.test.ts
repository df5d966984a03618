// The arithmetic and words of the SVG line chart (src/components/charts/seriesScale.ts).
import { describe, expect, it } from "vitest";
import {
  labelIndexes, linePath, niceStep, periodLabel, scaleLinear, seriesSummary, tickLabels, valueTicks,
} from "@/components/charts/seriesScale";
import { formatCompact, formatCount } from "@/components/format/numbers";

describe("niceStep", () => {
  it.each([
    { rough: 0.7, step: 1 },
    { rough: 1, step: 1 },
    { rough: 1.3, step: 2 },
    { rough: 2.2, step: 2.5 },
    { rough: 3, step: 5 },
    { rough: 7, step: 10 },
    { rough: 42_500, step: 50_000 },
    { rough: 0.012, step: 0.02 },
    { rough: 0, step: 1 },
    { rough: Number.NaN, step: 1 },
  ])("$rough → $step", ({ rough, step }) => {
    expect(niceStep(rough)).toBeCloseTo(step, 10);
  });
});

describe("valueTicks", () => {
  it.each([
    { what: "sums from 0", values: [110_000, 171_000, 80_000], zero: true, ticks: [0, 50_000, 100_000, 150_000, 200_000] },
    { what: "a level hugs its values", values: [1_843_000, 1_864_000], zero: false, ticks: [1_840_000, 1_850_000, 1_860_000, 1_870_000] },
    { what: "nulls are left out", values: [null, 4, null, 9], zero: true, ticks: [0, 2.5, 5, 7.5, 10] },
    { what: "negative figures end at 0", values: [-30, -5], zero: true, ticks: [-30, -20, -10, 0] },
    { what: "figures on both sides of 0", values: [-900, 2_100], zero: true, ticks: [-1_000, 0, 1_000, 2_000, 3_000] },
    { what: "all zero: 0 to 1, not an axis of no height", values: [0, 0], zero: true, ticks: [0, 0.25, 0.5, 0.75, 1] },
    { what: "no figures at all", values: [null], zero: true, ticks: [0, 0.25, 0.5, 0.75, 1] },
    { what: "one level: a band around it", values: [500, 500], zero: false, ticks: [450, 475, 500, 525, 550] },
    { what: "fractions print without float noise", values: [0.1, 0.3], zero: true, ticks: [0, 0.1, 0.2, 0.3] },
  ])("$what", ({ values, zero, ticks }) => {
    const t = valueTicks(values, 4, zero);
    expect(t.values).toEqual(ticks);
    expect(t.min).toBe(ticks[0]);
    expect(t.max).toBe(ticks[ticks.length - 1]);
  });

  it("covers every value", () => {
    const values = [1_234, 98_765, 43_210];
    const t = valueTicks(values);
    for (const v of values) expect(v >= t.min && v <= t.max).toBe(true);
  });
});

describe("tickLabels", () => {
  it.each([
    { what: "one decimal when that tells them apart", values: [0, 50_000, 100_000], labels: ["0", "50K", "100K"] },
    { what: "more decimals where one reads alike", values: [1_840_000, 1_850_000, 1_860_000], labels: ["1.84M", "1.85M", "1.86M"] },
    { what: "as many as it takes", values: [1_125_000, 1_130_000, 1_135_000], labels: ["1.125M", "1.13M", "1.135M"] },
  ])("$what", ({ values, labels }) => {
    expect(tickLabels(values, formatCompact)).toEqual(labels);
  });
});

describe("scaleLinear", () => {
  it.each([
    { d: [0, 100], r: [170, 10], v: 0, out: 170 },
    { d: [0, 100], r: [170, 10], v: 100, out: 10 },
    { d: [0, 100], r: [170, 10], v: 25, out: 130 },
    { d: [0, 30], r: [40, 340], v: 15, out: 190 },
    { d: [5, 5], r: [40, 340], v: 5, out: 190 },
  ])("$v in $d → $out in $r", ({ d, r, v, out }) => {
    expect(scaleLinear(d[0]!, d[1]!, r[0]!, r[1]!)(v)).toBe(out);
  });
});

describe("labelIndexes", () => {
  it.each([
    { n: 0, max: 5, out: [] },
    { n: 1, max: 5, out: [0] },
    { n: 5, max: 5, out: [0, 1, 2, 3, 4] },
    { n: 31, max: 5, out: [0, 7, 14, 21, 28] },
    { n: 31, max: 8, out: [0, 4, 8, 12, 16, 20, 24, 28] },
    { n: 12, max: 5, out: [0, 3, 6, 9, 11] },
    { n: 53, max: 3.9, out: [0, 18, 36] },
    { n: 10, max: 0.4, out: [0] },
  ])("$n periods, room for $max labels", ({ n, max, out }) => {
    const shown = labelIndexes(n, max);
    expect(shown).toEqual(out);
    expect(shown.length).toBeLessThanOrEqual(Math.max(1, Math.floor(max)));
  });
});

describe("linePath", () => {
  it.each([
    { what: "no points", points: [], d: "" },
    { what: "a line", points: [{ x: 0, y: 10 }, { x: 5.55, y: 20.04 }, { x: 10, y: 0 }], d: "M0,10L5.6,20L10,0" },
    { what: "lifted over a gap", points: [{ x: 0, y: 1 }, { x: 1, y: 2 }, null, { x: 3, y: 4 }, { x: 4, y: 5 }], d: "M0,1L1,2M3,4L4,5" },
    { what: "a lone point is a dot", points: [null, { x: 1, y: 2 }, null, { x: 3, y: 4 }], d: "M1,2h0M3,4h0" },
  ])("$what", ({ points, d }) => {
    expect(linePath(points)).toBe(d);
  });
});

describe("periodLabel", () => {
  it.each([
    { start: "2024-03-04", g: "day", short: "4 Mar", long: "2024-03-04" },
    { start: "2024-12-30", g: "week", short: "30 Dec", long: "week of 2024-12-30" },
    { start: "2024-02-01", g: "month", short: "Feb 2024", long: "Feb 2024" },
  ] as const)("$g $start", ({ start, g, short, long }) => {
    expect(periodLabel(start, g, "short")).toBe(short);
    expect(periodLabel(start, g, "long")).toBe(long);
  });
});

describe("seriesSummary", () => {
  const days = ["2024-03-01", "2024-03-02", "2024-03-03", "2024-03-04"];
  it.each([
    {
      what: "first, last, lowest and highest with their periods",
      values: [1_200, 900, 5_600, 3_400],
      text: "Post reach per day, 2024-03-01 to 2024-03-04 (4 points): first 1,200, last 3,400; lowest 900 (2024-03-02), highest 5,600 (2024-03-03).",
    },
    {
      what: "missing figures are left out",
      values: [null, 10, null, 7],
      text: "Post reach per day, 2024-03-01 to 2024-03-04 (4 points): first 10, last 7; lowest 7 (2024-03-04), highest 10 (2024-03-02).",
    },
    { what: "one figure", values: [null, null, 42, null], text: "Post reach per day, 2024-03-01 to 2024-03-04 (4 points): 42 (2024-03-03)." },
    { what: "no figures", values: [null, null, null, null], text: "Post reach per day, 2024-03-01 to 2024-03-04 (4 points): no figures." },
  ])("$what", ({ values, text }) => {
    expect(seriesSummary("Post reach per day", days, values, formatCount)).toBe(text);
  });

  it("names a single period without a span", () => {
    expect(seriesSummary("Followers", ["Mar 2024"], [120_000], formatCount)).toBe("Followers, Mar 2024: 120,000 (Mar 2024).");
  });
});
