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
import { dateAxis as localDateAxis } from "@/components/charts/dateAxis";
import { formatDay } from "@/components/format/dates";
import { t, type MessageKey } from "@/i18n/i18n";
import type { OrderStatus, Region, UNKNOWN_LOCATION } from "../../../domain/commerce";

/** A period of the series as people read it (shared by every page: `@/components/format/periods`). */
export { formatPeriod };

/** 1234.5 → "฿1,234.50". */
export const formatMoney = (n: number): string => money(n);
/** 1234 → "1,234". */
export const formatCount = (n: number): string => count(n);
/** 0.4 → "40%". */
export const formatShare = (part: number, whole: number): string => formatShareOf(part, whole);

const STATUS_LABEL = {
  completed: "commerce.status.completed",
  pending: "commerce.status.pending",
  cancelled: "commerce.status.cancelled",
  returned: "commerce.status.returned",
} as const satisfies Record<OrderStatus, MessageKey>;

/** An order status in words (the stored word for one no order can have). */
export const statusLabel = (status: string): string =>
  status in ORDER_STATUS_LABELS ? t(STATUS_LABEL[status as OrderStatus]) : status;

/** The words the page states for GMV and NMV (issue 6: their definitions in the UI). */
export const gmvDefinition = (): string => t("commerce.definition.gmv");
export const nmvDefinition = (): string => t("commerce.definition.nmv");
export const newCustomerDefinition = (): string => t("commerce.definition.newCustomer");

// ---------------------------------------------------------------------------------------------
// Charts

const BASE_LAYOUT: Partial<Layout> = { ...SHARED_LAYOUT, margin: { l: 64, r: 16, t: 16, b: 48 } };


const indices = (n: number) => Array.from({ length: n }, (_, i) => i);

function dateAxis(days: readonly string[], granularity: SeriesGranularity): Partial<Layout["xaxis"]> {
  return { ...localDateAxis(days, granularity), gridcolor: GRID_COLOUR };
}

function rangeWords(f: CommerceFigures): string {
  return t("commerce.range", { start: formatDay(f.start), end: formatDay(f.end) });
}

function listWords(rows: readonly FigureRow[], format: (n: number) => string, limit = 5): string {
  if (rows.length === 0) return t("commerce.chart.none");
  const shown = rows.slice(0, limit).map((r) => `${r.label} ${format(r.values[0] ?? 0)}`);
  return rows.length > limit ? t("commerce.chart.andMore", { list: shown.join(", "), count: rows.length - limit }) : shown.join(", ");
}

export function seriesCard(f: CommerceFigures): ChartCard {
  const x = f.series.map((p) => p.period);
  const per = PER_UNIT[f.granularity];
  return {
    id: "gmv-nmv-over-time",
    title: t("commerce.chart.gmvNmv.title"),
    clickable: false,
    chart: {
      data: [
        { type: "scatter", mode: "lines+markers", name: "GMV", x, y: f.series.map((p) => p.gmv), line: { color: MONEY_COLOURS.gmv }, marker: { size: 5 }, hovertemplate: "GMV ฿%{y:,.2f}<extra></extra>" },
        { type: "scatter", mode: "lines+markers", name: "NMV", x, y: f.series.map((p) => p.nmv), line: { color: MONEY_COLOURS.nmv, dash: "dot" }, marker: { size: 5 }, hovertemplate: "NMV ฿%{y:,.2f}<extra></extra>" },
      ],
      layout: { ...BASE_LAYOUT, xaxis: dateAxis(x, f.granularity), yaxis: moneyAxis, showlegend: true },
      label: t("commerce.chart.gmvNmv.label", { per, range: rangeWords(f), gmv: formatMoney(f.totals.gmv), nmv: formatMoney(f.totals.nmv) }),
    },
    table: {
      caption: t("commerce.chart.gmvNmv.caption", { per, range: rangeWords(f) }),
      rowHeader: t("commerce.column.period"),
      columns: breakdownColumns(),
      dated: true,
      rows: f.series.map((p) => ({ label: formatPeriod(p.period, f.granularity), values: [p.gmv, p.nmv, p.orders], click: null })),
    },
  };
}

