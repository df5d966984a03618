/**
 * The Plotly layout every chart shares (the app's font, transparent background, no drag-zoom,
 * legend below, the grid colour) and its narrow-screen variant: at phone widths category labels
 * are shortened (the full text stays in the hover) and turned upright, value axes get fewer
 * ticks and the legend goes above the plot, so no two tick labels overlap at 390 px.
 * Plain functions; only types come from plotly.js.
 */
import type { Data, Layout, LayoutAxis } from "plotly.js";

export const CHART_FONT = { family: "Prompt, system-ui, sans-serif", size: 12, color: "#1f2328" } as const;
export const GRID_COLOUR = "#e3e6eb";

/** A value axis of baht (฿ before the ticks, thousands separated, from 0), as every money chart draws it. */
export const MONEY_AXIS = { rangemode: "tozero" as const, gridcolor: GRID_COLOUR, automargin: true, tickprefix: "฿", separatethousands: true };
/** A value axis of counts (thousands separated, from 0). */
export const COUNT_AXIS = { rangemode: "tozero" as const, gridcolor: GRID_COLOUR, automargin: true, separatethousands: true };

/** Below this width (CSS px) a chart uses `narrowChart`. */
export const NARROW_WIDTH = 600;

/** What every chart shares; a feature spreads it and adds its axes. */
export const BASE_LAYOUT: Partial<Layout> = {
  font: CHART_FONT,
  paper_bgcolor: "rgba(0,0,0,0)",
  plot_bgcolor: "rgba(0,0,0,0)",
  // Clicks filter; dragging must not zoom instead.
  dragmode: false,
  hovermode: "closest",
  legend: { orientation: "h", y: -0.2 },
};

