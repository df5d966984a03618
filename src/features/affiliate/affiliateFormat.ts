/**
 * How the /affiliate figures read (issue 16): the figure cards with their definitions
 * (docs/affiliate.md; formulas in domain/affiliate.ts) and which way is good news, the number
 * formats (฿, %, "—" for a ratio without a denominator), every chart as Plotly traces with its
 * words and its figures as a table, the leaderboard's columns and CSV, and an import's summary.
 * Plain functions of the server's `AffiliateFiguresAnswer`; only types come from plotly.js.
 */
import type { Layout } from "plotly.js";
import { affiliateRoi, commissionRate, gmvShare } from "../../../domain/affiliate";
import type { AffiliateFigures, AffiliateFiguresAnswer, AffiliateRow, ImportAffiliateResult } from "../../../domain/affiliateContract";
import type { Polarity } from "../../../domain/periodChange";
import { BASE_LAYOUT as SHARED_LAYOUT, COUNT_AXIS as countAxis, GRID_COLOUR, MONEY_AXIS as moneyAxis } from "@/components/charts/chartLayout";
import type { ChartCard, FigureColumn, FigureTable } from "@/components/charts/chartCard";
import type { CsvColumn } from "@/components/export/download";
import { formatCount, formatMoney, formatPercent } from "@/components/format/numbers";
import { PER_UNIT, formatPeriod } from "@/components/format/periods";
import { dateAxis as localDateAxis, dateHoverLabels } from "@/components/charts/dateAxis";
import { formatDay } from "@/components/format/dates";
import { t, type MessageKey } from "@/i18n/i18n";

export const COLOURS = { gmv: "#e85d0c", commission: "#2f5f8a", orders: "#5b8c3a", clicks: "#8a94a6", newCustomers: "#e85d0c", returning: "#2f5f8a" } as const;

/** What stands for a figure without a value (a zero denominator, no clicks in the reports). */
export const NO_VALUE = "—"; // i18n-ignore: a dash, no words

export const money = (n: number): string => formatMoney(n);
export const count = (n: number): string => formatCount(n);
/** A fraction as a percentage, one decimal always (the leaderboard's columns line up): 0.08123 → "8.1%", 0.1 → "10.0%". */
export const percent = (fraction: number): string => formatPercent(fraction * 100, 1, 1);
/** A figure that may have no value: its format, or "—". */
export const orDash = (n: number | null, format: (n: number) => string): string => (n === null ? NO_VALUE : format(n));

// ---------------------------------------------------------------------------------------------
// Figure cards

/** Which period of the answer a card reads. */
export type Period = "current" | "previous";

export interface AffiliateKeyFigure {
  readonly label: string;
  readonly value: (a: AffiliateFiguresAnswer, period: Period) => number | null;
  readonly format: (n: number) => string;
  /** A rise of GMV or ROI is good news; of the commission rate, bad; of the commission (a cost that grows with sales), neither. */
  readonly polarity: Polarity;
  /** The definition (docs/affiliate.md), next to the figure. */
  readonly definition: string;
  /** Why there is no value, when there is none. */
  readonly missing: string;
}

const sum = (pick: (f: AffiliateFigures) => number | null) => (a: AffiliateFiguresAnswer, p: Period) => pick(p === "current" ? a.totals : a.previous);

