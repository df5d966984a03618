// Social analytics (issue 14): POST /user/social-figures and /user/social-posts over hand-made
// posts and audience of a brand of its own (exact totals, previous period, filters, series,
// followers, heatmap by Bangkok hour, paging, sorting, search), the access and range rules, and
// the demo posts the seed writes (consistent with the demo page figures).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Schema } from "effect";
import { Api } from "../../domain/api";
import { bangkokSlot, SOCIAL_MAX_DAYS, type SocialFigures, type SocialPosts } from "../../domain/social";
import { extendDemoSocial } from "../../server/demo/socialDemo";
import { startTestServer, type TestServer } from "../support/testServer";

let s: TestServer;
let token: string;

const BRAND = "Social Shop";

interface HandPost {
  page: "P1" | "P2" | "T1";
  id: string;
  at: string;
  type: string;
  caption: string;
  reach: number;
  impressions: number;
  reactions: number;
  comments: number;
  shares: number;
  saves?: number;
  videoViews?: number;
}

/**
 * March 2024 holds four posts (P1 reel on Friday 1st 19:30, P1 photo on Monday 4th 00:30 Bangkok,
 * which is Sunday in UTC, P2 link, T1 video); one P1 photo is in the previous period, one T1
 * video after the range.
 */
const POSTS: HandPost[] = [
  { page: "P1", id: "p1-reel", at: "2024-03-01T19:30:00+07:00", type: "reel", caption: "น้ำส้ม Tipco 100% ลด 50% วันนี้", reach: 1000, impressions: 1300, reactions: 50, comments: 10, shares: 5, videoViews: 700 },
  { page: "P1", id: "p1-photo", at: "2024-03-04T00:30:00+07:00", type: "photo", caption: "Orange JUICE morning", reach: 400, impressions: 480, reactions: 8, comments: 2, shares: 0 },
  { page: "P2", id: "p2-link", at: "2024-03-10T12:05:00+07:00", type: "link", caption: "Read our blog: juice_facts", reach: 100, impressions: 120, reactions: 1, comments: 0, shares: 0 },
  { page: "T1", id: "t1-video", at: "2024-03-15T20:00:00+07:00", type: "video", caption: "TikTok dance challenge", reach: 2000, impressions: 2600, reactions: 100, comments: 20, shares: 10, saves: 20, videoViews: 2500 },
  { page: "P1", id: "p1-feb", at: "2024-02-20T09:00:00+07:00", type: "photo", caption: "February", reach: 500, impressions: 600, reactions: 20, comments: 5, shares: 0 },
  { page: "T1", id: "t1-april", at: "2024-04-02T10:00:00+07:00", type: "video", caption: "April", reach: 9000, impressions: 9900, reactions: 900, comments: 0, shares: 0, saves: 0, videoViews: 9000 },
];

/** [page, day, followers, follows, unfollows, page views] */
const AUDIENCE: Array<[string, string, number | null, number, number, number]> = [
  ["P1", "2024-02-29", 990, 4, 1, 5],
  ["P1", "2024-03-01", 1000, 15, 5, 7],
  ["P1", "2024-03-02", 1010, 12, 2, 8],
  ["P1", "2024-03-03", 1005, 3, 8, 9],
  ["T1", "2024-03-31", 500, 40, 10, 11],
  ["P2", "2024-03-05", null, 2, 0, 0],
];

let ids: { brand: number; fb: string; tt: string; pages: Record<string, string> };

