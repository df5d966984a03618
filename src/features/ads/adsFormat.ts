/**
 * How the /ads figures read (issue 15): the figure cards with their formulas (docs/ads.md), the
 * number formats (฿, %, ×, "—" for a figure without a value), every chart as Plotly traces with
 * its words and its figures as a table, and the campaign table's columns and CSV. Plain functions
 * of the server's `AdsFigures`; only types come from plotly.js.
 */
import type { Layout } from "plotly.js";
import type { Polarity } from "../../../domain/periodChange";
import { OBJECTIVE_LABELS, STATUS_LABELS, type AdFigures, type AdsFigures, type AdsRow } from "../../../domain/adsContract";
import { BASE_LAYOUT as SHARED_LAYOUT, COUNT_AXIS as countAxis, GRID_COLOUR, MONEY_AXIS as moneyAxis } from "@/components/charts/chartLayout";
import type { ChartCard, FigureColumn, FigureRow, FigureTable } from "@/components/charts/chartCard";
import type { CsvColumn } from "@/components/export/download";
import { formatCount, formatMoney, formatPercent } from "@/components/format/numbers";
import { PER_UNIT, formatPeriod } from "@/components/format/periods";
import { CHANNEL_LABELS, channelClick, objectiveClick } from "@/features/ads/adsRequest";

export const COLOURS = { spend: "#e85d0c", results: "#2f5f8a", muted: "#8a94a6" } as const;

/** What stands for a figure without a value (a zero denominator, no purchase value). */
export const NO_VALUE = "—";

export const money = (n: number): string => formatMoney(n);
export const count = (n: number): string => formatCount(n);
/** A click-through rate (a fraction): 0.01234 → "1.23%". */
export const rate = (n: number): string => formatPercent(n * 100, 2);
/** Frequency and ROAS: 1.8449 → "1.84×". */
export const times = (n: number): string => `${formatCount(n, 2)}×`;
/** A figure that may have no value: its format, or "—". */
export const orDash = (n: number | null, format: (n: number) => string): string => (n === null ? NO_VALUE : format(n));

// ---------------------------------------------------------------------------------------------
// Figure cards

export interface AdsKeyFigure {
  readonly label: string;
  readonly value: (f: AdFigures) => number | null;
  readonly format: (n: number) => string;
  /** A rise of CPM, CPC, cost per result or frequency is bad news; of spend, neither. */
  readonly polarity: Polarity;
  /** The formula or definition (docs/ads.md). */
  readonly definition: string;
  /** Why there is no value, when there is none. */
  readonly missing: string;
}

export const ADS_FIGURES: readonly AdsKeyFigure[] = [
  { label: "Spend", value: (f) => f.spend, format: money, polarity: "neutral", missing: "nothing spent",
    definition: "The sum of the daily spend, in baht." },
  { label: "Impressions", value: (f) => f.impressions, format: count, polarity: "higher-is-better", missing: "no impressions",
    definition: "Times the ads were on screen, summed." },
  { label: "Reach", value: (f) => f.reach, format: count, polarity: "higher-is-better", missing: "no reach",
    definition: "The daily reach of each ad, summed: a person reached on two days, or by two ads, counts twice." },
  { label: "Frequency", value: (f) => f.frequency, format: times, polarity: "lower-is-better", missing: "no reach, so no frequency",
    definition: "Impressions ÷ reach. A rise means the same people see the ads more often: bad." },
  { label: "Clicks", value: (f) => f.clicks, format: count, polarity: "higher-is-better", missing: "no clicks",
    definition: "Link clicks, summed." },
  { label: "CTR", value: (f) => f.ctr, format: rate, polarity: "higher-is-better", missing: "no impressions, so no CTR",
    definition: "Clicks ÷ impressions." },
  { label: "CPM", value: (f) => f.cpm, format: money, polarity: "lower-is-better", missing: "no impressions, so no CPM",
    definition: "Spend ÷ impressions × 1,000. A rise is bad." },
  { label: "CPC", value: (f) => f.cpc, format: money, polarity: "lower-is-better", missing: "no clicks, so no CPC",
    definition: "Spend ÷ clicks. A rise is bad." },
  { label: "Results", value: (f) => f.results, format: count, polarity: "higher-is-better", missing: "no results",
    definition: "The results of each campaign's objective (purchases, leads, messages, …), summed." },
  { label: "Cost per result", value: (f) => f.costPerResult, format: money, polarity: "lower-is-better", missing: "no results, so no cost per result",
    definition: "Spend ÷ results (CPA when the result is a purchase). A rise is bad." },
  { label: "Purchase value", value: (f) => f.purchaseValue, format: money, polarity: "higher-is-better", missing: "no purchase value in the data",
    definition: "The value of the purchases, summed where the export gives it." },
  { label: "ROAS", value: (f) => f.roas, format: times, polarity: "higher-is-better", missing: "no purchase value or no spend, so no ROAS",
    definition: "Purchase value ÷ spend." },
];