/** The figure cards, in the active language (a function: the words are read at render). */
export const affiliateFigures = (): readonly AffiliateKeyFigure[] => [
  { label: t("affiliate.figure.gmv"), value: sum((f) => f.gmv), format: money, polarity: "higher-is-better", missing: t("affiliate.missing.noOrders"),
    definition: t("affiliate.figure.gmvDefinition") },
  { label: t("affiliate.figure.nmv"), value: sum((f) => f.nmv), format: money, polarity: "higher-is-better", missing: t("affiliate.missing.noOrders"),
    definition: t("affiliate.figure.nmvDefinition") },
  { label: t("affiliate.figure.orders"), value: sum((f) => f.orders), format: count, polarity: "higher-is-better", missing: t("affiliate.missing.noOrders"),
    definition: t("affiliate.figure.ordersDefinition") },
  { label: t("affiliate.figure.clicks"), value: sum((f) => f.clicks), format: count, polarity: "higher-is-better", missing: t("affiliate.missing.noClicks"),
    definition: t("affiliate.figure.clicksDefinition") },
  { label: t("affiliate.figure.conversionRate"), value: sum((f) => f.conversionRate), format: percent, polarity: "higher-is-better", missing: t("affiliate.missing.noConversionRate"),
    definition: t("affiliate.figure.conversionRateDefinition") },
  { label: t("affiliate.figure.commission"), value: sum((f) => f.commission), format: money, polarity: "neutral", missing: t("affiliate.missing.noCommission"),
    definition: t("affiliate.figure.commissionDefinition") },
  { label: t("affiliate.figure.commissionRate"), value: sum((f) => f.commissionRate), format: percent, polarity: "lower-is-better", missing: t("affiliate.missing.noCommissionRate"),
    definition: t("affiliate.figure.commissionRateDefinition") },
  { label: t("affiliate.figure.roi"), value: sum((f) => f.roi), format: percent, polarity: "higher-is-better", missing: t("affiliate.missing.noRoi"),
    definition: t("affiliate.figure.roiDefinition") },
  { label: t("affiliate.figure.gmvShare"), value: (a, p) => (p === "current" ? a.gmvShare : a.previousGmvShare), format: percent, polarity: "neutral", missing: t("affiliate.missing.noCommerceGmv"),
    definition: t("affiliate.figure.gmvShareDefinition") },
  { label: t("affiliate.figure.affiliates"), value: sum((f) => f.affiliates), format: count, polarity: "higher-is-better", missing: t("affiliate.missing.noAffiliates"),
    definition: t("affiliate.figure.affiliatesDefinition") },
  { label: t("affiliate.figure.newCustomers"), value: sum((f) => f.newCustomers), format: count, polarity: "higher-is-better", missing: t("affiliate.missing.noCustomers"),
    definition: t("affiliate.figure.newCustomersDefinition") },
  { label: t("affiliate.figure.returningCustomers"), value: sum((f) => f.returningCustomers), format: count, polarity: "higher-is-better", missing: t("affiliate.missing.noCustomers"),
    definition: t("affiliate.figure.returningCustomersDefinition") },
];

/** The figures as a table (CSV): this range and the previous one, plain numbers (ratios as fractions). */
export function keyFiguresTable(a: AffiliateFiguresAnswer, range: string, previous: string): FigureTable {
  return {
    caption: t("affiliate.figuresTable.caption", { range, previous }),
    rowHeader: t("affiliate.figuresTable.rowHeader"),
    columns: [
      { header: range, format: count },
      { header: previous, format: count },
    ],
    rows: affiliateFigures().map((k) => ({ label: k.label, values: [k.value(a, "current"), k.value(a, "previous")], click: null })),
  };
}

// ---------------------------------------------------------------------------------------------
// Charts

type Unit = AffiliateFiguresAnswer["unit"];


const BASE_LAYOUT: Partial<Layout> = { ...SHARED_LAYOUT, margin: { l: 64, r: 16, t: 16, b: 48 } };
const dateAxis = (days: readonly string[], unit: Unit) => ({ ...localDateAxis(days, unit), gridcolor: GRID_COLOUR });

