import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Schema } from "effect";
import { Settings } from "luxon";
import { DateText, LocalDateTime } from "../../domain/entities";
import {
  BUSINESS_ZONE, DATE_PRESETS, DEFAULT_DATE_RANGE, nowInBangkokText, parseDayText, presetRange, toDisplayDate, toStoredRange,
  type DatePreset, type DateRange,
} from "../../domain/dates";

// Instants are written in UTC ("Z") so the expectations do not depend on the machine's zone.
const UTC_SUNDAY_BKK_MONDAY = "2024-03-31T18:30:00Z"; // Mon 1 Apr 2024, 01:30 in Bangkok
const BKK_SUNDAY = "2024-03-31T05:00:00Z"; // Sun 31 Mar 2024, 12:00 in Bangkok
const BKK_LAST_SECOND_OF_SUNDAY = "2024-03-31T16:59:59Z"; // Sun 31 Mar 2024, 23:59:59 in Bangkok
const BKK_NEW_YEAR = "2024-12-31T17:00:00Z"; // Wed 1 Jan 2025, 00:00 in Bangkok
const BKK_LEAP_DAY = "2024-02-29T03:00:00Z"; // Thu 29 Feb 2024, 10:00 in Bangkok
const BKK_DAY_AFTER_LEAP_DAY = "2024-03-01T03:00:00Z"; // Fri 1 Mar 2024
const BKK_MONDAY_AFTER_LEAP_WEEK = "2024-03-04T03:00:00Z"; // Mon 4 Mar 2024

const r = (startDate: string, endDate: string): DateRange => ({ startDate, endDate });

const presetRows: Array<{ behaviour: string; now: string; preset: DatePreset; expected: DateRange }> = [
  // UTC still on Sunday 31 March, Bangkok already on Monday 1 April.
  { behaviour: "takes today from the Bangkok calendar when UTC is still on the previous day", now: UTC_SUNDAY_BKK_MONDAY, preset: "Today", expected: r("2024-04-01", "2024-04-01") },
  { behaviour: "takes yesterday from the Bangkok calendar when UTC is still on the previous day", now: UTC_SUNDAY_BKK_MONDAY, preset: "Yesterday", expected: r("2024-03-31", "2024-03-31") },
  { behaviour: "starts this month on the Bangkok month when UTC is still in the previous month", now: UTC_SUNDAY_BKK_MONDAY, preset: "This month", expected: r("2024-04-01", "2024-04-01") },
  { behaviour: "runs this year from 1 January to today", now: UTC_SUNDAY_BKK_MONDAY, preset: "This year", expected: r("2024-01-01", "2024-04-01") },
  { behaviour: "on a Monday gives the whole previous Monday-to-Sunday week as last week", now: UTC_SUNDAY_BKK_MONDAY, preset: "Last week", expected: r("2024-03-25", "2024-03-31") },
  { behaviour: "takes last month from the Bangkok calendar when UTC is still in that month", now: UTC_SUNDAY_BKK_MONDAY, preset: "Last month", expected: r("2024-03-01", "2024-03-31") },
  // A Sunday is the last day of its week, not the first.
  { behaviour: "on a Sunday gives the week before the current Monday-to-Sunday week as last week", now: BKK_SUNDAY, preset: "Last week", expected: r("2024-03-18", "2024-03-24") },
  { behaviour: "on the last second of a Sunday still counts that Sunday as today", now: BKK_LAST_SECOND_OF_SUNDAY, preset: "Today", expected: r("2024-03-31", "2024-03-31") },
  { behaviour: "runs this month from the first day to today, not to the end of the month", now: BKK_SUNDAY, preset: "This month", expected: r("2024-03-01", "2024-03-31") },
  // 1 January in Bangkok while UTC is still on 31 December.
  { behaviour: "on 1 January gives 31 December of the previous year as yesterday", now: BKK_NEW_YEAR, preset: "Yesterday", expected: r("2024-12-31", "2024-12-31") },
  { behaviour: "on 1 January runs this year over that single day", now: BKK_NEW_YEAR, preset: "This year", expected: r("2025-01-01", "2025-01-01") },
  { behaviour: "on 1 January runs this month over that single day", now: BKK_NEW_YEAR, preset: "This month", expected: r("2025-01-01", "2025-01-01") },
  { behaviour: "on 1 January gives the whole of December of the previous year as last month", now: BKK_NEW_YEAR, preset: "Last month", expected: r("2024-12-01", "2024-12-31") },
  { behaviour: "on 1 January gives a last week that lies in the previous year", now: BKK_NEW_YEAR, preset: "Last week", expected: r("2024-12-23", "2024-12-29") },
  // Leap year.
  { behaviour: "on a leap day gives the leap day as today", now: BKK_LEAP_DAY, preset: "Today", expected: r("2024-02-29", "2024-02-29") },
  { behaviour: "on a leap day runs this month up to the leap day", now: BKK_LEAP_DAY, preset: "This month", expected: r("2024-02-01", "2024-02-29") },
  { behaviour: "on a leap day gives the whole of January as last month", now: BKK_LEAP_DAY, preset: "Last month", expected: r("2024-01-01", "2024-01-31") },
  { behaviour: "on a leap day (a Thursday) gives the previous Monday-to-Sunday week as last week", now: BKK_LEAP_DAY, preset: "Last week", expected: r("2024-02-19", "2024-02-25") },
  { behaviour: "on the day after a leap day gives the leap day as yesterday", now: BKK_DAY_AFTER_LEAP_DAY, preset: "Yesterday", expected: r("2024-02-29", "2024-02-29") },
  { behaviour: "in March of a leap year ends last month on 29 February", now: BKK_DAY_AFTER_LEAP_DAY, preset: "Last month", expected: r("2024-02-01", "2024-02-29") },
  { behaviour: "gives a last week that spans the leap day and the month change", now: BKK_MONDAY_AFTER_LEAP_WEEK, preset: "Last week", expected: r("2024-02-26", "2024-03-03") },
  { behaviour: "in March of a common year ends last month on 28 February", now: "2023-03-15T03:00:00Z", preset: "Last month", expected: r("2023-02-01", "2023-02-28") },
];

