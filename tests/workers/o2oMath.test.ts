import { describe, expect, it } from "vitest";
import {
  dayRanges, defaultO2oRange, dwellDistribution, dwellDistributionFromPairs, dwellWindow, graphSpan, heatmapCells,
  heatmapFromRanges, monthlyRanges, packHourly, percentShares, conversionPercents,
} from "../../workers/o2oMath";

/** Bangkok midnight of a day in unix seconds, computed without luxon (fixed +07:00). */
const bkk = (day: string) => Date.parse(`${day}T00:00:00+07:00`) / 1000;
/** 23:59:59 of a Bangkok day. */
const bkkEnd = (day: string) => bkk(day) + 86_399;
const hours = (v: number | null) => Array.from({ length: 24 }, () => v);

describe("dayRanges: one range per Bangkok day, 00:00:00 to 23:59:59 +07:00", () => {
  it("starts 2024-01-01 at the known unix time 1704042000", () => {
    expect(dayRanges("2024-01-01", "2024-01-01")).toEqual([{ from: 1_704_042_000, to: 1_704_128_399 }]);
  });

  it.each([
    { behaviour: "gives one range for a single day", start: "2024-06-15", end: "2024-06-15", days: ["2024-06-15"] },
    { behaviour: "crosses a month end", start: "2024-01-30", end: "2024-02-02", days: ["2024-01-30", "2024-01-31", "2024-02-01", "2024-02-02"] },
    { behaviour: "includes the leap day", start: "2024-02-28", end: "2024-03-01", days: ["2024-02-28", "2024-02-29", "2024-03-01"] },
    { behaviour: "skips from 28 February to 1 March in a common year", start: "2023-02-28", end: "2023-03-01", days: ["2023-02-28", "2023-03-01"] },
    { behaviour: "crosses a year end", start: "2023-12-31", end: "2024-01-01", days: ["2023-12-31", "2024-01-01"] },
  ])("$behaviour", ({ start, end, days }) => {
    expect(dayRanges(start, end)).toEqual(days.map((d) => ({ from: bkk(d), to: bkkEnd(d) })));
  });

  it("gives 366 days of exactly 86,400 s for the leap year 2024 (no DST in Bangkok)", () => {
    const ranges = dayRanges("2024-01-01", "2024-12-31");
    expect(ranges).toHaveLength(366);
    expect(ranges.every((r, i) => r.to - r.from === 86_399 && r.from === 1_704_042_000 + i * 86_400)).toBe(true);
  });

  it.each([
    { behaviour: "a day that does not exist", start: "2023-02-29", end: "2023-03-01" },
    { behaviour: "text that is not a date", start: "2024-1-1", end: "2024-01-02" },
    { behaviour: "a start after the end", start: "2024-01-02", end: "2024-01-01" },
    { behaviour: "more days than one call carries (367)", start: "2024-01-01", end: "2025-01-01" },
  ])("refuses $behaviour", ({ start, end }) => {
    expect(() => dayRanges(start, end)).toThrow(RangeError);
  });
});

describe("monthlyRanges: the three calendar months ending with the end date's month, clipped to today", () => {
  const month = (first: string, last: string) => ({ from: bkk(first), to: bkkEnd(last) });
  it.each([
    {
      behaviour: "gives January to March for an end date in March",
      end: "2024-03-15", today: "2024-06-01",
      expected: [month("2024-01-01", "2024-01-31"), month("2024-02-01", "2024-02-29"), month("2024-03-01", "2024-03-31")],
    },
    {
      behaviour: "crosses a year end",
      end: "2024-01-20", today: "2024-12-31",
      expected: [month("2023-11-01", "2023-11-30"), month("2023-12-01", "2023-12-31"), month("2024-01-01", "2024-01-31")],
    },
    {
      behaviour: "stops the current month at the end of today",
      end: "2024-03-31", today: "2024-03-10",
      expected: [month("2024-01-01", "2024-01-31"), month("2024-02-01", "2024-02-29"), month("2024-03-01", "2024-03-10")],
    },
    {
      behaviour: "leaves out the months that start after today",
      end: "2024-05-10", today: "2024-03-10",
      expected: [month("2024-03-01", "2024-03-10")],
    },
    { behaviour: "is empty when all three months are after today", end: "2024-09-01", today: "2024-03-10", expected: [] },
  ])("$behaviour", ({ end, today, expected }) => {
    expect(monthlyRanges(end, today)).toEqual(expected);
  });
});

