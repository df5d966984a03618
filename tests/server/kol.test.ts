// KOL Campaign (issue 16, docs/kol.md) over the real app and storage: campaigns, KOLs and bookings
// written through the dialogs' calls (each an event), posts inserted by hand, and the figures
// against hand-computed values: the campaign over its whole life with the campaign before it,
// the overview over a range with its previous period (fees on the first post's day), cancelled
// bookings left out, platform filter, series units, EMV with edited values, user isolation and
// 400s naming their field. Then the demo: three campaigns per brand, 10–40 KOLs, a spread of CPE.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Schema } from "effect";
import { Api } from "../../domain/api";
import type { KolCampaignDetail, KolOverview } from "../../domain/kolContract";
import { startTestServer, type TestServer } from "../support/testServer";

let s: TestServer;
let token: string;
let tipcoOnly: string;
let noKol: string;

const BRAND = "KOL Shop";
const OTHER = "KOL Elsewhere";
const ids = { a: 0, z: 0, k1: 0, k2: 0, k3: 0, k4: 0, b1: 0, b2: 0, b3: 0, b4: 0, b5: 0, otherCampaign: 0, otherKol: 0 };

type Res = Awaited<ReturnType<TestServer["call"]>>;
const post = (path: string, body: unknown, tok = token) => s.call("POST", path, { token: tok, body });
const ok = <T>(res: Res, schema: Schema.Decoder<unknown>): T => {
  expect(res.status, res.text).toBe(200);
  return Schema.decodeUnknownSync(schema)(res.json) as T;
};
const refused = (res: Res, status: number, field: string) => {
  expect(res.status, res.text).toBe(status);
  expect(res.json.message).toContain(field);
  return res.json.message as string;
};

async function upsert<T extends { data: { id: number } }>(call: "upsertKolCampaign" | "upsertKol" | "upsertKolBooking", body: unknown): Promise<number> {
  return ok<T>(await post(Api[call].path, body), Api[call].response).data.id;
}

