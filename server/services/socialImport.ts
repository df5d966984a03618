/**
 * Social imports (issue 14): posts and page days from a Meta Business Suite or TikTok Studio
 * export or the documented posts CSV, onto one page of an account (docs/social-import.md). All or
 * nothing: every row is read and checked first, and only a file without a bad row is written, in
 * one transaction. Idempotent: posts are keyed by (page, post id) and page days by (page, day); a
 * row already stored as the file has it is left alone (`unchanged`), a changed one overwritten.
 * Real rows replace the page's demo rows. Knows nothing of HTTP: it takes bytes and ids and
 * throws ServiceError.
 */
import { MAX_LISTED_ROW_ERRORS, type ImportRowIssue } from "../../domain/metrics";
import { bangkokDay } from "../../domain/dates";
import { bangkokSlot } from "../../domain/social";
import type { ImportSocialResult, SocialImportFormat } from "../../domain/socialImport";
import { FileRefusedError, UnreadableFileError, parseSocialFile, type DayDraft, type ParsedSocial, type PostDraft } from "../import/social";
import type { DayMetric } from "../import/social/types";
import type { Queryable, Storage } from "../storage/storage";
import { ServiceError } from "./errors";
import { ImportRefusedError, type ImportScope } from "./metrics";

export { ImportRefusedError } from "./metrics";

/** Largest file a social import takes (a 100,000-row Meta post export is about 40 MB). */
export const SOCIAL_IMPORT_MAX_BYTES = 50 * 1024 * 1024;
/** Rows per statement. */
const WRITE_BATCH = 5_000;

interface Account { id: string; name: string; brand_id: number; brand: string; channel: "facebook" | "tiktok" }

export interface SocialImportTarget {
  /** Account (bag) id; the CLI also takes an account's exact name. */
  readonly account: string;
  readonly page?: string;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const POST_COLUMNS = "published_at, day, weekday, hour, type, caption, permalink, reach, impressions, reactions, comments, shares, saves, link_clicks, video_views, avg_watch_seconds, completion_rate";
// Bangkok's day, weekday (Monday 0) and hour of the instant, as domain/social.ts bangkokSlot gives them.
const WRITE_POSTS = `
INSERT INTO posts AS p (brand_id, bag_id, channel, source, page_id, post_id, ${POST_COLUMNS})
SELECT $1, $2, $3, $4, x.page_id, x.post_id, x.at, (x.at AT TIME ZONE 'Asia/Bangkok')::date,
       extract(isodow FROM x.at AT TIME ZONE 'Asia/Bangkok')::int - 1, extract(hour FROM x.at AT TIME ZONE 'Asia/Bangkok')::int,
       x.type, x.caption, x.permalink, x.reach, x.impressions, x.reactions, x.comments, x.shares, x.saves, x.link_clicks, x.video_views,
       x.avg_watch, x.completion
  FROM (SELECT u.*, to_timestamp(u.ms / 1000.0) AS at
          FROM unnest($5::text[], $6::text[], $7::float8[], $8::text[], $9::text[], $10::text[], $11::int8[], $12::int8[], $13::int8[], $14::int8[],
                      $15::int8[], $16::int8[], $17::int8[], $18::int8[], $19::float4[], $20::float4[])
            AS u(page_id, post_id, ms, type, caption, permalink, reach, impressions, reactions, comments, shares, saves, link_clicks, video_views,
                 avg_watch, completion)) x
ON CONFLICT (page_id, post_id) DO UPDATE
   SET (brand_id, bag_id, channel, source, ${POST_COLUMNS}, updated_at) =
       (EXCLUDED.brand_id, EXCLUDED.bag_id, EXCLUDED.channel, EXCLUDED.source, ${POST_COLUMNS.split(", ").map((c) => `EXCLUDED.${c}`).join(", ")}, now())
 WHERE (p.source, ${POST_COLUMNS.split(", ").map((c) => `p.${c}`).join(", ")}) IS DISTINCT FROM
       (EXCLUDED.source, ${POST_COLUMNS.split(", ").map((c) => `EXCLUDED.${c}`).join(", ")})
RETURNING (xmax = 0) AS inserted`;

/** The page_audience columns each daily layout gives; the others of a stored day are kept. */
const AUDIENCE_COLUMNS: Partial<Record<SocialImportFormat, readonly ("followers" | "follows" | "unfollows" | "page_views")[]>> = {
  "tiktok-overview": ["page_views"],
  "follower-history": ["followers", "follows", "unfollows"],
};

const WRITE_METRICS = `
INSERT INTO metrics AS m (brand_id, bag_id, page_id, channel, plan, metric, day, value, source, source_key)
SELECT $1, $2, $3, $4, 'ma', x.metric, x.day, x.value, $5, $3
  FROM unnest($6::text[], $7::date[], $8::numeric[]) AS x(metric, day, value)
ON CONFLICT (plan, source_key, day, metric) DO UPDATE
   SET value = EXCLUDED.value, source = EXCLUDED.source, updated_at = now()
 WHERE m.value IS DISTINCT FROM EXCLUDED.value OR m.source IS DISTINCT FROM EXCLUDED.source
RETURNING to_char(day, 'YYYY-MM-DD') AS day`;

interface Counts { inserted: number; updated: number; unchanged: number; demoRemoved: number }

export class SocialImportService {
  constructor(private readonly db: Storage, private readonly now: () => Date = () => new Date()) {}