/** The columns of a breakdown (by platform): the sums, then the ratios. */
const breakdownColumns = (): readonly FigureColumn[] => [
  { header: t("affiliate.column.orders"), format: count },
  { header: t("affiliate.column.gmv"), format: money },
  { header: t("affiliate.column.nmv"), format: money },
  { header: t("affiliate.column.commission"), format: money },
  { header: t("affiliate.column.commissionRate"), format: percent },
  { header: t("affiliate.column.roi"), format: percent },
  { header: t("affiliate.column.clicks"), format: count },
  { header: t("affiliate.column.conversionRate"), format: percent },
];
const breakdownValues = (f: AffiliateFigures) => [f.orders, f.gmv, f.nmv, f.commission, f.commissionRate, f.roi, f.clicks, f.conversionRate];

export function gmvOverTimeCard(a: AffiliateFiguresAnswer, range: string): ChartCard {
  const x = a.series.map((p) => p.start);
  const per = PER_UNIT[a.unit];
  const hover = dateHoverLabels(x, a.unit);
  const gmvName = t("affiliate.chart.gmv");
  const commissionName = t("affiliate.chart.commission");
  return {
    id: "affiliate-gmv-and-commission-over-time",
    title: t("affiliate.chart.gmvTime.title"),
    note: t("affiliate.chart.gmvTime.note", { per }),
    clickable: false,
    wide: true,
    chart: {
      data: [
        { type: "bar", name: gmvName, x, y: a.series.map((p) => p.gmv), customdata: a.series.map((p, i) => [hover[i] ?? "", money(p.gmv)]), marker: { color: COLOURS.gmv }, hovertemplate: `%{customdata[0]}<br>${gmvName} %{customdata[1]}<extra></extra>` },
        {
          type: "scatter", mode: "lines+markers", name: commissionName, x, y: a.series.map((p) => p.commission), yaxis: "y2",
          customdata: a.series.map((p, i) => [hover[i] ?? "", money(p.commission)]),
          line: { color: COLOURS.commission, width: 2 }, marker: { size: 4 }, hovertemplate: `%{customdata[0]}<br>${commissionName} %{customdata[1]}<extra></extra>`,
        },
      ],
      layout: {
        ...BASE_LAYOUT,
        xaxis: dateAxis(x, a.unit),
        yaxis: moneyAxis,
        yaxis2: { ...moneyAxis, overlaying: "y", side: "right", showgrid: false },
        margin: { l: 64, r: 64, t: 16, b: 48 },
        showlegend: true,
      },
      label: t("affiliate.chart.gmvTime.label", { per, range, gmv: money(a.totals.gmv), commission: money(a.totals.commission), roi: orDash(a.totals.roi, percent) }),
    },
    table: {
      caption: t("affiliate.chart.gmvTime.caption", { per, range }),
      rowHeader: t("affiliate.column.period"),
      columns: [
        { header: t("affiliate.column.gmv"), format: money },
        { header: t("affiliate.column.nmv"), format: money },
        { header: t("affiliate.column.commission"), format: money },
        { header: t("affiliate.column.commissionRate"), format: percent },
        { header: t("affiliate.column.roi"), format: percent },
      ],
      dated: true,
      rows: a.series.map((p) => ({ label: formatPeriod(p.start, a.unit), values: [p.gmv, p.nmv, p.commission, p.commissionRate, p.roi], click: null })),
    },
  };
}

