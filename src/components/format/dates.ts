/**
 * Days and times as people read them, in the active language and calendar (issue 18): the URL,
 * the API and the stores keep ISO Gregorian days (YYYY-MM-DD); only what is shown, typed and
 * exported follows the user's calendar. Buddhist Era years are CE + 543 (2024-02-29 is
 * 2567-02-29 BE, "29 ก.พ. 2567").
 */
import { DateTime } from "luxon";
import { BUSINESS_ZONE } from "../../../domain/dates";
import { intlLocale, yearIn } from "../../../domain/localeValues";
import { activeLocale, t } from "@/i18n/i18n";

const formats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(name: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = intlLocale(activeLocale());
  const key = `${locale}|${name}`;
  let f = formats.get(key);
  if (f === undefined) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" });
    formats.set(key, f);
  }
  return f;
}

/** The parts of an ISO day; throws on anything else. */
function partsOf(day: string): { y: number; m: number; d: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (match === null) throw new RangeError(`Not a YYYY-MM-DD day: ${day}`);
  return { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) };
}

const utcOf = (day: string): Date => {
  const { y, m, d } = partsOf(day);
  return new Date(Date.UTC(y, m - 1, d));
};

const monthName = (day: string, style: "short" | "long"): string =>
  dateFormat(`month-${style}`, { month: style }).format(utcOf(day));

const year = (day: string): number => yearIn(partsOf(day).y, activeLocale().calendar);

/** Numeric, for tables, inputs and exports: "2024-02-29" (Gregorian) or "2567-02-29" (BE). */
export function formatDay(day: string): string {
  const { m, d } = partsOf(day);
  return `${String(year(day)).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/** A day in words: "29 Feb 2024", "29 ก.พ. 2567". */
export const formatDayLong = (day: string): string => `${partsOf(day).d} ${monthName(day, "short")} ${year(day)}`;

/** A day without its year, for chart axes: "29 Feb", "29 ก.พ.". */
export const formatDayShort = (day: string): string => `${partsOf(day).d} ${monthName(day, "short")}`;

/** A month by any of its days: "February 2024", "กุมภาพันธ์ 2567". */
export const formatMonth = (day: string): string => `${monthName(day, "long")} ${year(day)}`;

/** A month, short: "Feb 2024", "ก.พ. 2567". */
export const formatMonthShort = (day: string): string => `${monthName(day, "short")} ${year(day)}`;

/** An instant (epoch ms or ISO timestamp) as a Bangkok day and time: "2024-02-29 13:05" ("2567-02-29 13:05"). */
export function formatDateTime(instant: number | string): string {
  const dt = typeof instant === "number" ? DateTime.fromMillis(instant, { zone: BUSINESS_ZONE }) : DateTime.fromISO(instant, { zone: BUSINESS_ZONE });
  if (!dt.isValid) return String(instant);
  return `${formatDay(dt.toFormat("yyyy-MM-dd"))} ${dt.toFormat("HH:mm")}`;
}

/** What an export's header says of its dates: "Dates: Gregorian calendar (CE)" / "…Buddhist Era (BE)". */
export const calendarNote = (): string =>
  activeLocale().calendar === "buddhist" ? t("common.calendar.noteBuddhist") : t("common.calendar.noteGregorian");

/** A day in full words, for accessible names: "29 February 2024", "29 กุมภาพันธ์ 2567". */
export const formatDayFull = (day: string): string => `${partsOf(day).d} ${monthName(day, "long")} ${year(day)}`;

/** The days of the week from Monday (spec §9: weeks start on Monday): short and long names. */
export function weekdayNames(): { readonly short: string; readonly long: string }[] {
  const short = dateFormat("weekday-short", { weekday: "short" });
  const long = dateFormat("weekday-long", { weekday: "long" });
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) => {
    const date = new Date(Date.UTC(2024, 0, 1 + i));
    return { short: short.format(date), long: long.format(date) };
  });
}