/** The figures as a table (CSV): this range and the previous one. */
export function keyFiguresTable(f: AdsFigures, range: string, previous: string): FigureTable {
  return {
    caption: `Ad figures, ${range}, against ${previous}`,
    rowHeader: "Figure",
    columns: [
      { header: range, format: count },
      { header: previous, format: count },
    ],
    rows: ADS_FIGURES.map((k) => ({ label: k.label, values: [k.value(f.totals), k.value(f.previous)], click: null })),
  };
}

// ---------------------------------------------------------------------------------------------
// Charts



const BASE_LAYOUT: Partial<Layout> = { ...SHARED_LAYOUT, margin: { l: 64, r: 16, t: 16, b: 48 } };
const indices = (n: number) => Array.from({ length: n }, (_, i) => i);

/** The columns of a breakdown's table (by channel, by objective). */
const BREAKDOWN_COLUMNS: readonly FigureColumn[] = [
  { header: "Spend (฿)", format: money },
  { header: "Results", format: count },
  { header: "Cost per result (฿)", format: money },
  { header: "CTR", format: rate },
  { header: "CPM (฿)", format: money },
  { header: "ROAS", format: times },
];
const breakdownValues = (f: AdFigures) => [f.spend, f.results, f.costPerResult, f.ctr, f.cpm, f.roas];

export function spendOverTimeCard(f: AdsFigures, range: string): ChartCard {
  const x = f.series.map((p) => p.start);
  const per = PER_UNIT[f.unit];
  return {
    id: "spend-and-results-over-time",
    title: "Spend and results over time",
    note: `Bars: spend ${per} (฿); line: results ${per} (right axis).`,
    clickable: false,
    wide: true,
    chart: {
      data: [
        { type: "bar", name: "Spend", x, y: f.series.map((p) => p.spend), marker: { color: COLOURS.spend }, hovertemplate: "Spend ฿%{y:,.2f}<extra></extra>" },
        { type: "scatter", mode: "lines+markers", name: "Results", x, y: f.series.map((p) => p.results), yaxis: "y2", line: { color: COLOURS.results, width: 2 }, marker: { size: 4 }, hovertemplate: "Results %{y:,}<extra></extra>" },
      ],
      layout: {
        ...BASE_LAYOUT,
        xaxis: { type: "date", tickformat: f.unit === "month" ? "%b %Y" : "%d %b", automargin: true, gridcolor: GRID_COLOUR },
        yaxis: moneyAxis,
        yaxis2: { ...countAxis, overlaying: "y", side: "right", showgrid: false },
        margin: { l: 64, r: 64, t: 16, b: 48 },
        showlegend: true,
      },
      label: `Spend and results ${per}, ${range}: ${money(f.totals.spend)} spent for ${count(f.totals.results)} results, cost per result ${orDash(f.totals.costPerResult, money)}.`,
    },
    table: {
      caption: `Spend and results ${per}, ${range}`,
      rowHeader: "Period",
      columns: [
        { header: "Spend (฿)", format: money },
        { header: "Results", format: count },
        { header: "Cost per result (฿)", format: money },
        { header: "Impressions", format: count },
        { header: "Clicks", format: count },
      ],
      rows: f.series.map((p) => ({ label: formatPeriod(p.start, f.unit), values: [p.spend, p.results, p.costPerResult, p.impressions, p.clicks], click: null })),
    },
  };
}

export function channelCard(f: AdsFigures, range: string): ChartCard {
  const channels = [...f.byChannel].sort((a, b) => b.spend - a.spend);
  const rows: FigureRow[] = channels.map((c) => ({ label: CHANNEL_LABELS[c.channel], values: breakdownValues(c), click: channelClick(c.channel) }));
  return {
    id: "spend-by-channel",
    title: "Spend by channel",
    note: "Spend of each channel's campaigns in the range.",
    hint: "Click a bar to see only that channel's figures.",
    clickable: true,
    chart: {
      data: [
        {
          type: "bar",
          name: "Spend",
          x: rows.map((r) => r.label),
          y: channels.map((c) => c.spend),
          customdata: indices(rows.length),
          marker: { color: COLOURS.spend },
          hovertemplate: "%{x}: ฿%{y:,.2f}<extra></extra>",
        },
      ],
      layout: { ...BASE_LAYOUT, xaxis: { type: "category", automargin: true }, yaxis: moneyAxis, showlegend: false },
      label: `Spend by channel, ${range}: ${channels.map((c) => `${CHANNEL_LABELS[c.channel]} ${money(c.spend)}`).join(", ") || "nothing spent"}.`,
    },
    table: { caption: `Spend by channel, ${range}`, rowHeader: "Channel", columns: BREAKDOWN_COLUMNS, rows },
  };
}