export function ordersOverTimeCard(a: AffiliateFiguresAnswer, range: string): ChartCard {
  const x = a.series.map((p) => p.start);
  const per = PER_UNIT[a.unit];
  const hasClicks = a.series.some((p) => p.clicks !== null);
  const hover = dateHoverLabels(x, a.unit);
  const ordersName = t("affiliate.chart.orders");
  const clicksName = t("affiliate.chart.clicks");
  return {
    id: "affiliate-orders-over-time",
    title: t("affiliate.chart.ordersTime.title"),
    note: hasClicks ? t("affiliate.chart.ordersTime.note", { per }) : t("affiliate.chart.ordersTime.noteNoClicks", { per }),
    clickable: false,
    chart: {
      data: [
        { type: "bar", name: ordersName, x, y: a.series.map((p) => p.orders), customdata: a.series.map((p, i) => [hover[i] ?? "", t("affiliate.chart.ordersHover", { orders: count(p.orders) })]), marker: { color: COLOURS.orders }, hovertemplate: "%{customdata[0]}<br>%{customdata[1]}<extra></extra>" },
        ...(hasClicks
          ? [{
              type: "scatter" as const, mode: "lines+markers" as const, name: clicksName, x, y: a.series.map((p) => p.clicks), yaxis: "y2" as const,
              customdata: a.series.map((p, i) => [hover[i] ?? "", p.clicks === null ? "" : t("affiliate.chart.clicksHover", { clicks: count(p.clicks) })]),
              line: { color: COLOURS.clicks, width: 2 }, marker: { size: 4 }, hovertemplate: "%{customdata[0]}<br>%{customdata[1]}<extra></extra>",
            }]
          : []),
      ],
      layout: {
        ...BASE_LAYOUT,
        xaxis: dateAxis(x, a.unit),
        yaxis: countAxis,
        ...(hasClicks ? { yaxis2: { ...countAxis, overlaying: "y" as const, side: "right" as const, showgrid: false }, margin: { l: 64, r: 64, t: 16, b: 48 } } : {}),
        showlegend: hasClicks,
      },
      label: a.totals.clicks === null
        ? t("affiliate.chart.ordersTime.label", { per, range, orders: count(a.totals.orders) })
        : t("affiliate.chart.ordersTime.labelClicks", { per, range, orders: count(a.totals.orders), clicks: count(a.totals.clicks), rate: orDash(a.totals.conversionRate, percent) }),
    },
    table: {
      caption: t("affiliate.chart.ordersTime.caption", { per, range }),
      rowHeader: t("affiliate.column.period"),
      columns: [
        { header: t("affiliate.column.orders"), format: count },
        { header: t("affiliate.column.clicks"), format: count },
        { header: t("affiliate.column.conversionRate"), format: percent },
      ],
      dated: true,
      rows: a.series.map((p) => ({ label: formatPeriod(p.start, a.unit), values: [p.orders, p.clicks, p.conversionRate], click: null })),
    },
  };
}

export function platformCard(a: AffiliateFiguresAnswer, range: string): ChartCard {
  const platforms = [...a.byPlatform].sort((x, y) => y.gmv - x.gmv);
  const names = platforms.map((p) => p.platform);
  return {
    id: "affiliate-by-platform",
    title: t("affiliate.chart.platform.title"),
    note: t("affiliate.chart.platform.note"),
    clickable: false,
    chart: {
      data: [
        { type: "bar", name: t("affiliate.chart.gmv"), x: names, y: platforms.map((p) => p.gmv), customdata: platforms.map((p) => t("affiliate.chart.platform.gmvHover", { platform: p.platform, gmv: money(p.gmv) })), marker: { color: COLOURS.gmv }, hovertemplate: "%{customdata}<extra></extra>" },
        { type: "bar", name: t("affiliate.chart.commission"), x: names, y: platforms.map((p) => p.commission), customdata: platforms.map((p) => t("affiliate.chart.platform.commissionHover", { platform: p.platform, commission: money(p.commission) })), marker: { color: COLOURS.commission }, hovertemplate: "%{customdata}<extra></extra>" },
      ],
      layout: { ...BASE_LAYOUT, barmode: "group", xaxis: { type: "category", automargin: true }, yaxis: moneyAxis, showlegend: true },
      label: t("affiliate.chart.platform.label", {
        range,
        list: platforms.map((p) => t("affiliate.chart.platform.item", { platform: p.platform, gmv: money(p.gmv), commission: money(p.commission) })).join("; ") || t("affiliate.chart.platform.none"),
      }),
    },
    table: { caption: t("affiliate.chart.platform.caption", { range }), rowHeader: t("affiliate.platform"), columns: breakdownColumns(), rows: platforms.map((p) => ({ label: p.platform, values: breakdownValues(p), click: null })) },
  };
}