/** `text` cut to `max` characters with "…" (the full text is in the hover and the table). */
export function truncateLabel(text: string, max = 12): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join("").trimEnd()}…`;
}

type AxisName = `${"x" | "y"}axis${"" | "2"}`;
const AXES: readonly AxisName[] = ["xaxis", "yaxis", "xaxis2", "yaxis2"];

/** The category labels the traces put on `axis` ("xaxis" reads the traces' x, "yaxis" their y). */
function categoriesOf(data: readonly Data[], axis: AxisName): string[] {
  const letter = axis[0] as "x" | "y";
  const seen = new Set<string>();
  for (const trace of data) {
    const t = trace as { type?: string; x?: unknown; y?: unknown; xaxis?: string; yaxis?: string };
    if (t.type === "pie" || t.type === "heatmap") continue;
    const ref = letter === "x" ? t.xaxis ?? "x" : t.yaxis ?? "y";
    if (ref !== `${letter}${axis.endsWith("2") ? "2" : ""}`) continue;
    const values = letter === "x" ? t.x : t.y;
    if (Array.isArray(values)) for (const v of values) if (typeof v === "string") seen.add(v);
  }
  return [...seen];
}

/**
 * The layout for a narrow screen: smaller font and margins, the legend below the plot, value
 * axes with at most 4 ticks (Plotly shortens them: "฿600k"), category axes with labels cut to 12 characters
 * (upright when on the x axis), date axes with at most 4 ticks (an axis of `dateAxis`, whose ticks
 * are listed, keeps every other tick of its list: its labels are in the user's language).
 */
export function narrowLayout(data: readonly Data[], layout: Partial<Layout>): Partial<Layout> {
  const out: Partial<Layout> = {
    ...layout,
    font: { ...CHART_FONT, ...layout.font, size: 11 },
    margin: { l: 8, r: 8, t: 16, b: 8, ...(layout.margin?.t !== undefined ? { t: layout.margin.t } : {}) },
    legend: { ...layout.legend, orientation: "h", x: 0, xanchor: "left", y: 1.02, yanchor: "bottom" },
  };
  for (const name of AXES) {
    const axis = layout[name] as Partial<LayoutAxis> | undefined;
    if (axis === undefined) continue;
    const categories = categoriesOf(data, name);
    const isCategory = axis.type === "category" || (axis.type === undefined && categories.length > 0);
    let narrow: Partial<LayoutAxis>;
    if (axis.type === "date" && axis.tickmode === "array" && Array.isArray(axis.tickvals)) {
      const keep = (_: unknown, i: number) => i % 2 === 0;
      narrow = { ...axis, tickvals: axis.tickvals.filter(keep), ...(Array.isArray(axis.ticktext) ? { ticktext: axis.ticktext.filter(keep) } : {}) };
    } else if (axis.type === "date") narrow = { ...axis, nticks: 4 };
    // A heatmap's categories (weekdays, hours) are short, and its axis says how many to show.
    // At phone width its labels are spaced twice as far apart ("00:00 06:00 12:00 18:00").
    else if (isCategory && categories.length === 0) narrow = { ...axis, automargin: true, ...(typeof axis.dtick === "number" ? { dtick: axis.dtick * 2 } : {}) };
    else if (isCategory) {
      narrow = { ...axis, tickmode: "array", tickvals: categories, ticktext: categories.map((c) => truncateLabel(c)), automargin: true };
      if (name.startsWith("x")) narrow.tickangle = -90;
    }
    // Plotly's own tick format already shortens large figures ("600k"); an SI format would write
    // a float near zero as "-6.4f" (femto).
    else narrow = { ...axis, nticks: 4, automargin: true };
    (out as Record<string, unknown>)[name] = narrow;
  }
  return out;
}

/** The numbers the traces put on `axis` (a value axis: vertical bars and lines on y, horizontal bars on x). */
function numbersOf(data: readonly Data[], axis: AxisName): number[] {
  const letter = axis[0] as "x" | "y";
  const out: number[] = [];
  for (const trace of data) {
    const t = trace as { type?: string; x?: unknown; y?: unknown; xaxis?: string; yaxis?: string };
    if (t.type === "pie" || t.type === "heatmap") continue;
    const ref = letter === "x" ? t.xaxis ?? "x" : t.yaxis ?? "y";
    if (ref !== `${letter}${axis.endsWith("2") ? "2" : ""}`) continue;
    const values = letter === "x" ? t.x : t.y;
    if (Array.isArray(values)) for (const v of values) if (typeof v === "number" && Number.isFinite(v)) out.push(v);
  }
  return out;
}

/**
 * Value axes in Thai compact words (issue 18: "1.2 ล้าน" where English reads "1.2M"): Plotly's
 * own ticks only know SI letters, so the ticks of a value axis that has none of its own are
 * chosen here (`valueTicks`) and labelled with `compact` (`formatCompact`, or with the baht sign
 * where the axis had `tickprefix: "฿"`). Date, category, log and percent axes keep Plotly's.
 */
export function compactValueAxes(
  data: readonly Data[],
  layout: Partial<Layout>,
  ticks: (values: readonly number[]) => readonly number[],
  compact: (n: number) => string,
): Partial<Layout> {
  const out: Partial<Layout> = { ...layout };
  for (const name of AXES) {
    const axis = layout[name] as Partial<LayoutAxis> | undefined;
    if (axis === undefined && name.endsWith("2")) continue;
    const a = axis ?? {};
    if (a.type === "date" || a.type === "category" || a.type === "log" || a.tickvals !== undefined) continue;
    if (typeof a.tickformat === "string" && a.tickformat.includes("%")) continue;
    if (categoriesOf(data, name).length > 0) continue;
    const values = numbersOf(data, name);
    if (values.length === 0) continue;
    const vals = ticks(values);
    const money = a.tickprefix === "฿";
    (out as Record<string, unknown>)[name] = {
      ...a,
      tickmode: "array",
      tickvals: vals,
      ticktext: vals.map((v) => (money ? (v < 0 ? `-฿${compact(-v)}` : `฿${compact(v)}`) : compact(v))),
      tickprefix: "",
    };
  }
  return out;
}