async function seedHandData(): Promise<void> {
  const brand = (await s.storage.query<{ id: number }>("INSERT INTO brands (name) VALUES ($1) RETURNING id", [BRAND])).rows[0]!.id;
  const fb = "bag-social-fb";
  const tt = "bag-social-tt";
  await s.storage.query("INSERT INTO bags (id, brand_id, name, channel) VALUES ($1, $3, 'Shop FB', 'facebook'), ($2, $3, 'Shop TT', 'tiktok')", [fb, tt, brand]);
  const pages = { P1: "social-p1", P2: "social-p2", T1: "social-t1" };
  await s.storage.query("INSERT INTO pages (id, bag_id, name) VALUES ($1, $4, 'Shop Page One'), ($2, $4, 'Shop Page Two'), ($3, $5, '@shoptok')",
    [pages.P1, pages.P2, pages.T1, fb, tt]);
  ids = { brand, fb, tt, pages };
  const bagOf = (p: string) => (p === "T1" ? tt : fb);
  const channelOf = (p: string) => (p === "T1" ? "tiktok" : "facebook");
  for (const p of POSTS) {
    const slot = bangkokSlot(Date.parse(p.at));
    await s.storage.query(
      `INSERT INTO posts (brand_id, bag_id, page_id, channel, post_id, published_at, day, weekday, hour, type, caption, permalink,
                          reach, impressions, reactions, comments, shares, saves, video_views, source)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, 'csv')`,
      [brand, bagOf(p.page), pages[p.page], channelOf(p.page), p.id, p.at, slot.day, slot.weekday, slot.hour, p.type, p.caption,
        `https://example.com/${p.id}`, p.reach, p.impressions, p.reactions, p.comments, p.shares, p.saves ?? null, p.videoViews ?? null],
    );
  }
  for (const [page, day, followers, follows, unfollows, views] of AUDIENCE) {
    await s.storage.query(
      `INSERT INTO page_audience (brand_id, bag_id, page_id, channel, day, followers, follows, unfollows, page_views, source)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'csv')`,
      [brand, bagOf(page), pages[page as "P1"], channelOf(page), day, followers, follows, unfollows, views],
    );
  }
  await s.storage.query(
    `INSERT INTO metrics (brand_id, bag_id, page_id, channel, plan, metric, day, value, source, source_key)
     VALUES ($1, $2, $3, 'facebook', 'ma', 'reach', '2024-03-01', 3000, 'csv', $3), ($1, $2, $3, 'facebook', 'ma', 'reach', '2024-02-29', 900, 'csv', $3)`,
    [brand, fb, pages.P1],
  );
}

beforeAll(async () => {
  s = await startTestServer();
  await seedHandData();
  token = await s.addUser("social@example.com", ["1"], [BRAND, "Tipco"]);
});
afterAll(() => s.close());

const decodeFigures = Schema.decodeUnknownSync(Api.socialFigures.response);
const decodePosts = Schema.decodeUnknownSync(Api.socialPosts.response);

function request(extra: Record<string, unknown> = {}) {
  return { brand: BRAND, start: "2024-03-01", end: "2024-03-31", channel: "All Channel", ...extra };
}

async function figures(body: Record<string, unknown>, tok = token): Promise<SocialFigures> {
  const res = await s.call("POST", "/user/social-figures", { token: tok, body });
  expect(res.status, res.text).toBe(200);
  return decodeFigures(res.json).data;
}

async function posts(extra: Record<string, unknown> = {}): Promise<SocialPosts> {
  const res = await s.call("POST", "/user/social-posts", {
    token, body: request({ sort: "published", order: "desc", page: 1, pageSize: 20, search: "", ...extra }),
  });
  expect(res.status, res.text).toBe(200);
  return decodePosts(res.json).data;
}

