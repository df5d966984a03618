/**
 * The documented layout (docs/metrics-import.md): one value per row,
 * `date,account_id,page_id,plan,metric,value`, columns in any order, page_id optional.
 */
import { MetricKeys, MetricPlans, type MetricKey, type MetricPlan } from "../../domain/metrics";
import { cleanCell, isoDayOf, parseNumberCell } from "./normalize";
import { checkValue, type DraftValue, type FormatInput, type FormatOutput } from "./types";

export const DOCUMENTED_COLUMNS = ["date", "account_id", "page_id", "plan", "metric", "value"] as const;

/** The header has date, plan, metric and value (account_id may come from the caller, page_id is optional). */
export function isDocumentedHeader(index: ReadonlyMap<string, number>): boolean {
  return ["date", "plan", "metric", "value"].every((c) => index.has(c));
}

export function parseDocumented(input: FormatInput, index: ReadonlyMap<string, number>): FormatOutput {
  const col = (name: string) => index.get(name);
  const [cDate, cAccount, cPage, cPlan, cMetric, cValue] = DOCUMENTED_COLUMNS.map(col);
  const values: DraftValue[] = [];
  const errors: FormatOutput["errors"] = [];
  const notes: FormatOutput["notes"] = [];
  let rows = 0;
  for (const row of input.rows.slice(input.headerAt + 1)) {
    const cell = (i: number | undefined) => (i === undefined ? "" : cleanCell(row.cells[i]));
    if (row.cells.every((c) => cleanCell(c) === "")) continue;
    // A workbook's date-time cell counts as its day; anything else must be YYYY-MM-DD as written.
    const date = isoDayOf(cell(cDate)) ?? cell(cDate);
    const plan = cell(cPlan).toLowerCase();
    const metric = cell(cMetric).toLowerCase();
    const account = cell(cAccount);
    const page = cell(cPage);
    const problems: string[] = [];
    if (!(MetricPlans as readonly string[]).includes(plan)) problems.push(`plan: must be "ma" or "ads", got ${JSON.stringify(plan)}`);
    if (!(MetricKeys as readonly string[]).includes(metric)) problems.push(`metric: ${JSON.stringify(metric)} is not one of ${MetricKeys.join(", ")}`);
    const num = parseNumberCell(cell(cValue));
    if (!num.ok) problems.push(`value: ${num.reason}`);
    if (problems.length > 0) {
      errors.push({ line: row.line, reason: problems.join("; ") });
      continue;
    }
    if (num.ok && num.value === null) {
      notes.push({ line: row.line, reason: "value is empty; row left out" });
      continue;
    }
    const draft = { date, plan: plan as MetricPlan, metric: metric as MetricKey, value: num.ok ? num.value! : 0 };
    const bad = checkValue(draft);
    if (bad) {
      errors.push({ line: row.line, reason: bad });
      continue;
    }
    rows++;
    values.push({ ...draft, line: row.line, subKey: null, ...(account !== "" ? { account } : {}), ...(page !== "" ? { page } : {}) });
  }
  return { rows, values, errors, notes, needsAccount: cAccount === undefined };
}
