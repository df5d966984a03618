/**
 * The spreadsheet reading that the metrics import (`read.ts`) and the orders import
 * (`orders/table.ts`) share: the kind of file and its text encoding from the bytes, the CSV
 * delimiter, the first sheet of a workbook, the text of a workbook cell, and the rule for dates
 * (one rule for both imports; docs/metrics-import.md#dates and docs/orders-import.md#dates):
 *
 * - a workbook **date cell** (an Excel serial number with a date format, in the 1900 or the 1904
 *   date system) reads as `YYYY-MM-DD`, or `YYYY-MM-DD HH:MM:SS` when it holds a time of day;
 * - a **text date** is `YYYY-MM-DD` (a time of day may follow, `T` or space), or `DD/MM/YYYY`
 *   (`DD/MM/YY`) day first as Thai Excel writes it; month first (`MM/DD/YYYY`) only where a source
 *   is known to write it so (Meta's post export);
 * - a **serial number written as text** (`45908`, `45908.425`: a date column that Excel saved in
 *   the General format) is read in the 1900 system, when it falls from 2000 to 2099;
 * - a year after 2400 is a Buddhist-era year (2568 = 2025); a day that does not exist is no date.
 */
import * as XLSX from "@e965/xlsx";
import { daysInMonth } from "../../domain/calendarDays";
import { checkWorkbookZip, NOT_A_WORKBOOK, WorkbookZipError } from "./workbookZip";

/** One row of the file: its 1-based line (the sheet row for a workbook) and its cells as text. */
export interface SourceRow {
  readonly line: number;
  readonly cells: readonly string[];
}

export type SourceEncoding = "utf-8" | "utf-16le" | "utf-16be" | "windows-874" | "xlsx";

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
export function decodeText(bytes: Uint8Array): { text: string; encoding: SourceEncoding } {
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

/** The delimiters a CSV may use, in the order they are preferred on a tie. */
const DELIMITERS = [",", ";", "\t"] as const;

/** One line split at a delimiter: quotes respected (`""` inside quotes is a quote) and removed. */
function splitLine(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch !== '"') cell += ch;
      else if (line[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      cells.push(cell);
      cell = "";
    } else cell += ch;
  }
  cells.push(cell);
  return cells;
}

/**
 * The delimiter of a CSV text: the `sep=` preamble when there is one; else the delimiter (`,`,
 * `;` or tab) that splits one of the first `searchLines` non-empty lines into a header that
 * `isHeader` recognises (a title line may come above the header); else the most frequent of the
 * three on the first line.
 */
export function sniffDelimiter(text: string, isHeader?: (cells: readonly string[]) => boolean, searchLines = 10): string {
  const firstLine = text.slice(0, text.search(/\r?\n|\r|$/));
  const sep = /^"?sep=(.)"?\s*$/i.exec(firstLine);
  if (sep) return sep[1]!;
  if (isHeader) {
    const lines = text.slice(0, 1 << 20).split(/\r\n|\n|\r/, searchLines * 4).filter((l) => l.trim() !== "").slice(0, searchLines);
    for (const line of lines) {
      const found = DELIMITERS
        .filter((d) => line.includes(d))
        .map((d) => ({ d, cells: splitLine(line, d) }))
        .filter(({ cells }) => isHeader(cells))
        .sort((a, b) => b.cells.length - a.cells.length)[0];
      if (found) return found.d;
    }
  }
  const unquoted = firstLine.replace(/"[^"]*"/g, "");
  const counts = DELIMITERS.map((d) => [d, unquoted.split(d).length - 1] as const);
  const best = counts.reduce((a, b) => (b[1] > a[1] ? b : a));
  return best[1] > 0 ? best[0] : ",";
}

/** How many cells a CSV row has up to its last one with text (empty cells after it do not count). */
export function filledWidth(cells: readonly string[]): number {
  let n = cells.length;
  while (n > 0 && cells[n - 1]!.trim() === "") n--;
  return n;
}

