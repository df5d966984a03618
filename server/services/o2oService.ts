/**
 * The built-in o2o visitor analytics service: answers the 13 target paths of the o2o contract
 * (`domain/o2o.ts`, docs/o2o-api.md) for the holder of an o2o token, from the hourly rollups
 * (`O2ORollups`, `o2o_hourly`). No HTTP here: the proxy decodes the request and hands over the
 * decoded payload; `answer` gives back exactly the `data` of the contract.
 *
 * Time: the contract's ranges include both ends (`to` is the last second); the rollup queries
 * take [from, to), so every range is passed on as [from, to + 1). An hour belongs to a range when
 * its start lies in it.
 *
 * Missing measurement is null, never 0 (see `O2ORollups`): a range without any rollup row was not
 * measured; inside a measured range, a group nobody fell into is 0.
 *
 * Cost: every answer is one SQL statement whatever the number of ranges (one LATERAL index range
 * scan per range), plus the token look-up; `freqattention` and a graph's content take two (run
 * together), and a graph one or two per subject asked for.
 */
import {
  AgeBands, BANGKOK_OFFSET_SECONDS, CAMPAIGN_STRUCTURE_PATH, DAY_SECONDS, Emotions, O2O_MAX_UNIX, O2O_MIN_UNIX, Sexes, SexAgeKeys,
  type AgeBand, type DurationCount, type GraphQuery, type GraphResult, type HeatmapPayload, type HeatmapSexAgePayload,
  type O2oDataOf, type O2oPayloadOf, type O2oTargetPath, type UnixRange, type VisitorViewPayload,
} from "../../domain/o2o";
import type { Storage } from "../storage/storage";
import { ServiceError } from "./errors";
import {
  DWELL_BUCKETS, O2ORollups, type AgeBand as RollupAgeBand, type Emotion as RollupEmotion, type RollupFilter, type Totals,
  type UnixRange as HalfOpenRange,
} from "./o2oRollups";

type Db = Pick<Storage, "query">;
type Value = number | null;

/** The contract's age bands in the spelling of the rollups ("0-17" is "<18" there). */
const ROLLUP_AGE: Readonly<Record<AgeBand, RollupAgeBand>> = {
  "0-17": "<18", "18-24": "18-24", "25-34": "25-34", "35-44": "35-44", "45-54": "45-54", "55+": "55+",
};
/** The rollups' emotions (what the built-in camera model reads) in the contract's spelling. */
const CONTRACT_EMOTION: Readonly<Record<RollupEmotion, (typeof Emotions)[number]>> = {
  neutral: "neutral", happy: "happy", surprised: "surprise", sad: "sad", angry: "angry",
};
/**
 * The value given to the people of each dwell bucket but the last ([0,5) [5,15) [15,30) [30,60)):
 * the bucket's middle. The 60+ bucket gets what is left of the measured dwell sum (at least 60).
 */
const DWELL_MIDDLES = [2.5, 10, 22.5, 45] as const;
const DWELL_LAST_MIN = 60;

/** An inclusive contract range as the rollups' [from, to). */
const halfOpen = (r: UnixRange): HalfOpenRange => ({ from: r.from, to: r.to + 1 });
const round1 = (x: number): number => Math.round(x * 10) / 10;
/** a / b rounded to 0.1; null when either is null or b is 0. */
const ratio = (a: Value, b: Value): Value => (a === null || b === null || b === 0 ? null : round1(a / b));

/** The ranges of a visitor_view payload: its `ranges`, or its single span. */
const visitorRanges = (p: VisitorViewPayload): readonly UnixRange[] =>
  "ranges" in p ? p.ranges : [{ from: p.from, to: p.to }];

/** Bangkok weekday of the day starting at `from` (a Bangkok midnight): 0 = Monday … 6 = Sunday. */
const isoWeekday = (from: number): number => (Math.floor((from + BANGKOK_OFFSET_SECONDS) / DAY_SECONDS) + 3) % 7;

/** The buckets of a graph query: the monthly ranges, or `from` cut every `seconds` (the last one clipped to `to`). */
function graphBuckets(q: GraphQuery): UnixRange[] {
  if ("ranges" in q) return [...q.ranges];
  const { interval: { seconds }, from, to } = q;
  const out: UnixRange[] = [];
  for (let start = from; start <= to; start += seconds) out.push({ from: start, to: Math.min(start + seconds - 1, to) });
  return out;
}

/** A handler gets the campaigns the token may read (only `/campaign/structure` needs them) and the payload. */
type Handler<P extends O2oTargetPath> = (campaigns: readonly number[], payload: O2oPayloadOf<P>) => Promise<O2oDataOf<P>>;
type Handlers = { readonly [P in O2oTargetPath]: Handler<P> };

