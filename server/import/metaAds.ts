/**
 * Meta Ads Manager report export (EXPORTS.md §4), CSV or XLSX, English or Thai headers. One row
 * per ad (or ad set, or campaign) and day; every value is an account-level value of the ADS plan,
 * keyed by (Ad ID, day) so that a re-export overwrites instead of adding. The columns are shared
 * with the ads import (`./ads/metaColumns.ts`), which reads the same report into campaigns, ad sets,
 * ads and their days and writes these same keys (docs/ads-import.md).
 */
import { createHash } from "node:crypto";
import { isDay } from "../../domain/calendarDays";
import type { MetricKey } from "../../domain/metrics";
import { ADS_METRIC_COLUMNS, META_ADS_COLUMNS as ADS_COLUMNS, SPENT, TOTAL_LABELS } from "./ads/metaColumns";
import { cleanCell, dayOf, findColumn } from "./normalize";
import { commitRow, readNumberCell, type CellValue } from "./rows";
import { FileRefusedError, type DraftValue, type FormatInput, type FormatOutput } from "./types";

/** When a metric has no column of its own, Results count for it on rows whose result indicator says so. */
const RESULT_KINDS: ReadonlyArray<{ metric: MetricKey; pattern: RegExp }> = [
  { metric: "conversion", pattern: /purchase|การซื้อ/i },
  { metric: "leadgen", pattern: /lead/i },
  { metric: "inbox", pattern: /messaging_conversation_started|messaging conversations? started/i },
];

export function isAdsHeader(index: ReadonlyMap<string, number>): boolean {
  const hasTime = findColumn(index, ADS_COLUMNS.day) !== undefined || findColumn(index, ADS_COLUMNS.starts) !== undefined;
  const hasMetric = ADS_METRIC_COLUMNS.some((m) => findColumn(index, m.aliases) !== undefined)
    || [...index.keys()].some((k) => SPENT.test(k));
  return hasTime && hasMetric;
}

const idOk = (s: string) => /^\d{1,30}$/.test(s);

export function parseAds(input: FormatInput, index: ReadonlyMap<string, number>): FormatOutput {
  const header = input.rows[input.headerAt]!;
  const headerText = (i: number) => cleanCell(header.cells[i]);
  const notes: FormatOutput["notes"] = [];

  // Money in another currency is refused: the KPI budgets are in THB and nothing converts.
  for (const [name] of index) {
    const m = SPENT.exec(name);
    if (m && m[2]!.toUpperCase() !== "THB") {
      throw new FileRefusedError(`Amount spent is in ${m[2]!.toUpperCase()}: only accounts that spend in THB can be imported`, header.line);
    }
  }
  const col = Object.fromEntries(Object.entries(ADS_COLUMNS).map(([k, aliases]) => [k, findColumn(index, aliases)])) as Record<keyof typeof ADS_COLUMNS, number | undefined>;
  const metricCols: Array<{ metric: MetricKey; col: number }> = [];
  for (const m of ADS_METRIC_COLUMNS) {
    const c = findColumn(index, m.aliases);
    if (c === undefined) continue;
    metricCols.push({ metric: m.metric, col: c });
    notes.push({ line: header.line, reason: `${m.metric} is read from "${headerText(c)}"` });
  }
  const fromResults = col.results !== undefined && col.resultIndicator !== undefined
    ? RESULT_KINDS.filter((k) => !metricCols.some((m) => m.metric === k.metric))
    : [];
  if (fromResults.length > 0) notes.push({ line: header.line, reason: `Results count as ${fromResults.map((k) => k.metric).join(", ")} on rows whose result indicator says so` });
  if (metricCols.length === 0 && fromResults.length === 0) {
    throw new FileRefusedError("the report has no column this import reads (Amount spent (THB), Impressions, Reach, Link clicks, …)", header.line);
  }
  if (col.day === undefined && (col.starts === undefined || col.ends === undefined)) {
    throw new FileRefusedError("the report has neither a Day column nor Reporting starts and Reporting ends", header.line);
  }

  const values: DraftValue[] = [];
  const errors: FormatOutput["errors"] = [];
  let rows = 0;
  let firstData = true;
  for (const row of input.rows.slice(input.headerAt + 1)) {
    const cell = (i: number | undefined) => (i === undefined ? "" : cleanCell(row.cells[i]));
    if (row.cells.every((c) => cleanCell(c) === "")) continue;
    const identity = [col.campaignName, col.campaignId, col.adSetName, col.adSetId, col.adName, col.adId].map(cell);
    const firstIdentity = identity.find((s) => s !== "");
    // Totals: no campaign, ad set or ad at all (Meta's first row), or a label such as รวมทั้งหมด.
    if (firstIdentity === undefined || TOTAL_LABELS.test(firstIdentity) || TOTAL_LABELS.test(cleanCell(row.cells[0]))) {
      notes.push({ line: row.line, reason: firstData ? "totals row (first row without a campaign or ad) left out" : "totals row left out" });
      firstData = false;
      continue;
    }
    firstData = false;
    const problems: string[] = [];

    // The day: the Day breakdown, or a report range of exactly one day.
    let date: string | null = null;
    if (col.day !== undefined) {
      date = dayOf(cell(col.day));
      if (!date || !isDay(date)) problems.push(`${headerText(col.day)}: ${JSON.stringify(cell(col.day).slice(0, 40))} is not a date YYYY-MM-DD`);
    } else {
      const s = dayOf(cell(col.starts));
      const e = dayOf(cell(col.ends));
      if (!s || !e || !isDay(s) || !isDay(e)) problems.push(`${headerText(col.starts!)}/${headerText(col.ends!)}: not dates YYYY-MM-DD`);
      else if (s !== e) problems.push(`the row covers ${s} to ${e}, not one day: export with the breakdown By time → Day`);
      else date = s;
    }
    if (col.currency !== undefined) {
      const cur = cell(col.currency).toUpperCase();
      if (cur !== "" && cur !== "THB") problems.push(`${headerText(col.currency)}: ${cur} is not THB`);
    }

    // The stable key: the most specific id the report has, else the names.
    let subKey: string | null = null;
    const ids: Array<[string, number | undefined]> = [["ad", col.adId], ["adset", col.adSetId], ["campaign", col.campaignId]];
    for (const [kind, c] of ids) {
      const v = cell(c);
      if (c === undefined || v === "") continue;
      if (idOk(v)) subKey = `${kind}:${v}`;
      else if (/^\d(\.\d+)?e\+?\d+$/i.test(v)) problems.push(`${headerText(c)}: ${v} was rounded by a spreadsheet; export again, or format the column as text`);
      else problems.push(`${headerText(c)}: ${JSON.stringify(v.slice(0, 40))} is not an id (digits only)`);
      break;
    }
    if (subKey === null && problems.length === 0) {
      const names = [col.campaignName, col.adSetName, col.adName].map(cell);
      subKey = `name:${createHash("sha256").update(names.join("\u001f")).digest("hex").slice(0, 32)}`;
    }

    const got: CellValue[] = [];
    for (const m of metricCols) readNumberCell(cell(m.col), m.metric, headerText(m.col), got, problems);
    if (fromResults.length > 0) {
      const indicator = cell(col.resultIndicator);
      const kind = fromResults.find((k) => k.pattern.test(indicator));
      if (kind) readNumberCell(cell(col.results), kind.metric, headerText(col.results!), got, problems);
    }
    const rowOk = commitRow({ values, errors, notes }, { line: row.line, date, plan: "ads", subKey: subKey ?? "", problems, got });
    if (rowOk) rows++;
  }
  return { rows, values, errors, notes, needsAccount: true };
}