async function insertPost(bookingId: number, campaignId: number, link: string, at: string, day: string, v: [number, number, number, number, number, number, number | null, number | null]) {
  await s.storage.query(
    `INSERT INTO kol_posts (booking_id, campaign_id, permalink, published_at, day, views, reach, likes, comments, shares, saves, clicks, sales_satang)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [bookingId, campaignId, link, at, day, ...v],
  );
}

beforeAll(async () => {
  s = await startTestServer();
  token = (await s.login()).access_token;
  tipcoOnly = await s.addUser("tipco.kol@example.com", ["1", "6"], ["Tipco"]);
  noKol = await s.addUser("nokol@example.com", ["1", "5"], ["Tipco"]);
  for (const name of [BRAND, OTHER]) await s.storage.query("INSERT INTO brands (name) VALUES ($1)", [name]);
  // The demo user sees KOL Shop, not KOL Elsewhere.
  await s.storage.query("INSERT INTO user_brands (user_id, brand_id) SELECT u.id, b.id FROM users u, brands b WHERE u.email = 'demo@example.com' AND b.name = $1", [BRAND]);

  const campaign = (name: string, start: string, end: string, budget: number, objective = "sales") => ({ name, objective, budget, start, end, status: "completed" });
  ids.z = await upsert("upsertKolCampaign", { brand: BRAND, campaign: campaign("Winter", "2024-12-01", "2024-12-31", 0, "awareness") });
  ids.a = await upsert("upsertKolCampaign", { brand: BRAND, campaign: campaign("Spring", "2025-03-01", "2025-03-31", 100_000) });
  const kol = (name: string, handle: string, platform: string, followers: number | null) => ({ name, handle, platform, followers, categories: ["beauty"] });
  ids.k1 = await upsert("upsertKol", { brand: BRAND, kol: kol("Ploy", "@ploy.tt", "tiktok", 50_000) });
  ids.k2 = await upsert("upsertKol", { brand: BRAND, kol: kol("Mild", "mild.ig", "instagram", 5_000) });
  ids.k3 = await upsert("upsertKol", { brand: BRAND, kol: kol("Fah", "fah.fb", "facebook", 2_000_000) });
  ids.k4 = await upsert("upsertKol", { brand: BRAND, kol: kol("Yo", "", "youtube", null) });
  const booking = (kolId: number, fee: number, status: string) => ({ kolId, deliverables: "1 video", fee, status });
  ids.b1 = await upsert("upsertKolBooking", { brand: BRAND, campaignId: ids.a, booking: booking(ids.k1, 20_000, "delivered") });
  ids.b2 = await upsert("upsertKolBooking", { brand: BRAND, campaignId: ids.a, booking: booking(ids.k2, 3_000.5, "delivered") });
  ids.b3 = await upsert("upsertKolBooking", { brand: BRAND, campaignId: ids.a, booking: booking(ids.k3, 300_000, "cancelled") });
  ids.b4 = await upsert("upsertKolBooking", { brand: BRAND, campaignId: ids.a, booking: booking(ids.k4, 10_000, "confirmed") });
  ids.b5 = await upsert("upsertKolBooking", { brand: BRAND, campaignId: ids.z, booking: booking(ids.k2, 1_000, "delivered") });
  // views, reach, likes, comments, shares, saves, clicks, sales (satang)
  await insertPost(ids.b1, ids.a, "https://t.example/p1", "2025-03-05T20:00:00+07:00", "2025-03-05", [100_000, 70_000, 5_000, 200, 300, 500, 1_000, 3_000_000]);
  await insertPost(ids.b1, ids.a, "https://t.example/p2", "2025-03-20T12:00:00+07:00", "2025-03-20", [50_000, 30_000, 2_000, 100, 50, 50, null, null]);
  await insertPost(ids.b2, ids.a, "https://i.example/p3", "2025-03-10T19:00:00+07:00", "2025-03-10", [8_000, 4_000, 600, 40, 10, 150, null, null]);
  await insertPost(ids.b3, ids.a, "https://f.example/p4", "2025-03-12T19:00:00+07:00", "2025-03-12", [1_000_000, 800_000, 20_000, 900, 800, 0, 5_000, 9_900_000]);
  await insertPost(ids.b5, ids.z, "https://i.example/p5", "2024-12-10T19:00:00+07:00", "2024-12-10", [1_000, 500, 10, 0, 0, 0, null, null]);

  // Another brand's campaign and KOL, which the demo user must never reach.
  const other = (await s.storage.query<{ id: number }>("SELECT id FROM brands WHERE name = $1", [OTHER])).rows[0]!.id;
  ids.otherCampaign = (await s.storage.query<{ id: number }>(
    "INSERT INTO kol_campaigns (brand_id, name, objective, budget_satang, start_day, end_day, status) VALUES ($1, 'Secret', 'sales', 100, '2025-03-01', '2025-03-31', 'active') RETURNING id", [other],
  )).rows[0]!.id;
  ids.otherKol = (await s.storage.query<{ id: number }>("INSERT INTO kols (brand_id, name, handle, platform) VALUES ($1, 'Secret KOL', 'secret', 'tiktok') RETURNING id", [other])).rows[0]!.id;
});
afterAll(() => s.close());

// Hand-computed figures of Spring (B1 + B2 + B4; B3 cancelled: no cost, its post not counted).
const SPRING = {
  cost: 33_000.5, posts: 3, kols: 3, views: 158_000, reach: 104_000, likes: 7_600, comments: 340, shares: 360, saves: 700, clicks: 1_000,
  engagements: 9_000, engagementBase: 154_000, sales: 30_000,
};
const SPRING_EMV = 15_800 + 7_600 + 1_700 + 2_880 + 3_500 + 3_000;

describe("POST /user/kol-campaign: one campaign over its whole life", () => {
  it("answers the hand-computed figures, ratios of the sums", async () => {
    const d = ok<{ data: KolCampaignDetail }>(await post(Api.kolCampaign.path, { brand: BRAND, id: ids.a }), Api.kolCampaign.response).data;
    expect(d.campaign).toMatchObject({ name: "Spring", budget: 100_000, start: "2025-03-01", end: "2025-03-31" });
    expect(d.figures).toMatchObject(SPRING);
    expect(d.figures.engagementRate).toBeCloseTo(9_000 / 154_000, 12);
    expect(d.figures.cpv).toBeCloseTo(33_000.5 / 158_000, 12);
    expect(d.figures.cpe).toBeCloseTo(33_000.5 / 9_000, 12);
    expect(d.figures.cpm).toBeCloseTo((33_000.5 / 104_000) * 1000, 12);
    // ROI on the cost of the bookings with tracked sales only (B1's ฿20,000).
    expect(d.figures.roi).toBeCloseTo((30_000 - 20_000) / 20_000, 12);
    expect(d.figures.emv).toBe(SPRING_EMV);
    expect(d.figures.emvPerBaht).toBeCloseTo(SPRING_EMV / 33_000.5, 12);
    expect(d.plan).toEqual({ budget: 100_000, cost: 33_000.5, remaining: 66_999.5, spentShare: 0.330005 });
    expect(d.previousCampaign).toMatchObject({ id: ids.z, name: "Winter", start: "2024-12-01", end: "2024-12-31" });
    expect(d.previousCampaign!.figures).toMatchObject({ cost: 1_000, posts: 1, views: 1_000, engagementRate: 10 / 500 });
  });

  it("ranks the KOLs of counted bookings with their own figures; cancelled bookings' posts are left out", async () => {
    const d = (await post(Api.kolCampaign.path, { brand: BRAND, id: ids.a })).json.data;
    expect(d.kols.map((k: { name: string }) => k.name)).toEqual(["Ploy", "Mild", "Yo"]);
    const [ploy, mild, yo] = d.kols;
    expect(ploy).toMatchObject({ kolId: ids.k1, handle: "ploy.tt", tier: "micro", bookings: 1, cost: 20_000, views: 150_000, posts: 2, engagements: 8_200, sales: 30_000, roi: 0.5 });
    expect(ploy.cpe).toBeCloseTo(20_000 / 8_200, 12);
    expect(mild).toMatchObject({ tier: "nano", cost: 3_000.5, engagementBase: 4_000, engagementRate: 800 / 4_000, sales: null, roi: null, clicks: null });
    expect(yo).toMatchObject({ tier: null, followers: null, cost: 10_000, posts: 0, cpv: null, cpe: null, cpm: null, engagementRate: null, emvPerBaht: 0 });
    expect(d.posts.map((p: { permalink: string }) => p.permalink)).toEqual(["https://t.example/p1", "https://i.example/p3", "https://t.example/p2"]);
    expect(d.posts[0]).toMatchObject({ kolName: "Ploy", platform: "tiktok", day: "2025-03-05", publishedAt: "2025-03-05T20:00:00+07:00", engagements: 6_000, sales: 30_000, emv: 10_000 + 5_000 + 1_000 + 2_400 + 2_500 + 3_000 });
    expect(d.posts[0].engagementRate).toBeCloseTo(6_000 / 100_000, 12);
    // Every booking is listed, the cancelled one too, with its posts counted.
    expect(d.bookings.map((b: { id: number; posts: number; status: string }) => [b.id, b.posts, b.status])).toEqual(
      expect.arrayContaining([[ids.b3, 1, "cancelled"], [ids.b4, 0, "confirmed"], [ids.b1, 2, "delivered"]]),
    );
    expect(d.bookings).toHaveLength(4);
  });

  it("the first campaign has no previous one", async () => {
    expect((await post(Api.kolCampaign.path, { brand: BRAND, id: ids.z })).json.data.previousCampaign).toBeNull();
  });
});

describe("POST /user/kol-overview: a range and its previous period", () => {
  it("counts posts on their day and fees on the first post's day (the campaign's start without a post)", async () => {
    // 2025-03-06 .. 03-31 (26 days); previous 2025-02-08 .. 03-05 holds B1's fee (first post 03-05), P1 and B4's fee (campaign start 03-01).
    const o = ok<{ data: KolOverview }>(
      await post(Api.kolOverview.path, { brand: BRAND, start: "2025-03-06", end: "2025-03-31" }), Api.kolOverview.response,
    ).data;
    expect(o.totals).toMatchObject({ cost: 3_000.5, posts: 2, kols: 2, views: 58_000, reach: 34_000, engagements: 2_200 + 800, sales: null, roi: null });
    expect(o.previous).toMatchObject({ cost: 30_000, posts: 1, kols: 2, views: 100_000, sales: 30_000, roi: 0.5 });
    expect(o.unit).toBe("day");
    expect(o.series).toHaveLength(26);
    expect(o.series.find((p) => p.start === "2025-03-10")).toMatchObject({ cost: 3_000.5, views: 8_000, posts: 1 });
    expect(o.series.find((p) => p.start === "2025-03-12")).toMatchObject({ cost: 0, views: 0, posts: 0 });
    expect(o.byPlatform.map((p) => [p.platform, p.views, p.cost])).toEqual([["tiktok", 50_000, 0], ["instagram", 8_000, 3_000.5]]);
    expect(o.byTier.map((t) => [t.tier, t.views])).toEqual([["nano", 8_000], ["micro", 50_000]]);
    // Spring overlaps the range (whole life, spend against budget); Winter does not.
    expect(o.campaigns.map((c) => [c.name, c.figures.cost, c.spentShare])).toEqual([["Spring", 33_000.5, 0.330005]]);
    expect(o.emv).toEqual({ views: 0.1, likes: 1, comments: 5, shares: 8, saves: 5, clicks: 3 });
  });

  it("narrows every figure to a platform", async () => {
    const o = (await post(Api.kolOverview.path, { brand: BRAND, start: "2025-03-06", end: "2025-03-31", platform: "tiktok" })).json.data;
    expect(o.totals).toMatchObject({ cost: 0, posts: 1, views: 50_000 });
    expect(o.previous).toMatchObject({ cost: 20_000, posts: 1, views: 100_000 });
    expect(o.campaigns[0].figures).toMatchObject({ cost: 20_000, views: 150_000, kols: 1 });
  });

  it("groups by week up to 366 days (Mondays), by month beyond", async () => {
    const w = (await post(Api.kolOverview.path, { brand: BRAND, start: "2025-01-01", end: "2025-04-03" })).json.data;
    expect(w.unit).toBe("week");
    expect(w.series[0].start).toBe("2025-01-01");
    expect(w.series[1].start).toBe("2025-01-06");
    expect(w.totals).toMatchObject({ cost: 33_000.5, posts: 3 });
    const m = (await post(Api.kolOverview.path, { brand: BRAND, start: "2024-01-01", end: "2025-12-31" })).json.data;
    expect(m.unit).toBe("month");
    expect(m.series).toHaveLength(24);
    expect(m.series.find((p: { start: string }) => p.start === "2024-12-01")).toMatchObject({ cost: 1_000, posts: 1 });
  });

  it("refuses a range that is not one, naming end", async () => {
    refused(await post(Api.kolOverview.path, { brand: BRAND, start: "2025-03-31", end: "2025-03-01" }), 400, "end");
    refused(await post(Api.kolOverview.path, { brand: BRAND, start: "2022-01-01", end: "2025-03-01" }), 400, "end");
  });
});

describe("EMV values: a setting of the brand", () => {
  it("starts at the defaults, and edited values change every EMV", async () => {
    const before = ok<{ data: unknown; updatedBy: string | null }>(await s.call("GET", `${Api.kolEmv.path}?brand=${encodeURIComponent(BRAND)}`, { token }), Api.kolEmv.response);
    expect(before).toMatchObject({ data: { views: 0.1, likes: 1 }, updatedAt: null, updatedBy: null });
    const values = { views: 0.25, likes: 2, comments: 0, shares: 0, saves: 0, clicks: 0.5 };
    const set = ok<{ data: unknown; updatedBy: string | null }>(await post(Api.updateKolEmv.path, { brand: BRAND, values }), Api.updateKolEmv.response);
    expect(set).toMatchObject({ data: values, updatedBy: "Demo User" });
    const d = (await post(Api.kolCampaign.path, { brand: BRAND, id: ids.a })).json.data;
    expect(d.figures.emv).toBe(158_000 * 0.25 + 7_600 * 2 + 1_000 * 0.5);
    expect(d.emv).toEqual(values);
    refused(await post(Api.updateKolEmv.path, { brand: BRAND, values: { ...values, views: -1 } }), 400, "values.views");
    await post(Api.updateKolEmv.path, { brand: BRAND, values: { views: 0.1, likes: 1, comments: 5, shares: 8, saves: 5, clicks: 3 } });
  });
});

describe("writes: field messages, deletes, events", () => {
  it("refuses bad drafts with 400 naming the field", async () => {
    const c = { name: "Bad", objective: "sales", budget: 1_000, start: "2025-05-10", end: "2025-05-01", status: "planned" };
    expect(refused(await post(Api.upsertKolCampaign.path, { brand: BRAND, campaign: c }), 400, "campaign.end")).toMatch(/must not be before the start/);
    refused(await post(Api.upsertKolCampaign.path, { brand: BRAND, campaign: { ...c, end: "2025-05-31", name: "  " } }), 400, "campaign.name");
    refused(await post(Api.upsertKolCampaign.path, { brand: BRAND, campaign: { ...c, end: "2025-05-31", budget: -5 } }), 400, "campaign.budget");
    const k = { name: "New", handle: "new one", platform: "tiktok", followers: 10, categories: [] };
    expect(refused(await post(Api.upsertKol.path, { brand: BRAND, kol: k }), 400, "kol.handle")).toMatch(/spaces/);
    refused(await post(Api.upsertKol.path, { brand: BRAND, kol: { ...k, handle: "new", followers: 1.5 } }), 400, "kol.followers");
    // Two KOLs of a brand cannot share a handle on one platform (any case, with or without @).
    expect(refused(await post(Api.upsertKol.path, { brand: BRAND, kol: { ...k, handle: "@PLOY.TT" } }), 400, "kol.handle")).toMatch(/already Ploy/);
    const b = { kolId: ids.k1, deliverables: "", fee: -1, status: "confirmed" };
    refused(await post(Api.upsertKolBooking.path, { brand: BRAND, campaignId: ids.a, booking: b }), 400, "booking.fee");
    refused(await post(Api.upsertKolBooking.path, { brand: BRAND, campaignId: ids.a, booking: { ...b, fee: 1, kolId: ids.otherKol } }), 400, "booking.kolId");
  });

  it("refuses to delete a KOL that has bookings, naming id", async () => {
    expect(refused(await post(Api.deleteKol.path, { brand: BRAND, id: ids.k2 }), 400, "id")).toMatch(/Mild has 2 bookings in campaigns: delete them first/);
  });

  it("writes every change as an event (created, updated, deleted), and deletes cascade", async () => {
    const id = await upsert("upsertKolCampaign", { brand: BRAND, campaign: { name: "Temp", objective: "awareness", budget: 5_000, start: "2025-06-01", end: "2025-06-30", status: "planned" } });
    const kolId = await upsert("upsertKol", { brand: BRAND, kol: { name: "Temp KOL", handle: "temp.kol", platform: "youtube", followers: 150_000, categories: [] } });
    const renamed = ok<{ data: { name: string; tier: string; handle: string } }>(
      await post(Api.upsertKol.path, { brand: BRAND, id: kolId, kol: { name: "Temp KOL 2", handle: "@temp.kol", platform: "youtube", followers: 150_000, categories: ["tech"] } }),
      Api.upsertKol.response,
    );
    expect(renamed.data).toMatchObject({ name: "Temp KOL 2", handle: "temp.kol", tier: "macro" });
    const bookingId = await upsert("upsertKolBooking", { brand: BRAND, campaignId: id, booking: { kolId, deliverables: "1 review", fee: 45_000, status: "proposed" } });
    await insertPost(bookingId, id, "https://y.example/t1", "2025-06-02T10:00:00+07:00", "2025-06-02", [10, 10, 1, 0, 0, 0, null, null]);
    expect((await post(Api.deleteKolBooking.path, { brand: BRAND, id: bookingId })).status).toBe(200);
    expect(await s.count("SELECT count(*)::int AS n FROM kol_posts WHERE booking_id = $1", [bookingId])).toBe(0);
    expect((await post(Api.deleteKol.path, { brand: BRAND, id: kolId })).status).toBe(200);
    expect((await post(Api.deleteKolCampaign.path, { brand: BRAND, id })).status).toBe(200);
    const events = (await s.storage.query<{ type: string; entity: string; actor: string }>(
      "SELECT type, entity, actor FROM events WHERE entity IN ('kol_campaign', 'kol', 'kol_booking') AND entity_key IN ($1, $2, $3) ORDER BY id",
      [String(id), String(kolId), String(bookingId)],
    )).rows.filter((e) => (e.entity === "kol_campaign") || (e.entity === "kol") || (e.entity === "kol_booking"));
    const types = events.map((e) => e.type);
    for (const t of ["kolCampaign.created", "kol.created", "kol.updated", "kolBooking.created", "kolBooking.deleted", "kol.deleted", "kolCampaign.deleted"]) expect(types).toContain(t);
    expect(events.every((e) => e.actor.startsWith("user:"))).toBe(true);
    const emv = await s.count("SELECT count(*)::int AS n FROM events WHERE entity = 'kol_emv' AND type = 'kolEmv.updated'");
    expect(emv).toBeGreaterThanOrEqual(2);
    expect((await post(Api.kolCampaign.path, { brand: BRAND, id })).status).toBe(404);
  });

  it("lists the brand's roster by name with tiers", async () => {
    const res = ok<{ data: Array<{ name: string; tier: string | null; handle: string }> }>(await s.call("GET", `${Api.kols.path}?brand=${encodeURIComponent(BRAND)}`, { token }), Api.kols.response);
    expect(res.data.map((k) => [k.name, k.tier])).toEqual([["Fah", "mega"], ["Mild", "nano"], ["Ploy", "micro"], ["Yo", null]]);
  });
});

describe("users see only their brands", () => {
  it("answers 403 naming brand for a brand that is not the user's", async () => {
    refused(await post(Api.kolCampaign.path, { brand: BRAND, id: ids.a }, tipcoOnly), 403, "brand");
    refused(await post(Api.kolOverview.path, { brand: OTHER, start: "2025-03-01", end: "2025-03-31" }), 403, "brand");
    refused(await s.call("GET", `${Api.kols.path}?brand=${encodeURIComponent(OTHER)}`, { token }), 403, "brand");
  });

  it("answers 404 for another brand's campaign, KOL or booking under the user's own brand, and changes nothing", async () => {
    refused(await post(Api.kolCampaign.path, { brand: BRAND, id: ids.otherCampaign }), 404, "id");
    refused(await post(Api.kolCampaign.path, { brand: "Tipco", id: ids.a }), 404, "id");
    refused(await post(Api.deleteKolCampaign.path, { brand: BRAND, id: ids.otherCampaign }), 404, "id");
    refused(await post(Api.deleteKol.path, { brand: BRAND, id: ids.otherKol }), 404, "id");
    refused(await post(Api.upsertKolBooking.path, { brand: BRAND, campaignId: ids.otherCampaign, booking: { kolId: ids.k1, deliverables: "", fee: 1, status: "proposed" } }), 404, "campaignId");
    refused(await post(Api.upsertKolCampaign.path, { brand: BRAND, id: ids.otherCampaign, campaign: { name: "Hijack", objective: "sales", budget: 1, start: "2025-01-01", end: "2025-01-02", status: "planned" } }), 404, "id");
    refused(await post(Api.deleteKolBooking.path, { brand: "Tipco", id: ids.b1 }), 404, "id");
    expect(await s.count("SELECT count(*)::int AS n FROM kol_campaigns WHERE name = 'Secret'")).toBe(1);
  });

  it("needs permission 6", async () => {
    expect((await post(Api.kolCampaign.path, { brand: "Tipco", id: 1 }, noKol)).status).toBe(403);
  });
});

describe("the demo", () => {
  it("gives every demo brand three campaigns over 2024–2025 with 10–40 KOLs each, a spread of CPE and tracked sales in the sale campaign", async () => {
    const overview = (await post(Api.kolOverview.path, { brand: "Aura", start: "2024-01-01", end: "2025-12-31" })).json.data;
    expect(overview.campaigns).toHaveLength(3);
    for (const brand of ["Tipco", "Aura", "Aura Move"]) {
      const list = (await post(Api.kolOverview.path, { brand, start: "2024-01-01", end: "2025-12-31" })).json.data.campaigns as Array<{ id: number; objective: string; start: string; end: string }>;
      expect(list, brand).toHaveLength(3);
      for (const c of list) {
        expect(c.start >= "2024-01-01" && c.end <= "2025-12-31").toBe(true);
        const d = (await post(Api.kolCampaign.path, { brand, id: c.id })).json.data;
        expect(d.kols.length, `${brand} ${c.id}`).toBeGreaterThanOrEqual(9);
        expect(d.bookings.length).toBeLessThanOrEqual(40);
        expect(d.bookings.length).toBeGreaterThanOrEqual(10);
        const cpes = d.kols.map((k: { cpe: number | null }) => k.cpe).filter((x: number | null): x is number => x !== null);
        expect(Math.max(...cpes) / Math.min(...cpes), `${brand} ${c.id} CPE spread`).toBeGreaterThanOrEqual(10);
        expect(new Set(d.kols.map((k: { tier: string }) => k.tier)).size).toBeGreaterThanOrEqual(3);
        if (c.objective === "sales") expect(d.figures.sales, `${brand} sale campaign`).toBeGreaterThan(0);
        expect(d.bookings.some((b: { status: string }) => b.status === "cancelled")).toBe(true);
      }
    }
  });
});
