// POST /user/import-metrics and GET /user/metrics-summary over the real app, on both storages.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Schema } from "effect";
import { Api } from "../../domain/api";
import { ImportMetricsRefusal, MAX_LISTED_ROW_ERRORS, PLAN_METRICS, type MetricKey, type MetricPlan } from "../../domain/metrics";
import { METRICS_IMPORT_MAX_BYTES } from "../../server/services/metrics";
import { DEMO_ADS_METRICS, DEMO_MA_METRICS } from "../../server/demo/seed";
import { adsWorkbook, fixture, utf8 } from "../fixtures/metrics/build";
import { startTestServer, type TestServer } from "../support/testServer";
import { rezipped, xlsxBomb } from "../fixtures/zipBomb";

let s: TestServer;
let token: string;
let auraToken: string;
let noKpiToken: string;
beforeAll(async () => {
  s = await startTestServer();
  token = (await s.login()).access_token;
  auraToken = await s.addUser("aura.kpi@example.com", ["1", "9"], ["Aura"]);
  noKpiToken = await s.addUser("nokpi.metrics@example.com", ["1", "2"], ["Tipco"]);
});
afterAll(() => s.close());

type Res = Awaited<ReturnType<TestServer["call"]>>;

function importFile(bytes: Uint8Array, fields: Record<string, string> = {}, tok: string | null = token, name = "export.csv") {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)]), name);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return s.call("POST", Api.importMetrics.path, { ...(tok ? { token: tok } : {}), rawBody: form });
}

const summary = (query: Record<string, string>, tok = token) =>
  s.call("GET", `${Api.metricsSummary.path}?${new URLSearchParams(query)}`, { token: tok });

/** The total of one plan and metric in a summary answer. */
const totalOf = (res: Res, plan: MetricPlan, metric: MetricKey): number =>
  (res.json.data[plan] as Array<{ metric: string; total: number }>).find((m) => m.metric === metric)!.total;

async function sqlSum(where: string, params: unknown[] = []): Promise<number> {
  const res = await s.storage.query<{ n: number | string | null }>(`SELECT coalesce(sum(value), 0)::float8 AS n FROM metrics WHERE ${where}`, params);
  return Math.round(Number(res.rows[0]?.n ?? 0) * 100) / 100;
}

/** Count and checksum of the whole table: proves that a refused import wrote nothing. */
const fingerprint = async () =>
  (await s.storage.query<{ n: number; total: number; last: string }>(
    "SELECT count(*)::int AS n, coalesce(sum(value), 0)::float8 AS total, coalesce(max(updated_at)::text, '') AS last FROM metrics",
  )).rows[0];

function expectImported(res: Res) {
  expect(res.status, res.text).toBe(200);
  const body = Schema.decodeUnknownSync(Api.importMetrics.response)(res.json);
  expect(body.msg).toBe("Import Success");
  return body.data;
}