describe("figures of hand-made posts", () => {
  it("totals: posts, post reach, impressions, engagements and their rate as the ratio of the sums, video views", async () => {
    const f = await figures(request());
    expect(f.range).toEqual({ start: "2024-03-01", end: "2024-03-31", days: 31 });
    expect(f.previous).toEqual({ start: "2024-01-30", end: "2024-02-29" });
    expect(f.totals).toMatchObject({ posts: 4, reach: 3500, impressions: 4500, engagements: 65 + 10 + 1 + 150, videoViews: 3200 });
    expect(f.totals.engagementRate).toBeCloseTo(226 / 3500, 12);
  });

  it("audience: followers at the end are each page's last known total, net change is follows − unfollows", async () => {
    const f = await figures(request());
    expect(f.totals).toMatchObject({ followers: 1005 + 500, follows: 72, unfollows: 25, netFollowers: 47, pageViews: 35, pageReach: 3000 });
  });

  it("the previous period of equal length, with the same filter", async () => {
    const f = await figures(request());
    expect(f.previousTotals).toMatchObject({ posts: 1, reach: 500, engagements: 25, followers: 990, netFollowers: 3, pageReach: 900 });
    expect(f.previousTotals.engagementRate).toBeCloseTo(25 / 500, 12);
  });

  it("a post type narrows every post figure, not the audience", async () => {
    const f = await figures(request({ types: ["reel", "video"] }));
    expect(f.totals).toMatchObject({ posts: 2, reach: 3000, engagements: 215, followers: 1505, netFollowers: 47 });
    expect(f.types.map((t) => t.type).sort()).toEqual(["reel", "video"]);
    expect(f.previousTotals.posts).toBe(0);
    expect(f.previousTotals.engagementRate).toBeNull();
  });

  it("the channel, the accounts and the pages narrow the pages; another brand's page is ignored", async () => {
    const tiktok = await figures(request({ channel: "TikTok" }));
    expect(tiktok.totals).toMatchObject({ posts: 1, reach: 2000, followers: 500 });
    expect(tiktok.pages.map((p) => p.page)).toEqual(["@shoptok"]);
    const facebook = await figures(request({ accounts: [ids.fb] }));
    expect(facebook.totals).toMatchObject({ posts: 3, reach: 1500, followers: 1005 });
    const demoPage = (await s.storage.query<{ id: string }>("SELECT p.id FROM pages p JOIN bags g ON g.id = p.bag_id JOIN brands b ON b.id = g.brand_id WHERE b.name = 'Tipco' LIMIT 1")).rows[0]!.id;
    const one = await figures(request({ pages: [ids.pages.T1, demoPage] }));
    expect(one.pages.map((p) => p.pageId)).toEqual([ids.pages.T1]);
    expect(one.totals.posts).toBe(1);
  });

  it("per page and per type, each with the rate of its own sums", async () => {
    const f = await figures(request());
    const p1 = f.pages.find((p) => p.pageId === ids.pages.P1)!;
    expect(p1).toMatchObject({ page: "Shop Page One", channel: "facebook", posts: 2, reach: 1400, engagements: 75, followers: 1005, netFollowers: 15 });
    expect(p1.engagementRate).toBeCloseTo(75 / 1400, 12);
    const p2 = f.pages.find((p) => p.pageId === ids.pages.P2)!;
    expect(p2).toMatchObject({ posts: 1, followers: null, netFollowers: 2 });
    expect(f.types.map((t) => [t.type, t.posts, t.reach])).toEqual([["video", 1, 2000], ["reel", 1, 1000], ["photo", 1, 400], ["link", 1, 100]]);
  });

  it("the heatmap has 7 × 24 cells by Bangkok weekday and hour, across midnight", async () => {
    const f = await figures(request());
    expect(f.heatmap).toHaveLength(168);
    const cell = (weekday: number, hour: number) => f.heatmap.find((c) => c.weekday === weekday && c.hour === hour)!;
    // Monday 00:30 in Bangkok is Sunday 17:30 UTC: the cell is Monday's.
    expect(cell(0, 0)).toMatchObject({ posts: 1, reach: 400, engagements: 10 });
    expect(cell(6, 17).posts).toBe(0);
    expect(cell(6, 17).engagementRate).toBeNull();
    expect(cell(4, 19)).toMatchObject({ posts: 1, reach: 1000 });
    expect(f.heatmap.reduce((a, c) => a + c.posts, 0)).toBe(4);
  });

  it("a heatmap cell narrows the figures to the posts of that weekday and hour", async () => {
    const f = await figures(request({ slots: [{ weekday: 0, hour: 0 }] }));
    expect(f.totals).toMatchObject({ posts: 1, reach: 400 });
  });

  it("series by day for a month, by ISO week up to a year, summing to the totals; followers at each period's end", async () => {
    const daily = await figures(request());
    expect(daily.granularity).toBe("day");
    expect(daily.series).toHaveLength(31);
    expect(daily.series[0]).toMatchObject({ start: "2024-03-01", posts: 1, reach: 1000, followers: 1000, netFollowers: 10, pageReach: 3000 });
    expect(daily.series[2]).toMatchObject({ start: "2024-03-03", followers: 1005 });
    expect(daily.series[30]).toMatchObject({ start: "2024-03-31", followers: 1505 });
    const weekly = await figures(request({ start: "2024-01-01", end: "2024-03-31" }));
    expect(weekly.granularity).toBe("week");
    expect(weekly.series[1]!.start).toBe("2024-01-08");
    expect(weekly.series.reduce((a, p) => a + p.posts, 0)).toBe(weekly.totals.posts);
    expect(weekly.series.reduce((a, p) => a + p.netFollowers, 0)).toBe(weekly.totals.netFollowers);
  });

  it("followers: a period without a known total keeps the last one before it, from within the range or before it", async () => {
    // P1 is known from Feb 29 to Mar 3 (990, 1000, 1010, 1005), T1 on Mar 31 only (500), P2 never.
    const march = await figures(request());
    expect(march.series.map((p) => p.followers)).toEqual([1000, 1010, ...Array<number>(28).fill(1005), 1505]);
    const week = await figures(request({ start: "2024-03-04", end: "2024-03-10" }));
    expect(week.series.map((p) => p.followers)).toEqual(Array<number>(7).fill(1005));
    expect(week.totals.followers).toBe(1005);
    expect(week.previousTotals.followers).toBe(1005);
    expect(week.pages.map((p) => [p.page, p.followers])).toEqual([["Shop Page One", 1005], ["Shop Page Two", null], ["@shoptok", null]]);
    const april = await figures(request({ start: "2024-04-01", end: "2024-04-30" }));
    expect(new Set(april.series.map((p) => p.followers))).toEqual(new Set([1505]));
    expect(april.previousTotals.followers).toBe(1505);
    const weekly = await figures(request({ start: "2024-01-01", end: "2024-03-31" }));
    // Weeks from Monday: nothing known before the week of Feb 26 – Mar 3 (last: Mar 3).
    expect(weekly.series.map((p) => [p.start, p.followers])).toEqual([
      ...["01-01", "01-08", "01-15", "01-22", "01-29", "02-05", "02-12", "02-19"].map((d) => [`2024-${d}`, null]),
      ["2024-02-26", 1005], ["2024-03-04", 1005], ["2024-03-11", 1005], ["2024-03-18", 1005], ["2024-03-25", 1505],
    ]);
    expect(weekly.previousTotals.followers).toBeNull();
  });

  it("a range without posts or figures is zeros and nulls, not an error", async () => {
    const f = await figures(request({ start: "2020-01-01", end: "2020-01-31" }));
    expect(f.totals).toMatchObject({ posts: 0, reach: 0, engagementRate: null, followers: null, netFollowers: 0 });
  });
});

