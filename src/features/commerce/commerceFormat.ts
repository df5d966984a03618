/**
 * How the E-Commerce figures read: THB money (฿1,234.50), counts, periods by granularity, click
 * times in Bangkok, and every chart of the page as Plotly traces with its words (accessible name)
 * and its figures as a table (shown under the chart and exported as CSV). Plain functions of the
 * server's `CommerceFigures`; only types come from plotly.js.
 */
import type { Data, Layout } from "plotly.js";
import {
  BASKET_BUCKETS, ORDER_STATUS_LABELS, type Breakdown, type CommerceFigures, type CommerceTotals, type SeriesGranularity,
} from "../../../domain/commerce";
import { basketBucketValue } from "../../../domain/commerceFilter";
import type { Polarity } from "../../../domain/periodChange";
import { BASE_LAYOUT as SHARED_LAYOUT, COUNT_AXIS as countAxis, GRID_COLOUR, MONEY_AXIS as moneyAxis } from "@/components/charts/chartLayout";
import type { ChartCard, FigureColumn, FigureRow, FigureTable } from "@/components/charts/chartCard";
import { formatCount as count, formatMoney as money, formatShareOf } from "@/components/format/numbers";
import { PER_UNIT, formatPeriod } from "@/components/format/periods";
import { BAR_COLOUR, CUSTOMER_COLOURS, MONEY_COLOURS, STATUS_COLOURS } from "@/features/commerce/colours";

/** A period of the series as people read it (shared by every page: `@/components/format/periods`). */
export { formatPeriod };

/** 1234.5 → "฿1,234.50". */
export const formatMoney = (n: number): string => money(n);
/** 1234 → "1,234". */
export const formatCount = (n: number): string => count(n);
/** 0.4 → "40%". */
export const formatShare = (part: number, whole: number): string => formatShareOf(part, whole);

export const statusLabel = (status: string): string => (ORDER_STATUS_LABELS as Record<string, string>)[status] ?? status;

/** The words the page states for GMV and NMV (issue 6: their definitions in the UI). */
export const GMV_DEFINITION = "GMV (gross merchandise value): the value of every order placed in the range, whatever its status.";
export const NMV_DEFINITION = "NMV (net merchandise value): GMV less cancelled and returned orders.";
export const NEW_CUSTOMER_DEFINITION = "A customer is new when their first order with the brand falls in the range, else old.";

// ---------------------------------------------------------------------------------------------
// Charts

const BASE_LAYOUT: Partial<Layout> = { ...SHARED_LAYOUT, margin: { l: 64, r: 16, t: 16, b: 48 } };


const indices = (n: number) => Array.from({ length: n }, (_, i) => i);

function dateAxis(granularity: SeriesGranularity): Partial<Layout["xaxis"]> {
  return { type: "date", tickformat: granularity === "month" ? "%b %Y" : "%d %b", automargin: true, gridcolor: GRID_COLOUR };
}

function rangeWords(f: CommerceFigures): string {
  return `${f.start} to ${f.end}`;
}

function listWords(rows: readonly FigureRow[], format: (n: number) => string, limit = 5): string {
  if (rows.length === 0) return "none";
  const shown = rows.slice(0, limit).map((r) => `${r.label} ${format(r.values[0] ?? 0)}`);
  return rows.length > limit ? `${shown.join(", ")} and ${rows.length - limit} more` : shown.join(", ");
}

