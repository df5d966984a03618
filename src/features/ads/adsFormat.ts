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
import { dateAxis, dateHoverLabels } from "@/components/charts/dateAxis";
import { t, type MessageKey } from "@/i18n/i18n";
import type { AdObjective, CampaignStatus } from "../../../domain/adsContract";

const OBJECTIVE_KEYS = {
  sales: "ads.objective.sales", leads: "ads.objective.leads", messages: "ads.objective.messages", traffic: "ads.objective.traffic",
  engagement: "ads.objective.engagement", video_views: "ads.objective.videoViews", awareness: "ads.objective.awareness", app_promotion: "ads.objective.appPromotion",
} as const satisfies Record<AdObjective, MessageKey>;
const STATUS_KEYS = { active: "ads.status.active", paused: "ads.status.paused", ended: "ads.status.ended" } as const satisfies Record<CampaignStatus, MessageKey>;
/** An objective in the user's language (OBJECTIVE_LABELS of domain/adsContract in English). */
export const objectiveLabel = (o: AdObjective): string => t(OBJECTIVE_KEYS[o]);
/** A status in the user's language. */
export const statusText = (s: CampaignStatus): string => t(STATUS_KEYS[s]);

export const COLOURS = { spend: "#e85d0c", results: "#2f5f8a", muted: "#8a94a6" } as const;

/** What stands for a figure without a value (a zero denominator, no purchase value). */
export const NO_VALUE = "—"; // i18n-ignore: a dash, no words

export const money = (n: number): string => formatMoney(n);
export const count = (n: number): string => formatCount(n);
/** A click-through rate (a fraction): 0.01234 → "1.23%". */
export const rate = (n: number): string => formatPercent(n * 100, 2);
/** Frequency and ROAS: 1.8449 → "1.84×". */
export const times = (n: number): string => `${formatCount(n, 2)}×`; // i18n-ignore: a unit sign
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

/** The figure cards, in the active language (a function: the words are read at render). */
export const adsFigures = (): readonly AdsKeyFigure[] => [
  { label: t("ads.figure.spend"), value: (f) => f.spend, format: money, polarity: "neutral", missing: t("ads.missing.spend"),
    definition: t("ads.figure.spendDefinition") },
  { label: t("ads.figure.impressions"), value: (f) => f.impressions, format: count, polarity: "higher-is-better", missing: t("ads.missing.impressions"),
    definition: t("ads.figure.impressionsDefinition") },
  { label: t("ads.figure.reach"), value: (f) => f.reach, format: count, polarity: "higher-is-better", missing: t("ads.missing.reach"),
    definition: t("ads.figure.reachDefinition") },
  { label: t("ads.figure.frequency"), value: (f) => f.frequency, format: times, polarity: "lower-is-better", missing: t("ads.missing.frequency"),
    definition: t("ads.figure.frequencyDefinition") },
  { label: t("ads.figure.clicks"), value: (f) => f.clicks, format: count, polarity: "higher-is-better", missing: t("ads.missing.clicks"),
    definition: t("ads.figure.clicksDefinition") },
  { label: t("ads.figure.ctr"), value: (f) => f.ctr, format: rate, polarity: "higher-is-better", missing: t("ads.missing.ctr"),
    definition: t("ads.figure.ctrDefinition") },
  { label: t("ads.figure.cpm"), value: (f) => f.cpm, format: money, polarity: "lower-is-better", missing: t("ads.missing.cpm"),
    definition: t("ads.figure.cpmDefinition") },
  { label: t("ads.figure.cpc"), value: (f) => f.cpc, format: money, polarity: "lower-is-better", missing: t("ads.missing.cpc"),
    definition: t("ads.figure.cpcDefinition") },
  { label: t("ads.figure.results"), value: (f) => f.results, format: count, polarity: "higher-is-better", missing: t("ads.missing.results"),
    definition: t("ads.figure.resultsDefinition") },
  { label: t("ads.figure.costPerResult"), value: (f) => f.costPerResult, format: money, polarity: "lower-is-better", missing: t("ads.missing.costPerResult"),
    definition: t("ads.figure.costPerResultDefinition") },
  { label: t("ads.figure.purchaseValue"), value: (f) => f.purchaseValue, format: money, polarity: "higher-is-better", missing: t("ads.missing.purchaseValue"),
    definition: t("ads.figure.purchaseValueDefinition") },
  { label: t("ads.figure.roas"), value: (f) => f.roas, format: times, polarity: "higher-is-better", missing: t("ads.missing.roas"),
    definition: t("ads.figure.roasDefinition") },
];