export function customersCard(f: CommerceFigures): ChartCard {
  const x = f.series.map((p) => p.period);
  const per = PER_UNIT[f.granularity];
  return {
    id: "new-old-customers-over-time",
    title: t("commerce.chart.customers.title"),
    clickable: false,
    chart: {
      data: [
        { type: "bar", name: t("commerce.figure.newCustomers"), x, y: f.series.map((p) => p.newCustomers), marker: { color: CUSTOMER_COLOURS.newCustomer }, hovertemplate: `${t("commerce.chart.customers.hoverNew", { y: "%{y:,}" })}<extra></extra>` },
        { type: "bar", name: t("commerce.figure.oldCustomers"), x, y: f.series.map((p) => p.oldCustomers), marker: { color: CUSTOMER_COLOURS.oldCustomer }, hovertemplate: `${t("commerce.chart.customers.hoverOld", { y: "%{y:,}" })}<extra></extra>` },
      ],
      layout: { ...BASE_LAYOUT, barmode: "stack", xaxis: dateAxis(x, f.granularity), yaxis: countAxis, showlegend: true },
      label: t("commerce.chart.customers.label", { per, range: rangeWords(f), newCount: formatCount(f.totals.newCustomers), oldCount: formatCount(f.totals.oldCustomers) }),
    },
    table: {
      caption: t("commerce.chart.customers.caption", { per, range: rangeWords(f) }),
      rowHeader: t("commerce.column.period"),
      columns: [
        { header: t("commerce.figure.newCustomers"), format: formatCount },
        { header: t("commerce.figure.oldCustomers"), format: formatCount },
      ],
      dated: true,
      rows: f.series.map((p) => ({ label: formatPeriod(p.period, f.granularity), values: [p.newCustomers, p.oldCustomers], click: null })),
    },
  };
}

const REGION_LABEL = {
  "Bangkok and Vicinity": "commerce.region.bangkokAndVicinity",
  Central: "commerce.region.central",
  Eastern: "commerce.region.eastern",
  Western: "commerce.region.western",
  "Upper Northern": "commerce.region.upperNorthern",
  "Lower Northern": "commerce.region.lowerNorthern",
  "Upper Northeastern": "commerce.region.upperNortheastern",
  "Lower Northeastern": "commerce.region.lowerNortheastern",
  Southern: "commerce.region.southern",
  Unknown: "commerce.region.unknown",
} as const satisfies Record<Region | typeof UNKNOWN_LOCATION, MessageKey>;

/** A region (or "Unknown") in words; other words as they are. */
export const regionLabel = (key: string): string => (key in REGION_LABEL ? t(REGION_LABEL[key as keyof typeof REGION_LABEL]) : key);

function breakdownRows(rows: readonly Breakdown[], field: "platforms" | "locations" | "statuses", label: (key: string) => string = (k) => k): FigureRow[] {
  return rows.map((b) => ({ label: label(b.key), values: [b.gmv, b.nmv, b.orders], click: { field, value: b.key, label: label(b.key) } }));
}

const breakdownColumns = (): FigureColumn[] => [
  { header: t("commerce.column.gmvThb"), format: formatMoney },
  { header: t("commerce.column.nmvThb"), format: formatMoney },
  { header: t("commerce.column.orders"), format: formatCount },
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
    title: t("commerce.chart.platform.title"),
    clickable: true,
    chart: {
      data: [barOf(rows, "GMV")],
      layout: { ...BASE_LAYOUT, xaxis: { type: "category", automargin: true }, yaxis: moneyAxis, showlegend: false },
      label: t("commerce.chart.platform.label", { range: rangeWords(f), list: listWords(rows, formatMoney) }),
    },
    table: { caption: t("commerce.chart.platform.caption", { range: rangeWords(f) }), rowHeader: t("commerce.column.platform"), columns: breakdownColumns(), rows },
  };
}

export function regionCard(f: CommerceFigures): ChartCard {
  const rows = breakdownRows(f.byLocation, "locations", regionLabel);
  return {
    id: "gmv-by-region",
    title: t("commerce.chart.region.title"),
    clickable: true,
    height: 300,
    chart: {
      data: [barOf(rows, "GMV")],
      layout: { ...BASE_LAYOUT, xaxis: { type: "category", automargin: true, tickangle: -30 }, yaxis: moneyAxis, showlegend: false },
      label: t("commerce.chart.region.label", { range: rangeWords(f), list: listWords(rows, formatMoney, 9) }),
    },
    table: { caption: t("commerce.chart.region.caption", { range: rangeWords(f) }), rowHeader: t("commerce.column.region"), columns: breakdownColumns(), rows },
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
    title: t("commerce.chart.products.title"),
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
      label: t("commerce.chart.products.label", { range: rangeWords(f), list: listWords(rows, formatMoney) }),
    },
    table: {
      caption: t("commerce.chart.products.caption", { count: rows.length, range: rangeWords(f) }),
      rowHeader: t("commerce.column.product"),
      columns: [
        { header: t("commerce.column.gmvThb"), format: formatMoney },
        { header: t("commerce.column.quantity"), format: formatCount },
        { header: t("commerce.column.orders"), format: formatCount },
      ],
      rows,
    },
  };
}