export function seriesCard(f: CommerceFigures): ChartCard {
  const x = f.series.map((p) => p.period);
  const per = PER_UNIT[f.granularity];
  return {
    id: "gmv-nmv-over-time",
    title: "GMV and NMV over time",
    clickable: false,
    chart: {
      data: [
        { type: "scatter", mode: "lines+markers", name: "GMV", x, y: f.series.map((p) => p.gmv), line: { color: MONEY_COLOURS.gmv }, marker: { size: 5 }, hovertemplate: "GMV ฿%{y:,.2f}<extra></extra>" },
        { type: "scatter", mode: "lines+markers", name: "NMV", x, y: f.series.map((p) => p.nmv), line: { color: MONEY_COLOURS.nmv, dash: "dot" }, marker: { size: 5 }, hovertemplate: "NMV ฿%{y:,.2f}<extra></extra>" },
      ],
      layout: { ...BASE_LAYOUT, xaxis: dateAxis(f.granularity), yaxis: moneyAxis, showlegend: true },
      label: `GMV and NMV ${per}, ${rangeWords(f)}: GMV ${formatMoney(f.totals.gmv)} and NMV ${formatMoney(f.totals.nmv)} in total.`,
    },
    table: {
      caption: `GMV, NMV and orders ${per}, ${rangeWords(f)}`,
      rowHeader: "Period",
      columns: [
        { header: "GMV (THB)", format: formatMoney },
        { header: "NMV (THB)", format: formatMoney },
        { header: "Orders", format: formatCount },
      ],
      rows: f.series.map((p) => ({ label: formatPeriod(p.period, f.granularity), values: [p.gmv, p.nmv, p.orders], click: null })),
    },
  };
}

export function customersCard(f: CommerceFigures): ChartCard {
  const x = f.series.map((p) => p.period);
  const per = PER_UNIT[f.granularity];
  return {
    id: "new-old-customers-over-time",
    title: "New and old customers over time",
    clickable: false,
    chart: {
      data: [
        { type: "bar", name: "New customers", x, y: f.series.map((p) => p.newCustomers), marker: { color: CUSTOMER_COLOURS.newCustomer }, hovertemplate: "New %{y:,}<extra></extra>" },
        { type: "bar", name: "Old customers", x, y: f.series.map((p) => p.oldCustomers), marker: { color: CUSTOMER_COLOURS.oldCustomer }, hovertemplate: "Old %{y:,}<extra></extra>" },
      ],
      layout: { ...BASE_LAYOUT, barmode: "stack", xaxis: dateAxis(f.granularity), yaxis: countAxis, showlegend: true },
      label: `New and old customers ${per}, ${rangeWords(f)}: ${formatCount(f.totals.newCustomers)} new and ${formatCount(f.totals.oldCustomers)} old customers in the range.`,
    },
    table: {
      caption: `New and old customers ${per}, ${rangeWords(f)}`,
      rowHeader: "Period",
      columns: [
        { header: "New customers", format: formatCount },
        { header: "Old customers", format: formatCount },
      ],
      rows: f.series.map((p) => ({ label: formatPeriod(p.period, f.granularity), values: [p.newCustomers, p.oldCustomers], click: null })),
    },
  };
}

function breakdownRows(rows: readonly Breakdown[], field: "platforms" | "locations" | "statuses", label: (key: string) => string = (k) => k): FigureRow[] {
  return rows.map((b) => ({ label: label(b.key), values: [b.gmv, b.nmv, b.orders], click: { field, value: b.key, label: label(b.key) } }));
}

const BREAKDOWN_COLUMNS: readonly FigureColumn[] = [
  { header: "GMV (THB)", format: formatMoney },
  { header: "NMV (THB)", format: formatMoney },
  { header: "Orders", format: formatCount },
];

function barOf(rows: readonly FigureRow[], name: string, colour: string | readonly string[] = BAR_COLOUR): Data {
  return {
    type: "bar",
    name,
    x: rows.map((r) => r.label),
    y: rows.map((r) => r.values[0] ?? 0),
    customdata: indices(rows.length),
    marker: { color: colour as string },
    hovertemplate: `%{x}: ฿%{y:,.2f}<extra></extra>`,
  };
}

export function platformCard(f: CommerceFigures): ChartCard {
  const rows = breakdownRows(f.byPlatform, "platforms");
  return {
    id: "gmv-by-platform",
    title: "GMV by platform",
    clickable: true,
    chart: {
      data: [barOf(rows, "GMV")],
      layout: { ...BASE_LAYOUT, xaxis: { type: "category", automargin: true }, yaxis: moneyAxis, showlegend: false },
      label: `GMV by platform, ${rangeWords(f)}: ${listWords(rows, formatMoney)}.`,
    },
    table: { caption: `GMV, NMV and orders by platform, ${rangeWords(f)}`, rowHeader: "Platform", columns: BREAKDOWN_COLUMNS, rows },
  };
}

