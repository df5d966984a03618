/**
 * The periods of a page's series as people read them. Every module cuts its series the same way
 * (day by day for short ranges, week by week from Monday, then month by month), and says it the
 * same way: "2024-09-09", "Week of 2024-09-09", "September 2024"; "per day", "per week", "per month".
 */

/** How a series is cut. */
export type SeriesUnit = "day" | "week" | "month";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** The words after a figure of one period of the series: "Spend per week". */
export const PER_UNIT: Readonly<Record<SeriesUnit, string>> = { day: "per day", week: "per week", month: "per month" };

/** A period of the series by its first day (YYYY-MM-DD): "2024-09-09", "Week of 2024-09-09", "September 2024". */
export function formatPeriod(start: string, unit: SeriesUnit): string {
  if (unit === "day") return start;
  if (unit === "week") return `Week of ${start}`;
  return `${MONTHS[Number(start.slice(5, 7)) - 1] ?? start.slice(5, 7)} ${start.slice(0, 4)}`;
}
