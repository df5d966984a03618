import { bangkokDay } from "../../domain/dates";
import { describe, expect, it } from "vitest";
import { Schema } from "effect";
import {
  MetricRow, MetricsSummaryRequest, achievedCostPerUnit, elapsedDays, expectedToDate,
  paceRatio, percentOf, progressOf, projectedEndValue, splitIds,
} from "../../domain/metrics";

describe("elapsedDays", () => {
  it.each([
    { behaviour: "is 0 before the period starts", today: "2025-08-31", expected: 0 },
    { behaviour: "counts the first day as elapsed on that day", today: "2025-09-01", expected: 1 },
    { behaviour: "counts today in the middle of the period", today: "2025-09-10", expected: 10 },
    { behaviour: "counts every day on the last day", today: "2025-09-30", expected: 30 },
    { behaviour: "stays at the whole period after it ended", today: "2025-12-01", expected: 30 },
    { behaviour: "is 0 when today is not a date", today: "soon", expected: 0 },
  ])("$behaviour", ({ today, expected }) => {
    expect(elapsedDays("2025-09-01", "2025-09-30", today)).toBe(expected);
  });

  it("is 0 for an inverted period", () => {
    expect(elapsedDays("2025-09-30", "2025-09-01", "2025-09-15")).toBe(0);
  });
});

describe("expectedToDate = target × elapsed / total", () => {
  it.each([
    { behaviour: "is a third of the target after a third of the days", target: 90_000, elapsed: 10, total: 30, expected: 30_000 },
    { behaviour: "is the whole target on the last day", target: 90_000, elapsed: 30, total: 30, expected: 90_000 },
    { behaviour: "is 0 before the first day", target: 90_000, elapsed: 0, total: 30, expected: 0 },
    { behaviour: "rounds to 2 decimals", target: 100, elapsed: 1, total: 3, expected: 33.33 },
    { behaviour: "caps elapsed days at the total", target: 100, elapsed: 45, total: 30, expected: 100 },
    { behaviour: "is null without a target", target: null, elapsed: 10, total: 30, expected: null },
    { behaviour: "is null for a period without days (no division by zero)", target: 100, elapsed: 0, total: 0, expected: null },
    { behaviour: "is null for a target that is not a number", target: Number.NaN, elapsed: 1, total: 30, expected: null },
    { behaviour: "is null for a negative target", target: -5, elapsed: 1, total: 30, expected: null },
    { behaviour: "is 0 for a target of 0", target: 0, elapsed: 5, total: 30, expected: 0 },
  ])("$behaviour", ({ target, elapsed, total, expected }) => {
    expect(expectedToDate(target, elapsed, total)).toBe(expected);
  });
});

describe("projectedEndValue = actual ÷ elapsed × total", () => {
  it.each([
    { behaviour: "extrapolates the pace so far to the whole period", actual: 12_000, elapsed: 10, total: 30, expected: 36_000 },
    { behaviour: "is the actual once the period is over", actual: 12_000, elapsed: 30, total: 30, expected: 12_000 },
    { behaviour: "treats elapsed beyond the period as the whole period", actual: 12_000, elapsed: 40, total: 30, expected: 12_000 },
    { behaviour: "is null before the first day (no division by zero)", actual: 0, elapsed: 0, total: 30, expected: null },
    { behaviour: "is null without an actual figure", actual: null, elapsed: 5, total: 30, expected: null },
    { behaviour: "is 0 when nothing happened yet", actual: 0, elapsed: 5, total: 30, expected: 0 },
    { behaviour: "rounds to 2 decimals", actual: 10, elapsed: 3, total: 7, expected: 23.33 },
    { behaviour: "is null for a period without days", actual: 10, elapsed: 3, total: 0, expected: null },
  ])("$behaviour", ({ actual, elapsed, total, expected }) => {
    expect(projectedEndValue(actual, elapsed, total)).toBe(expected);
  });
});

describe("achievedCostPerUnit = spend ÷ actual (× 1000 for impression)", () => {
  it.each([
    { behaviour: "is the cost per click", spend: 4881.5, actual: 790, metric: "click" as const, expected: 6.18 },
    { behaviour: "is the cost per thousand for impressions (CPM)", spend: 4881.5, actual: 63_765, metric: "impression" as const, expected: 76.55 },
    { behaviour: "is the cost per lead", spend: 1000, actual: 8, metric: "leadgen" as const, expected: 125 },
    { behaviour: "is null when nothing was achieved (no division by zero)", spend: 1000, actual: 0, metric: "click" as const, expected: null },
    { behaviour: "is null without an actual figure", spend: 1000, actual: null, metric: "reach" as const, expected: null },
    { behaviour: "is null without spend", spend: null, actual: 100, metric: "reach" as const, expected: null },
    { behaviour: "is 0 when nothing was spent", spend: 0, actual: 100, metric: "reach" as const, expected: 0 },
    { behaviour: "is null for a negative spend", spend: -1, actual: 100, metric: "reach" as const, expected: null },
  ])("$behaviour", ({ spend, actual, metric, expected }) => {
    expect(achievedCostPerUnit(spend, actual, metric)).toBe(expected);
  });
});

