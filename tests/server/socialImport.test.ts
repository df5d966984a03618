// POST /user/import-social over the real app and storage, on both storages: posts and page days
// from the platforms' exports, read back through the social calls and the metrics summary.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Schema } from "effect";
import { Api } from "../../domain/api";
import { bangkokDay } from "../../domain/dates";
import { ImportSocialRefusal } from "../../domain/socialImport";
import { extendDemoSocial } from "../../server/demo/socialDemo";
import { SOCIAL_IMPORT_MAX_BYTES } from "../../server/services/socialImport";
import { contentWorkbook, CONTENT_ROWS, fixture, utf16le, utf8 } from "../fixtures/social/build";
import { startTestServer, type TestServer } from "../support/testServer";

let s: TestServer;
let token: string;
let auraToken: string;
let viewerToken: string;
beforeAll(async () => {
  s = await startTestServer();
  token = (await s.login()).access_token;
  auraToken = await s.addUser("aura.ma@example.com", ["1", "3"], ["Aura"]);
  viewerToken = await s.addUser("viewer.social@example.com", ["1", "2"], ["Tipco"]);
});
afterAll(() => s.close());

type Res = Awaited<ReturnType<TestServer["call"]>>;

function importFile(bytes: Uint8Array, fields: Record<string, string>, tok: string | null = token, name = "export.csv") {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)]), name);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return s.call("POST", Api.importSocial.path, { ...(tok ? { token: tok } : {}), rawBody: form });
}

function expectImported(res: Res) {
  expect(res.status, res.text).toBe(200);
  const body = Schema.decodeUnknownSync(Api.importSocial.response)(res.json);
  expect(body.msg).toBe("Import Success");
  return body.data;
}