function expectRefused(res: Res, status: number, message: RegExp) {
  expect(res.status, res.text).toBe(status);
  const body = Schema.decodeUnknownSync(ImportMetricsRefusal)(res.json);
  expect(body.message).toMatch(message);
  expect(res.text).not.toMatch(/^\s*at\s|node_modules|\/work\/|\/tmp\//m);
  return body;
}

const ADS_EN_TOTALS = { spend: 4881.5, impression: 63_765, reach: 47_804, click: 790, view: 11_800, engagement: 2181, leadgen: 20, conversion: 8, inbox: 38 };

describe("Meta Ads Manager reports", () => {
  const range = { start: "2025-09-01", end: "2025-09-03", brand: "Tipco", channel: "Facebook", bags: "bag-tipco-fb-1" };

  it("imports the English CSV: totals row dropped, every value inserted, demo series of the account replaced", async () => {
    const data = expectImported(await importFile(fixture("meta-ads-en.csv"), { account: "bag-tipco-fb-1" }));
    expect(data).toMatchObject({ format: "meta-ads", encoding: "utf-8", rows: 6, values: 50, inserted: 50, updated: 0, unchanged: 0, first: "2025-09-01", last: "2025-09-03" });
    expect(data.demoRemoved).toBeGreaterThan(0);
    expect(data.notes).toContainEqual({ line: 2, reason: "totals row (first row without a campaign or ad) left out" });
    expect(await s.count("SELECT count(*)::int AS n FROM metrics WHERE bag_id = 'bag-tipco-fb-1' AND plan = 'ads' AND source = 'demo'")).toBe(0);

    const sum = await summary(range);
    expect(sum.status, sum.text).toBe(200);
    for (const [metric, total] of Object.entries(ADS_EN_TOTALS)) expect(totalOf(sum, "ads", metric as MetricKey), metric).toBe(total);
    const spend = (sum.json.data.ads as Array<{ metric: string; series: unknown[]; days: number }>).find((m) => m.metric === "spend")!;
    expect(spend.days).toBe(3);
    expect(spend.series).toEqual([{ date: "2025-09-01", value: 1890.5 }, { date: "2025-09-02", value: 2010.75 }, { date: "2025-09-03", value: 980.25 }]);
  });

  it("is idempotent: the same file again inserts and changes nothing", async () => {
    const before = await fingerprint();
    const data = expectImported(await importFile(fixture("meta-ads-en.csv"), { account: "bag-tipco-fb-1" }));
    expect(data).toMatchObject({ inserted: 0, updated: 0, unchanged: 50, demoRemoved: 0 });
    expect(await fingerprint()).toEqual(before);
    const sum = await summary(range);
    for (const [metric, total] of Object.entries(ADS_EN_TOTALS)) expect(totalOf(sum, "ads", metric as MetricKey), metric).toBe(total);
  });

  it("overwrites on a re-export with changed numbers (and adds a value that was '-' before)", async () => {
    const data = expectImported(await importFile(fixture("meta-ads-en-reexport.csv"), { account: "bag-tipco-fb-1" }));
    expect(data).toMatchObject({ values: 51, inserted: 1, updated: 1, unchanged: 49 });
    const sum = await summary(range);
    expect(totalOf(sum, "ads", "spend")).toBe(4881.5 - 1310 + 1355);
    expect(totalOf(sum, "ads", "conversion")).toBe(8 + 4);
    expect(totalOf(sum, "ads", "impression")).toBe(ADS_EN_TOTALS.impression);
  });

  it("imports the Thai CSV: Thai headers, รวมทั้งหมด dropped, Results counted through their indicator", async () => {
    const data = expectImported(await importFile(fixture("meta-ads-th.csv"), { account: "bag-tipco-fb-2" }));
    expect(data).toMatchObject({ format: "meta-ads", rows: 4, values: 22, inserted: 22 });
    expect(data.notes).toContainEqual({ line: 6, reason: "totals row left out" });
    const sum = await summary({ start: "2025-09-09", end: "2025-09-10", brand: "Tipco", bags: "bag-tipco-fb-2" });
    expect(Object.fromEntries(["spend", "impression", "reach", "click", "conversion", "inbox"].map((m) => [m, totalOf(sum, "ads", m as MetricKey)])))
      .toEqual({ spend: 6151, impression: 76_650, reach: 56_720, click: 2070, conversion: 22, inbox: 44 });
  });

  it("imports an XLSX report", async () => {
    const data = expectImported(await importFile(adsWorkbook(), { account: "bag-auramove-fb-1" }, token, "Raw-Data-Report.xlsx"));
    expect(data).toMatchObject({ format: "meta-ads", encoding: "xlsx", rows: 2, values: 10, inserted: 10 });
    const sum = await summary({ start: "2025-10-10", end: "2025-10-11", brand: "Aura Move", bags: "bag-auramove-fb-1" });
    expect(totalOf(sum, "ads", "spend")).toBe(3131);
    expect(totalOf(sum, "ads", "leadgen")).toBe(20);
  });

  it("recognises the format from the content, not the name", async () => {
    const data = expectImported(await importFile(fixture("meta-ads-th.csv"), { account: "bag-tipco-fb-2" }, token, "report.xlsx"));
    expect(data).toMatchObject({ format: "meta-ads", encoding: "utf-8", unchanged: 22 });
  });

  it("refuses whole-range rows with the lines and a reason naming the Day breakdown; nothing written", async () => {
    const before = await fingerprint();
    const body = expectRefused(await importFile(fixture("meta-ads-range.csv"), { account: "bag-tipco-fb-1" }), 400, /^file: 2 rows cannot be imported, so nothing was imported$/);
    expect(body.rows.map((r) => r.line)).toEqual([2, 3]);
    expect(body.rows[0]!.reason).toMatch(/not one day: export with the breakdown By time → Day/);
    expect(await fingerprint()).toEqual(before);
  });

  it("refuses another currency", async () => {
    const body = expectRefused(await importFile(fixture("meta-ads-usd.csv"), { account: "bag-tipco-fb-1" }), 400, /file: line 1: Amount spent is in USD/);
    expect(body.rows).toEqual([{ line: 1, reason: "Amount spent is in USD: only accounts that spend in THB can be imported" }]);
  });

  it("refuses the same ad and day twice (a breakdown by age or placement) with both lines", async () => {
    const csv = "Day,Ad ID,Age,Impressions\n2025-09-05,120210000000000001,18-24,100\n2025-09-05,120210000000000001,25-34,200\n";
    const body = expectRefused(await importFile(utf8(csv), { account: "bag-tipco-fb-1" }), 400, /1 row cannot be imported/);
    expect(body.rows).toEqual([{ line: 3, reason: "Ad ID 120210000000000001 on 2025-09-05 is already on line 2: export with the Day breakdown only (no age, gender, placement or other breakdown)" }]);
  });

  it("needs the account for a Meta file, and refuses a TikTok account", async () => {
    expectRefused(await importFile(fixture("meta-ads-en.csv")), 400, /^account: is required for a Meta Ads Manager report/);
    expectRefused(await importFile(fixture("meta-ads-en.csv"), { account: "bag-tipco-tt-3" }), 400, /^account: bag-tipco-tt-3 is a TikTok account/);
  });

  it("ignores a page for ads figures, and says so", async () => {
    const data = expectImported(await importFile(fixture("meta-ads-en.csv"), { account: "bag-tipco-fb-1", page: "bag-tipco-fb-1-p1" }));
    expect(data.notes[0]).toEqual({ line: 0, reason: "ads figures belong to the whole account: the page was not used" });
    expect(data.inserted).toBe(0);
  });
});

describe("Meta Business Suite page series and posts", () => {
  it("imports the UTF-16 LE follows series onto a page, replacing that page's demo follower series", async () => {
    const data = expectImported(await importFile(fixture("meta-page-follows.csv"), { account: "bag-tipco-fb-1", page: "bag-tipco-fb-1-p2" }));
    expect(data).toMatchObject({ format: "meta-page", encoding: "utf-16le", rows: 7, values: 7, first: "2025-08-01", last: "2025-08-07" });
    // The demo series used the same key (the page id), so the seven days were overwritten, the rest removed.
    expect(data.inserted + data.updated).toBe(7);
    expect(await s.count("SELECT count(*)::int AS n FROM metrics WHERE page_id = 'bag-tipco-fb-1-p2' AND metric = 'follower' AND source = 'demo'")).toBe(0);
    expect(await s.count("SELECT count(*)::int AS n FROM metrics WHERE page_id = 'bag-tipco-fb-1-p2' AND metric = 'reach' AND source = 'demo'")).toBeGreaterThan(1000);
    const sum = await summary({ start: "2025-08-01", end: "2025-08-31", brand: "Tipco", pages: "bag-tipco-fb-1-p2" });
    expect(totalOf(sum, "ma", "follower")).toBe(162);
    expect(await sqlSum("page_id = 'bag-tipco-fb-1-p2' AND metric = 'follower'")).toBe(162);
  });

  it("imports the older 'Interactions' series as engagement, leaving out the undefined day", async () => {
    const data = expectImported(await importFile(fixture("meta-page-interactions.csv"), { account: "bag-tipco-fb-1", page: "bag-tipco-fb-1-p3" }));
    expect(data).toMatchObject({ values: 2 });
    expect(data.notes).toContainEqual({ line: 6, reason: "no value; row left out" });
    expect(await sqlSum("page_id = 'bag-tipco-fb-1-p3' AND metric = 'engagement' AND day BETWEEN '2025-08-01' AND '2025-08-03'")).toBe(1204 + 987);
  });

  it("refuses Facebook visits with the line of the metric name", async () => {
    const body = expectRefused(await importFile(fixture("meta-page-visits.csv"), { account: "bag-tipco-fb-1" }), 400, /Facebook visits/);
    expect(body.rows).toEqual([{ line: 2, reason: expect.stringMatching(/has no KPI parameter/) }]);
  });

  it("imports the post export keyed by Post ID, and overwrites on a re-export", async () => {
    const data = expectImported(await importFile(fixture("meta-posts.csv"), { account: "bag-tipco-fb-1", page: "bag-tipco-fb-1-p1" }));
    expect(data).toMatchObject({ format: "meta-post", rows: 3, values: 11, inserted: 11 });
    expect(await sqlSum("source = 'meta-post' AND metric = 'view'")).toBe(45_690);
    const again = expectImported(await importFile(fixture("meta-posts.csv"), { account: "bag-tipco-fb-1", page: "bag-tipco-fb-1-p1" }));
    expect(again).toMatchObject({ inserted: 0, unchanged: 11 });
    const text = new TextDecoder().decode(fixture("meta-posts.csv")).replace("\"22,050\",\"22,050\"", "\"23,000\",\"22,050\"");
    const changed = expectImported(await importFile(utf8(text), { account: "bag-tipco-fb-1", page: "bag-tipco-fb-1-p1" }));
    expect(changed).toMatchObject({ inserted: 0, updated: 1, unchanged: 10 });
    expect(await sqlSum("source = 'meta-post' AND metric = 'view'")).toBe(45_690 - 22_050 + 23_000);
  });

  it("refuses a page that is not in the account", async () => {
    expectRefused(await importFile(fixture("meta-page-follows.csv"), { account: "bag-tipco-fb-1", page: "bag-tipco-fb-2-p1" }), 400, /^page: "bag-tipco-fb-2-p1" is not a page of account bag-tipco-fb-1$/);
    expectRefused(await importFile(fixture("meta-page-follows.csv"), { page: "bag-tipco-fb-1-p1" }), 400, /^page: a page needs its account/);
  });
});

describe("the documented CSV", () => {
  it("imports values for several accounts and pages, then a second time changes nothing", async () => {
    const first = expectImported(await importFile(fixture("documented.csv")));
    expect(first).toMatchObject({ format: "csv", rows: 7, values: 7 });
    // These keys are the demo series' own keys: the demo values of those days are overwritten.
    expect(first.inserted + first.updated).toBe(7);
    expect(first.notes).toEqual([{ line: 9, reason: "value is empty; row left out" }]);
    expect(await sqlSum("source_key = 'bag-aura-fb-1-p1' AND metric = 'reach' AND day = '2025-10-01'")).toBe(12_500);
    const before = await fingerprint();
    expect(expectImported(await importFile(fixture("documented.csv")))).toMatchObject({ inserted: 0, updated: 0, unchanged: 7, demoRemoved: 0 });
    expect(await fingerprint()).toEqual(before);
    const sum = await summary({ start: "2025-10-01", end: "2025-10-02", brand: "Aura", channel: "Facebook", bags: "bag-aura-fb-1" });
    expect(totalOf(sum, "ads", "spend")).toBe(6200);
    expect(totalOf(sum, "ma", "reach")).toBe(await sqlSum("bag_id = 'bag-aura-fb-1' AND plan = 'ma' AND metric = 'reach' AND day BETWEEN '2025-10-01' AND '2025-10-02'"));
  });

  it("refuses a file with bad rows: 400, each line with its reason, and nothing written", async () => {
    const before = await fingerprint();
    const body = expectRefused(await importFile(fixture("documented-bad.csv")), 400, /^file: 7 rows cannot be imported, so nothing was imported$/);
    expect(body.error).toBe("invalid");
    expect(body.rows).toEqual([
      { line: 3, reason: "date: \"2025-02-30\" must be an existing date written YYYY-MM-DD" },
      { line: 4, reason: expect.stringMatching(/^metric: "likes" is not one of reach, /) },
      { line: 5, reason: "metric: spend is a figure of the ads plan only" },
      { line: 6, reason: "value: \"abc\" is not a number" },
      { line: 7, reason: "value: must not be negative for click" },
      { line: 9, reason: "page_id: \"bag-tipco-fb-1-p1\" is not a page of account bag-aura-fb-1" },
      { line: 10, reason: "reach of bag-aura-fb-1-p1 (ma) on 2025-10-01 is already on line 2" },
    ]);
    expect(await fingerprint()).toEqual(before);
  });

  it("lists at most 100 problems and says there are more", async () => {
    const lines = Array.from({ length: 150 }, (_v, i) => `2025-10-01,bag-aura-fb-1,,ads,spend,x${i}`);
    const body = expectRefused(await importFile(utf8(`date,account_id,page_id,plan,metric,value\n${lines.join("\n")}\n`)), 400, /150 rows cannot be imported, so nothing was imported \(the first 100 problems are listed\)/);
    expect(body.rows).toHaveLength(MAX_LISTED_ROW_ERRORS);
  });

  it("fills an empty account_id from the chosen account and refuses a different one", async () => {
    const csv = "date,account_id,page_id,plan,metric,value\n2022-12-01,,,ads,spend,10\n2022-12-01,bag-aura-fb-2,,ads,click,3\n";
    const body = expectRefused(await importFile(utf8(csv), { account: "bag-aura-fb-1" }), 400, /1 row cannot be imported/);
    expect(body.rows).toEqual([{ line: 3, reason: "account_id: bag-aura-fb-2 is not the account chosen for the import (bag-aura-fb-1)" }]);
    const ok = expectImported(await importFile(utf8(csv.split("\n").slice(0, 2).join("\n")), { account: "bag-aura-fb-1" }));
    expect(ok).toMatchObject({ inserted: 1, first: "2022-12-01" });
  });
});

describe("brands and permissions", () => {
  it("refuses an account of another brand, and an unknown one, with the same 403", async () => {
    const other = expectRefused(await importFile(fixture("meta-ads-en.csv"), { account: "bag-tipco-fb-1" }, auraToken), 403, /^account: "bag-tipco-fb-1" is not an account of your brands$/);
    expect(other.error).toBe("forbidden");
    expectRefused(await importFile(fixture("meta-ads-en.csv"), { account: "bag-nope-9" }, auraToken), 403, /^account: "bag-nope-9" is not an account of your brands$/);
  });

  it("refuses documented rows of another brand's account, row by row", async () => {
    const csv = "date,account_id,page_id,plan,metric,value\n2025-10-01,bag-aura-fb-1,,ads,spend,10\n2025-10-01,bag-tipco-fb-1,,ads,spend,10\n";
    const body = expectRefused(await importFile(utf8(csv), {}, auraToken), 400, /1 row cannot be imported/);
    expect(body.rows).toEqual([{ line: 3, reason: "account_id: \"bag-tipco-fb-1\" is not an account of your brands" }]);
  });

  it("needs permission 9 to import, and only a sign-in to read the summary", async () => {
    expectRefused(await importFile(fixture("documented.csv"), {}, noKpiToken), 403, /permission 9 is required for \/user\/import-metrics/);
    expect((await summary({ start: "2025-01-01", end: "2025-01-31" }, noKpiToken)).status).toBe(200);
    expect((await importFile(fixture("documented.csv"), {}, null)).status).toBe(401);
    expect((await s.call("GET", `${Api.metricsSummary.path}?start=2025-01-01&end=2025-01-02`)).status).toBe(401);
  });

  it("shows a user only their brands' figures", async () => {
    const q = { start: "2024-01-01", end: "2024-01-31" };
    const mine = await summary(q, auraToken);
    expect(mine.json.data.brands).toEqual(["Aura"]);
    expect(totalOf(mine, "ma", "reach")).toBe(await sqlSum("brand_id = (SELECT id FROM brands WHERE name = 'Aura') AND plan = 'ma' AND metric = 'reach' AND day BETWEEN '2024-01-01' AND '2024-01-31'"));
    const res = await summary({ ...q, brand: "Tipco" }, auraToken);
    expect(res.status).toBe(403);
    expect(res.json.message).toBe("brand: \"Tipco\" is not one of your brands");
    // Another brand's ids in the filters match nothing.
    expect(totalOf(await summary({ ...q, bags: "bag-tipco-fb-1" }, auraToken), "ads", "spend")).toBe(0);
  });
});

describe("the CLI's scope (any brand, or the one given with --brand)", () => {
  const cli = (brand?: string) => ({ cli: true as const, ...(brand ? { brand } : {}) });

  it("takes an account of any brand by id, or by its exact name within --brand", async () => {
    const byId = await s.deps.metrics.importFile(fixture("meta-page-interactions.csv"), { account: "bag-auramove-fb-1" }, cli());
    expect(byId).toMatchObject({ format: "meta-page", values: 2 });
    const byName = await s.deps.metrics.importFile(fixture("meta-page-interactions.csv"), { account: "Aura Move Official" }, cli("Aura Move"));
    expect(byName).toMatchObject({ unchanged: 2 });
  });

  it("refuses an account outside --brand, and an unknown brand", async () => {
    await expect(s.deps.metrics.importFile(fixture("meta-ads-en.csv"), { account: "bag-tipco-fb-1" }, cli("Aura"))).rejects.toThrow(/no account "bag-tipco-fb-1" in brand Aura/);
    await expect(s.deps.metrics.importFile(fixture("documented.csv"), {}, cli("Pepsi"))).rejects.toThrow(/no brand named "Pepsi"/);
  });
});

describe("GET /user/metrics-summary", () => {
  const q = { start: "2024-01-01", end: "2024-03-31", brand: "Aura Move" };
  const auraMove = "brand_id = (SELECT id FROM brands WHERE name = 'Aura Move') AND day BETWEEN '2024-01-01' AND '2024-03-31'";

  it("answers the contract: every measured parameter per plan, with spend for ads", async () => {
    const res = await summary(q);
    expect(res.status, res.text).toBe(200);
    const body = Schema.decodeUnknownSync(Api.metricsSummary.response)(res.json);
    expect(body.data.ma.map((m) => m.metric)).toEqual([...PLAN_METRICS.ma]);
    expect(body.data.ads.map((m) => m.metric)).toEqual([...PLAN_METRICS.ads]);
    expect(body.data).toMatchObject({ start: "2024-01-01", end: "2024-03-31", brands: ["Aura Move"], channel: "All Channel" });
  });

  it("totals equal the sum of the seeded rows, per plan and metric, and the series holds every day", async () => {
    const res = await summary(q);
    for (const plan of ["ma", "ads"] as const) {
      for (const m of res.json.data[plan] as Array<{ metric: string; total: number; days: number; series: Array<{ value: number }> }>) {
        expect(m.total, `${plan} ${m.metric}`).toBe(await sqlSum(`${auraMove} AND plan = $1 AND metric = $2`, [plan, m.metric]));
        const seeded = (plan === "ma" ? DEMO_MA_METRICS : DEMO_ADS_METRICS).includes(m.metric as never);
        expect(m.days, `${plan} ${m.metric}`).toBe(seeded ? 91 : 0);
        expect(Math.round(m.series.reduce((a, p) => a + p.value, 0) * 100) / 100).toBe(m.total);
      }
    }
  });

  it("filters by channel, account and page (pages narrow the MA figures only)", async () => {
    const tiktok = await summary({ ...q, channel: "TikTok" });
    expect(totalOf(tiktok, "ma", "view")).toBe(await sqlSum(`${auraMove} AND channel = 'tiktok' AND plan = 'ma' AND metric = 'view'`));
    const bag = await summary({ ...q, bags: "bag-auramove-tt-2" });
    expect(totalOf(bag, "ads", "spend")).toBe(await sqlSum(`${auraMove} AND bag_id = 'bag-auramove-tt-2' AND metric = 'spend'`));
    const page = await summary({ ...q, pages: "bag-auramove-tt-2-p1" });
    expect(totalOf(page, "ma", "view")).toBe(await sqlSum(`${auraMove} AND page_id = 'bag-auramove-tt-2-p1' AND metric = 'view'`));
    expect(totalOf(page, "ads", "spend")).toBe(totalOf(await summary(q), "ads", "spend"));
  });

  it("reports no data as days 0, not as a missing metric", async () => {
    const res = await summary({ start: "2015-01-01", end: "2015-01-31" });
    expect((res.json.data.ads as Array<{ days: number; total: number; last: null }>).every((m) => m.days === 0 && m.total === 0 && m.last === null)).toBe(true);
  });

  it.each([
    ["no start", { end: "2024-01-01" }, "start"],
    ["an end before the start", { start: "2024-01-02", end: "2024-01-01" }, "end"],
    ["a day that does not exist", { start: "2024-02-30", end: "2024-03-01" }, "start"],
    ["more than ten years", { start: "2010-01-01", end: "2024-01-01" }, "end"],
    ["an unknown channel", { start: "2024-01-01", end: "2024-01-02", channel: "LINE" }, "channel"],
  ])("answers 400 naming the field for %s", async (_label, query, field) => {
    const res = await summary(query as Record<string, string>);
    expect(res.status, res.text).toBe(400);
    expect(res.json.message.startsWith(`${field}: `), res.json.message).toBe(true);
  });
});

describe("bad input never gets a 500", () => {
  const send = (body: FormData | string, headers: Record<string, string> = {}) =>
    s.call("POST", Api.importMetrics.path, { token, rawBody: body, headers });
  const formWith = (parts: Array<[string, Blob | string]>) => {
    const f = new FormData();
    for (const [k, v] of parts) f.append(k, v);
    return f;
  };

  it.each([
    ["an empty file", new Uint8Array(), /^file: is empty$/],
    ["random bytes", new Uint8Array(Array.from({ length: 300 }, (_v, i) => (i * 7919) % 256)), /file: /],
    ["a broken XLSX", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 9, 9, 9, 9]), /could not be read as XLSX/],
    ["an HTML page", utf8("<html><body>hi</body></html>"), /not a recognised metrics file/],
    ["a header without rows", utf8("date,account_id,page_id,plan,metric,value\n"), null],
    ["a CSV with an unclosed quote", utf8("date,account_id,page_id,plan,metric,value\n\"2025-01-01,bag-aura-fb-1,,ads,spend,1\n"), /file: /],
  ])("answers %s cleanly", async (_label, bytes, message) => {
    const res = await importFile(bytes as Uint8Array);
    expect(res.status).toBeLessThan(500);
    if (message === null) {
      expect(res.status, res.text).toBe(200);
      expect(res.json.data).toMatchObject({ rows: 0, values: 0, inserted: 0 });
    } else {
      expectRefused(res, 400, message);
    }
  });

  it.each([
    ["JSON instead of multipart", () => send(JSON.stringify({ file: "x" }), { "Content-Type": "application/json" }), /^body: must be multipart\/form-data/],
    ["no file", () => send(formWith([["account", "bag-aura-fb-1"]])), /^file: exactly one file is required/],
    ["two files", () => send(formWith([["file", new Blob(["a"])], ["other", new Blob(["b"])]])), /^file: exactly one file is required/],
    ["a repeated account", () => send(formWith([["file", new Blob(["a"])], ["account", "a"], ["account", "b"]])), /^account: must be given once$/],
    ["an unknown field", () => send(formWith([["file", new Blob(["a"])], ["hacker", "1"]])), /^hacker: /],
    ["a NUL in the account", () => send(formWith([["file", new Blob(["a"])], ["account", "bag\u0000x"]])), /^account: must not contain NUL/],
    ["an over-long account", () => send(formWith([["file", new Blob(["a"])], ["account", "b".repeat(101)]])), /^account: /],
  ])("refuses %s with 400", async (_label, run, message) => {
    expectRefused(await run(), 400, message);
  });

  it.each([
    ["declaring its 2 GB honestly", undefined, /^file: the workbook unpacks to 2,048 MB, more than the 200 MB a workbook may unpack to/],
    ["declaring 10,000 bytes", 10_000, /^file: the workbook's part xl\/worksheets\/sheet1\.xml unpacks to more than the 10,000 bytes it declares: the file is a decompression bomb or damaged$/],
  ])("refuses a workbook whose sheet is 2 GB of zeros %s (a decompression bomb) with 400, and writes nothing", async (_label, declared, message) => {
    const before = await fingerprint();
    expectRefused(await importFile(xlsxBomb(adsWorkbook(), "xl/worksheets/sheet1.xml", 2048, declared), { account: "bag-auramove-fb-1" }, token, "report.xlsx"), 400, message);
    expect(await fingerprint()).toEqual(before);
  });

  it("still reads a normal workbook whose ZIP is rebuilt", async () => {
    expect(expectImported(await importFile(rezipped(adsWorkbook()), { account: "bag-auramove-fb-1" }, token, "report.xlsx"))).toMatchObject({ format: "meta-ads", rows: 2, values: 10 });
  });

  it("refuses a file over the size limit with 413", async () => {
    const res = await importFile(new Uint8Array(METRICS_IMPORT_MAX_BYTES + 1));
    expect(res.status).toBe(413);
    expect(res.json.message).toMatch(/^file: /);
  });
});

