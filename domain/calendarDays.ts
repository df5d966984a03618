/**
 * Calendar days written YYYY-MM-DD, the one place that counts and steps them.
 *
 * A day here is a Bangkok calendar day already written as a date, so no time zone enters:
 * arithmetic on UTC midnights is exact (no daylight saving, every day 86,400 s).
 */

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Milliseconds of a YYYY-MM-DD day at UTC midnight, or null when the day does not exist. */
function dayMillis(day: string): number | null {
  const m = ISO_DAY.exec(day);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  return back.getUTCFullYear() === y && back.getUTCMonth() === mo - 1 && back.getUTCDate() === d ? ms : null;
}

/** True for an existing calendar day written YYYY-MM-DD (2023-02-29 and 2024-2-1 are not). */
export function isDay(text: string): boolean {
  return dayMillis(text) !== null;
}

/**
 * The day's number: days since 1970-01-01 (that day is 0). Consecutive days have consecutive
 * numbers, so differences count days.
 *
 * @throws RangeError when the text is not an existing day
 */
export function dayNumber(day: string): number {
  const ms = dayMillis(day);
  if (ms === null) throw new RangeError(`not a date: ${JSON.stringify(day)}`);
  return ms / DAY_MS;
}

/** The day of a day number, YYYY-MM-DD (the inverse of `dayNumber`). */
export function dayOfNumber(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The day `n` days after `day` (n may be negative).
 *
 * @throws RangeError when `day` is not an existing day
 */
export function addDays(day: string, n: number): string {
  return dayOfNumber(dayNumber(day) + n);
}

/**
 * Calendar days from `start` to `end`, both inclusive.
 *
 * @returns 0 when `end` is before `start`, or either is not an existing day
 */
export function daysInclusive(start: string, end: string): number {
  const a = dayMillis(start);
  const b = dayMillis(end);
  if (a === null || b === null || b < a) return 0;
  return Math.round((b - a) / DAY_MS) + 1;
}

/** Days in a month (1–12) of a Gregorian year: 28 to 31, leap years counted (2024-02 has 29, 2100-02 has 28). */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}
