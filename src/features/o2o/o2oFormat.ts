/**
 * How the /o2o figures read on screen and in the charts: number formats, "—" for what was not
 * measured, and the Plotly traces, layouts and accessible summaries of every chart. Plain
 * functions of the chart-ready data; only types come from plotly.js. A null figure stays null
 * in a trace, which Plotly draws as a gap (never as 0).
 */
import type { Data, Layout } from "plotly.js";
import { DWELL_BUCKETS, type AgeBand, type Emotion } from "../../../domain/o2o";
import type {
  Figure, LeadsBouncedData, ViewsConversionData, ViewsDemographicData, ViewsDwellTimeData, VisitorsInsightData,
} from "@/features/o2o/o2oData";

import { BASE_LAYOUT as SHARED_LAYOUT, GRID_COLOUR } from "@/components/charts/chartLayout";
import { formatCount as count, formatPercent as percent } from "@/components/format/numbers";

/** What a missing figure reads as. */
export const NOT_MEASURED = "—";

/** 1234567 → "1,234,567". */
export const formatCount = (n: number): string => count(n);
/** 12.345 → "12.3" (averages of counts). */
export const formatAverage = (n: number): string => count(n, 1);
/** 23.45 → "23.5%". */
export const formatPercent = (n: number): string => percent(n, 1, 1);
/** 4.44 → "4.4 s". */
export const formatSeconds = (n: number): string => `${count(n, 1)} s`;

/** A figure as text: "—" when it was not measured. */
export function figureText(n: Figure, format: (n: number) => string): string {
  return n === null ? NOT_MEASURED : format(n);
}

