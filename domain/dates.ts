/**
 * Date rules of the pickers and the store (spec §3, §9). Every calendar day is a day in
 * Bangkok, whatever zone the browser, the server or the test runner is in.
 */
import { DateTime } from "luxon";
import type { PeriodEntry } from "./entities";
import { gregorianYearOf, yearIn, type CalendarSystem } from "./locale";
import { BUSINESS_ZONE } from "./zone";

/** The zone the business runs in (`./zone`, a module of its own so the entry can name it without luxon). */
export { BUSINESS_ZONE };

/** The presets of the date-range picker (spec §9), in the order they are offered. */
export const DATE_PRESETS = ["Today", "Yesterday", "This month", "This year", "Last week", "Last month"] as const;

/** One of {@link DATE_PRESETS}. */
export type DatePreset = (typeof DATE_PRESETS)[number];

/** A start and end date, as displayed (YYYY-MM-DD) or as stored (with the time of day). */
export type DateRange = Pick<PeriodEntry, "startDate" | "endDate">;

const DISPLAY_DATE = /^(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}:\d{2})?$/;

function inBangkok(now: Date | number): DateTime {
  const millis = typeof now === "number" ? now : now.getTime();
  const dt = DateTime.fromMillis(millis, { zone: BUSINESS_ZONE });
  if (!dt.isValid) throw new RangeError(`Invalid instant: ${String(now)}`);
  return dt;
}

const day = (dt: DateTime): string => dt.toFormat("yyyy-MM-dd");

/**
 * The days a preset covers (spec §9), as Bangkok calendar days. "This month" and "This year"
 * stop at today because later days have no data yet; weeks start on Monday.
 *
 * @param now - the current instant
 * @returns startDate and endDate as YYYY-MM-DD, both inclusive
 * @throws RangeError when `now` is not a valid instant
 */
export function presetRange(preset: DatePreset, now: Date | number): DateRange {
  const today = inBangkok(now).startOf("day");
  switch (preset) {
    case "Today":
      return { startDate: day(today), endDate: day(today) };
    case "Yesterday": {
      const yesterday = today.minus({ days: 1 });
      return { startDate: day(yesterday), endDate: day(yesterday) };
    }
    case "This month":
      return { startDate: day(today.startOf("month")), endDate: day(today) };
    case "This year":
      return { startDate: day(today.startOf("year")), endDate: day(today) };
    case "Last week": {
      // Luxon's startOf("week") is ISO (Monday) unless locale weeks are asked for.
      const monday = today.startOf("week").minus({ weeks: 1 });
      return { startDate: day(monday), endDate: day(monday.plus({ days: 6 })) };
    }
    case "Last month": {
      const first = today.startOf("month").minus({ months: 1 });
      return { startDate: day(first), endDate: day(first.endOf("month")) };
    }
    default: {
      const unknown: never = preset;
      throw new RangeError(`Unknown date preset: ${String(unknown)}`);
    }
  }
}

/** The calendar day of a displayed or stored date, checked to exist (no 2023-02-29). */
function calendarDay(text: string, field: string): string {
  const match = DISPLAY_DATE.exec(text);
  const parsed = match ? DateTime.fromISO(text, { zone: BUSINESS_ZONE }) : null;
  if (!match || !parsed?.isValid) {
    throw new RangeError(`${field} must be a date YYYY-MM-DD, got ${JSON.stringify(text)}`);
  }
  return match[1] as string;
}

/**
 * The range as the store keeps it (spec §9): the whole first day to the whole last day.
 *
 * @param range - plain dates or already stored values (the time of day is replaced)
 * @returns startDate at T00:00:00 and endDate at T23:59:59
 * @throws RangeError when a date does not exist or the start is after the end
 */
export function toStoredRange(range: DateRange): DateRange {
  const start = calendarDay(range.startDate, "startDate");
  const end = calendarDay(range.endDate, "endDate");
  // Same-length YYYY-MM-DD strings order like the days they name.
  if (start > end) throw new RangeError(`startDate ${start} is after endDate ${end}`);
  return { startDate: `${start}T00:00:00`, endDate: `${end}T23:59:59` };
}

/**
 * The date as the pickers display it (spec §9).
 *
 * @param stored - a stored value (or an already displayed date)
 * @returns YYYY-MM-DD
 * @throws RangeError when the value is not an existing date
 */
