import { describe, expect, it } from "vitest";
import { bangkokDay, dayInCalendar, parseDayText } from "../../domain/dates";

describe("dayInCalendar: an ISO day written in the user's calendar (issue 18)", () => {
  it.each([
    ["2023-12-31", "gregorian", "2023-12-31"],
    ["2023-12-31", "buddhist", "2566-12-31"],
    ["2024-01-01", "buddhist", "2567-01-01"],
    ["2024-02-29", "buddhist", "2567-02-29"],
    ["", "buddhist", ""],
  ] as const)("%s in %s → %s", (day, calendar, shown) => {
    expect(dayInCalendar(day, calendar)).toBe(shown);
  });
});

describe("parseDayText with a calendar", () => {
  it.each([
    ["2567-02-29", "buddhist", "2024-02-29"],
    ["2567-01-01", "buddhist", "2024-01-01"],
    ["2566-12-31", "buddhist", "2023-12-31"],
    [" 2567-03-30 ", "buddhist", "2024-03-30"],
    ["2024-02-29", "gregorian", "2024-02-29"],
    // A BE year typed while dates are Gregorian is still a (far-future) day.
    ["2567-03-01", "gregorian", "2567-03-01"],
  ] as const)("%j typed in %s is the day %s", (text, calendar, day) => {
    expect(parseDayText(text, {}, calendar)).toEqual({ kind: "day", day });
  });

  it("refuses 2566-02-29 in the Buddhist Era: 2023 is not a leap year", () => {
    expect(parseDayText("2566-02-29", {}, "buddhist")).toEqual({ kind: "invalid", message: "2566-02-29 is not a day of the calendar." });
  });

  it("asks for the BE format with a BE example", () => {
    expect(parseDayText("29/02/2567", {}, "buddhist")).toEqual({
      kind: "invalid",
      message: "Enter the date as YYYY-MM-DD in the Buddhist Era, for example 2569-01-31.",
    });
    expect(parseDayText("29/02/2024")).toEqual({ kind: "invalid", message: "Enter the date as YYYY-MM-DD, for example 2026-01-31." });
  });

  it("checks ISO bounds and names them in the user's calendar", () => {
    const bounds = { min: "2024-01-01", max: "2024-03-30" };
    expect(parseDayText("2566-12-31", bounds, "buddhist")).toEqual({ kind: "invalid", message: "The date must be on or after 2567-01-01." });
    expect(parseDayText("2567-03-31", bounds, "buddhist")).toEqual({ kind: "invalid", message: "The date must be on or before 2567-03-30." });
    expect(parseDayText("2567-01-01", bounds, "buddhist")).toEqual({ kind: "day", day: "2024-01-01" });
  });

  it("refuses a BE year before the Common Era", () => {
    expect(parseDayText("0500-01-01", {}, "buddhist").kind).toBe("invalid");
  });
});

describe("the Bangkok day boundary", () => {
  it.each([
    ["2023-12-31T17:00:00Z", "2024-01-01", "2567-01-01"],
    ["2023-12-31T16:59:59Z", "2023-12-31", "2566-12-31"],
  ])("the instant %s is the Bangkok day %s (%s BE)", (instant, day, be) => {
    expect(bangkokDay(Date.parse(instant))).toBe(day);
    expect(dayInCalendar(bangkokDay(Date.parse(instant)), "buddhist")).toBe(be);
  });
});
