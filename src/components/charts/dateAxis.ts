/**
 * A date x axis whose tick labels follow the active language and calendar (issue 18): Plotly's
 * own date ticks are English and Gregorian, so the ticks are chosen here and labelled with
 * `src/components/format/dates.ts`. Hover labels come from `dateHoverLabels` (as `customdata`
 * with `hovertemplate: "%{customdata}…"`).
 */
import type { LayoutAxis } from "plotly.js";
import { formatDayLong, formatDayShort, formatMonthShort } from "@/components/format/dates";
import type { SeriesUnit } from "@/components/format/periods";

/** At most `maxTicks` of `days` (sorted YYYY-MM-DD), evenly spread, the first and last kept. */
export function pickTicks(days: readonly string[], maxTicks: number): string[] {
  const unique = [...new Set(days)].sort();
  if (unique.length <= maxTicks) return unique;
  const step = Math.ceil((unique.length - 1) / Math.max(1, maxTicks - 1));
  const picked = unique.filter((_, i) => i % step === 0);
  return picked;
}

/** The label of a tick: a month by its name and year, a day or week by its day and month. */
export const tickLabel = (day: string, unit: SeriesUnit): string => (unit === "month" ? formatMonthShort(day) : formatDayShort(day));

/**
 * The x axis of a series over `days` cut by `unit`: ticks at series points, labelled in the
 * user's language and calendar. Spread into the chart's `xaxis` (keeps `type: "date"`).
 */
export function dateAxis(days: readonly string[], unit: SeriesUnit, maxTicks = 7): Partial<LayoutAxis> {
  const ticks = pickTicks(days, maxTicks);
  return { type: "date", tickmode: "array", tickvals: ticks, ticktext: ticks.map((d) => tickLabel(d, unit)), automargin: true };
}

/** One hover label per point: "29 Feb 2024" (a day or week's first day) or "Feb 2024" (a month). */
export const dateHoverLabels = (days: readonly string[], unit: SeriesUnit): string[] =>
  days.map((d) => (unit === "month" ? formatMonthShort(d) : formatDayLong(d)));
