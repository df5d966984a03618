/**
 * Ads imports (issue 15): campaigns, ad sets, ads and their daily figures from a Meta Ads Manager
 * or TikTok Ads Manager report or the documented ads CSV, into one ad account of a brand
 * (docs/ads-import.md).
 *
 * - **All or nothing.** Every row is read and checked first; only a file without a bad row is
 *   written, in one transaction. A refused file answers every bad row with its line.
 * - **Idempotent.** Ad days are keyed by (brand, ad, day) and entities by their platform ids; a
 *   row already stored as the file has it is left alone (`unchanged`), a changed one overwritten.
 * - **One source of truth.** The account's daily `metrics` of plan `ads` (what KPI progress reads)
 *   are written in the same statement as the ad days they come from, one set per ad and day under
 *   the key `<account>|ad:<Ad ID>` (the metrics import's key for a Meta Ads report, so that both
 *   imports of the same report write the same rows): spend, impression, reach, click, view, and
 *   the results under conversion, leadgen, inbox or engagement by their result type. A value of
 *   that key and day the ad day no longer gives is removed.
 * - **Real rows replace the demo.** The account's demo campaigns, ad sets, ads, ad days and its
 *   demo `ads` metrics are removed in the same transaction.
 * - After the write, the brand's automation rules are evaluated over the imported days and the
 *   windows after them (`evaluateRulesAfterImport`, server/services/adsRules.ts), and the answer
 *   says how many alerts they raised.
 *
 * Knows nothing of HTTP: it takes bytes and ids and throws ServiceError.
 */
import { addDays } from "../../domain/calendarDays";
import { bangkokDay } from "../../domain/dates";
import type { CampaignStatus } from "../../domain/adsContract";
import type { AdsImportFormat, ImportAdsResult } from "../../domain/adsImport";
import { MAX_LISTED_ROW_ERRORS, type ImportRowIssue } from "../../domain/metrics";
import { FileRefusedError, UnreadableFileError, type AdRowDraft, type AdsFileSummary, type ParseContext } from "../import/ads";
import { OBJECTIVE_RESULT_METRIC, RESULT_KINDS } from "../import/ads/cells";
import { readAdsInThisThread, type AdsFileReading } from "../import/ads/slices";
import type { Queryable, Storage } from "../storage/storage";
import { evaluateRulesAfterImport } from "./adsRules";
import { ServiceError } from "./errors";
import { ImportRefusedError, importAccountOf, type ImportAccount, type ImportScope } from "./metrics";

export { ImportRefusedError } from "./metrics";

/** Largest file an ads import takes (a 100,000-row Meta report with 30 columns is about 35 MB). */
export const ADS_IMPORT_MAX_BYTES = 60 * 1024 * 1024;
/** Ad days per statement. */
const WRITE_BATCH = 5_000;

/** Reads an ads file for an import: in this thread, or (the server) in slices or a worker thread (`server/import/ads/slices.ts`). */
export type AdsFileReader = (bytes: Uint8Array, ctx: ParseContext) => AdsFileReading;

/**
 * Evaluates the brand's automation rules over the days from `first` to `last` (and the windows
 * that reach past them) after an import, as `userId` (null: the CLI); answers how many alerts they raised.
 */
export type AfterAdsImport = (brandId: number, first: string, last: string, userId: number | null) => Promise<number>;

type Account = ImportAccount;

export interface AdsImportTarget {
  /** Account (bag) id; the CLI also takes an account's exact name. */
  readonly account: string;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The ad days of a file as columns (one array per column, one entry per row), the shape the write statement takes. */
class AdDayColumns {
  readonly line: number[] = [];
  readonly adId: string[] = [];
  readonly day: string[] = [];
  readonly campaignId: string[] = [];
  readonly adSetId: string[] = [];
  readonly spend: number[] = [];
  readonly impressions: number[] = [];
  readonly reach: number[] = [];
  readonly clicks: number[] = [];
  readonly videoViews: number[] = [];
  readonly results: number[] = [];
  readonly resultType: (string | null)[] = [];
  readonly purchaseValue: (number | null)[] = [];

