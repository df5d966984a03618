// POST /user/import-ads over the real app and storage, on both storages: campaigns, ad sets, ads and
// their days from the platforms' reports and the documented CSV, with the account's ads metrics
// kept in step, the demo replaced, and refusals that write nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Schema } from "effect";
import { Api } from "../../domain/api";
import { ImportAdsRefusal } from "../../domain/adsImport";
import { fixture, metaThaiWorkbook, tiktokWorkbook, utf16le, utf8 } from "../fixtures/ads/build";
import { startTestServer, type TestServer } from "../support/testServer";

let s: TestServer;
let token: string;
let tipcoToken: string;
let viewerToken: string;
beforeAll(async () => {
  s = await startTestServer();
  token = (await s.login()).access_token;
  tipcoToken = await s.addUser("tipco.ads@example.com", ["1", "5"], ["Tipco"]);
  viewerToken = await s.addUser("viewer.ads@example.com", ["1", "3"], ["Tipco"]);
});
afterAll(() => s.close());

type Res = Awaited<ReturnType<TestServer["call"]>>;

function importFile(bytes: Uint8Array, fields: Record<string, string>, tok: string | null = token, name = "report.csv") {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)]), name);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return s.call("POST", Api.importAds.path, { ...(tok ? { token: tok } : {}), rawBody: form });
}

function expectImported(res: Res) {
  expect(res.status, res.text).toBe(200);
  const body = Schema.decodeUnknownSync(Api.importAds.response)(res.json);
  expect(body.msg).toBe("Import Success");
  return body.data;
}