describe("graphSpan: two months back from the end date to the end of its month, custom interval", () => {
  it.each([
    {
      behaviour: "runs from the same day two months back to the month end",
      end: "2024-03-10", today: "2024-12-31", from: bkk("2024-01-10"), to: bkkEnd("2024-03-31"),
    },
    {
      behaviour: "lands on the leap day when the day does not exist two months back",
      end: "2024-04-30", today: "2024-12-31", from: bkk("2024-02-29"), to: bkkEnd("2024-04-30"),
    },
    {
      behaviour: "stops at the end of today",
      end: "2024-03-10", today: "2024-03-12", from: bkk("2024-01-10"), to: bkkEnd("2024-03-12"),
    },
  ])("$behaviour", ({ end, today, from, to }) => {
    expect(graphSpan(end, today)).toEqual({ from, to, interval: { unit: "custom", seconds: 86_400 } });
  });

  it("takes another bucket length", () => {
    expect(graphSpan("2024-03-10", "2024-12-31", 7 * 86_400).interval).toEqual({ unit: "custom", seconds: 604_800 });
  });

  it("refuses a span that starts after today", () => {
    expect(() => graphSpan("2024-09-10", "2024-03-01")).toThrow(RangeError);
  });
});

describe("dwellWindow: three months ending at the end of the end date's month", () => {
  it.each([
    { behaviour: "covers January to March for a March end date", end: "2024-03-10", today: "2024-12-31", from: bkk("2024-01-01"), to: bkkEnd("2024-03-31") },
    { behaviour: "covers the leap February", end: "2024-02-01", today: "2024-12-31", from: bkk("2023-12-01"), to: bkkEnd("2024-02-29") },
    { behaviour: "stops at the end of today", end: "2024-03-10", today: "2024-03-10", from: bkk("2024-01-01"), to: bkkEnd("2024-03-10") },
  ])("$behaviour", ({ end, today, from, to }) => {
    expect(dwellWindow(end, today)).toEqual({ from, to });
  });

  it("refuses a window that starts after today", () => {
    expect(() => dwellWindow("2024-09-10", "2024-03-01")).toThrow(RangeError);
  });
});

describe("defaultO2oRange: last 3 months to today", () => {
  it.each([
    { today: "2024-06-15", startDate: "2024-03-15" },
    { today: "2024-05-31", startDate: "2024-02-29" },
    { today: "2024-01-10", startDate: "2023-10-10" },
  ])("opens $today at $startDate", ({ today, startDate }) => {
    expect(defaultO2oRange(today)).toEqual({ startDate, endDate: today });
  });
});