  get size(): number {
    return this.line.length;
  }

  add(r: AdRowDraft): void {
    this.line.push(r.line);
    this.adId.push(r.adId);
    this.day.push(r.day);
    this.campaignId.push(r.campaignId);
    this.adSetId.push(r.adSetId);
    this.spend.push(r.spendSatang);
    this.impressions.push(r.impressions);
    this.reach.push(r.reach);
    this.clicks.push(r.clicks);
    this.videoViews.push(r.videoViews);
    this.results.push(r.results);
    this.resultType.push(r.resultType);
    this.purchaseValue.push(r.purchaseValueSatang);
  }
}

/** One batch of ad days upserted into `ad_days`; answers how many were inserted and how many updated. */
const WRITE_DAYS = `
WITH d AS (
  INSERT INTO ad_days AS a (brand_id, bag_id, channel, campaign_id, ad_set_id, ad_id, day, spend_satang, impressions, reach, clicks, video_views,
                            results, result_type, purchase_value_satang, source)
  SELECT $1, $2, $3, x.campaign_id, x.ad_set_id, x.ad_id, x.day, x.spend, x.impressions, x.reach, x.clicks, x.video_views, x.results, x.result_type,
         x.purchase_value, $4
    FROM unnest($5::text[], $6::date[], $7::text[], $8::text[], $9::int8[], $10::int8[], $11::int8[], $12::int8[], $13::int8[], $14::int8[],
                $15::text[], $16::int8[])
      AS x(ad_id, day, campaign_id, ad_set_id, spend, impressions, reach, clicks, video_views, results, result_type, purchase_value)
  ON CONFLICT (brand_id, ad_id, day) DO UPDATE
     SET (bag_id, channel, campaign_id, ad_set_id, spend_satang, impressions, reach, clicks, video_views, results, result_type, purchase_value_satang,
          source, updated_at) =
         (EXCLUDED.bag_id, EXCLUDED.channel, EXCLUDED.campaign_id, EXCLUDED.ad_set_id, EXCLUDED.spend_satang, EXCLUDED.impressions, EXCLUDED.reach,
          EXCLUDED.clicks, EXCLUDED.video_views, EXCLUDED.results, EXCLUDED.result_type, EXCLUDED.purchase_value_satang, EXCLUDED.source, now())
   WHERE (a.bag_id, a.channel, a.campaign_id, a.ad_set_id, a.spend_satang, a.impressions, a.reach, a.clicks, a.video_views, a.results, a.result_type,
          a.purchase_value_satang, a.source) IS DISTINCT FROM
         (EXCLUDED.bag_id, EXCLUDED.channel, EXCLUDED.campaign_id, EXCLUDED.ad_set_id, EXCLUDED.spend_satang, EXCLUDED.impressions, EXCLUDED.reach,
          EXCLUDED.clicks, EXCLUDED.video_views, EXCLUDED.results, EXCLUDED.result_type, EXCLUDED.purchase_value_satang, EXCLUDED.source)
  RETURNING (xmax = 0) AS inserted
)
SELECT count(*) FILTER (WHERE inserted)::int AS inserted, count(*) FILTER (WHERE NOT inserted)::int AS updated FROM d`;

const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The KPI metric an ad day's results count for, in SQL (`d`: the ad day, `c`: its campaign), as `resultKindOf` and OBJECTIVE_RESULT_METRIC tell it. */
const RESULT_METRIC_SQL = `CASE ${RESULT_KINDS.map((k) => `WHEN d.result_type ~* ${sqlText(k.pattern.source)} THEN ${k.metric === null ? "NULL" : sqlText(k.metric)}`).join(" ")}
  ELSE CASE c.objective ${Object.entries(OBJECTIVE_RESULT_METRIC).map(([o, m]) => `WHEN ${sqlText(o)} THEN ${sqlText(m)}`).join(" ")} END END`;

/**
 * The account's daily `metrics` of plan ads on the days of the import, made from all of its ad days
 * of those days (those imported before too), under the key `<account>|ads`: spend in baht,
 * impression, reach, click, view, and the results under the metric of their type. Every other ads
 * value of the account on those days goes (one source of truth: a metrics import's values of the
 * same days, a metric no ad day gives any more). Answers the values written and removed.
 */
const WRITE_METRICS = `
WITH t AS (SELECT DISTINCT day FROM unnest($5::date[]) AS t(day)),
g AS (
  SELECT d.day, d.campaign_id, d.result_type, sum(d.spend_satang) AS spend_satang, sum(d.impressions) AS impressions, sum(d.reach) AS reach,
         sum(d.clicks) AS clicks, sum(d.video_views) AS video_views, sum(d.results) AS results
    FROM ad_days d JOIN t ON t.day = d.day
   WHERE d.bag_id = $2
   GROUP BY d.day, d.campaign_id, d.result_type
),
r AS (
  SELECT d.*, ${RESULT_METRIC_SQL} AS result_metric FROM g d LEFT JOIN ad_campaigns c ON c.brand_id = $1 AND c.id = d.campaign_id
),
v AS (
  SELECT r.day, x.metric, sum(x.value) AS value
    FROM r CROSS JOIN LATERAL (VALUES ('spend', r.spend_satang::numeric / 100), ('impression', r.impressions::numeric), ('reach', r.reach::numeric),
                                      ('click', r.clicks::numeric), ('view', r.video_views::numeric), (r.result_metric, r.results::numeric)) AS x(metric, value)
   WHERE x.metric IS NOT NULL
   GROUP BY r.day, x.metric
),
w AS (
  INSERT INTO metrics AS m (brand_id, bag_id, page_id, channel, plan, metric, day, value, source, source_key)
  SELECT $1, $2, NULL, $3, 'ads', v.metric, v.day, v.value, $4, $2 || '|ads' FROM v ORDER BY v.day, v.metric
  ON CONFLICT (plan, source_key, day, metric) DO UPDATE
     SET value = EXCLUDED.value, source = EXCLUDED.source, updated_at = now()
   WHERE (m.value, m.source) IS DISTINCT FROM (EXCLUDED.value, EXCLUDED.source)
  RETURNING 1
),
s AS (
  DELETE FROM metrics m USING t
   WHERE m.brand_id = $1 AND m.channel = $3 AND m.day = t.day AND m.bag_id = $2 AND m.plan = 'ads'
     AND (m.source_key <> $2 || '|ads' OR NOT EXISTS (SELECT 1 FROM v WHERE v.day = m.day AND v.metric = m.metric))
  RETURNING 1
)
SELECT (SELECT count(*) FROM w)::int AS written, (SELECT count(*) FROM s)::int AS removed`;

const UPSERT_CAMPAIGNS = `
INSERT INTO ad_campaigns AS c (brand_id, bag_id, channel, id, name, objective, status, start_day, stop_day, source)
SELECT $1, $2, $3, x.* , $4 FROM unnest($5::text[], $6::text[], $7::text[], $8::text[], $9::date[], $10::date[]) AS x
ON CONFLICT (brand_id, id) DO UPDATE
   SET (bag_id, channel, name, objective, status, start_day, stop_day, source, updated_at) =
       (EXCLUDED.bag_id, EXCLUDED.channel, EXCLUDED.name, EXCLUDED.objective, EXCLUDED.status, EXCLUDED.start_day, EXCLUDED.stop_day, EXCLUDED.source, now())
 WHERE (c.bag_id, c.channel, c.name, c.objective, c.status, c.start_day, c.stop_day, c.source) IS DISTINCT FROM
       (EXCLUDED.bag_id, EXCLUDED.channel, EXCLUDED.name, EXCLUDED.objective, EXCLUDED.status, EXCLUDED.start_day, EXCLUDED.stop_day, EXCLUDED.source)`;

/** Ad sets: a budget or goal the file does not give keeps the stored one. */
const UPSERT_AD_SETS = `
INSERT INTO ad_sets AS s (brand_id, bag_id, campaign_id, id, name, budget_satang, budget_kind, optimisation_goal, source)
SELECT $1, $2, x.*, $3 FROM unnest($4::text[], $5::text[], $6::text[], $7::int8[], $8::text[], $9::text[]) AS x
ON CONFLICT (brand_id, id) DO UPDATE
   SET (bag_id, campaign_id, name, budget_satang, budget_kind, optimisation_goal, source, updated_at) =
       (EXCLUDED.bag_id, EXCLUDED.campaign_id, EXCLUDED.name, COALESCE(EXCLUDED.budget_satang, s.budget_satang),
        CASE WHEN EXCLUDED.budget_satang IS NULL THEN s.budget_kind ELSE EXCLUDED.budget_kind END,
        COALESCE(EXCLUDED.optimisation_goal, s.optimisation_goal), EXCLUDED.source, now())
 WHERE (s.bag_id, s.campaign_id, s.name, s.source) IS DISTINCT FROM (EXCLUDED.bag_id, EXCLUDED.campaign_id, EXCLUDED.name, EXCLUDED.source)
    OR (EXCLUDED.budget_satang IS NOT NULL AND (s.budget_satang, s.budget_kind) IS DISTINCT FROM (EXCLUDED.budget_satang, EXCLUDED.budget_kind))
    OR (EXCLUDED.optimisation_goal IS NOT NULL AND s.optimisation_goal IS DISTINCT FROM EXCLUDED.optimisation_goal)`;

const UPSERT_ADS = `
INSERT INTO ads AS a (brand_id, bag_id, campaign_id, ad_set_id, id, name, format, source)
SELECT $1, $2, x.*, $3 FROM unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::text[]) AS x
ON CONFLICT (brand_id, id) DO UPDATE
   SET (bag_id, campaign_id, ad_set_id, name, format, source, updated_at) =
       (EXCLUDED.bag_id, EXCLUDED.campaign_id, EXCLUDED.ad_set_id, EXCLUDED.name, COALESCE(EXCLUDED.format, a.format), EXCLUDED.source, now())
 WHERE (a.bag_id, a.campaign_id, a.ad_set_id, a.name, a.source) IS DISTINCT FROM
       (EXCLUDED.bag_id, EXCLUDED.campaign_id, EXCLUDED.ad_set_id, EXCLUDED.name, EXCLUDED.source)
    OR (EXCLUDED.format IS NOT NULL AND a.format IS DISTINCT FROM EXCLUDED.format)`;

/** A file refused as a whole (unreadable, not an ads file) as the import's refusal, with its line. */
function refuseUnreadable(err: unknown): never {
  if (err instanceof FileRefusedError || err instanceof UnreadableFileError) {
    const rows = err.line !== undefined ? [{ line: err.line, reason: err.message }] : [];
    throw new ImportRefusedError(`${err.line !== undefined ? `line ${err.line}: ` : ""}${err.message}`, rows);
  }
  throw err;
}

function refuseRows(errors: readonly ImportRowIssue[]): never {
  const seen = new Set<string>();
  const unique = [...errors]
    .sort((a, b) => a.line - b.line)
    .filter((e) => (seen.has(`${e.line}\u0000${e.reason}`) ? false : (seen.add(`${e.line}\u0000${e.reason}`), true)));
  const lines = new Set(unique.map((e) => e.line)).size;
  const listed = unique.slice(0, MAX_LISTED_ROW_ERRORS);
  throw new ImportRefusedError(
    `${plural(lines, "row")} cannot be imported, so nothing was imported${unique.length > listed.length ? ` (the first ${listed.length} problems are listed)` : ""}`,
    listed,
  );
}

const channelName = (c: "facebook" | "tiktok") => (c === "tiktok" ? "TikTok" : "Facebook");

export class AdsImportService {
  constructor(
    private readonly db: Storage,
    private readonly now: () => Date = () => new Date(),
    /** How the file is read (the server: in slices, or a workbook in a worker thread, so that it keeps answering meanwhile). */
    private readonly readFile: AdsFileReader = readAdsInThisThread,
    /** Evaluates the brand's rules over the imported days: by default `evaluateRulesAfterImport` (server/services/adsRules.ts). */
    private readonly afterImport: AfterAdsImport = (brandId, first, last, userId) =>
      evaluateRulesAfterImport(db, brandId, first, last, bangkokDay(now()), userId).then((r) => r.alerts),
  ) {}


