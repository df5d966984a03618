/**
 * Bytes of an orders file → its header row and the data rows, keeping only the columns the
 * format reads. Order exports are wide (Shopee TH: up to 74 columns) and long (100,000 rows), so
 * a CSV is scanned twice: the first rows to find the header and the format, then the whole file,
 * handing over one row at a time cut down to the columns read (`csv.ts`).
 *
 * Text decoding (UTF-8 with or without BOM, UTF-16, Windows-874) is the metrics import's
 * (`../read.ts`). Workbooks are read here rather than with `readWorkbook`, because an order's
 * date cell carries a time of day that `readWorkbook` (made for daily figures) leaves out.
 */
import { isUtf8 } from "node:buffer";
import * as XLSX from "@e965/xlsx";
import { decodeText, isWorkbook, UnreadableFileError, type SourceRow, type SourceTable } from "../read";
import { scanCsv } from "./csv";

/** Rows searched for the header (a title or description line may come before it). */
export const HEADER_SEARCH_ROWS = 10;
/** The most data rows one file may hold. */
export const MAX_ORDER_ROWS = 200_000;
const MAX_COLUMNS = 500;

export interface OrdersTable {
  readonly encoding: SourceTable["encoding"];
  /** The first rows of the file, as read (for finding the header). */
  readonly head: readonly SourceRow[];
  /**
   * Calls `fn` with each row after the header, cut down to `columns` (cell i = column
   * columns[i]), one at a time (nothing is kept). Rows without any text are left out.
   *
   * @returns how many rows there were
   */
  forEachRow(headerAt: number, columns: readonly number[], fn: (row: SourceRow) => void): number;
}

/** The delimiter: the `sep=` preamble when there is one, else the most frequent of , ; and tab on the first line. */
function sniffDelimiter(text: string): string {
  const end = text.search(/\r?\n|$/);
  const firstLine = text.slice(0, end);
  const sep = /^"?sep=(.)"?\s*$/i.exec(firstLine);
  if (sep) return sep[1]!;
  const unquoted = firstLine.replace(/"[^"]*"/g, "");
  const counts = [",", ";", "\t"].map((d) => [d, unquoted.split(d).length - 1] as const);
  const best = counts.reduce((a, b) => (b[1] > a[1] ? b : a));
  return best[1] > 0 ? best[0] : ",";
}

function csvTable(input: Buffer, encoding: SourceTable["encoding"]): OrdersTable {
  // The delimiter is sniffed on the first line (the first 64 KB hold it).
  const delimiter = sniffDelimiter(input.subarray(0, 65_536).toString("utf8").replace(/^\uFEFF/, ""));
  const head: SourceRow[] = [];
  scanCsv(input, delimiter, null, (row) => {
    head.push(row);
    return head.length < HEADER_SEARCH_ROWS;
  });
  return {
    encoding,
    head,
    forEachRow(headerAt, columns, fn) {
      const headerLine = head[headerAt]?.line ?? 0;
      let count = 0;
      scanCsv(input, delimiter, columns, (row) => {
        if (row.line <= headerLine || row.cells.every((c) => c.trim() === "")) return;
        if (++count > MAX_ORDER_ROWS) throw new UnreadableFileError(`the file holds more than ${MAX_ORDER_ROWS} rows; split it`);
        fn(row);
      });
      return count;
    },
  };
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/**
 * Text of a workbook cell: a date cell as `YYYY-MM-DD HH:MM:SS` (its time kept), numbers
 * unformatted, an id too long for a float as Excel shows it (so that it can be refused), errors empty.
 */
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
      if (Number.isNaN(d.getTime())) return "";
      return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
    }
    case "n": {
      const v = Number(cell.v);
      if (cell.z !== undefined && XLSX.SSF.is_date(cell.z)) {
        const p = XLSX.SSF.parse_date_code(v);
        if (p) return `${pad(p.y, 4)}-${pad(p.m)}-${pad(p.d)} ${pad(p.H)}:${pad(p.M)}:${pad(Math.floor(p.S))}`;
      }
      if (Number.isInteger(v) && !Number.isSafeInteger(v)) return cell.w ?? v.toExponential();
      return String(v);
    }
    default:
      return String(cell.v);
  }
}

function workbookTable(bytes: Uint8Array): OrdersTable {
  let wb: XLSX.WorkBook;
  try {
    wb = XLSX.read(bytes, { type: "buffer", cellDates: false, raw: true, dense: true, cellNF: true, sheets: 0, sheetRows: MAX_ORDER_ROWS + 2 });
  } catch {
    throw new UnreadableFileError("the file looks like a spreadsheet but could not be read as XLSX or XLS");
  }
  const name = wb.SheetNames[0];
  const sheet = (name === undefined ? undefined : wb.Sheets[name]) as XLSX.DenseSheet | undefined;
  if (!sheet || !sheet["!ref"]) return { encoding: "xlsx", head: [], forEachRow: () => 0 };
  const range = XLSX.utils.decode_range(sheet["!ref"]);
  const full = sheet["!fullref"] ? XLSX.utils.decode_range(sheet["!fullref"] as string) : range;
  if (full.e.r - full.s.r > MAX_ORDER_ROWS || range.e.c - range.s.c + 1 > MAX_COLUMNS) {
    throw new UnreadableFileError(`the sheet is larger than ${MAX_ORDER_ROWS} rows or ${MAX_COLUMNS} columns; split it`);
  }
  const data = sheet["!data"] ?? [];
  const rowAt = (r: number, columns: readonly number[] | null): SourceRow | null => {
    const src = data[r] ?? [];
    const cells = columns === null
      ? Array.from({ length: range.e.c - range.s.c + 1 }, (_, c) => cellText(src[range.s.c + c]))
      : columns.map((c) => cellText(src[range.s.c + c]));
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
    forEachRow(headerAt, columns, fn) {
      let count = 0;
      // The header's line is 1-based: as a 0-based sheet row it is the row after the header.
      for (let r = Math.max(head[headerAt]?.line ?? 0, range.s.r); r <= range.e.r; r++) {
        const row = rowAt(r, columns);
        if (row) {
          count++;
          fn(row);
        }
      }
      return count;
    },
  };
}

/** Reads an orders file (CSV in any supported encoding, XLSX or XLS). */
export function readOrdersTable(bytes: Uint8Array): OrdersTable {
  if (isWorkbook(bytes)) return workbookTable(bytes);
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // UTF-8 (the usual case) is parsed from the bytes themselves: no copy of a large file as text.
  // Zero bytes mean UTF-16 (or binary), which decodeText recognises.
  if (!buffer.includes(0) && isUtf8(buffer)) return csvTable(buffer, "utf-8");
  const { text, encoding } = decodeText(bytes);
  if (text.includes("\u0000")) throw new UnreadableFileError("the file is binary, not CSV text or an XLSX workbook");
  return csvTable(Buffer.from(text, "utf8"), encoding);
}
