/**
 * The Bangkok days of the o2o page (issue 5): a YYYY-MM-DD day's midnight, and the range `/o2o`
 * opens with. Shared by the worker's maths (workers/o2oMath.ts) and the page, which knows its
 * first range at once instead of asking the worker for it (issue 19: the page's first paint and
 * its first request do not wait for the worker to start).
 */
import { DateTime } from "luxon";

const ZONE = "Asia/Bangkok";
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Bangkok midnight of a YYYY-MM-DD day; a RangeError naming `field` for anything else. */
export function dayStart(day: string, field: string): DateTime {
  const dt = ISO_DAY.test(day) ? DateTime.fromISO(day, { zone: ZONE }) : null;
  if (!dt?.isValid || dt.toFormat("yyyy-MM-dd") !== day) throw new RangeError(`${field} must be a date YYYY-MM-DD, got ${JSON.stringify(day)}`);
  return dt;
}

/**
 * The date range `/o2o` opens with (spec §9, "last 3 months to today"): from the same day three
 * months before today (or that month's last day) to today.
 */
export function defaultO2oRange(today: string): { startDate: string; endDate: string } {
  const now = dayStart(today, "today");
  return { startDate: now.minus({ months: 3 }).toFormat("yyyy-MM-dd"), endDate: today };
}
