import { describe, expect, it } from "vitest";
import { chartPoints, chartStep, firstCirProblem, relativeDays, resolveReportRange, resolveSectionRange } from "../../domain/cir";
import type { RelativeRange } from "../../domain/cirContract";

describe("relativeDays: a relative range as days, for a Bangkok today", () => {
  it.each<[RelativeRange, string, string, string]>([
    // last 7 / 30 days end yesterday
    ["last7", "2024-03-15", "2024-03-08", "2024-03-14"],
    ["last7", "2024-01-01", "2023-12-25", "2023-12-31"],
    ["last30", "2024-03-01", "2024-01-31", "2024-02-29"],
    // last month: the whole calendar month before today's
    ["lastMonth", "2024-03-15", "2024-02-01", "2024-02-29"],
    ["lastMonth", "2023-03-01", "2023-02-01", "2023-02-28"],
    ["lastMonth", "2024-01-01", "2023-12-01", "2023-12-31"],
    ["lastMonth", "2024-01-31", "2023-12-01", "2023-12-31"],
    // this month: from the 1st to yesterday; the 1st alone on the 1st
    ["thisMonth", "2024-03-15", "2024-03-01", "2024-03-14"],
    ["thisMonth", "2024-03-01", "2024-03-01", "2024-03-01"],
    ["thisMonth", "2024-03-02", "2024-03-01", "2024-03-01"],
    // last quarter: the whole calendar quarter before today's
    ["lastQuarter", "2024-02-29", "2023-10-01", "2023-12-31"],
    ["lastQuarter", "2024-04-01", "2024-01-01", "2024-03-31"],
    ["lastQuarter", "2024-06-30", "2024-01-01", "2024-03-31"],
    ["lastQuarter", "2024-07-01", "2024-04-01", "2024-06-30"],
    ["lastQuarter", "2024-12-31", "2024-07-01", "2024-09-30"],
    // year to date: from 1 January to yesterday; the 1st alone on 1 January
    ["yearToDate", "2024-01-01", "2024-01-01", "2024-01-01"],
    ["yearToDate", "2024-03-01", "2024-01-01", "2024-02-29"],
    ["yearToDate", "2025-01-02", "2025-01-01", "2025-01-01"],
  ])("%s on %s is %s … %s", (preset, today, start, end) => {
    expect(relativeDays(preset, today)).toEqual({ start, end });
  });

  it("refuses a today that is not a day", () => {
    expect(() => relativeDays("last7", "2023-02-29")).toThrow(RangeError);
  });
});

describe("resolveReportRange / resolveSectionRange", () => {
  it("adds the previous period of equal length (a leap February)", () => {
    expect(resolveReportRange({ kind: "fixed", start: "2024-03-01", end: "2024-03-31" }, "2030-01-01")).toEqual({
      start: "2024-03-01", end: "2024-03-31", days: 31, previousStart: "2024-01-30", previousEnd: "2024-02-29",
    });
    expect(resolveReportRange({ kind: "relative", preset: "lastMonth" }, "2024-03-10")).toEqual({
      start: "2024-02-01", end: "2024-02-29", days: 29, previousStart: "2024-01-03", previousEnd: "2024-01-31",
    });
  });

  it("a section follows the report's range, or keeps its own", () => {
    const report = { kind: "relative", preset: "lastQuarter" } as const;
    expect(resolveSectionRange({ kind: "report" }, report, "2024-05-05")).toMatchObject({ start: "2024-01-01", end: "2024-03-31" });
    expect(resolveSectionRange({ kind: "relative", preset: "last7" }, report, "2024-05-05")).toMatchObject({ start: "2024-04-28", end: "2024-05-04" });
    expect(resolveSectionRange({ kind: "fixed", start: "2024-02-29", end: "2024-02-29" }, report, "2024-05-05")).toMatchObject({ days: 1, previousStart: "2024-02-28" });
  });
});

describe("chart points", () => {
  it("days up to 62, weeks up to 366, months beyond", () => {
    expect([chartStep(1), chartStep(62), chartStep(63), chartStep(366), chartStep(367)]).toEqual(["day", "day", "week", "week", "month"]);
  });

  it("weeks start on Monday, the first clipped to the range's start; months are YYYY-MM", () => {
    expect(chartPoints("2024-02-28", "2024-03-12", "week")).toEqual(["2024-02-28", "2024-03-04", "2024-03-11"]);
    expect(chartPoints("2023-12-30", "2024-02-01", "month")).toEqual(["2023-12", "2024-01", "2024-02"]);
    expect(chartPoints("2024-02-28", "2024-03-01", "day")).toEqual(["2024-02-28", "2024-02-29", "2024-03-01"]);
  });
});

describe("firstCirProblem", () => {
  it("names a fixed range that ends before it starts: the report's, then a section's", () => {
    expect(firstCirProblem({ range: { kind: "fixed", start: "2024-02-02", end: "2024-02-01" } })).toMatchObject({ field: "range.end" });
    expect(firstCirProblem({
      range: { kind: "relative", preset: "last7" },
      sections: [{ type: "text" }, { type: "source", view: { range: { kind: "fixed", start: "2024-01-02", end: "2024-01-01" } } }],
    })).toMatchObject({ field: "sections[1].view.range.end" });
    expect(firstCirProblem({ range: { kind: "fixed", start: "2024-02-01", end: "2024-02-01" }, sections: [] })).toBeNull();
  });
});