describe("paceRatio and percentOf", () => {
  it.each([
    { behaviour: "is 1 on pace", actual: 300, expected: 300, ratio: 1 },
    { behaviour: "is below 1 when behind", actual: 150, expected: 300, ratio: 0.5 },
    { behaviour: "is above 1 when ahead", actual: 450, expected: 300, ratio: 1.5 },
    { behaviour: "is null when nothing was expected yet", actual: 10, expected: 0, ratio: null },
    { behaviour: "is null without an actual figure", actual: null, expected: 10, ratio: null },
  ])("pace $behaviour", ({ actual, expected, ratio }) => {
    expect(paceRatio(actual, expected)).toBe(ratio);
  });

  it.each([
    { behaviour: "is the share of the target reached", actual: 45_000, target: 90_000, expected: 50 },
    { behaviour: "goes over 100 past the target", actual: 99_000, target: 90_000, expected: 110 },
    { behaviour: "is null for a target of 0", actual: 5, target: 0, expected: null },
    { behaviour: "is null without a target", actual: 5, target: null, expected: null },
  ])("percent $behaviour", ({ actual, target, expected }) => {
    expect(percentOf(actual, target)).toBe(expected);
  });
});

describe("progressOf", () => {
  it("computes every pacing figure of one parameter at once", () => {
    expect(progressOf({
      metric: "click", target: 3000, budget: 15_000, actual: 790, spend: 4881.5, start: "2025-09-01", end: "2025-09-30", today: "2025-09-03",
    })).toEqual({
      totalDays: 30, elapsedDays: 3, expected: 300, projected: 7900, percentOfTarget: 26.33, pace: 2.63,
      expectedSpend: 1500, projectedSpend: 48_815, plannedCostPerUnit: 5, achievedCostPerUnit: 6.18,
    });
  });

  it("gives nulls, not NaN or Infinity, for an empty plan before its first day", () => {
    const p = progressOf({ metric: "impression", target: null, budget: null, actual: null, spend: null, start: "2025-10-01", end: "2025-10-31", today: "2025-09-03" });
    expect(p).toEqual({
      totalDays: 31, elapsedDays: 0, expected: null, projected: null, percentOfTarget: null, pace: null,
      expectedSpend: null, projectedSpend: null, plannedCostPerUnit: null, achievedCostPerUnit: null,
    });
  });
});

describe("dates", () => {
  it("takes today in Bangkok: 18:00 UTC is already the next day there", () => {
    expect(bangkokDay(Date.UTC(2025, 11, 31, 16, 59))).toBe("2025-12-31");
    expect(bangkokDay(Date.UTC(2025, 11, 31, 17, 0))).toBe("2026-01-01");
    expect(() => bangkokDay(Number.NaN)).toThrow(RangeError);
  });

  it("splits comma-separated ids, dropping blanks and repeats", () => {
    expect(splitIds(" a, b,,a ,c ")).toEqual(["a", "b", "c"]);
    expect(splitIds("")).toEqual([]);
    expect(splitIds(undefined)).toEqual([]);
  });
});

describe("MetricRow: the schema every imported value passes", () => {
  const ok = (r: unknown) => Schema.is(MetricRow)(r);
  it.each([
    { behaviour: "accepts an MA reach", row: { date: "2025-09-01", plan: "ma", metric: "reach", value: 100 }, expected: true },
    { behaviour: "accepts an ADS spend with satang", row: { date: "2025-09-01", plan: "ads", metric: "spend", value: 1250.5 }, expected: true },
    { behaviour: "accepts a net loss of followers", row: { date: "2025-09-01", plan: "ma", metric: "follower", value: -3 }, expected: true },
    { behaviour: "refuses spend on the MA plan", row: { date: "2025-09-01", plan: "ma", metric: "spend", value: 1 }, expected: false },
    { behaviour: "refuses a negative count", row: { date: "2025-09-01", plan: "ads", metric: "click", value: -1 }, expected: false },
    { behaviour: "refuses a day that does not exist", row: { date: "2025-02-29", plan: "ma", metric: "reach", value: 1 }, expected: false },
    { behaviour: "refuses a day before 2000", row: { date: "1999-12-31", plan: "ma", metric: "reach", value: 1 }, expected: false },
    { behaviour: "refuses gmv, which is not measured here", row: { date: "2025-09-01", plan: "ma", metric: "gmv", value: 1 }, expected: false },
    { behaviour: "refuses an unknown plan", row: { date: "2025-09-01", plan: "organic", metric: "reach", value: 1 }, expected: false },
    { behaviour: "refuses Infinity", row: { date: "2025-09-01", plan: "ma", metric: "reach", value: Number.POSITIVE_INFINITY }, expected: false },
  ])("$behaviour", ({ row, expected }) => {
    expect(ok(row)).toBe(expected);
  });
});

describe("MetricsSummaryRequest", () => {
  const decode = (q: unknown) => Schema.decodeUnknownResult(MetricsSummaryRequest)(q)._tag;
  it.each([
    { behaviour: "takes a range with a brand, channel and ids", q: { start: "2025-09-01", end: "2025-09-30", brand: "Tipco", channel: "Facebook", pages: "a,b", bags: "c" }, expected: "Success" },
    { behaviour: "takes a range alone", q: { start: "2025-09-01", end: "2025-09-01" }, expected: "Success" },
    { behaviour: "refuses an end before the start", q: { start: "2025-09-02", end: "2025-09-01" }, expected: "Failure" },
    { behaviour: "refuses a day that does not exist", q: { start: "2025-02-30", end: "2025-03-01" }, expected: "Failure" },
    { behaviour: "refuses a range over ten years", q: { start: "2010-01-01", end: "2025-01-01" }, expected: "Failure" },
    { behaviour: "refuses an unknown channel", q: { start: "2025-09-01", end: "2025-09-30", channel: "LINE" }, expected: "Failure" },
    { behaviour: "refuses a missing start", q: { end: "2025-09-30" }, expected: "Failure" },
  ])("$behaviour", ({ q, expected }) => {
    expect(decode(q)).toBe(expected);
  });
});