/**
 * Answers the o2o target paths from the built-in rollups.
 *
 * Resolution limits of the built-in camera model and rollups:
 * - `emotion`: the camera model reads five emotions (neutral, happy, surprised, sad, angry);
 *   `surprised` is answered as `surprise`, and `fear` and `disgust` are 0 in every measured range
 *   (never read, so nobody counted), null where the range was not measured.
 * - `freqattention`: the rollups keep dwell time only as five buckets ([0,5) [5,15) [15,30)
 *   [30,60) [60,∞) s) plus the total dwell sum, and attention only as a sum. So the dwell pairs
 *   are one per non-empty bucket, valued 2.5, 10, 22.5 and 45 s for the first four, and for 60+
 *   the value that makes Σ value·count equal the measured dwell sum, but at least 60 (0.1 s);
 *   the attention pairs are a single `{value: attention sum ÷ views, count: views}`. Counts add
 *   up to shows (dwell) and views (attention). Nothing measured: both lists empty.
 */
export class O2OBuiltinService {
  private readonly rollups: O2ORollups;

  constructor(private readonly db: Db) {
    this.rollups = new O2ORollups(db);
  }

  /** Answers one target path for the holder of an o2o token, exactly the `data` of the contract. */
  async answer<P extends O2oTargetPath>(tokenO2O: string, path: P, payload: O2oPayloadOf<P>): Promise<O2oDataOf<P>> {
    const user = await this.user(tokenO2O);
    if (path !== CAMPAIGN_STRUCTURE_PATH) {
      for (const id of (payload as { campaigns?: readonly number[] }).campaigns ?? []) {
        if (!user.campaigns.has(id)) throw new ServiceError("forbidden", `campaign ${id} is not one of yours`, { field: "payload.campaigns" });
      }
    }
    const handler: Handler<P> = this.handlers[path];
    return handler([...user.campaigns].sort((a, b) => a - b), payload);
  }

  /**
   * The holder of the token (non-empty, exact match) and the campaigns it may read: a user's
   * token reads the user's campaigns and those of the user's brands (issue 17); a brand's token
   * (brands.o2o_token) reads the brand's campaigns.
   */
  private async user(token: string): Promise<{ campaigns: ReadonlySet<number> }> {
    if (typeof token !== "string" || token === "") throw new ServiceError("unauthorized", "the o2o token is not valid");
    const res = await this.db.query<{ found: boolean; campaigns: number[] }>(
      `WITH u AS (SELECT id FROM users WHERE token_o2o = $1 ORDER BY id LIMIT 1),
            b AS (SELECT id FROM brands WHERE o2o_token = $1 AND NOT EXISTS (SELECT 1 FROM u) ORDER BY id LIMIT 1)
       SELECT EXISTS (SELECT 1 FROM u) OR EXISTS (SELECT 1 FROM b) AS found,
              array(SELECT uc.campaign_id FROM user_o2o_campaigns uc JOIN u ON u.id = uc.user_id
                    UNION SELECT bo.campaign_id FROM brand_o2o_campaigns bo JOIN user_brands ub ON ub.brand_id = bo.brand_id JOIN u ON u.id = ub.user_id
                    UNION SELECT bo.campaign_id FROM brand_o2o_campaigns bo JOIN b ON b.id = bo.brand_id) AS campaigns`,
      [token],
    );
    const row = res.rows[0];
    if (!row?.found) throw new ServiceError("unauthorized", "the o2o token is not valid");
    return { campaigns: new Set(row.campaigns.map(Number)) };
  }

