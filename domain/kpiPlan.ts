/**
 * Rules of the KPI dialog beyond the spec's formulas (domain/kpi.ts): the Ads plan's monthly
 * periods (`setMonth`) and the warnings the dialog shows without blocking a save (issue 4:
 * negative Remaining Budget or Remaining Percent, weights not totalling 100, duplicate segment
 * names or ranks).
 *
 * Monthly split: the Ads budget (the sum of the Ads parameter budgets) is spread over the
 * calendar months the Ads date range touches, pro rata by the days of the range in each month.
 * Money is split in whole satang (0.01 THB) by largest remainder, so the months always add up
 * to the budget exactly; ties go to the earlier month.
 */
import { KpiParamKeys, type Amount, type KpiPlan, type PeriodEntry, type RfmWeight, type Segment } from "./entities";
import { round2, toAmountNumber } from "./kpi";

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/** The most periods a plan may hold (the schema's limit on setMonth): ten years of months. */
export const MAX_PERIOD_MONTHS = 120;

/** UTC-midnight milliseconds of the calendar day a date text starts with, or null if it is no day. */
function dayMs(text: string): number | null {
  const m = ISO_DAY.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  return back.getUTCFullYear() === y && back.getUTCMonth() === mo - 1 && back.getUTCDate() === d ? ms : null;
}

const dayText = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Sum of the parameter budgets of a plan (empty = 0), to 2 decimals: what its periods spread. */
export function planBudgetTotal(plan: KpiPlan): number {
  return round2(KpiParamKeys.reduce((sum, key) => sum + (toAmountNumber(plan[key].budget) ?? 0), 0));
}

/** The calendar months of a range with the days of the range each holds. */
function monthsOf(startMs: number, endMs: number): { start: number; end: number; days: number }[] {
  const out: { start: number; end: number; days: number }[] = [];
  let cursor = startMs;
  while (cursor <= endMs) {
    const d = new Date(cursor);
    const monthEnd = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0);
    const end = Math.min(monthEnd, endMs);
    out.push({ start: cursor, end, days: Math.round((end - cursor) / DAY_MS) + 1 });
    cursor = end + DAY_MS;
  }
  return out;
}

/**
 * The Ads periods for a date range: one entry per calendar month the range touches (the first
 * and last clipped to the range), each with its pro-rata share of `budget`.
 *
 * @param start - first day, YYYY-MM-DD (a stored YYYY-MM-DDTHH:mm:ss is read by its day)
 * @param end - last day, inclusive
 * @param budget - the total to spread; empty or invalid gives every period an empty budget
 * @returns the periods with dates written YYYY-MM-DD, or null when a date is not a day, `end`
 *   is before `start`, or the range spans more than {@link MAX_PERIOD_MONTHS} months
 */
export function splitBudgetByMonth(start: string, end: string, budget: Amount): PeriodEntry[] | null {
  const a = dayMs(start);
  const b = dayMs(end);
  if (a === null || b === null || b < a) return null;
  const months = monthsOf(a, b);
  if (months.length > MAX_PERIOD_MONTHS) return null;
  const total = toAmountNumber(budget);
  const shares = total === null ? null : spreadCents(Math.round(total * 100), months.map((m) => m.days));
  return months.map((m, i) => ({
    startDate: dayText(m.start),
    endDate: dayText(m.end),
    budget: shares === null ? "" : (shares[i] ?? 0) / 100,
  }));
}

