/** The per-row steps that every export with one row per day (or per post) shares. */
import type { MetricKey, MetricPlan } from "../../domain/metrics";
import { parseNumberCell } from "./normalize";
import { checkValue, type DraftValue, type FormatOutput } from "./types";

/** A value read from one cell, with the column it came from (for messages). */
export interface CellValue { readonly metric: MetricKey; readonly value: number; readonly column: string }

/** Reads one numeric cell into `got`, or says why it cannot be read in `problems`; empty cells are skipped. */
export function readNumberCell(text: string, metric: MetricKey, column: string, got: CellValue[], problems: string[]): void {
  const num = parseNumberCell(text);
  if (!num.ok) problems.push(`${column}: ${num.reason}`);
  else if (num.value !== null) got.push({ metric, value: num.value, column });
}

/**
 * Records one row: its problems as an error, a row without values as a note, or each value as a
 * draft. Returns true when the row counts as imported.
 */
export function commitRow(
  out: { values: DraftValue[]; errors: FormatOutput["errors"]; notes: FormatOutput["notes"] },
  row: { line: number; date: string | null; plan: MetricPlan; subKey: string; problems: readonly string[]; got: readonly CellValue[] },
): boolean {
  if (row.problems.length > 0) {
    out.errors.push({ line: row.line, reason: row.problems.join("; ") });
    return false;
  }
  if (row.got.length === 0) {
    out.notes.push({ line: row.line, reason: "no values; row left out" });
    return false;
  }
  const drafts: DraftValue[] = [];
  for (const g of row.got) {
    const draft = { date: row.date!, plan: row.plan, metric: g.metric, value: g.value };
    const bad = checkValue(draft, g.column);
    if (bad) {
      out.errors.push({ line: row.line, reason: bad });
      return false;
    }
    drafts.push({ ...draft, line: row.line, subKey: row.subKey });
  }
  out.values.push(...drafts);
  return true;
}