/** The words of BASKET_BUCKETS, in its order. */
const BUCKET_LABEL: readonly MessageKey[] = [
  "commerce.basket.under200",
  "commerce.basket.from200",
  "commerce.basket.from500",
  "commerce.basket.from1000",
  "commerce.basket.from2000",
  "commerce.basket.from5000",
];

/** A bucket's words: the label of BASKET_BUCKETS with the same bounds, else the bounds. */
export function bucketLabel(b: { readonly min: number; readonly max: number | null }): string {
  const known = BASKET_BUCKETS.findIndex((k) => k.min === b.min && k.max === b.max);
  if (known >= 0 && BUCKET_LABEL[known] !== undefined) return t(BUCKET_LABEL[known]);
  return b.max === null ? t("commerce.basket.andOver", { min: formatMoney(b.min) }) : `${formatMoney(b.min)}–${formatMoney(b.max)}`;
}

export function basketCard(f: CommerceFigures): ChartCard {
  const rows: FigureRow[] = f.basketSizes.map((b) => ({
    label: bucketLabel(b),
    values: [b.orders, b.gmv],
    click: { field: "basket", value: basketBucketValue(b), label: bucketLabel(b) },
  }));
  return {
    id: "basket-size-distribution",
    title: t("commerce.chart.basket.title"),
    clickable: true,
    chart: {
      data: [
        {
          type: "bar",
          name: t("commerce.column.orders"),
          x: rows.map((r) => r.label),
          y: rows.map((r) => r.values[0] ?? 0),
          customdata: indices(rows.length),
          marker: { color: BAR_COLOUR },
          hovertemplate: `${t("commerce.chart.basket.hover", { x: "%{x}", y: "%{y:,}" })}<extra></extra>`,
        },
      ],
      layout: { ...BASE_LAYOUT, xaxis: { type: "category", automargin: true }, yaxis: countAxis, showlegend: false },
      label: t("commerce.chart.basket.label", { range: rangeWords(f), list: listWords(rows, formatCount, 6) }),
    },
    table: {
      caption: t("commerce.chart.basket.caption", { range: rangeWords(f) }),
      rowHeader: t("commerce.column.basketSize"),
      columns: [
        { header: t("commerce.column.orders"), format: formatCount },
        { header: t("commerce.column.gmvThb"), format: formatMoney },
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
    title: t("commerce.chart.status.title"),
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
          // i18n-ignore: Plotly's placeholders, filled in by Plotly
          hovertemplate: `${t("commerce.chart.status.hover", { label: "%{label}", value: "%{value:,}" })}<extra></extra>`,
        } as Data,
      ],
      layout: { ...BASE_LAYOUT, showlegend: true, margin: { l: 16, r: 16, t: 16, b: 16 } },
      label: t("commerce.chart.status.label", {
        range: rangeWords(f),
        list: rows.map((r) => `${r.label} ${formatCount(r.values[0] ?? 0)} (${formatShare(r.values[0] ?? 0, total)})`).join(", ") || t("commerce.chart.none"),
      }),
    },
    table: {
      caption: t("commerce.chart.status.caption", { range: rangeWords(f) }),
      rowHeader: t("commerce.column.status"),
      columns: [
        { header: t("commerce.column.orders"), format: formatCount },
        { header: t("commerce.column.gmvThb"), format: formatMoney },
      ],
      rows,
    },
  };
}

/** The page's charts, each built from the figures on its own, in reading order (a card per render: React yields between them). */
export const COMMERCE_CARD_BUILDERS: readonly ((f: CommerceFigures) => ChartCard)[] = [seriesCard, customersCard, platformCard, regionCard, productsCard, basketCard, statusCard];

/** Every chart of the page, in reading order. */
export function commerceCards(f: CommerceFigures): ChartCard[] {
  return COMMERCE_CARD_BUILDERS.map((build) => build(f));
}

