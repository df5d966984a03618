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

export const COLOURS = { gmv: "#e85d0c", commission: "#2f5f8a", orders: "#5b8c3a", clicks: "#8a94a6", newCustomers: "#e85d0c", returning: "#2f5f8a" } as const;

/** What stands for a figure without a value (a zero denominator, no clicks in the reports). */
export const NO_VALUE = "—";

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

export const AFFILIATE_FIGURES: readonly AffiliateKeyFigure[] = [
  { label: "GMV", value: sum((f) => f.gmv), format: money, polarity: "higher-is-better", missing: "no orders",
    definition: "Order value of the affiliate orders, whatever their status: the order's basket where it matches one of the brand's orders, else price × quantity." },
  { label: "NMV", value: sum((f) => f.nmv), format: money, polarity: "higher-is-better", missing: "no orders",
    definition: "GMV without the cancelled, returned or refunded conversions." },
  { label: "Orders", value: sum((f) => f.orders), format: count, polarity: "higher-is-better", missing: "no orders",
    definition: "Orders brought by affiliates; an order counts once however many items it has." },
  { label: "Clicks", value: sum((f) => f.clicks), format: count, polarity: "higher-is-better", missing: "the reports give no clicks",
    definition: "Clicks on the affiliates' links, where the report gives them." },
  { label: "Conversion rate", value: sum((f) => f.conversionRate), format: percent, polarity: "higher-is-better", missing: "no clicks, so no conversion rate",
    definition: "Orders ÷ clicks." },
  { label: "Commission", value: sum((f) => f.commission), format: money, polarity: "neutral", missing: "no commission",
    definition: "Commission of the conversions not cancelled. A cost that grows with sales: a rise is neither good nor bad by itself." },
  { label: "Commission rate", value: sum((f) => f.commissionRate), format: percent, polarity: "lower-is-better", missing: "no GMV, so no commission rate",
    definition: "Commission ÷ GMV. A rise is bad: each baht of sales costs more." },
  { label: "ROI", value: sum((f) => f.roi), format: percent, polarity: "higher-is-better", missing: "no commission, so no ROI",
    definition: "(GMV − commission) ÷ commission." },
  { label: "Share of e-commerce GMV", value: (a, p) => (p === "current" ? a.gmvShare : a.previousGmvShare), format: percent, polarity: "neutral", missing: "no e-commerce GMV in the range",
    definition: "Affiliate GMV ÷ the brand's e-commerce GMV on the same platforms: how much of the sales came through affiliates." },
  { label: "Affiliates", value: sum((f) => f.affiliates), format: count, polarity: "higher-is-better", missing: "no affiliates",
    definition: "Affiliates with at least one conversion." },
  { label: "New customers", value: sum((f) => f.newCustomers), format: count, polarity: "higher-is-better", missing: "no customers",
    definition: "Customers of the matched orders for whom one of them was their first order with the brand." },
  { label: "Returning customers", value: sum((f) => f.returningCustomers), format: count, polarity: "higher-is-better", missing: "no customers",
    definition: "Customers of the matched orders who had ordered from the brand before." },
];

/** The figures as a table (CSV): this range and the previous one, plain numbers (ratios as fractions). */
export function keyFiguresTable(a: AffiliateFiguresAnswer, range: string, previous: string): FigureTable {
  return {
    caption: `Affiliate figures, ${range}, against ${previous}`,
    rowHeader: "Figure",
    columns: [
      { header: range, format: count },
      { header: previous, format: count },
    ],
    rows: AFFILIATE_FIGURES.map((k) => ({ label: k.label, values: [k.value(a, "current"), k.value(a, "previous")], click: null })),
  };
}

// ---------------------------------------------------------------------------------------------
// Charts

type Unit = AffiliateFiguresAnswer["unit"];


const BASE_LAYOUT: Partial<Layout> = { ...SHARED_LAYOUT, margin: { l: 64, r: 16, t: 16, b: 48 } };
const dateAxis = (unit: Unit) => ({ type: "date" as const, tickformat: unit === "month" ? "%b %Y" : "%d %b", automargin: true, gridcolor: GRID_COLOUR });

/** The columns of a breakdown (by platform): the sums, then the ratios. */
const BREAKDOWN_COLUMNS: readonly FigureColumn[] = [
  { header: "Orders", format: count },
  { header: "GMV (฿)", format: money },
  { header: "NMV (฿)", format: money },
  { header: "Commission (฿)", format: money },
  { header: "Commission rate", format: percent },
  { header: "ROI", format: percent },
  { header: "Clicks", format: count },
  { header: "Conversion rate", format: percent },
];
const breakdownValues = (f: AffiliateFigures) => [f.orders, f.gmv, f.nmv, f.commission, f.commissionRate, f.roi, f.clicks, f.conversionRate];

