import { describe, expect, it } from "vitest";
import { addDays, dayNumber, dayOfNumber, daysInclusive, daysInMonth, isDay } from "../../domain/calendarDays";

describe("daysInclusive (Bangkok calendar days, both ends counted)", () => {
  it.each([
    { behaviour: "counts one day for a range of one day", start: "2025-09-01", end: "2025-09-01", expected: 1 },
    { behaviour: "counts a 30-day month", start: "2025-09-01", end: "2025-09-30", expected: 30 },
    { behaviour: "counts 29 February in a leap year", start: "2024-02-01", end: "2024-02-29", expected: 29 },
    { behaviour: "counts a whole leap year", start: "2024-01-01", end: "2024-12-31", expected: 366 },
    { behaviour: "crosses a year end", start: "2025-12-30", end: "2026-01-02", expected: 4 },
    { behaviour: "is 0 when the end is before the start", start: "2025-09-02", end: "2025-09-01", expected: 0 },
    { behaviour: "is 0 for a day that does not exist", start: "2025-02-30", end: "2025-03-01", expected: 0 },
    { behaviour: "is 0 for text that is not a date", start: "", end: "2025-03-01", expected: 0 },
  ])("$behaviour", ({ start, end, expected }) => {
    expect(daysInclusive(start, end)).toBe(expected);
  });
});

describe("isDay: an existing day written YYYY-MM-DD", () => {
  it.each([
    ["2024-02-29", true], ["2023-02-29", false], ["2025-13-01", false], ["2024-13-01", false], ["2025-1-01", false],
    ["2025-01-01T00:00:00", false], ["", false], ["2025-04-31", false],
  ])("isDay(%j) is %s", (text, expected) => {
    expect(isDay(text)).toBe(expected);
  });
});

describe("addDays, dayNumber and dayOfNumber", () => {
  it("adds days across months and years", () => {
    expect(addDays("2025-12-31", 1)).toBe("2026-01-01");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
    expect(() => addDays("nope", 1)).toThrow(RangeError);
  });

  it("numbers days from 1970-01-01 so that differences count days, and reads the number back", () => {
    expect(dayNumber("1970-01-01")).toBe(0);
    expect(dayNumber("2024-03-01") - dayNumber("2024-02-01")).toBe(29);
    expect(dayOfNumber(dayNumber("2026-11-25"))).toBe("2026-11-25");
    expect(() => dayNumber("2025-02-30")).toThrow(RangeError);
  });
});

describe("daysInMonth", () => {
  it.each([
    [2025, 1, 31], [2025, 2, 28], [2024, 2, 29], [2000, 2, 29], [2100, 2, 28], [2025, 4, 30], [2025, 9, 30], [2025, 12, 31],
  ])("%i-%i has %i days, as isDay agrees", (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days);
    const day = (d: number) => `${year}-${String(month).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
    expect([isDay(day(days)), isDay(day(days + 1))]).toEqual([true, false]);
  });
});
