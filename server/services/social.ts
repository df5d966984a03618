/**
 * Social analytics (issue 14): the figures and the posts of a brand's pages over a range, for the
 * Brand Experience and MA pages. Definitions in domain/social.ts and docs/social.md. Knows nothing
 * of HTTP: it takes ids and requests and throws ServiceError.
 *
 * Speed (budget on the embedded database, 12 months of a demo brand: figures p95 ≤ 100 ms, a page
 * of posts p95 ≤ 50 ms; `npm run bench:social`, docs/social.md#speed). On PGlite the cost is less
 * the scan than handing rows over (about a microsecond per value) and the rows read through an
 * index that does not lead with the page. So:
 * - the figures are three statements, each answering one row of JSON: the posts grouped in the
 *   database (GROUPING SETS: pages, types, heatmap cells, days) with the previous period's
 *   totals; the audience by page and by day, its previous totals and each page's last known
 *   followers per period of the series; the pages' own reach by day. The rest is folded here;
 * - rows are found by page and day (migration 015: posts_page_day, page_audience's primary key),
 *   a bitmap pass over the few blocks each page's rows fill;
 * - a page of posts is chosen on keys and sort columns alone (the total by a window count
 *   beside it), and only its 20 rows are read whole with their Bangkok time and page name.
 * Tipco, 12 months, PGlite, p50 / p95 on a loaded 2-core machine: figures 76 / 110 → 29 / 46 ms,
 * a page of posts 17–18 / 19–24 → 5–9 / 6–13 ms (old and new interleaved in one process).
 */
import { daysInclusive, isDay } from "../../domain/calendarDays";
import { CHANNEL_VALUES } from "../../domain/metrics";
import { previousPeriod, type PreviousPeriod } from "../../domain/periodChange";
import {
  SOCIAL_MAX_DAYS, engagementRate,
  type PageFigures, type PostFigures, type PostSort, type SlotFigures, type SocialChannel, type SocialFigures, type SocialPoint,
  type SocialPosts, type SocialPostsRequest, type SocialRequest, type SocialTotals, type TypeFigures, type PostType,
} from "../../domain/social";
import type { Storage } from "../storage/storage";
import { ServiceError } from "./errors";
import { granularityFor, periodsOf } from "./commerce";

interface ScopePage { readonly id: string; readonly name: string; readonly channel: SocialChannel }

interface Scope {
  readonly brandId: number;
  readonly start: string;
  readonly end: string;
  readonly days: number;
  /** The selected pages of the brand (channel, accounts and pages applied), by id. */
  readonly pages: ReadonlyMap<string, ScopePage>;
}

interface PostSums { posts: number; reach: number; impressions: number; engagements: number; videoViews: number }

const zeroPosts = (): PostSums => ({ posts: 0, reach: 0, impressions: 0, engagements: 0, videoViews: 0 });
const postFigures = (s: PostSums): PostFigures => ({ ...s, engagementRate: engagementRate(s.engagements, s.reach) });

/** The ORDER BY of each sort of the posts table (the ids are constants: nothing of the request reaches SQL text). */
const SORT_SQL: Readonly<Record<PostSort, string>> = {
  published: "p.published_at",
  reach: "p.reach",
  impressions: "p.impressions",
  engagements: "p.engagements",
  engagementRate: "(p.engagements::float8 / NULLIF(p.reach, 0))",
  videoViews: "p.video_views",
  comments: "p.comments",
  shares: "p.shares",
};