function expectRefused(res: Res, status: number, message: RegExp) {
  expect(res.status, res.text).toBe(status);
  const body = Schema.decodeUnknownSync(ImportSocialRefusal)(res.json);
  expect(body.message).toMatch(message);
  expect(res.text).not.toMatch(/^\s*at\s|node_modules|\/work\/|\/tmp\//m);
  return body;
}

const scope = (brand: string, start: string, end: string, pages: string[], channel = "All Channel") => ({ brand, start, end, channel, pages });

async function postsOf(brand: string, start: string, end: string, pages: string[], tok = token) {
  const res = await s.call("POST", Api.socialPosts.path, { token: tok, body: { ...scope(brand, start, end, pages), sort: "published", order: "asc", page: 1, pageSize: 100, search: "" } });
  expect(res.status, res.text).toBe(200);
  return Schema.decodeUnknownSync(Api.socialPosts.response)(res.json).data;
}

async function figuresOf(brand: string, start: string, end: string, pages: string[]) {
  const res = await s.call("POST", Api.socialFigures.path, { token, body: scope(brand, start, end, pages) });
  expect(res.status, res.text).toBe(200);
  return Schema.decodeUnknownSync(Api.socialFigures.response)(res.json).data;
}

/** Count and checksum of the social tables and the metrics: proves that a refused import wrote nothing. */
const fingerprint = async () =>
  (await s.storage.query<{ posts: number; audience: number; metrics: number; last: string }>(
    `SELECT (SELECT count(*)::int FROM posts) AS posts, (SELECT count(*)::int FROM page_audience) AS audience,
            (SELECT count(*)::int FROM metrics) AS metrics,
            greatest((SELECT coalesce(max(updated_at)::text, '') FROM posts), (SELECT coalesce(max(updated_at)::text, '') FROM page_audience)) AS last`,
  )).rows[0];

describe("Meta Business Suite post exports", () => {
  const p1 = "bag-tipco-fb-1-p1";

  it("imports the English CSV: every post inserted, the page's demo posts removed, the posts in the social calls", async () => {
    const data = expectImported(await importFile(fixture("meta-posts-en.csv"), { account: "bag-tipco-fb-1", page: p1 }));
    expect(data).toMatchObject({
      format: "meta-post", kind: "posts", encoding: "utf-8", account: "bag-tipco-fb-1", page: p1, rows: 3, inserted: 3, updated: 0, unchanged: 0,
      first: "2025-09-01", last: "2025-09-02",
    });
    expect(data.demoRemoved).toBeGreaterThan(0);
    expect(await s.count("SELECT count(*)::int AS n FROM posts WHERE page_id = $1 AND source = 'demo'", [p1])).toBe(0);

    const posts = await postsOf("Tipco", "2025-09-01", "2025-09-02", [p1]);
    expect(posts.total).toBe(3);
    expect(posts.rows.map((r) => [r.postId, r.publishedAt, r.type])).toEqual([
      ["123456789012345_900000000000001", "2025-09-01T21:13:00+07:00", "photo"],
      // 00:30 on 2 September in Bangkok (17:30 on 1 September UTC) is on the 2nd.
      ["123456789012345_900000000000003", "2025-09-02T00:30:00+07:00", "link"],
      ["123456789012345_900000000000002", "2025-09-02T12:05:00+07:00", "reel"],
    ]);
    expect(posts.rows[0]).toMatchObject({
      caption: "ส้มคั้นสด 100% ใหม่! <b>ลองเลย</b>", reach: 12_400, impressions: 15_200, reactions: 420, comments: 60, shares: 50,
      saves: null, linkClicks: 88, videoViews: null, engagements: 530, page: "Tipco Thailand", channel: "facebook",
    });
    expect(posts.rows[2]).toMatchObject({ videoViews: 21_000, avgWatchSeconds: expect.closeTo(12.4, 5), linkClicks: null });

    const figures = await figuresOf("Tipco", "2025-09-01", "2025-09-02", [p1]);
    expect(figures.totals).toMatchObject({ posts: 3, reach: 46_900, impressions: 68_300, engagements: 2185, videoViews: 21_000 });
    const cell = figures.heatmap.find((c) => c.weekday === 1 && c.hour === 0)!;
    expect(cell.posts).toBe(1);
  });

  it("the same file twice changes nothing; a re-export with newer totals overwrites them", async () => {
    const again = expectImported(await importFile(fixture("meta-posts-en.csv"), { account: "bag-tipco-fb-1", page: p1 }));
    expect(again).toMatchObject({ rows: 3, inserted: 0, updated: 0, unchanged: 3, demoRemoved: 0 });

    const text = new TextDecoder().decode(fixture("meta-posts-en.csv")).replace('"15,200","12,400"', '"16,000","13,100"');
    const re = expectImported(await importFile(utf8(text), { account: "bag-tipco-fb-1", page: p1 }));
    expect(re).toMatchObject({ inserted: 0, updated: 1, unchanged: 2 });
    const posts = await postsOf("Tipco", "2025-09-01", "2025-09-01", [p1]);
    expect(posts.rows[0]).toMatchObject({ reach: 13_100, impressions: 16_000 });
  });

  it("refuses a file with bad rows: every bad line listed with the column, nothing written", async () => {
    const before = await fingerprint();
    const body = expectRefused(await importFile(fixture("meta-posts-bad.csv"), { account: "bag-tipco-fb-1", page: "bag-tipco-fb-1-p2" }), 400, /^file: 4 rows cannot be imported, so nothing was imported$/);
    expect(body.rows.map((r) => r.line)).toEqual([3, 4, 5, 6]);
    expect(body.rows[0]!.reason).toMatch(/^Post ID: "not-a-post" is not a post id/);
    expect(body.rows[1]!.reason).toMatch(/^Publish time: "13\/45\/2025 11:00" is not a date and time that exists/);
    expect(body.rows[2]!.reason).toMatch(/^Post type: "Hologram" is not a post type.*; Reach: "abc" is not a number$/);
    expect(body.rows[3]!.reason).toBe('Reach: "-5" is negative');
    expect(await fingerprint()).toEqual(before);
  });

  it("reads Thai headers and Thai post types", async () => {
    const data = expectImported(await importFile(fixture("meta-posts-th.csv"), { account: "bag-tipco-fb-1", page: "bag-tipco-fb-1-p2" }));
    expect(data).toMatchObject({ format: "meta-post", rows: 2, inserted: 2, first: "2025-10-05", last: "2025-10-06" });
    const posts = await postsOf("Tipco", "2025-10-05", "2025-10-06", ["bag-tipco-fb-1-p2"]);
    expect(posts.rows.map((r) => [r.type, r.caption, r.reach, r.reactions, r.videoViews])).toEqual([
      ["photo", "น้ำส้มสายน้ำผึ้ง สดชื่นทุกเช้า", 7700, 300, null],
      ["video", "วิดีโอสูตรน้ำผลไม้", 16_100, 640, 9000],
    ]);
  });

  it("reads a UTF-16 LE file (Excel's Unicode text) like the UTF-8 one", async () => {
    const data = expectImported(await importFile(utf16le("meta-posts-en.csv"), { account: "bag-tipco-fb-1", page: "bag-tipco-fb-1-p3" }));
    expect(data).toMatchObject({ encoding: "utf-16le", rows: 3, inserted: 3 });
    const posts = await postsOf("Tipco", "2025-09-01", "2025-09-02", ["bag-tipco-fb-1-p3"]);
    expect(posts.rows[0]!.caption).toBe("ส้มคั้นสด 100% ใหม่! <b>ลองเลย</b>");
  });

  it("needs the page when the account has several, and refuses a page or a channel that does not fit", async () => {
    expectRefused(await importFile(fixture("meta-posts-en.csv"), { account: "bag-tipco-fb-1" }), 400, /^page: is required: account bag-tipco-fb-1 has 3 pages/);
    expectRefused(await importFile(fixture("meta-posts-en.csv"), { account: "bag-tipco-fb-1", page: "bag-tipco-fb-2-p1" }), 400, /^page: "bag-tipco-fb-2-p1" is not a page of account bag-tipco-fb-1$/);
    expectRefused(await importFile(fixture("meta-posts-en.csv"), { account: "bag-tipco-tt-3", page: "bag-tipco-tt-3-p1" }), 400, /^account: bag-tipco-tt-3 is a TikTok account; a Meta Business Suite post export belongs to a Facebook account$/);
    expectRefused(await importFile(fixture("meta-posts-en.csv"), {}), 400, /^account: /);
    expectRefused(await importFile(utf8("a,b\n1,2\n"), { account: "bag-tipco-fb-1", page: "bag-tipco-fb-1-p1" }), 400, /^file: is not a recognised social file/);
    expectRefused(await importFile(new Uint8Array(0), { account: "bag-tipco-fb-1", page: "bag-tipco-fb-1-p1" }), 400, /^file: is empty$/);
  });

  it("keeps the demo top-up from adding demo posts back to a page with imported ones", async () => {
    const today = bangkokDay(new Date());
    // Two days of the page's (demo) audience and of another page's posts and audience go missing, as on a server that was off.
    await s.storage.query("DELETE FROM page_audience WHERE page_id = ANY($1::text[]) AND day > $2::date - 2", [[p1, "bag-tipco-fb-2-p1"], today]);
    await s.storage.query("DELETE FROM posts WHERE page_id = 'bag-tipco-fb-2-p1' AND day > $1::date - 2", [today]);
    const written = await extendDemoSocial(s.storage, today);
    expect(written).toBeGreaterThan(0);
    expect(await s.count("SELECT count(*)::int AS n FROM posts WHERE page_id = $1 AND source = 'demo'", [p1])).toBe(0);
    expect(await s.count("SELECT count(*)::int AS n FROM page_audience WHERE page_id = $1 AND day = $2", [p1, today])).toBe(1);
  });
});

describe("TikTok Studio exports", () => {
  it("imports the content CSV: post ids from the links, a /photo/ link as a carousel, views as plays", async () => {
    const data = expectImported(await importFile(fixture("tiktok-content.csv"), { account: "bag-tipco-tt-3", page: "bag-tipco-tt-3-p1" }));
    expect(data).toMatchObject({ format: "tiktok-content", rows: 3, inserted: 3, first: "2025-10-20", last: "2025-10-25" });
    expect(data.notes.map((n) => n.reason)).toContain("the file has no reach column: reach is stored as 0, so these posts have no engagement rate");
    const posts = await postsOf("Tipco", "2025-10-20", "2025-10-25", ["bag-tipco-tt-3-p1"]);
    expect(posts.rows.map((r) => [r.postId, r.type, r.videoViews, r.reactions, r.engagementRate])).toEqual([
      ["7430000000000000001", "video", 35_000, 1204, null],
      ["7430000000000000002", "video", 22_100, 980, null],
      ["7430000000000000003", "carousel", null, 300, null],
    ]);
    expect(posts.rows[0]!.permalink).toBe("https://www.tiktok.com/@tipco.official/video/7430000000000000001");
  });

  it("imports the content XLSX with saves, watch time and completion", async () => {
    const data = expectImported(await importFile(contentWorkbook(), { account: "bag-auramove-tt-2", page: "bag-auramove-tt-2-p1" }, token, "Content.xlsx"));
    expect(data).toMatchObject({ format: "tiktok-content", encoding: "xlsx", rows: 2, inserted: 2, first: "2025-11-01", last: "2025-11-03" });
    const posts = await postsOf("Aura Move", "2025-11-01", "2025-11-03", ["bag-auramove-tt-2-p1"]);
    const [title, , , likes, comments, shares, saves] = CONTENT_ROWS[0];
    expect(posts.rows[0]).toMatchObject({
      caption: title, publishedAt: "2025-11-01T06:30:00+07:00", reactions: likes, comments, shares, saves,
      engagements: likes + comments + shares + saves, avgWatchSeconds: expect.closeTo(8.4, 5), completionRate: expect.closeTo(0.275, 5),
    });
  });

  it("imports the overview: profile views as page views, video views and engagements into the page's daily metrics", async () => {
    const page = "bag-tipco-tt-3-p2";
    const data = expectImported(await importFile(fixture("tiktok-overview.csv"), { account: "bag-tipco-tt-3", page }));
    expect(data).toMatchObject({ format: "tiktok-overview", kind: "days", rows: 3, inserted: 3, first: "2025-10-20", last: "2025-10-22" });
    expect(data.demoRemoved).toBeGreaterThan(0);
    expect(data.notes).toContainEqual({ line: 4, reason: "likes + comments + shares is -892, a net loss: no engagement stored for the day" });
    const figures = await figuresOf("Tipco", "2025-10-20", "2025-10-22", [page]);
    expect(figures.totals.pageViews).toBe(1040);
    expect(figures.totals.follows).toBe(0);
    const summary = await s.call("GET", `${Api.metricsSummary.path}?${new URLSearchParams({ start: "2025-10-20", end: "2025-10-22", brand: "Tipco", channel: "TikTok", pages: page })}`, { token });
    const ma = summary.json.data.ma as Array<{ metric: string; total: number; days: number }>;
    expect(ma.find((m) => m.metric === "view")).toMatchObject({ total: 37_200, days: 3 });
    expect(ma.find((m) => m.metric === "engagement")).toMatchObject({ total: 1508, days: 2 });
    expect(await s.count("SELECT count(*)::int AS n FROM metrics WHERE page_id = $1 AND metric IN ('view', 'engagement') AND source = 'demo'", [page])).toBe(0);
    expect(expectImported(await importFile(fixture("tiktok-overview.csv"), { account: "bag-tipco-tt-3", page }))).toMatchObject({ inserted: 0, updated: 0, unchanged: 3 });
  });

  it("imports the follower history onto the same page days: dates without a year, gains as follows, losses as unfollows", async () => {
    const page = "bag-tipco-tt-3-p2";
    const data = expectImported(await importFile(fixture("tiktok-followers.csv"), { account: "bag-tipco-tt-3", page }));
    expect(data).toMatchObject({ format: "follower-history", rows: 3, inserted: 3 });
    const figures = await figuresOf("Tipco", data.first!, data.last!, [page]);
    expect(data.last! <= bangkokDay(new Date())).toBe(true);
    expect(figures.totals).toMatchObject({ followers: 15_260, netFollowers: 95, follows: 105, unfollows: 10 });
    // The overview's page views of October 2025 are kept beside them.
    expect((await figuresOf("Tipco", "2025-10-20", "2025-10-22", [page])).totals.pageViews).toBe(1040);
    expect(expectImported(await importFile(fixture("tiktok-followers.csv"), { account: "bag-tipco-tt-3", page }))).toMatchObject({ unchanged: 3 });
  });
});

describe("the documented CSV, and who may import", () => {
  it("imports the documented CSV onto the account's only page", async () => {
    const data = expectImported(await importFile(fixture("documented.csv"), { account: "bag-aura-fb-2" }, auraToken));
    expect(data).toMatchObject({ format: "csv", page: "bag-aura-fb-2-p1", rows: 3, inserted: 3 });
    const posts = await postsOf("Aura", "2025-08-10", "2025-08-11", ["bag-aura-fb-2-p1"], auraToken);
    expect(posts.rows[0]).toMatchObject({ type: "reel", caption: "Run club, Sunday 6am", reach: 20_000, videoViews: 15_000, completionRate: expect.closeTo(0.31, 5) });
  });

  it("answers 403 without permission 3, and for another brand's account", async () => {
    expectRefused(await importFile(fixture("documented.csv"), { account: "bag-tipco-fb-2" }, viewerToken), 403, /^permission 3 is required for \/user\/import-social$/);
    expectRefused(await importFile(fixture("documented.csv"), { account: "bag-tipco-fb-2" }, auraToken), 403, /^account: "bag-tipco-fb-2" is not an account of your brands$/);
    expect((await importFile(fixture("documented.csv"), { account: "bag-aura-fb-2" }, null)).status).toBe(401);
  });

  it("refuses a file over the size limit with 413", async () => {
    const res = await importFile(new Uint8Array(SOCIAL_IMPORT_MAX_BYTES + 70 * 1024), { account: "bag-aura-fb-2" }, auraToken);
    expect(res.status).toBe(413);
    expect(res.json.message).toMatch(/^file: must be at most/);
  });
});
