/**
 * How the /crm figures read: counts, THB money, scores and shares; the line saying which KPI
 * template's weights and segments score the customers; the filter and the periods; every chart
 * (Plotly traces with their accessible summary) and table of the page, and their CSV columns.
 * Plain functions of the worker's answers; only types come from plotly.js and the worker.
 */
import type { Data, Layout } from "plotly.js";
import type { CommerceFilter } from "../../../domain/commerce";
import { previousPeriod, type PreviousPeriod } from "../../../domain/periodChange";
import { UNASSIGNED, type RfmWeighting, type SegmentRule } from "../../../domain/rfm";
import { FIRST_CRM_QUERY, type CrmTableQuery } from "../../../domain/crmSearch";
import type { CustomerQuery, CustomerRow, RfmSortKey, RfmSummary, RfmTransitionTable, SegmentFigure } from "../../../workers/rfm";
import { BASE_LAYOUT as SHARED_LAYOUT, GRID_COLOUR } from "@/components/charts/chartLayout";
import type { CsvColumn } from "@/components/export/download";
import { formatCount as count, formatFixed2, formatFraction, formatMoney as money } from "@/components/format/numbers";
import type { FilterSource, KpiSource, LoadedCustomers } from "@/features/crm/crmLoaders";


/** 1234 → "1,234". */
export const formatCount = (n: number): string => count(n);
/** 1234.5 → "฿1,234.50". */
export const formatMoney = (n: number): string => money(n);
/** A weighted score (1–5) to 2 decimals: 3.6667 → "3.67". */
export const formatScore = (n: number): string => formatFixed2(n);
/** A fraction 0..1 as a percentage: 0.3333 → "33.3%". */
export const formatShare = (fraction: number): string => formatFraction(fraction);

// ---------------------------------------------------------------------------------------------
// Where the weights and segments come from

/** "Recency 80%, Frequency 10%, Monetary 10%". */
export function weightsText(w: Pick<RfmWeighting, "recency" | "frequency" | "monetary">): string {
  return `Recency ${formatShare(w.recency)}, Frequency ${formatShare(w.frequency)}, Monetary ${formatShare(w.monetary)}`;
}