/** The figures as a table (CSV): this range and the previous one. */
export function keyFiguresTable(f: AdsFigures, range: string, previous: string): FigureTable {
  return {
    caption: t("ads.figuresTable.caption", { range, previous }),
    rowHeader: t("ads.figuresTable.rowHeader"),
    columns: [
      { header: range, format: count },
      { header: previous, format: count },
    ],
    rows: adsFigures().map((k) => ({ label: k.label, values: [k.value(f.totals), k.value(f.previous)], click: null })),
  };
}

// ---------------------------------------------------------------------------------------------
// Charts



const BASE_LAYOUT: Partial<Layout> = { ...SHARED_LAYOUT, margin: { l: 64, r: 16, t: 16, b: 48 } };
const indices = (n: number) => Array.from({ length: n }, (_, i) => i);

/** The columns of a breakdown's table (by channel, by objective). */
const breakdownColumns = (): readonly FigureColumn[] => [
  { header: t("ads.column.spend"), format: money },
  { header: t("ads.column.results"), format: count },
  { header: t("ads.column.costPerResult"), format: money },
  { header: t("ads.column.ctr"), format: rate },
  { header: t("ads.column.cpm"), format: money },
  { header: t("ads.column.roas"), format: times },
];
const breakdownValues = (f: AdFigures) => [f.spend, f.results, f.costPerResult, f.ctr, f.cpm, f.roas];

export function spendOverTimeCard(f: AdsFigures, range: string): ChartCard {
  const x = f.series.map((p) => p.start);
  const per = PER_UNIT[f.unit];
  const hover = dateHoverLabels(x, f.unit);
  const spendName = t("ads.chart.spend");
  const resultsName = t("ads.chart.results");
  return {
    id: "spend-and-results-over-time",
    title: t("ads.chart.time.title"),
    note: t("ads.chart.time.note", { per }),
    clickable: false,
    wide: true,
    chart: {
      data: [
        { type: "bar", name: spendName, x, y: f.series.map((p) => p.spend), customdata: f.series.map((p, i) => [hover[i] ?? "", money(p.spend)]), marker: { color: COLOURS.spend }, hovertemplate: `%{customdata[0]}<br>${spendName} %{customdata[1]}<extra></extra>` },
        { type: "scatter", mode: "lines+markers", name: resultsName, x, y: f.series.map((p) => p.results), yaxis: "y2", customdata: f.series.map((p, i) => [hover[i] ?? "", count(p.results)]), line: { color: COLOURS.results, width: 2 }, marker: { size: 4 }, hovertemplate: `%{customdata[0]}<br>${resultsName} %{customdata[1]}<extra></extra>` },
      ],
      layout: {
        ...BASE_LAYOUT,
        xaxis: { ...dateAxis(x, f.unit), gridcolor: GRID_COLOUR },
        yaxis: moneyAxis,
        yaxis2: { ...countAxis, overlaying: "y", side: "right", showgrid: false },
        margin: { l: 64, r: 64, t: 16, b: 48 },
        showlegend: true,
      },
      label: t("ads.chart.time.label", { per, range, spend: money(f.totals.spend), results: count(f.totals.results), cost: orDash(f.totals.costPerResult, money) }),
    },
    table: {
      caption: t("ads.chart.time.caption", { per, range }),
      rowHeader: t("ads.column.period"),
      columns: [
        { header: t("ads.column.spend"), format: money },
        { header: t("ads.column.results"), format: count },
        { header: t("ads.column.costPerResult"), format: money },
        { header: t("ads.column.impressions"), format: count },
        { header: t("ads.column.clicks"), format: count },
      ],
      dated: true,
      rows: f.series.map((p) => ({ label: formatPeriod(p.start, f.unit), values: [p.spend, p.results, p.costPerResult, p.impressions, p.clicks], click: null })),
    },
  };
}

