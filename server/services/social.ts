/**
 * Social analytics (issue 14): the figures and the posts of a brand's pages over a range, for the
 * Brand Experience and MA pages. Definitions in domain/social.ts and docs/social.md. Knows nothing
 * of HTTP: it takes ids and requests and throws ServiceError.
 *
 * Speed (budget on the embedded database, 12 months of a demo brand: figures p95 ≤ 100 ms, a page
 * of posts p95 ≤ 50 ms; `npm run bench:social`): the figures are four statements, grouped in the
 * database (GROUPING SETS over the range, one row of totals for the previous period), so only a
 * few hundred rows come back whatever the range.
 */
import { addDays, daysInclusive, isDay } from "../../domain/calendarDays";
import { CHANNEL_VALUES } from "../../domain/metrics";
import { previousPeriod } from "../../domain/periodChange";
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

    // The range in detail (pages, types, heatmap cells, days), the previous period as one row of totals.
    const postParams: unknown[] = [s.brandId, s.start, s.end, pageIds, previous.start, previous.end];
    const postFilter = this.postConditions(req, postParams);
    const postRows = pageIds.length === 0 ? [] : (await this.db.query<{
      g: number; cur: boolean; page_id: string | null; type: PostType | null; weekday: number | null; hour: number | null; day: string | null;
      posts: string; reach: string; impressions: string; engagements: string; video_views: string;
    }>(
      `SELECT GROUPING(p.page_id, p.type, p.weekday, p.hour, p.day) AS g, true AS cur,
              p.page_id, p.type, p.weekday, p.hour, to_char(p.day, 'YYYY-MM-DD') AS day,
              count(*) AS posts, sum(p.reach) AS reach, sum(p.impressions) AS impressions, sum(p.engagements) AS engagements,
              coalesce(sum(p.video_views), 0) AS video_views
         FROM posts p
        WHERE p.brand_id = $1 AND p.day >= $2::date AND p.day <= $3::date AND p.page_id = ANY($4::text[])${postFilter}
        GROUP BY GROUPING SETS ((p.page_id), (p.type), (p.weekday, p.hour), (p.day))
       UNION ALL
       SELECT 31, false, NULL, NULL, NULL, NULL, NULL,
              count(*), coalesce(sum(p.reach), 0), coalesce(sum(p.impressions), 0), coalesce(sum(p.engagements), 0), coalesce(sum(p.video_views), 0)
         FROM posts p
        WHERE p.brand_id = $1 AND p.day >= $5::date AND p.day <= $6::date AND p.page_id = ANY($4::text[])${postFilter}`,
      postParams,
    )).rows;

    const audienceRows = pageIds.length === 0 ? [] : (await this.db.query<{
      g: number; cur: boolean; page_id: string | null; day: string | null; follows: string; unfollows: string; page_views: string;
    }>(
      `SELECT GROUPING(a.page_id, a.day) AS g, true AS cur, a.page_id, to_char(a.day, 'YYYY-MM-DD') AS day,
              sum(a.follows) AS follows, sum(a.unfollows) AS unfollows, sum(a.page_views) AS page_views
         FROM page_audience a
        WHERE a.brand_id = $1 AND a.day >= $2::date AND a.day <= $3::date AND a.page_id = ANY($4::text[])
        GROUP BY GROUPING SETS ((a.page_id), (a.day))
       UNION ALL
       SELECT 3, false, NULL, NULL, coalesce(sum(a.follows), 0), coalesce(sum(a.unfollows), 0), coalesce(sum(a.page_views), 0)
         FROM page_audience a
        WHERE a.brand_id = $1 AND a.day >= $5::date AND a.day <= $6::date AND a.page_id = ANY($4::text[])`,
      [s.brandId, s.start, s.end, pageIds, previous.start, previous.end],
    )).rows;

    // Followers: each page's last known total at the end of each period (and of the previous period).
    const periodEnds = periods.starts.map((_, i) => (i + 1 < periods.starts.length ? addDays(periods.starts[i + 1]!, -1) : s.end));
    // One backward step of the primary key (page_id, day) per page and period end.
    const followerRows = pageIds.length === 0 ? [] : (await this.db.query<{ at: string; page_id: string; followers: string }>(
      `SELECT to_char(e.at, 'YYYY-MM-DD') AS at, pg.id AS page_id, f.followers
         FROM unnest($2::date[]) AS e(at)
         CROSS JOIN unnest($1::text[]) AS pg(id)
         CROSS JOIN LATERAL (
           SELECT a.followers FROM page_audience a
            WHERE a.page_id = pg.id AND a.day <= e.at AND a.followers IS NOT NULL
            ORDER BY a.day DESC LIMIT 1) f`,
      [pageIds, [previous.end, ...periodEnds]],
    )).rows;

    const pageReachRows = pageIds.length === 0 ? [] : (await this.db.query<{ cur: boolean; day: string | null; reach: string | null }>(
      `SELECT true AS cur, to_char(m.day, 'YYYY-MM-DD') AS day, sum(m.value) AS reach
         FROM metrics m
        WHERE m.plan = 'ma' AND m.source_key = ANY($4::text[]) AND m.day >= $2::date AND m.day <= $3::date AND m.metric = 'reach' AND m.brand_id = $1
        GROUP BY m.day
       UNION ALL
       SELECT false, NULL, sum(m.value)
         FROM metrics m
        WHERE m.plan = 'ma' AND m.source_key = ANY($4::text[]) AND m.day >= $5::date AND m.day <= $6::date AND m.metric = 'reach' AND m.brand_id = $1`,
      [s.brandId, s.start, s.end, pageIds, previous.start, previous.end],
    )).rows;

    // Fold the rows.
    const n = Number;
    const sumsOf = (r: { posts: string; reach: string; impressions: string; engagements: string; video_views: string }): PostSums =>
      ({ posts: n(r.posts), reach: n(r.reach), impressions: n(r.impressions), engagements: n(r.engagements), videoViews: n(r.video_views) });
    const totals = { cur: zeroPosts(), prev: zeroPosts() };
    const byPage = new Map<string, PostSums>();
    const byType = new Map<PostType, PostSums>();
    const bySlot = new Map<number, PostSums>();
    const bySeries = periods.starts.map(() => zeroPosts());
    const dayIndex = (day: string) => periods.index[daysInclusive(s.start, day) - 1]!;
    for (const r of postRows) {
      const sums = sumsOf(r);
      // GROUPING bits, page_id first: 0b01111 (page), 0b10111 (type), 0b11001 (weekday, hour), 0b11110 (day);
      // the previous period's one row. The range's totals are the sums of its days.
      if (!r.cur) totals.prev = sums;
      else if (r.day !== null && n(r.g) === 0b11110) {
        addInto(totals.cur, sums);
        addInto(bySeries[dayIndex(r.day)]!, sums);
      } else if (r.page_id !== null && n(r.g) === 0b01111) byPage.set(r.page_id, sums);
      else if (r.type !== null && n(r.g) === 0b10111) byType.set(r.type, sums);
      else if (r.weekday !== null && r.hour !== null && n(r.g) === 0b11001) bySlot.set(r.weekday * 24 + r.hour, sums);
    }

    const audience = { cur: { follows: 0, unfollows: 0, pageViews: 0 }, prev: { follows: 0, unfollows: 0, pageViews: 0 } };
    const audienceByPage = new Map<string, { follows: number; unfollows: number }>();
    const audienceSeries = periods.starts.map(() => ({ follows: 0, unfollows: 0 }));
    for (const r of audienceRows) {
      const a = { follows: n(r.follows), unfollows: n(r.unfollows), pageViews: n(r.page_views) };
      if (!r.cur) audience.prev = a;
      else if (r.day !== null && n(r.g) === 0b10) {
        audience.cur.follows += a.follows;
        audience.cur.unfollows += a.unfollows;
        audience.cur.pageViews += a.pageViews;
        const p = audienceSeries[dayIndex(r.day)]!;
        p.follows += a.follows;
        p.unfollows += a.unfollows;
      } else if (r.page_id !== null && n(r.g) === 0b01) audienceByPage.set(r.page_id, a);
    }

    const followersAt = new Map<string, Map<string, number>>();
    for (const r of followerRows) {
      const at = followersAt.get(r.at) ?? new Map<string, number>();
      at.set(r.page_id, n(r.followers));
      followersAt.set(r.at, at);
    }
    const followersSum = (at: string): number | null => {
      const m = followersAt.get(at);
      if (!m || m.size === 0) return null;
      let t = 0;
      for (const v of m.values()) t += v;
      return t;
    };

    const pageReach = { cur: 0, prev: 0 };
    const pageReachSeries = periods.starts.map(() => 0);
    for (const r of pageReachRows) {
      pageReach[r.cur ? "cur" : "prev"] += n(r.reach ?? 0);
      if (r.cur && r.day !== null) pageReachSeries[dayIndex(r.day)]! += n(r.reach);
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
      followers: followersSum(periodEnds[i]!),
      pageReach: pageReachSeries[i]!,
    }));

    const lastFollowers = followersAt.get(s.end);
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
      totals: totalsOf(totals.cur, audience.cur, followersSum(s.end), pageReach.cur),
      previousTotals: totalsOf(totals.prev, audience.prev, followersSum(previous.end), pageReach.prev),
      granularity,
      series,
      pages,
      types,
      heatmap,
    };
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
    params.push(req.pageSize, (req.page - 1) * req.pageSize);
    const rows = (await this.db.query<{
      post_id: string; page_id: string; page: string; channel: SocialChannel; published: string; type: PostType; caption: string;
      permalink: string | null; reach: string; impressions: string; reactions: string; comments: string; shares: string; saves: string | null;
      link_clicks: string | null; video_views: string | null; avg_watch_seconds: number | null; completion_rate: number | null; engagements: string;
    }>(
      `SELECT p.post_id, p.page_id, pg.name AS page, p.channel,
              to_char(p.published_at AT TIME ZONE 'Asia/Bangkok', 'YYYY-MM-DD"T"HH24:MI:SS') || '+07:00' AS published,
              p.type, p.caption, p.permalink, p.reach, p.impressions, p.reactions, p.comments, p.shares, p.saves, p.link_clicks,
              p.video_views, p.avg_watch_seconds, p.completion_rate, p.engagements
         FROM posts p JOIN pages pg ON pg.id = p.page_id
        WHERE p.brand_id = $1 AND p.day >= $2::date AND p.day <= $3::date AND p.page_id = ANY($4::text[])${where}
        ORDER BY ${SORT_SQL[req.sort]} ${dir} NULLS LAST, p.published_at DESC, p.page_id, p.post_id
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    )).rows;
    // Counted apart: a count over the window would make the database build every row before the LIMIT.
    const total = Number((await this.db.query<{ n: string }>(
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
