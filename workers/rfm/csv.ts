/**
 * The customer table as CSV, safe to open in a spreadsheet (no formula injection).
 */
import { UNASSIGNED, type SegmentRule } from "../../domain/rfm";
import type { CustomerQuery, PackedCustomers, ScoredCustomers } from "./types";
import { customerOrder } from "./table";

export const CSV_HEADER = ["customer_id", "recency_days", "frequency", "monetary", "r", "f", "m", "score", "segment"] as const;

/**
 * One CSV text field (RFC 4180): quoted when it holds a comma, a quote, CR or LF, or starts or
 * ends with a space, quotes doubled. Text starting with `=`, `+`, `-`, `@`, tab or CR gets a
 * leading `'` so a spreadsheet shows it instead of running it as a formula (customer ids and
 * segment names are typed by people outside the team).
 */
export function csvField(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]|^ | $/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Text {@link csvField} leaves as it is (checked first, as most ids are like this). */
const PLAIN_FIELD = /^[^=+\-@\t\r\n", ]([^",\r\n]*[^",\r\n ])?$/;

export interface CsvOptions {
  /** Start with a UTF-8 byte-order mark so Excel reads Thai correctly; default true. */
  readonly bom?: boolean;
}

/**
 * CSV of the customers matching the query's search and segment filter (page and pageSize are
 * ignored: all of them), in its sort order: {@link CSV_HEADER}, CRLF line ends. Monetary as
 * given, the weighted score to 2 decimals.
 */
export function customersCsv(ids: readonly string[], scored: ScoredCustomers, input: PackedCustomers, rules: readonly SegmentRule[], query: CustomerQuery = {}, options: CsvOptions = {}): string {
  return csvOfOrder(customerOrder(ids, scored, input, rules, query), ids, scored, input, rules, options);
}

export function csvOfOrder(order: Uint32Array, ids: readonly string[], scored: ScoredCustomers, input: PackedCustomers, rules: readonly SegmentRule[], options: CsvOptions): string {
  const names = rules.map((rule) => csvField(rule.name));
  const unassigned = csvField(UNASSIGNED);
  // R, F, M, score and segment depend only on the (r, f, m) cell: 125 texts, made once each
  const tail: (string | undefined)[] = new Array(125);
  const lines: string[] = new Array(order.length + 1);
  lines[0] = CSV_HEADER.join(",");
  for (let j = 0; j < order.length; j++) {
    const i = order[j]!;
    const cell = (scored.r[i]! - 1) * 25 + (scored.f[i]! - 1) * 5 + (scored.m[i]! - 1);
    let rest = tail[cell];
    if (rest === undefined) {
      const s = scored.segment[i]!;
      rest = `${scored.r[i]},${scored.f[i]},${scored.m[i]},${scored.score[i]!.toFixed(2)},${s < 0 ? unassigned : names[s]}`;
      tail[cell] = rest;
    }
    const id = ids[i]!;
    lines[j + 1] = `${PLAIN_FIELD.test(id) ? id : csvField(id)},${input.recencyDays[i]},${input.frequency[i]},${input.monetary[i]},${rest}`;
  }
  return `${options.bom === false ? "" : "\uFEFF"}${lines.join("\r\n")}\r\n`;
}