  private readonly handlers: Handlers = {
    "/stats/visitor_view/audience": async (_u, p) => {
      const { ranges, totals } = await this.totals(p);
      return { ranges, series: { shows: totals.map((t) => t.shows), views: totals.map((t) => t.views) } };
    },
    "/stats/visitor_view/engagement": async (_u, p) => {
      const { ranges, totals } = await this.totals(p);
      return { ranges, series: { leads: totals.map((t) => t.leads), bounced: totals.map((t) => t.bounced) } };
    },
    "/stats/visitor_view/attention": async (_u, p) => {
      const { ranges, totals } = await this.totals(p);
      return {
        ranges,
        series: {
          dwell_seconds: totals.map((t) => ratio(t.dwellSum, t.shows)),
          attention_seconds: totals.map((t) => ratio(t.attentionSum, t.views)),
        },
      };
    },
    "/stats/visitor_view/sex": async (_u, p) => {
      const ranges = visitorRanges(p);
      const rows = await this.rollups.bySex({ campaigns: p.campaigns, ranges: ranges.map(halfOpen) });
      const series = Object.fromEntries(Sexes.map((s) => [s, rows.map((r) => (r ? r[s].views : null))])) as Record<(typeof Sexes)[number], Value[]>;
      return { ranges, series };
    },
    "/stats/visitor_view/age": async (_u, p) => {
      const ranges = visitorRanges(p);
      const rows = await this.rollups.byAge({ campaigns: p.campaigns, ranges: ranges.map(halfOpen) });
      const series = Object.fromEntries(AgeBands.map((band, a) => [band, rows.map((r) => (r ? r[a]!.views : null))])) as Record<AgeBand, Value[]>;
      return { ranges, series };
    },
    "/stats/visitor_view/sex_age": async (_u, p) => {
      const ranges = visitorRanges(p);
      const rows = await this.rollups.bySexAge({ campaigns: p.campaigns, ranges: ranges.map(halfOpen) });
      const series = Object.fromEntries(SexAgeKeys.map((key) => {
        const [sex, band] = key.split(":") as [(typeof Sexes)[number], AgeBand];
        const a = AgeBands.indexOf(band);
        return [key, rows.map((r) => (r ? r[sex][a]!.views : null))];
      })) as Record<(typeof SexAgeKeys)[number], Value[]>;
      return { ranges, series };
    },
    "/stats/visitor_view/emotion": async (_u, p) => {
      const ranges = visitorRanges(p);
      const rows = await this.rollups.emotions({ campaigns: p.campaigns, ranges: ranges.map(halfOpen) });
      const series = Object.fromEntries(Emotions.map((e) => [e, rows.map((r) => (r ? 0 : null))])) as Record<(typeof Emotions)[number], Value[]>;
      rows.forEach((r, i) => {
        if (!r) return;
        for (const [e, n] of Object.entries(r) as Array<[RollupEmotion, number]>) series[CONTRACT_EMOTION[e]][i] = n;
      });
      return { ranges, series };
    },
    "/stats/visitor_view/freqattention": async (_u, p) => {
      const q = { campaigns: p.campaigns, ranges: visitorRanges(p).map(halfOpen) };
      const [hists, totals] = await Promise.all([this.rollups.dwellHistogram(q), this.rollups.totals(q)]);
      return freqAttention(hists.filter((h) => h !== null).map((h) => DWELL_BUCKETS.map((b) => h[b])), totals);
    },
    "/stats/visitor_view/heatmap": (_u, p) => this.heatmap(p),
    "/stats/visitor_view/heatmap_sex_age": (_u, p) => this.heatmap(p),
    "/stats/visitor_view/heatmap_weeks": async (_u, p) => {
      const { ranges } = await this.heatmap(p);
      const weeks = new Map<number, Value[]>();
      for (const day of ranges) {
        const wd = isoWeekday(day.from);
        const monday = day.from - wd * DAY_SECONDS;
        let cells = weeks.get(monday);
        if (!cells) weeks.set(monday, (cells = new Array<Value>(168).fill(null)));
        day.hours.forEach((v, h) => {
          cells[wd * 24 + h] = v;
        });
      }
      // Only a week around 2000-01-01 or 2100-01-01 reaches outside the contract's times: clipped.
      return {
        weeks: [...weeks].map(([monday, cells]) => ({
          from: Math.max(monday, O2O_MIN_UNIX), to: Math.min(monday + 7 * DAY_SECONDS - 1, O2O_MAX_UNIX), cells,
        })),
      };
    },
    "/campaign/structure": async (campaignIds) => {
      const res = await this.db.query<{ id: number; name: string; content_id: number | null; content_name: string | null }>(
        `SELECT c.id, c.name, k.id AS content_id, k.name AS content_name
           FROM o2o_campaigns c
           LEFT JOIN o2o_contents k ON k.campaign_id = c.id
          WHERE c.id = ANY($1::int[])
          ORDER BY c.id, k.id`,
        [campaignIds],
      );
      const campaigns: Array<{ id: number; name: string; contents: Array<{ id: number; name: string }> }> = [];
      for (const r of res.rows) {
        let c = campaigns.at(-1);
        if (!c || c.id !== Number(r.id)) campaigns.push((c = { id: Number(r.id), name: r.name, contents: [] }));
        if (r.content_id !== null) c.contents.push({ id: Number(r.content_id), name: r.content_name ?? "" });
      }
      return { campaigns };
    },
    "/stats/graph": async (_u, p) => {
      const totalsGraph = async (q: GraphQuery, keys: ReadonlyArray<keyof Totals>): Promise<GraphResult> => {
        const buckets = graphBuckets(q);
        const totals = await this.rollups.totals({ campaigns: p.campaigns, ranges: buckets.map(halfOpen) });
        return { buckets, series: Object.fromEntries(keys.map((k) => [k, totals.map((t) => t[k])])) };
      };
      const [audience, involvement, content] = await Promise.all([
        p.audience ? totalsGraph(p.audience, ["shows", "views"]) : undefined,
        p.involvement ? totalsGraph(p.involvement, ["leads", "bounced"]) : undefined,
        p.content ? this.contentGraph(p.campaigns, graphBuckets(p.content)) : undefined,
      ]);
      return {
        ...(content ? { content } : {}),
        ...(audience ? { audience } : {}),
        ...(involvement ? { involvement } : {}),
      };
    },
  };