/** Where a chart will be before the figures come (issue 19): its title, whether it has a hint line, the height it keeps. */
export interface ChartPlace {
  readonly id: string;
  readonly title: string;
  readonly clickable: boolean;
  readonly height: number;
}

/** The places of `commerceCards`, in the same order, known before any figure (the page's skeleton). */
export function commerceCardPlaces(): ChartPlace[] {
  return [
    { id: "gmv-nmv-over-time", title: t("commerce.chart.gmvNmv.title"), clickable: false, height: 260 },
    { id: "new-old-customers-over-time", title: t("commerce.chart.customers.title"), clickable: false, height: 260 },
    { id: "gmv-by-platform", title: t("commerce.chart.platform.title"), clickable: true, height: 260 },
    { id: "gmv-by-region", title: t("commerce.chart.region.title"), clickable: true, height: 300 },
    { id: "top-products", title: t("commerce.chart.products.title"), clickable: true, height: 240 },
    { id: "basket-size-distribution", title: t("commerce.chart.basket.title"), clickable: true, height: 260 },
    { id: "orders-by-status", title: t("commerce.chart.status.title"), clickable: true, height: 260 },
  ];
}

// ---------------------------------------------------------------------------------------------
// Key figures

export interface KeyFigure {
  /** Which figure (stays the same whatever the language). */
  readonly id: "gmv" | "nmv" | "orders" | "customers" | "newCustomers" | "oldCustomers" | "avgBasket";
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
export function keyFigures(totals: CommerceTotals, previous?: CommerceTotals): KeyFigure[] {
  const tt = totals;
  const up: Polarity = "higher-is-better";
  const was = (key: keyof CommerceTotals): number | null => (previous === undefined ? null : previous[key]);
  return [
    { id: "gmv", label: t("commerce.figure.gmv"), value: tt.gmv, format: formatMoney, polarity: up, previous: was("gmv") },
    {
      id: "nmv",
      label: t("commerce.figure.nmv"),
      value: tt.nmv,
      format: formatMoney,
      note: tt.gmv > 0 ? t("commerce.figure.nmvShare", { share: formatShare(tt.nmv, tt.gmv) }) : undefined,
      polarity: up,
      previous: was("nmv"),
    },
    { id: "orders", label: t("commerce.figure.orders"), value: tt.orders, format: formatCount, polarity: up, previous: was("orders") },
    { id: "customers", label: t("commerce.figure.customers"), value: tt.customers, format: formatCount, polarity: up, previous: was("customers") },
    {
      id: "newCustomers",
      label: t("commerce.figure.newCustomers"),
      value: tt.newCustomers,
      format: formatCount,
      note: t("commerce.figure.gmvNote", { gmv: formatMoney(tt.newCustomerGmv) }),
      polarity: up,
      previous: was("newCustomers"),
    },
    {
      id: "oldCustomers",
      label: t("commerce.figure.oldCustomers"),
      value: tt.oldCustomers,
      format: formatCount,
      note: t("commerce.figure.gmvNote", { gmv: formatMoney(tt.oldCustomerGmv) }),
      polarity: up,
      previous: was("oldCustomers"),
    },
    { id: "avgBasket", label: t("commerce.figure.avgBasket"), value: tt.avgBasket, format: formatMoney, polarity: "neutral", previous: was("avgBasket") },
  ];
}

const NO_TOTALS: CommerceTotals = { gmv: 0, nmv: 0, orders: 0, customers: 0, newCustomers: 0, oldCustomers: 0, newCustomerGmv: 0, oldCustomerGmv: 0, avgBasket: null };

/** The key figures' cards before the figures come (issue 19): their labels, in the same order. */
export function keyFigurePlaces(): { key: KeyFigure["id"]; label: string }[] {
  return keyFigures(NO_TOTALS).map((k) => ({ key: k.id, label: k.label }));
}

/** The key figures as a table (CSV export of the summary). */
export function keyFiguresTable(f: CommerceFigures, channel: string): FigureTable {
  return {
    caption: t("commerce.keyFigures.caption", { channel, range: rangeWords(f) }),
    rowHeader: t("commerce.keyFigures.figure"),
    columns: [{ header: t("commerce.keyFigures.value"), format: formatCount }],
    rows: keyFigures(f.totals).map((k) => ({ label: k.format === formatMoney ? t("commerce.keyFigures.inThb", { figure: k.label }) : k.label, values: [k.value], click: null })),
  };
}
