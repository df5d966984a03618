// Ads & Automation (issue 15): POST /user/ads-figures over hand-made campaigns of a brand of its
// own (ratio of sums, zero denominators, satang sums, previous period, series units, filters,
// table levels with drill-down, sort and paging, access), and over the demo: its ads add up to
// the demo metrics of plan 'ads' (one source of truth), and its fatigued campaigns show rising
// frequency and CPM and falling CTR in the last weeks.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Schema } from "effect";
import { Api } from "../../domain/api";
import { addDays } from "../../domain/calendarDays";
import { bangkokDay } from "../../domain/dates";
import type { AdsFigures } from "../../domain/adsContract";
import { demoFatiguedCampaignId } from "../../server/demo/adsDemo";
import { startTestServer, type TestServer } from "../support/testServer";
import { ruleText } from "../../domain/adsRules";

let s: TestServer;
let token: string;

const BRAND = "Ads Shop";
const FB = "bag-adsshop-fb";
const TT = "bag-adsshop-tt";

/** [campaign, channel, bag, name, objective, status] */
const CAMPAIGNS: Array<[string, "facebook" | "tiktok", string, string, string, string]> = [
  ["C1", "facebook", FB, "Alpha Sales", "sales", "active"],
  ["C2", "facebook", FB, "Beta Traffic", "traffic", "paused"],
  ["C3", "tiktok", TT, "Gamma Views", "video_views", "ended"],
  ["C4", "facebook", FB, "Delta Idle", "awareness", "ended"],
];
/** [ad set, campaign, name, budget satang] */
const SETS: Array<[string, string, string, number | null]> = [
  ["S1", "C1", "Broad 25-44", 50_000], ["S2", "C1", "Retarget ATC", null], ["S3", "C2", "Link clicks", 20_000], ["S4", "C3", "Focused view", 10_000],
];
/** [ad, ad set, name, format] */
const ADS: Array<[string, string, string, string]> = [
  ["A1", "S1", "VDO 15s", "video"], ["A2", "S1", "Image ส่งฟรี", "image"], ["A3", "S2", "Carousel", "carousel"], ["A4", "S3", "Link image", "image"], ["A5", "S4", "Spark Ad", "video"],
];
/** [ad, day, spend satang, impressions, reach, clicks, views, results, result type, purchase value satang] */
const DAYS: Array<[string, string, number, number, number, number, number, number, string | null, number | null]> = [
  ["A1", "2024-03-01", 10_010, 1000, 500, 10, 100, 2, "Purchases", 120_000],
  ["A1", "2024-03-02", 20, 10, 10, 1, 0, 0, null, 0],
  ["A2", "2024-03-05", 3333, 100_000, 40_000, 100, 0, 1, "Purchases", 50_000],
  ["A3", "2024-03-10", 5000, 2000, 1000, 0, 0, 0, null, 0],
  ["A4", "2024-03-03", 1001, 0, 0, 0, 0, 0, null, null],
  ["A5", "2024-03-04", 20_000, 5000, 2500, 50, 3000, 3000, "ThruPlays", null],
  // The previous period (2024-02-20 .. 02-29) and after the range.
  ["A1", "2024-02-25", 1000, 100, 50, 1, 0, 0, null, 0],
  ["A1", "2024-03-11", 99_900, 9, 9, 9, 9, 9, "Purchases", 9],
];