function expectRefused(res: Res, status: number, message: RegExp) {
  expect(res.status, res.text).toBe(status);
  const body = Schema.decodeUnknownSync(ImportAdsRefusal)(res.json);
  expect(body.message).toMatch(message);
  expect(res.text).not.toMatch(/^\s*at\s|node_modules|\/work\/|\/tmp\//m);
  return body;
}

const q = async <T extends object>(sql: string, params: unknown[] = []) => (await s.storage.query<T>(sql, params)).rows;

/** Count and checksum of the ad tables and the metrics: proves that a refused import wrote nothing. */
const fingerprint = async () =>
  (await q<{ campaigns: number; sets: number; ads: number; days: number; metrics: number; spend: string; last: string }>(
    `SELECT (SELECT count(*)::int FROM ad_campaigns) AS campaigns, (SELECT count(*)::int FROM ad_sets) AS sets, (SELECT count(*)::int FROM ads) AS ads,
            (SELECT count(*)::int FROM ad_days) AS days, (SELECT count(*)::int FROM metrics) AS metrics,
            (SELECT coalesce(sum(spend_satang), 0)::text FROM ad_days) AS spend,
            greatest((SELECT coalesce(max(updated_at)::text, '') FROM ad_days), (SELECT coalesce(max(updated_at)::text, '') FROM metrics)) AS last`,
  ))[0];

/**
 * The account's ad days summed per day next to its `metrics` of plan ads summed per day: the two
 * must agree (one source of truth), results counted under the metric of their type.
 */
async function inStep(bag: string) {
  const rows = await q<{ day: string; metric: string; days: string; metrics: string | null }>(
    `WITH d AS (
       SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(spend_satang)::numeric / 100 AS spend, sum(impressions)::numeric AS impression,
              sum(reach)::numeric AS reach, sum(clicks)::numeric AS click, sum(video_views)::numeric AS view
         FROM ad_days WHERE bag_id = $1 GROUP BY day),
     m AS (
       SELECT to_char(day, 'YYYY-MM-DD') AS day, metric, sum(value) AS value FROM metrics WHERE bag_id = $1 AND plan = 'ads' GROUP BY day, metric)
     SELECT d.day, x.metric, x.value::text AS days, m.value::text AS metrics
       FROM d CROSS JOIN LATERAL (VALUES ('spend', d.spend), ('impression', d.impression), ('reach', d.reach), ('click', d.click), ('view', d.view)) AS x(metric, value)
       LEFT JOIN m ON m.day = d.day AND m.metric = x.metric
      ORDER BY d.day, x.metric`, [bag],
  );
  expect(rows.length).toBeGreaterThan(0);
  for (const r of rows) expect(Number(r.metrics ?? 0), `${r.metric} on ${r.day}`).toBe(Number(r.days));
  // No metric value of the account without an ad day behind it.
  const orphans = await q<{ n: number }>(
    `SELECT count(*)::int AS n FROM metrics m WHERE m.bag_id = $1 AND m.plan = 'ads'
        AND NOT EXISTS (SELECT 1 FROM ad_days d WHERE d.bag_id = $1 AND d.day = m.day)`, [bag],
  );
  expect(orphans[0]!.n).toBe(0);
}

describe("Meta Ads Manager report (English CSV)", () => {
  const bag = "bag-tipco-fb-1";

  it("had demo campaigns and metrics before", async () => {
    expect((await q<{ n: number }>("SELECT count(*)::int AS n FROM ad_days WHERE bag_id = $1 AND source = 'demo'", [bag]))[0]!.n).toBeGreaterThan(0);
  });

  it("imports campaigns, ad sets, ads and days; the account's demo goes; the metrics follow the ad days", async () => {
    const data = expectImported(await importFile(fixture("meta-ads-en.csv"), { account: bag }));
    expect(data).toMatchObject({
      format: "meta-ads", encoding: "utf-8", account: bag, rows: 9, campaigns: 2, adSets: 2, ads: 3, inserted: 9, updated: 0, unchanged: 0,
      first: "2025-09-01", last: "2025-09-03", alerts: 0,
    });
    expect(data.demoRemoved).toBeGreaterThan(0);
    expect(data.notes).toContainEqual({ line: 2, reason: "totals row (the first row, without a campaign or ad) left out" });
    expect(await q("SELECT count(*)::int AS n FROM ad_days WHERE bag_id = $1 AND source = 'demo'", [bag])).toEqual([{ n: 0 }]);
    expect(await q("SELECT count(*)::int AS n FROM metrics WHERE bag_id = $1 AND plan = 'ads' AND source = 'demo'", [bag])).toEqual([{ n: 0 }]);
    expect(await q("SELECT id, name, objective, status, to_char(start_day, 'YYYY-MM-DD') AS start, to_char(stop_day, 'YYYY-MM-DD') AS stop, source FROM ad_campaigns WHERE bag_id = $1 ORDER BY id", [bag])).toEqual([
      { id: "120210000000000100", name: "Tipco September Sale", objective: "sales", status: "paused", start: "2025-09-01", stop: null, source: "meta-ads" },
      { id: "120210000000000200", name: "Tipco Chat Sept", objective: "messages", status: "ended", start: "2025-09-01", stop: "2025-09-03", source: "meta-ads" },
    ]);
    expect(await q("SELECT id, budget_satang::int AS budget, budget_kind FROM ad_sets WHERE bag_id = $1 ORDER BY id", [bag])).toEqual([
      { id: "120210000000000010", budget: 150_000, budget_kind: "daily" }, { id: "120210000000000020", budget: null, budget_kind: null },
    ]);
    expect(await q("SELECT spend_satang::int AS spend, results::int AS results, result_type, purchase_value_satang::int AS pv FROM ad_days WHERE ad_id = '120210000000000001' AND day = '2025-09-03'"))
      .toEqual([{ spend: 98_026, results: 9, result_type: "Purchases", pv: 540_000 }]);
    // The account's metrics of the day under the account's ads key, results as conversions and messages as inbox.
    expect(await q("SELECT metric, value::float8 AS value, source FROM metrics WHERE plan = 'ads' AND bag_id = $1 AND day = '2025-09-03' ORDER BY metric", [bag])).toEqual([
      { metric: "click", value: 606, source: "meta-ads" }, { metric: "conversion", value: 9, source: "meta-ads" }, { metric: "impression", value: 23_190, source: "meta-ads" },
      { metric: "inbox", value: 15, source: "meta-ads" }, { metric: "reach", value: 16_846, source: "meta-ads" }, { metric: "spend", value: 2125.71, source: "meta-ads" },
      { metric: "view", value: 3300, source: "meta-ads" },
    ]);
    expect(await q("SELECT DISTINCT source_key FROM metrics WHERE plan = 'ads' AND bag_id = $1", [bag])).toEqual([{ source_key: `${bag}|ads` }]);
    await inStep(bag);
  });

  it("the same file twice changes nothing", async () => {
    const before = await fingerprint();
    const data = expectImported(await importFile(fixture("meta-ads-en.csv"), { account: bag }));
    expect(data).toMatchObject({ rows: 9, inserted: 0, updated: 0, unchanged: 9, demoRemoved: 0 });
    expect(await fingerprint()).toEqual(before);
  });

  it("takes the file as UTF-16 too; a changed figure is an update, and an ads metric of those days that is not the ad days' goes", async () => {
    const changed = new TextDecoder().decode(fixture("meta-ads-en.csv")).replace('"980.255","12,110"', '"990.00","12,110"');
    const data = expectImported(await importFile(new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(changed.replace(/^\uFEFF/, ""), "utf16le")])), { account: bag }));
    expect(data).toMatchObject({ encoding: "utf-16le", inserted: 0, updated: 1, unchanged: 8 });
    expect(expectImported(await importFile(utf16le("meta-ads-en.csv"), { account: bag }))).toMatchObject({ updated: 1, unchanged: 8 });
    // Values a metrics import of the same report wrote per ad (`<account>|ad:<Ad ID>`) would count twice beside the ad days': the next import removes them.
    await s.storage.query(
      `INSERT INTO metrics (brand_id, bag_id, page_id, channel, plan, metric, day, value, source, source_key)
       SELECT brand_id, id, NULL, channel, 'ads', x.metric, '2025-09-02', 77, 'meta-ads', id || '|ad:120210000000000002'
         FROM bags, (VALUES ('engagement'), ('spend')) AS x(metric) WHERE id = $1`, [bag],
    );
    const again = expectImported(await importFile(fixture("meta-ads-en.csv"), { account: bag }));
    expect(again).toMatchObject({ updated: 0, unchanged: 9 });
    expect(again.notes).toContainEqual({ line: 0, reason: "2 other ads metric values of the account on these days removed: its ad days are its figures now (a metrics import's values, a result no ad day counts any more)" });
    expect(await q("SELECT count(*)::int AS n FROM metrics WHERE source_key = $1", [`${bag}|ad:120210000000000002`])).toEqual([{ n: 0 }]);
    await inStep(bag);
  });

  it("the ads figures read what was imported", async () => {
    const res = await s.call("POST", Api.adsFigures.path, { token, body: { brand: "Tipco", start: "2025-09-01", end: "2025-09-03", channel: "Facebook", accounts: [bag] } });
    expect(res.status, res.text).toBe(200);
    const figures = Schema.decodeUnknownSync(Api.adsFigures.response)(res.json).data;
    expect(figures.totals.spend).toBe(8412.36);
    expect(figures.totals.impressions).toBe(98_230);
  });
});

