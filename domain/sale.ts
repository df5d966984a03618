/**
 * The pure rules of `/sale` (issue 17, docs/sale.md): the correlation between a brand's daily o2o
 * store views and its daily online GMV, each channel's share of GMV, and the previous period of
 * equal length. Plain values in and out; the server and the page both use them.
 */
import { previousPeriod, type PreviousPeriod } from "./periodChange";
import type { SaleChannel, SaleDay } from "./saleContract";

/** Fewest days with both store views and orders for a correlation; fewer says nothing (null). */
export const SALE_MIN_CORRELATION_DAYS = 7;

/**
 * Pearson's correlation coefficient r between two series of equal length:
 * Σ(x − x̄)(y − ȳ) ÷ √(Σ(x − x̄)² × Σ(y − ȳ)²).
 *
 * @returns r in [−1, 1]; null with fewer than {@link SALE_MIN_CORRELATION_DAYS} pairs, when
 * either series is constant (r is undefined: nothing varies), or when the lengths differ or a
 * value is not finite
 */
export function pearson(xs: readonly number[], ys: readonly number[]): number | null {
  const n = xs.length;
  if (n !== ys.length || n < SALE_MIN_CORRELATION_DAYS) return null;
  if (!xs.every(Number.isFinite) || !ys.every(Number.isFinite)) return null;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - mx;
    const dy = ys[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  // A series whose spread is rounding noise next to its mean is constant.
  const flat = (s: number, m: number) => s <= Number.EPSILON * n * Math.max(1, m * m);
  if (flat(sxx, mx) || flat(syy, my)) return null;
  const r = sxy / Math.sqrt(sxx * syy);
  return Math.max(-1, Math.min(1, r));
}

/** A day counted by the correlation: the brand's o2o campaigns were measured (views not null) and it had orders. */
export const hasViewsAndOrders = (d: SaleDay): d is SaleDay & { views: number } => d.views !== null && d.orders > 0;

/** The correlation of a period's days: over the days with both views and orders, daily views against daily GMV. */
export function saleCorrelation(days: readonly SaleDay[]): { days: number; correlation: number | null } {
  const both = days.filter(hasViewsAndOrders);
  return { days: both.length, correlation: pearson(both.map((d) => d.views), both.map((d) => d.gmv)) };
}

/** A channel's share of the GMV of all channels, in percent; null when there is no GMV. */
export function gmvShare(channel: Pick<SaleChannel, "gmv">, channels: ReadonlyArray<Pick<SaleChannel, "gmv">>): number | null {
  const total = channels.reduce((a, c) => a + c.gmv, 0);
  return total > 0 ? (channel.gmv / total) * 100 : null;
}

/** The period of equal length just before a sales range (the cards' change compares with it). */
export const salePreviousPeriod = (start: string, end: string): PreviousPeriod => previousPeriod({ start, end });

/** The strength of an r in words (|r|: under 0.1 none, 0.1 weak, 0.3 moderate, 0.5 strong). */
export function correlationStrength(r: number): "no" | "a weak" | "a moderate" | "a strong" {
  const a = Math.abs(r);
  return a < 0.1 ? "no" : a < 0.3 ? "a weak" : a < 0.5 ? "a moderate" : "a strong";
}

/**
 * The sentence the page shows under the correlation: always "correlation, not attribution".
 * Null r: not enough days.
 */
export function correlationSentence(r: number | null, days: number): string {
  if (r === null) {
    return `Not enough days: a correlation needs at least ${SALE_MIN_CORRELATION_DAYS} days with both store views and orders (this range has ${days}).`;
  }
  const plural = days === 1 ? "day" : "days";
  const lead = `Correlation, not attribution: r = ${r.toFixed(2)} over ${days} ${plural} with both store views and orders.`;
  const strength = correlationStrength(r);
  const what = strength === "no"
    ? "Days with more store views did not have noticeably more or less online sales"
    : r > 0
      ? `Days with more store views also had more online sales (${strength} link)`
      : `Days with more store views had less online sales (${strength} link)`;
  return `${lead} ${what}, but this does not show that the views caused the sales.`;
}
