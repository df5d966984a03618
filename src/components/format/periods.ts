/**
 * The periods of a page's series as people read them. Every module cuts its series the same way
 * (day by day for short ranges, week by week from Monday, then month by month), and says it the
 * same way, in the active language and calendar (issue 18): "2024-09-09", "Week of 2024-09-09",
 * "September 2024"; "per day", "per week", "per month". In Thai with the Buddhist Era:
 * "2567-09-09", "สัปดาห์ที่เริ่ม 9 ก.ย. 2567", "กันยายน 2567".
 */
import { formatDay, formatDayLong, formatMonth } from "@/components/format/dates";
import { activeLocale, t } from "@/i18n/i18n";

/** How a series is cut. */
export type SeriesUnit = "day" | "week" | "month";

/** The words after a figure of one period of the series: "Spend per week". */
export function perUnit(unit: SeriesUnit): string {
  switch (unit) {
    case "day":
      return t("common.date.perDay");
    case "week":
      return t("common.date.perWeek");
    default:
      return t("common.date.perMonth");
  }
}

/**
 * {@link perUnit} as a record, read when used (each read follows the active language):
 * `PER_UNIT[unit]`.
 */
export const PER_UNIT: Readonly<Record<SeriesUnit, string>> = Object.freeze({
  get day() {
    return perUnit("day");
  },
  get week() {
    return perUnit("week");
  },
  get month() {
    return perUnit("month");
  },
});

/** A period of the series by its first day (YYYY-MM-DD): "2024-09-09", "Week of 2024-09-09", "September 2024". */
export function formatPeriod(start: string, unit: SeriesUnit): string {
  if (unit === "day") return formatDay(start);
  // English keeps the spec's "Week of 2024-09-09"; Thai reads the day in words.
  if (unit === "week") return t("common.date.weekOf", { day: weekStartText(start) });
  return formatMonth(start);
}

/** A week's first day as its label says it: numeric in English ("Week of 2024-09-09"), in words in Thai ("สัปดาห์ที่เริ่ม 9 ก.ย. 2567"). */
export const weekStartText = (start: string): string => (activeLocale().language === "th" ? formatDayLong(start) : formatDay(start));
