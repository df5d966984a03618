/**
 * The change of a figure against the previous period of equal length (docs/figures.md): one
 * rule for every figure card of every page, so an arrow means the same thing everywhere.
 * Pure functions of plain values; the pages load the previous period's figures and the
 * components in `src/components/figures/` draw the answer.
 */
import { dayNumber, dayOfNumber } from "./calendarDays";
import { toDisplayDate } from "./dates";

/** A span of Bangkok calendar days, YYYY-MM-DD, both included. */
export interface DaySpan {
  readonly start: string;
  readonly end: string;
}

/** The period just before a range, with its length. */
export interface PreviousPeriod extends DaySpan {
  /** How many calendar days both periods have. */
  readonly days: number;
}


/**
 * The previous period of a range: the same number of calendar days, ending the day before the
 * range starts. 2024-03-01 … 2024-03-31 (31 days) → 2024-01-30 … 2024-02-29.
 *
 * @param range - displayed (YYYY-MM-DD) or stored (with the time of day) dates, in Bangkok
 * @returns the previous period as YYYY-MM-DD, both included, and the number of days
 * @throws RangeError when a date does not exist or the start is after the end
 */
export function previousPeriod(range: DaySpan): PreviousPeriod {
  const start = dayNumber(toDisplayDate(range.start));
  const end = dayNumber(toDisplayDate(range.end));
  if (start > end) throw new RangeError(`start ${range.start} is after end ${range.end}`);
  const days = end - start + 1;
  return { start: dayOfNumber(start - days), end: dayOfNumber(start - 1), days };
}

/** Which way is good for a figure: more customers is good, more bounced visitors is bad. */
export type Polarity = "higher-is-better" | "lower-is-better" | "neutral";

export type ChangeDirection = "up" | "down" | "flat";

/** Whether the change is good news for the figure's polarity; neutral when flat or unknown. */
export type ChangeTone = "good" | "bad" | "neutral";

/**
 * The change of a figure. `direction` is null when either period has no data: there is
 * nothing to compare, which is not the same as no change.
 */
export interface FigureChange {
  readonly direction: ChangeDirection | null;
  /** (current − previous) ÷ |previous| × 100; null when previous is 0 or missing. */
  readonly percent: number | null;
  /** Previous 0, current above 0: the figure is new, a percentage would be infinite. */
  readonly isNew: boolean;
  readonly tone: ChangeTone;
}

/**
 * Changes smaller than this, in percent, are flat: they would read "0.0 %" at the one decimal
 * the cards show, so an arrow would claim a movement nobody can see.
 */
export const FLAT_PERCENT = 0.05;

const NO_COMPARISON: FigureChange = { direction: null, percent: null, isNew: false, tone: "neutral" };

function toneOf(direction: ChangeDirection, polarity: Polarity): ChangeTone {
  if (direction === "flat" || polarity === "neutral") return "neutral";
  const up = direction === "up";
  return up === (polarity === "higher-is-better") ? "good" : "bad";
}

/**
 * The change of a figure from the previous period to this one.
 *
 * - Either value null (no data): no direction, no percent, neutral.
 * - Percent = (current − previous) ÷ |previous| × 100, so a loss that shrinks (−200 → −100)
 *   is up 50 %. Flat when |percent| < {@link FLAT_PERCENT} or the values are equal.
 * - Previous 0: no percent; up and `isNew` when current > 0, down when current < 0, flat at 0.
 * - Tone: up is good for "higher-is-better", bad for "lower-is-better"; flat and "neutral"
 *   figures are neutral.
 *
 * @param current - this period's value, null when not measured
 * @param previous - the previous period's value, null when not measured
 */
export function figureChange(current: number | null, previous: number | null, polarity: Polarity): FigureChange {
  if (current === null || previous === null || !Number.isFinite(current) || !Number.isFinite(previous)) return NO_COMPARISON;
  if (previous === 0) {
    const direction: ChangeDirection = current > 0 ? "up" : current < 0 ? "down" : "flat";
    return { direction, percent: null, isNew: current > 0, tone: toneOf(direction, polarity) };
  }
  const percent = ((current - previous) / Math.abs(previous)) * 100;
  const direction: ChangeDirection = Math.abs(percent) < FLAT_PERCENT ? "flat" : percent > 0 ? "up" : "down";
  return { direction, percent, isNew: false, tone: toneOf(direction, polarity) };
}
