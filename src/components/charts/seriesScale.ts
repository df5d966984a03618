/**
 * The arithmetic and words of `LineChart` (an SVG line chart drawn by React, for pages that
 * must not wait for Plotly): round value ticks, which periods get an x label, the path of a
 * line with gaps, period labels and the sentence that sums a series up for a screen reader.
 * Pure functions, table tests in tests/components/seriesScale.test.ts.
 */
import { formatDay, formatDayShort, formatMonthShort } from "@/components/format/dates";
import { perUnit, weekStartText } from "@/components/format/periods";
import { t } from "@/i18n/i18n";

/** A value axis: its ends and the round values between them where a tick and grid line go. */
export interface ValueTicks {
  readonly min: number;
  readonly max: number;
  readonly values: readonly number[];
}

/** The round step (1, 2, 2.5 or 5 × a power of ten) nearest above `rough`. */
export function niceStep(rough: number): number {
  if (!(rough > 0) || !Number.isFinite(rough)) return 1;
  const power = 10 ** Math.floor(Math.log10(rough));
  const fraction = rough / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/**
 * Round ticks that cover every value: about `count` steps from a multiple of the step at or
 * below the lowest value to one at or above the highest. With `zero`, the axis starts at 0 (or
 * ends at it for negative figures), as a bar's length or a sum should; without, it hugs the
 * values, as a level such as followers reads better. No values, or only nulls: 0 to 1.
 */
export function valueTicks(values: readonly (number | null)[], count = 4, zero = true): ValueTicks {
  const known = values.filter((v): v is number => v !== null && Number.isFinite(v));
  let lo = known.length === 0 ? 0 : Math.min(...known);
  let hi = known.length === 0 ? 1 : Math.max(...known);
  if (zero) {
    lo = Math.min(lo, 0);
    hi = Math.max(hi, 0);
  }
  if (lo === hi) {
    // One value (or all equal): a band around it, never an axis of zero height.
    if (lo === 0) hi = 1;
    else {
      const pad = Math.abs(lo) / 10;
      lo -= pad;
      hi += pad;
    }
  }
  const step = niceStep((hi - lo) / Math.max(1, count));
  const min = Math.floor(lo / step) * step;
  const max = Math.ceil(hi / step) * step;
  const ticks: number[] = [];
  // Rounded to the step's decimals, so 0.1 + 0.2 does not print as 0.30000000000000004.
  const decimals = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  const steps = Math.round((max - min) / step);
  for (let i = 0; i <= steps; i++) ticks.push(Number((min + i * step).toFixed(decimals)));
  return { min: ticks[0]!, max: ticks[ticks.length - 1]!, values: ticks };
}

/**
 * The labels of an axis's ticks, with as few decimals as it takes to tell them apart (at most
 * `most`): compact ticks 1,850,000 and 1,900,000 both read "1.9M" at one decimal, so they get
 * two ("1.85M", "1.9M").
 */
export function tickLabels(values: readonly number[], format: (n: number, decimals: number) => string, fewest = 1, most = 4): string[] {
  let labels = values.map((v) => format(v, fewest));
  for (let d = fewest + 1; d <= most && new Set(labels).size < labels.length; d++) labels = values.map((v) => format(v, d));
  return labels;
}

/** `value` from [d0, d1] to [r0, r1]; the middle of the range when the domain is a point. */
export function scaleLinear(d0: number, d1: number, r0: number, r1: number): (value: number) => number {
  if (d1 === d0) return () => (r0 + r1) / 2;
  const k = (r1 - r0) / (d1 - d0);
  return (value) => r0 + (value - d0) * k;
}

/**
 * Which of `n` periods get an x label when at most `max` fit: every k-th from the first, k as
 * small as fits. The last period is labelled too when it is at least k / 2 from the one before.
 */
export function labelIndexes(n: number, max: number): number[] {
  if (n <= 0) return [];
  const fit = Math.max(1, Math.floor(max));
  const step = Math.max(1, Math.ceil(n / fit));
  const out: number[] = [];
  for (let i = 0; i < n; i += step) out.push(i);
  const last = n - 1;
  const before = out[out.length - 1]!;
  if (before !== last && last - before >= step / 2 && out.length < fit) out.push(last);
  return out;
}

/**
 * The SVG path of a line through the points, lifted where a value is missing: `M` starts each
 * run of known values, `L` continues it. A run of one point is a dot (`h0`, drawn by the round cap).
 */
export function linePath(points: readonly ({ x: number; y: number } | null)[]): string {
  const parts: string[] = [];
  let run = 0;
  for (const p of points) {
    if (p === null) {
      if (run === 1) parts.push("h0");
      run = 0;
      continue;
    }
    parts.push(`${run === 0 ? "M" : "L"}${round1(p.x)},${round1(p.y)}`);
    run += 1;
  }
  if (run === 1) parts.push("h0");
  return parts.join("");
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export type Granularity = "day" | "week" | "month";

/**
 * A period's label from its first day (YYYY-MM-DD), in the active language and calendar: short
 * for an axis ("4 Mar", a week by its Monday, "Mar 2024"), long for a table and a tooltip
 * ("2024-03-04", "week of 2024-03-04", "Mar 2024"; Thai BE "2567-03-04", "สัปดาห์ที่เริ่ม 4 มี.ค. 2567").
 */
export function periodLabel(start: string, granularity: Granularity, length: "short" | "long"): string {
  if (granularity === "month") return formatMonthShort(start);
  if (length === "long") return granularity === "week" ? t("common.date.weekOfLower", { day: weekStartText(start) }) : formatDay(start);
  return formatDayShort(start);
}

/** "per day", "per week", "per month". */
export const perPeriod = (granularity: Granularity): string => perUnit(granularity);

/**
 * What a series says, in one sentence for a screen reader: its name, how it is cut and over
 * which periods, then the first and last values, the lowest and the highest with their periods.
 * "Post reach per day, 2024-03-01 to 2024-03-31 (31 points): first 1,200, last 3,400; lowest
 * 900 (2024-03-03), highest 5,600 (2024-03-15)."
 */
export function seriesSummary(
  name: string,
  periods: readonly string[],
  values: readonly (number | null)[],
  format: (n: number) => string,
): string {
  const known = values.flatMap((v, i) => (v === null ? [] : [{ v, i }]));
  const span =
    periods.length === 0
      ? ""
      : periods.length === 1
        ? `, ${periods[0]}`
        : `, ${t("common.chart.summarySpan", { first: periods[0], last: periods[periods.length - 1], count: String(periods.length) })}`;
  if (known.length === 0) return t("common.chart.summaryEmpty", { name, span });
  const first = known[0]!;
  const last = known[known.length - 1]!;
  if (known.length === 1) return t("common.chart.summaryOne", { name, span, value: format(first.v), period: periods[first.i] });
  let low = first;
  let high = first;
  for (const k of known) {
    if (k.v < low.v) low = k;
    if (k.v > high.v) high = k;
  }
  return t("common.chart.summaryMany", {
    name,
    span,
    first: format(first.v),
    last: format(last.v),
    low: format(low.v),
    lowPeriod: periods[low.i],
    high: format(high.v),
    highPeriod: periods[high.i],
  });
}
