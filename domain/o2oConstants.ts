/**
 * The plain numbers of the o2o contract (`o2o.ts` re-exports them): time arithmetic, limits and
 * the dwell-time buckets. No schema library here, so that the o2o web worker, which needs only
 * these, stays small (`o2o.ts` pulls in Effect Schema).
 */

/** Seconds in a day: Bangkok has no DST, so every day has exactly this many. */
export const DAY_SECONDS = 86_400;
/** Asia/Bangkok is UTC+07:00 all year. */
export const BANGKOK_OFFSET_SECONDS = 25_200;
/** 2000-01-01T00:00:00+07:00: no o2o time is earlier (the same first day as the metrics). */
export const O2O_MIN_UNIX = 946_659_600;
/** 2100-01-01T00:00:00+07:00: no o2o time is this late. */
export const O2O_MAX_UNIX = 4_102_419_600;
/** Most ranges one call carries (a leap year of days), which bounds the answer's size. */
export const O2O_MAX_RANGES = 366;
/** Longest span a single `{from, to}` covers: 366 days. */
export const O2O_MAX_SPAN_SECONDS = 366 * DAY_SECONDS;
/** Most campaign ids one call names. */
export const O2O_MAX_CAMPAIGNS = 100;

/** True when `t` is 00:00:00 of a Bangkok day. */
export const isBangkokMidnight = (t: number): boolean => (t + BANGKOK_OFFSET_SECONDS) % DAY_SECONDS === 0;
/** True when `t` is 23:59:59 of a Bangkok day. */
export const isBangkokDayEnd = (t: number): boolean => (t + 1 + BANGKOK_OFFSET_SECONDS) % DAY_SECONDS === 0;

/** Start (unix seconds) of the Bangkok calendar month holding `t`, moved by `add` months. */
export function bangkokMonthStart(t: number, add = 0): number {
  const local = new Date((t + BANGKOK_OFFSET_SECONDS) * 1000);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + add, 1) / 1000 - BANGKOK_OFFSET_SECONDS;
}

/**
 * Dwell-time buckets of the views-dwell-time chart, in seconds: each holds `min ≤ value < max`
 * (`max` null = no upper end), so 5 s counts in 5–15 and 60 s in 60+.
 */
export const DWELL_BUCKETS = [
  { label: "0–5 s", min: 0, max: 5 },
  { label: "5–15 s", min: 5, max: 15 },
  { label: "15–30 s", min: 15, max: 30 },
  { label: "30–60 s", min: 30, max: 60 },
  { label: "60+ s", min: 60, max: null },
] as const;