export function channelCard(f: AdsFigures, range: string): ChartCard {
  const channels = [...f.byChannel].sort((a, b) => b.spend - a.spend);
  const rows: FigureRow[] = channels.map((c) => ({ label: CHANNEL_LABELS[c.channel], values: breakdownValues(c), click: channelClick(c.channel) }));
  return {
    id: "spend-by-channel",
    title: t("ads.chart.channel.title"),
    note: t("ads.chart.channel.note"),
    hint: t("ads.chart.channel.hint"),
    clickable: true,
    chart: {
      data: [
        {
          type: "bar",
          name: t("ads.chart.spend"),
          x: rows.map((r) => r.label),
          y: channels.map((c) => c.spend),
          customdata: indices(rows.length),
          marker: { color: COLOURS.spend },
          text: rows.map((r) => `${r.label}: ${money(Number(r.values[0] ?? 0))}`),
          hovertemplate: "%{text}<extra></extra>",
          textposition: "none",
        },
      ],
      layout: { ...BASE_LAYOUT, xaxis: { type: "category", automargin: true }, yaxis: moneyAxis, showlegend: false },
      label: t("ads.chart.channel.label", { range, list: channels.map((c) => `${CHANNEL_LABELS[c.channel]} ${money(c.spend)}`).join(", ") || t("ads.chart.nothingSpent") }),
    },
    table: { caption: t("ads.chart.channel.caption", { range }), rowHeader: t("ads.chart.channel.rowHeader"), columns: breakdownColumns(), rows },
  };
}

export function objectiveCard(f: AdsFigures, range: string): ChartCard {
  const objectives = [...f.byObjective].sort((a, b) => b.spend - a.spend);
  const rows: FigureRow[] = objectives.map((o) => ({ label: objectiveLabel(o.objective), values: breakdownValues(o), click: objectiveClick(o.objective) }));
  return {
    id: "spend-by-objective",
    title: t("ads.chart.objective.title"),
    note: t("ads.chart.objective.note"),
    hint: t("ads.chart.objective.hint"),
    clickable: true,
    chart: {
      data: [
        {
          type: "bar",
          name: t("ads.chart.spend"),
          x: rows.map((r) => r.label),
          y: objectives.map((o) => o.spend),
          customdata: indices(rows.length),
          marker: { color: COLOURS.results },
          text: rows.map((r) => `${r.label}: ${money(Number(r.values[0] ?? 0))}`),
          hovertemplate: "%{text}<extra></extra>",
          textposition: "none",
        },
      ],
      layout: { ...BASE_LAYOUT, xaxis: { type: "category", automargin: true }, yaxis: moneyAxis, showlegend: false },
      label: t("ads.chart.objective.label", { range, list: objectives.map((o) => `${objectiveLabel(o.objective)} ${money(o.spend)}`).join(", ") || t("ads.chart.nothingSpent") }),
    },
    table: { caption: t("ads.chart.objective.caption", { range }), rowHeader: t("ads.chart.objective.rowHeader"), columns: breakdownColumns(), rows },
  };
}

/** Every chart of the page, in reading order. */
export function adsCards(f: AdsFigures, range: string): ChartCard[] {
  return [spendOverTimeCard(f, range), channelCard(f, range), objectiveCard(f, range)];
}

// ---------------------------------------------------------------------------------------------
// The campaign table

export const LEVEL_NAMES = { campaign: "Campaigns", adSet: "Ad sets", ad: "Ads" } as const; // i18n-ignore: file names (shown via levelName)
const LEVEL_KEYS = { campaign: "ads.level.campaign", adSet: "ads.level.adSet", ad: "ads.level.ad" } as const satisfies Record<keyof typeof LEVEL_NAMES, MessageKey>;
/** A level's name in the user's language. */
export const levelName = (level: keyof typeof LEVEL_NAMES): string => t(LEVEL_KEYS[level]);

/** The figure columns of the table, by sort key; each shows "—" where the figure has no value. */
export const tableColumns = () => [
  { header: t("ads.table.spend"), sort: "spend", cell: (r: AdsRow) => money(r.spend) },
  { header: t("ads.table.results"), sort: "results", cell: (r: AdsRow) => count(r.results) },
  { header: t("ads.table.costPerResult"), sort: "costPerResult", cell: (r: AdsRow) => orDash(r.costPerResult, money) },
  { header: t("ads.table.ctr"), sort: "ctr", cell: (r: AdsRow) => orDash(r.ctr, rate) },
  { header: t("ads.table.cpm"), sort: "cpm", cell: (r: AdsRow) => orDash(r.cpm, money) },
  { header: t("ads.table.frequency"), sort: "frequency", cell: (r: AdsRow) => orDash(r.frequency, times) },
  { header: t("ads.table.roas"), sort: "roas", cell: (r: AdsRow) => orDash(r.roas, times) },
] as const;

