/**
 * Meta Business Suite post (content) export (EXPORTS.md §3A): one row per post holding lifetime
 * totals as of the export day. Each post's totals are stored on the day it was published (the
 * date of Publish time), keyed by Post ID, so a later re-export overwrites them.
 */
import type { MetricKey } from "../../domain/metrics";
import { cleanCell, dayOf, findColumn } from "./normalize";
import { commitRow, readNumberCell, type CellValue } from "./rows";
import { FileRefusedError, type DraftValue, type FormatInput, type FormatOutput } from "./types";

export const POST_METRIC_COLUMNS: ReadonlyArray<{ metric: MetricKey; aliases: readonly string[] }> = [
  { metric: "view", aliases: ["Views"] },
  { metric: "reach", aliases: ["Reach"] },
  { metric: "engagement", aliases: ["Reactions, Comments and Shares"] },
  { metric: "click", aliases: ["Link clicks", "Total clicks"] },
];

export function isPostsHeader(index: ReadonlyMap<string, number>): boolean {
  return index.has("post id") && index.has("publish time");
}

export function parsePosts(input: FormatInput, index: ReadonlyMap<string, number>): FormatOutput {
  const header = input.rows[input.headerAt]!;
  const headerText = (i: number) => cleanCell(header.cells[i]);
  const cPost = index.get("post id")!;
  const cTime = index.get("publish time")!;
  const notes: FormatOutput["notes"] = [];
  const metricCols: Array<{ metric: MetricKey; col: number }> = [];
  for (const m of POST_METRIC_COLUMNS) {
    const c = findColumn(index, m.aliases);
    if (c === undefined) continue;
    metricCols.push({ metric: m.metric, col: c });
    notes.push({ line: header.line, reason: `${m.metric} is read from "${headerText(c)}" (lifetime totals, stored on the publish day)` });
  }
  if (metricCols.length === 0) throw new FileRefusedError("the post export has none of the columns Views, Reach, Reactions, Comments and Shares, Link clicks", header.line);

  const values: DraftValue[] = [];
  const errors: FormatOutput["errors"] = [];
  let rows = 0;
  for (const row of input.rows.slice(input.headerAt + 1)) {
    const cell = (i: number) => cleanCell(row.cells[i]);
    if (row.cells.every((c) => cleanCell(c) === "")) continue;
    const problems: string[] = [];
    const post = cell(cPost);
    if (!/^\d{1,30}(_\d{1,30})?$/.test(post)) problems.push(`${headerText(cPost)}: ${JSON.stringify(post.slice(0, 40))} is not a post id`);
    const date = dayOf(cell(cTime), "month-first");
    if (!date) problems.push(`${headerText(cTime)}: ${JSON.stringify(cell(cTime).slice(0, 40))} is not a time like 09/01/2025 21:13`);
    const got: CellValue[] = [];
    for (const m of metricCols) readNumberCell(cell(m.col), m.metric, headerText(m.col), got, problems);
    const rowOk = commitRow({ values, errors, notes }, { line: row.line, date, plan: "ma", subKey: `post:${post}`, problems, got });
    if (rowOk) rows++;
  }
  return { rows, values, errors, notes, needsAccount: true };
}
