/**
 * Bytes of an uploaded file → rows of text cells, each with its line in the file. Knows CSV in
 * UTF-8 (with or without a BOM), UTF-16 LE/BE (Meta page series), Windows-874 (Thai Excel), and
 * XLSX/XLS workbooks. The encoding and the kind of file are detected from the bytes, and cells
 * and dates are read as the orders import reads them (`sheet.ts`).
 */
import { parse } from "csv-parse/sync";
import { decodeText, isWorkbook, openFirstSheet, sniffDelimiter, UnreadableFileError, type SourceEncoding, type SourceRow } from "./sheet";

export { decodeText, isWorkbook, UnreadableFileError, type SourceRow } from "./sheet";

export interface SourceTable {
  readonly encoding: SourceEncoding;
  readonly rows: readonly SourceRow[];
}

/**
 * A CSV text → rows, each with the line it starts on.
 *
 * @param isHeader - recognises the header row: the delimiter is the one that splits a line of
 *   the first `searchRows` into a recognised header (see `sniffDelimiter`)
 */
export function readCsv(text: string, isHeader?: (cells: readonly string[]) => boolean, searchRows?: number): SourceRow[] {
  const delimiter = sniffDelimiter(text, isHeader, searchRows);
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, {
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
      // Meta quotes everything; a stray quote inside an unquoted cell (5" screen) is kept as text.
      relax_quotes: true,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch (err) {
    const line = typeof (err as { lines?: unknown }).lines === "number" ? (err as { lines: number }).lines : undefined;
    const why = err instanceof Error ? err.message.replace(/^Invalid Record Length:.*$|\s*\(.*$/s, "").trim() : "";
    throw new UnreadableFileError(`the file is not valid CSV${why ? `: ${why}` : ""}`, line);
  }
  // info.lines is the line a record ends on; a record spanning several lines starts earlier.
  return records.map(({ record, info }) => {
    const inner = record.reduce((n, cell) => n + (cell.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
    return { line: info.lines - inner, cells: record };
  });
}

/** Bounds of a workbook sheet that is read at all. */
export const MAX_SHEET_ROWS = 200_000;
export const MAX_SHEET_COLUMNS = 500;

/** The first sheet of a workbook → rows (sheet rows without any text are left out). */
export function readWorkbook(bytes: Uint8Array): SourceRow[] {
  const sheet = openFirstSheet(bytes, MAX_SHEET_ROWS + 1);
  if (!sheet) return [];
  if (sheet.rowCount > MAX_SHEET_ROWS || sheet.columnCount > MAX_SHEET_COLUMNS) {
    throw new UnreadableFileError(`the sheet is larger than ${MAX_SHEET_ROWS} rows or ${MAX_SHEET_COLUMNS} columns`);
  }
  const { range } = sheet;
  const rows: SourceRow[] = [];
  for (let r = range.s.r; r <= range.e.r; r++) {
    const cells: string[] = [];
    for (let c = range.s.c; c <= range.e.c; c++) cells.push(sheet.cell(r, c));
    while (cells.length > 0 && cells[cells.length - 1] === "") cells.pop();
    if (cells.length > 0) rows.push({ line: r + 1, cells });
  }
  return rows;
}

/** Reads any supported file into rows of text cells (`isHeader`, `searchRows`: as for {@link readCsv}). */
export function readTable(bytes: Uint8Array, isHeader?: (cells: readonly string[]) => boolean, searchRows?: number): SourceTable {
  if (isWorkbook(bytes)) return { encoding: "xlsx", rows: readWorkbook(bytes) };
  const { text, encoding } = decodeText(bytes);
  if (text.includes("\u0000")) throw new UnreadableFileError("the file is binary, not CSV text or an XLSX workbook");
  return { encoding, rows: readCsv(text, isHeader, searchRows) };
}