/** What a row says under its name: status and objective (campaigns), budget and goal (ad sets), format (ads). */
export function rowDetail(r: AdsRow): string {
  const parts: string[] = [CHANNEL_LABELS[r.channel]];
  if (r.objective !== null) parts.push(objectiveLabel(r.objective));
  if (r.budget !== null) parts.push(t(r.budgetKind === "lifetime" ? "ads.row.lifetimeBudget" : "ads.row.dailyBudget", { budget: money(r.budget) }));
  if (r.optimisationGoal !== null) parts.push(t("ads.row.optimisedFor", { goal: r.optimisationGoal }));
  if (r.format !== null) parts.push(r.format.charAt(0).toUpperCase() + r.format.slice(1));
  if (r.resultType !== null) parts.push(t("ads.row.results", { type: r.resultType }));
  return parts.join(" · ");
}

export const statusLabel = (r: AdsRow): string | null => (r.status === null ? null : statusText(r.status));

/** The table's CSV: every figure of a row, plain numbers, empty where a figure has no value. */
// Kept in English, the names of the fields: an export of the table reads as the spec's fields.
export const ADS_CSV_COLUMNS: readonly CsvColumn<AdsRow>[] = [
  { header: "Name", value: (r) => r.name }, // i18n-ignore: CSV field names
  { header: "ID", value: (r) => r.id }, // i18n-ignore: CSV field names
  { header: "Campaign ID", value: (r) => r.campaignId }, // i18n-ignore: CSV field names
  { header: "Channel", value: (r) => CHANNEL_LABELS[r.channel] }, // i18n-ignore: CSV field names
  { header: "Ad account", value: (r) => r.account }, // i18n-ignore: CSV field names
  { header: "Status", value: (r) => (r.status === null ? null : STATUS_LABELS[r.status]) }, // i18n-ignore: CSV field names
  { header: "Objective", value: (r) => (r.objective === null ? null : OBJECTIVE_LABELS[r.objective]) }, // i18n-ignore: CSV field names
  { header: "Budget (THB)", value: (r) => r.budget }, // i18n-ignore: CSV field names
  { header: "Budget kind", value: (r) => r.budgetKind }, // i18n-ignore: CSV field names
  { header: "Optimisation goal", value: (r) => r.optimisationGoal }, // i18n-ignore: CSV field names
  { header: "Format", value: (r) => r.format }, // i18n-ignore: CSV field names
  { header: "Result type", value: (r) => r.resultType }, // i18n-ignore: CSV field names
  { header: "Spend (THB)", value: (r) => r.spend }, // i18n-ignore: CSV field names
  { header: "Impressions", value: (r) => r.impressions }, // i18n-ignore: CSV field names
  { header: "Reach", value: (r) => r.reach }, // i18n-ignore: CSV field names
  { header: "Clicks", value: (r) => r.clicks }, // i18n-ignore: CSV field names
  { header: "Video views", value: (r) => r.videoViews }, // i18n-ignore: CSV field names
  { header: "Results", value: (r) => r.results }, // i18n-ignore: CSV field names
  { header: "Purchase value (THB)", value: (r) => r.purchaseValue }, // i18n-ignore: CSV field names
  { header: "CTR", value: (r) => r.ctr }, // i18n-ignore: CSV field names
  { header: "CPM (THB)", value: (r) => r.cpm }, // i18n-ignore: CSV field names
  { header: "CPC (THB)", value: (r) => r.cpc }, // i18n-ignore: CSV field names
  { header: "Frequency", value: (r) => r.frequency }, // i18n-ignore: CSV field names
  { header: "Cost per result (THB)", value: (r) => r.costPerResult }, // i18n-ignore: CSV field names
  { header: "ROAS", value: (r) => r.roas }, // i18n-ignore: CSV field names
];
