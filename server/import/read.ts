/**
 * Bytes of an uploaded file → rows of text cells, each with its line in the file. Knows CSV in
 * UTF-8 (with or without a BOM), UTF-16 LE/BE (Meta page series), Windows-874 (Thai Excel), and
 * XLSX/XLS workbooks. The encoding and the kind of file are detected from the bytes.
 */
import { parse } from "csv-parse/sync";
import * as XLSX from "@e965/xlsx";

/** One row of the file: its 1-based line (the sheet row for a workbook) and its cells as text. */
export interface SourceRow {
  readonly line: number;
  readonly cells: readonly string[];
}

export interface SourceTable {
  readonly encoding: "utf-8" | "utf-16le" | "utf-16be" | "windows-874" | "xlsx";
  readonly rows: readonly SourceRow[];
}

/** A file that cannot be read as a table at all; `line` when the problem has a place. */
export class UnreadableFileError extends Error {
  constructor(message: string, readonly line?: number) {
    super(message);
  }
}

const startsWith = (b: Uint8Array, sig: readonly number[]) => sig.every((v, i) => b[i] === v);

/** ZIP (xlsx) or OLE compound file (xls). */
export function isWorkbook(bytes: Uint8Array): boolean {
  return startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
}

/**
 * Decodes text bytes. A BOM decides; without one, UTF-16 LE is recognised by its zero high
 * bytes, then strict UTF-8 is tried, then Windows-874 (the Thai code page that Excel uses for
 * "CSV" on Thai Windows). Never latin-1: that would turn Thai into mojibake silently.
 */
export function decodeText(bytes: Uint8Array): { text: string; encoding: SourceTable["encoding"] } {
  if (startsWith(bytes, [0xff, 0xfe])) return { text: new TextDecoder("utf-16le").decode(bytes.subarray(2)), encoding: "utf-16le" };
  if (startsWith(bytes, [0xfe, 0xff])) return { text: new TextDecoder("utf-16be").decode(bytes.subarray(2)), encoding: "utf-16be" };
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return { text: new TextDecoder("utf-8").decode(bytes.subarray(3)), encoding: "utf-8" };
  if (looksLikeUtf16(bytes, 1)) return { text: new TextDecoder("utf-16le").decode(bytes), encoding: "utf-16le" };
  if (looksLikeUtf16(bytes, 0)) return { text: new TextDecoder("utf-16be").decode(bytes), encoding: "utf-16be" };
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    return { text: new TextDecoder("windows-874").decode(bytes), encoding: "windows-874" };
  }
}

/** Most of the first bytes at the given parity are zero: ASCII text stored as UTF-16 without a BOM. */
function looksLikeUtf16(bytes: Uint8Array, zeroAt: 0 | 1): boolean {
  const n = Math.min(bytes.length - (bytes.length % 2), 512);
  if (n < 4) return false;
  let zeros = 0;
  let others = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i + zeroAt] === 0) zeros++;
    if (bytes[i + (1 - zeroAt)] === 0) others++;
  }
  return zeros >= (n / 2) * 0.6 && others === 0;
}

/** The delimiter: the `sep=` preamble when there is one, else the most frequent of , ; and tab on the first line. */
function sniffDelimiter(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const sep = /^"?sep=(.)"?\s*$/i.exec(firstLine);
  if (sep) return sep[1]!;
  const unquoted = firstLine.replace(/"[^"]*"/g, "");
  const counts = [",", ";", "\t"].map((d) => [d, unquoted.split(d).length - 1] as const);
  const best = counts.reduce((a, b) => (b[1] > a[1] ? b : a));
  return best[1] > 0 ? best[0] : ",";
}

/** A CSV text → rows, each with the line it starts on. */
export function readCsv(text: string): SourceRow[] {
  const delimiter = sniffDelimiter(text);
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

/** Text of a workbook cell: dates as YYYY-MM-DD, numbers unformatted (no thousands separators), errors empty. */
function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell || cell.v === undefined || cell.v === null) return "";
  switch (cell.t) {
    case "s":
      return String(cell.v);
    case "b":
      return cell.v ? "TRUE" : "FALSE";
    case "e":
    case "z":
      return "";
    case "d": {
      const d = cell.v instanceof Date ? cell.v : new Date(String(cell.v));
      return Number.isNaN(d.getTime()) ? "" : d.toISOString().slice(0, 10);
    }
    case "n": {
      const v = Number(cell.v);
      if (cell.z !== undefined && XLSX.SSF.is_date(cell.z)) {
        const p = XLSX.SSF.parse_date_code(v);
        if (p) return `${String(p.y).padStart(4, "0")}-${String(p.m).padStart(2, "0")}-${String(p.d).padStart(2, "0")}`;
      }
      // Long ids that Excel stored as numbers lose digits past 2^53; say so instead of inventing them.
      if (Number.isInteger(v) && !Number.isSafeInteger(v)) return cell.w ?? v.toExponential();
      return String(v);
    }
    default:
      return String(cell.v);
  }
}

/** Bounds of a workbook sheet that is read at all. */
export const MAX_SHEET_ROWS = 200_000;
export const MAX_SHEET_COLUMNS = 500;

/** The first sheet of a workbook → rows (sheet rows without any text are left out). */
export function readWorkbook(bytes: Uint8Array): SourceRow[] {
  let wb: XLSX.WorkBook;
  try {
    // Only the first sheet, and only so many rows: a small compressed workbook can unpack to gigabytes.
    wb = XLSX.read(bytes, { type: "buffer", cellDates: false, raw: true, dense: false, cellNF: true, sheets: 0, sheetRows: MAX_SHEET_ROWS + 1 });
  } catch {
    throw new UnreadableFileError("the file looks like a spreadsheet but could not be read as XLSX or XLS");
  }
  const name = wb.SheetNames[0];
  const sheet = name === undefined ? undefined : wb.Sheets[name];
  if (!sheet || !sheet["!ref"]) return [];
  const range = XLSX.utils.decode_range(sheet["!ref"]);
  const full = sheet["!fullref"] ? XLSX.utils.decode_range(sheet["!fullref"]) : range;
  if (full.e.r - full.s.r + 1 > MAX_SHEET_ROWS || range.e.c - range.s.c + 1 > MAX_SHEET_COLUMNS) {
    throw new UnreadableFileError(`the sheet is larger than ${MAX_SHEET_ROWS} rows or ${MAX_SHEET_COLUMNS} columns`);
  }
  const rows: SourceRow[] = [];
  for (let r = range.s.r; r <= range.e.r; r++) {
    const cells: string[] = [];
    for (let c = range.s.c; c <= range.e.c; c++) cells.push(cellText(sheet[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined));
    while (cells.length > 0 && cells[cells.length - 1] === "") cells.pop();
    if (cells.length > 0) rows.push({ line: r + 1, cells });
  }
  return rows;
}

/** Reads any supported file into rows of text cells. */
export function readTable(bytes: Uint8Array): SourceTable {
  if (isWorkbook(bytes)) return { encoding: "xlsx", rows: readWorkbook(bytes) };
  const { text, encoding } = decodeText(bytes);
  if (text.includes("\u0000")) throw new UnreadableFileError("the file is binary, not CSV text or an XLSX workbook");
  return { encoding, rows: readCsv(text) };
}
