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
import { dateAxis, dateHoverLabels } from "@/components/charts/dateAxis";
import { formatDay, formatMonthShort, weekdayNames as calendarWeekdays } from "@/components/format/dates";
import { formatCount as count, formatPercent as percent } from "@/components/format/numbers";
import { t, type MessageKey } from "@/i18n/i18n";

/** What a missing figure reads as. */
export const NOT_MEASURED = "—"; // i18n-ignore: a dash, not a word

/** 1234567 → "1,234,567". */
export const formatCount = (n: number): string => count(n);
/** 12.345 → "12.3" (averages of counts). */
export const formatAverage = (n: number): string => count(n, 1);
/** 23.45 → "23.5%". */
export const formatPercent = (n: number): string => percent(n, 1, 1);
/** 4.44 → "4.4 s" ("4.4 วินาที"). */
export const formatSeconds = (n: number): string => t("o2o.seconds", { value: count(n, 1) });

/** A figure as text: "—" when it was not measured. */
export function figureText(n: Figure, format: (n: number) => string): string {
  return n === null ? NOT_MEASURED : format(n);
}

/** The days of the week, Monday first (their names come from `weekdayNames`). */
export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
const WEEKDAY_KEYS = {
  mon: "o2o.weekday.mon", tue: "o2o.weekday.tue", wed: "o2o.weekday.wed", thu: "o2o.weekday.thu",
  fri: "o2o.weekday.fri", sat: "o2o.weekday.sat", sun: "o2o.weekday.sun",
} as const satisfies Record<(typeof WEEKDAYS)[number], MessageKey>;
/** "Monday" … "Sunday" ("จ." … "อา."), Monday first. */
export const weekdayNames = (): string[] => WEEKDAYS.map((d) => t(WEEKDAY_KEYS[d]));
/** A weekday (0 = Monday) in full, for what screen readers hear: "Monday" ("วันจันทร์"). */
const weekdayLong = (day: number): string => calendarWeekdays()[day]?.long ?? "";
/** "00:00" … "23:00": the Bangkok hour a heatmap column starts. */
export const HOURS = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, "0")}:00`);

/** An age band in words: "Under 18", "18–24", "55 and over". */
export function ageLabel(band: AgeBand): string {
  if (band === "0-17") return t("o2o.age.under18");
  if (band === "55+") return t("o2o.age.over55");
  return band.replace("-", "–");
}
const EMOTION_KEYS = {
  neutral: "o2o.emotion.neutral", happy: "o2o.emotion.happy", surprise: "o2o.emotion.surprise", sad: "o2o.emotion.sad",
  angry: "o2o.emotion.angry", fear: "o2o.emotion.fear", disgust: "o2o.emotion.disgust",
} as const satisfies Record<Emotion, MessageKey>;
/** A dominant emotion in words. */
export const emotionLabel = (emotion: Emotion): string => t(EMOTION_KEYS[emotion]);

/** A dwell-time bucket in words: "0–5 s", "60+ s". */
export const dwellBucketLabel = (b: { readonly min: number; readonly max: number | null }): string =>
  b.max === null ? t("o2o.dwell.bucketOpen", { min: count(b.min) }) : t("o2o.dwell.bucket", { min: count(b.min), max: count(b.max) });
/** The dwell-time buckets in words, shortest first. */
export const dwellBucketLabels = (): string[] => DWELL_BUCKETS.map(dwellBucketLabel);

/** Month labels of the data (each month's first day, YYYY-MM-DD) as shown: "Jan 2024" ("ม.ค. 2567"). */
export const monthLabels = (months: readonly string[]): string[] => months.map(formatMonthShort);

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

/** An x axis of days, labelled in the user's language and calendar. */
const dayAxis = (days: readonly string[]) => ({ ...dateAxis(days, "day"), gridcolor: GRID, automargin: true });

/** A day trace's hover: the day in words, the series and its figure (Plotly's own date labels are English). */
function dayHover(days: readonly string[], name: string, values: readonly Figure[], format: (n: number) => string) {
  const labels = dateHoverLabels(days, "day");
  return {
    customdata: days.map((_, i) => [labels[i] ?? "", figureText(values[i] ?? null, format)]),
    hovertemplate: `%{customdata[0]}<br>${name}: %{customdata[1]}<extra></extra>`,
  };
}
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
/** Sentences of an accessible name, one after the other. */
const sentences = (...parts: readonly string[]) => parts.join(" ");
/** A day of a span as shown ("?" when the series is empty). */
const spanDay = (day: string | undefined) => (day === undefined ? "?" : formatDay(day));

// ---------------------------------------------------------------------------------------------
// Visitors insight

export function dailyAudienceChart(d: VisitorsInsightData): ChartSpec {
  const { days, shows, views, conversion } = d.daily;
  const top = peak(shows, days);
  const [showsName, viewsName, conversionName] = [t("o2o.shows"), t("o2o.views"), t("o2o.conversion")];
  return {
    data: [
      { type: "scatter", mode: "lines", name: showsName, x: [...days], y: [...shows], line: { color: COLORS.shows }, ...dayHover(days, showsName, shows, formatCount) },
      { type: "scatter", mode: "lines", name: viewsName, x: [...days], y: [...views], line: { color: COLORS.views }, ...dayHover(days, viewsName, views, formatCount) },
      {
        type: "scatter", mode: "lines", name: conversionName, x: [...days], y: [...conversion], yaxis: "y2",
        line: { color: COLORS.conversion, dash: "dot" }, ...dayHover(days, conversionName, conversion, formatPercent),
      },
    ],
    layout: {
      ...BASE_LAYOUT, hovermode: "closest", xaxis: dayAxis(days), yaxis: countAxis(t("o2o.people")), yaxis2: percentAxis(conversionName),
      margin: { l: 56, r: 56, t: 16, b: 40 },
    },
    label: sentences(
      t("o2o.daily.label", { from: spanDay(days[0]), to: spanDay(days[days.length - 1]) }),
      top === null ? t("o2o.nothingMeasured") : t("o2o.daily.peak", { day: formatDay(top.label), value: formatCount(top.value) }),
    ),
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
        y: weekdayNames(),
        z,
        colorscale: [[0, "#fff4ec"], [1, "#c94d0a"]],
        hoverongaps: false,
        hovertemplate: `${t("o2o.heatmap.hover", { weekday: "%{y}", hour: "%{x}", value: "%{z:.1f}" })}<extra></extra>`,
        colorbar: { title: { text: t("o2o.shows") }, thickness: 12 },
      } as Data,
    ],
    layout: {
      ...BASE_LAYOUT,
      hovermode: "closest",
      showlegend: false,
      xaxis: { type: "category", title: { text: t("o2o.hourBangkok") }, tickangle: 0, dtick: 2, automargin: true },
      yaxis: { autorange: "reversed", automargin: true },
      margin: { l: 88, r: 16, t: 16, b: 48 },
    },
    label: sentences(
      t("o2o.heatmap.label"),
      b === null
        ? t("o2o.nothingMeasured")
        : t("o2o.heatmap.busiest", { weekday: weekdayLong(b.day), hour: HOURS[b.hour] ?? "", value: formatAverage(b.value) }),
    ),
  };
}

// ---------------------------------------------------------------------------------------------
// Leads & bounced

export function leadsBouncedChart(d: LeadsBouncedData): ChartSpec {
  const { days, leads, bounced } = d.daily;
  const [leadsName, bouncedName] = [t("o2o.leads"), t("o2o.bounced")];
  return {
    data: [
      { type: "bar", name: leadsName, x: [...days], y: [...leads], marker: { color: COLORS.leads }, ...dayHover(days, leadsName, leads, formatCount) },
      { type: "bar", name: bouncedName, x: [...days], y: [...bounced], marker: { color: COLORS.bounced }, ...dayHover(days, bouncedName, bounced, formatCount) },
    ],
    layout: { ...BASE_LAYOUT, hovermode: "closest", barmode: "stack", xaxis: dayAxis(days), yaxis: countAxis(t("o2o.visitors")) },
    label: t("o2o.leadsBounced.label", {
      from: spanDay(days[0]),
      to: spanDay(days[days.length - 1]),
      leads: figureText(d.totals.leads, formatCount),
      leadsShare: figureText(d.shares.leads, formatPercent),
      bounced: figureText(d.totals.bounced, formatCount),
      bouncedShare: figureText(d.shares.bounced, formatPercent),
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Views conversion

export function monthlyConversionChart(d: ViewsConversionData): ChartSpec {
  const { shows, views, conversion } = d.monthly;
  const months = monthLabels(d.monthly.months);
  // Room above the highest conversion for its printed value.
  const topConversion = Math.max(0, ...conversion.map((c) => c ?? 0));
  return {
    data: [
      { type: "bar", name: t("o2o.shows"), x: [...months], y: [...shows], marker: { color: COLORS.shows }, hovertemplate: "%{y:,}" },
      { type: "bar", name: t("o2o.views"), x: [...months], y: [...views], marker: { color: COLORS.views }, hovertemplate: "%{y:,}" },
      {
        type: "scatter", mode: "text+lines+markers", name: t("o2o.conversion"), x: [...months], y: [...conversion], yaxis: "y2",
        text: conversion.map((c) => figureText(c, formatPercent)), textposition: "top center",
        line: { color: COLORS.conversion, dash: "dot" }, hovertemplate: "%{y:.1f}%",
      },
    ],
    layout: {
      ...BASE_LAYOUT,
      barmode: "group",
      xaxis: { type: "category", automargin: true },
      yaxis: countAxis(t("o2o.people")),
      yaxis2: { ...percentAxis(t("o2o.conversion")), range: [0, topConversion > 0 ? topConversion * 1.25 : 100] },
      margin: { l: 56, r: 56, t: 24, b: 40 },
    },
    label: t("o2o.monthly.label", {
      months: list(
        months.map((month, i) =>
          t("o2o.monthly.item", {
            month,
            shows: figureText(shows[i] ?? null, formatCount),
            views: figureText(views[i] ?? null, formatCount),
            conversion: figureText(conversion[i] ?? null, formatPercent),
          }),
        ),
      ),
    }),
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
      ...dayHover(days, s.name, s.views, formatCount),
    })),
    layout: { ...BASE_LAYOUT, hovermode: "closest", xaxis: dayAxis(days), yaxis: countAxis(t("o2o.views")) },
    label:
      series.length === 0
        ? t("o2o.content.labelNone", { from: formatDay(span.start), to: formatDay(span.end) })
        : t("o2o.content.label", { from: formatDay(span.start), to: formatDay(span.end), names: list(series.map((s) => s.name)) }),
  };
}

// ---------------------------------------------------------------------------------------------
// Views demographic

export function sexChart(d: ViewsDemographicData): ChartSpec {
  const { sex } = d;
  const months = monthLabels(d.months);
  return {
    data: [
      { type: "bar", name: t("o2o.men"), x: [...months], y: [...sex.men], marker: { color: COLORS.men }, hovertemplate: "%{y:,}" },
      { type: "bar", name: t("o2o.women"), x: [...months], y: [...sex.women], marker: { color: COLORS.women }, hovertemplate: "%{y:,}" },
    ],
    layout: { ...BASE_LAYOUT, barmode: "group", xaxis: { type: "category", automargin: true }, yaxis: countAxis(t("o2o.views")) },
    label: t("o2o.sex.label", {
      months: list(
        months.map((month, i) =>
          t("o2o.sex.item", { month, men: figureText(sex.shares[i]?.men ?? null, formatPercent), women: figureText(sex.shares[i]?.women ?? null, formatPercent) }),
        ),
      ),
    }),
  };
}

export function ageChart(d: ViewsDemographicData): ChartSpec {
  const labels = d.age.bands.map(ageLabel);
  const months = monthLabels(d.months);
  return {
    data: months.map((m, i) => ({
      type: "bar" as const,
      name: m,
      x: labels,
      y: [...(d.age.views[i] ?? [])],
      marker: { color: PALETTE[i % PALETTE.length] },
      hovertemplate: "%{y:,}",
    })),
    layout: { ...BASE_LAYOUT, barmode: "group", xaxis: { type: "category", automargin: true }, yaxis: countAxis(t("o2o.views")) },
    label: t("o2o.age.label", { months: list(months) }),
  };
}

export function sexAgeChart(d: ViewsDemographicData): ChartSpec {
  const labels = d.sexAge.bands.map(ageLabel);
  const groups = [...labels.map((band) => t("o2o.sexAge.menGroup", { band })), ...labels.map((band) => t("o2o.sexAge.womenGroup", { band }))];
  const top = peak([...d.sexAge.men, ...d.sexAge.women], groups);
  return {
    data: [
      { type: "bar", name: t("o2o.men"), x: labels, y: [...d.sexAge.men], marker: { color: COLORS.men }, hovertemplate: "%{y:,}" },
      { type: "bar", name: t("o2o.women"), x: labels, y: [...d.sexAge.women], marker: { color: COLORS.women }, hovertemplate: "%{y:,}" },
    ],
    layout: { ...BASE_LAYOUT, barmode: "group", xaxis: { type: "category", automargin: true }, yaxis: countAxis(t("o2o.views")) },
    label: sentences(
      t("o2o.sexAge.label", { from: formatDay(d.span.start), to: formatDay(d.span.end) }),
      top === null ? t("o2o.nothingMeasured") : t("o2o.sexAge.largest", { group: top.label, value: formatCount(top.value) }),
    ),
  };
}

export function emotionChart(d: ViewsDemographicData): ChartSpec {
  const measured = d.emotions.names.map((name, i) => ({ name, views: d.emotions.views[i] ?? null, share: d.emotions.shares[i] ?? null }));
  const shown = measured.filter((e) => e.views !== null && e.views > 0);
  return {
    data: [
      {
        type: "pie",
        labels: shown.map((e) => emotionLabel(e.name)),
        values: shown.map((e) => e.views as number),
        marker: { colors: shown.map((_, i) => PALETTE[i % PALETTE.length]!) },
        sort: false,
        hole: 0.45,
        textinfo: "label+percent",
        hovertemplate: `${t("o2o.emotions.hover", { emotion: "%{label}", value: "%{value:,}" })}<extra></extra>`,
      } as Data,
    ],
    layout: { ...BASE_LAYOUT, hovermode: "closest", margin: { l: 16, r: 16, t: 16, b: 16 } },
    label: t("o2o.emotions.label", {
      from: formatDay(d.span.start),
      to: formatDay(d.span.end),
      emotions: list(measured.map((e) => `${emotionLabel(e.name)} ${figureText(e.share, formatPercent)}`)),
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Views dwell time

export function dwellChart(d: ViewsDwellTimeData): ChartSpec {
  const labels = dwellBucketLabels();
  const shares = d.dwell.shares;
  return {
    data: [
      {
        type: "bar",
        name: t("o2o.people"),
        x: labels,
        y: [...d.dwell.buckets],
        text: shares.map((s) => figureText(s, formatPercent)),
        textposition: "outside",
        marker: { color: COLORS.shows },
        hovertemplate: `${t("o2o.dwell.hover", { bucket: "%{x}", people: "%{y:,}", share: "%{text}" })}<extra></extra>`,
      },
    ],
    layout: {
      ...BASE_LAYOUT,
      hovermode: "closest",
      showlegend: false,
      xaxis: { type: "category", title: { text: t("o2o.dwellTime") }, automargin: true },
      yaxis: countAxis(t("o2o.people")),
      margin: { l: 56, r: 16, t: 24, b: 48 },
    },
    label: t("o2o.dwell.label", {
      people: formatCount(d.dwell.total),
      from: formatDay(d.window.start),
      to: formatDay(d.window.end),
      buckets: list(labels.map((l, i) => `${l} ${figureText(shares[i] ?? null, formatPercent)}`)),
      median: figureText(d.dwell.median, formatSeconds),
    }),
  };
}