describe("the posts table", () => {
  it("pages of posts with their figures, newest first, and the total", async () => {
    const first = await posts({ pageSize: 3 });
    expect(first.total).toBe(4);
    expect(first.rows.map((r) => r.postId)).toEqual(["t1-video", "p2-link", "p1-photo"]);
    const second = await posts({ pageSize: 3, page: 2 });
    expect(second.rows.map((r) => r.postId)).toEqual(["p1-reel"]);
    const reel = second.rows[0]!;
    expect(reel).toMatchObject({
      page: "Shop Page One", channel: "facebook", publishedAt: "2024-03-01T19:30:00+07:00", type: "reel", permalink: "https://example.com/p1-reel",
      reach: 1000, reactions: 50, comments: 10, shares: 5, saves: null, videoViews: 700, engagements: 65,
    });
    expect(reel.engagementRate).toBeCloseTo(0.065, 12);
    expect((await posts({ page: 9 }))).toMatchObject({ total: 4, rows: [] });
  });

  it("sorts by any figure either way, the engagement rate included", async () => {
    expect((await posts({ sort: "reach", order: "desc" })).rows.map((r) => r.postId)).toEqual(["t1-video", "p1-reel", "p1-photo", "p2-link"]);
    expect((await posts({ sort: "engagementRate", order: "asc" })).rows.map((r) => r.postId)).toEqual(["p2-link", "p1-photo", "p1-reel", "t1-video"]);
  });

  it("searches captions case-insensitively, Thai included, with % and _ taken literally", async () => {
    expect((await posts({ search: "juice" })).rows.map((r) => r.postId).sort()).toEqual(["p1-photo", "p2-link"]);
    expect((await posts({ search: "น้ำส้ม" })).rows.map((r) => r.postId)).toEqual(["p1-reel"]);
    expect((await posts({ search: "50%" })).rows.map((r) => r.postId)).toEqual(["p1-reel"]);
    expect((await posts({ search: "_" })).rows.map((r) => r.postId)).toEqual(["p2-link"]);
  });

  it("the post types and the heatmap cell narrow the table as they narrow the figures", async () => {
    expect((await posts({ types: ["photo", "link"] })).total).toBe(2);
    expect((await posts({ slots: [{ weekday: 0, hour: 0 }] })).rows.map((r) => r.postId)).toEqual(["p1-photo"]);
  });
});

