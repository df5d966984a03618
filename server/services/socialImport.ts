/**
 * Social imports (issue 14): posts and page days from a Meta Business Suite or TikTok Studio
 * export or the documented posts CSV, onto one page of an account (docs/social-import.md). All or
 * nothing: every row is read and checked first, and only a file without a bad row is written, in
 * one transaction. Idempotent: posts are keyed by (page, post id) and page days by (page, day); a
 * row already stored as the file has it is left alone (`unchanged`), a changed one overwritten.
 * Real rows replace the page's demo rows. Knows nothing of HTTP: it takes bytes and ids and
 * throws ServiceError.
 *
 * Speed and memory (docs/social-import.md#speed): the posts are read a chunk at a time and each
 * chunk goes into a staging table of the import as it comes, so a 100,000-row export is never
 * all in memory; the write's transaction then merges the staged posts into `posts` with one
 * statement. On the embedded database (one connection) the staging runs before the transaction,
 * a statement per chunk between other requests' statements, as the orders import stages its
 * orders; on PostgreSQL inside it (a connection of its own, the staging table dropped at commit).
 * The server reads the file in slices on its thread, or a workbook in a worker thread
 * (`server/import/social/slices.ts`), so it keeps answering meanwhile.
 */
import { MAX_LISTED_ROW_ERRORS, type ImportRowIssue } from "../../domain/metrics";
import { bangkokDay } from "../../domain/dates";
import { bangkokSlot } from "../../domain/social";
import type { ImportSocialResult, SocialImportFormat } from "../../domain/socialImport";
import { FileRefusedError, UnreadableFileError, type DayDraft, type ParseContext, type PostDraft, type SocialFileSummary } from "../import/social";
import { readSocialInThisThread, type SocialFileReading } from "../import/social/slices";
import type { DayMetric } from "../import/social/types";
import type { Queryable, Storage } from "../storage/storage";
import { ServiceError } from "./errors";
import { ImportRefusedError, importAccountOf, type ImportAccount, type ImportScope } from "./metrics";

export { ImportRefusedError } from "./metrics";

/** Largest file a social import takes (a 100,000-row Meta post export is about 40 MB). */
export const SOCIAL_IMPORT_MAX_BYTES = 50 * 1024 * 1024;
/** Page days per statement. */
const WRITE_BATCH = 5_000;

/** Reads a social file for an import: in this thread, or (the server) in slices or a worker thread (`server/import/social/slices.ts`). */
export type SocialFileReader = (bytes: Uint8Array, ctx: ParseContext) => SocialFileReading;

type Account = ImportAccount;

