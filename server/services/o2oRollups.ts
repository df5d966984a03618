/**
 * Queries of the built-in o2o visitor analytics service over the hourly rollups (`o2o_hourly`,
 * migration 005). Independent of any HTTP shape: callers give campaign ids and [from, to) ranges
 * in unix seconds, and get plain numbers back.
 *
 * An hour belongs to a range when its start lies in [from, to): a day given as 00:00:00 to
 * 23:59:59 (spec §9) covers its 24 hours. Every query is one statement whose cost grows with the
 * hours asked for: one index range scan per range on (campaign_id, hour).
 *
 * Missing measurement is null, never zero: a range (or hour of day, or interval) without any row
 * was not measured (store closed, campaign not playing). Inside a measured range a group without
 * rows is 0: the rollups keep no row for a cell where nobody passed.
 */
import type { Storage } from "../storage/storage";
import { BANGKOK_OFFSET_SECONDS, bangkokMonthStart } from "../../domain/o2oConstants";
import { ServiceError } from "./errors";

export const SEXES = ["men", "women"] as const;
export type Sex = (typeof SEXES)[number];
/** Age bands, in the order of `o2o_hourly.age_band` (0…5). */
export const AGE_BANDS = ["<18", "18-24", "25-34", "35-44", "45-54", "55+"] as const;
export type AgeBand = (typeof AGE_BANDS)[number];
/** Dwell-time buckets in seconds: [0,5) [5,15) [15,30) [30,60) [60,∞). */
export const DWELL_BUCKETS = ["0-5", "5-15", "15-30", "30-60", "60+"] as const;
export type DwellBucket = (typeof DWELL_BUCKETS)[number];
export const EMOTIONS = ["neutral", "happy", "surprised", "sad", "angry"] as const;
export type Emotion = (typeof EMOTIONS)[number];

/** Most ranges (or intervals) one query takes. */
export const MAX_RANGES = 1000;

/** [from, to) in unix seconds. */
export interface UnixRange { readonly from: number; readonly to: number }

export interface RollupFilter {
  /** Campaign ids; none = nothing is measured (every answer null). */
  readonly campaigns: readonly number[];
  /** Only these contents of the campaigns; unset or empty = all. A content filter decides what was measured. */
  readonly contents?: readonly number[];
  /** Only this sex; unset = both. Inside a measured range, no one of that sex counts 0. */
  readonly sex?: Sex;
  /** Only these age bands; unset or empty = all. */
  readonly ageBands?: readonly AgeBand[];
}

export interface RollupQuery extends RollupFilter {
  readonly ranges: readonly UnixRange[];
}

export interface Totals {
  readonly shows: number | null;
  readonly views: number | null;
  readonly leads: number | null;
  readonly bounced: number | null;
  /** Seconds viewers looked at the screen, summed. */
  readonly attentionSum: number | null;
  /** Seconds people stayed in front of it, summed. */
  readonly dwellSum: number | null;
}
export const TOTAL_KEYS = ["shows", "views", "leads", "bounced", "attentionSum", "dwellSum"] as const satisfies ReadonlyArray<keyof Totals>;

/** One list of 24 values (Bangkok hours 0…23) per total; null = that hour was not measured. */
export type HourLists = { readonly [K in keyof Totals]: ReadonlyArray<number | null> };

export interface SeriesQuery extends RollupFilter {
  readonly from: number;
  readonly to: number;
  /** "month": Bangkok calendar months; a number: intervals of that many seconds from `from`. */
  readonly interval: "month" | number;
  /** One series in all ("total"), or one per campaign or per content. */
  readonly by?: "total" | "campaign" | "content";
}

export interface Series {
  /** Campaign or content id; null for "total". */
  readonly key: number | null;
  readonly points: readonly Totals[];
}

export interface SeriesResult {
  /** The intervals, clipped to [from, to). */
  readonly intervals: readonly UnixRange[];
  readonly series: readonly Series[];
}

const NULL_TOTALS: Totals = { shows: null, views: null, leads: null, bounced: null, attentionSum: null, dwellSum: null };
const ZERO_TOTALS: Totals = { shows: 0, views: 0, leads: 0, bounced: 0, attentionSum: 0, dwellSum: 0 };

// ----------------------------------------------------------------------------------------------
// SQL. $1 campaigns, $2/$3 range starts and ends, $4 contents, $5 sex (null = both), $6 age bands.
// The content filter is part of the join (it decides what was measured); the sex and age filters
// are inside the sums, so a measured range where nobody of that sex passed sums to 0, not null.

const DEMOGRAPHIC = "(($5::int IS NULL OR h.sex = $5) AND (cardinality($6::int[]) = 0 OR h.age_band = ANY($6::int[])))";
const only = (col: string) => `sum(CASE WHEN ${DEMOGRAPHIC} THEN h.${col} ELSE 0 END)::float8`;
const TOTALS_SQL = `${only("shows")} AS shows, ${only("views")} AS views, ${only("leads")} AS leads, ${only("bounced")} AS bounced,
  ${only("attention_sum")} AS "attentionSum", ${only("dwell_sum")} AS "dwellSum"`;