describe("presetRange", () => {
  it.each(presetRows)("$behaviour", ({ now, preset, expected }) => {
    expect(presetRange(preset, new Date(now))).toEqual(expected);
  });

  it.each([
    { behaviour: "accepts epoch milliseconds as well as a Date", now: Date.parse(UTC_SUNDAY_BKK_MONDAY), expected: r("2024-04-01", "2024-04-01") },
    { behaviour: "accepts a Date", now: new Date(UTC_SUNDAY_BKK_MONDAY), expected: r("2024-04-01", "2024-04-01") },
  ])("$behaviour", ({ now, expected }) => {
    expect(presetRange("Today", now)).toEqual(expected);
  });

  it.each([
    { behaviour: "rejects an invalid Date", now: new Date("not a date") },
    { behaviour: "rejects NaN milliseconds", now: Number.NaN },
  ])("$behaviour with a RangeError", ({ now }) => {
    expect(() => presetRange("Today", now)).toThrow(RangeError);
  });

  it.each(DATE_PRESETS)("gives %s as plain dates with the start not after the end", (preset) => {
    const range = presetRange(preset, new Date(UTC_SUNDAY_BKK_MONDAY));
    expect(range.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(range.endDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(range.startDate <= range.endDate).toBe(true);
  });
});

describe("presetRange and nowInBangkokText when luxon's default zone is far from Bangkok", () => {
  const previous = Settings.defaultZone;
  beforeAll(() => {
    Settings.defaultZone = "America/Los_Angeles";
  });
  afterAll(() => {
    Settings.defaultZone = previous;
  });

  it.each(presetRows)("still $behaviour", ({ now, preset, expected }) => {
    expect(presetRange(preset, new Date(now))).toEqual(expected);
  });

  it("still stamps Bangkok wall time", () => {
    expect(nowInBangkokText(new Date(UTC_SUNDAY_BKK_MONDAY))).toBe("2024-04-01T01:30:00");
  });
});

describe("DATE_PRESETS and BUSINESS_ZONE", () => {
  it("offers the six presets of the spec in order", () => {
    expect(DATE_PRESETS).toEqual(["Today", "Yesterday", "This month", "This year", "Last week", "Last month"]);
  });

  it("uses the Bangkok zone", () => {
    expect(BUSINESS_ZONE).toBe("Asia/Bangkok");
  });
});

describe("toStoredRange", () => {
  it.each([
    { behaviour: "stores plain dates from the start of the first day to the end of the last", range: r("2024-01-01", "2024-03-30"), expected: r("2024-01-01T00:00:00", "2024-03-30T23:59:59") },
    { behaviour: "leaves already stored values as they are", range: r("2024-01-01T00:00:00", "2024-03-30T23:59:59"), expected: r("2024-01-01T00:00:00", "2024-03-30T23:59:59") },
    { behaviour: "accepts a plain start with a stored end", range: r("2024-01-01", "2024-03-30T23:59:59"), expected: r("2024-01-01T00:00:00", "2024-03-30T23:59:59") },
    { behaviour: "widens a stored value with another time of day to the whole day", range: r("2024-01-05T12:34:56", "2024-01-06T08:00:00"), expected: r("2024-01-05T00:00:00", "2024-01-06T23:59:59") },
    { behaviour: "accepts a single-day range", range: r("2024-06-15", "2024-06-15"), expected: r("2024-06-15T00:00:00", "2024-06-15T23:59:59") },
    { behaviour: "accepts a leap day", range: r("2024-02-29", "2024-02-29"), expected: r("2024-02-29T00:00:00", "2024-02-29T23:59:59") },
    { behaviour: "accepts a range across the new year", range: r("2024-12-31", "2025-01-01"), expected: r("2024-12-31T00:00:00", "2025-01-01T23:59:59") },
  ])("$behaviour", ({ range, expected }) => {
    const stored = toStoredRange(range);
    expect(stored).toEqual(expected);
    expect(Schema.is(DateText)(stored.startDate) && Schema.is(DateText)(stored.endDate)).toBe(true);
  });

  it.each([
    { behaviour: "rejects a start after the end", range: r("2024-03-30", "2024-01-01") },
    { behaviour: "rejects a stored start later on the day after a stored end", range: r("2024-01-02T00:00:00", "2024-01-01T23:59:59") },
    { behaviour: "rejects 29 February of a common year", range: r("2023-02-29", "2023-03-01") },
    { behaviour: "rejects month 13", range: r("2024-01-01", "2024-13-01") },
    { behaviour: "rejects day 32", range: r("2024-01-32", "2024-02-01") },
    { behaviour: "rejects slashes instead of dashes", range: r("2024/01/01", "2024-01-02") },
    { behaviour: "rejects an empty start", range: r("", "2024-01-02") },
    { behaviour: "rejects an hour 25 in a stored value", range: r("2024-01-01T25:00:00", "2024-01-02") },
    { behaviour: "rejects a zone suffix, which the store never holds", range: r("2024-01-01T00:00:00Z", "2024-01-02") },
  ])("$behaviour with a RangeError", ({ range }) => {
    expect(() => toStoredRange(range)).toThrow(RangeError);
  });
});

describe("toDisplayDate", () => {
  it.each([
    { behaviour: "shows the day of a stored start", stored: "2024-01-01T00:00:00", expected: "2024-01-01" },
    { behaviour: "shows the day of a stored end, not the next day", stored: "2024-03-30T23:59:59", expected: "2024-03-30" },
    { behaviour: "leaves a plain date as it is", stored: "2024-02-29", expected: "2024-02-29" },
  ])("$behaviour", ({ stored, expected }) => {
    expect(toDisplayDate(stored)).toBe(expected);
  });

  it.each([
    { behaviour: "rejects a date that does not exist", stored: "2023-02-29T00:00:00" },
    { behaviour: "rejects text that is not a date", stored: "yesterday" },
  ])("$behaviour with a RangeError", ({ stored }) => {
    expect(() => toDisplayDate(stored)).toThrow(RangeError);
  });
});

describe("DEFAULT_DATE_RANGE", () => {
  it("covers 1 January to 30 March 2024 in stored form", () => {
    expect(DEFAULT_DATE_RANGE).toEqual({ startDate: "2024-01-01T00:00:00", endDate: "2024-03-30T23:59:59" });
  });

  it("is already in the form toStoredRange gives", () => {
    expect(toStoredRange(DEFAULT_DATE_RANGE)).toEqual(DEFAULT_DATE_RANGE);
  });

  it("cannot be changed by a caller", () => {
    expect(Object.isFrozen(DEFAULT_DATE_RANGE)).toBe(true);
  });
});

describe("nowInBangkokText", () => {
  it.each([
    { behaviour: "gives the Bangkok date when UTC is still on the previous day", now: new Date(UTC_SUNDAY_BKK_MONDAY), expected: "2024-04-01T01:30:00" },
    { behaviour: "writes the afternoon on the 24-hour clock", now: new Date("2024-06-15T06:05:09Z"), expected: "2024-06-15T13:05:09" },
    { behaviour: "gives midnight as 00, not 24", now: new Date(BKK_NEW_YEAR), expected: "2025-01-01T00:00:00" },
    { behaviour: "drops the milliseconds", now: Date.parse("2024-02-29T03:00:00.999Z"), expected: "2024-02-29T10:00:00" },
    { behaviour: "gives the last second of a Bangkok day", now: new Date(BKK_LAST_SECOND_OF_SUNDAY), expected: "2024-03-31T23:59:59" },
  ])("$behaviour", ({ now, expected }) => {
    const text = nowInBangkokText(now);
    expect(text).toBe(expected);
    expect(Schema.is(LocalDateTime)(text)).toBe(true);
  });

  it("rejects an invalid Date with a RangeError", () => {
    expect(() => nowInBangkokText(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe("parseDayText: a day typed as YYYY-MM-DD (spec §9)", () => {
  it.each<[string, string, { min?: string; max?: string }, string]>([
    ["a day", "2026-01-16", {}, "day 2026-01-16"],
    ["spaces around are ignored", " 2026-01-16 ", {}, "day 2026-01-16"],
    ["blank", "   ", {}, "empty"],
    ["US order, as Chromium's en-US date input shows it", "01/16/2026", {}, "invalid Enter the date as YYYY-MM-DD, for example 2026-01-31."],
    ["slashes", "2026/01/16", {}, "invalid Enter the date as YYYY-MM-DD, for example 2026-01-31."],
    ["half typed", "2026-01", {}, "invalid Enter the date as YYYY-MM-DD, for example 2026-01-31."],
    ["no leading zeros", "2026-1-6", {}, "invalid Enter the date as YYYY-MM-DD, for example 2026-01-31."],
    ["no such day", "2026-02-30", {}, "invalid 2026-02-30 is not a day of the calendar."],
    ["no 13th month", "2026-13-01", {}, "invalid 2026-13-01 is not a day of the calendar."],
    ["29 February of a leap year", "2028-02-29", {}, "day 2028-02-29"],
    ["before min", "2026-01-15", { min: "2026-01-16" }, "invalid The date must be on or after 2026-01-16."],
    ["on min", "2026-01-16", { min: "2026-01-16" }, "day 2026-01-16"],
    ["after max", "2026-03-16", { max: "2026-03-15" }, "invalid The date must be on or before 2026-03-15."],
    ["an empty bound is no bound", "2030-01-01", { min: "", max: "" }, "day 2030-01-01"],
  ])("%s: %j", (_case, text, bounds, expected) => {
    const r = parseDayText(text, bounds);
    expect(r.kind === "day" ? `day ${r.day}` : r.kind === "invalid" ? `invalid ${r.message}` : r.kind).toBe(expected);
  });
});