async function seedHandData(): Promise<void> {
  const brand = (await s.storage.query<{ id: number }>("INSERT INTO brands (name) VALUES ($1) RETURNING id", [BRAND])).rows[0]!.id;
  await s.storage.query("INSERT INTO bags (id, brand_id, name, channel) VALUES ($1, $3, 'Shop FB', 'facebook'), ($2, $3, 'Shop TT', 'tiktok')", [FB, TT, brand]);
  const campaign = new Map(CAMPAIGNS.map((c) => [c[0], c]));
  const setOf = new Map(SETS.map((x) => [x[0], x]));
  const adOf = new Map(ADS.map((x) => [x[0], x]));
  for (const [id, channel, bag, name, objective, status] of CAMPAIGNS) {
    await s.storage.query("INSERT INTO ad_campaigns (brand_id, bag_id, channel, id, name, objective, status, source) VALUES ($1, $2, $3, $4, $5, $6, $7, 'csv')",
      [brand, bag, channel, id, name, objective, status]);
  }
  for (const [id, c, name, budget] of SETS) {
    await s.storage.query("INSERT INTO ad_sets (brand_id, bag_id, campaign_id, id, name, budget_satang, budget_kind, optimisation_goal, source) VALUES ($1, $2, $3, $4, $5, $6, $7, 'Purchase', 'csv')",
      [brand, campaign.get(c)![2], c, id, name, budget, budget === null ? null : "daily"]);
  }
  for (const [id, set, name, format] of ADS) {
    const c = setOf.get(set)![1];
    await s.storage.query("INSERT INTO ads (brand_id, bag_id, campaign_id, ad_set_id, id, name, format, source) VALUES ($1, $2, $3, $4, $5, $6, $7, 'csv')",
      [brand, campaign.get(c)![2], c, set, id, name, format]);
  }
  for (const [ad, day, spend, imp, reach, clicks, views, results, type, pv] of DAYS) {
    const set = adOf.get(ad)![1];
    const c = campaign.get(setOf.get(set)![1])!;
    await s.storage.query(
      `INSERT INTO ad_days (brand_id, bag_id, channel, campaign_id, ad_set_id, ad_id, day, spend_satang, impressions, reach, clicks, video_views, results, result_type, purchase_value_satang, source)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, 'csv')`,
      [brand, c[2], c[1], c[0], set, ad, day, spend, imp, reach, clicks, views, results, type, pv],
    );
  }
}

beforeAll(async () => {
  s = await startTestServer();
  await seedHandData();
  token = await s.addUser("ads@example.com", ["5"], [BRAND]);
});
afterAll(() => s.close());

const decode = Schema.decodeUnknownSync(Api.adsFigures.response);

function request(extra: Record<string, unknown> = {}) {
  return { brand: BRAND, start: "2024-03-01", end: "2024-03-10", channel: "All Channel", ...extra };
}

async function figures(body: Record<string, unknown>, tok = token): Promise<AdsFigures> {
  const res = await s.call("POST", "/user/ads-figures", { token: tok, body });
  expect(res.status, res.text).toBe(200);
  return decode(res.json).data;
}