export function gmvOverTimeCard(a: AffiliateFiguresAnswer, range: string): ChartCard {
  const x = a.series.map((p) => p.start);
  const per = PER_UNIT[a.unit];
  return {
    id: "affiliate-gmv-and-commission-over-time",
    title: "GMV and commission over time",
    note: `Bars: affiliate GMV ${per}; line: commission ${per} (right axis), in baht.`,
    clickable: false,
    wide: true,
    chart: {
      data: [
        { type: "bar", name: "GMV", x, y: a.series.map((p) => p.gmv), marker: { color: COLOURS.gmv }, hovertemplate: "GMV ฿%{y:,.2f}<extra></extra>" },
        {
          type: "scatter", mode: "lines+markers", name: "Commission", x, y: a.series.map((p) => p.commission), yaxis: "y2",
          line: { color: COLOURS.commission, width: 2 }, marker: { size: 4 }, hovertemplate: "Commission ฿%{y:,.2f}<extra></extra>",
        },
      ],
      layout: {
        ...BASE_LAYOUT,
        xaxis: dateAxis(a.unit),
        yaxis: moneyAxis,
        yaxis2: { ...moneyAxis, overlaying: "y", side: "right", showgrid: false },
        margin: { l: 64, r: 64, t: 16, b: 48 },
        showlegend: true,
      },
      label: `Affiliate GMV and commission ${per}, ${range}: ${money(a.totals.gmv)} of GMV for ${money(a.totals.commission)} of commission, ROI ${orDash(a.totals.roi, percent)}.`,
    },
    table: {
      caption: `Affiliate GMV and commission ${per}, ${range}`,
      rowHeader: "Period",
      columns: [
        { header: "GMV (฿)", format: money },
        { header: "NMV (฿)", format: money },
        { header: "Commission (฿)", format: money },
        { header: "Commission rate", format: percent },
        { header: "ROI", format: percent },
      ],
      rows: a.series.map((p) => ({ label: formatPeriod(p.start, a.unit), values: [p.gmv, p.nmv, p.commission, p.commissionRate, p.roi], click: null })),
    },
  };
}

export function ordersOverTimeCard(a: AffiliateFiguresAnswer, range: string): ChartCard {
  const x = a.series.map((p) => p.start);
  const per = PER_UNIT[a.unit];
  const hasClicks = a.series.some((p) => p.clicks !== null);
  return {
    id: "affiliate-orders-over-time",
    title: "Orders over time",
    note: hasClicks ? `Bars: orders through affiliates ${per}; line: clicks ${per} (right axis).` : `Orders through affiliates ${per}. The reports give no clicks.`,
    clickable: false,
    chart: {
      data: [
        { type: "bar", name: "Orders", x, y: a.series.map((p) => p.orders), marker: { color: COLOURS.orders }, hovertemplate: "%{y:,} orders<extra></extra>" },
        ...(hasClicks
          ? [{
              type: "scatter" as const, mode: "lines+markers" as const, name: "Clicks", x, y: a.series.map((p) => p.clicks), yaxis: "y2" as const,
              line: { color: COLOURS.clicks, width: 2 }, marker: { size: 4 }, hovertemplate: "%{y:,} clicks<extra></extra>",
            }]
          : []),
      ],
      layout: {
        ...BASE_LAYOUT,
        xaxis: dateAxis(a.unit),
        yaxis: countAxis,
        ...(hasClicks ? { yaxis2: { ...countAxis, overlaying: "y" as const, side: "right" as const, showgrid: false }, margin: { l: 64, r: 64, t: 16, b: 48 } } : {}),
        showlegend: hasClicks,
      },
      label: `Orders through affiliates ${per}, ${range}: ${count(a.totals.orders)} orders${a.totals.clicks === null ? "" : ` from ${count(a.totals.clicks)} clicks, conversion rate ${orDash(a.totals.conversionRate, percent)}`}.`,
    },
    table: {
      caption: `Orders through affiliates ${per}, ${range}`,
      rowHeader: "Period",
      columns: [
        { header: "Orders", format: count },
        { header: "Clicks", format: count },
        { header: "Conversion rate", format: percent },
      ],
      rows: a.series.map((p) => ({ label: formatPeriod(p.start, a.unit), values: [p.orders, p.clicks, p.conversionRate], click: null })),
    },
  };
}