export const NO_KPI_TEMPLATE = "No KPI template selected: equal weights and the default segments.";
/** The KPI button is not on /crm (spec §2): where to pick one. */
export const CHOOSE_KPI = "To score with a KPI template, select it with the KPI button on another page, such as Brand Experience; the selection carries over to this page.";

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
      return { text: NO_KPI_TEMPLATE, weights, notes: [CHOOSE_KPI] };
    case "forbidden":
      return { text: "Your account has no access to KPI templates: equal weights and the default segments.", weights, notes: [] };
    case "missing":
      return { text: `The KPI template ${quoted(source.title)} no longer exists: equal weights and the default segments.`, weights, notes: [] };
    case "template": {
      const title = quoted(source.template.title);
      const hasSegmentBlock = source.template.RFM.some((b) => "segment" in b);
      const segments = hasSegmentBlock ? `its ${formatCount(rules.length)} segment${rules.length === 1 ? "" : "s"}` : "the default segments (it has none)";
      const notes: string[] = [];
      if (weighting.defaulted) notes.push(`The template sets no RFM weights, so the three scores weigh the same.`);
      else if (Math.abs(weighting.total - 100) > 1e-9) {
        notes.push(`Its weights add up to ${count(weighting.total, 1)}, not 100; they are used in proportion.`);
      }
      const matchNobody = rules.filter((r) => r.source === "none").map((r) => quoted(r.name));
      if (matchNobody.length > 0) {
        notes.push(`${matchNobody.join(", ")} ${matchNobody.length === 1 ? "has" : "have"} no score ranges and no standard ones, so no customer is in ${matchNobody.length === 1 ? "it" : "them"}.`);
      }
      if (hasSegmentBlock && rules.length === 0) notes.push("The template has an empty segment list, so every customer is Unassigned.");
      return { text: `KPI template ${title}: its RFM weights and ${segments}.`, weights, notes };
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Filter and periods

const bound = (n: number) => formatMoney(n);

/** The filter the server applied, in words: "All orders" when it narrows nothing. */
export function filterText(filter: CommerceFilter): string {
  const parts: string[] = [];
  if (filter.platforms?.length) parts.push(`platform ${filter.platforms.map((p) => (p === "" ? "(none)" : p)).join(" or ")}`);
  if (filter.locations?.length) parts.push(`region ${filter.locations.join(" or ")}`);
  if (filter.statuses?.length) parts.push(`status ${filter.statuses.join(" or ")}`);
  if (filter.products?.length) parts.push(`product ${filter.products.join(" or ")}`);
  const min = filter.basketMin ?? null;
  const max = filter.basketMax ?? null;
  if (min !== null && max !== null) parts.push(`basket size ${bound(min)} to ${bound(max)}`);
  else if (min !== null) parts.push(`basket size from ${bound(min)}`);
  else if (max !== null) parts.push(`basket size up to ${bound(max)}`);
  return parts.length === 0 ? "All orders" : `Orders with ${parts.join(", ")}`;
}

/** Where the filter came from: "Filter template ‘Shopee only’", "Ad-hoc filter", or null for none. */
export function filterSourceText(source: FilterSource): string | null {
  switch (source.kind) {
    case "none":
      return null;
    case "adhoc":
      return "Ad-hoc filter";
    case "template":
      return source.found ? `Filter template ${quoted(source.title)}` : `The filter template ${quoted(source.title)} no longer exists, so it does not narrow the customers`;
  }
}

/** A chart click as its chip reads: "Platform: Shopee". */
export { clickText } from "@/components/figures/ChartFilters";

/** "2024-01-01 to 2024-01-31". */
export const periodText = (p: { start: string; end: string }): string => `${p.start} to ${p.end}`;

/** The previous period the server answered, with its length (the same as the range's). */
export function comparedPeriod(loaded: Pick<LoadedCustomers, "current" | "previous">): PreviousPeriod {
  return { start: loaded.previous.start, end: loaded.previous.end, days: previousPeriod(loaded.current).days };
}

/** "Compared with 2023-12-01 to 2023-12-31 (412 customers)". */
export function comparedText(loaded: Pick<LoadedCustomers, "previous">): string {
  return `Compared with ${periodText(loaded.previous)} (${formatCount(loaded.previous.customers)} customers)`;
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
  const names = summary.segments.map((s) => s.name);
  const index = summary.segments.map((s) => s.index);
  const top = largest(summary.segments);
  const unassigned = summary.segments.find((s) => s.index === -1);
  return {
    data: [
      {
        type: "bar", name: "Customers", x: names, y: summary.segments.map((s) => s.customers), customdata: index,
        marker: { color: summary.segments.map((s) => (s.index === -1 ? COLOURS.unassigned : COLOURS.customers)) },
        offsetgroup: "customers", hovertemplate: "%{x}: %{y:,} customers<extra></extra>",
      } as Data,
      {
        type: "bar", name: "Revenue (THB)", x: names, y: summary.segments.map((s) => s.revenue), customdata: index, yaxis: "y2",
        marker: { color: COLOURS.revenue }, offsetgroup: "revenue", hovertemplate: "%{x}: ฿%{y:,.2f}<extra></extra>",
      } as Data,
    ],
    layout: {
      ...BASE_LAYOUT,
      barmode: "group",
      xaxis: { automargin: true, tickangle: -30 },
      yaxis: { title: { text: "Customers", standoff: 8 }, rangemode: "tozero", gridcolor: GRID, automargin: true, separatethousands: true },
      yaxis2: { title: { text: "Revenue", standoff: 8 }, tickprefix: "฿", rangemode: "tozero", overlaying: "y", side: "right", showgrid: false, automargin: true, separatethousands: true },
    },
    label:
      `Customers and revenue per segment, ${formatCount(summary.customers)} customers in all.` +
      (top === null ? " No customer is scored." : ` Most customers: ${top.name}, ${formatCount(top.customers)} (${formatShare(top.customerShare)}).`) +
      ` ${UNASSIGNED}: ${formatCount(unassigned?.customers ?? 0)}.`,
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
        hovertemplate: "%{y}, %{x}: %{z:,} customers, ฿%{customdata:,.2f}<extra></extra>",
        colorbar: { title: { text: "Customers" }, thickness: 12 },
        xgap: 2,
        ygap: 2,
      } as unknown as Data,
    ],
    layout: {
      ...BASE_LAYOUT,
      xaxis: { title: { text: "Frequency score" }, side: "bottom", automargin: true },
      yaxis: { title: { text: "Recency score" }, automargin: true },
      margin: { l: 64, r: 16, t: 16, b: 48 },
    },
    label:
      "Customers by recency score (rows, 1 to 5) and frequency score (columns, 1 to 5)." +
      (b === null ? " No customer is scored." : ` Most customers at R ${b.r}, F ${b.f}: ${formatCount(b.count)}.`),
  };
}

// ---------------------------------------------------------------------------------------------
// Tables and their CSV