describe("ads-figures over hand-made campaigns", () => {
  it("adds the range in satang and takes ratios of the sums", async () => {
    const f = await figures(request());
    const spend = 10_010 + 20 + 3333 + 5000 + 1001 + 20_000;
    const imp = 1000 + 10 + 100_000 + 2000 + 5000;
    const clicks = 10 + 1 + 100 + 50;
    const reach = 500 + 10 + 40_000 + 1000 + 2500;
    expect(f.totals).toEqual({
      spend: 393.64, impressions: imp, reach, clicks, videoViews: 3100, results: 3003, purchaseValue: 1700,
      ctr: clicks / imp, cpm: (393.64 / imp) * 1000, cpc: 393.64 / clicks, frequency: imp / reach, costPerResult: 393.64 / 3003, roas: 170_000 / spend,
    });
    // Not the mean of the daily CTRs of A1 (10 % and 1 %): the ratio of its sums.
    const ad = await figures(request({ level: "ad", parent: "S1", sort: "name", order: "asc" }));
    expect(ad.table.rows.map((r) => [r.id, r.spend, r.ctr])).toEqual([["A2", 33.33, 100 / 100_000], ["A1", 100.3, 11 / 1010]]);
  });

  it("gives null, not 0, for ratios over nothing, and no purchase value where none was given", async () => {
    const f = await figures(request({ campaigns: ["C2"] }));
    expect(f.totals).toMatchObject({ spend: 10.01, impressions: 0, ctr: null, cpm: null, cpc: null, frequency: null, costPerResult: null, roas: null, purchaseValue: null });
    const none = await figures(request({ start: "2024-01-01", end: "2024-01-31" }));
    expect(none.totals).toMatchObject({ spend: 0, ctr: null, cpm: null, cpc: null, frequency: null, costPerResult: null, roas: null });
    expect(none.table.rows).toEqual([]);
    expect(none.series).toHaveLength(31);
  });

  it("compares with the period of equal length just before", async () => {
    const f = await figures(request());
    expect(f.previous).toMatchObject({ spend: 10, impressions: 100, reach: 50, clicks: 1, results: 0, ctr: 0.01, costPerResult: null, roas: 0 });
  });

  it("makes the series by day up to 92 days, by Monday week up to 366, else by month", async () => {
    const d = await figures(request());
    expect(d.unit).toBe("day");
    expect(d.series).toHaveLength(10);
    expect(d.series[0]).toMatchObject({ start: "2024-03-01", spend: 100.1, impressions: 1000 });
    expect(d.series[3]).toMatchObject({ start: "2024-03-04", spend: 200 });
    const w = await figures(request({ end: "2024-06-08" }));
    expect(w.unit).toBe("week");
    expect(w.series.slice(0, 3).map((p) => [p.start, p.spend])).toEqual([["2024-03-01", 110.31], ["2024-03-04", 283.33], ["2024-03-11", 999]]);
    expect(w.series.reduce((t, p) => t + Math.round(p.spend * 100), 0)).toBe(Math.round(w.totals.spend * 100));
    const m = await figures(request({ start: "2024-02-15", end: "2025-03-20" }));
    expect(m.unit).toBe("month");
    expect(m.series.slice(0, 3).map((p) => [p.start, p.spend])).toEqual([["2024-02-15", 10], ["2024-03-01", 1392.64], ["2024-04-01", 0]]);
    expect(await figures(request({ start: "2024-01-01", end: "2024-04-01" }))).toMatchObject({ unit: "day" });
    expect(await figures(request({ start: "2024-01-01", end: "2024-04-02" }))).toMatchObject({ unit: "week" });
  });

  it("splits by channel and objective, and filters by channel, account, campaigns and objective", async () => {
    const f = await figures(request());
    expect(f.byChannel.map((c) => [c.channel, c.spend])).toEqual([["facebook", 193.64], ["tiktok", 200]]);
    expect(f.byObjective.map((c) => [c.objective, c.spend])).toEqual([["video_views", 200], ["sales", 183.63], ["traffic", 10.01]]);
    expect(f.campaigns.map((c) => c.id)).toEqual(["C1", "C2", "C4", "C3"]);
    const tt = await figures(request({ channel: "TikTok" }));
    expect(tt.totals.spend).toBe(200);
    expect(tt.campaigns.map((c) => c.id)).toEqual(["C3"]);
    expect((await figures(request({ accounts: [FB] }))).totals.spend).toBe(193.64);
    expect((await figures(request({ objective: "sales" }))).totals.spend).toBe(183.63);
    expect((await figures(request({ campaigns: ["C1", "C3"] }))).totals.spend).toBe(383.63);
  });

  it("answers the campaign table sorted with nulls last, paged, with result types", async () => {
    const f = await figures(request());
    expect(f.table).toMatchObject({ level: "campaign", campaign: null, adSet: null, total: 3, page: 1, pageSize: 20, sort: "spend", order: "desc" });
    expect(f.table.rows.map((r) => [r.id, r.name, r.objective, r.status, r.resultType, r.spend])).toEqual([
      ["C3", "Gamma Views", "video_views", "ended", "ThruPlays", 200],
      ["C1", "Alpha Sales", "sales", "active", "Purchases", 183.63],
      ["C2", "Beta Traffic", "traffic", "paused", null, 10.01],
    ]);
    const asc = await figures(request({ sort: "cpc", order: "asc" }));
    expect(asc.table.rows.map((r) => r.id)).toEqual(["C1", "C3", "C2"]);
    const desc = await figures(request({ sort: "cpc", order: "desc" }));
    expect(desc.table.rows.map((r) => r.id)).toEqual(["C3", "C1", "C2"]);
    const page = await figures(request({ pageSize: 1, page: 2 }));
    expect(page.table).toMatchObject({ total: 3, page: 2, pageSize: 1 });
    expect(page.table.rows.map((r) => r.id)).toEqual(["C1"]);
    expect((await figures(request({ pageSize: 2, page: 3 }))).table.rows).toEqual([]);
  });

  it("drills down to ad sets and ads with the breadcrumb", async () => {
    const sets = await figures(request({ level: "adSet", parent: "C1" }));
    expect(sets.table.campaign).toEqual({ id: "C1", name: "Alpha Sales" });
    expect(sets.table.adSet).toBeNull();
    expect(sets.table.rows.map((r) => [r.id, r.name, r.spend, r.budget, r.budgetKind, r.optimisationGoal, r.campaignId])).toEqual([
      ["S1", "Broad 25-44", 133.63, 500, "daily", "Purchase", "C1"],
      ["S2", "Retarget ATC", 50, null, null, "Purchase", "C1"],
    ]);
    // The totals stay those of the view; only the table drills down.
    expect(sets.totals.spend).toBe(393.64);
    const ads = await figures(request({ level: "ad", parent: "S1" }));
    expect(ads.table.campaign).toEqual({ id: "C1", name: "Alpha Sales" });
    expect(ads.table.adSet).toEqual({ id: "S1", name: "Broad 25-44" });
    expect(ads.table.rows.map((r) => [r.id, r.name, r.format, r.spend])).toEqual([["A1", "VDO 15s", "video", 100.3], ["A2", "Image ส่งฟรี", "image", 33.33]]);
  });

  it("refuses a drill-down without its parent or into one out of view (400 naming parent)", async () => {
    for (const body of [request({ level: "adSet" }), request({ level: "adSet", parent: "C3", channel: "Facebook" }), request({ level: "ad", parent: "S9" })]) {
      const res = await s.call("POST", "/user/ads-figures", { token, body });
      expect(res.status).toBe(400);
      expect(res.json.message).toMatch(/^parent: /);
    }
    const res = await s.call("POST", "/user/ads-figures", { token, body: request({ end: "2024-02-01" }) });
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/^end: /);
  });

  it("needs permission 5 and one of the user's brands", async () => {
    const no5 = await s.addUser("ads-no5@example.com", ["1", "2", "3", "4", "6", "7", "8", "9"], [BRAND]);
    const res = await s.call("POST", "/user/ads-figures", { token: no5, body: request() });
    expect(res.status).toBe(403);
    const other = await s.call("POST", "/user/ads-figures", { token, body: request({ brand: "Tipco" }) });
    expect(other.status).toBe(403);
    expect(other.json).toMatchObject({ error: "forbidden", message: 'brand: "Tipco" is not one of your brands' });
    const demo = (await s.login()).access_token;
    const hidden = await s.call("POST", "/user/ads-figures", { token: demo, body: request() });
    expect(hidden.status).toBe(403);
  });
});