/**
 * One aggregate per range: a LATERAL subquery, so each range is its own index range scan on
 * (campaign_id, hour). (A plain join of the ranges with the rollups let the planner pick a
 * nested loop over every row of the campaigns for every range: seconds for a month of days.)
 * Without GROUP BY a range without rows still gives one row (sums null); with GROUP BY the
 * LEFT JOIN gives it one row whose group key is null.
 */
const perRange = (select: string, groupBy?: string) => `
SELECT r.i, x.*
  FROM unnest($2::bigint[], $3::bigint[]) WITH ORDINALITY AS r(f, t, i)
  LEFT JOIN LATERAL (
    SELECT ${select}
      FROM o2o_hourly h
     WHERE h.campaign_id = ANY($1::int[]) AND h.hour >= r.f AND h.hour < r.t
       AND (cardinality($4::int[]) = 0 OR h.content_id = ANY($4::int[]))
     ${groupBy ? `GROUP BY ${groupBy}` : ""}
  ) x ON true
 ORDER BY r.i${groupBy ? ", x.k" : ""}`;

const BKK_HOUR = `((h.hour + ${BANGKOK_OFFSET_SECONDS}) / 3600) % 24`;

function checkRanges(ranges: readonly UnixRange[]): void {
  if (ranges.length > MAX_RANGES) throw new ServiceError("invalid", `at most ${MAX_RANGES} ranges`, { field: "ranges" });
  ranges.forEach((r, i) => {
    if (!Number.isSafeInteger(r.from) || !Number.isSafeInteger(r.to)) {
      throw new ServiceError("invalid", "from and to must be whole unix seconds", { field: `ranges.${i}` });
    }
  });
}

function params(f: RollupFilter, ranges: readonly UnixRange[]): unknown[] {
  checkRanges(ranges);
  return [
    f.campaigns.filter(Number.isSafeInteger),
    ranges.map((r) => r.from),
    ranges.map((r) => r.to),
    (f.contents ?? []).filter(Number.isSafeInteger),
    f.sex === undefined ? null : SEXES.indexOf(f.sex),
    (f.ageBands ?? []).map((b) => AGE_BANDS.indexOf(b)).filter((i) => i >= 0),
  ];
}

type TotalsRow = { i: number } & { [K in keyof Totals]: number | null };

const totalsOf = (row: Partial<TotalsRow> | undefined): Totals =>
  row ? { shows: row.shows ?? null, views: row.views ?? null, leads: row.leads ?? null, bounced: row.bounced ?? null, attentionSum: row.attentionSum ?? null, dwellSum: row.dwellSum ?? null } : NULL_TOTALS;

/** Groups rows by range index (1-based in SQL). */
function byRange<R extends { i: number }>(rows: readonly R[], n: number): R[][] {
  const out: R[][] = Array.from({ length: n }, () => []);
  for (const r of rows) out[Number(r.i) - 1]!.push(r);
  return out;
}

export class O2ORollups {
  constructor(private readonly db: Pick<Storage, "query">) {}

  /** Totals per range (shows, views, leads, bounced, attention and dwell sums). */
  async totals(q: RollupQuery): Promise<Totals[]> {
    if (q.ranges.length === 0) return [];
    const res = await this.db.query<TotalsRow>(perRange(TOTALS_SQL), params(q, q.ranges));
    return byRange(res.rows, q.ranges.length).map((rows) => totalsOf(rows[0]));
  }

  /** Totals per range and per sex, per age band, or per sex × age band. */
  private async grouped(q: RollupQuery, by: "sex" | "age_band" | "cell"): Promise<Array<Map<number, Totals> | null>> {
    if (q.ranges.length === 0) return [];
    const key = by === "cell" ? "h.sex * 6 + h.age_band" : `h.${by}`;
    const res = await this.db.query<TotalsRow & { k: number | null }>(
      perRange(`${key} AS k, ${TOTALS_SQL}`, "1"), params(q, q.ranges),
    );
    return byRange(res.rows, q.ranges.length).map((rows) => {
      const measured = rows.filter((r) => r.k !== null);
      if (measured.length === 0) return null;
      return new Map(measured.map((r) => [Number(r.k), totalsOf(r)]));
    });
  }

  /** Per range: men and women; null when the range was not measured. */
  async bySex(q: RollupQuery): Promise<Array<Record<Sex, Totals> | null>> {
    return (await this.grouped(q, "sex")).map((m) => (m ? { men: m.get(0) ?? ZERO_TOTALS, women: m.get(1) ?? ZERO_TOTALS } : null));
  }

  /** Per range: one Totals per age band (in the order of AGE_BANDS); null when not measured. */
  async byAge(q: RollupQuery): Promise<Array<Totals[] | null>> {
    return (await this.grouped(q, "age_band")).map((m) => (m ? AGE_BANDS.map((_, a) => m.get(a) ?? ZERO_TOTALS) : null));
  }