describe("heatmapCells: 168 cells, Monday first, Bangkok hours", () => {
  const cell = (weekday: number, hour: number) => weekday * 24 + hour;

  it("is all null with no input", () => {
    const map = heatmapFromRanges([]);
    expect(map.counts).toEqual(Array(168).fill(null));
    expect(map.averages).toEqual(Array(168).fill(null));
    expect(map.days).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it("puts a single Monday (2024-01-01) in the first 24 cells", () => {
    const map = heatmapFromRanges([{ from: bkk("2024-01-01"), hours: hours(2) }]);
    expect(map.counts.slice(0, 24)).toEqual(hours(2));
    expect(map.counts.slice(24)).toEqual(Array(144).fill(null));
    expect(map.days).toEqual([1, 0, 0, 0, 0, 0, 0]);
  });

  it.each([
    { behaviour: "a Sunday in the last row", day: "2024-01-07", weekday: 6 },
    { behaviour: "the leap day 2024-02-29 on Thursday", day: "2024-02-29", weekday: 3 },
    { behaviour: "the last day of a month (2024-01-31, a Wednesday)", day: "2024-01-31", weekday: 2 },
  ])("places $behaviour", ({ day, weekday }) => {
    const h = hours(0);
    h[13] = 7;
    const map = heatmapFromRanges([{ from: bkk(day), hours: h }]);
    expect(map.counts[cell(weekday, 13)]).toBe(7);
    expect(map.counts.filter((c) => c !== null)).toHaveLength(24);
    expect(map.days[weekday]).toBe(1);
  });

  it("adds screens of the same day and averages over distinct days of the weekday", () => {
    const map = heatmapFromRanges([
      { from: bkk("2024-01-01"), hours: hours(3) }, // Monday, screen 1
      { from: bkk("2024-01-01"), hours: hours(5) }, // same Monday, screen 2
      { from: bkk("2024-01-08"), hours: hours(4) }, // next Monday
      { from: bkk("2024-01-02"), hours: hours(1) }, // Tuesday
    ]);
    expect(map.days).toEqual([2, 1, 0, 0, 0, 0, 0]);
    expect(map.counts[cell(0, 9)]).toBe(12);
    expect(map.averages[cell(0, 9)]).toBe(6);
    expect(map.averages[cell(1, 9)]).toBe(1);
    expect(map.averages[cell(2, 9)]).toBeNull();
  });

  it("keeps unmeasured hours null and counts a measured 0 as 0", () => {
    const h = hours(null);
    h[0] = 0;
    h[23] = 9;
    const map = heatmapFromRanges([{ from: bkk("2024-01-03"), hours: h }]);
    expect(map.counts[cell(2, 0)]).toBe(0);
    expect(map.counts[cell(2, 1)]).toBeNull();
    expect(map.averages[cell(2, 23)]).toBe(9);
  });

  it("gives the same cells from packed typed arrays", () => {
    const ranges = [{ from: bkk("2024-01-05"), hours: hours(2) }, { from: bkk("2024-01-06"), hours: hours(null) }];
    expect(heatmapCells(packHourly(ranges))).toEqual(heatmapFromRanges(ranges));
  });

  it("has no NaN anywhere, whatever the input", () => {
    const map = heatmapFromRanges([{ from: bkk("2024-01-05"), hours: hours(null) }]);
    expect([...map.counts, ...map.averages].some((v) => Number.isNaN(v))).toBe(false);
  });
});

describe("dwellDistribution: buckets [0,5) [5,15) [15,30) [30,60) [60,∞) and count-weighted order statistics", () => {
  it("is all null for no people", () => {
    expect(dwellDistributionFromPairs([])).toEqual({
      total: 0, buckets: [0, 0, 0, 0, 0], shares: [null, null, null, null, null],
      mean: null, median: null, p25: null, p75: null, p90: null,
    });
  });

  it("puts a value on a bucket edge into the upper bucket", () => {
    const values = [0, 4.99, 5, 14.99, 15, 29.99, 30, 59.99, 60, 600];
    const d = dwellDistributionFromPairs(values.map((value) => ({ value, count: 1 })));
    expect(d.buckets).toEqual([2, 2, 2, 2, 2]);
    expect(d.shares).toEqual([20, 20, 20, 20, 20]);
  });

  it.each([
    {
      behaviour: "takes the ⌈p·N⌉-th person for ten people of 1..10 s",
      pairs: Array.from({ length: 10 }, (_, i) => ({ value: i + 1, count: 1 })),
      expected: { total: 10, mean: 5.5, p25: 3, median: 5, p75: 8, p90: 9 },
    },
    {
      behaviour: "weights each value by its count, in any order",
      pairs: [{ value: 10, count: 1 }, { value: 2, count: 3 }],
      expected: { total: 4, mean: 4, p25: 2, median: 2, p75: 2, p90: 10 },
    },
    {
      behaviour: "gives the one value of a single pair",
      pairs: [{ value: 7, count: 5 }],
      expected: { total: 5, mean: 7, p25: 7, median: 7, p75: 7, p90: 7 },
    },
    {
      behaviour: "takes the lower middle person as the median of an even count",
      pairs: [{ value: 1, count: 1 }, { value: 100, count: 1 }],
      expected: { total: 2, mean: 50.5, p25: 1, median: 1, p75: 100, p90: 100 },
    },
    {
      behaviour: "leaves out negative values, counts of 0 and values that are not numbers",
      pairs: [{ value: -1, count: 4 }, { value: 3, count: 0 }, { value: Number.NaN, count: 2 }, { value: 8, count: 2 }],
      expected: { total: 2, mean: 8, p25: 8, median: 8, p75: 8, p90: 8 },
    },
  ])("$behaviour", ({ pairs, expected }) => {
    expect(dwellDistributionFromPairs(pairs)).toMatchObject(expected);
  });

  it("matches the people sorted one by one on a large seeded sample", () => {
    let seed = 42;
    const rnd = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const pairs = Array.from({ length: 3000 }, () => ({ value: Math.round(rnd() * 1200) / 10, count: 1 + Math.floor(rnd() * 5) }));
    const people = pairs.flatMap((p) => Array<number>(p.count).fill(p.value)).sort((a, b) => a - b);
    const at = (pct: number) => people[Math.ceil((pct * people.length) / 100) - 1];
    const d = dwellDistributionFromPairs(pairs);
    expect(d.total).toBe(people.length);
    expect({ p25: d.p25, median: d.median, p75: d.p75, p90: d.p90 }).toEqual({ p25: at(25), median: at(50), p75: at(75), p90: at(90) });
    expect(d.mean).toBeCloseTo(people.reduce((a, b) => a + b, 0) / people.length, 9);
  });

  it("stays exact when one far outlier piles every other value into one bin", () => {
    const pairs = [...Array.from({ length: 1000 }, (_, i) => ({ value: (999 - i) / 1000, count: 1 })), { value: 1e6, count: 1 }];
    expect(dwellDistributionFromPairs(pairs)).toMatchObject({ total: 1001, p25: 0.25, median: 0.5, p75: 0.75, p90: 0.9, buckets: [1000, 0, 0, 0, 1] });
  });

  it("leaves its input arrays unchanged", () => {
    const input = { values: new Float64Array([9, 1, 5]), counts: new Float64Array([1, 2, 3]) };
    dwellDistribution(input);
    expect([...input.values]).toEqual([9, 1, 5]);
    expect([...input.counts]).toEqual([1, 2, 3]);
  });
});

describe("percentShares: one decimal, adding up to exactly 100.0 (largest remainder)", () => {
  const tenthsSum = (shares: (number | null)[]) => shares.reduce<number>((a, s) => a + Math.round((s ?? 0) * 10), 0);

  it.each([
    { behaviour: "gives the extra tenth of thirds to the first", totals: [1, 1, 1], expected: [33.4, 33.3, 33.3] },
    { behaviour: "splits sixths four up and two down", totals: [1, 1, 1, 1, 1, 1], expected: [16.7, 16.7, 16.7, 16.7, 16.6, 16.6] },
    { behaviour: "gives tied remainders in order", totals: [1, 2, 2, 1], expected: [16.7, 33.3, 33.3, 16.7] },
    { behaviour: "rounds two thirds up and one third down", totals: [2, 1], expected: [66.7, 33.3] },
    { behaviour: "gives tiny shares their tenth", totals: [999, 1, 1], expected: [99.8, 0.1, 0.1] },
    { behaviour: "splits evenly without remainders", totals: [1, 1], expected: [50, 50] },
    { behaviour: "gives 100 to the only non-zero total", totals: [0, 5, 0], expected: [0, 100, 0] },
    { behaviour: "works on large totals", totals: [1_000_001, 2_000_003, 3_000_007], expected: [16.7, 33.3, 50] },
    { behaviour: "keeps unmeasured entries null and out of the sum", totals: [5, null, 15], expected: [25, null, 75] },
    { behaviour: "gives null shares for a zero sum", totals: [0, 0, 0], expected: [null, null, null] },
    { behaviour: "gives null shares when nothing was measured", totals: [null, null], expected: [null, null] },
    { behaviour: "gives an empty list for no totals", totals: [], expected: [] },
  ])("$behaviour", ({ totals, expected }) => {
    const shares = percentShares(totals);
    expect(shares).toEqual(expected);
    if (shares.some((s) => s !== null)) {
      expect(tenthsSum(shares)).toBe(1000);
      expect(shares.reduce<number>((a, s) => a + (s ?? 0), 0).toFixed(1)).toBe("100.0");
    }
  });

  it("adds up to exactly 100.0 for uneven totals of 1 to 9 entries", () => {
    for (let n = 1; n <= 9; n++) {
      const shares = percentShares(Array.from({ length: n }, (_, i) => (i * 7 + 3) % 11));
      expect(tenthsSum(shares)).toBe(1000);
    }
  });

  it.each([[[-1, 2]], [[Number.NaN]], [[Infinity, 1]]])("refuses %j", (totals) => {
    expect(() => percentShares(totals)).toThrow(RangeError);
  });
});

describe("conversionPercents: views ÷ shows in percent, null where it means nothing", () => {
  it.each([
    [25, 100, 25],
    [1, 3, 100 / 3],
    [null, 100, null],
    [25, null, null],
    [0, 0, null],
    [0, 10, 0],
  ])("views %s of shows %s convert at %s percent", (views, shows, percent) => {
    expect(conversionPercents([views], [shows])).toEqual([percent]);
  });

  it("works entry by entry and refuses lists of different lengths", () => {
    expect(conversionPercents([1, null, 3], [4, 5, 0])).toEqual([25, null, null]);
    expect(conversionPercents([], [])).toEqual([]);
    expect(() => conversionPercents([1], [])).toThrow(RangeError);
  });
});