/**
 * Why a CSV row does not fit its header, or null when it does. A row must have a cell for each
 * column the header names, and no more cells than the header line has: more mean a value holding
 * the delimiter was not quoted (`31,970`), which shifts every cell after it (when the last column
 * of the row is empty, the shift shows only as one more, empty, cell); fewer mean a cell is
 * missing. Empty cells after the last named column are fine as far as the header line has them
 * too (Excel writes every line of a sheet with as many cells), and a row may stop after the last
 * named column.
 *
 * @param row - the row's cells as written, and up to its last one with text ({@link filledWidth})
 * @param header - the header line's cells as written, up to its last named one, and its line
 */
export function cellCountProblem(
  row: { readonly cells: number; readonly filled: number },
  header: { readonly cells: number; readonly filled: number; readonly line: number },
): string | null {
  const quote = 'a value holding the delimiter must be in quotes, e.g. "31,970"';
  if (row.cells > Math.max(header.cells, header.filled)) return `has ${row.cells} cells but the header (line ${header.line}) has ${header.cells}: ${quote}`;
  if (row.filled > header.filled) return `has text in cell ${row.filled}, after the header's last column (${header.filled}, line ${header.line}): ${quote}`;
  if (row.cells < header.filled) return `has ${row.cells} cells but the header (line ${header.line}) has ${header.filled}`;
  return null;
}

// --- Dates -------------------------------------------------------------------------------------

/** A calendar date and wall-clock time as written (no time zone). */
export interface WallTime {
  readonly y: number;
  readonly mo: number;
  readonly d: number;
  readonly h: number;
  readonly mi: number;
  readonly s: number;
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** `YYYY-MM-DD`, or `YYYY-MM-DD HH:MM:SS` when the time is not midnight. */
export function wallText(t: WallTime): string {
  const day = `${pad(t.y, 4)}-${pad(t.mo)}-${pad(t.d)}`;
  return t.h === 0 && t.mi === 0 && t.s === 0 ? day : `${day} ${pad(t.h)}:${pad(t.mi)}:${pad(t.s)}`;
}

/** The day of a wall time, `YYYY-MM-DD`. */
export const wallDay = (t: WallTime): string => `${pad(t.y, 4)}-${pad(t.mo)}-${pad(t.d)}`;

/** Checks the parts (a Buddhist-era year converted): the wall time, or null when no such date and time exists. */
export function wallTime(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): WallTime | null {
  const year = y > 2400 ? y - 543 : y;
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  return d > daysInMonth(year, mo) ? null : { y: year, mo, d, h, mi, s };
}

/** An Excel serial number as a wall time (1900 system unless `date1904`), or null. */
export function serialTime(serial: number, date1904 = false): WallTime | null {
  if (!Number.isFinite(serial) || serial < 1) return null;
  const p = XLSX.SSF.parse_date_code(serial, { date1904 });
  return p ? wallTime(p.y, p.m, p.d, p.H, p.M, Math.floor(p.S)) : null;
}

/** How a text date with slashes is read. */
export type SlashOrder = "day-first" | "month-first";

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;
const SLASH = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})(?:,?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*([AP]M))?)?$/i;
const SERIAL = /^\d{5}(?:\.\d+)?$/;
/** 2000-01-01 and 2099-12-31 as 1900-system serials: the range in which a bare number is a date. */
const SERIAL_MIN = 36_526;
const SERIAL_MAX = 73_050;

/**
 * A text date by the shared rule (see the top of this file): `YYYY-MM-DD[ HH:MM[:SS]]`,
 * `DD/MM/YYYY[ HH:MM[:SS]]` (or month first when `slash` says so; `null` refuses slashes), an
 * Excel serial from 2000 to 2099. No time zone: what is written is the wall time (the orders
 * import reads ISO instants with an offset itself).
 *
 * @returns the wall time; "nonexistent" when the text is shaped as a date but names a date or
 *   time that does not exist (`2025-02-30`, `25:00`); null when it is not a date at all
 */