export function regionCard(f: CommerceFigures): ChartCard {
  const rows = breakdownRows(f.byLocation, "locations");
  return {
    id: "gmv-by-region",
    title: "GMV by region",
    clickable: true,
    height: 300,
    chart: {
      data: [barOf(rows, "GMV")],
      layout: { ...BASE_LAYOUT, xaxis: { type: "category", automargin: true, tickangle: -30 }, yaxis: moneyAxis, showlegend: false },
      label: `GMV by region, ${rangeWords(f)}: ${listWords(rows, formatMoney, 9)}.`,
    },
    table: { caption: `GMV, NMV and orders by region, ${rangeWords(f)}`, rowHeader: "Region", columns: BREAKDOWN_COLUMNS, rows },
  };
}

export function productsCard(f: CommerceFigures): ChartCard {
  const rows: FigureRow[] = f.topProducts.map((p) => ({
    label: p.product,
    values: [p.gmv, p.quantity, p.orders],
    click: { field: "products", value: p.product, label: p.product },
  }));
  return {
    id: "top-products",
    title: "Top products",
    clickable: true,
    height: Math.max(240, 40 + rows.length * 28),
    chart: {
      data: [
        {
          type: "bar",
          orientation: "h",
          name: "GMV",
          y: rows.map((r) => r.label),
          x: rows.map((r) => r.values[0] ?? 0),
          customdata: indices(rows.length),
          marker: { color: BAR_COLOUR },
          hovertemplate: "%{y}: ฿%{x:,.2f}<extra></extra>",
        },
      ],
      // The best seller on top: the rows keep the server's order, the axis reads downwards.
      layout: { ...BASE_LAYOUT, yaxis: { type: "category", autorange: "reversed", automargin: true }, xaxis: moneyAxis, showlegend: false },
      label: `Top products by GMV, ${rangeWords(f)}: ${listWords(rows, formatMoney)}.`,
    },
    table: {
      caption: `The ${rows.length} products with the highest GMV, ${rangeWords(f)}`,
      rowHeader: "Product",
      columns: [
        { header: "GMV (THB)", format: formatMoney },
        { header: "Quantity", format: formatCount },
        { header: "Orders", format: formatCount },
      ],
      rows,
    },
  };
}

/** A bucket's words: the label of BASKET_BUCKETS with the same bounds, else the bounds. */
export function bucketLabel(b: { readonly min: number; readonly max: number | null }): string {
  const known = BASKET_BUCKETS.find((k) => k.min === b.min && k.max === b.max);
  if (known !== undefined) return known.label;
  return b.max === null ? `${formatMoney(b.min)} and over` : `${formatMoney(b.min)}–${formatMoney(b.max)}`;
}

export function basketCard(f: CommerceFigures): ChartCard {
  const rows: FigureRow[] = f.basketSizes.map((b) => ({
    label: bucketLabel(b),
    values: [b.orders, b.gmv],
    click: { field: "basket", value: basketBucketValue(b), label: bucketLabel(b) },
  }));
  return {
    id: "basket-size-distribution",
    title: "Basket-size distribution",
    clickable: true,
    chart: {
      data: [
        {
          type: "bar",
          name: "Orders",
          x: rows.map((r) => r.label),
          y: rows.map((r) => r.values[0] ?? 0),
          customdata: indices(rows.length),
          marker: { color: BAR_COLOUR },
          hovertemplate: "%{x}: %{y:,} orders<extra></extra>",
        },
      ],
      layout: { ...BASE_LAYOUT, xaxis: { type: "category", automargin: true }, yaxis: countAxis, showlegend: false },
      label: `Orders by basket size, ${rangeWords(f)}: ${listWords(rows, formatCount, 6)}.`,
    },
    table: {
      caption: `Orders and GMV by basket size (the value of one order), ${rangeWords(f)}`,
      rowHeader: "Basket size",
      columns: [
        { header: "Orders", format: formatCount },
        { header: "GMV (THB)", format: formatMoney },
      ],
      rows,
    },
  };
}

