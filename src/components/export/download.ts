/**
 * Exports of tables and charts: CSV any spreadsheet opens (Excel included, Thai text intact) and
 * PNG images of Plotly charts. `toCsv` is pure (it reads the active calendar); the download
 * helpers need a browser.
 *
 * Dates in a CSV (issue 18): a column marked `date: true` holds ISO days (YYYY-MM-DD, or Bangkok
 * wall-clock stamps YYYY-MM-DDTHH:mm:ss) and is written in the user's calendar with
 * `formatDay` ("2567-02-29" in the Buddhist Era); its header says which calendar, as a suffix of
 * the header cell: "Date (CE)" / "Date (BE)" ("วันที่ (พ.ศ.)" in Thai). The calendar is said in
 * the header cell itself, not in a comment or title line above the header, so the file stays a
 * plain table every spreadsheet and CSV reader opens. A CSV meant to be imported again (spec
 * field names, ISO days) leaves its columns unmarked and is written as given.
 */

import type { Layout } from "plotly.js";
import { CAPTION_MARGIN, exportImageLayout, type ImageCaption } from "@/components/export/imageLayout";
import { loadPlotly } from "@/components/charts/plotlyLoader";
import { formatDay } from "@/components/format/dates";
import { activeLocale, t } from "@/i18n/i18n";

/** One column of a CSV export: its header and how a row gives its cell. */
export interface CsvColumn<T> {
  readonly header: string;
  readonly value: (row: T) => string | number | null | undefined;
  /**
   * The cells are ISO days (or YYYY-MM-DDTHH:mm:ss stamps): written in the user's calendar, the
   * header suffixed with the calendar ("Date (BE)").
   */
  readonly date?: boolean;
}

const ISO_DAY_START = /^\d{4}-\d{2}-\d{2}(?=$|T)/;

/** A date column's header with its calendar: "Date (CE)", "Date (BE)". */
export function dateHeader(header: string): string {
  return activeLocale().calendar === "buddhist" ? t("common.export.dateHeaderBuddhist", { header }) : t("common.export.dateHeaderGregorian", { header });
}

/** A date column's cell in the user's calendar; text that is no ISO day is written as given. */
function dateCell(value: string | number | null | undefined): string | number | null | undefined {
  if (typeof value !== "string" || !ISO_DAY_START.test(value)) return value;
  return `${formatDay(value.slice(0, 10))}${value.slice(10)}`;
}

/** The byte order mark Excel needs to read a CSV as UTF-8 (without it Thai text is garbled). */
export const UTF8_BOM = "\uFEFF";

/** Text cells a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR): kept as text. */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The rows as CSV (RFC 4180: comma-separated, CRLF line ends, cells holding a comma, quote or
 * line break quoted, quotes doubled), with a header line and a UTF-8 BOM first. Numbers are
 * written plainly (1234.5, no grouping, no currency sign) so spreadsheets read them as numbers.
 */
export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const lines = [columns.map((c) => cell(c.date === true ? dateHeader(c.header) : c.header)).join(",")];
  for (const row of rows) lines.push(columns.map((c) => cell(c.date === true ? dateCell(c.value(row)) : c.value(row))).join(","));
  return `${UTF8_BOM}${lines.join("\r\n")}\r\n`;
}

/** A file name from a title: letters (Thai included), digits, dashes; spaces become dashes. */
export function fileNameOf(title: string, extension: string): string {
  const base = title
    .normalize("NFC")
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 100);
  return `${base === "" ? "export" : base}.${extension}`;
}

function save(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download synchronously; the URL can go once it has been read.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Saves `csv` (from `toCsv`) as `name` (".csv" added when missing). */
export function downloadCsv(name: string, csv: string): void {
  save(new Blob([csv], { type: "text/csv;charset=utf-8" }), name.toLowerCase().endsWith(".csv") ? name : `${name}.csv`);
}

/** A `data:` URL as a Blob, without `fetch` (the Content-Security-Policy allows `connect-src 'self'` only). */
export function blobOfDataUrl(url: string): Blob {
  const comma = url.indexOf(",");
  const head = url.slice(5, comma);
  const type = head.split(";")[0] || "application/octet-stream";
  const body = url.slice(comma + 1);
  if (!head.endsWith(";base64")) return new Blob([decodeURIComponent(body)], { type });
  const binary = atob(body);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

/**
 * Saves the Plotly chart drawn in `graphDiv` (the `.js-plotly-plot` element) as a PNG named
 * `name`, with `caption` (title, brand and range) above the plot when given. Plotly is the bundle
 * the chart was drawn with (`loadPlotly`: already loaded and ready, so nothing is fetched or run again).
 */
export async function downloadPng(graphDiv: HTMLElement, name: string, caption?: ImageCaption): Promise<void> {
  const Plotly = await loadPlotly();
  const width = Math.max(graphDiv.clientWidth, 600);
  const drawn = graphDiv as HTMLElement & { data?: unknown[]; layout?: Partial<Layout> };
  const height = Math.max(graphDiv.clientHeight, 300) + (caption === undefined ? 0 : CAPTION_MARGIN);
  const figure =
    caption === undefined || drawn.data === undefined
      ? graphDiv
      : // The wide layout, whatever the screen: the image is for a deck, not for this phone.
        { data: drawn.data, layout: exportImageLayout({ ...drawn.layout, width: undefined, height: undefined }, caption) };
  const url = await Plotly.toImage(figure as HTMLElement, { format: "png", width, height, scale: 2 });
  save(blobOfDataUrl(url), name.toLowerCase().endsWith(".png") ? name : `${name}.png`);
}