export function readSheetDate(text: string, slash: SlashOrder | null = "day-first"): WallTime | "nonexistent" | null {
  let m = ISO.exec(text);
  if (m) return wallTime(Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)) ?? "nonexistent";
  if (slash !== null && (m = SLASH.exec(text))) {
    const y = m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
    let h = Number(m[4] ?? 0);
    if (m[7]) {
      if (h < 1 || h > 12) return "nonexistent";
      h = (h % 12) + (m[7].toUpperCase() === "PM" ? 12 : 0);
    }
    const [d, mo] = slash === "day-first" ? [Number(m[1]), Number(m[2])] : [Number(m[2]), Number(m[1])];
    return wallTime(y, mo, d, h, Number(m[5] ?? 0), Number(m[6] ?? 0)) ?? "nonexistent";
  }
  if (SERIAL.test(text)) {
    const serial = Number(text);
    return serial >= SERIAL_MIN && serial < SERIAL_MAX ? serialTime(serial) : null;
  }
  return null;
}

/** The day of a text date by the shared rule, `YYYY-MM-DD`, or null (not a date, or no such date). */
export function sheetDay(text: string, slash: SlashOrder | null = "day-first"): string | null {
  const t = readSheetDate(text, slash);
  return t === null || t === "nonexistent" ? null : wallDay(t);
}

// --- Workbooks ---------------------------------------------------------------------------------

/**
 * Text of a workbook cell: a date cell by the date rule (`YYYY-MM-DD`, with ` HH:MM:SS` when it
 * has a time of day), numbers unformatted (no thousands separators), an id too long for a float
 * as Excel shows it (`1.2021E+17`, so that it can be refused rather than stored wrong), errors empty.
 */
export function cellText(cell: XLSX.CellObject | undefined, date1904 = false): string {
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
      if (Number.isNaN(d.getTime())) return "";
      const t = wallTime(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds());
      return t ? wallText(t) : "";
    }
    case "n": {
      const v = Number(cell.v);
      if (cell.z !== undefined && XLSX.SSF.is_date(cell.z)) {
        const t = serialTime(v, date1904);
        if (t) return wallText(t);
      }
      if (Number.isInteger(v) && !Number.isSafeInteger(v)) return cell.w ?? v.toExponential();
      return String(v);
    }
    default:
      return String(cell.v);
  }
}

/** The first sheet of a workbook, read up to a number of rows, and its cells as text. */
export interface FirstSheet {
  /** 0-based first and last row and column of the used range. */
  readonly range: XLSX.Range;
  /** Rows in the sheet as written (more than were read when it is over the limit). */
  readonly rowCount: number;
  readonly columnCount: number;
  /** The text of one cell (0-based row and column, from the sheet's origin). */
  cell(r: number, c: number): string;
}

/**
 * Opens the first sheet of a workbook (only it, and only `maxRows` rows of it: a small compressed
 * workbook can unpack to gigabytes); null when the workbook has no sheet or an empty one. An XLSX
 * is first checked for a decompression bomb (`workbookZip.ts`: at most 200 MB unpacked in all).
 *
 * @throws UnreadableFileError when the bytes are not a readable XLSX or XLS, or unpack to too much
 */
export function openFirstSheet(bytes: Uint8Array, maxRows: number): FirstSheet | null {
  try {
    checkWorkbookZip(bytes);
  } catch (err) {
    if (err instanceof WorkbookZipError) throw new UnreadableFileError(err.message);
    throw err;
  }
  let wb: XLSX.WorkBook;
  try {
    wb = XLSX.read(bytes, { type: "buffer", cellDates: false, raw: true, dense: true, cellNF: true, sheets: 0, sheetRows: maxRows });
  } catch {
    throw new UnreadableFileError(NOT_A_WORKBOOK);
  }
  const name = wb.SheetNames[0];
  const sheet = (name === undefined ? undefined : wb.Sheets[name]) as XLSX.DenseSheet | undefined;
  if (!sheet || !sheet["!ref"]) return null;
  const range = XLSX.utils.decode_range(sheet["!ref"]);
  const full = sheet["!fullref"] ? XLSX.utils.decode_range(sheet["!fullref"] as string) : range;
  const date1904 = wb.Workbook?.WBProps?.date1904 === true;
  const data = sheet["!data"] ?? [];
  return {
    range,
    rowCount: full.e.r - full.s.r + 1,
    columnCount: range.e.c - range.s.c + 1,
    cell: (r, c) => cellText(data[r]?.[c], date1904),
  };
}