export interface SocialImportTarget {
  /** Account (bag) id; the CLI also takes an account's exact name. */
  readonly account: string;
  readonly page?: string;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const POST_COLUMNS = "published_at, day, weekday, hour, type, caption, permalink, reach, impressions, reactions, comments, shares, saves, link_clicks, video_views, avg_watch_seconds, completion_rate";

/** Numbers the staging tables of this process's imports (a temporary table lives as long as its connection). */
let stagingSeq = 0;

/** The staging table of an import's posts: the posts as read, {@link STAGE_BATCH} per statement. */
const CREATE_STAGING = (table: string, dropAtCommit: boolean) => `
CREATE TEMP TABLE ${table} (page_id text, post_id text, published_ms float8, type text, caption text, permalink text, reach int8,
  impressions int8, reactions int8, comments int8, shares int8, saves int8, link_clicks int8, video_views int8, avg_watch float4,
  completion float4)${dropAtCommit ? " ON COMMIT DROP" : ""}`;

/** Posts into the staging table on PostgreSQL: a column per parameter. */
const STAGE_POSTS = (table: string) => `
INSERT INTO ${table}
SELECT * FROM unnest($1::text[], $2::text[], $3::float8[], $4::text[], $5::text[], $6::text[], $7::int8[], $8::int8[], $9::int8[], $10::int8[],
                     $11::int8[], $12::int8[], $13::int8[], $14::int8[], $15::float4[], $16::float4[])`;

/**
 * The staged posts into `posts` (`ordered`: in the order of the key, so that concurrent imports
 * on PostgreSQL lock rows in the same order; the embedded database runs one transaction at a
 * time, and there the sort of 100,000 rows would only cost time and memory), with Bangkok's day, weekday (Monday 0) and hour of the instant, as
 * domain/social.ts bangkokSlot gives them. A stored post with the same figures is left alone.
 * Answers how many were inserted and how many written (inserted or updated).
 */
const MERGE_POSTS = (table: string, ordered: boolean) => `
WITH written AS (
INSERT INTO posts AS p (brand_id, bag_id, channel, source, page_id, post_id, ${POST_COLUMNS})
SELECT $1, $2, $3, $4, x.page_id, x.post_id, x.published_at, (x.published_at AT TIME ZONE 'Asia/Bangkok')::date,
       extract(isodow FROM x.published_at AT TIME ZONE 'Asia/Bangkok')::int - 1, extract(hour FROM x.published_at AT TIME ZONE 'Asia/Bangkok')::int,
       x.type, x.caption, x.permalink, x.reach, x.impressions, x.reactions, x.comments, x.shares, x.saves, x.link_clicks, x.video_views,
       x.avg_watch, x.completion
  FROM (SELECT s.*, to_timestamp(s.published_ms / 1000.0) AS published_at FROM ${table} s) x
 ${ordered ? "ORDER BY x.page_id, x.post_id" : ""}
ON CONFLICT (page_id, post_id) DO UPDATE
   SET (brand_id, bag_id, channel, source, ${POST_COLUMNS}, updated_at) =
       (EXCLUDED.brand_id, EXCLUDED.bag_id, EXCLUDED.channel, EXCLUDED.source, ${POST_COLUMNS.split(", ").map((c) => `EXCLUDED.${c}`).join(", ")}, now())
 WHERE (p.source, ${POST_COLUMNS.split(", ").map((c) => `p.${c}`).join(", ")}) IS DISTINCT FROM
       (EXCLUDED.source, ${POST_COLUMNS.split(", ").map((c) => `EXCLUDED.${c}`).join(", ")})
RETURNING (xmax = 0) AS inserted)
SELECT count(*) FILTER (WHERE inserted)::int AS inserted, count(*)::int AS written FROM written`;

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

/** A file refused as a whole (unreadable, not a social file) as the import's refusal, with its line. */
function refuseUnreadable(err: unknown): never {
  if (err instanceof FileRefusedError || err instanceof UnreadableFileError) {
    const rows = err.line !== undefined ? [{ line: err.line, reason: err.message }] : [];
    throw new ImportRefusedError(`${err.line !== undefined ? `line ${err.line}: ` : ""}${err.message}`, rows);
  }
  throw err;
}

/** Posts per statement that writes them into the import's staging table. */
const STAGE_BATCH = 1000;

/** A post's values in the order of the staging table's columns. */
const stagedValues = (p: PostDraft, page: string | null) => [
  p.page ?? page, p.postId, p.publishedAt, p.type, p.caption, p.permalink, p.reach, p.impressions, p.reactions, p.comments, p.shares, p.saves,
  p.linkClicks, p.videoViews, p.avgWatchSeconds, p.completionRate,
] as const;

/** A text value as COPY's text format writes it (backslash, tab and line breaks escaped). */
const copyText = (v: string) => (/[\\\t\n\r]/.test(v) ? v.replace(/[\\\t\n\r]/g, (c) => (c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r")) : v);

const encoder = new TextEncoder();

/**
 * The posts of the next staging statement. On the embedded database they are written at once
 * as the bytes of a `COPY … FROM '/dev/blob'` (text format), so a post's strings die as soon as
 * it is read: as parameters (a column of strings each, which PGlite turns into array literals)
 * they lived until the statement, long enough for the garbage collector to move them into the
 * old generation, where the 100,000 posts' strings piled up (about 45 MB more at the peak).
 * On PostgreSQL, which has no such COPY here, they are columns of `unnest` parameters.
 */
class StagedPosts {
  private rows = 0;
  private bytes = new Uint8Array(1 << 20);
  private length = 0;
  private columns: unknown[][] = [];

  constructor(private readonly copy: boolean) {}

  get size(): number {
    return this.rows;
  }

  add(p: PostDraft, page: string | null): void {
    const values = stagedValues(p, page);
    this.rows++;
    if (!this.copy) {
      if (this.columns.length === 0) this.columns = values.map(() => []);
      values.forEach((v, i) => this.columns[i]!.push(v));
      return;
    }
    let line = "";
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      line += `${i > 0 ? "\t" : ""}${v === null ? "\\N" : typeof v === "string" ? copyText(v) : String(v)}`;
    }
    line += "\n";
    for (;;) {
      const { read, written } = encoder.encodeInto(line, this.bytes.subarray(this.length));
      if (read === line.length) {
        this.length += written;
        return;
      }
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes.subarray(0, this.length));
      this.bytes = grown;
    }
  }

  /** Writes the posts added so far into the staging table, one statement, and starts again. */
  async flush(q: Queryable, staging: string): Promise<void> {
    if (this.rows === 0) return;
    if (this.copy && q.copyFrom) await q.copyFrom(`COPY ${staging} FROM '/dev/blob'`, this.bytes.subarray(0, this.length));
    else await q.query(STAGE_POSTS(staging), this.columns);
    this.rows = 0;
    this.length = 0;
    this.columns = [];
  }
}

export class SocialImportService {
  constructor(
    private readonly db: Storage,
    private readonly now: () => Date = () => new Date(),
    /** How the file is read (the server: in slices, or a workbook in a worker thread, so that it keeps answering meanwhile). */
    private readonly readFile: SocialFileReader = readSocialInThisThread,
  ) {}


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
    const account = await importAccountOf(this.db, scope, want);
    const pages = (await this.db.query<{ id: string }>("SELECT id FROM pages WHERE bag_id = $1 ORDER BY id", [account.id])).rows.map((r) => r.id);
    let page: string | null = null;
    if (target.page !== undefined && target.page.trim() !== "") {
      page = target.page.trim();
      if (!pages.includes(page)) throw new ServiceError("invalid", `"${page}" is not a page of account ${account.id}`, { field: "page" });
    } else if (pages.length === 1) page = pages[0]!;

    const now = this.now();
    const reading = this.readFile(bytes, { now, today: bangkokDay(now) });
    // Every statement of the import waits for the other requests' (Storage.background). On the
    // embedded database the posts are staged before the write's transaction (which holds the one
    // connection); on PostgreSQL in it.
    const db = this.db.background();
    try {
      return db.kind === "pglite"
        ? await this.readAndWrite(reading, db, (write) => db.transaction(write), false, account, pages, page)
        : await db.transaction((tx) => this.readAndWrite(reading, tx, (write) => write(tx), true, account, pages, page));
    } finally {
      // Stops the reading (and its worker) when the import ended before the file did.
      await reading.return(undefined as never).catch(() => undefined);
    }
  }

  /**
   * Reads the file, staging its posts in `stage` as they come (unless the import is already
   * refused), checks it as a whole, then writes it with `write` (the write's transaction) or
   * refuses it. `inTransaction`: `stage` is the write's transaction (PostgreSQL), which drops the
   * staging table at its end.
   */
  private async readAndWrite(
    reading: SocialFileReading, stage: Queryable, write: <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T>, inTransaction: boolean,
    account: Account, pages: readonly string[], page: string | null,
  ): Promise<ImportSocialResult> {
    const errors: ImportRowIssue[] = [];
    const staging = `social_import_posts_${++stagingSeq}`;
    let staged = false;
    const columns = new StagedPosts(stage.copyFrom !== undefined);
    const flush = async () => {
      if (!staged) {
        await stage.query(CREATE_STAGING(staging, inTransaction));
        staged = true;
      }
      await columns.flush(stage, staging);
    };
    let posts = 0;
    let earliest = Infinity;
    let latest = -Infinity;
    /** The pages the posts are on: those the rows name, and the import's page for the others. */
    const postPages = new Set<string>();
    let rowPages = false;
    let withoutPage = false;
    try {
      let summary: SocialFileSummary;
      for (;;) {
        const next = await reading.next().catch(refuseUnreadable);
        if (next.done) {
          summary = next.value;
          break;
        }
        const chunk = next.value;
        for (const p of chunk) {
          posts++;
          if (p.publishedAt < earliest) earliest = p.publishedAt;
          if (p.publishedAt > latest) latest = p.publishedAt;
          if (p.page !== undefined) {
            rowPages = true;
            postPages.add(p.page);
            if (!pages.includes(p.page)) errors.push({ line: p.line, reason: `page_id: "${p.page}" is not a page of account ${account.id}` });
          } else {
            withoutPage = true;
            if (page !== null) postPages.add(page);
          }
        }
        // A file already refused is read to its end (every bad row is listed), but not staged.
        if (errors.length > 0 || (page === null && withoutPage)) continue;
        for (const p of chunk) columns.add(p, page);
        if (columns.size >= STAGE_BATCH) await flush();
      }
      if (summary.channel !== null && summary.channel !== account.channel) {
        throw new ServiceError("invalid", `${account.id} is a ${account.channel === "tiktok" ? "TikTok" : "Facebook"} account; ${summary.label} belongs to a ${summary.channel === "tiktok" ? "TikTok" : "Facebook"} account`, { field: "account" });
      }
      if (page === null && (summary.kind === "days" || withoutPage)) {
        throw new ServiceError("invalid", pages.length === 0
          ? `account ${account.id} has no pages to import onto`
          : `is required: account ${account.id} has ${pages.length} pages (${pages.join(", ")}); give the one the file is about`, { field: "page" });
      }
      errors.push(...summary.errors);
      if (errors.length > 0) {
        const lines = new Set(errors.map((e) => e.line)).size;
        const listed = [...errors].sort((a, b) => a.line - b.line).slice(0, MAX_LISTED_ROW_ERRORS);
        throw new ImportRefusedError(
          `${plural(lines, "row")} cannot be imported, so nothing was imported${errors.length > listed.length ? ` (the first ${listed.length} problems are listed)` : ""}`,
          listed,
        );
      }

      let counts: Counts;
      let first: string | null = null;
      let last: string | null = null;
      let rows: number;
      if (summary.kind === "posts") {
        const pageIds = [...postPages].sort();
        if (columns.size > 0) await flush();
        counts = staged ? await write((tx) => this.mergePosts(tx, account, summary.format, staging, pageIds, posts)) : { inserted: 0, updated: 0, unchanged: 0, demoRemoved: 0 };

        if (posts > 0) [first, last] = [bangkokSlot(earliest).day, bangkokSlot(latest).day];
        rows = posts;
      } else {
        counts = await write((tx) => this.writeDays(tx, account, page!, summary.format, summary.days));
        for (const { day } of summary.days) {
          if (first === null || day < first) first = day;
          if (last === null || day > last) last = day;
        }
        rows = summary.days.length;
      }
      return {
        format: summary.format, kind: summary.kind, encoding: summary.encoding, account: account.id,
        page: rowPages ? [...postPages].sort().join(", ") : page!, rows, ...counts, first, last,
        notes: summary.notes.slice(0, MAX_LISTED_ROW_ERRORS),
      };
    } finally {
      // On PostgreSQL the transaction's end drops it; on the embedded database it would live as
      // long as the connection. A drop that fails (the database closing) must not hide the
      // import's own error.
      if (staged && !inTransaction) await stage.query(`DROP TABLE IF EXISTS ${staging}`).catch(() => undefined);
    }
  }

  /**
   * Merges the staged posts into `posts` ({@link MERGE_POSTS}), after removing the demo posts of
   * their pages; in the caller's transaction.
   */
  private async mergePosts(tx: Queryable, account: Account, format: SocialImportFormat, staging: string, pageIds: readonly string[], posts: number): Promise<Counts> {
    const demo = await tx.query("DELETE FROM posts WHERE source = 'demo' AND page_id = ANY($1::text[])", [pageIds]);
    const res = await tx.query<{ inserted: number; written: number }>(MERGE_POSTS(staging, this.db.kind !== "pglite"), [account.brand_id, account.id, account.channel, format]);
    const { inserted, written } = res.rows[0]!;
    return { inserted, updated: written - inserted, unchanged: posts - written, demoRemoved: demo.affectedRows };
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