export function productsCard(a: AffiliateFiguresAnswer, range: string): ChartCard {
  const products = a.byProduct;
  return {
    id: "affiliate-top-products",
    title: t("affiliate.chart.products.title"),
    note: t("affiliate.chart.products.note", { count: products.length }),
    clickable: false,
    height: Math.max(260, 28 * products.length + 64),
    chart: {
      data: [
        {
          type: "bar", orientation: "h", name: t("affiliate.chart.gmv"), y: products.map((p) => p.product), x: products.map((p) => p.gmv),
          customdata: products.map((p) => money(p.gmv)), marker: { color: COLOURS.gmv }, hovertemplate: "%{y}: %{customdata}<extra></extra>",
        },
      ],
      // The best seller on top: the rows keep the server's order, the axis reads downwards.
      layout: { ...BASE_LAYOUT, yaxis: { type: "category", autorange: "reversed", automargin: true }, xaxis: moneyAxis, showlegend: false },
      label: t("affiliate.chart.products.label", {
        range,
        list: `${products.slice(0, 5).map((p) => `${p.product} ${money(p.gmv)}`).join(", ") || t("affiliate.chart.products.none")}${products.length > 5 ? ", …" : ""}`,
      }),
    },
    table: {
      caption: t("affiliate.chart.products.caption", { range }),
      rowHeader: t("affiliate.chart.products.rowHeader"),
      columns: [
        { header: t("affiliate.column.orders"), format: count },
        { header: t("affiliate.column.quantity"), format: count },
        { header: t("affiliate.column.gmv"), format: money },
        { header: t("affiliate.column.commission"), format: money },
        { header: t("affiliate.column.commissionRate"), format: percent },
      ],
      rows: products.map((p) => ({ label: p.product, values: [p.orders, p.quantity, p.gmv, p.commission, commissionRate(p.commission, p.gmv)], click: null })),
    },
  };
}

export function customersCard(a: AffiliateFiguresAnswer, range: string, previous: string): ChartCard {
  const tot = a.totals;
  const matched = tot.newCustomers + tot.returningCustomers;
  const unmatched = tot.unmatchedOrders === 0 ? "" : t("affiliate.chart.customers.unmatched", { count: tot.unmatchedOrders });
  const newName = t("affiliate.chart.customers.new");
  const returningName = t("affiliate.chart.customers.returning");
  const values = [tot.newCustomers, tot.returningCustomers];
  return {
    id: "affiliate-new-and-returning-customers",
    title: t("affiliate.chart.customers.title"),
    note: `${t("affiliate.chart.customers.note")}${unmatched}`,
    clickable: false,
    chart: {
      data: [
        {
          type: "pie", labels: [newName, returningName], values, hole: 0.45, sort: false,
          customdata: [newName, returningName].map((label, i) => t("affiliate.chart.customers.hover", { label, value: count(values[i] ?? 0) })),
          marker: { colors: [COLOURS.newCustomers, COLOURS.returning] }, textinfo: "label+percent", hovertemplate: "%{customdata}<extra></extra>",
        },
      ],
      layout: { ...BASE_LAYOUT, showlegend: true, margin: { l: 16, r: 16, t: 16, b: 16 } },
      label: matched === 0
        ? t("affiliate.chart.customers.label", { range, new: count(tot.newCustomers), returning: count(tot.returningCustomers) })
        : t("affiliate.chart.customers.labelShare", { range, new: count(tot.newCustomers), returning: count(tot.returningCustomers), share: percent(tot.newCustomers / matched) }),
    },
    table: {
      caption: t("affiliate.chart.customers.caption", { range, previous }),
      rowHeader: t("affiliate.chart.customers.rowHeader"),
      columns: [
        { header: range, format: count },
        { header: previous, format: count },
      ],
      rows: [
        { label: newName, values: [tot.newCustomers, a.previous.newCustomers], click: null },
        { label: returningName, values: [tot.returningCustomers, a.previous.returningCustomers], click: null },
        { label: t("affiliate.chart.customers.unmatchedRow"), values: [tot.unmatchedOrders, a.previous.unmatchedOrders], click: null },
      ],
    },
  };
}