export function objectiveCard(f: AdsFigures, range: string): ChartCard {
  const objectives = [...f.byObjective].sort((a, b) => b.spend - a.spend);
  const rows: FigureRow[] = objectives.map((o) => ({ label: OBJECTIVE_LABELS[o.objective], values: breakdownValues(o), click: objectiveClick(o.objective) }));
  return {
    id: "spend-by-objective",
    title: "Spend by objective",
    note: "Spend of the campaigns of each objective in the range.",
    hint: "Click a bar to see only the campaigns of that objective.",
    clickable: true,
    chart: {
      data: [
        {
          type: "bar",
          name: "Spend",
          x: rows.map((r) => r.label),
          y: objectives.map((o) => o.spend),
          customdata: indices(rows.length),
          marker: { color: COLOURS.results },
          hovertemplate: "%{x}: ฿%{y:,.2f}<extra></extra>",
        },
      ],
      layout: { ...BASE_LAYOUT, xaxis: { type: "category", automargin: true }, yaxis: moneyAxis, showlegend: false },
      label: `Spend by objective, ${range}: ${objectives.map((o) => `${OBJECTIVE_LABELS[o.objective]} ${money(o.spend)}`).join(", ") || "nothing spent"}.`,
    },
    table: { caption: `Spend by objective, ${range}`, rowHeader: "Objective", columns: BREAKDOWN_COLUMNS, rows },
  };
}

/** Every chart of the page, in reading order. */
export function adsCards(f: AdsFigures, range: string): ChartCard[] {
  return [spendOverTimeCard(f, range), channelCard(f, range), objectiveCard(f, range)];
}

// ---------------------------------------------------------------------------------------------
// The campaign table

export const LEVEL_NAMES = { campaign: "Campaigns", adSet: "Ad sets", ad: "Ads" } as const;

/** The figure columns of the table, by sort key; each shows "—" where the figure has no value. */
export const TABLE_COLUMNS = [
  { header: "Spend", sort: "spend", cell: (r: AdsRow) => money(r.spend) },
  { header: "Results", sort: "results", cell: (r: AdsRow) => count(r.results) },
  { header: "Cost per result", sort: "costPerResult", cell: (r: AdsRow) => orDash(r.costPerResult, money) },
  { header: "CTR", sort: "ctr", cell: (r: AdsRow) => orDash(r.ctr, rate) },
  { header: "CPM", sort: "cpm", cell: (r: AdsRow) => orDash(r.cpm, money) },
  { header: "Frequency", sort: "frequency", cell: (r: AdsRow) => orDash(r.frequency, times) },
  { header: "ROAS", sort: "roas", cell: (r: AdsRow) => orDash(r.roas, times) },
] as const;

/** What a row says under its name: status and objective (campaigns), budget and goal (ad sets), format (ads). */
export function rowDetail(r: AdsRow): string {
  const parts: string[] = [CHANNEL_LABELS[r.channel]];
  if (r.objective !== null) parts.push(OBJECTIVE_LABELS[r.objective]);
  if (r.budget !== null) parts.push(`${money(r.budget)} ${r.budgetKind === "lifetime" ? "lifetime budget" : "a day"}`);
  if (r.optimisationGoal !== null) parts.push(`optimised for ${r.optimisationGoal}`);
  if (r.format !== null) parts.push(r.format.charAt(0).toUpperCase() + r.format.slice(1));
  if (r.resultType !== null) parts.push(`results: ${r.resultType}`);
  return parts.join(" · ");
}

export const statusLabel = (r: AdsRow): string | null => (r.status === null ? null : STATUS_LABELS[r.status]);

/** The table's CSV: every figure of a row, plain numbers, empty where a figure has no value. */
export const ADS_CSV_COLUMNS: readonly CsvColumn<AdsRow>[] = [
  { header: "Name", value: (r) => r.name },
  { header: "ID", value: (r) => r.id },
  { header: "Campaign ID", value: (r) => r.campaignId },
  { header: "Channel", value: (r) => CHANNEL_LABELS[r.channel] },
  { header: "Ad account", value: (r) => r.account },
  { header: "Status", value: (r) => (r.status === null ? null : STATUS_LABELS[r.status]) },
  { header: "Objective", value: (r) => (r.objective === null ? null : OBJECTIVE_LABELS[r.objective]) },
  { header: "Budget (THB)", value: (r) => r.budget },
  { header: "Budget kind", value: (r) => r.budgetKind },
  { header: "Optimisation goal", value: (r) => r.optimisationGoal },
  { header: "Format", value: (r) => r.format },
  { header: "Result type", value: (r) => r.resultType },
  { header: "Spend (THB)", value: (r) => r.spend },
  { header: "Impressions", value: (r) => r.impressions },
  { header: "Reach", value: (r) => r.reach },
  { header: "Clicks", value: (r) => r.clicks },
  { header: "Video views", value: (r) => r.videoViews },
  { header: "Results", value: (r) => r.results },
  { header: "Purchase value (THB)", value: (r) => r.purchaseValue },
  { header: "CTR", value: (r) => r.ctr },
  { header: "CPM (THB)", value: (r) => r.cpm },
  { header: "CPC (THB)", value: (r) => r.cpc },
  { header: "Frequency", value: (r) => r.frequency },
  { header: "Cost per result (THB)", value: (r) => r.costPerResult },
  { header: "ROAS", value: (r) => r.roas },
];