  /**
   * Imports one file into an ad account.
   *
   * @throws ImportRefusedError (400, with every bad row and its line) when the file or any row is refused
   * @throws ServiceError forbidden when the account is not one of the user's brands', invalid when the file is another platform's
   */
  async importFile(bytes: Uint8Array, target: AdsImportTarget, scope: ImportScope): Promise<ImportAdsResult> {
    if (bytes.length > ADS_IMPORT_MAX_BYTES) throw new ServiceError("too_large", `file is larger than ${ADS_IMPORT_MAX_BYTES} bytes`, { field: "file" });
    const want = target.account.trim();
    if (want === "") throw new ServiceError("invalid", "is required: the ad account the file belongs to", { field: "account" });
    const account = await importAccountOf(this.db, scope, want);
    const today = bangkokDay(this.now());
    const reading = this.readFile(bytes, { today, account: account.id });
    const days = new AdDayColumns();
    let summary: AdsFileSummary;
    try {
      for (;;) {
        const next = await reading.next().catch(refuseUnreadable);
        if (next.done) {
          summary = next.value;
          break;
        }
        for (const r of next.value) days.add(r);
      }
    } finally {
      // Stops the reading (and its worker) when the import ended before the file did.
      await reading.return(undefined as never).catch(() => undefined);
    }
    if (summary.channel !== null && summary.channel !== account.channel) {
      throw new ServiceError("invalid", `${account.id} is a ${channelName(account.channel)} account; ${summary.label} belongs to a ${channelName(summary.channel)} account`, { field: "account" });
    }
    const errors: ImportRowIssue[] = [...summary.errors];
    if (errors.length === 0) errors.push(...(await this.foreignIds(account, summary, days)));
    if (errors.length > 0) refuseRows(errors);

    let first: string | null = null;
    let last: string | null = null;
    for (const d of days.day) {
      if (first === null || d < first) first = d;
      if (last === null || d > last) last = d;
    }
    const notes = [...summary.notes];
    const counts = days.size === 0 && summary.campaigns.length === 0
      ? { inserted: 0, updated: 0, unchanged: 0, demoRemoved: 0 }
      : await this.db.background().transaction((tx) => this.write(tx, account, summary, days, today)).then(({ counts: c, removedMetrics }) => {
        if (removedMetrics > 0) {
          notes.push({ line: 0, reason: `${plural(removedMetrics, "other ads metric value")} of the account on these days removed: its ad days are its figures now (a metrics import's values, a result no ad day counts any more)` });
        }
        return c;
      });
    let alerts = 0;
    if (first !== null && last !== null) {
      try {
        alerts = await this.afterImport(account.brand_id, first, last, "userId" in scope ? scope.userId : null);
      } catch (err) {
        // The import is written; the rules are evaluated again on demand and at the next import.
        console.error(`[error] ads import into ${account.id}: evaluating the rules failed:`, err instanceof Error ? err.message : err);
        notes.push({ line: 0, reason: "the figures were imported, but the automation rules could not be evaluated: evaluate them again on the Ads page" });
      }
    }
    return {
      format: summary.format, encoding: summary.encoding, account: account.id, rows: days.size,
      campaigns: summary.campaigns.length, adSets: summary.adSets.length, ads: summary.ads.length,
      ...counts, first, last, alerts, notes: notes.slice(0, MAX_LISTED_ROW_ERRORS),
    };
  }