/** The page's charts, each built on its own, in reading order (a card per render: React yields between them). */
export const AFFILIATE_CARD_BUILDERS: readonly ((a: AffiliateFiguresAnswer, range: string, previous: string) => ChartCard)[] = [
  gmvOverTimeCard, ordersOverTimeCard, platformCard, productsCard, customersCard,
];

/** Every chart of the page, in reading order. A customers chart only where some order matched. */
export function affiliateCards(a: AffiliateFiguresAnswer, range: string, previous: string): ChartCard[] {
  return AFFILIATE_CARD_BUILDERS.map((build) => build(a, range, previous));
}

/** Where a chart will be before the figures come (issue 19): its title, whether it spans the grid, the height it keeps. */
export interface ChartPlace {
  readonly id: string;
  readonly title: string;
  readonly wide: boolean;
  readonly height: number;
}

/** The places of `affiliateCards`, in the same order, known before any figure (the page's skeleton). */
export function affiliateCardPlaces(): ChartPlace[] {
  return [
    { id: "affiliate-gmv-and-commission-over-time", title: t("affiliate.chart.gmvTime.title"), wide: true, height: 260 },
    { id: "affiliate-orders-over-time", title: t("affiliate.chart.ordersTime.title"), wide: false, height: 260 },
    { id: "affiliate-by-platform", title: t("affiliate.chart.platform.title"), wide: false, height: 260 },
    { id: "affiliate-top-products", title: t("affiliate.chart.products.title"), wide: false, height: 260 },
    { id: "affiliate-new-and-returning-customers", title: t("affiliate.chart.customers.title"), wide: false, height: 260 },
  ];
}

// ---------------------------------------------------------------------------------------------
// The leaderboard

/** The leaderboard's last row: every affiliate after the first MAX_AFFILIATE_ROWS, summed. */
export interface OthersRow {
  readonly affiliates: number;
  readonly orders: number;
  readonly gmv: number;
  readonly commission: number;
  readonly gmvShare: number | null;
  readonly commissionRate: number | null;
  readonly roi: number | null;
}

/** The affiliate GMV of the range, every affiliate (the leaderboard's rows and the others). */
export const leaderboardGmv = (a: AffiliateFiguresAnswer): number => a.byAffiliate.reduce((s, r) => s + r.gmv, 0) + a.others.gmv;

/** The others summed, with their ratios; null when every affiliate has a row. */
export function othersRow(a: AffiliateFiguresAnswer): OthersRow | null {
  const o = a.others;
  if (o.affiliates === 0) return null;
  return { ...o, gmvShare: gmvShare(o.gmv, leaderboardGmv(a)), commissionRate: commissionRate(o.commission, o.gmv), roi: affiliateRoi(o.gmv, o.commission) };
}

/** The leaderboard's figure columns, by sort key; each shows "—" where the figure has no value. */
export const leaderboardColumns = () => [
  { header: t("affiliate.leaderboard.orders"), sort: "orders", cell: (r: AffiliateRow) => count(r.orders) },
  { header: t("affiliate.leaderboard.gmv"), sort: "gmv", cell: (r: AffiliateRow) => money(r.gmv) },
  { header: t("affiliate.leaderboard.share"), sort: "gmvShare", cell: (r: AffiliateRow) => orDash(r.gmvShare, percent) },
  { header: t("affiliate.leaderboard.commission"), sort: "commission", cell: (r: AffiliateRow) => money(r.commission) },
  { header: t("affiliate.leaderboard.rate"), sort: "commissionRate", cell: (r: AffiliateRow) => orDash(r.commissionRate, percent) },
  { header: t("affiliate.leaderboard.roi"), sort: "roi", cell: (r: AffiliateRow) => orDash(r.roi, percent) },
  { header: t("affiliate.leaderboard.conversionRate"), sort: "conversionRate", cell: (r: AffiliateRow) => orDash(r.conversionRate, percent) },
] as const;

