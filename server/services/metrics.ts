/**
 * Metrics: importing files of daily figures (all or nothing, idempotent) and summarising them for
 * the KPI progress view. Knows nothing of HTTP: it takes bytes and ids and throws ServiceError.
 */
import {
  CHANNEL_VALUES, MAX_LISTED_ROW_ERRORS, PLAN_METRICS, splitIds,
  type ImportFormat, type ImportMetricsResult, type ImportRowIssue, type MetricKey, type MetricPlan,
  type MetricSeries, type MetricsSummary, type MetricsSummaryRequest,
} from "../../domain/metrics";
import { bangkokDay } from "../../domain/dates";
import { FileRefusedError, UnreadableFileError, parseMetricsFile, type DraftValue } from "../import";
import type { Queryable, Storage } from "../storage/storage";
import { ServiceError } from "./errors";

/** Largest file an import takes (a year of an ads report at ad level and day fits easily). */
export const METRICS_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Most values one import may write. */
export const METRICS_IMPORT_MAX_VALUES = 1_000_000;
/** Values per INSERT statement. */
const WRITE_BATCH = 5_000;

/** An import refused because of its rows (or its shape): nothing was written. */
export class ImportRefusedError extends ServiceError {
  constructor(message: string, readonly rows: readonly ImportRowIssue[]) {
    super("invalid", message, { field: "file" });
  }
}

/** Who imports: a signed-in user (only their brands' accounts), or the CLI (any brand, or the one given). */
export type ImportScope = { readonly userId: number } | { readonly cli: true; readonly brand?: string };

export interface ImportTarget {
  /** Account (bag) id; the CLI also takes an account's exact name. */
  readonly account?: string;
  readonly page?: string;
}

/** An account (bag) an import writes into, with its brand. */
export interface ImportAccount { id: string; name: string; brand_id: number; brand: string; channel: "facebook" | "tiktok" }
type Account = ImportAccount;

/**
 * The one account a file import names, among the scope's: a user's brands' account by id
 * (another brand's, or none: forbidden), or for the CLI an account by id or exact name, within
 * the brand given (a name held by two accounts: invalid, naming their ids). The social and the
 * ads imports take one account this way.
 */
export async function importAccountOf(db: Queryable, scope: ImportScope, want: string): Promise<ImportAccount> {
  const isCli = !("userId" in scope);
  const rows = "userId" in scope
    ? (await db.query<ImportAccount>(
      `SELECT g.id, g.name, g.brand_id, b.name AS brand, g.channel
         FROM user_brands ub JOIN brands b ON b.id = ub.brand_id JOIN bags g ON g.brand_id = b.id
        WHERE ub.user_id = $1 AND g.id = $2`, [scope.userId, want],
    )).rows
    : (await db.query<ImportAccount>(
      `SELECT g.id, g.name, g.brand_id, b.name AS brand, g.channel FROM bags g JOIN brands b ON b.id = g.brand_id
        WHERE (g.id = $1 OR g.name = $1) AND ($2::text IS NULL OR b.name = $2) ORDER BY (g.id = $1) DESC, g.id`,
      [want, ("brand" in scope ? scope.brand : undefined) ?? null],
    )).rows;
  const byId = rows.find((a) => a.id === want);
  if (byId) return byId;
  if (isCli && rows.length > 1) throw new ServiceError("invalid", `"${want}" names ${rows.length} accounts: give the id (${rows.map((a) => a.id).join(", ")})`, { field: "account" });
  if (isCli && rows.length === 1) return rows[0]!;
  throw isCli
    ? new ServiceError("invalid", `no account "${want}"${"brand" in scope && scope.brand ? ` in brand ${scope.brand}` : ""}`, { field: "account" })
    : new ServiceError("forbidden", `"${want}" is not an account of your brands`, { field: "account" });
}