/** `s` for a LIKE pattern that matches it literally. */
const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export class SocialService {
  constructor(private readonly db: Storage) {}

  /** Checks the range and that the brand is one of the user's; finds the selected pages. */
  private async scope(userId: number, req: SocialRequest): Promise<Scope> {
    if (!isDay(req.start)) throw new ServiceError("invalid", "must be an existing date written YYYY-MM-DD", { field: "start" });
    if (!isDay(req.end)) throw new ServiceError("invalid", "must be an existing date written YYYY-MM-DD", { field: "end" });
    if (req.end < req.start) throw new ServiceError("invalid", "must not be before start", { field: "end" });
    const days = daysInclusive(req.start, req.end);
    if (days > SOCIAL_MAX_DAYS) throw new ServiceError("invalid", `the range may cover at most ${SOCIAL_MAX_DAYS} days (it covers ${days})`, { field: "end" });
    const brand = (await this.db.query<{ id: number }>(
      "SELECT b.id FROM user_brands ub JOIN brands b ON b.id = ub.brand_id WHERE ub.user_id = $1 AND b.name = $2", [userId, req.brand],
    )).rows[0];
    if (!brand) throw new ServiceError("forbidden", `"${req.brand}" is not one of your brands`, { field: "brand" });
    const channels: readonly string[] = CHANNEL_VALUES[req.channel];
    const wantedPages = req.pages && req.pages.length > 0 ? new Set(req.pages) : null;
    const wantedBags = req.accounts && req.accounts.length > 0 ? new Set(req.accounts) : null;
    const rows = (await this.db.query<{ id: string; name: string; bag_id: string; channel: SocialChannel }>(
      "SELECT p.id, p.name, g.id AS bag_id, g.channel FROM pages p JOIN bags g ON g.id = p.bag_id WHERE g.brand_id = $1 ORDER BY g.channel, p.name, p.id",
      [brand.id],
    )).rows;
    const pages = new Map<string, ScopePage>();
    for (const r of rows) {
      if (!channels.includes(r.channel)) continue;
      if (wantedBags && !wantedBags.has(r.bag_id)) continue;
      if (wantedPages && !wantedPages.has(r.id)) continue;
      pages.set(r.id, { id: r.id, name: r.name, channel: r.channel });
    }
    return { brandId: brand.id, start: req.start, end: req.end, days, pages };
  }

  /** The post filter as SQL conditions on alias `p`, with its parameters appended. */
  private postConditions(req: SocialRequest, params: unknown[]): string {
    const add = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    const where: string[] = [];
    if (req.types && req.types.length > 0) where.push(`p.type = ANY(${add(req.types)}::text[])`);
    if (req.slots && req.slots.length > 0) where.push(`p.weekday * 24 + p.hour = ANY(${add(req.slots.map((c) => c.weekday * 24 + c.hour))}::int[])`);
    return where.map((w) => ` AND ${w}`).join("");
  }

  /**
   * Every figure of the social pages for the range (domain/social.ts, SocialFigures) and the
   * totals of the period before it (same length, same filter).
   *
   * @throws ServiceError forbidden (field brand) when the brand is not one of the user's
   * @throws ServiceError invalid (field start or end) for a range that is not one
   */
  async figures(userId: number, req: SocialRequest): Promise<SocialFigures> {
    const s = await this.scope(userId, req);
    const previous = previousPeriod(s);
    const granularity = granularityFor(s.days);
    const periods = periodsOf(s.start, s.end, granularity);
    const pageIds = [...s.pages.keys()];
    // Three statements (run side by side on PostgreSQL; PGlite takes them in turn), each answering
    // one row of JSON: on PGlite every value of every row handed over costs about a microsecond,
    // so a few hundred grouped rows as columns cost more than grouping them.
    const [posts, audience, pageReachDays] = pageIds.length === 0
      ? [{ cur: null, prev: null }, { cur: null, prev: null, followers: null, followers_before: null }, null]
      : await Promise.all([this.postSums(s, req, previous), this.audienceSums(s, previous, periods.starts), this.pageReachByDay(s, previous)]);

    // Fold the rows. A day is counted from the range's start (0: the start).
    const n = Number;
    const sumsOf = (r: readonly [number, number, number, number, number]): PostSums =>
      ({ posts: n(r[0]), reach: n(r[1]), impressions: n(r[2]), engagements: n(r[3]), videoViews: n(r[4]) });
    const totals = { cur: zeroPosts(), prev: posts.prev ? sumsOf(posts.prev) : zeroPosts() };
    const byPage = new Map<string, PostSums>();
    const byType = new Map<PostType, PostSums>();
    const bySlot = new Map<number, PostSums>();
    const bySeries = periods.starts.map(() => zeroPosts());
    const dayIndex = (day: number) => periods.index[day]!;
    for (const [g, pageId, type, weekday, hour, day, ...rest] of posts.cur ?? []) {
      const sums = sumsOf(rest);
      // GROUPING bits, page_id first: 0b01111 (page), 0b10111 (type), 0b11001 (weekday, hour), 0b11110 (day).
      // The range's totals are the sums of its days.
      if (day !== null && g === 0b11110) {
        addInto(totals.cur, sums);
        addInto(bySeries[dayIndex(day)]!, sums);
      } else if (pageId !== null && g === 0b01111) byPage.set(pageId, sums);
      else if (type !== null && g === 0b10111) byType.set(type, sums);
      else if (weekday !== null && hour !== null && g === 0b11001) bySlot.set(weekday * 24 + hour, sums);
    }

    const audienceTotals = {
      cur: { follows: 0, unfollows: 0, pageViews: 0 },
      prev: audience.prev ? { follows: n(audience.prev[0]), unfollows: n(audience.prev[1]), pageViews: n(audience.prev[2]) } : { follows: 0, unfollows: 0, pageViews: 0 },
    };
    const audienceByPage = new Map<string, { follows: number; unfollows: number }>();
    const audienceSeries = periods.starts.map(() => ({ follows: 0, unfollows: 0 }));
    for (const [g, pageId, day, follows, unfollows, pageViews] of audience.cur ?? []) {
      // Unknown (NULL) sums count as 0.
      const a = { follows: n(follows), unfollows: n(unfollows), pageViews: n(pageViews) };
      if (day !== null && g === 0b10) {
        audienceTotals.cur.follows += a.follows;
        audienceTotals.cur.unfollows += a.unfollows;
        audienceTotals.cur.pageViews += a.pageViews;
        const p = audienceSeries[dayIndex(day)]!;
        p.follows += a.follows;
        p.unfollows += a.unfollows;
      } else if (pageId !== null && g === 0b01) audienceByPage.set(pageId, a);
    }

    // Followers: each page's last known total at the end of each period, that is the last one within
    // the period or, where the period has none, the one at the end of the period before (the first
    // period's: the day before the range, which is also the previous period's end).
    const followersBefore = new Map<string, number>();
    for (const [pageId, followers] of audience.followers_before ?? []) followersBefore.set(pageId, n(followers));
    const lastInPeriod = periods.starts.map(() => new Map<string, number>());
    for (const [pageId, period, followers] of audience.followers ?? []) lastInPeriod[period - 1]!.set(pageId, n(followers));
    const followersAtEnd: Array<Map<string, number>> = [];
    let carried = followersBefore;
    for (const last of lastInPeriod) {
      carried = new Map([...carried, ...last]);
      followersAtEnd.push(carried);
    }
    const followersSum = (m: ReadonlyMap<string, number> | undefined): number | null => {
      if (!m || m.size === 0) return null;
      let t = 0;
      for (const v of m.values()) t += v;
      return t;
    };

    const pageReach = { cur: 0, prev: 0 };
    const pageReachSeries = periods.starts.map(() => 0);
    for (const [day, reach] of pageReachDays ?? []) {
      // Day -1: the whole previous period.
      if (day < 0) pageReach.prev += n(reach);
      else {
        pageReach.cur += n(reach);
        pageReachSeries[dayIndex(day)]! += n(reach);
      }
    }

    const totalsOf = (p: PostSums, a: { follows: number; unfollows: number; pageViews: number }, followers: number | null, reach: number): SocialTotals => ({
      ...postFigures(p),
      followers,
      netFollowers: a.follows - a.unfollows,
      follows: a.follows,
      unfollows: a.unfollows,
      pageViews: a.pageViews,
      pageReach: reach,
    });

    const series: SocialPoint[] = periods.starts.map((start, i) => ({
      start,
      ...postFigures(bySeries[i]!),
      netFollowers: audienceSeries[i]!.follows - audienceSeries[i]!.unfollows,
      follows: audienceSeries[i]!.follows,
      unfollows: audienceSeries[i]!.unfollows,
      followers: followersSum(followersAtEnd[i]),
      pageReach: pageReachSeries[i]!,
    }));

    const lastFollowers = followersAtEnd.at(-1);
    const pages: PageFigures[] = [...s.pages.values()].map((p) => {
      const a = audienceByPage.get(p.id);
      return {
        pageId: p.id,
        page: p.name,
        channel: p.channel,
        ...postFigures(byPage.get(p.id) ?? zeroPosts()),
        followers: lastFollowers?.get(p.id) ?? null,
        netFollowers: a ? a.follows - a.unfollows : 0,
      };
    });
    const types: TypeFigures[] = [...byType.entries()]
      .map(([type, sums]) => ({ type, ...postFigures(sums) }))
      .sort((a, b) => b.reach - a.reach || a.type.localeCompare(b.type));
    const heatmap: SlotFigures[] = [];
    for (let weekday = 0; weekday < 7; weekday++) {
      for (let hour = 0; hour < 24; hour++) {
        const c = bySlot.get(weekday * 24 + hour) ?? zeroPosts();
        heatmap.push({ weekday, hour, posts: c.posts, reach: c.reach, engagements: c.engagements, engagementRate: c.posts === 0 ? null : engagementRate(c.engagements, c.reach) });
      }
    }

    return {
      range: { start: s.start, end: s.end, days: s.days },
      previous: { start: previous.start, end: previous.end },
      totals: totalsOf(totals.cur, audienceTotals.cur, followersSum(followersAtEnd.at(-1)), pageReach.cur),
      previousTotals: totalsOf(totals.prev, audienceTotals.prev, followersSum(followersBefore), pageReach.prev),
      granularity,
      series,
      pages,
      types,
      heatmap,
    };
  }

  /**
   * The posts of the range grouped four ways (pages, types, heatmap cells, days) and the previous
   * period's totals, in one row of JSON: `cur` holds [GROUPING bits, page, type, weekday, hour, day
   * counted from the range's start, posts, reach, impressions, engagements, video views], `prev`
   * [posts, reach, impressions, engagements, video views].
   */
  private async postSums(s: Scope, req: SocialRequest, previous: PreviousPeriod): Promise<{
    cur: Array<[number, string | null, PostType | null, number | null, number | null, number | null, number, number, number, number, number]> | null;
    prev: [number, number, number, number, number] | null;
  }> {
    const params: unknown[] = [s.brandId, s.start, s.end, [...s.pages.keys()], previous.start, previous.end];
    const filter = this.postConditions(req, params);
    return (await this.db.query<Awaited<ReturnType<SocialService["postSums"]>>>(
      `SELECT (SELECT json_agg(json_build_array(g, page_id, type, weekday, hour, day, posts, reach, impressions, engagements, video_views))
                 FROM (SELECT GROUPING(p.page_id, p.type, p.weekday, p.hour, p.day) AS g,
                              p.page_id, p.type, p.weekday, p.hour, p.day - $2::date AS day,
                              count(*) AS posts, sum(p.reach) AS reach, sum(p.impressions) AS impressions, sum(p.engagements) AS engagements,
                              coalesce(sum(p.video_views), 0) AS video_views
                         FROM posts p
                        WHERE p.brand_id = $1 AND p.day >= $2::date AND p.day <= $3::date AND p.page_id = ANY($4::text[])${filter}
                        GROUP BY GROUPING SETS ((p.page_id), (p.type), (p.weekday, p.hour), (p.day))) g) AS cur,
              (SELECT json_build_array(count(*), coalesce(sum(p.reach), 0), coalesce(sum(p.impressions), 0), coalesce(sum(p.engagements), 0),
                                       coalesce(sum(p.video_views), 0))
                 FROM posts p
                WHERE p.brand_id = $1 AND p.day >= $5::date AND p.day <= $6::date AND p.page_id = ANY($4::text[])${filter}) AS prev`,
      params,
    )).rows[0]!;
  }

  /**
   * The pages' audience, in one row of JSON: `cur` the range's sums by page and by day ([GROUPING
   * bits, page, day counted from the range's start, follows, unfollows, page views], NULL where
   * every day's figure is unknown), `prev` the previous period's totals ([follows, unfollows, page
   * views]), `followers` each page's last known followers in each period of the series ([page,
   * period counted from 1, followers]: width_bucket over the periods' starts; one pass over the
   * range instead of one backward step of the primary key per page and period end, 378 of them for
   * a year of Tipco by weeks, 7–14 ms against 1–5), `followers_before` each page's last known
   * followers on or before the previous period's end ([page, followers]).
   */
  private async audienceSums(s: Scope, previous: PreviousPeriod, periodStarts: readonly string[]): Promise<{
    cur: Array<[number, string | null, number | null, number | null, number | null, number | null]> | null;
    prev: [number, number, number] | null;
    followers: Array<[string, number, number]> | null;
    followers_before: Array<[string, number]> | null;
  }> {
    return (await this.db.query<Awaited<ReturnType<SocialService["audienceSums"]>>>(
      `SELECT (SELECT json_agg(json_build_array(g, page_id, day, follows, unfollows, page_views))
                 FROM (SELECT GROUPING(a.page_id, a.day) AS g, a.page_id, a.day - $2::date AS day,
                              sum(a.follows) AS follows, sum(a.unfollows) AS unfollows, sum(a.page_views) AS page_views
                         FROM page_audience a
                        WHERE a.brand_id = $1 AND a.day >= $2::date AND a.day <= $3::date AND a.page_id = ANY($4::text[])
                        GROUP BY GROUPING SETS ((a.page_id), (a.day))) g) AS cur,
              (SELECT json_build_array(coalesce(sum(a.follows), 0), coalesce(sum(a.unfollows), 0), coalesce(sum(a.page_views), 0))
                 FROM page_audience a
                WHERE a.brand_id = $1 AND a.day >= $5::date AND a.day <= $6::date AND a.page_id = ANY($4::text[])) AS prev,
              (SELECT json_agg(json_build_array(page_id, period, followers))
                 FROM (SELECT DISTINCT ON (a.page_id, period) a.page_id, width_bucket(a.day, $7::date[]) AS period, a.followers
                         FROM page_audience a
                        WHERE a.page_id = ANY($4::text[]) AND a.day >= $2::date AND a.day <= $3::date AND a.followers IS NOT NULL
                        ORDER BY a.page_id, period, a.day DESC) f) AS followers,
              (SELECT json_agg(json_build_array(pg.id, f.followers))
                 FROM unnest($4::text[]) AS pg(id)
                 CROSS JOIN LATERAL (
                   SELECT a.followers FROM page_audience a
                    WHERE a.page_id = pg.id AND a.day <= $6::date AND a.followers IS NOT NULL
                    ORDER BY a.day DESC LIMIT 1) f) AS followers_before`,
      [s.brandId, s.start, s.end, [...s.pages.keys()], previous.start, previous.end, periodStarts],
    )).rows[0]!;
  }

  /**
   * The pages' own reach (the page-level `reach` series of `metrics`) by day of the range (counted
   * from its start) and, as day -1, over the whole previous period: [[day, reach], …] in day order,
   * or NULL. `brand_id + 0`: the brand is checked on each row found by `metrics_page_reach`, never
   * used to search `metrics_range`, which PGlite's planner chose without statistics (it never
   * analyses) and read seventeen rows for every one it kept (12 months of Tipco: 18–37 ms against 4–7).
   */
  private async pageReachByDay(s: Scope, previous: PreviousPeriod): Promise<Array<[number, number]> | null> {
    return (await this.db.query<{ days: Array<[number, number]> | null }>(
      `SELECT json_agg(json_build_array(day, reach) ORDER BY day) AS days
         FROM (SELECT greatest(m.day - $2::date, -1) AS day, sum(m.value) AS reach
                 FROM metrics m
                WHERE m.plan = 'ma' AND m.metric = 'reach' AND m.source_key = ANY($4::text[])
                  AND m.day >= $5::date AND m.day <= $3::date AND m.brand_id + 0 = $1
                GROUP BY 1) r`,
      [s.brandId, s.start, s.end, [...s.pages.keys()], previous.start],
    )).rows[0]!.days;
  }

  /**
   * One page of the posts of the range (newest first unless sorted otherwise), with their figures.
   *
   * @throws ServiceError as {@link figures}
   */
  async posts(userId: number, req: SocialPostsRequest): Promise<SocialPosts> {
    const s = await this.scope(userId, req);
    const pageIds = [...s.pages.keys()];
    if (pageIds.length === 0) return { total: 0, page: req.page, pageSize: req.pageSize, rows: [] };
    const params: unknown[] = [s.brandId, s.start, s.end, pageIds];
    let where = this.postConditions(req, params);
    const search = req.search.trim();
    if (search !== "") {
      params.push(`%${likeLiteral(search)}%`);
      where += ` AND p.caption ILIKE $${params.length}`;
    }
    const dir = req.order === "asc" ? "ASC" : "DESC";
    const order = `${SORT_SQL[req.sort]} ${dir} NULLS LAST, p.published_at DESC, p.page_id, p.post_id`;
    params.push(req.pageSize, (req.page - 1) * req.pageSize);
    // The page is chosen on the posts' keys and sort columns alone, with the total beside it (a
    // count over the window: the sort reads every row of the range anyway); only its rows are then
    // read whole, with their page's name and the Bangkok time (which, made for every row of a year
    // before the sort, took most of the call).
    const rows = (await this.db.query<{
      total: string; post_id: string; page_id: string; page: string; channel: SocialChannel; published: string; type: PostType; caption: string;
      permalink: string | null; reach: string; impressions: string; reactions: string; comments: string; shares: string; saves: string | null;
      link_clicks: string | null; video_views: string | null; avg_watch_seconds: number | null; completion_rate: number | null; engagements: string;
    }>(
      `SELECT k.total, p.post_id, p.page_id, pg.name AS page, p.channel,
              to_char(p.published_at AT TIME ZONE 'Asia/Bangkok', 'YYYY-MM-DD"T"HH24:MI:SS') || '+07:00' AS published,
              p.type, p.caption, p.permalink, p.reach, p.impressions, p.reactions, p.comments, p.shares, p.saves, p.link_clicks,
              p.video_views, p.avg_watch_seconds, p.completion_rate, p.engagements
         FROM (SELECT p.page_id, p.post_id, count(*) OVER () AS total
                 FROM posts p
                WHERE p.brand_id = $1 AND p.day >= $2::date AND p.day <= $3::date AND p.page_id = ANY($4::text[])${where}
                ORDER BY ${order}
                LIMIT $${params.length - 1} OFFSET $${params.length}) k
         JOIN posts p ON p.page_id = k.page_id AND p.post_id = k.post_id
         JOIN pages pg ON pg.id = p.page_id
        ORDER BY ${order}`,
      params,
    )).rows;
    // A page past the last one has no row to carry the total: counted apart.
    const total = rows.length > 0 ? Number(rows[0]!.total) : req.page === 1 ? 0 : Number((await this.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM posts p WHERE p.brand_id = $1 AND p.day >= $2::date AND p.day <= $3::date AND p.page_id = ANY($4::text[])${where}`,
      params.slice(0, -2),
    )).rows[0]!.n);
    const num = (v: string | null) => (v === null ? null : Number(v));
    return {
      total,
      page: req.page,
      pageSize: req.pageSize,
      rows: rows.map((r) => {
        const reach = Number(r.reach);
        const engagements = Number(r.engagements);
        return {
          postId: r.post_id,
          pageId: r.page_id,
          page: r.page,
          channel: r.channel,
          publishedAt: r.published,
          type: r.type,
          caption: r.caption,
          permalink: r.permalink,
          reach,
          impressions: Number(r.impressions),
          reactions: Number(r.reactions),
          comments: Number(r.comments),
          shares: Number(r.shares),
          saves: num(r.saves),
          linkClicks: num(r.link_clicks),
          videoViews: num(r.video_views),
          avgWatchSeconds: r.avg_watch_seconds === null ? null : Number(r.avg_watch_seconds),
          completionRate: r.completion_rate === null ? null : Number(r.completion_rate),
          engagements,
          engagementRate: engagementRate(engagements, reach),
        };
      }),
    };
  }
}

function addInto(into: PostSums, add: PostSums): void {
  into.posts += add.posts;
  into.reach += add.reach;
  into.impressions += add.impressions;
  into.engagements += add.engagements;
  into.videoViews += add.videoViews;
}