export function platformCard(a: AffiliateFiguresAnswer, range: string): ChartCard {
  const platforms = [...a.byPlatform].sort((x, y) => y.gmv - x.gmv);
  const names = platforms.map((p) => p.platform);
  return {
    id: "affiliate-by-platform",
    title: "GMV and commission by platform",
    note: "Each marketplace's affiliate GMV and the commission it cost.",
    clickable: false,
    chart: {
      data: [
        { type: "bar", name: "GMV", x: names, y: platforms.map((p) => p.gmv), marker: { color: COLOURS.gmv }, hovertemplate: "%{x} GMV ฿%{y:,.2f}<extra></extra>" },
        { type: "bar", name: "Commission", x: names, y: platforms.map((p) => p.commission), marker: { color: COLOURS.commission }, hovertemplate: "%{x} commission ฿%{y:,.2f}<extra></extra>" },
      ],
      layout: { ...BASE_LAYOUT, barmode: "group", xaxis: { type: "category", automargin: true }, yaxis: moneyAxis, showlegend: true },
      label: `Affiliate GMV and commission by platform, ${range}: ${platforms.map((p) => `${p.platform} ${money(p.gmv)} of GMV, ${money(p.commission)} of commission`).join("; ") || "no orders"}.`,
    },
    table: { caption: `Affiliate figures by platform, ${range}`, rowHeader: "Platform", columns: BREAKDOWN_COLUMNS, rows: platforms.map((p) => ({ label: p.platform, values: breakdownValues(p), click: null })) },
  };
}

export function productsCard(a: AffiliateFiguresAnswer, range: string): ChartCard {
  const products = a.byProduct;
  return {
    id: "affiliate-top-products",
    title: "Top products through affiliates",
    note: `The ${products.length === 1 ? "product" : `${count(products.length)} products`} with the highest affiliate GMV.`,
    clickable: false,
    height: Math.max(260, 28 * products.length + 64),
    chart: {
      data: [
        {
          type: "bar", orientation: "h", name: "GMV", y: products.map((p) => p.product), x: products.map((p) => p.gmv),
          marker: { color: COLOURS.gmv }, hovertemplate: "%{y}: ฿%{x:,.2f}<extra></extra>",
        },
      ],
      // The best seller on top: the rows keep the server's order, the axis reads downwards.
      layout: { ...BASE_LAYOUT, yaxis: { type: "category", autorange: "reversed", automargin: true }, xaxis: moneyAxis, showlegend: false },
      label: `Top products through affiliates by GMV, ${range}: ${products.slice(0, 5).map((p) => `${p.product} ${money(p.gmv)}`).join(", ") || "none"}${products.length > 5 ? ", …" : ""}.`,
    },
    table: {
      caption: `Top products through affiliates, ${range}`,
      rowHeader: "Product",
      columns: [
        { header: "Orders", format: count },
        { header: "Quantity", format: count },
        { header: "GMV (฿)", format: money },
        { header: "Commission (฿)", format: money },
        { header: "Commission rate", format: percent },
      ],
      rows: products.map((p) => ({ label: p.product, values: [p.orders, p.quantity, p.gmv, p.commission, commissionRate(p.commission, p.gmv)], click: null })),
    },
  };
}

export function customersCard(a: AffiliateFiguresAnswer, range: string, previous: string): ChartCard {
  const t = a.totals;
  const matched = t.newCustomers + t.returningCustomers;
  const unmatched = t.unmatchedOrders === 0 ? "" : ` ${count(t.unmatchedOrders)} ${t.unmatchedOrders === 1 ? "order" : "orders"} matched none of the brand's orders: their customers are unknown.`;
  return {
    id: "affiliate-new-and-returning-customers",
    title: "New and returning customers",
    note: `Customers of the affiliate orders that matched the brand's orders: first order with the brand (new) or not (returning).${unmatched}`,
    clickable: false,
    chart: {
      data: [
        {
          type: "pie", labels: ["New", "Returning"], values: [t.newCustomers, t.returningCustomers], hole: 0.45, sort: false,
          marker: { colors: [COLOURS.newCustomers, COLOURS.returning] }, textinfo: "label+percent", hovertemplate: "%{label}: %{value:,} customers<extra></extra>",
        },
      ],
      layout: { ...BASE_LAYOUT, showlegend: true, margin: { l: 16, r: 16, t: 16, b: 16 } },
      label: `Customers brought by affiliates, ${range}: ${count(t.newCustomers)} new and ${count(t.returningCustomers)} returning${matched === 0 ? "" : ` (${percent(t.newCustomers / matched)} new)`}.`,
    },
    table: {
      caption: `New and returning customers brought by affiliates, ${range}, against ${previous}`,
      rowHeader: "Customers",
      columns: [
        { header: range, format: count },
        { header: previous, format: count },
      ],
      rows: [
        { label: "New", values: [t.newCustomers, a.previous.newCustomers], click: null },
        { label: "Returning", values: [t.returningCustomers, a.previous.returningCustomers], click: null },
        { label: "Orders not matched", values: [t.unmatchedOrders, a.previous.unmatchedOrders], click: null },
      ],
    },
  };
}

