import { Schema, SchemaIssue } from "effect";
import { MetricRow, type ImportFormat, type ImportRowIssue, type MetricKey, type MetricPlan } from "../../domain/metrics";
import type { SourceRow, SourceTable } from "./read";

/** One metric value read from a file, before its account is resolved. */
export interface DraftValue {
  readonly line: number;
  readonly date: string;
  readonly plan: MetricPlan;
  readonly metric: MetricKey;
  readonly value: number;
  /** Sub-key inside the account or page (`ad:123`, `post:456`); null for a page- or account-level daily value. */
  readonly subKey: string | null;
  /** Account and page named by the row itself (the documented CSV); undefined = the caller's. */
  readonly account?: string;
  readonly page?: string | null;
}

export interface ParsedFile {
  readonly format: ImportFormat;
  readonly encoding: SourceTable["encoding"];
  /** Data rows that gave at least one value. */
  readonly rows: number;
  readonly values: DraftValue[];
  readonly errors: ImportRowIssue[];
  readonly notes: ImportRowIssue[];
  /** True when the file does not name its account (every Meta export): the caller must. */
  readonly needsAccount: boolean;
}

/** What a format parser gets: the rows, the header row found by detection, and today's Bangkok day. */
export interface FormatInput {
  readonly rows: readonly SourceRow[];
  readonly headerAt: number;
  readonly today: string;
}

export type FormatOutput = Omit<ParsedFile, "format" | "encoding">;

/** A refusal of the whole file (no row to blame, or the file's shape is wrong). */
export class FileRefusedError extends Error {
  constructor(message: string, readonly line?: number) {
    super(message);
  }
}

const formatter = SchemaIssue.makeFormatterStandardSchemaV1();
const decodeRow = Schema.decodeUnknownResult(MetricRow);

/**
 * Validates one value with the domain schema.
 *
 * @param column - how the value's column is named in the file, to start the reason with
 * @returns the reason, or null when the value is valid
 */
export function checkValue(v: Omit<DraftValue, "line" | "subKey" | "account" | "page">, column?: string): string | null {
  const res = decodeRow({ date: v.date, plan: v.plan, metric: v.metric, value: v.value });
  if (res._tag === "Success") return null;
  const first = formatter(res.failure.issue).issues[0];
  const path = (first?.path ?? []).map((p) => (typeof p === "object" && p !== null && "key" in p ? String((p as { key: unknown }).key) : String(p))).join(".");
  const where = path === "value" && column ? column : path || column || "row";
  const shown = path === "date" ? ` ${JSON.stringify(v.date).slice(0, 40)}` : "";
  return `${where}:${shown} ${first?.message ?? "is invalid"}`;
}
