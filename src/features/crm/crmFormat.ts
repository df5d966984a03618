/**
 * How the /crm figures read: counts, THB money, scores and shares; the line saying which KPI
 * template's weights and segments score the customers; the filter and the periods; every chart
 * (Plotly traces with their accessible summary) and table of the page, and their CSV columns.
 * Plain functions of the worker's answers; only types come from plotly.js and the worker.
 */
import type { Data, Layout } from "plotly.js";
import type { CommerceFilter, OrderStatus } from "../../../domain/commerce";
import { previousPeriod, type PreviousPeriod } from "../../../domain/periodChange";
import { UNASSIGNED, type RfmWeighting, type SegmentRule } from "../../../domain/rfm";
import { FIRST_CRM_QUERY, type CrmTableQuery } from "../../../domain/crmSearch";
import type { CustomerQuery, CustomerRow, RfmSortKey, RfmSummary, RfmTransitionTable, SegmentFigure } from "../../../workers/rfm";
import { BASE_LAYOUT as SHARED_LAYOUT, GRID_COLOUR } from "@/components/charts/chartLayout";
import type { CsvColumn } from "@/components/export/download";
import { formatCount as count, formatFixed2, formatFraction, formatMoney as money } from "@/components/format/numbers";
import type { FilterSource, KpiSource, LoadedCustomers } from "@/features/crm/crmLoaders";
import { formatDay } from "@/components/format/dates";
import { t, type MessageKey } from "@/i18n/i18n";


/** 1234 → "1,234". */
export const formatCount = (n: number): string => count(n);
/** 1234.5 → "฿1,234.50". */
export const formatMoney = (n: number): string => money(n);
/** A weighted score (1–5) to 2 decimals: 3.6667 → "3.67". */
export const formatScore = (n: number): string => formatFixed2(n);
/** A fraction 0..1 as a percentage: 0.3333 → "33.3%". */
export const formatShare = (fraction: number): string => formatFraction(fraction);

// ---------------------------------------------------------------------------------------------
// Segment names

const SEGMENT_LABEL: Readonly<Record<string, MessageKey>> = {
  Champions: "crm.segment.champions",
  "Loyal Customers": "crm.segment.loyalCustomers",
  "Potential Loyallists": "crm.segment.potentialLoyalists",
  "New Customers": "crm.segment.newCustomers",
  Promising: "crm.segment.promising",
  "About To Sleep": "crm.segment.aboutToSleep",
  "Can't Lose Them": "crm.segment.cantLoseThem",
  "At Risk": "crm.segment.atRisk",
  Hibernating: "crm.segment.hibernating",
  Unassigned: "crm.segment.unassigned",
};

/** A segment's name as shown: the standard segments (and Unassigned) in the active language, a template's own names as written. */
export function segmentLabel(name: string): string {
  const key = Object.hasOwn(SEGMENT_LABEL, name) ? SEGMENT_LABEL[name] : undefined;
  return key === undefined ? name : t(key);
}

// ---------------------------------------------------------------------------------------------
// Where the weights and segments come from

/** "Recency 80%, Frequency 10%, Monetary 10%". */
export function weightsText(w: Pick<RfmWeighting, "recency" | "frequency" | "monetary">): string {
  return t("crm.weights", { recency: formatShare(w.recency), frequency: formatShare(w.frequency), monetary: formatShare(w.monetary) });
}

export const noKpiTemplate = (): string => t("crm.source.none");
/** The KPI button is not on /crm (spec §2): where to pick one. */
export const chooseKpi = (): string => t("crm.source.chooseKpi");

/** The sentence the page states about the scoring: which template, which weights, which segments. */
export interface SourceLine {
  /** The main sentence. */
  readonly text: string;
  /** The weights used, always shown: "Recency 33.3%, Frequency 33.3%, Monetary 33.3%". */
  readonly weights: string;
  /** Further facts worth knowing (template segments that match nobody, weights that fell back). */
  readonly notes: readonly string[];
}

const quoted = (title: string) => `‘${title}’`;