const WRITE_SQL = `
INSERT INTO metrics AS m (brand_id, bag_id, page_id, channel, plan, metric, day, value, source, source_key)
SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::date[], $8::numeric[], $9::text[], $10::text[])
ON CONFLICT (plan, source_key, day, metric) DO UPDATE
   SET value = EXCLUDED.value, source = EXCLUDED.source, updated_at = now()
 WHERE m.value IS DISTINCT FROM EXCLUDED.value OR m.source IS DISTINCT FROM EXCLUDED.source
RETURNING (xmax = 0) AS inserted`;

interface Resolved {
  readonly line: number;
  readonly account: Account;
  readonly page: string | null;
  readonly plan: MetricPlan;
  readonly metric: MetricKey;
  readonly date: string;
  readonly value: number;
  readonly sourceKey: string;
  /** The `source` column: the import format's name (csv, meta-page, meta-post, meta-ads). */
  readonly source: ImportFormat;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export class MetricsService {
  constructor(private readonly db: Storage, private readonly now: () => Date = () => new Date()) {}

  /** The accounts an import or a summary may touch. */
  private async accountsIn(scope: ImportScope): Promise<Account[]> {
    if ("userId" in scope) {
      return (await this.db.query<Account>(
        `SELECT g.id, g.name, g.brand_id, b.name AS brand, g.channel
           FROM user_brands ub JOIN brands b ON b.id = ub.brand_id JOIN bags g ON g.brand_id = b.id
          WHERE ub.user_id = $1 ORDER BY g.id`, [scope.userId],
      )).rows;
    }
    const rows = (await this.db.query<Account>(
      "SELECT g.id, g.name, g.brand_id, b.name AS brand, g.channel FROM bags g JOIN brands b ON b.id = g.brand_id ORDER BY g.id",
    )).rows;
    if (scope.brand === undefined) return rows;
    const brand = (await this.db.query("SELECT 1 FROM brands WHERE name = $1", [scope.brand])).rows;
    if (brand.length === 0) throw new ServiceError("invalid", `no brand named "${scope.brand}"`, { field: "brand" });
    return rows.filter((r) => r.brand === scope.brand);
  }

  /**
   * Imports one file: every row is checked first, and only when all are valid are the values
   * written, in one transaction. Values with the same key, day and metric overwrite.
   *
   * @throws ImportRefusedError (400, with the rows) when the file or any row is refused
   * @throws ServiceError forbidden when the account is not one of the scope's
   */
  async importFile(bytes: Uint8Array, target: ImportTarget, scope: ImportScope): Promise<ImportMetricsResult> {
    if (bytes.length > METRICS_IMPORT_MAX_BYTES) throw new ServiceError("too_large", `file is larger than ${METRICS_IMPORT_MAX_BYTES} bytes`, { field: "file" });
    const today = bangkokDay(this.now());
    let parsed;
    try {
      parsed = parseMetricsFile(bytes, today);
    } catch (err) {
      if (err instanceof FileRefusedError || err instanceof UnreadableFileError) {
        const rows = err.line !== undefined ? [{ line: err.line, reason: err.message }] : [];
        throw new ImportRefusedError(`${err.line !== undefined ? `line ${err.line}: ` : ""}${err.message}`, rows);
      }
      throw err;
    }

    const accounts = await this.accountsIn(scope);
    const isCli = !("userId" in scope);
    let callerAccount: Account | undefined;
    if (target.account !== undefined && target.account.trim() !== "") {
      const want = target.account.trim();
      callerAccount = accounts.find((a) => a.id === want);
      if (!callerAccount && isCli) {
        const byName = accounts.filter((a) => a.name === want);
        if (byName.length > 1) throw new ServiceError("invalid", `"${want}" names ${byName.length} accounts: give the id (${byName.map((a) => a.id).join(", ")})`, { field: "account" });
        callerAccount = byName[0];
      }
      if (!callerAccount) {
        throw isCli
          ? new ServiceError("invalid", `no account "${want}"${"brand" in scope && scope.brand ? ` in brand ${scope.brand}` : ""}`, { field: "account" })
          : new ServiceError("forbidden", `"${want}" is not an account of your brands`, { field: "account" });
      }
    }
    let callerPage: string | null = null;
    if (target.page !== undefined && target.page.trim() !== "") {
      if (!callerAccount) throw new ServiceError("invalid", "a page needs its account: give account too", { field: "page" });
      const want = target.page.trim();
      const found = await this.db.query("SELECT 1 FROM pages WHERE id = $1 AND bag_id = $2", [want, callerAccount.id]);
      if (found.rows.length === 0) throw new ServiceError("invalid", `"${want}" is not a page of account ${callerAccount.id}`, { field: "page" });
      callerPage = want;
    }
    if (parsed.needsAccount && !callerAccount) {
      throw new ServiceError("invalid", `is required for a ${parsed.format === "meta-ads" ? "Meta Ads Manager report" : "Meta Business Suite export"}: the file does not say which account it belongs to`, { field: "account" });
    }
    if (parsed.format !== "csv" && callerAccount && callerAccount.channel !== "facebook") {
      throw new ServiceError("invalid", `${callerAccount.id} is a TikTok account; a Meta export belongs to a Facebook account`, { field: "account" });
    }

    const notes = [...parsed.notes];
    if (parsed.format === "meta-ads" && callerPage !== null) {
      notes.unshift({ line: 0, reason: "ads figures belong to the whole account: the page was not used" });
      callerPage = null;
    }

    // Resolve each value's account and page, and its stable key.
    const errors: ImportRowIssue[] = [...parsed.errors];
    const resolved: Resolved[] = [];
    const pageOwner = await this.pageOwners(parsed.values, accounts);
    const byId = new Map(accounts.map((a) => [a.id, a]));
    const firstLineOf = new Map<string, number>();
    for (const v of parsed.values) {
      const r = this.resolve(v, { callerAccount, callerPage, byId, pageOwner, source: parsed.format, isCli });
      if (typeof r === "string") {
        errors.push({ line: v.line, reason: r });
        continue;
      }
      const key = `${r.plan}\u0000${r.sourceKey}\u0000${r.date}\u0000${r.metric}`;
      const first = firstLineOf.get(key);
      if (first !== undefined && first !== v.line) {
        errors.push({ line: v.line, reason: duplicateReason(parsed.format, v, r, first) });
        continue;
      }
      firstLineOf.set(key, v.line);
      resolved.push(r);
    }
    if (resolved.length > METRICS_IMPORT_MAX_VALUES) {
      throw new ImportRefusedError(`holds ${resolved.length} values; one import takes at most ${METRICS_IMPORT_MAX_VALUES}`, []);
    }
    if (errors.length > 0) {
      const seen = new Set<string>();
      const unique = errors
        .sort((a, b) => a.line - b.line)
        .filter((e) => (seen.has(`${e.line}\u0000${e.reason}`) ? false : (seen.add(`${e.line}\u0000${e.reason}`), true)));
      const lines = new Set(unique.map((e) => e.line)).size;
      const listed = unique.slice(0, MAX_LISTED_ROW_ERRORS);
      throw new ImportRefusedError(
        `${plural(lines, "row")} cannot be imported, so nothing was imported${unique.length > listed.length ? ` (the first ${listed.length} problems are listed)` : ""}`,
        listed,
      );
    }

    // Written in the order of the unique key: concurrent imports then lock rows in the same order.
    const ordered = [...resolved].sort((a, b) => compareKeys(a, b));
    const counts = await this.db.transaction((tx) => this.write(tx, ordered));
    const days = resolved.map((r) => r.date).sort();
    return {
      format: parsed.format,
      encoding: parsed.encoding,
      rows: parsed.rows,
      values: resolved.length,
      ...counts,
      first: days[0] ?? null,
      last: days[days.length - 1] ?? null,
      notes: notes.slice(0, MAX_LISTED_ROW_ERRORS),
    };
  }

  /** The account of every page id the values name, among the scope's accounts. */
  private async pageOwners(values: readonly DraftValue[], accounts: readonly Account[]): Promise<Map<string, string>> {
    const ids = [...new Set(values.map((v) => v.page).filter((p): p is string => typeof p === "string"))];
    if (ids.length === 0) return new Map();
    const res = await this.db.query<{ id: string; bag_id: string }>(
      "SELECT id, bag_id FROM pages WHERE id = ANY($1::text[]) AND bag_id = ANY($2::text[])", [ids, accounts.map((a) => a.id)],
    );
    return new Map(res.rows.map((r) => [r.id, r.bag_id]));
  }

  private resolve(
    v: DraftValue,
    ctx: {
      callerAccount: Account | undefined; callerPage: string | null; byId: Map<string, Account>;
      pageOwner: Map<string, string>; source: ImportFormat; isCli: boolean;
    },
  ): Resolved | string {
    let account = ctx.callerAccount;
    if (v.account !== undefined) {
      if (ctx.callerAccount && v.account !== ctx.callerAccount.id) {
        return `account_id: ${v.account} is not the account chosen for the import (${ctx.callerAccount.id})`;
      }
      account = ctx.byId.get(v.account);
      if (!account) return ctx.isCli ? `account_id: no account "${v.account}"` : `account_id: "${v.account}" is not an account of your brands`;
    }
    if (!account) return "account_id: is empty, and no account was chosen for the import";
    let page: string | null;
    if (v.page === undefined) page = ctx.callerPage;
    else if (v.page === null) page = null;
    else {
      if (ctx.pageOwner.get(v.page) !== account.id) return `page_id: "${v.page}" is not a page of account ${account.id}`;
      page = v.page;
    }
    const scopeKey = page ?? account.id;
    return {
      line: v.line, account, page, plan: v.plan, metric: v.metric, date: v.date, value: v.value,
      sourceKey: v.subKey === null ? scopeKey : `${scopeKey}|${v.subKey}`,
      source: ctx.source,
    };
  }

  /** Writes the values (upsert) and removes the demo values they replace; in the caller's transaction. */
  private async write(tx: Queryable, rows: readonly Resolved[]): Promise<{ inserted: number; updated: number; unchanged: number; demoRemoved: number }> {
    let inserted = 0;
    let updated = 0;
    for (let i = 0; i < rows.length; i += WRITE_BATCH) {
      const batch = rows.slice(i, i + WRITE_BATCH);
      const res = await tx.query<{ inserted: boolean }>(WRITE_SQL, [
        batch.map((r) => r.account.brand_id), batch.map((r) => r.account.id), batch.map((r) => r.page), batch.map((r) => r.account.channel),
        batch.map((r) => r.plan), batch.map((r) => r.metric), batch.map((r) => r.date), batch.map((r) => r.value),
        batch.map((r) => r.source), batch.map((r) => r.sourceKey),
      ]);
      for (const row of res.rows) {
        if (row.inserted) inserted++;
        else updated++;
      }
    }
    // Real figures replace the demo series of the same account (and page), plan and metric on
    // every day, so that a chart never mixes invented and real numbers.
    let demoRemoved = 0;
    const groups = new Map<string, { account: Account; page: string | null; plan: MetricPlan; metrics: Set<MetricKey> }>();
    for (const r of rows) {
      const k = `${r.account.id}\u0000${r.page ?? ""}\u0000${r.plan}`;
      const g = groups.get(k) ?? { account: r.account, page: r.page, plan: r.plan, metrics: new Set<MetricKey>() };
      g.metrics.add(r.metric);
      groups.set(k, g);
    }
    for (const g of groups.values()) {
      const res = await tx.query(
        `DELETE FROM metrics WHERE source = 'demo' AND brand_id = $1 AND channel = $2 AND bag_id = $3 AND plan = $4
            AND metric = ANY($5::text[]) AND ($6::text IS NULL OR page_id IS NULL OR page_id = $6)`,
        [g.account.brand_id, g.account.channel, g.account.id, g.plan, [...g.metrics], g.page],
      );
      demoRemoved += res.affectedRows;
    }
    // Paid figures of an account written here replace, day by day and metric by metric, those an
    // ads import made from its ad days (key '<account>|ads', docs/ads-import.md): the last import
    // of a day wins, and KPI progress never counts a day's spend twice.
    const adsDays = new Map<string, { account: Account; days: string[]; metrics: string[] }>();
    for (const r of rows) {
      if (r.plan !== "ads") continue;
      const g = adsDays.get(r.account.id) ?? { account: r.account, days: [], metrics: [] };
      g.days.push(r.date);
      g.metrics.push(r.metric);
      adsDays.set(r.account.id, g);
    }
    for (const g of adsDays.values()) {
      await tx.query(
        `DELETE FROM metrics m USING unnest($3::date[], $4::text[]) AS w(day, metric)
          WHERE m.plan = 'ads' AND m.source_key = $2 || '|ads' AND m.brand_id = $1 AND m.day = w.day AND m.metric = w.metric`,
        [g.account.brand_id, g.account.id, g.days, g.metrics],
      );
    }
    return { inserted, updated, unchanged: rows.length - inserted - updated, demoRemoved };
  }

  /**
   * Totals and daily series per plan and metric over a range, for the user's brands only.
   *
   * @throws ServiceError forbidden when the brand is not one of the user's
   */
  async summary(userId: number, q: MetricsSummaryRequest): Promise<MetricsSummary> {
    const brands = (await this.db.query<{ id: number; name: string }>(
      "SELECT b.id, b.name FROM user_brands ub JOIN brands b ON b.id = ub.brand_id WHERE ub.user_id = $1 ORDER BY b.name", [userId],
    )).rows;
    let chosen = brands;
    if (q.brand !== undefined && q.brand !== "") {
      chosen = brands.filter((b) => b.name === q.brand);
      if (chosen.length === 0) throw new ServiceError("forbidden", `"${q.brand}" is not one of your brands`, { field: "brand" });
    }
    const channel = q.channel ?? "All Channel";
    const res = chosen.length === 0 ? { rows: [] } : await this.db.query<{ plan: MetricPlan; metric: MetricKey; day: string; value: number }>(
      `SELECT plan, metric, to_char(day, 'YYYY-MM-DD') AS day, sum(value)::float8 AS value
         FROM metrics
        WHERE brand_id = ANY($1::int[]) AND channel = ANY($2::text[]) AND day BETWEEN $3::date AND $4::date
          AND (cardinality($5::text[]) = 0 OR bag_id = ANY($5::text[]))
          AND (cardinality($6::text[]) = 0 OR plan = 'ads' OR page_id = ANY($6::text[]))
        GROUP BY plan, metric, day
        ORDER BY plan, metric, day`,
      [chosen.map((b) => b.id), CHANNEL_VALUES[channel], q.start, q.end, splitIds(q.bags), splitIds(q.pages)],
    );
    const series = (plan: MetricPlan): MetricSeries[] =>
      PLAN_METRICS[plan].map((metric) => {
        const points = res.rows.filter((r) => r.plan === plan && r.metric === metric).map((r) => ({ date: r.day, value: Number(r.value) }));
        const total = Math.round(points.reduce((s, p) => s + p.value, 0) * 100) / 100;
        return { metric, total, days: points.length, last: points[points.length - 1]?.date ?? null, series: points };
      });
    return { start: q.start, end: q.end, brands: chosen.map((b) => b.name), channel, ma: series("ma"), ads: series("ads") };
  }
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const compareKeys = (a: Resolved, b: Resolved) =>
  cmp(a.plan, b.plan) || cmp(a.sourceKey, b.sourceKey) || cmp(a.date, b.date) || cmp(a.metric, b.metric);

function duplicateReason(format: ImportFormat, v: DraftValue, r: Resolved, first: number): string {
  if (format === "meta-ads") {
    const what = v.subKey?.startsWith("ad:") ? `Ad ID ${v.subKey.slice(3)}` : v.subKey?.startsWith("name:") ? "the same campaign, ad set and ad names" : v.subKey?.replace(":", " ") ?? "the same ad";
    return `${what} on ${r.date} is already on line ${first}: export with the Day breakdown only (no age, gender, placement or other breakdown)`;
  }
  if (format === "meta-post") return `post ${v.subKey?.slice(5)} is already on line ${first}`;
  return `${r.metric} of ${r.page ?? r.account.id} (${r.plan}) on ${r.date} is already on line ${first}`;
}