  /** Totals per range of a visitor_view payload, with the ranges of the answer. */
  private async totals(p: VisitorViewPayload): Promise<{ ranges: readonly UnixRange[]; totals: Totals[] }> {
    const ranges = visitorRanges(p);
    return { ranges, totals: await this.rollups.totals({ campaigns: p.campaigns, ranges: ranges.map(halfOpen) }) };
  }

  /** `heatmap` and `heatmap_sex_age`: shows by Bangkok hour for each asked day, of one sex and/or age band if asked. */
  private async heatmap(p: HeatmapPayload | HeatmapSexAgePayload): Promise<O2oDataOf<"/stats/visitor_view/heatmap">> {
    const filter: RollupFilter = {
      campaigns: p.campaigns,
      ...("sex" in p && p.sex !== undefined ? { sex: p.sex } : {}),
      ...("age" in p && p.age !== undefined ? { ageBands: [ROLLUP_AGE[p.age]] } : {}),
    };
    const lists = await this.rollups.hoursOfDay({ ...filter, ranges: p.ranges.map(halfOpen) });
    return { ranges: p.ranges.map((r, i) => ({ from: r.from, to: r.to, hours: lists[i]!.shows })) };
  }

  /**
   * The content graph: views per content of the asked campaigns and bucket, every content of the
   * campaigns a key (its id as a string), null where that content has no rows in the bucket.
   */
  private async contentGraph(campaigns: readonly number[], buckets: readonly UnixRange[]): Promise<GraphResult> {
    const [contents, views] = await Promise.all([
      this.db.query<{ id: number }>("SELECT id FROM o2o_contents WHERE campaign_id = ANY($1::int[]) ORDER BY id", [campaigns]),
      this.viewsByContent(campaigns, buckets.map(halfOpen)),
    ]);
    const series: Record<string, Value[]> = {};
    for (const { id } of contents.rows) series[String(id)] = buckets.map((_, i) => views[i]!.get(Number(id)) ?? null);
    return { buckets, series };
  }

  /**
   * Per [from, to) range: views per content (only contents with rows). One statement, a LATERAL
   * index range scan per range on (campaign_id, hour), as in `O2ORollups`.
   */
  private async viewsByContent(campaigns: readonly number[], ranges: readonly HalfOpenRange[]): Promise<Array<Map<number, number>>> {
    const out = ranges.map(() => new Map<number, number>());
    if (ranges.length === 0 || campaigns.length === 0) return out;
    const res = await this.db.query<{ i: number; k: number; views: number }>(
      `SELECT r.i, x.k, x.views
         FROM unnest($2::bigint[], $3::bigint[]) WITH ORDINALITY AS r(f, t, i)
         JOIN LATERAL (
           SELECT h.content_id AS k, sum(h.views)::float8 AS views
             FROM o2o_hourly h
            WHERE h.campaign_id = ANY($1::int[]) AND h.hour >= r.f AND h.hour < r.t
            GROUP BY 1
         ) x ON true`,
      [campaigns, ranges.map((r) => r.from), ranges.map((r) => r.to)],
    );
    for (const r of res.rows) out[Number(r.i) - 1]!.set(Number(r.k), Number(r.views));
    return out;
  }
}

/**
 * `freqattention` from the dwell buckets of the measured ranges (five counts each, in the order
 * [0,5) [5,15) [15,30) [30,60) [60,∞)) and the totals of all ranges; see the class comment.
 */
function freqAttention(buckets: ReadonlyArray<ReadonlyArray<number>>, totals: readonly Totals[]): O2oDataOf<"/stats/visitor_view/freqattention"> {
  if (buckets.length === 0) return { dwell: [], attention: [] };
  const counts = [0, 0, 0, 0, 0];
  for (const b of buckets) b.forEach((n, k) => (counts[k]! += n));
  let dwellSum = 0;
  let attentionSum = 0;
  let views = 0;
  for (const t of totals) {
    dwellSum += t.dwellSum ?? 0;
    attentionSum += t.attentionSum ?? 0;
    views += t.views ?? 0;
  }
  const dwell: DurationCount[] = [];
  let known = 0;
  DWELL_MIDDLES.forEach((value, k) => {
    const count = counts[k]!;
    known += value * count;
    if (count > 0) dwell.push({ value, count });
  });
  const last = counts[4]!;
  if (last > 0) dwell.push({ value: Math.max(DWELL_LAST_MIN, round1((dwellSum - known) / last)), count: last });
  const attention: DurationCount[] = views > 0 ? [{ value: round1(attentionSum / views), count: views }] : [];
  return { dwell, attention };
}