describe("access and range", () => {
  it("answers a user with permission 1 or 3, refuses one with neither", async () => {
    const maOnly = await s.addUser("ma-only@example.com", ["3"], [BRAND]);
    expect((await figures(request(), maOnly)).totals.posts).toBe(4);
    const shopOnly = await s.addUser("shop-only@example.com", ["7"], [BRAND]);
    const res = await s.call("POST", "/user/social-figures", { token: shopOnly, body: request() });
    expect(res.status).toBe(403);
    expect(res.json.message).toContain("permission 1 or 3");
  });

  it("refuses a brand that is not the user's, naming the field", async () => {
    const res = await s.call("POST", "/user/social-posts", { token, body: request({ brand: "Aura", sort: "reach", order: "desc", page: 1, pageSize: 10, search: "" }) });
    expect(res.status).toBe(403);
    expect(res.json.message).toMatch(/^brand: /);
  });

  it.each([
    [{ end: "2024-02-01" }, "end"],
    [{ start: "2024-02-30" }, "start"],
    [{ start: "2020-01-01", end: "2024-03-31" }, "end"],
  ])("answers 400 for %j, naming %s", async (extra, field) => {
    const res = await s.call("POST", "/user/social-figures", { token, body: request(extra) });
    expect(res.status, res.text).toBe(400);
    expect(res.json.message).toContain(field);
  });

  it(`covers at most ${SOCIAL_MAX_DAYS} days`, async () => {
    const res = await s.call("POST", "/user/social-figures", { token, body: request({ start: "2022-03-30", end: "2024-03-31" }) });
    expect(res.status).toBe(400);
  });
});