  /**
   * Ids of the file that the brand already has in another of its accounts (ids are unique within a
   * brand): each refuses the first row that gives it.
   */
  private async foreignIds(account: Account, summary: AdsFileSummary, days: AdDayColumns): Promise<ImportRowIssue[]> {
    const lineOf = (pick: (i: number) => string, id: string) => {
      for (let i = 0; i < days.size; i++) if (pick(i) === id) return days.line[i]!;
      return 0;
    };
    const found: ImportRowIssue[] = [];
    const check = async (table: "ad_campaigns" | "ad_sets" | "ads", ids: readonly string[], what: string, column: string[]) => {
      if (ids.length === 0) return;
      const res = await this.db.query<{ id: string; bag_id: string }>(
        `SELECT id, bag_id FROM ${table} WHERE brand_id = $1 AND id = ANY($2::text[]) AND bag_id <> $3 ORDER BY id LIMIT ${MAX_LISTED_ROW_ERRORS}`,
        [account.brand_id, ids, account.id],
      );
      for (const r of res.rows) {
        found.push({ line: lineOf((i) => column[i]!, r.id), reason: `${what} ${r.id} belongs to another account of ${account.brand} (${r.bag_id}): import the file into that account` });
      }
    };
    await check("ad_campaigns", summary.campaigns.map((c) => c.id), "campaign", days.campaignId);
    await check("ad_sets", summary.adSets.map((s) => s.id), "ad set", days.adSetId);
    await check("ads", summary.ads.map((a) => a.id), "ad", days.adId);
    return found;
  }