describe("the delimiter is the header line's", () => {
  // A title line above a `;` or tab header: the delimiter was taken from the title line.
  it.each([
    ["semicolons", ";", "2022-07-02"],
    ["tabs", "\t", "2022-07-03"],
  ])("reads a documented CSV with a title line above a header delimited by %s", async (_label, d, day) => {
    const text = `Tipco reach, July 2022\n${["date", "account_id", "page_id", "plan", "metric", "value"].join(d)}\n${[day, "bag-tipco-fb-1", "bag-tipco-fb-1-p1", "ma", "reach", "1,250"].join(d)}\n`;
    expect(expectImported(await importFile(utf8(text)))).toMatchObject({ format: "csv", rows: 1, values: 1 });
    expect(await sqlSum("source_key = 'bag-tipco-fb-1-p1' AND metric = 'reach' AND day = $1", [day])).toBe(1250);
  });
});

describe("a row with more or fewer cells than its header", () => {
  const HEADER = "date,account_id,page_id,plan,metric,value";
  // The documented row with an unquoted thousands separator was answered 200 with reach stored as 31.
  it.each([
    ["an unquoted thousands separator (7 cells)", `${HEADER}\n2022-07-01,bag-tipco-fb-1,bag-tipco-fb-1-p1,ma,reach,31,970\n`, 2, "has 7 cells but the header (line 1) has 6: a value holding the delimiter must be in quotes, e.g. \"31,970\""],
    ["a missing value (5 cells)", `${HEADER}\n2022-07-01,bag-tipco-fb-1,bag-tipco-fb-1-p1,ma,reach,10\n2022-07-01,bag-tipco-fb-1,bag-tipco-fb-1-p1,ma,engagement\n`, 3, "has 5 cells but the header (line 1) has 6"],
    ["a Meta Ads report row with an extra cell", "Day,Campaign name,Amount spent (THB)\n2022-07-01,Promo,1,200\n", 2, "has 4 cells but the header (line 1) has 3: a value holding the delimiter must be in quotes, e.g. \"31,970\""],
  ])("refuses %s with its line, and writes nothing", async (_label, csv, line, reason) => {
    const before = await fingerprint();
    const body = expectRefused(await importFile(utf8(csv), { account: "bag-tipco-fb-1" }), 400, /^file: 1 row cannot be imported, so nothing was imported$/);
    expect(body.rows).toEqual([{ line, reason }]);
    expect(await fingerprint()).toEqual(before);
  });

  it("reads a quoted \"31,970\" as 31970, and accepts empty cells after the last column as far as the header line has them (as Excel writes)", async () => {
    const csv = `${HEADER},,\n2022-07-01,bag-tipco-fb-1,bag-tipco-fb-1-p1,ma,reach,"31,970"\n2022-07-01,bag-tipco-fb-1,bag-tipco-fb-1-p1,ma,engagement,12,,\n`;
    expect(expectImported(await importFile(utf8(csv)))).toMatchObject({ format: "csv", rows: 2, values: 2 });
    expect(await sqlSum("source_key = 'bag-tipco-fb-1-p1' AND metric = 'reach' AND day = '2022-07-01'")).toBe(31_970);
    expect(await sqlSum("source_key = 'bag-tipco-fb-1-p1' AND metric = 'engagement' AND day = '2022-07-01'")).toBe(12);
  });
});
