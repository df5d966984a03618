/**
 * Reads a metrics file of any supported format: the documented CSV, a Meta Business Suite page
 * series or post export, or a Meta Ads Manager report (CSV or XLSX). The format is recognised from
 * the header row, never from the file name. Pure: no storage, no HTTP.
 */
import type { ImportFormat, ImportRowIssue } from "../../domain/metrics";
import { isDocumentedHeader, parseDocumented } from "./documented";
import { isAdsHeader, parseAds } from "./metaAds";
import { isPageSeriesHeader, parsePageSeries } from "./metaPage";
import { isPostsHeader, parsePosts } from "./metaPosts";
import { headerIndex } from "./normalize";
import { readTable } from "./read";
import { cellCountProblem, filledWidth } from "./sheet";
import { FileRefusedError, type FormatInput, type FormatOutput, type ParsedFile } from "./types";

export { FileRefusedError } from "./types";
export { UnreadableFileError } from "./read";
export type { DraftValue, ParsedFile } from "./types";

const FORMATS: ReadonlyArray<{
  format: ImportFormat;
  matches: (index: ReadonlyMap<string, number>) => boolean;
  parse: (input: FormatInput, index: ReadonlyMap<string, number>) => FormatOutput;
}> = [
  { format: "csv", matches: isDocumentedHeader, parse: parseDocumented },
  { format: "meta-post", matches: isPostsHeader, parse: parsePosts },
  { format: "meta-ads", matches: isAdsHeader, parse: parseAds },
  { format: "meta-page", matches: isPageSeriesHeader, parse: parsePageSeries },
];

/** How far down the header row may be (preambles such as `sep=,` and a metric-name line come first). */
const HEADER_SEARCH_ROWS = 30;

export const UNRECOGNISED =
  "is not a recognised metrics file: expected the documented CSV (date,account_id,page_id,plan,metric,value), " +
  "a Meta Business Suite page series or post export, or a Meta Ads Manager report (CSV or XLSX)";

/**
 * @param today - today's Bangkok day: later days are refused, and years missing from dates are inferred from it
 * @throws FileRefusedError or UnreadableFileError when the file as a whole cannot be imported
 */
export function parseMetricsFile(bytes: Uint8Array, today: string): ParsedFile {
  if (bytes.length === 0) throw new FileRefusedError("is empty");
  const isHeader = (cells: readonly string[]) => {
    const index = headerIndex(cells);
    return FORMATS.some((f) => f.matches(index));
  };
  const table = readTable(bytes, isHeader, HEADER_SEARCH_ROWS);
  const limit = Math.min(table.rows.length, HEADER_SEARCH_ROWS);
  for (let i = 0; i < limit; i++) {
    const index = headerIndex(table.rows[i]!.cells);
    const f = FORMATS.find((candidate) => candidate.matches(index));
    if (!f) continue;
    // A CSV row that does not fit the header is refused (a workbook's rows are cells of a grid).
    const misfits: ImportRowIssue[] = [];
    let rows = table.rows;
    if (table.encoding !== "xlsx") {
      const header = { cells: table.rows[i]!.cells.length, filled: filledWidth(table.rows[i]!.cells), line: table.rows[i]!.line };
      rows = table.rows.filter((r, k) => {
        const filled = filledWidth(r.cells);
        const problem = k <= i || filled === 0 ? null : cellCountProblem({ cells: r.cells.length, filled }, header);
        if (problem !== null) misfits.push({ line: r.line, reason: problem });
        return problem === null;
      });
    }
    const out = f.parse({ rows, headerAt: i, today }, index);
    const errors = [...misfits, ...out.errors];
    const values = out.values.filter((v) => {
      if (v.date <= today) return true;
      errors.push({ line: v.line, reason: `date: ${v.date} is after today (${today}, Bangkok)` });
      return false;
    });
    // One reason per line, in line order.
    const seen = new Set<string>();
    const merged = errors
      .sort((a, b) => a.line - b.line)
      .filter((e) => (seen.has(`${e.line}\u0000${e.reason}`) ? false : (seen.add(`${e.line}\u0000${e.reason}`), true)));
    return { ...out, values, errors: merged, format: f.format, encoding: table.encoding };
  }
  throw new FileRefusedError(UNRECOGNISED);
}
