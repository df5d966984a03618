/**
 * Meta Business Suite page-level daily series (EXPORTS.md §3B): one file per metric, UTF-16 LE,
 *
 *   sep=,
 *   "Facebook follows"
 *   "Date","Primary"
 *   "2025-08-01T00:00:00","20"
 *
 * plus the two other shapes of the same export: Viewers.csv (`"Date","Total Viewers",…`, dates
 * like `August 19` without a year) and FollowerHistory.csv (`"Date","Followers","Difference in
 * followers from previous day"`). Every value is a page-level value of the MA plan.
 */
import type { MetricKey } from "../../domain/metrics";
import { cleanCell, dayOf, inferYears, isEmptyValue, monthDayOf, normalizeHeader, parseNumberCell } from "./normalize";
import { FileRefusedError, checkValue, type DraftValue, type FormatInput, type FormatOutput } from "./types";

/** Metric-name line → KPI parameter. Names of the current export first, then the older ones. */
export const PAGE_SERIES_METRICS: Readonly<Record<string, MetricKey>> = {
  "facebook follows": "follower",
  follows: "follower",
  "content interactions": "engagement",
  interactions: "engagement",
  "facebook link clicks": "click",
  "link clicks": "click",
  views: "view",
  viewers: "reach",
};

/** Series that have no KPI parameter: refused with a reason rather than stored under a wrong name. */
const UNSUPPORTED: Readonly<Record<string, string>> = {
  "facebook visits": "Facebook visits (visits to the page itself) has no KPI parameter: Views counts content views, so the file is not imported",
  visits: "Visits (visits to the page itself) has no KPI parameter: Views counts content views, so the file is not imported",
};

type Shape = { kind: "primary" } | { kind: "viewers"; col: number } | { kind: "followers"; col: number };

function shapeOf(index: ReadonlyMap<string, number>): Shape | null {
  if (index.get("date") !== 0) return null;
  if (index.get("primary") === 1) return { kind: "primary" };
  const viewers = index.get("total viewers");
  if (viewers !== undefined) return { kind: "viewers", col: viewers };
  const diff = index.get("difference in followers from previous day");
  if (diff !== undefined && index.has("followers")) return { kind: "followers", col: diff };
  return null;
}

export function isPageSeriesHeader(index: ReadonlyMap<string, number>): boolean {
  return shapeOf(index) !== null;
}

/** The metric-name line above the header: the last row before it with exactly one non-empty cell that is not `sep=`. */
function metricNameLine(input: FormatInput): { name: string; line: number } | null {
  for (let i = input.headerAt - 1; i >= 0; i--) {
    const row = input.rows[i]!;
    const cells = row.cells.map((c) => cleanCell(c)).filter((c) => c !== "");
    if (cells.length === 1 && !/^sep=/i.test(cells[0]!)) return { name: cells[0]!, line: row.line };
  }
  return null;
}

export function parsePageSeries(input: FormatInput, index: ReadonlyMap<string, number>): FormatOutput {
  const shape = shapeOf(index)!;
  const header = input.rows[input.headerAt]!;
  let metric: MetricKey;
  let valueCol: number;
  let column: string;
  const notes: FormatOutput["notes"] = [];
  if (shape.kind === "primary") {
    const named = metricNameLine(input);
    if (!named) throw new FileRefusedError("the metric name line above \"Date\",\"Primary\" is missing, so the metric is unknown", header.line);
    const key = normalizeHeader(named.name);
    if (UNSUPPORTED[key]) throw new FileRefusedError(UNSUPPORTED[key]!, named.line);
    const mapped = PAGE_SERIES_METRICS[key];
    if (!mapped) {
      throw new FileRefusedError(
        `the metric ${JSON.stringify(named.name)} is not supported (supported: Facebook follows, Content interactions, Facebook link clicks, Views, Viewers and their older names)`,
        named.line,
      );
    }
    metric = mapped;
    valueCol = 1;
    column = named.name;
  } else if (shape.kind === "viewers") {
    metric = "reach";
    valueCol = shape.col;
    column = cleanCell(header.cells[shape.col]);
  } else {
    metric = "follower";
    valueCol = shape.col;
    column = cleanCell(header.cells[shape.col]);
  }
  notes.push({ line: header.line, reason: `${column} is stored as ${metric}` });

  const data: typeof input.rows[number][] = [];
  for (const r of input.rows.slice(input.headerAt + 1)) {
    if (r.cells.every((c) => cleanCell(c) === "")) continue;
    if (r.cells.every((c) => isEmptyValue(c))) notes.push({ line: r.line, reason: "no values; row left out" });
    else data.push(r);
  }
  // Dates: ISO in the main shape; the other shapes may write "August 19" without a year.
  const iso = data.map((r) => dayOf(r.cells[0] ?? ""));
  const monthDays = data.map((r) => monthDayOf(r.cells[0] ?? ""));
  const yearless = iso.every((d) => d === null) && monthDays.some((d) => d !== null);
  const inferred = new Map<number, string>();
  if (yearless) {
    const known = data.flatMap((_r, i) => (monthDays[i] ? [i] : []));
    const years = inferYears(known.map((i) => monthDays[i]!), input.today);
    known.forEach((i, k) => inferred.set(i, years[k]!));
    if (years.length > 0) notes.push({ line: header.line, reason: `dates have no year: read as ${years[0]} to ${years[years.length - 1]} (the last one not after today)` });
  }

  const values: DraftValue[] = [];
  const errors: FormatOutput["errors"] = [];
  let rows = 0;
  data.forEach((row, i) => {
    const date = yearless ? inferred.get(i) : iso[i];
    if (!date) {
      errors.push({ line: row.line, reason: `Date: ${JSON.stringify(cleanCell(row.cells[0]).slice(0, 40))} is not a date like 2025-08-01T00:00:00` });
      return;
    }
    const num = parseNumberCell(row.cells[valueCol] ?? "");
    if (!num.ok) {
      errors.push({ line: row.line, reason: `${column}: ${num.reason}` });
      return;
    }
    if (num.value === null) {
      notes.push({ line: row.line, reason: "no value; row left out" });
      return;
    }
    const draft = { date, plan: "ma" as const, metric, value: num.value };
    const bad = checkValue(draft, column);
    if (bad) {
      errors.push({ line: row.line, reason: bad });
      return;
    }
    rows++;
    values.push({ ...draft, line: row.line, subKey: null });
  });
  return { rows, values, errors, notes, needsAccount: true };
}