/** Splits whole cents by weight with the largest-remainder method; the parts add up to `cents`. */
function spreadCents(cents: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (cents * w) / sum);
  const parts = exact.map(Math.floor);
  let left = cents - parts.reduce((s, p) => s + p, 0);
  const order = exact
    .map((x, i) => ({ i, rest: x - Math.floor(x) }))
    .sort((p, q) => q.rest - p.rest || p.i - q.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

/** Sum of the period budgets (empty = 0), to 2 decimals. */
export function periodsTotal(periods: readonly PeriodEntry[]): number {
  return round2(periods.reduce((sum, p) => sum + (toAmountNumber(p.budget) ?? 0), 0));
}

/** The date range the periods cover (first start, last end) as YYYY-MM-DD, or null when there are none. */
export function periodsRange(periods: readonly PeriodEntry[]): { start: string; end: string } | null {
  const first = periods[0];
  const last = periods[periods.length - 1];
  if (first === undefined || last === undefined) return null;
  return { start: first.startDate.slice(0, 10), end: last.endDate.slice(0, 10) };
}

/**
 * Sets the budget of one period (a month edited by hand), sanitised text as typed.
 *
 * @returns new periods; an index out of range leaves them unchanged
 */
export function setPeriodBudget(periods: readonly PeriodEntry[], index: number, budget: Amount): PeriodEntry[] {
  return periods.map((p, i) => (i === index ? { ...p, budget } : p));
}

/** Sum of the RFM weights (empty = 0), to 2 decimals. */
export function weightsTotal(weights: readonly RfmWeight[]): number {
  return round2(weights.reduce((sum, w) => sum + (toAmountNumber(w.weight) ?? 0), 0));
}

/** What is wrong with one segment card; empty when nothing is. */
export interface SegmentIssues {
  readonly blankName: boolean;
  readonly duplicateName: boolean;
  readonly duplicateRank: boolean;
  /** A min above its max for one of the settings. */
  readonly invertedBounds: boolean;
}

/**
 * Flags segment cards that clash (issue 4): names compared trimmed and case-insensitively,
 * ranks compared as numbers. Every card in a clash is flagged, not only the later ones.
 *
 * @returns one entry per segment, in order
 */
export function segmentIssues(segments: readonly Segment[]): SegmentIssues[] {
  const nameKey = (s: Segment) => s.name.trim().toLowerCase();
  const names = new Map<string, number>();
  const ranks = new Map<number, number>();
  for (const s of segments) {
    if (nameKey(s) !== "") names.set(nameKey(s), (names.get(nameKey(s)) ?? 0) + 1);
    ranks.set(s.rank, (ranks.get(s.rank) ?? 0) + 1);
  }
  return segments.map((s) => ({
    blankName: nameKey(s) === "",
    duplicateName: nameKey(s) !== "" && (names.get(nameKey(s)) ?? 0) > 1,
    duplicateRank: (ranks.get(s.rank) ?? 0) > 1,
    invertedBounds: (s.setting ?? []).some((b) => b.min !== null && b.max !== null && b.min > b.max),
  }));
}

/** The warnings the dialog shows next to its figures; none of them blocks saving (spec §5). */
export interface KpiWarnings {
  readonly budgetOver: boolean;
  readonly percentOver: boolean;
  /** Weights given but not totalling 100 (all empty is not a warning: RFM is optional). */
  readonly weightsNot100: boolean;
  /** Ads periods exist and do not add up to the Ads budget (a month was edited by hand). */
  readonly periodsMismatch: boolean;
  readonly segments: readonly SegmentIssues[];
}

/**
 * Every warning of a KPI form at once.
 *
 * @param input.remainingBudget - from remainingBudget()
 * @param input.remainingPercent - from remainingPercent()
 */
export function kpiWarnings(input: {
  remainingBudget: number;
  remainingPercent: number;
  weights: readonly RfmWeight[];
  ads: KpiPlan;
  segments: readonly Segment[];
}): KpiWarnings {
  const anyWeight = input.weights.some((w) => toAmountNumber(w.weight) !== null);
  return {
    budgetOver: input.remainingBudget < 0,
    percentOver: input.remainingPercent < 0,
    weightsNot100: anyWeight && weightsTotal(input.weights) !== 100,
    periodsMismatch: input.ads.setMonth.length > 0 && periodsTotal(input.ads.setMonth) !== planBudgetTotal(input.ads),
    segments: segmentIssues(input.segments),
  };
}

/** True when any segment card carries an issue. */
export function hasSegmentIssues(issues: readonly SegmentIssues[]): boolean {
  return issues.some((i) => i.blankName || i.duplicateName || i.duplicateRank || i.invertedBounds);
}

/**
 * The card '+ Add KPI Segment' appends: a unique name ("New Segment", "New Segment 2", …) and
 * the rank after the highest one (1 when there are none), so a new card never starts in a clash.
 */
export function newSegment(segments: readonly Segment[]): Segment {
  const taken = new Set(segments.map((s) => s.name.trim().toLowerCase()));
  let name = "New Segment";
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `New Segment ${n}`;
  const rank = segments.reduce((max, s) => Math.max(max, s.rank), 0) + 1;
  return { name, rank };
}