  /** Per range: for each sex, one Totals per age band; null when not measured. */
  async bySexAge(q: RollupQuery): Promise<Array<Record<Sex, Totals[]> | null>> {
    return (await this.grouped(q, "cell")).map((m) =>
      m ? { men: AGE_BANDS.map((_, a) => m.get(a) ?? ZERO_TOTALS), women: AGE_BANDS.map((_, a) => m.get(6 + a) ?? ZERO_TOTALS) } : null,
    );
  }

  /** Per range: people by dwell time (they add up to shows); null when not measured. */
  async dwellHistogram(q: RollupQuery): Promise<Array<Record<DwellBucket, number> | null>> {
    const cols = ["dwell_0_5", "dwell_5_15", "dwell_15_30", "dwell_30_60", "dwell_60_plus"];
    const rows = await this.counts(q, cols);
    return rows.map((r) => (r ? Object.fromEntries(DWELL_BUCKETS.map((b, k) => [b, r[k]!])) as Record<DwellBucket, number> : null));
  }

  /** Per range: viewers by dominant emotion (they add up to views); null when not measured. */
  async emotions(q: RollupQuery): Promise<Array<Record<Emotion, number> | null>> {
    const rows = await this.counts(q, EMOTIONS.map((e) => `emo_${e}`));
    return rows.map((r) => (r ? Object.fromEntries(EMOTIONS.map((e, k) => [e, r[k]!])) as Record<Emotion, number> : null));
  }

  private async counts(q: RollupQuery, cols: readonly string[]): Promise<Array<number[] | null>> {
    if (q.ranges.length === 0) return [];
    const res = await this.db.query<{ i: number; c: Array<number | null> }>(
      perRange(`ARRAY[${cols.map((c) => only(c)).join(", ")}] AS c`), params(q, q.ranges),
    );
    return byRange(res.rows, q.ranges.length).map((rows) => {
      const c = rows[0]?.c;
      return c && c[0] !== null ? c.map(Number) : null;
    });
  }

  /**
   * Per range: 24 values per total, by Bangkok hour of day (a range of several days adds its days
   * up hour by hour): the heatmap rows. An hour without any row is null (closed, not measured).
   */
  async hoursOfDay(q: RollupQuery): Promise<HourLists[]> {
    if (q.ranges.length === 0) return [];
    const res = await this.db.query<TotalsRow & { k: number | null }>(
      perRange(`${BKK_HOUR} AS k, ${TOTALS_SQL}`, "1"), params(q, q.ranges),
    );
    return byRange(res.rows, q.ranges.length).map((rows) => {
      const lists = Object.fromEntries(TOTAL_KEYS.map((k) => [k, new Array<number | null>(24).fill(null)])) as { [K in keyof Totals]: Array<number | null> };
      for (const r of rows) {
        if (r.k === null) continue;
        for (const k of TOTAL_KEYS) lists[k][Number(r.k)] = r[k];
      }
      return lists;
    });
  }

  /**
   * Totals per interval over [from, to) (Bangkok calendar months, or fixed seconds from `from`),
   * in all or per campaign or content: the graphs. An interval without rows is null.
   */
  async series(q: SeriesQuery): Promise<SeriesResult> {
    const intervals = seriesIntervals(q.from, q.to, q.interval);
    const by = q.by ?? "total";
    if (intervals.length === 0) return { intervals, series: by === "total" ? [{ key: null, points: [] }] : [] };
    const sql = by === "total"
      ? perRange(TOTALS_SQL)
      : perRange(`${by === "campaign" ? "h.campaign_id" : "h.content_id"} AS k, ${TOTALS_SQL}`, "1");
    const res = await this.db.query<TotalsRow & { k?: number | null }>(sql, params(q, intervals));
    const keys = by === "total" ? [null] : [...new Set(res.rows.filter((r) => r.k !== null).map((r) => Number(r.k)))].sort((a, b) => a - b);
    const series = keys.map((k) => {
      const points: Totals[] = intervals.map(() => NULL_TOTALS);
      for (const r of res.rows) if (k === null || (r.k !== null && Number(r.k) === k)) points[Number(r.i) - 1] = totalsOf(r);
      return { key: k, points };
    });
    return { intervals, series };
  }
}

/** The intervals of a series over [from, to), clipped to it. */
export function seriesIntervals(from: number, to: number, interval: "month" | number): UnixRange[] {
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to)) throw new ServiceError("invalid", "from and to must be whole unix seconds", { field: "from" });
  if (interval !== "month" && (!Number.isSafeInteger(interval) || interval < 3600)) {
    throw new ServiceError("invalid", "interval must be \"month\" or whole seconds, at least 3600", { field: "interval" });
  }
  const out: UnixRange[] = [];
  if (to <= from) return out;
  let start = interval === "month" ? bangkokMonthStart(from) : from;
  while (start < to) {
    const end = interval === "month" ? bangkokMonthStart(start, 1) : start + interval;
    out.push({ from: Math.max(start, from), to: Math.min(end, to) });
    if (out.length > MAX_RANGES) throw new ServiceError("invalid", `at most ${MAX_RANGES} intervals`, { field: "interval" });
    start = end;
  }
  return out;
}