describe("refusals write nothing", () => {
  it("lists every bad row with its line; nothing is written", async () => {
    const before = await fingerprint();
    const body = expectRefused(await importFile(fixture("meta-ads-bad.csv"), { account: "bag-tipco-fb-2" }), 400, /^file: 5 rows cannot be imported, so nothing was imported$/);
    expect(body.rows.map((r) => r.line)).toEqual([3, 4, 5, 6, 7]);
    expect(body.rows[0]).toEqual({ line: 3, reason: 'Amount spent (THB): "-5" is negative' });
    expect(await fingerprint()).toEqual(before);
  });

  it.each([
    ["another currency", () => fixture("meta-ads-usd.csv"), "bag-tipco-fb-2", 400, /^file: line 1: Amount spent is in USD: only accounts that spend in THB can be imported$/],
    ["no ads file", () => utf8("a,b\n1,2"), "bag-tipco-fb-2", 400, /^file: is not a recognised ads file/],
    ["a Meta report into a TikTok account", () => fixture("meta-ads-en.csv"), "bag-tipco-tt-3", 400, /^account: bag-tipco-tt-3 is a TikTok account; a Meta Ads Manager report belongs to a Facebook account$/],
    ["an unknown account", () => fixture("meta-ads-en.csv"), "bag-nope-1", 403, /^account: "bag-nope-1" is not an account of your brands$/],
  ])("refuses %s", async (_label, bytes, account, status, message) => {
    const before = await fingerprint();
    expectRefused(await importFile(bytes(), { account }), status, message);
    expect(await fingerprint()).toEqual(before);
  });

  it("refuses an ad id another account of the brand holds, at the row that gives it", async () => {
    const before = await fingerprint();
    const body = expectRefused(await importFile(fixture("meta-ads-en.csv"), { account: "bag-tipco-fb-2" }), 400, /cannot be imported/);
    expect(body.rows).toContainEqual({ line: 3, reason: "ad 120210000000000001 belongs to another account of Tipco (bag-tipco-fb-1): import the file into that account" });
    expect(await fingerprint()).toEqual(before);
  });

  it("answers 403 without permission 5, and for another brand's account; 401 without a token", async () => {
    expectRefused(await importFile(fixture("documented.csv"), { account: "bag-tipco-fb-2" }, viewerToken), 403, /^permission 5 is required for \/user\/import-ads$/);
    expectRefused(await importFile(fixture("documented.csv"), { account: "bag-aura-fb-1" }, tipcoToken), 403, /^account: "bag-aura-fb-1" is not an account of your brands$/);
    expect((await importFile(fixture("documented.csv"), { account: "bag-tipco-fb-2" }, null)).status).toBe(401);
    expectRefused(await importFile(fixture("documented.csv"), {}), 400, /^account: /);
  });
});