export function sourceLine(source: KpiSource, weighting: RfmWeighting, rules: readonly SegmentRule[]): SourceLine {
  const weights = weightsText(weighting);
  switch (source.kind) {
    case "none":
      return { text: noKpiTemplate(), weights, notes: [chooseKpi()] };
    case "forbidden":
      return { text: t("crm.source.forbidden"), weights, notes: [] };
    case "missing":
      return { text: t("crm.source.missing", { title: quoted(source.title) }), weights, notes: [] };
    case "template": {
      const title = quoted(source.template.title);
      const hasSegmentBlock = source.template.RFM.some((b) => "segment" in b);
      const segments = hasSegmentBlock ? t("crm.source.itsSegments", { count: rules.length, countText: formatCount(rules.length) }) : t("crm.source.defaultSegments");
      const notes: string[] = [];
      if (weighting.defaulted) notes.push(t("crm.source.noWeights"));
      else if (Math.abs(weighting.total - 100) > 1e-9) {
        notes.push(t("crm.source.weightsTotal", { total: count(weighting.total, 1) }));
      }
      const matchNobody = rules.filter((r) => r.source === "none").map((r) => quoted(r.name));
      if (matchNobody.length > 0) {
        notes.push(t("crm.source.matchNobody", { names: matchNobody.join(", "), count: matchNobody.length }));
      }
      if (hasSegmentBlock && rules.length === 0) notes.push(t("crm.source.emptySegments"));
      return { text: t("crm.source.template", { title, segments }), weights, notes };
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Filter and periods

const bound = (n: number) => formatMoney(n);

const REGION_WORD: Readonly<Record<string, MessageKey>> = {
  "Bangkok and Vicinity": "crm.region.bangkokAndVicinity",
  Central: "crm.region.central",
  Eastern: "crm.region.eastern",
  Western: "crm.region.western",
  "Upper Northern": "crm.region.upperNorthern",
  "Lower Northern": "crm.region.lowerNorthern",
  "Upper Northeastern": "crm.region.upperNortheastern",
  "Lower Northeastern": "crm.region.lowerNortheastern",
  Southern: "crm.region.southern",
  Unknown: "crm.region.unknown",
};

/** A region (or "Unknown") in words; other words as they are. */
const regionLabel = (region: string): string => (Object.hasOwn(REGION_WORD, region) ? t(REGION_WORD[region]!) : region);

const STATUS_WORD = {
  completed: "crm.filter.statusWord.completed",
  pending: "crm.filter.statusWord.pending",
  cancelled: "crm.filter.statusWord.cancelled",
  returned: "crm.filter.statusWord.returned",
} as const satisfies Record<OrderStatus, MessageKey>;

/** An order status inside the filter's sentence ("status completed"). */
const statusWord = (status: string): string => (Object.hasOwn(STATUS_WORD, status) ? t(STATUS_WORD[status as OrderStatus]) : status);

/** The filter the server applied, in words: "All orders" when it narrows nothing. */
export function filterText(filter: CommerceFilter): string {
  const parts: string[] = [];
  const or = (values: readonly string[]): string => values.join(t("crm.filter.or"));
  if (filter.platforms?.length) parts.push(t("crm.filter.platform", { values: or(filter.platforms.map((p) => (p === "" ? t("crm.filter.none") : p))) }));
  if (filter.locations?.length) parts.push(t("crm.filter.region", { values: or(filter.locations.map(regionLabel)) }));
  if (filter.statuses?.length) parts.push(t("crm.filter.status", { values: or(filter.statuses.map(statusWord)) }));
  if (filter.products?.length) parts.push(t("crm.filter.product", { values: or(filter.products) }));
  const min = filter.basketMin ?? null;
  const max = filter.basketMax ?? null;
  if (min !== null && max !== null) parts.push(t("crm.filter.basketBetween", { min: bound(min), max: bound(max) }));
  else if (min !== null) parts.push(t("crm.filter.basketFrom", { min: bound(min) }));
  else if (max !== null) parts.push(t("crm.filter.basketUpTo", { max: bound(max) }));
  return parts.length === 0 ? t("crm.filter.all") : t("crm.filter.with", { parts: parts.join(", ") });
}

/** Where the filter came from: "Filter template ‘Shopee only’", "Ad-hoc filter", or null for none. */
export function filterSourceText(source: FilterSource): string | null {
  switch (source.kind) {
    case "none":
      return null;
    case "adhoc":
      return t("crm.filter.adhoc");
    case "template":
      return source.found ? t("crm.filter.template", { title: quoted(source.title) }) : t("crm.filter.templateMissing", { title: quoted(source.title) });
  }
}

/** A chart click as its chip reads: "Platform: Shopee". */
export { clickText } from "@/components/figures/ChartFilters";

/** "2024-01-01 to 2024-01-31". */
export const periodText = (p: { start: string; end: string }): string => t("crm.period", { start: formatDay(p.start), end: formatDay(p.end) });

/** The previous period the server answered, with its length (the same as the range's). */
export function comparedPeriod(loaded: Pick<LoadedCustomers, "current" | "previous">): PreviousPeriod {
  return { start: loaded.previous.start, end: loaded.previous.end, days: previousPeriod(loaded.current).days };
}

/** "Compared with 2023-12-01 to 2023-12-31 (412 customers)". */
export function comparedText(loaded: Pick<LoadedCustomers, "previous">): string {
  return t("crm.compared", { period: periodText(loaded.previous), customers: formatCount(loaded.previous.customers) });
}

// ---------------------------------------------------------------------------------------------
// Charts

export interface ChartSpec {
  readonly data: Data[];
  readonly layout: Partial<Layout>;
  /** The chart in words: its accessible name. */
  readonly label: string;
}

export const COLOURS = {
  customers: "#e85d0c",
  revenue: "#2f5f8a",
  unassigned: "#8a919c",
} as const;

const GRID = GRID_COLOUR;

const BASE_LAYOUT: Partial<Layout> = { ...SHARED_LAYOUT, legend: { orientation: "h", y: -0.35 }, margin: { l: 56, r: 64, t: 16, b: 48 } };

/** The segment with the most customers (the first of equals), or null when nobody is scored. */
function largest(segments: readonly SegmentFigure[]): SegmentFigure | null {
  let best: SegmentFigure | null = null;
  for (const s of segments) if (s.customers > 0 && (best === null || s.customers > best.customers)) best = s;
  return best;
}

/**
 * Customers (left axis) and revenue (right axis) per segment, Unassigned last, as grouped bars.
 * A bar's customdata is the segment index (-1 = Unassigned), for clicks.
 */
export function segmentChart(summary: RfmSummary): ChartSpec {
  const names = summary.segments.map((s) => segmentLabel(s.name));
  const index = summary.segments.map((s) => s.index);
  const top = largest(summary.segments);
  const unassigned = summary.segments.find((s) => s.index === -1);
  return {
    data: [
      {
        type: "bar", name: t("crm.chart.customers"), x: names, y: summary.segments.map((s) => s.customers), customdata: index,
        marker: { color: summary.segments.map((s) => (s.index === -1 ? COLOURS.unassigned : COLOURS.customers)) },
        offsetgroup: "customers", hovertemplate: `${t("crm.chart.segments.hoverCustomers", { x: "%{x}", y: "%{y:,}" })}<extra></extra>`,
      } as Data,
      {
        type: "bar", name: t("crm.chart.revenueThb"), x: names, y: summary.segments.map((s) => s.revenue), customdata: index, yaxis: "y2",
        marker: { color: COLOURS.revenue }, offsetgroup: "revenue", hovertemplate: "%{x}: ฿%{y:,.2f}<extra></extra>",
      } as Data,
    ],
    layout: {
      ...BASE_LAYOUT,
      barmode: "group",
      xaxis: { automargin: true, tickangle: -30 },
      yaxis: { title: { text: t("crm.chart.customers"), standoff: 8 }, rangemode: "tozero", gridcolor: GRID, automargin: true, separatethousands: true },
      yaxis2: { title: { text: t("crm.chart.revenue"), standoff: 8 }, tickprefix: "฿", rangemode: "tozero", overlaying: "y", side: "right", showgrid: false, automargin: true, separatethousands: true },
    },
    label:
      t("crm.chart.segments.label", { customers: formatCount(summary.customers) }) +
      (top === null
        ? ` ${t("crm.chart.noneScored")}`
        : ` ${t("crm.chart.segments.most", { name: segmentLabel(top.name), customers: formatCount(top.customers), share: formatShare(top.customerShare) })}`) +
      ` ${segmentLabel(UNASSIGNED)}: ${formatCount(unassigned?.customers ?? 0)}.`,
  };
}

export const SCORES = [1, 2, 3, 4, 5] as const;

/** The grid's counts as 5 rows (R 1..5) of 5 columns (F 1..5). */
export function gridRows(values: readonly (number | null)[]): (number | null)[][] {
  return SCORES.map((r) => SCORES.map((f) => values[(r - 1) * 5 + (f - 1)] ?? null));
}

/** The R × F grid as a heatmap: rows R 1 (bottom) to 5 (top), columns F 1 to 5, counts written in the cells. */
export function rfGridChart(summary: RfmSummary): ChartSpec {
  const z = gridRows(summary.grid.counts);
  const revenue = gridRows(summary.grid.revenue);
  let busiest: { r: number; f: number; count: number } | null = null;
  z.forEach((row, r) =>
    row.forEach((count, f) => {
      if (count !== null && count > 0 && (busiest === null || count > busiest.count)) busiest = { r: r + 1, f: f + 1, count };
    }),
  );
  const b = busiest as { r: number; f: number; count: number } | null;
  return {
    data: [
      {
        type: "heatmap",
        x: SCORES.map((f) => `F ${f}`),
        y: SCORES.map((r) => `R ${r}`),
        z,
        customdata: revenue,
        colorscale: [[0, "#fff4ec"], [1, "#c94d0a"]],
        texttemplate: "%{z:,}",
        hovertemplate: `${t("crm.chart.grid.hover", { y: "%{y}", x: "%{x}", z: "%{z:,}", customdata: "%{customdata:,.2f}" })}<extra></extra>`,
        colorbar: { title: { text: t("crm.chart.customers") }, thickness: 12 },
        xgap: 2,
        ygap: 2,
      } as unknown as Data,
    ],
    layout: {
      ...BASE_LAYOUT,
      xaxis: { title: { text: t("crm.chart.grid.frequency") }, side: "bottom", automargin: true },
      yaxis: { title: { text: t("crm.chart.grid.recency") }, automargin: true },
      margin: { l: 64, r: 16, t: 16, b: 48 },
    },
    label:
      t("crm.chart.grid.label") +
      (b === null ? ` ${t("crm.chart.noneScored")}` : ` ${t("crm.chart.grid.most", { r: b.r, f: b.f, count: formatCount(b.count) })}`),
  };
}

// ---------------------------------------------------------------------------------------------
// Tables and their CSV

/** The segment table's rows: the worker's figures, Unassigned last. */
export const SEGMENT_CSV: readonly CsvColumn<SegmentFigure>[] = [
  { header: "segment", value: (s) => s.name }, // i18n-ignore: CSV field name (machine-readable)
  { header: "rank", value: (s) => s.rank }, // i18n-ignore: CSV field name (machine-readable)
  { header: "customers", value: (s) => s.customers }, // i18n-ignore: CSV field name (machine-readable)
  { header: "customer_share", value: (s) => round(s.customerShare, 4) }, // i18n-ignore: CSV field name (machine-readable)
  { header: "revenue", value: (s) => round(s.revenue, 2) }, // i18n-ignore: CSV field name (machine-readable)
  { header: "revenue_share", value: (s) => round(s.revenueShare, 4) }, // i18n-ignore: CSV field name (machine-readable)
  { header: "mean_score", value: (s) => (s.meanScore === null ? null : round(s.meanScore, 2)) }, // i18n-ignore: CSV field name (machine-readable)
];

function round(n: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

/** One row of the R × F grid for CSV: the R score, then counts for F 1..5. */
export interface GridCsvRow {
  readonly r: number;
  readonly counts: readonly (number | null)[];
}

export function gridCsvRows(summary: RfmSummary): GridCsvRow[] {
  // Best first, as the table shows it.
  return gridRows(summary.grid.counts).map((counts, i) => ({ r: i + 1, counts })).reverse();
}

export const GRID_CSV: readonly CsvColumn<GridCsvRow>[] = [
  { header: "recency_score", value: (row) => row.r }, // i18n-ignore: CSV field name (machine-readable)
  ...SCORES.map((f): CsvColumn<GridCsvRow> => ({ header: `frequency_${f}`, value: (row) => row.counts[f - 1] ?? 0 })), // i18n-ignore: CSV field name (machine-readable)
];

/** The transition matrix's last row: customers who were not customers in the previous period. */
export const newRow = (): string => t("crm.transitions.new");
/** The transition matrix's last column: customers who did not buy in this period. */
export const goneColumn = (): string => t("crm.transitions.gone");

/** The transition matrix as the table shows it: "from" rows (previous period), "to" columns (this period). */
export interface TransitionView {
  /** Row labels: the segments, Unassigned, then "New" (not a customer in the previous period). */
  readonly rows: readonly string[];
  /** Column labels: the segments, Unassigned, then "Gone" (not a customer in this period). */
  readonly columns: readonly string[];
  readonly counts: readonly (readonly number[])[];
  /** Per row and per column. */
  readonly rowTotals: readonly number[];
  readonly columnTotals: readonly number[];
  /** The largest cell, for shading. */
  readonly max: number;
  readonly retained: number;
  readonly new: number;
  readonly gone: number;
}

export function transitionView(tt: RfmTransitionTable): TransitionView {
  const last = tt.size - 1;
  const rows = tt.labels.map((l, i) => (i === last ? newRow() : segmentLabel(l)));
  const columns = tt.labels.map((l, i) => (i === last ? goneColumn() : segmentLabel(l)));
  const counts = tt.counts.map((row) => row.slice());
  const rowTotals = counts.map((row) => row.reduce((a, b) => a + b, 0));
  const columnTotals = columns.map((_, j) => counts.reduce((a, row) => a + (row[j] ?? 0), 0));
  const max = counts.reduce((m, row) => Math.max(m, ...row), 0);
  return { rows, columns, counts, rowTotals, columnTotals, max, retained: tt.retained, new: tt.new, gone: tt.gone };
}

/**
 * How many customers each segment had in the previous period, by segment index (-1 =
 * Unassigned): the rows of the transition matrix, summed (a few dozen cells, never customers).
 * Customers only in this period ("New" row) are not counted.
 */
export function previousSegmentSizes(t: RfmTransitionTable): Map<number, number> {
  const ruleCount = t.size - 2;
  const sizes = new Map<number, number>();
  for (let slot = 0; slot <= ruleCount; slot++) {
    sizes.set(slot === ruleCount ? -1 : slot, (t.counts[slot] ?? []).reduce((a, b) => a + b, 0));
  }
  return sizes;
}

/** The words of the transition matrix: how many stayed, came and went. */
export function transitionText(v: TransitionView): string {
  return t("crm.transitions.text", { retained: formatCount(v.retained), newCount: formatCount(v.new), gone: formatCount(v.gone) });
}

export interface TransitionCsvRow {
  readonly from: string;
  readonly counts: readonly number[];
}

export function transitionCsv(v: TransitionView): { rows: TransitionCsvRow[]; columns: CsvColumn<TransitionCsvRow>[] } {
  return {
    rows: v.rows.map((from, i) => ({ from, counts: v.counts[i] ?? [] })),
    columns: [
      { header: "previous_period", value: (r) => r.from }, // i18n-ignore: CSV field name (machine-readable)
      ...v.columns.map((to, j): CsvColumn<TransitionCsvRow> => ({ header: to, value: (r) => r.counts[j] ?? 0 })),
    ],
  };
}

/** Background of a shaded cell: brand orange, stronger the larger the count (0 = none). */
export function shade(count: number, max: number): string | undefined {
  if (count <= 0 || max <= 0) return undefined;
  const alpha = 0.08 + 0.52 * (count / max);
  return `rgb(232 93 12 / ${Math.round(alpha * 100)}%)`;
}

// ---------------------------------------------------------------------------------------------
// The customer table

export const PAGE_SIZE = 25;

export interface CustomerColumn {
  readonly key: RfmSortKey;
  readonly header: string;
  /** Right-aligned figures. */
  readonly numeric: boolean;
  readonly text: (row: CustomerRow) => string;
  /** The direction a first click sorts by. */
  readonly firstDirection: "asc" | "desc";
}

/** The customer table's columns, in the active language. */
export const customerColumns = (): CustomerColumn[] => [
  { key: "id", header: t("crm.column.id"), numeric: false, text: (r) => r.id, firstDirection: "asc" },
  { key: "recencyDays", header: t("crm.column.recencyDays"), numeric: true, text: (r) => formatCount(r.recencyDays), firstDirection: "asc" },
  { key: "frequency", header: t("crm.column.orders"), numeric: true, text: (r) => formatCount(r.frequency), firstDirection: "desc" },
  { key: "monetary", header: t("crm.column.spend"), numeric: true, text: (r) => formatMoney(r.monetary), firstDirection: "desc" },
  { key: "r", header: t("crm.column.r"), numeric: true, text: (r) => String(r.r), firstDirection: "desc" },
  { key: "f", header: t("crm.column.f"), numeric: true, text: (r) => String(r.f), firstDirection: "desc" },
  { key: "m", header: t("crm.column.m"), numeric: true, text: (r) => String(r.m), firstDirection: "desc" },
  { key: "score", header: t("crm.column.score"), numeric: true, text: (r) => formatScore(r.score), firstDirection: "desc" },
  { key: "segment", header: t("crm.column.segment"), numeric: false, text: (r) => segmentLabel(r.segment), firstDirection: "desc" },
];

const COLUMN_TITLE: Partial<Record<RfmSortKey, MessageKey>> = {
  r: "crm.columnTitle.r",
  f: "crm.columnTitle.f",
  m: "crm.columnTitle.m",
  score: "crm.columnTitle.score",
  recencyDays: "crm.columnTitle.recencyDays",
  monetary: "crm.columnTitle.monetary",
};

/** What a column header's title spells out (none for the plain ones). */
export function columnTitle(key: RfmSortKey): string | undefined {
  const k = COLUMN_TITLE[key];
  return k === undefined ? undefined : t(k);
}

/** The customer table's query (`domain/crmSearch.ts`: it also lives in the URL). */
export type TableQuery = CrmTableQuery;

export const FIRST_QUERY: TableQuery = FIRST_CRM_QUERY;

/** The query the worker is asked: the table's, with its page size. */
export function workerQuery(q: TableQuery): CustomerQuery {
  return { sortBy: q.sortBy, direction: q.direction, search: q.search, segment: q.segment, page: q.page, pageSize: PAGE_SIZE };
}

/** The export's query: every customer the table lists (all pages), in its order. */
export function exportQuery(q: TableQuery): CustomerQuery {
  return { sortBy: q.sortBy, direction: q.direction, search: q.search, segment: q.segment };
}

/** A header's click: the same column turns the order round, another column sorts by it from the first page. */
export function sortedBy(q: TableQuery, key: RfmSortKey): TableQuery {
  if (q.sortBy === key) return { ...q, direction: q.direction === "asc" ? "desc" : "asc", page: 0 };
  const column = customerColumns().find((c) => c.key === key);
  return { ...q, sortBy: key, direction: column?.firstDirection ?? "desc", page: 0 };
}

export function ariaSortOf(q: TableQuery, key: RfmSortKey): "ascending" | "descending" | "none" {
  if (q.sortBy !== key) return "none";
  return q.direction === "asc" ? "ascending" : "descending";
}

/** "Customers 1–25 of 1,234" (or "No customers match"). */
export function rowsText(page: { total: number; page: number; pageSize: number; rows: readonly unknown[] }): string {
  if (page.total === 0) return t("crm.table.noMatch");
  const first = page.page * page.pageSize + 1;
  const last = first + page.rows.length - 1;
  return t("crm.table.rows", { first: formatCount(first), last: formatCount(last), total: formatCount(page.total) });
}


/** What an empty page of the table says. */
export function noRowsText(search: string, segmentName: string | null): string {
  const needle = search.trim();
  if (segmentName === null) return needle !== "" ? t("crm.table.noIdContains", { needle }) : t("crm.table.noCustomers");
  const segment = segmentLabel(segmentName);
  return needle !== "" ? t("crm.table.noIdContainsIn", { needle, segment }) : t("crm.table.noCustomersIn", { segment });
}