export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
/** "00:00" … "23:00": the Bangkok hour a heatmap column starts. */
export const HOURS = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, "0")}:00`);

export const AGE_LABELS: Readonly<Record<AgeBand, string>> = {
  "0-17": "Under 18", "18-24": "18–24", "25-34": "25–34", "35-44": "35–44", "45-54": "45–54", "55+": "55 and over",
};
export const EMOTION_LABELS: Readonly<Record<Emotion, string>> = {
  neutral: "Neutral", happy: "Happy", surprise: "Surprise", sad: "Sad", angry: "Angry", fear: "Fear", disgust: "Disgust",
};

/** Series colours: brand orange first; the rest keep 3:1 against white. */
export const COLORS = {
  shows: "#ff6d1d",
  views: "#2a4f9c",
  conversion: "#5a6270",
  leads: "#1a6b34",
  bounced: "#c94d0a",
  men: "#2a6fb5",
  women: "#c2417a",
} as const;
const PALETTE = ["#ff6d1d", "#2a4f9c", "#1a6b34", "#8a4fb8", "#c2417a", "#5a6270", "#a06a00"];

const GRID = GRID_COLOUR;

/** What every o2o chart shares: transparent background, the app's font, the legend below. */
export const BASE_LAYOUT: Partial<Layout> = {
  ...SHARED_LAYOUT,
  // The day series zoom by dragging (Plotly's default).
  dragmode: "zoom",
  legend: { orientation: "h", y: -0.25 },
  showlegend: true,
  hovermode: "x unified",
};

export interface ChartSpec {
  data: Data[];
  layout: Partial<Layout>;
  /** The accessible name: what the chart shows, in words. */
  label: string;
}

const dayAxis = { type: "date" as const, tickformat: "%d %b", gridcolor: GRID, automargin: true };
const countAxis = (title: string) => ({ title: { text: title, standoff: 8 }, rangemode: "tozero" as const, gridcolor: GRID, automargin: true });
const percentAxis = (title: string) => ({
  title: { text: title, standoff: 8 },
  ticksuffix: "%",
  rangemode: "tozero" as const,
  overlaying: "y" as const,
  side: "right" as const,
  showgrid: false,
  automargin: true,
});

/** Largest measured value and where it is, for the words of a chart's label. */
function peak(values: readonly Figure[], labels: readonly string[]): { value: number; label: string } | null {
  let best: { value: number; label: string } | null = null;
  values.forEach((v, i) => {
    if (v !== null && (best === null || v > best.value)) best = { value: v, label: labels[i] ?? "" };
  });
  return best;
}

const list = (parts: readonly string[]) => parts.join(", ");

// ---------------------------------------------------------------------------------------------
// Visitors insight

export function dailyAudienceChart(d: VisitorsInsightData): ChartSpec {
  const { days, shows, views, conversion } = d.daily;
  const top = peak(shows, days);
  return {
    data: [
      { type: "scatter", mode: "lines", name: "Shows", x: [...days], y: [...shows], line: { color: COLORS.shows }, hovertemplate: "%{y:,}" },
      { type: "scatter", mode: "lines", name: "Views", x: [...days], y: [...views], line: { color: COLORS.views }, hovertemplate: "%{y:,}" },
      {
        type: "scatter", mode: "lines", name: "Views conversion", x: [...days], y: [...conversion], yaxis: "y2",
        line: { color: COLORS.conversion, dash: "dot" }, hovertemplate: "%{y:.1f}%",
      },
    ],
    layout: { ...BASE_LAYOUT, xaxis: dayAxis, yaxis: countAxis("People"), yaxis2: percentAxis("Views conversion"), margin: { l: 56, r: 56, t: 16, b: 40 } },
    label:
      `Shows and views per day from ${days[0] ?? "?"} to ${days[days.length - 1] ?? "?"}, with views conversion in percent on a second axis.` +
      (top === null ? " Nothing was measured." : ` Most shows on ${top.label}: ${formatCount(top.value)}.`),
  };
}

/** The 168 cells as 7 rows (Monday first) of 24 hours. */
export function heatmapRows(averages: readonly Figure[]): Figure[][] {
  return WEEKDAYS.map((_, day) => HOURS.map((__, hour) => averages[day * 24 + hour] ?? null));
}

export function heatmapChart(d: VisitorsInsightData): ChartSpec {
  const z = heatmapRows(d.heatmap.averages);
  let busiest: { value: number; day: number; hour: number } | null = null;
  z.forEach((row, day) =>
    row.forEach((v, hour) => {
      if (v !== null && (busiest === null || v > busiest.value)) busiest = { value: v, day, hour };
    }),
  );
  const b = busiest as { value: number; day: number; hour: number } | null;
  return {
    data: [
      {
        type: "heatmap",
        x: HOURS.map((h) => h.slice(0, 2)),
        y: [...WEEKDAYS],
        z,
        colorscale: [[0, "#fff4ec"], [1, "#c94d0a"]],
        hoverongaps: false,
        hovertemplate: "%{y} %{x}:00: %{z:.1f} shows on average<extra></extra>",
        colorbar: { title: { text: "Shows" }, thickness: 12 },
      } as Data,
    ],
    layout: {
      ...BASE_LAYOUT,
      hovermode: "closest",
      showlegend: false,
      xaxis: { type: "category", title: { text: "Hour (Bangkok)" }, tickangle: 0, dtick: 2, automargin: true },
      yaxis: { autorange: "reversed", automargin: true },
      margin: { l: 88, r: 16, t: 16, b: 48 },
    },
    label:
      "Average shows by weekday (Monday first) and Bangkok hour." +
      (b === null ? " Nothing was measured." : ` Busiest: ${WEEKDAYS[b.day]} ${HOURS[b.hour]}, ${formatAverage(b.value)} shows on average.`),
  };
}

// ---------------------------------------------------------------------------------------------
// Leads & bounced

export function leadsBouncedChart(d: LeadsBouncedData): ChartSpec {
  const { days, leads, bounced } = d.daily;
  return {
    data: [
      { type: "bar", name: "Leads", x: [...days], y: [...leads], marker: { color: COLORS.leads }, hovertemplate: "%{y:,}" },
      { type: "bar", name: "Bounced", x: [...days], y: [...bounced], marker: { color: COLORS.bounced }, hovertemplate: "%{y:,}" },
    ],
    layout: { ...BASE_LAYOUT, barmode: "stack", xaxis: dayAxis, yaxis: countAxis("Visitors") },
    label:
      `Leads and bounced visitors per day from ${days[0] ?? "?"} to ${days[days.length - 1] ?? "?"}, stacked.` +
      ` In total ${figureText(d.totals.leads, formatCount)} leads (${figureText(d.shares.leads, formatPercent)})` +
      ` and ${figureText(d.totals.bounced, formatCount)} bounced (${figureText(d.shares.bounced, formatPercent)}).`,
  };
}

// ---------------------------------------------------------------------------------------------
// Views conversion

export function monthlyConversionChart(d: ViewsConversionData): ChartSpec {
  const { months, shows, views, conversion } = d.monthly;
  // Room above the highest conversion for its printed value.
  const topConversion = Math.max(0, ...conversion.map((c) => c ?? 0));
  return {
    data: [
      { type: "bar", name: "Shows", x: [...months], y: [...shows], marker: { color: COLORS.shows }, hovertemplate: "%{y:,}" },
      { type: "bar", name: "Views", x: [...months], y: [...views], marker: { color: COLORS.views }, hovertemplate: "%{y:,}" },
      {
        type: "scatter", mode: "text+lines+markers", name: "Views conversion", x: [...months], y: [...conversion], yaxis: "y2",
        text: conversion.map((c) => figureText(c, formatPercent)), textposition: "top center",
        line: { color: COLORS.conversion, dash: "dot" }, hovertemplate: "%{y:.1f}%",
      },
    ],
    layout: {
      ...BASE_LAYOUT,
      barmode: "group",
      xaxis: { type: "category", automargin: true },
      yaxis: countAxis("People"),
      yaxis2: { ...percentAxis("Views conversion"), range: [0, topConversion > 0 ? topConversion * 1.25 : 100] },
      margin: { l: 56, r: 56, t: 24, b: 40 },
    },
    label:
      "Shows and views per month with views conversion: " +
      list(months.map((m, i) => `${m} ${figureText(shows[i] ?? null, formatCount)} shows, ${figureText(views[i] ?? null, formatCount)} views, ${figureText(conversion[i] ?? null, formatPercent)}`)) +
      ".",
  };
}

export function contentChart(d: ViewsConversionData): ChartSpec {
  const { days, series, span } = d.content;
  return {
    data: series.map((s, i) => ({
      type: "scatter" as const,
      mode: "lines" as const,
      name: s.name,
      x: [...days],
      y: [...s.views],
      line: { color: PALETTE[i % PALETTE.length] },
      hovertemplate: "%{y:,}",
    })),
    layout: { ...BASE_LAYOUT, xaxis: dayAxis, yaxis: countAxis("Views") },
    label:
      `Views per content per day from ${span.start} to ${span.end}` +
      (series.length === 0 ? ": no content played." : `: ${list(series.map((s) => s.name))}.`),
  };
}

// ---------------------------------------------------------------------------------------------
// Views demographic

export function sexChart(d: ViewsDemographicData): ChartSpec {
  const { months, sex } = d;
  return {
    data: [
      { type: "bar", name: "Men", x: [...months], y: [...sex.men], marker: { color: COLORS.men }, hovertemplate: "%{y:,}" },
      { type: "bar", name: "Women", x: [...months], y: [...sex.women], marker: { color: COLORS.women }, hovertemplate: "%{y:,}" },
    ],
    layout: { ...BASE_LAYOUT, barmode: "group", xaxis: { type: "category", automargin: true }, yaxis: countAxis("Views") },
    label:
      "Views of men and women per month: " +
      list(months.map((m, i) => `${m} men ${figureText(sex.shares[i]?.men ?? null, formatPercent)}, women ${figureText(sex.shares[i]?.women ?? null, formatPercent)}`)) +
      ".",
  };
}

export function ageChart(d: ViewsDemographicData): ChartSpec {
  const labels = d.age.bands.map((b) => AGE_LABELS[b]);
  return {
    data: d.months.map((m, i) => ({
      type: "bar" as const,
      name: m,
      x: labels,
      y: [...(d.age.views[i] ?? [])],
      marker: { color: PALETTE[i % PALETTE.length] },
      hovertemplate: "%{y:,}",
    })),
    layout: { ...BASE_LAYOUT, barmode: "group", xaxis: { type: "category", automargin: true }, yaxis: countAxis("Views") },
    label: `Views per age band, one bar per month (${list(d.months)}).`,
  };
}

export function sexAgeChart(d: ViewsDemographicData): ChartSpec {
  const labels = d.sexAge.bands.map((b) => AGE_LABELS[b]);
  const top = peak([...d.sexAge.men, ...d.sexAge.women], [...labels.map((l) => `men ${l}`), ...labels.map((l) => `women ${l}`)]);
  return {
    data: [
      { type: "bar", name: "Men", x: labels, y: [...d.sexAge.men], marker: { color: COLORS.men }, hovertemplate: "%{y:,}" },
      { type: "bar", name: "Women", x: labels, y: [...d.sexAge.women], marker: { color: COLORS.women }, hovertemplate: "%{y:,}" },
    ],
    layout: { ...BASE_LAYOUT, barmode: "group", xaxis: { type: "category", automargin: true }, yaxis: countAxis("Views") },
    label:
      `Views of men and women per age band from ${d.span.start} to ${d.span.end}.` +
      (top === null ? " Nothing was measured." : ` Largest group: ${top.label}, ${formatCount(top.value)} views.`),
  };
}

export function emotionChart(d: ViewsDemographicData): ChartSpec {
  const measured = d.emotions.names.map((name, i) => ({ name, views: d.emotions.views[i] ?? null, share: d.emotions.shares[i] ?? null }));
  const shown = measured.filter((e) => e.views !== null && e.views > 0);
  return {
    data: [
      {
        type: "pie",
        labels: shown.map((e) => EMOTION_LABELS[e.name]),
        values: shown.map((e) => e.views as number),
        marker: { colors: shown.map((_, i) => PALETTE[i % PALETTE.length]!) },
        sort: false,
        hole: 0.45,
        textinfo: "label+percent",
        hovertemplate: "%{label}: %{value:,} views<extra></extra>",
      } as Data,
    ],
    layout: { ...BASE_LAYOUT, hovermode: "closest", margin: { l: 16, r: 16, t: 16, b: 16 } },
    label:
      `Views by dominant emotion from ${d.span.start} to ${d.span.end}: ` +
      list(measured.map((e) => `${EMOTION_LABELS[e.name]} ${figureText(e.share, formatPercent)}`)) +
      ".",
  };
}

// ---------------------------------------------------------------------------------------------
// Views dwell time

export function dwellChart(d: ViewsDwellTimeData): ChartSpec {
  const labels = DWELL_BUCKETS.map((b) => b.label);
  const shares = d.dwell.shares;
  return {
    data: [
      {
        type: "bar",
        name: "People",
        x: labels,
        y: [...d.dwell.buckets],
        text: shares.map((s) => figureText(s, formatPercent)),
        textposition: "outside",
        marker: { color: COLORS.shows },
        hovertemplate: "%{x}: %{y:,} people (%{text})<extra></extra>",
      },
    ],
    layout: {
      ...BASE_LAYOUT,
      hovermode: "closest",
      showlegend: false,
      xaxis: { type: "category", title: { text: "Dwell time" }, automargin: true },
      yaxis: countAxis("People"),
      margin: { l: 56, r: 16, t: 24, b: 48 },
    },
    label:
      `Dwell time of ${formatCount(d.dwell.total)} people from ${d.window.start} to ${d.window.end}: ` +
      list(labels.map((l, i) => `${l} ${figureText(shares[i] ?? null, formatPercent)}`)) +
      `. Median ${figureText(d.dwell.median, formatSeconds)}.`,
  };
}