export function statusCard(f: CommerceFigures): ChartCard {
  const rows: FigureRow[] = f.byStatus.map((b) => ({
    label: statusLabel(b.key),
    values: [b.orders, b.gmv],
    click: { field: "statuses", value: b.key, label: statusLabel(b.key) },
  }));
  const total = f.byStatus.reduce((sum, b) => sum + b.orders, 0);
  return {
    id: "orders-by-status",
    title: "Orders by status",
    clickable: true,
    chart: {
      data: [
        {
          type: "pie",
          labels: rows.map((r) => r.label),
          values: rows.map((r) => r.values[0] ?? 0),
          customdata: indices(rows.length),
          marker: { colors: f.byStatus.map((b) => STATUS_COLOURS[b.key as keyof typeof STATUS_COLOURS] ?? BAR_COLOUR) },
          hole: 0.45,
          sort: false,
          textinfo: "label+percent",
          hovertemplate: "%{label}: %{value:,} orders<extra></extra>",
        } as Data,
      ],
      layout: { ...BASE_LAYOUT, showlegend: true, margin: { l: 16, r: 16, t: 16, b: 16 } },
      label: `Orders by status, ${rangeWords(f)}: ${rows.map((r) => `${r.label} ${formatCount(r.values[0] ?? 0)} (${formatShare(r.values[0] ?? 0, total)})`).join(", ") || "none"}.`,
    },
    table: {
      caption: `Orders and GMV by status, ${rangeWords(f)}`,
      rowHeader: "Status",
      columns: [
        { header: "Orders", format: formatCount },
        { header: "GMV (THB)", format: formatMoney },
      ],
      rows,
    },
  };
}

/** Every chart of the page, in reading order. */
export function commerceCards(f: CommerceFigures): ChartCard[] {
  return [seriesCard(f), customersCard(f), platformCard(f), regionCard(f), productsCard(f), basketCard(f), statusCard(f)];
}

// ---------------------------------------------------------------------------------------------
// Key figures

export interface KeyFigure {
  readonly label: string;
  readonly value: number | null;
  readonly format: (n: number) => string;
  /** Small text under the value. */
  readonly note?: string;
  /** Which way of its change is good news (docs/commerce.md, "Change against the previous period"). */
  readonly polarity: Polarity;
  /** The figure over the previous period (null: not measured, as an average without orders). */
  readonly previous: number | null;
}

/**
 * The key figures of the range, each with its value over the previous period (null for every
 * one when `previous` is left out). Higher is better for the money, orders and customers (old
 * customers too: they are the ones who came back); the average basket is neutral (it also rises
 * when small orders are lost).
 */
export function keyFigures(t: CommerceTotals, previous?: CommerceTotals): KeyFigure[] {
  const up: Polarity = "higher-is-better";
  const was = (key: keyof CommerceTotals): number | null => (previous === undefined ? null : previous[key]);
  return [
    { label: "GMV", value: t.gmv, format: formatMoney, polarity: up, previous: was("gmv") },
    { label: "NMV", value: t.nmv, format: formatMoney, note: t.gmv > 0 ? `${formatShare(t.nmv, t.gmv)} of GMV` : undefined, polarity: up, previous: was("nmv") },
    { label: "Orders", value: t.orders, format: formatCount, polarity: up, previous: was("orders") },
    { label: "Customers", value: t.customers, format: formatCount, polarity: up, previous: was("customers") },
    { label: "New customers", value: t.newCustomers, format: formatCount, note: `GMV ${formatMoney(t.newCustomerGmv)}`, polarity: up, previous: was("newCustomers") },
    { label: "Old customers", value: t.oldCustomers, format: formatCount, note: `GMV ${formatMoney(t.oldCustomerGmv)}`, polarity: up, previous: was("oldCustomers") },
    { label: "Average basket size", value: t.avgBasket, format: formatMoney, polarity: "neutral", previous: was("avgBasket") },
  ];
}

/** The key figures as a table (CSV export of the summary). */
export function keyFiguresTable(f: CommerceFigures, channel: string): FigureTable {
  return {
    caption: `Key figures, ${channel}, ${rangeWords(f)}`,
    rowHeader: "Figure",
    columns: [{ header: "Value", format: formatCount }],
    rows: keyFigures(f.totals).map((k) => ({ label: k.format === formatMoney ? `${k.label} (THB)` : k.label, values: [k.value], click: null })),
  };
}