export function toDisplayDate(stored: string): string {
  return calendarDay(stored, "date");
}

/** The range the store starts with (spec §9): 1 Jan 2024 to 30 Mar 2024, in stored form. */
export const DEFAULT_DATE_RANGE: Readonly<DateRange> = Object.freeze({
  startDate: "2024-01-01T00:00:00",
  endDate: "2024-03-30T23:59:59",
});

/**
 * Bangkok wall-clock time in the `updated_at` format (spec §3).
 *
 * @param now - the instant to stamp
 * @returns YYYY-MM-DDTHH:mm:ss, 24-hour clock
 * @throws RangeError when `now` is not a valid instant
 */
export function nowInBangkokText(now: Date | number): string {
  return inBangkok(now).toFormat("yyyy-MM-dd'T'HH:mm:ss");
}

/** Today's calendar day in Bangkok (YYYY-MM-DD). */
export function bangkokDay(now: Date | number): string {
  const ms = typeof now === "number" ? now : now.getTime();
  const dt = DateTime.fromMillis(ms, { zone: BUSINESS_ZONE });
  if (!dt.isValid) throw new RangeError(`Invalid instant: ${String(now)}`);
  return dt.toFormat("yyyy-MM-dd");
}

/** What a typed YYYY-MM-DD day reads as: a day, nothing (empty), or why it is not a day. */
export type DayTextResult =
  | { readonly kind: "day"; readonly day: string }
  | { readonly kind: "empty" }
  | { readonly kind: "invalid"; readonly message: string };

/** An ISO (Gregorian) day written in `calendar`: ("2024-02-29", "buddhist") → "2567-02-29". */
export function dayInCalendar(day: string, calendar: CalendarSystem): string {
  const match = /^(\d{4})(-\d{2}-\d{2})$/.exec(day);
  if (match === null || calendar === "gregorian") return day;
  return `${String(yearIn(Number(match[1]), calendar)).padStart(4, "0")}${match[2] as string}`;
}

/**
 * Reads a day typed as YYYY-MM-DD (spec §9: dates are shown and typed that way, whatever the
 * browser's locale), optionally within [min, max]. The year is counted in `calendar` (issue 18):
 * in the Buddhist Era "2567-02-29" is the day 2024-02-29, and "2566-02-29" is no day (2023 is
 * not a leap year). A BE year typed in Gregorian mode (2567) stays a valid, far-future day.
 *
 * The messages are English (the UI shows them through its catalogue), with days in `calendar`.
 *
 * @param text - what the user typed; surrounding spaces are ignored
 * @param bounds - earliest and latest allowed day, ISO YYYY-MM-DD (either may be left out)
 * @param calendar - the calendar the year is typed in (Gregorian unless said)
 * @returns the ISO (Gregorian) day, `empty` for blank text, or a message saying what is wrong
 */
export function parseDayText(
  text: string,
  bounds: { readonly min?: string; readonly max?: string } = {},
  calendar: CalendarSystem = "gregorian",
): DayTextResult {
  const t = text.trim();
  if (t === "") return { kind: "empty" };
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (match === null) {
    return calendar === "buddhist"
      ? { kind: "invalid", message: `Enter the date as YYYY-MM-DD in the Buddhist Era, for example ${dayInCalendar("2026-01-31", calendar)}.` }
      : { kind: "invalid", message: `Enter the date as YYYY-MM-DD, for example 2026-01-31.` };
  }
  const year = gregorianYearOf(Number(match[1]), calendar);
  const iso = `${String(year).padStart(4, "0")}-${match[2] as string}-${match[3] as string}`;
  if (year < 1 || !DateTime.fromISO(iso, { zone: BUSINESS_ZONE }).isValid) return { kind: "invalid", message: `${t} is not a day of the calendar.` };
  if (bounds.min !== undefined && bounds.min !== "" && iso < bounds.min) return { kind: "invalid", message: `The date must be on or after ${dayInCalendar(bounds.min, calendar)}.` };
  if (bounds.max !== undefined && bounds.max !== "" && iso > bounds.max) return { kind: "invalid", message: `The date must be on or before ${dayInCalendar(bounds.max, calendar)}.` };
  return { kind: "day", day: iso };
}