describe("Thai headers, TikTok and the documented CSV", () => {
  it("imports a Meta report with Thai headers from a workbook", async () => {
    const data = expectImported(await importFile(metaThaiWorkbook(), { account: "bag-aura-fb-1" }, token, "report.xlsx"));
    expect(data).toMatchObject({ format: "meta-ads", encoding: "xlsx", rows: 4, campaigns: 1, ads: 2, inserted: 4, first: "2025-09-09", last: "2025-09-10" });
    expect(await q("SELECT name, objective FROM ad_campaigns WHERE bag_id = 'bag-aura-fb-1'")).toEqual([{ name: "แคมเปญ ลดราคา 9.9", objective: "messages" }]);
    await inStep("bag-aura-fb-1");
  });

  it("imports a TikTok CSV (no ids of campaigns and ad groups) and a TikTok workbook", async () => {
    const csv = expectImported(await importFile(fixture("tiktok-ads.csv"), { account: "bag-tipco-tt-3" }));
    expect(csv).toMatchObject({ format: "tiktok-ads", rows: 6, campaigns: 2, adSets: 2, ads: 3, inserted: 6 });
    expect(await q("SELECT DISTINCT source, channel FROM ad_days WHERE bag_id = 'bag-tipco-tt-3'")).toEqual([{ source: "tiktok-ads", channel: "tiktok" }]);
    expect(await q("SELECT DISTINCT source FROM metrics WHERE bag_id = 'bag-tipco-tt-3' AND plan = 'ads'")).toEqual([{ source: "tiktok-ads" }]);
    await inStep("bag-tipco-tt-3");
    expect(expectImported(await importFile(fixture("tiktok-ads.csv"), { account: "bag-tipco-tt-3" }))).toMatchObject({ inserted: 0, updated: 0, unchanged: 6 });

    const xlsx = expectImported(await importFile(tiktokWorkbook(), { account: "bag-aura-tt-3" }, token, "report.xlsx"));
    expect(xlsx).toMatchObject({ format: "tiktok-ads", encoding: "xlsx", rows: 3, inserted: 3 });
    expect(await q("SELECT id, objective FROM ad_campaigns WHERE bag_id = 'bag-aura-tt-3' ORDER BY id")).toEqual([
      { id: "1849000000000000100", objective: "leads" }, { id: "1849000000000000200", objective: "video_views" },
    ]);
    expect(await q("SELECT sum(value)::int AS n FROM metrics WHERE bag_id = 'bag-aura-tt-3' AND plan = 'ads' AND metric = 'leadgen'")).toEqual([{ n: 89 }]);
    await inStep("bag-aura-tt-3");
  });

  it("imports the documented CSV into a Facebook account", async () => {
    const data = expectImported(await importFile(fixture("documented.csv"), { account: "bag-auramove-fb-1" }));
    expect(data).toMatchObject({ format: "csv", rows: 4, campaigns: 2, inserted: 4 });
    expect(await q("SELECT id, format FROM ads WHERE bag_id = 'bag-auramove-fb-1' ORDER BY id")).toEqual([
      { id: "am-lead-dec-a1", format: "image" }, { id: "am-sale-dec-a1", format: "video" },
    ]);
    expect(await q("SELECT id, objective, status FROM ad_campaigns WHERE bag_id = 'bag-auramove-fb-1' ORDER BY id")).toEqual([
      { id: "am-lead-dec", objective: "leads", status: "active" }, { id: "am-sale-dec", objective: "sales", status: "paused" },
    ]);
    await inStep("bag-auramove-fb-1");
  });
});

describe("the metrics import of the same days after an ads import", () => {
  it("replaces the ads import's values of those days and metrics: KPI progress never counts a day twice", async () => {
    const bag = "bag-aura-fb-1";
    expectImported(await importFile(fixture("meta-ads-en.csv"), { account: bag }));
    const spendOf = async () => (await q<{ n: number }>(
      "SELECT round(sum(value), 2)::float8 AS n FROM metrics WHERE bag_id = $1 AND plan = 'ads' AND metric = 'spend' AND day BETWEEN '2025-09-01' AND '2025-09-03'", [bag],
    ))[0]!.n;
    const afterAds = await spendOf();
    expect(afterAds).toBe(8412.36);

    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(fixture("meta-ads-en.csv"))]), "report.csv");
    form.append("account", bag);
    const res = await s.call("POST", Api.importMetrics.path, { token, rawBody: form });
    expect(res.status, res.text).toBe(200);
    // The report's spend once, now under its per-ad keys; the account's '|ads' spend of those days is gone.
    expect(await spendOf()).toBe(afterAds);
    expect(await q("SELECT count(*)::int AS n FROM metrics WHERE source_key = $1 AND metric = 'spend' AND day BETWEEN '2025-09-01' AND '2025-09-03'", [`${bag}|ads`])).toEqual([{ n: 0 }]);
  });
});