/** Every chart of the page, in reading order. A customers chart only where some order matched. */
export function affiliateCards(a: AffiliateFiguresAnswer, range: string, previous: string): ChartCard[] {
  return [gmvOverTimeCard(a, range), ordersOverTimeCard(a, range), platformCard(a, range), productsCard(a, range), customersCard(a, range, previous)];
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
export const LEADERBOARD_COLUMNS = [
  { header: "Orders", sort: "orders", cell: (r: AffiliateRow) => count(r.orders) },
  { header: "GMV", sort: "gmv", cell: (r: AffiliateRow) => money(r.gmv) },
  { header: "Share", sort: "gmvShare", cell: (r: AffiliateRow) => orDash(r.gmvShare, percent) },
  { header: "Commission", sort: "commission", cell: (r: AffiliateRow) => money(r.commission) },
  { header: "Rate", sort: "commissionRate", cell: (r: AffiliateRow) => orDash(r.commissionRate, percent) },
  { header: "ROI", sort: "roi", cell: (r: AffiliateRow) => orDash(r.roi, percent) },
  { header: "Conversion rate", sort: "conversionRate", cell: (r: AffiliateRow) => orDash(r.conversionRate, percent) },
] as const;

/** One line of the leaderboard's CSV: an affiliate, or the others summed. */
export type LeaderboardLine = { readonly kind: "affiliate"; readonly row: AffiliateRow } | { readonly kind: "others"; readonly row: OthersRow };

/** The leaderboard's CSV: plain numbers (ratios as fractions), empty where a figure has no value. */
export const LEADERBOARD_CSV_COLUMNS: readonly CsvColumn<LeaderboardLine>[] = [
  { header: "Affiliate", value: (l) => (l.kind === "affiliate" ? l.row.affiliate : `Others (${l.row.affiliates} affiliates)`) },
  { header: "Platform", value: (l) => (l.kind === "affiliate" ? l.row.platform : null) },
  { header: "Orders", value: (l) => l.row.orders },
  { header: "GMV (THB)", value: (l) => l.row.gmv },
  { header: "NMV (THB)", value: (l) => (l.kind === "affiliate" ? l.row.nmv : null) },
  { header: "Share of affiliate GMV", value: (l) => l.row.gmvShare },
  { header: "Commission (THB)", value: (l) => l.row.commission },
  { header: "Commission rate", value: (l) => l.row.commissionRate },
  { header: "ROI", value: (l) => l.row.roi },
  { header: "Clicks", value: (l) => (l.kind === "affiliate" ? l.row.clicks : null) },
  { header: "Conversion rate", value: (l) => (l.kind === "affiliate" ? l.row.conversionRate : null) },
  { header: "New customers", value: (l) => (l.kind === "affiliate" ? l.row.newCustomers : null) },
  { header: "Returning customers", value: (l) => (l.kind === "affiliate" ? l.row.returningCustomers : null) },
];

// ---------------------------------------------------------------------------------------------
// Import

const FORMAT_NAMES: Record<ImportAffiliateResult["format"], string> = {
  "shopee-affiliate": "a Shopee Affiliate report",
  "lazada-affiliate": "a Lazada affiliate report",
  csv: "the documented CSV",
};

const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

/** The day of a report's time ("2025-03-04 10:12:00" → "2025-03-04"), or the text as it is. */
export const dayOf = (at: string): string => (/^\d{4}-\d{2}-\d{2}/.test(at) ? at.slice(0, 10) : at);

/** What an import wrote, in words. */
export function importAffiliateSummary(r: ImportAffiliateResult): string {
  const parts = [
    `Read ${plural(r.rows, "row", "rows")} (${FORMAT_NAMES[r.format]}) as ${plural(r.orders, "order", "orders")}, ${count(r.matched)} matched to ${r.brand}'s orders: ` +
      `${count(r.inserted)} new, ${count(r.updated)} updated, ${count(r.unchanged)} unchanged.`,
  ];
  if (r.first !== null && r.last !== null) parts.push(`Orders from ${dayOf(r.first)} to ${dayOf(r.last)}.`);
  if (r.demoRemoved > 0) parts.push(`${plural(r.demoRemoved, "demo conversion was", "demo conversions were")} removed: real ones replace them.`);
  return parts.join(" ");
}
