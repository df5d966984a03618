/**
 * A chart card's parts as plain data, the same on every page (E-Commerce, MA): the chart (Plotly
 * traces and its words), its figures as a table (shown under it, exported as CSV), and which
 * click a bar, slice or cell stands for. Pages build these from their figures (`*Format.ts`);
 * `ChartCard.tsx` draws them.
 */
import type { Data, Layout } from "plotly.js";
import type { ChartClick } from "../../../domain/commerceFilter";
import { dateHeader, type CsvColumn } from "@/components/export/download";

/** A click as a chart or a "Filter by" button makes it (the page filter adds the time). */
export type ClickValue = Omit<ChartClick, "at">;

export interface FigureColumn {
  readonly header: string;
  readonly format: (n: number) => string;
}

export interface FigureRow {
  readonly label: string;
  readonly values: readonly (number | null)[];
  /** What the row's "Filter by" button adds; null when the row does not filter. */
  readonly click: ClickValue | null;
}

/** A chart's figures as a table: shown under it, exported as CSV. */
export interface FigureTable {
  readonly caption: string;
  readonly rowHeader: string;
  /**
   * The rows are days or periods, labelled in the user's calendar (`formatDay`, `formatPeriod`):
   * the CSV's row header then says which calendar ("Day (BE)", issue 18).
   */
  readonly dated?: boolean;
  readonly columns: readonly FigureColumn[];
  readonly rows: readonly FigureRow[];
}

/** The CSV columns of a table: its row header, then every column as plain numbers. */
export function csvColumnsOf(table: FigureTable): CsvColumn<FigureRow>[] {
  return [
    { header: table.dated === true ? dateHeader(table.rowHeader) : table.rowHeader, value: (r) => r.label },
    ...table.columns.map((c, i): CsvColumn<FigureRow> => ({ header: c.header, value: (r) => r.values[i] ?? null })),
  ];
}

export interface ChartSpec {
  readonly data: Data[];
  readonly layout: Partial<Layout>;
  /** The chart in words: its accessible name. */
  readonly label: string;
}

export interface ChartCard {
  /** Stable id: DOM ids and file names. */
  readonly id: string;
  readonly title: string;
  readonly chart: ChartSpec;
  readonly table: FigureTable;
  /** True when clicking a bar, slice or cell filters (its point's customdata is the row index). */
  readonly clickable: boolean;
  /** The hint over a clickable chart; default "Click a bar (slice) to filter every figure by it." */
  readonly hint?: string;
  /** Words under the title: what the figures mean (their definition). */
  readonly note?: string;
  readonly height?: number;
  /** Spans the whole row of the grid (a heatmap of 24 columns). */
  readonly wide?: boolean;
  /** The table row a clicked point stands for, where its customdata cannot say (a heatmap cell gives its x and y). */
  readonly rowOfPoint?: (point: ClickedPoint) => number;
}

/** What a click on a chart tells: the point's x and y, its customdata, its index in its trace. */
export interface ClickedPoint {
  readonly x?: unknown;
  readonly y?: unknown;
  readonly customdata: unknown;
  readonly pointIndex: number;
}

/** The click a chart point stands for (its customdata is the row index), or null. */
export function clickOfPoint(card: ChartCard, point: ClickedPoint): ClickValue | null {
  if (!card.clickable) return null;
  const index = card.rowOfPoint !== undefined ? card.rowOfPoint(point) : typeof point.customdata === "number" ? point.customdata : point.pointIndex;
  return card.table.rows[index]?.click ?? null;
}
