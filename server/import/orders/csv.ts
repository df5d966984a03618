/**
 * A CSV scanner over UTF-8 bytes for large order exports: it walks the bytes once and makes
 * strings only of the columns asked for, so a 100,000-row, 74-column Shopee export costs a few
 * strings per row instead of 74. (Delimiters, quotes and line breaks are ASCII, and no byte of a
 * multi-byte UTF-8 character is ASCII, so scanning bytes is safe.)
 *
 * The dialect is what csv-parse reads with `relax_quotes` and `relax_column_count`: RFC 4180
 * quoting (`""` inside quotes), a quote inside an unquoted cell is text, text after a closing
 * quote is kept, rows may have any number of cells, empty lines are skipped, `\n`, `\r\n` and
 * `\r` end a row, a UTF-8 BOM is dropped.
 */
import { UnreadableFileError, type SourceRow } from "../sheet";

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/** How many cells a row has as written, and up to its last cell with text (whatever `pick` keeps). */
export interface RowShape {
  readonly cells: number;
  readonly filled: number;
}

/**
 * The rows of the file, one at a time as the caller asks for them (its 1-based starting line and
 * its cells, and its shape): a caller may stop early, or take a turn of its event loop between
 * rows (the server reads a large file in slices: parseOrdersInSlices). With `pick`, cell i of a
 * row is column pick[i] ("" when the row is shorter); without, every cell.
 *
 * @throws UnreadableFileError for a quoted cell that is never closed
 */
export function* csvRows(buf: Buffer, delimiter: string, pick: readonly number[] | null): Generator<readonly [SourceRow, RowShape], void, void> {
  const delim = delimiter.charCodeAt(0);
  const len = buf.length;
  const slotOf: number[] = [];
  if (pick) pick.forEach((c, i) => (slotOf[c] = i));
  let pos = buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? 3 : 0;
  let line = 1;
  while (pos < len) {
    const rowLine = line;
    const cells: string[] = pick ? pick.map(() => "") : [];
    let col = 0;
    let content = false;
    let filled = 0;
    let endOfRow = false;
    while (!endOfRow) {
      const slot = pick ? (slotOf[col] ?? -1) : col;
      const cellStart = pos;
      let value: string | null = null;
      if (buf[pos] === QUOTE) {
        // Quoted: up to the quote that is not doubled.
        let start = pos + 1;
        let parts: string[] | null = null;
        for (;;) {
          const q = buf.indexOf(QUOTE, start);
          if (q < 0) throw new UnreadableFileError(`the file is not valid CSV: the quoted cell starting on line ${line} is never closed`, line);
          for (let i = start; i < q; i++) if (buf[i] === LF || (buf[i] === CR && buf[i + 1] !== LF)) line++;
          if (buf[q + 1] === QUOTE) {
            if (slot >= 0) (parts ??= []).push(buf.toString("utf8", start, q + 1));
            start = q + 2;
            continue;
          }
          if (slot >= 0) value = parts ? parts.join("") + buf.toString("utf8", start, q) : buf.toString("utf8", start, q);
          pos = q + 1;
          break;
        }
        content = true;
        // Text after the closing quote, up to the delimiter, is kept.
        const rest = pos;
        while (pos < len && buf[pos] !== delim && buf[pos] !== LF && buf[pos] !== CR) pos++;
        if (pos > rest && slot >= 0) value = (value ?? "") + buf.toString("utf8", rest, pos);
        // `""` alone is an empty cell.
        if (pos - cellStart > 2) filled = col + 1;
      } else {
        const start = pos;
        while (pos < len) {
          const b = buf[pos]!;
          if (b === delim || b === LF || b === CR) break;
          if (b !== 0x20 && b !== 0x09) {
            content = true;
            filled = col + 1;
          }
          pos++;
        }
        if (slot >= 0 && pos > start) value = buf.toString("utf8", start, pos);
      }
      if (slot >= 0 && value !== null) {
        if (pick) cells[slot] = value;
        else cells.push(value);
      } else if (!pick) cells.push("");
      if (pos >= len) {
        endOfRow = true;
      } else if (buf[pos] === delim) {
        pos++;
        col++;
        content = true;
        if (pos >= len) {
          if (!pick) cells.push("");
          endOfRow = true;
        }
      } else {
        // A line break: \r\n, \n or \r.
        pos += buf[pos] === CR && buf[pos + 1] === LF ? 2 : 1;
        line++;
        endOfRow = true;
      }
    }
    // An empty line is no row (a row of delimiters only is one, with empty cells).
    if (!content && col === 0) continue;
    yield [{ line: rowLine, cells }, { cells: col + 1, filled }];
  }
}
