/**
 * Social analytics (issue 14): posts of the brands' Facebook pages and TikTok accounts, the page
 * figures around them, and the two calls the Brand Experience and MA pages read
 * (`POST /user/social-figures`, `POST /user/social-posts`). The server decodes requests with
 * these schemas and the pages decode answers with them; definitions in docs/social.md.
 *
 * - **Engagements** of a post: reactions + comments + shares + saves (saves where the platform
 *   gives them; TikTok does, a Facebook page export does not).
 * - **Engagement rate** (by reach): engagements ÷ reach. Per post, its own; for a group of posts
 *   (totals, a type, a page, a heatmap cell) the ratio of the sums, not the mean of the ratios, so
 *   a post reaching 50 people cannot outweigh one reaching 50,000. Null without reach.
 * - **Post reach** sums the reach of the posts published in the range: a person reached by two
 *   posts counts twice. The page's own daily reach (unique people per day) is `pageReach`.
 * - Days and hours are Bangkok's; weeks start on Monday.
 */
import { Schema } from "effect";
import { daysInclusive, isDay } from "./calendarDays";
import { ChannelFilter } from "./metrics";

const text = (max: number) => Schema.String.check(Schema.isMaxLength(max));
const Count = Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0));
const NonNegative = Schema.Finite.check(Schema.isGreaterThanOrEqualTo(0));
const Ratio = Schema.NullOr(NonNegative);
const Day = Schema.String.check(Schema.isMaxLength(10)).check(
  Schema.makeFilter((s: string) => isDay(s) || "must be an existing date written YYYY-MM-DD"),
);

/** What a post is, as both platforms' exports name it (mapped on import: docs/social-import.md). */
export const POST_TYPES = ["photo", "video", "reel", "link", "text", "carousel", "live"] as const;
export const PostType = Schema.Literals(POST_TYPES);
export type PostType = typeof PostType.Type;
export const POST_TYPE_LABELS: Readonly<Record<PostType, string>> = {
  photo: "Photo", video: "Video", reel: "Reel", link: "Link", text: "Text", carousel: "Carousel", live: "Live",
};
/** Types whose posts are watched: their views, watch time and completion rate mean something. */
export const VIDEO_TYPES: readonly PostType[] = ["video", "reel", "live"];

export const SocialChannel = Schema.Literals(["facebook", "tiktok"]);
export type SocialChannel = typeof SocialChannel.Type;

/** Monday = 0 … Sunday = 6: the rows of the best-time heatmap. */
export const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;

/** Longest range one call covers: two years and a day. */
export const SOCIAL_MAX_DAYS = 732;

// ---------------------------------------------------------------------------------------------
// Requests

/** A weekday × hour cell of the heatmap (Bangkok), as a chart click narrows the page to it. */
export const PostSlot = Schema.Struct({
  weekday: Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 0, maximum: 6 })),
  hour: Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 0, maximum: 23 })),
});
export type PostSlot = typeof PostSlot.Type;

const socialScope = {
  brand: text(100).check(Schema.isMinLength(1)),
  start: Day,
  end: Day,
  channel: ChannelFilter,
  /** Page ids; absent or empty = every page of the brand on the channel. */
  pages: Schema.optionalKey(Schema.Array(text(200)).check(Schema.isMaxLength(500))),
  /** Account (bag) ids; absent or empty = every account. */
  accounts: Schema.optionalKey(Schema.Array(text(200)).check(Schema.isMaxLength(500))),
  /** Post types (a chart click); absent or empty = all. Narrows every post figure, not the audience. */
  types: Schema.optionalKey(Schema.Array(PostType).check(Schema.isMaxLength(POST_TYPES.length))),
  /** Heatmap cells (chart clicks): only posts published on one of those weekdays and hours; absent or empty = any time. */
  slots: Schema.optionalKey(Schema.Array(PostSlot).check(Schema.isMaxLength(7 * 24))),
};

