/**
 * Bytes of an orders file → its header row and the data rows, keeping only the columns the
 * format reads. Order exports are wide (Shopee TH: up to 74 columns) and long (100,000 rows), so
 * a CSV is scanned twice: the first rows to find the header and the format, then the whole file,
 * handing over one row at a time cut down to the columns read (`csv.ts`).
 *
 * Text decoding (UTF-8 with or without BOM, UTF-16, Windows-874), the delimiter, the first sheet
 * of a workbook and its cells (dates by the one date rule) are shared with the metrics import
 * (`../sheet.ts`).
 */
import { isUtf8 } from "node:buffer";
import { cellCountProblem, decodeText, filledWidth, isWorkbook, openFirstSheet, sniffDelimiter, UnreadableFileError, type SourceEncoding, type SourceRow } from "../sheet";
import { csvRows } from "./csv";
import type { RowIssue } from "./types";

/** Rows searched for the header (a title or description line may come before it). */
export const HEADER_SEARCH_ROWS = 10;
/** The most data rows one file may hold. */
export const MAX_ORDER_ROWS = 200_000;
const MAX_COLUMNS = 500;

export interface OrdersTable {
  readonly encoding: SourceEncoding;
  /** The first rows of the file, as read (for finding the header). */
  readonly head: readonly SourceRow[];
  /**
   * Each row after the header, cut down to `columns` (cell i = column columns[i]), one at a time
   * as the caller asks for it (nothing is kept). Rows without any text are left out; a CSV row
   * with more or fewer cells than the header comes as its `issue` instead (`cellCountProblem`).
   */
  rows(headerAt: number, columns: readonly number[]): Generator<TableRow, void, void>;
}

/** A data row of the table, or a row refused as it is read. */
export type TableRow = { readonly row: SourceRow; readonly issue?: undefined } | { readonly row?: undefined; readonly issue: RowIssue };

/** Recognises a header row (given its cells): the delimiter is the one that splits a line into one. */
export type HeaderTest = (cells: readonly string[]) => boolean;

function csvTable(input: Buffer, encoding: SourceEncoding, isHeader?: HeaderTest): OrdersTable {
  // The delimiter is the header line's, among the first rows (the first 256 KB hold them).
  const delimiter = sniffDelimiter(input.subarray(0, 262_144).toString("utf8").replace(/^\uFEFF/, ""), isHeader, HEADER_SEARCH_ROWS);
  const head: SourceRow[] = [];
  for (const [row] of csvRows(input, delimiter, null)) {
    head.push(row);
    if (head.length >= HEADER_SEARCH_ROWS) break;
  }
  return {
    encoding,
    head,
    *rows(headerAt, columns) {
      const found = head[headerAt];
      const headerLine = found?.line ?? 0;
      const header = found ? { cells: found.cells.length, filled: filledWidth(found.cells), line: found.line } : null;
      let count = 0;
      for (const [row, shape] of csvRows(input, delimiter, columns)) {
        if (row.line <= headerLine || shape.filled === 0) continue;
        const problem = header ? cellCountProblem(shape, header) : null;
        if (problem === null && row.cells.every((c) => c.trim() === "")) continue;
        if (++count > MAX_ORDER_ROWS) throw new UnreadableFileError(`the file holds more than ${MAX_ORDER_ROWS} rows; split it`);
        yield problem === null ? { row } : { issue: { line: row.line, reason: problem } };
      }
    },
  };
}

function workbookTable(bytes: Uint8Array): OrdersTable {
  const sheet = openFirstSheet(bytes, MAX_ORDER_ROWS + 2);
  if (!sheet) return { encoding: "xlsx", head: [], *rows() {} };
  // A workbook's rows are cells of a grid: none has more or fewer cells than another.
  // The header row is not a data row.
  if (sheet.rowCount - 1 > MAX_ORDER_ROWS || sheet.columnCount > MAX_COLUMNS) {
    throw new UnreadableFileError(`the sheet is larger than ${MAX_ORDER_ROWS} rows or ${MAX_COLUMNS} columns; split it`);
  }
  const { range } = sheet;
  const rowAt = (r: number, columns: readonly number[] | null): SourceRow | null => {
    const cells = columns === null
      ? Array.from({ length: sheet.columnCount }, (_, c) => sheet.cell(r, range.s.c + c))
      : columns.map((c) => sheet.cell(r, range.s.c + c));
    if (cells.every((c) => c.trim() === "")) return null;
    if (columns === null) while (cells.length > 0 && cells[cells.length - 1] === "") cells.pop();
    return { line: r + 1, cells };
  };
  const head: SourceRow[] = [];
  for (let r = range.s.r; r <= range.e.r && head.length < HEADER_SEARCH_ROWS; r++) {
    const row = rowAt(r, null);
    if (row) head.push(row);
  }
  return {
    encoding: "xlsx",
    head,
    *rows(headerAt, columns) {
      // The header's line is 1-based: as a 0-based sheet row it is the row after the header.
      for (let r = Math.max(head[headerAt]?.line ?? 0, range.s.r); r <= range.e.r; r++) {
        const row = rowAt(r, columns);
        if (row) yield { row };
      }
    },
  };
}

/** Reads an orders file (CSV in any supported encoding, XLSX or XLS); `isHeader` finds a CSV's delimiter. */
export function readOrdersTable(bytes: Uint8Array, isHeader?: HeaderTest): OrdersTable {
  if (isWorkbook(bytes)) return workbookTable(bytes);
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // UTF-8 (the usual case) is parsed from the bytes themselves: no copy of a large file as text.
  // Zero bytes mean UTF-16 (or binary), which decodeText recognises.
  if (!buffer.includes(0) && isUtf8(buffer)) return csvTable(buffer, "utf-8", isHeader);
  const { text, encoding } = decodeText(bytes);
  if (text.includes("\u0000")) throw new UnreadableFileError("the file is binary, not CSV text or an XLSX workbook");
  return csvTable(Buffer.from(text, "utf8"), encoding, isHeader);
}