describe("ads-figures over the demo", () => {
  it("splits every demo account-day exactly into its ads (the metrics of plan 'ads' are their sums)", async () => {
    await figures({ brand: "Tipco", start: "2024-01-01", end: "2024-01-31", channel: "All Channel" }, (await s.login()).access_token);
    const bad = await s.storage.query<{ bag_id: string; day: string }>(
      `WITH a AS (SELECT bag_id, day, sum(spend_satang) AS s, sum(impressions) AS i, sum(reach) AS r, sum(clicks) AS c, sum(video_views) AS v
                    FROM ad_days WHERE source = 'demo' GROUP BY 1, 2),
            m AS (SELECT bag_id, day, round(sum(value) FILTER (WHERE metric = 'spend') * 100) AS s, sum(value) FILTER (WHERE metric = 'impression') AS i,
                         sum(value) FILTER (WHERE metric = 'reach') AS r, sum(value) FILTER (WHERE metric = 'click') AS c, sum(value) FILTER (WHERE metric = 'view') AS v
                    FROM metrics WHERE plan = 'ads' AND source = 'demo' GROUP BY 1, 2)
       SELECT bag_id, to_char(day, 'YYYY-MM-DD') AS day FROM a FULL JOIN m USING (bag_id, day)
        WHERE a.s IS DISTINCT FROM m.s OR a.i IS DISTINCT FROM m.i OR a.r IS DISTINCT FROM m.r OR a.c IS DISTINCT FROM m.c OR a.v IS DISTINCT FROM m.v
        LIMIT 5`,
    );
    expect(bad.rows).toEqual([]);
    const counts = (await s.storage.query<{ bags: number; first: string; last: string }>(
      "SELECT count(DISTINCT bag_id)::int AS bags, to_char(min(day), 'YYYY-MM-DD') AS first, to_char(max(day), 'YYYY-MM-DD') AS last FROM ad_days WHERE source = 'demo'",
    )).rows[0]!;
    expect(counts).toEqual({ bags: 8, first: "2023-01-01", last: bangkokDay(new Date()) });
  });

  it("answers the demo figures with the series and table adding up to the totals", async () => {
    const demo = (await s.login()).access_token;
    const today = bangkokDay(new Date());
    const f = await figures({ brand: "Tipco", start: addDays(today, -364), end: today, channel: "All Channel", pageSize: 100 }, demo);
    expect(f.unit).toBe("week");
    const satang = (x: number) => Math.round(x * 100);
    expect(f.series.reduce((t, p) => t + satang(p.spend), 0)).toBe(satang(f.totals.spend));
    expect(f.table.rows.reduce((t, r) => t + satang(r.spend), 0)).toBe(satang(f.totals.spend));
    expect(f.byChannel.reduce((t, r) => t + r.impressions, 0)).toBe(f.totals.impressions);
    const names = f.campaigns.map((c) => c.name);
    expect(names).toContain("Tipco Always-on Sales");
    expect(names).toContain("Messages – LINE OA");
    expect(names.some((n) => n.startsWith("11.11 Mega Sale"))).toBe(true);
    expect(f.totals.roas).toBeGreaterThan(0);
  });

  it("shows each brand's fatigued campaign: frequency and CPM up, CTR down over its weeks", async () => {
    const demo = (await s.login()).access_token;
    const today = bangkokDay(new Date());
    for (const [brand, bag] of [["Tipco", "bag-tipco-fb-1"], ["Aura", "bag-aura-fb-1"], ["Aura Move", "bag-auramove-fb-1"]] as const) {
      const id = demoFatiguedCampaignId(bag);
      const week = async (end: string) => (await figures({ brand, start: addDays(end, -6), end, channel: "Facebook", campaigns: [id] }, demo)).totals;
      const first = await week(addDays(today, -52));
      const last = await week(today);
      expect(last.frequency!).toBeGreaterThan(3);
      expect(first.frequency!).toBeLessThan(3);
      expect(last.cpm!).toBeGreaterThan(first.cpm! * 1.3);
      expect(last.ctr!).toBeLessThan(first.ctr! * 0.5);
      expect(last.spend).toBeGreaterThan(0);
    }
  });

  it("are continued to today by the demo top-up, which then evaluates the brand's rules over the new days", async () => {
    const t = await startTestServer();
    try {
      const today = bangkokDay(new Date());
      const cut = addDays(today, -4);
      const sums = async () => (await t.storage.query<{ n: number; spend: string }>(
        "SELECT count(*)::int AS n, sum(spend_satang)::text AS spend FROM ad_days WHERE source = 'demo' AND day >= $1::date", [cut],
      )).rows[0]!;
      const before = await sums();
      expect(before.n).toBeGreaterThan(0);
      await t.storage.query("DELETE FROM ad_days WHERE source = 'demo' AND day >= $1::date", [cut]);
      await t.storage.query("DELETE FROM metrics WHERE source = 'demo' AND day >= $1::date", [cut]);
      const brand = (await t.storage.query<{ id: number }>("SELECT id FROM brands WHERE name = 'Tipco'")).rows[0]!.id;
      const rule = { name: "Frequency", scope: { kind: "brand" as const }, metric: "frequency" as const, condition: "above" as const, threshold: 3, windowDays: 7 };
      const ruleId = (await t.storage.query<{ id: number }>(
        "INSERT INTO ads_rules (brand_id, name, scope, metric, condition, threshold, window_days) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
        [brand, rule.name, JSON.stringify(rule.scope), rule.metric, rule.condition, rule.threshold, rule.windowDays],
      )).rows[0]!.id;
      expect(ruleText(rule)).toBe("Frequency above 3 over the last 7 days");
      const demo = (await t.login()).access_token;
      const res = await t.call("POST", "/user/ads-figures", { token: demo, body: { brand: "Tipco", start: cut, end: today, channel: "All Channel" } });
      expect(res.status).toBe(200);
      expect(await sums()).toEqual(before);
      const alerts = (await t.storage.query<{ campaign_key: string; day: string }>(
        "SELECT campaign_key, to_char(day, 'YYYY-MM-DD') AS day FROM ads_alerts WHERE rule_id = $1 ORDER BY day", [ruleId],
      )).rows;
      expect(alerts.map((a) => a.day)).toEqual([0, 1, 2, 3, 4].map((n) => addDays(cut, n)));
      expect(new Set(alerts.map((a) => a.campaign_key))).toEqual(new Set([demoFatiguedCampaignId("bag-tipco-fb-1")]));
    } finally {
      await t.close();
    }
  });
});