const rangeCheck = Schema.makeFilter((q: { start: string; end: string }) => {
  if (q.end < q.start) return { path: ["end"], issue: "must not be before start" };
  if (daysInclusive(q.start, q.end) > SOCIAL_MAX_DAYS) return { path: ["end"], issue: `the range may cover at most ${SOCIAL_MAX_DAYS} days` };
  return true;
});

export const SocialRequest = Schema.Struct(socialScope).check(rangeCheck);
export type SocialRequest = typeof SocialRequest.Type;

export const POST_SORTS = ["published", "reach", "impressions", "engagements", "engagementRate", "videoViews", "comments", "shares"] as const;
export const PostSort = Schema.Literals(POST_SORTS);
export type PostSort = typeof PostSort.Type;
/** Most posts one page of the posts table holds. */
export const MAX_POSTS_PAGE_SIZE = 100;

export const SocialPostsRequest = Schema.Struct({
  ...socialScope,
  sort: PostSort,
  order: Schema.Literals(["asc", "desc"]),
  /** 1-based. */
  page: Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 100_000 })),
  pageSize: Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: MAX_POSTS_PAGE_SIZE })),
  /** Words of the caption, case-insensitive, Thai included; empty = every post. */
  search: text(200),
}).check(rangeCheck);
export type SocialPostsRequest = typeof SocialPostsRequest.Type;

// ---------------------------------------------------------------------------------------------
// Answers

/** The figures of a set of posts (totals, a type, a page, a period of the series). */
export const PostFigures = Schema.Struct({
  posts: Count,
  reach: Count,
  impressions: Count,
  engagements: Count,
  /** engagements ÷ reach; null without reach. */
  engagementRate: Ratio,
  /** Video views of the video, reel and live posts (3-second views on Facebook, plays on TikTok). */
  videoViews: Count,
});
export type PostFigures = typeof PostFigures.Type;

/** The audience of the selected pages, from their daily page figures (no post filter applies). */
export const AudienceFigures = Schema.Struct({
  /** Each page's last known followers on or before the range's last day, summed; null when no page has any. */
  followers: Schema.NullOr(Count),
  /** New follows − unfollows over the range. */
  netFollowers: Schema.Number.check(Schema.isInt()),
  follows: Count,
  unfollows: Count,
  pageViews: Count,
  /** The pages' own reach: the sum over the days of each day's unique people reached. */
  pageReach: Count,
});
export type AudienceFigures = typeof AudienceFigures.Type;

export const SocialTotals = Schema.Struct({ ...PostFigures.fields, ...AudienceFigures.fields });
export type SocialTotals = typeof SocialTotals.Type;

export const SocialPoint = Schema.Struct({
  /** First day of the period (clipped to the range). */
  start: Schema.String,
  ...PostFigures.fields,
  netFollowers: Schema.Number.check(Schema.isInt()),
  follows: Count,
  unfollows: Count,
  /** Followers at the end of the period; null before the first day with figures. */
  followers: Schema.NullOr(Count),
  pageReach: Count,
});
export type SocialPoint = typeof SocialPoint.Type;

export const PageFigures = Schema.Struct({
  pageId: Schema.String,
  page: Schema.String,
  channel: SocialChannel,
  ...PostFigures.fields,
  followers: Schema.NullOr(Count),
  netFollowers: Schema.Number.check(Schema.isInt()),
});
export type PageFigures = typeof PageFigures.Type;

export const TypeFigures = Schema.Struct({ type: PostType, ...PostFigures.fields });
export type TypeFigures = typeof TypeFigures.Type;

/** One cell of the best-time heatmap: the posts published on that weekday and hour. */
export const SlotFigures = Schema.Struct({
  weekday: Schema.Number,
  hour: Schema.Number,
  posts: Count,
  reach: Count,
  engagements: Count,
  /** Ratio of the sums over the cell's posts; null without posts. */
  engagementRate: Ratio,
});
export type SlotFigures = typeof SlotFigures.Type;