  /** Writes the file (its rows already checked) in the caller's transaction. */
  private async write(tx: Queryable, account: Account, summary: AdsFileSummary, days: AdDayColumns, today: string) {
    const source: AdsImportFormat = summary.format;
    const brand = account.brand_id;
    // Real figures replace the account's demo: entities, ad days and the daily metrics of plan ads.
    let demoRemoved = (await tx.query("DELETE FROM ad_days WHERE bag_id = $1 AND source = 'demo'", [account.id])).affectedRows;
    demoRemoved += (await tx.query("DELETE FROM metrics WHERE bag_id = $1 AND plan = 'ads' AND source = 'demo'", [account.id])).affectedRows;
    for (const table of ["ads", "ad_sets", "ad_campaigns"]) await tx.query(`DELETE FROM ${table} WHERE bag_id = $1 AND source = 'demo'`, [account.id]);

    // Campaigns: a status the file does not give is told by the campaign's days, stored and imported.
    const span = new Map<string, { first: string; last: string }>();
    for (let i = 0; i < days.size; i++) {
      const c = days.campaignId[i]!;
      const d = days.day[i]!;
      const s = span.get(c);
      if (!s) span.set(c, { first: d, last: d });
      else {
        if (d < s.first) s.first = d;
        if (d > s.last) s.last = d;
      }
    }
    const ids = summary.campaigns.map((c) => c.id);
    const stored = await tx.query<{ campaign_id: string; first: string; last: string }>(
      `SELECT campaign_id, to_char(min(day), 'YYYY-MM-DD') AS first, to_char(max(day), 'YYYY-MM-DD') AS last
         FROM ad_days WHERE bag_id = $1 AND campaign_id = ANY($2::text[]) GROUP BY campaign_id`, [account.id, ids],
    );
    for (const r of stored.rows) {
      const s = span.get(r.campaign_id);
      if (!s) span.set(r.campaign_id, { first: r.first, last: r.last });
      else span.set(r.campaign_id, { first: r.first < s.first ? r.first : s.first, last: r.last > s.last ? r.last : s.last });
    }
    const recent = addDays(today, -1);
    const campaigns = [...summary.campaigns].sort((a, b) => (a.id < b.id ? -1 : 1)).map((c) => {
      const s = span.get(c.id);
      const status: CampaignStatus = c.status ?? (s && s.last >= recent ? "active" : "ended");
      return { ...c, status, start: s?.first ?? null, stop: status === "ended" ? (s?.last ?? null) : null };
    });
    await tx.query(UPSERT_CAMPAIGNS, [
      brand, account.id, account.channel, source, campaigns.map((c) => c.id), campaigns.map((c) => c.name), campaigns.map((c) => c.objective),
      campaigns.map((c) => c.status), campaigns.map((c) => c.start), campaigns.map((c) => c.stop),
    ]);
    const sets = [...summary.adSets].sort((a, b) => (a.id < b.id ? -1 : 1));
    await tx.query(UPSERT_AD_SETS, [
      brand, account.id, source, sets.map((s) => s.campaignId), sets.map((s) => s.id), sets.map((s) => s.name), sets.map((s) => s.budgetSatang),
      sets.map((s) => s.budgetKind), sets.map((s) => s.optimisationGoal),
    ]);
    const ads = [...summary.ads].sort((a, b) => (a.id < b.id ? -1 : 1));
    await tx.query(UPSERT_ADS, [
      brand, account.id, source, ads.map((a) => a.campaignId), ads.map((a) => a.adSetId), ads.map((a) => a.id), ads.map((a) => a.name), ads.map((a) => a.format),
    ]);

    // Ad days in the order of their key: concurrent imports on PostgreSQL then lock rows in the same order.
    const order = Array.from({ length: days.size }, (_, i) => i).sort((a, b) => {
      const x = days.adId[a]!;
      const y = days.adId[b]!;
      if (x !== y) return x < y ? -1 : 1;
      return days.day[a]! < days.day[b]! ? -1 : days.day[a]! > days.day[b]! ? 1 : 0;
    });
    let inserted = 0;
    let updated = 0;
    for (let i = 0; i < order.length; i += WRITE_BATCH) {
      const b = order.slice(i, i + WRITE_BATCH);
      const col = <T>(c: readonly T[]) => b.map((k) => c[k]!);
      const res = await tx.query<{ inserted: number; updated: number }>(WRITE_DAYS, [
        brand, account.id, account.channel, source,
        col(days.adId), col(days.day), col(days.campaignId), col(days.adSetId), col(days.spend), col(days.impressions), col(days.reach),
        col(days.clicks), col(days.videoViews), col(days.results), b.map((k) => days.resultType[k] ?? null), b.map((k) => days.purchaseValue[k] ?? null),
      ]);
      inserted += res.rows[0]!.inserted;
      updated += res.rows[0]!.updated;
    }

    // Days stored before under an ad's earlier campaign or ad set (a report without ids, then one
    // with them) follow the ad; campaigns and ad sets of the account left without ads go.
    const adIds = ads.map((a) => a.id);
    await tx.query(
      `UPDATE ad_days d SET campaign_id = a.campaign_id, ad_set_id = a.ad_set_id, updated_at = now()
         FROM ads a WHERE a.brand_id = $1 AND a.id = ANY($2::text[]) AND d.brand_id = $1 AND d.ad_id = a.id
          AND (d.campaign_id, d.ad_set_id) IS DISTINCT FROM (a.campaign_id, a.ad_set_id)`, [brand, adIds],
    );
    await tx.query(
      `DELETE FROM ad_sets s WHERE s.bag_id = $1 AND NOT EXISTS (SELECT 1 FROM ads a WHERE a.brand_id = s.brand_id AND a.ad_set_id = s.id)`, [account.id],
    );
    await tx.query(
      `DELETE FROM ad_campaigns c WHERE c.bag_id = $1 AND NOT EXISTS (SELECT 1 FROM ad_sets s WHERE s.brand_id = c.brand_id AND s.campaign_id = c.id)`, [account.id],
    );
    // The account's ads metrics of those days, from its ad days (after the ads moved: the result metric reads the campaign).
    const m = await tx.query<{ written: number; removed: number }>(WRITE_METRICS, [brand, account.id, account.channel, source, [...new Set(days.day)].sort()]);
    return { counts: { inserted, updated, unchanged: days.size - inserted - updated, demoRemoved }, removedMetrics: m.rows[0]!.removed };
  }
}