/** One line of the leaderboard's CSV: an affiliate, or the others summed. */
export type LeaderboardLine = { readonly kind: "affiliate"; readonly row: AffiliateRow } | { readonly kind: "others"; readonly row: OthersRow };

/** The leaderboard's CSV: plain numbers (ratios as fractions), empty where a figure has no value. */
export const leaderboardCsvColumns = (): readonly CsvColumn<LeaderboardLine>[] => [
  { header: t("affiliate.csv.affiliate"), value: (l) => (l.kind === "affiliate" ? l.row.affiliate : t("affiliate.csv.others", { count: l.row.affiliates })) },
  { header: t("affiliate.csv.platform"), value: (l) => (l.kind === "affiliate" ? l.row.platform : null) },
  { header: t("affiliate.csv.orders"), value: (l) => l.row.orders },
  { header: t("affiliate.csv.gmv"), value: (l) => l.row.gmv },
  { header: t("affiliate.csv.nmv"), value: (l) => (l.kind === "affiliate" ? l.row.nmv : null) },
  { header: t("affiliate.csv.share"), value: (l) => l.row.gmvShare },
  { header: t("affiliate.csv.commission"), value: (l) => l.row.commission },
  { header: t("affiliate.csv.commissionRate"), value: (l) => l.row.commissionRate },
  { header: t("affiliate.csv.roi"), value: (l) => l.row.roi },
  { header: t("affiliate.csv.clicks"), value: (l) => (l.kind === "affiliate" ? l.row.clicks : null) },
  { header: t("affiliate.csv.conversionRate"), value: (l) => (l.kind === "affiliate" ? l.row.conversionRate : null) },
  { header: t("affiliate.csv.newCustomers"), value: (l) => (l.kind === "affiliate" ? l.row.newCustomers : null) },
  { header: t("affiliate.csv.returningCustomers"), value: (l) => (l.kind === "affiliate" ? l.row.returningCustomers : null) },
];

// ---------------------------------------------------------------------------------------------
// Import

const FORMAT_NAMES = {
  "shopee-affiliate": "affiliate.import.formatShopee",
  "lazada-affiliate": "affiliate.import.formatLazada",
  csv: "affiliate.import.formatCsv",
} as const satisfies Record<ImportAffiliateResult["format"], MessageKey>;

/** The day of a report's time ("2025-03-04 10:12:00" → "2025-03-04"), or the text as it is. */
export const dayOf = (at: string): string => (/^\d{4}-\d{2}-\d{2}/.test(at) ? at.slice(0, 10) : at);

const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);
/** A report's day in the user's calendar; a time that is not a day as it came. */
export const shownDay = (at: string): string => {
  const day = dayOf(at);
  return isDay(day) ? formatDay(day) : day;
};

/** What an import wrote, in words. */
export function importAffiliateSummary(r: ImportAffiliateResult): string {
  const parts = [
    t("affiliate.import.summary", {
      rows: r.rows, format: t(FORMAT_NAMES[r.format]), orders: r.orders, matched: count(r.matched), brand: r.brand,
      inserted: count(r.inserted), updated: count(r.updated), unchanged: count(r.unchanged),
    }),
  ];
  if (r.first !== null && r.last !== null) parts.push(t("affiliate.import.summaryRange", { first: shownDay(r.first), last: shownDay(r.last) }));
  if (r.demoRemoved > 0) parts.push(t("affiliate.import.summaryDemo", { count: r.demoRemoved }));
  return parts.join(" ");
}