/** The segment table's rows: the worker's figures, Unassigned last. */
export const SEGMENT_CSV: readonly CsvColumn<SegmentFigure>[] = [
  { header: "segment", value: (s) => s.name },
  { header: "rank", value: (s) => s.rank },
  { header: "customers", value: (s) => s.customers },
  { header: "customer_share", value: (s) => round(s.customerShare, 4) },
  { header: "revenue", value: (s) => round(s.revenue, 2) },
  { header: "revenue_share", value: (s) => round(s.revenueShare, 4) },
  { header: "mean_score", value: (s) => (s.meanScore === null ? null : round(s.meanScore, 2)) },
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
  { header: "recency_score", value: (row) => row.r },
  ...SCORES.map((f): CsvColumn<GridCsvRow> => ({ header: `frequency_${f}`, value: (row) => row.counts[f - 1] ?? 0 })),
];

export const NEW_ROW = "New";
export const GONE_COLUMN = "Gone";

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

export function transitionView(t: RfmTransitionTable): TransitionView {
  const last = t.size - 1;
  const rows = t.labels.map((l, i) => (i === last ? NEW_ROW : l));
  const columns = t.labels.map((l, i) => (i === last ? GONE_COLUMN : l));
  const counts = t.counts.map((row) => row.slice());
  const rowTotals = counts.map((row) => row.reduce((a, b) => a + b, 0));
  const columnTotals = columns.map((_, j) => counts.reduce((a, row) => a + (row[j] ?? 0), 0));
  const max = counts.reduce((m, row) => Math.max(m, ...row), 0);
  return { rows, columns, counts, rowTotals, columnTotals, max, retained: t.retained, new: t.new, gone: t.gone };
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
  return `${formatCount(v.retained)} customers bought in both periods, ${formatCount(v.new)} are new and ${formatCount(v.gone)} did not buy again.`;
}

export interface TransitionCsvRow {
  readonly from: string;
  readonly counts: readonly number[];
}

export function transitionCsv(v: TransitionView): { rows: TransitionCsvRow[]; columns: CsvColumn<TransitionCsvRow>[] } {
  return {
    rows: v.rows.map((from, i) => ({ from, counts: v.counts[i] ?? [] })),
    columns: [
      { header: "previous_period", value: (r) => r.from },
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

export const CUSTOMER_COLUMNS: readonly CustomerColumn[] = [
  { key: "id", header: "Customer ID", numeric: false, text: (r) => r.id, firstDirection: "asc" },
  { key: "recencyDays", header: "Recency (days)", numeric: true, text: (r) => formatCount(r.recencyDays), firstDirection: "asc" },
  { key: "frequency", header: "Orders", numeric: true, text: (r) => formatCount(r.frequency), firstDirection: "desc" },
  { key: "monetary", header: "Spend", numeric: true, text: (r) => formatMoney(r.monetary), firstDirection: "desc" },
  { key: "r", header: "R", numeric: true, text: (r) => String(r.r), firstDirection: "desc" },
  { key: "f", header: "F", numeric: true, text: (r) => String(r.f), firstDirection: "desc" },
  { key: "m", header: "M", numeric: true, text: (r) => String(r.m), firstDirection: "desc" },
  { key: "score", header: "Score", numeric: true, text: (r) => formatScore(r.score), firstDirection: "desc" },
  { key: "segment", header: "Segment", numeric: false, text: (r) => r.segment, firstDirection: "desc" },
];

/** What the column headers' titles spell out. */
export const COLUMN_TITLES: Partial<Record<RfmSortKey, string>> = {
  r: "Recency score, 1–5",
  f: "Frequency score, 1–5",
  m: "Monetary score, 1–5",
  score: "Weighted RFM score, 1–5",
  recencyDays: "Days from the last order to the end of the range",
  monetary: "Net spend in the range (completed and pending orders)",
};

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
  const column = CUSTOMER_COLUMNS.find((c) => c.key === key);
  return { ...q, sortBy: key, direction: column?.firstDirection ?? "desc", page: 0 };
}

export function ariaSortOf(q: TableQuery, key: RfmSortKey): "ascending" | "descending" | "none" {
  if (q.sortBy !== key) return "none";
  return q.direction === "asc" ? "ascending" : "descending";
}

/** "Customers 1–25 of 1,234" (or "No customers match"). */
export function rowsText(page: { total: number; page: number; pageSize: number; rows: readonly unknown[] }): string {
  if (page.total === 0) return "No customers match";
  const first = page.page * page.pageSize + 1;
  const last = first + page.rows.length - 1;
  return `Customers ${formatCount(first)}–${formatCount(last)} of ${formatCount(page.total)}`;
}


/** What an empty page of the table says. */
export function noRowsText(search: string, segmentName: string | null): string {
  const where = segmentName !== null ? ` in ${segmentName}` : "";
  const needle = search.trim();
  return needle !== "" ? `No customer ID contains ‘${needle}’${where}.` : `No customers${where}.`;
}