describe("the demo posts", () => {
  it("every demo page posts 1–3 times a day, of every type its platform has, in Thai and English", async () => {
    const perDay = (await s.storage.query<{ min: number; max: number; days: string }>(
      "SELECT min(n)::int AS min, max(n)::int AS max, count(*) AS days FROM (SELECT page_id, day, count(*) AS n FROM posts WHERE source = 'demo' GROUP BY 1, 2) d",
    )).rows[0]!;
    expect(perDay).toMatchObject({ min: 1, max: 3 });
    const pagesWithout = await s.count(
      "SELECT count(*) AS n FROM pages p WHERE NOT EXISTS (SELECT 1 FROM posts x WHERE x.page_id = p.id AND x.source = 'demo') AND p.id NOT LIKE 'social-%'",
    );
    expect(pagesWithout).toBe(0);
    const types = (await s.storage.query<{ channel: string; types: string[] }>(
      "SELECT channel, array_agg(DISTINCT type ORDER BY type) AS types FROM posts WHERE source = 'demo' GROUP BY channel ORDER BY channel",
    )).rows;
    expect(types).toEqual([
      { channel: "facebook", types: ["carousel", "link", "live", "photo", "reel", "text", "video"] },
      { channel: "tiktok", types: ["carousel", "live", "video"] },
    ]);
    expect(await s.count("SELECT count(*) AS n FROM posts WHERE source = 'demo' AND caption ~ '[ก-๙]'")).toBeGreaterThan(1000);
    expect(await s.count("SELECT count(*) AS n FROM posts WHERE source = 'demo' AND caption ~ '^[A-Z]'")).toBeGreaterThan(1000);
  });

  it("the posts of a day never reach more people than their page did that day", async () => {
    expect(await s.count(
      `SELECT count(*) AS n FROM (SELECT page_id, day, sum(reach) AS r FROM posts WHERE source = 'demo' GROUP BY 1, 2) p
         JOIN metrics m ON m.plan = 'ma' AND m.metric = 'reach' AND m.page_id = p.page_id AND m.day = p.day WHERE p.r > m.value`,
    )).toBe(0);
  });

  it("net follows match the page's follower metric, and followers never go below zero", async () => {
    expect(await s.count(
      `SELECT count(*) AS n FROM page_audience a JOIN metrics m ON m.plan = 'ma' AND m.metric = 'follower' AND m.page_id = a.page_id AND m.day = a.day
        WHERE a.source = 'demo' AND a.follows - a.unfollows <> m.value`,
    )).toBe(0);
    expect(await s.count("SELECT count(*) AS n FROM page_audience WHERE source = 'demo' AND (followers IS NULL OR followers < 0)")).toBe(0);
  });

  it("reels and videos reach more than photos, and the double-day sales lift reach", async () => {
    const reach = Object.fromEntries((await s.storage.query<{ type: string; r: number }>(
      "SELECT type, avg(reach)::float8 AS r FROM posts WHERE source = 'demo' AND channel = 'facebook' GROUP BY type",
    )).rows.map((r) => [r.type, r.r]));
    expect(reach.reel).toBeGreaterThan(reach.photo!);
    expect(reach.video).toBeGreaterThan(reach.photo!);
    expect(reach.photo).toBeGreaterThan(reach.link!);
    const demo = (await s.login()).access_token;
    const sale = await figures({ brand: "Tipco", start: "2024-11-11", end: "2024-11-11", channel: "All Channel" }, demo);
    const weekBefore = await figures({ brand: "Tipco", start: "2024-11-01", end: "2024-11-07", channel: "All Channel" }, demo);
    expect(sale.totals.reach).toBeGreaterThan(1.3 * (weekBefore.totals.reach / 7));
  });

  it("a server running for days continues the posts and audience to today exactly as a seed on that day would have", async () => {
    const page = (await s.storage.query<{ id: string }>("SELECT page_id AS id FROM posts WHERE source = 'demo' ORDER BY page_id LIMIT 1")).rows[0]!.id;
    const last = (await s.storage.query<{ day: string }>("SELECT to_char(max(day), 'YYYY-MM-DD') AS day FROM page_audience WHERE page_id = $1", [page])).rows[0]!.day;
    const snapshot = async () => (await s.storage.query(
      `SELECT (SELECT count(*) FROM posts WHERE page_id = $1 AND day > $2::date - 10) AS posts,
              (SELECT sum(reach) FROM posts WHERE page_id = $1 AND day > $2::date - 10) AS reach,
              (SELECT string_agg(caption, '|' ORDER BY published_at) FROM posts WHERE page_id = $1 AND day > $2::date - 10) AS captions,
              (SELECT string_agg(followers || '/' || follows || '/' || unfollows, ',' ORDER BY day) FROM page_audience WHERE page_id = $1 AND day > $2::date - 10) AS audience`,
      [page, last],
    )).rows[0];
    const seeded = await snapshot();
    // The last ten days as if the server had been started ten days ago: gone, then topped up.
    await s.storage.query("DELETE FROM posts WHERE page_id = $1 AND day > $2::date - 10", [page, last]);
    await s.storage.query("DELETE FROM page_audience WHERE page_id = $1 AND day > $2::date - 10", [page, last]);
    expect(await extendDemoSocial(s.storage, last)).toBeGreaterThan(9);
    expect(await snapshot()).toEqual(seeded);
    // Up to date: nothing more to write.
    expect(await extendDemoSocial(s.storage, last)).toBe(0);
  });

  it("the demo user reads a year of a demo brand, with a change against the year before", async () => {
    const demo = (await s.login()).access_token;
    const f = await figures({ brand: "Tipco", start: "2024-01-01", end: "2024-12-31", channel: "All Channel" }, demo);
    // 366 days (a leap year) still read week by week, from Monday 1 January.
    expect(f.granularity).toBe("week");
    expect(f.series).toHaveLength(53);
    expect(f.series.reduce((a, p) => a + p.posts, 0)).toBe(f.totals.posts);
    expect(f.totals.posts).toBeGreaterThan(7 * 300);
    expect(f.totals.followers).toBeGreaterThan(f.previousTotals.followers!);
    expect(f.totals.engagementRate).toBeGreaterThan(0.02);
    expect(f.totals.engagementRate).toBeLessThan(0.1);
  });
});