  /** The account the import names, among the scope's. */
  private async accountOf(scope: ImportScope, want: string): Promise<Account> {
    const isCli = !("userId" in scope);
    const rows = "userId" in scope
      ? (await this.db.query<Account>(
        `SELECT g.id, g.name, g.brand_id, b.name AS brand, g.channel
           FROM user_brands ub JOIN brands b ON b.id = ub.brand_id JOIN bags g ON g.brand_id = b.id
          WHERE ub.user_id = $1 AND g.id = $2`, [scope.userId, want],
      )).rows
      : (await this.db.query<Account>(
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

  /**
   * Imports one file onto a page of an account.
   *
   * @throws ImportRefusedError (400, with every bad row and its line) when the file or any row is refused
   * @throws ServiceError forbidden when the account is not one of the user's brands', invalid for a page that is not the account's
   */
  async importFile(bytes: Uint8Array, target: SocialImportTarget, scope: ImportScope): Promise<ImportSocialResult> {
    if (bytes.length > SOCIAL_IMPORT_MAX_BYTES) throw new ServiceError("too_large", `file is larger than ${SOCIAL_IMPORT_MAX_BYTES} bytes`, { field: "file" });
    const want = target.account.trim();
    if (want === "") throw new ServiceError("invalid", "is required: the account the file belongs to", { field: "account" });
    const account = await this.accountOf(scope, want);
    const pages = (await this.db.query<{ id: string }>("SELECT id FROM pages WHERE bag_id = $1 ORDER BY id", [account.id])).rows.map((r) => r.id);
    let page: string | null = null;
    if (target.page !== undefined && target.page.trim() !== "") {
      page = target.page.trim();
      if (!pages.includes(page)) throw new ServiceError("invalid", `"${page}" is not a page of account ${account.id}`, { field: "page" });
    } else if (pages.length === 1) page = pages[0]!;

    const now = this.now();
    const today = bangkokDay(now);
    let parsed: ParsedSocial;
    try {
      parsed = parseSocialFile(bytes, { now, today });
    } catch (err) {
      if (err instanceof FileRefusedError || err instanceof UnreadableFileError) {
        const rows = err.line !== undefined ? [{ line: err.line, reason: err.message }] : [];
        throw new ImportRefusedError(`${err.line !== undefined ? `line ${err.line}: ` : ""}${err.message}`, rows);
      }
      throw err;
    }
    if (parsed.channel !== null && parsed.channel !== account.channel) {
      throw new ServiceError("invalid", `${account.id} is a ${account.channel === "tiktok" ? "TikTok" : "Facebook"} account; ${parsed.label} belongs to a ${parsed.channel === "tiktok" ? "TikTok" : "Facebook"} account`, { field: "account" });
    }

    const errors: ImportRowIssue[] = [...parsed.errors];
    const rowPages = parsed.posts.some((p) => p.page !== undefined);
    if (page === null && (parsed.kind === "days" || parsed.posts.some((p) => p.page === undefined))) {
      throw new ServiceError("invalid", pages.length === 0
        ? `account ${account.id} has no pages to import onto`
        : `is required: account ${account.id} has ${pages.length} pages (${pages.join(", ")}); give the one the file is about`, { field: "page" });
    }
    if (rowPages) {
      for (const p of parsed.posts) if (p.page !== undefined && !pages.includes(p.page)) errors.push({ line: p.line, reason: `page_id: "${p.page}" is not a page of account ${account.id}` });
    }
    if (errors.length > 0) {
      const lines = new Set(errors.map((e) => e.line)).size;
      const listed = [...errors].sort((a, b) => a.line - b.line).slice(0, MAX_LISTED_ROW_ERRORS);
      throw new ImportRefusedError(
        `${plural(lines, "row")} cannot be imported, so nothing was imported${errors.length > listed.length ? ` (the first ${listed.length} problems are listed)` : ""}`,
        listed,
      );
    }

    const db = this.db.background();
    let counts: Counts;
    let dayList: string[];
    let rows: number;
    if (parsed.kind === "posts") {
      const posts = parsed.posts;
      counts = await db.transaction((tx) => this.writePosts(tx, account, parsed.format, posts, page));
      let min = Infinity;
      let max = -Infinity;
      for (const p of posts) {
        if (p.publishedAt < min) min = p.publishedAt;
        if (p.publishedAt > max) max = p.publishedAt;
      }
      dayList = posts.length === 0 ? [] : [bangkokSlot(min).day, bangkokSlot(max).day];
      rows = posts.length;
    } else {
      counts = await db.transaction((tx) => this.writeDays(tx, account, page!, parsed.format, parsed.days));
      dayList = parsed.days.map((d) => d.day);
      rows = parsed.days.length;
    }
    let first: string | null = null;
    let last: string | null = null;
    for (const d of dayList) {
      if (first === null || d < first) first = d;
      if (last === null || d > last) last = d;
    }
    const pageShown = rowPages ? [...new Set(parsed.posts.map((p) => p.page ?? page!))].sort().join(", ") : page!;
    return {
      format: parsed.format, kind: parsed.kind, encoding: parsed.encoding, account: account.id, page: pageShown, rows, ...counts, first, last,
      notes: parsed.notes.slice(0, MAX_LISTED_ROW_ERRORS),
    };
  }

  /** Upserts the posts, after removing the demo posts of their pages; in the caller's transaction. */
  private async writePosts(tx: Queryable, account: Account, format: SocialImportFormat, posts: readonly PostDraft[], page: string | null): Promise<Counts> {
    const pageOf = (p: PostDraft) => p.page ?? page!;
    const pageIds = [...new Set(posts.map(pageOf))];
    const demo = await tx.query("DELETE FROM posts WHERE source = 'demo' AND page_id = ANY($1::text[])", [pageIds]);
    // Written in the order of the key: concurrent imports lock rows in the same order.
    const keyed = posts.map((p) => ({ page: pageOf(p), p }));
    keyed.sort((a, b) => (a.page < b.page ? -1 : a.page > b.page ? 1 : a.p.postId < b.p.postId ? -1 : a.p.postId > b.p.postId ? 1 : 0));
    let inserted = 0;
    let updated = 0;
    for (let i = 0; i < keyed.length; i += WRITE_BATCH) {
      // One pass per batch builds every column (the posts have one shape; no copies of them).
      const n = Math.min(WRITE_BATCH, keyed.length - i);
      const c = Array.from({ length: 16 }, () => new Array<unknown>(n));
      for (let k = 0; k < n; k++) {
        const { page: pg, p } = keyed[i + k]!;
        c[0]![k] = pg; c[1]![k] = p.postId; c[2]![k] = p.publishedAt; c[3]![k] = p.type; c[4]![k] = p.caption; c[5]![k] = p.permalink;
        c[6]![k] = p.reach; c[7]![k] = p.impressions; c[8]![k] = p.reactions; c[9]![k] = p.comments; c[10]![k] = p.shares; c[11]![k] = p.saves;
        c[12]![k] = p.linkClicks; c[13]![k] = p.videoViews; c[14]![k] = p.avgWatchSeconds; c[15]![k] = p.completionRate;
      }
      const res = await tx.query<{ inserted: boolean }>(WRITE_POSTS, [account.brand_id, account.id, account.channel, format, ...c]);
      for (const r of res.rows) {
        if (r.inserted) inserted++;
        else updated++;
      }
    }
    return { inserted, updated, unchanged: posts.length - inserted - updated, demoRemoved: demo.affectedRows };
  }

  /**
   * Upserts the page days (the columns the layout gives; the others of a stored day are kept)
   * and the page's daily metric values, after removing the page's demo audience and the demo
   * values of those metrics; in the caller's transaction.
   */
  private async writeDays(tx: Queryable, account: Account, page: string, format: SocialImportFormat, days: readonly DayDraft[]): Promise<Counts> {
    const cols = AUDIENCE_COLUMNS[format] ?? [];
    const source = format === "follower-history" ? (account.channel === "tiktok" ? "tiktok-followers" : "meta-page") : format;
    const metricsWritten = [...new Set(days.flatMap((d) => Object.keys(d.metrics) as DayMetric[]))];
    let demoRemoved = (await tx.query("DELETE FROM page_audience WHERE source = 'demo' AND page_id = $1", [page])).affectedRows;
    if (metricsWritten.length > 0) {
      demoRemoved += (await tx.query(
        "DELETE FROM metrics WHERE source = 'demo' AND plan = 'ma' AND bag_id = $1 AND page_id = $2 AND metric = ANY($3::text[])",
        [account.id, page, metricsWritten],
      )).affectedRows;
    }
    const sql = `
INSERT INTO page_audience AS a (brand_id, bag_id, page_id, channel, source, day, followers, follows, unfollows, page_views)
SELECT $1, $2, $3, $4, $5, x.* FROM unnest($6::date[], $7::int8[], $8::int8[], $9::int8[], $10::int8[]) AS x
ON CONFLICT (page_id, day) DO UPDATE
   SET (${cols.join(", ")}, updated_at) = ROW(${cols.map((c) => `EXCLUDED.${c}`).join(", ")}, now())
 WHERE (${cols.map((c) => `a.${c}`).join(", ")}, NULL) IS DISTINCT FROM (${cols.map((c) => `EXCLUDED.${c}`).join(", ")}, NULL)
RETURNING to_char(day, 'YYYY-MM-DD') AS day, (xmax = 0) AS inserted`;
    const ordered = [...days].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
    const state = new Map<string, "inserted" | "updated">();
    for (let i = 0; i < ordered.length; i += WRITE_BATCH) {
      const b = ordered.slice(i, i + WRITE_BATCH);
      const res = await tx.query<{ day: string; inserted: boolean }>(sql, [
        account.brand_id, account.id, page, account.channel, source,
        b.map((d) => d.day), b.map((d) => d.followers ?? null), b.map((d) => d.follows ?? null), b.map((d) => d.unfollows ?? null), b.map((d) => d.pageViews ?? null),
      ]);
      for (const r of res.rows) state.set(r.day, r.inserted ? "inserted" : "updated");
      const values = b.flatMap((d) => (Object.entries(d.metrics) as Array<[DayMetric, number]>).map(([metric, value]) => ({ day: d.day, metric, value })));
      if (values.length === 0) continue;
      const changed = await tx.query<{ day: string }>(WRITE_METRICS, [
        account.brand_id, account.id, page, account.channel, source, values.map((v) => v.metric), values.map((v) => v.day), values.map((v) => v.value),
      ]);
      for (const r of changed.rows) if (!state.has(r.day)) state.set(r.day, "updated");
    }
    let inserted = 0;
    let updated = 0;
    for (const s of state.values()) {
      if (s === "inserted") inserted++;
      else updated++;
    }
    return { inserted, updated, unchanged: days.length - inserted - updated, demoRemoved };
  }
}