export const SocialFigures = Schema.Struct({
  range: Schema.Struct({ start: Schema.String, end: Schema.String, days: Count }),
  previous: Schema.Struct({ start: Schema.String, end: Schema.String }),
  totals: SocialTotals,
  /** The same for the previous period of equal length. */
  previousTotals: SocialTotals,
  granularity: Schema.Literals(["day", "week", "month"]),
  series: Schema.Array(SocialPoint),
  pages: Schema.Array(PageFigures),
  types: Schema.Array(TypeFigures),
  /** 7 × 24 cells, Monday 00:00 first; cells without posts are listed with zeros. */
  heatmap: Schema.Array(SlotFigures),
});
export type SocialFigures = typeof SocialFigures.Type;

export const SocialPost = Schema.Struct({
  postId: Schema.String,
  pageId: Schema.String,
  page: Schema.String,
  channel: SocialChannel,
  /** ISO date-time in Bangkok (`2024-09-09T19:30:00+07:00`). */
  publishedAt: Schema.String,
  type: PostType,
  caption: Schema.String,
  permalink: Schema.NullOr(Schema.String),
  reach: Count,
  impressions: Count,
  reactions: Count,
  comments: Count,
  shares: Count,
  saves: Schema.NullOr(Count),
  linkClicks: Schema.NullOr(Count),
  videoViews: Schema.NullOr(Count),
  /** Seconds. */
  avgWatchSeconds: Schema.NullOr(NonNegative),
  /** Share of plays watched to the end, 0–1. */
  completionRate: Schema.NullOr(NonNegative),
  engagements: Count,
  engagementRate: Ratio,
});
export type SocialPost = typeof SocialPost.Type;

export const SocialPosts = Schema.Struct({
  total: Count,
  page: Count,
  pageSize: Count,
  rows: Schema.Array(SocialPost),
});
export type SocialPosts = typeof SocialPosts.Type;

// ---------------------------------------------------------------------------------------------
// The rules, as pure functions (table tests: tests/domain/social.test.ts)

/** Engagements of a post: reactions + comments + shares, plus saves where given. */
export function engagementsOf(p: { reactions: number; comments: number; shares: number; saves: number | null }): number {
  return p.reactions + p.comments + p.shares + (p.saves ?? 0);
}

/** Engagement rate by reach: the ratio of the sums; null without reach. */
export function engagementRate(engagements: number, reach: number): number | null {
  return reach > 0 ? engagements / reach : null;
}

const BANGKOK_OFFSET_MS = 7 * 3_600_000;

/**
 * The Bangkok weekday (Monday 0 … Sunday 6), hour and day of an instant. Bangkok has no daylight
 * saving time, so it is UTC+7 all year: 2024-09-08T17:30Z (Sunday, UTC) is Monday 00:30 there.
 */
export function bangkokSlot(instant: Date | number): { weekday: number; hour: number; day: string } {
  const t = new Date((typeof instant === "number" ? instant : instant.getTime()) + BANGKOK_OFFSET_MS);
  return { weekday: (t.getUTCDay() + 6) % 7, hour: t.getUTCHours(), day: t.toISOString().slice(0, 10) };
}

/** An instant written as a Bangkok date-time with its offset: `2024-09-09T00:30:00+07:00`. */
export function bangkokDateTime(instant: Date | number): string {
  const t = new Date((typeof instant === "number" ? instant : instant.getTime()) + BANGKOK_OFFSET_MS);
  return `${t.toISOString().slice(0, 19)}+07:00`;
}

/** A post's Bangkok publishing time as people read it: `2024-03-04T00:30:00+07:00` → `2024-03-04 00:30`. */
export const publishedText = (at: string): string => `${at.slice(0, 10)} ${at.slice(11, 16)}`;

/** Nothing to show for a range: no post, no follower count and no page reach. */
export const hasNoSocialData = (figures: Pick<SocialFigures, "totals">): boolean =>
  figures.totals.posts === 0 && figures.totals.followers === null && figures.totals.pageReach === 0;

/** What the social overview of /brandEx shows: the figures and the top posts, or why not. */
export type SocialSection =
  | { readonly kind: "ready"; readonly figures: SocialFigures; readonly top: readonly SocialPost[] }
  | { readonly kind: "failed"; readonly message: string };

/** How many posts the start page lists as its top posts (by engagements). */
export const TOP_POSTS = 5;
