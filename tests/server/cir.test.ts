import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Schema } from "effect";
import { Api } from "../../domain/api";
import { SECTION_SOURCE_KEYS, type Report, type SectionResult } from "../../domain/cirContract";
import { defaultSegmentRules, rfmWeightsOf, UNASSIGNED } from "../../domain/rfm";
import { packCustomers, scoreRfm } from "../../domain/rfmScores";
import { startTestServer, type TestServer } from "../support/testServer";

let s: TestServer;
let owner: string; // the demo user: every brand and permission
let reader: string; // holds Tipco and permission 2 (and E-Commerce 7, not Ads 5)
let outsider: string; // permission 2, not Tipco
let noCir: string; // Tipco, no permission 2
let ownerId: number;
let readerId: number;

beforeAll(async () => {
  s = await startTestServer();
  owner = (await s.login()).access_token;
  reader = await s.addUser("cir-reader@example.com", ["2", "7"], ["Tipco"]);
  outsider = await s.addUser("cir-outsider@example.com", ["2", "5", "7"], ["Aura"]);
  noCir = await s.addUser("cir-nocir@example.com", ["1", "7"], ["Tipco"]);
  const ids = await s.storage.query<{ id: number; email: string }>("SELECT id, email FROM users WHERE email IN ('demo@example.com', 'cir-reader@example.com')");
  ownerId = Number(ids.rows.find((r) => r.email === "demo@example.com")!.id);
  readerId = Number(ids.rows.find((r) => r.email === "cir-reader@example.com")!.id);
});
afterAll(() => s.close());

const MARCH = { kind: "fixed", start: "2024-03-01", end: "2024-03-31" } as const;
const view = (brand = "Tipco", range: unknown = { kind: "report" }) => ({ brand, range });
const source = (id: string, src: string, brand = "Tipco", range?: unknown) => ({ type: "source", id, source: src, view: view(brand, range) });
const note = (id: string, text = "Our comment") => ({ type: "text", id, text });

const post = (path: string, body: unknown, token = owner) => s.call("POST", path, { token, body });
const get = (path: string, token = owner) => s.call("GET", path, { token });

async function create(body: Record<string, unknown> = {}, token = owner): Promise<Report> {
  const res = await post("/user/create-cir-report", { title: "March review", brand: "Tipco", range: MARCH, ...body }, token);
  expect(res.status, res.text).toBe(200);
  Schema.decodeUnknownSync(Api.createCirReport.response)(res.json);
  return res.json.data as Report;
}
const update = (body: Record<string, unknown>, token = owner) => post("/user/update-cir-report", body, token);
const share = async (r: Report) => (await update({ id: r.id, version: r.version, visibility: "brand" })).json.data as Report;

describe("CRUD", () => {
  it("creates a private report owned by the caller, reads it back and lists it", async () => {
    const r = await create({ sections: [source("a", "ecommerce.figures"), note("b")] });
    expect(r).toMatchObject({ title: "March review", brand: "Tipco", range: MARCH, visibility: "private", canEdit: true, version: 0 });
    expect(r.owner.email).toBe("demo@example.com");
    expect(r.sections.map((x) => x.id)).toEqual(["a", "b"]);
    const got = await get(`/user/cir-report?id=${r.id}`);
    expect(got.status).toBe(200);
    Schema.decodeUnknownSync(Api.cirReport.response)(got.json);
    expect(got.json.data).toEqual(r);
    const list = await get("/user/cir-reports?q=march&owner=me");
    Schema.decodeUnknownSync(Api.cirReports.response)(list.json);
    expect(list.json.data.find((x: { id: number }) => x.id === r.id)).toMatchObject({ title: "March review", sections: 2, canEdit: true });
    expect((await get("/user/cir-reports?q=nothing-like-this")).json.data).toEqual([]);
  });

  it("renames, and a write on a stale version answers 409 and changes nothing", async () => {
    const r = await create();
    const renamed = await update({ id: r.id, version: r.version, title: "April review" });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json.data).toMatchObject({ title: "April review", version: r.version + 1 });
    const stale = await update({ id: r.id, version: r.version, title: "Lost change" });
    expect(stale.status).toBe(409);
    expect(stale.json.message).toContain("version");
    expect((await get(`/user/cir-report?id=${r.id}`)).json.data.title).toBe("April review");
  });

  it("two writes on the same version at once: one is saved, the other answers 409", async () => {
    const r = await create();
    const answers = await Promise.all([
      update({ id: r.id, version: r.version, title: "From tab one" }),
      update({ id: r.id, version: r.version, title: "From tab two" }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const saved = answers.find((a) => a.status === 200)!.json.data.title;
    expect((await get(`/user/cir-report?id=${r.id}`)).json.data).toMatchObject({ title: saved, version: r.version + 1 });
  });

  it("reorders the sections: the same sections in the new order", async () => {
    const r = await create({ sections: [note("a", "one"), source("b", "ads.figures"), note("c", "three")] });
    const res = await update({ id: r.id, version: r.version, sections: [r.sections[2], r.sections[0], r.sections[1]] });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.sections).toEqual([r.sections[2], r.sections[0], r.sections[1]]);
  });

  it("adds a section at the end; a repeated section id is refused", async () => {
    const r = await create({ sections: [note("a")] });
    const res = await post("/user/add-cir-section", { id: r.id, section: source("chart1", "ecommerce.gmv") });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.sections.map((x: { id: string }) => x.id)).toEqual(["a", "chart1"]);
    expect(res.json.data.version).toBe(r.version + 1);
    const again = await post("/user/add-cir-section", { id: r.id, section: note("chart1") });
    expect(again.status).toBe(400);
    expect(again.json.message).toContain("section.id");
  });

  it("a report holds at most 50 sections: the 51st added is refused", async () => {
    const r = await create({ sections: Array.from({ length: 50 }, (_, i) => note(`n${i}`)) });
    const res = await post("/user/add-cir-section", { id: r.id, section: note("n50") });
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/^section: .*50/);
    expect((await get(`/user/cir-report?id=${r.id}`)).json.data.sections).toHaveLength(50);
  });

  it("duplicates a report as a private copy owned by the caller", async () => {
    const r = await share(await create({ title: "Shared original", sections: [note("a")] }));
    const copy = await post("/user/duplicate-cir-report", { id: r.id }, reader);
    expect(copy.status, copy.text).toBe(200);
    expect(copy.json.data).toMatchObject({ title: "Copy of Shared original", visibility: "private", canEdit: true, sections: r.sections });
    expect(copy.json.data.owner.email).toBe("cir-reader@example.com");
    expect(copy.json.data.id).not.toBe(r.id);
    // The copy is the reader's own: the owner of the original does not see it.
    expect((await get(`/user/cir-report?id=${copy.json.data.id}`)).status).toBe(404);
    const titled = await post("/user/duplicate-cir-report", { id: r.id, title: "Mine" });
    expect(titled.json.data.title).toBe("Mine");
  });

  it("deletes and restores a report under the same id; the history lists every write", async () => {
    const r = await create({ title: "To delete" });
    const v1 = (await update({ id: r.id, version: 0, title: "Renamed" })).json.data as Report;
    await post("/user/add-cir-section", { id: r.id, section: note("x") });
    const del = await post("/user/delete-cir-report", { id: r.id });
    expect(del.status, del.text).toBe(200);
    expect((await get(`/user/cir-report?id=${r.id}`)).status).toBe(404);
    expect((await post("/user/delete-cir-report", { id: r.id })).status).toBe(404);
    const restored = await post("/user/restore-cir-report", { id: r.id });
    expect(restored.status, restored.text).toBe(200);
    expect(restored.json.data).toMatchObject({ id: r.id, title: "Renamed", sections: [note("x")], createdAt: r.createdAt });
    expect(restored.json.data.version).toBeGreaterThan(v1.version);
    const history = await get(`/user/cir-report-history?id=${r.id}`);
    Schema.decodeUnknownSync(Api.cirReportHistory.response)(history.json);
    expect(history.json.data.map((e: { type: string }) => e.type)).toEqual([
      "cirReport.created", "cirReport.updated", "cirReport.sectionAdded", "cirReport.deleted", "cirReport.restored",
    ]);
    expect(history.json.data.every((e: { actor: string }) => e.actor === `user:${ownerId}`)).toBe(true);
    // A live report cannot be "restored" without an event.
    expect((await post("/user/restore-cir-report", { id: r.id })).status).toBe(409);
  });

  it("restores the state after a given event of the history, as a new version", async () => {
    const r = await create({ title: "First title", sections: [note("a")] });
    await update({ id: r.id, version: 0, title: "Second title", sections: [] });
    const events = (await get(`/user/cir-report-history?id=${r.id}`)).json.data as Array<{ id: number; type: string }>;
    const created = events.find((e) => e.type === "cirReport.created")!;
    const res = await post("/user/restore-cir-report", { id: r.id, event: created.id });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({ title: "First title", sections: [note("a")], version: 2 });
    expect((await post("/user/restore-cir-report", { id: r.id, event: 1 })).status).toBe(404);
  });

  it("writes each change as an event in the event log (entity cir_report, key = the id)", async () => {
    const before = await s.count("SELECT count(*)::int AS n FROM events WHERE entity = 'cir_report'");
    const r = await create();
    await update({ id: r.id, version: 0, visibility: "brand" });
    expect(await s.count("SELECT count(*)::int AS n FROM events WHERE entity = 'cir_report'")).toBe(before + 2);
    expect(await s.count("SELECT count(*)::int AS n FROM events WHERE entity = 'cir_report' AND entity_key = $1", [String(r.id)])).toBe(2);
  });
});

describe("sharing", () => {
  it("a private report is the owner's alone: another user of the brand is told it does not exist", async () => {
    const r = await create();
    expect((await get(`/user/cir-report?id=${r.id}`, reader)).status).toBe(404);
    expect((await get("/user/cir-reports", reader)).json.data.some((x: { id: number }) => x.id === r.id)).toBe(false);
    expect((await update({ id: r.id, version: 0, title: "x" }, reader)).status).toBe(404);
  });

  it("shared with the brand: its users with permission 2 read it, read-only; writes answer 403", async () => {
    const r = await share(await create({ title: "Team report", sections: [note("a")] }));
    const read = await get(`/user/cir-report?id=${r.id}`, reader);
    expect(read.status).toBe(200);
    expect(read.json.data).toMatchObject({ title: "Team report", canEdit: false, visibility: "brand" });
    const listed = (await get("/user/cir-reports?owner=others", reader)).json.data.find((x: { id: number }) => x.id === r.id);
    expect(listed).toMatchObject({ canEdit: false, owner: { email: "demo@example.com" } });
    expect((await get("/user/cir-reports?owner=me", reader)).json.data.some((x: { id: number }) => x.id === r.id)).toBe(false);
    for (const [path, body] of [
      ["/user/update-cir-report", { id: r.id, version: r.version, title: "Hijacked" }],
      ["/user/add-cir-section", { id: r.id, section: note("z") }],
      ["/user/delete-cir-report", { id: r.id }],
      ["/user/restore-cir-report", { id: r.id, event: 1 }],
    ] as const) {
      const res = await post(path, body, reader);
      expect(res.status, `${path} ${res.text}`).toBe(path === "/user/restore-cir-report" ? 404 : 403);
    }
    expect((await get(`/user/cir-report?id=${r.id}`)).json.data).toMatchObject({ title: "Team report", version: r.version });
    // Readers of a shared report see its history.
    expect((await get(`/user/cir-report-history?id=${r.id}`, reader)).status).toBe(200);
  });

  it("a user without the brand gets 404; a user without permission 2 gets 403", async () => {
    const r = await share(await create());
    const out = await get(`/user/cir-report?id=${r.id}`, outsider);
    expect(out.status).toBe(404);
    expect((await get(`/user/cir-report-history?id=${r.id}`, outsider)).status).toBe(404);
    expect((await post("/user/duplicate-cir-report", { id: r.id }, outsider)).status).toBe(404);
    expect((await get("/user/cir-reports", outsider)).json.data.some((x: { id: number }) => x.id === r.id)).toBe(false);
    const no2 = await get(`/user/cir-report?id=${r.id}`, noCir);
    expect(no2.status).toBe(403);
    expect(no2.json.message).toContain("2");
  });

  it("readable() is what the PDF and schedules use: the same rule", async () => {
    const r = await create();
    await expect(s.deps.cir.readable(readerId, r.id)).rejects.toMatchObject({ kind: "not_found" });
    await share(r);
    await expect(s.deps.cir.readable(readerId, r.id)).resolves.toMatchObject({ id: r.id, canEdit: false });
  });
});

describe("bad input names the field", () => {
  const bad = async (path: string, body: unknown, field: string) => {
    const res = await post(path, body);
    expect(res.status, res.text).toBe(400);
    expect(res.json.message).toContain(field);
  };

  it("refuses an unknown source, a repeated section id, an end before the start, more than 50 sections", async () => {
    const base = { title: "Bad", brand: "Tipco", range: MARCH };
    await bad("/user/create-cir-report", { ...base, sections: [{ ...source("a", "ecommerce.figures"), source: "nope.figures" }] }, "sections[0]");
    await bad("/user/create-cir-report", { ...base, sections: [note("a"), note("a")] }, "sections");
    await bad("/user/create-cir-report", { ...base, range: { kind: "fixed", start: "2024-03-31", end: "2024-03-01" } }, "range.end");
    await bad("/user/create-cir-report", { ...base, sections: [source("a", "ads.figures", "Tipco", { kind: "fixed", start: "2024-02-02", end: "2024-02-01" })] }, "sections[0].view.range.end");
    await bad("/user/create-cir-report", { ...base, sections: Array.from({ length: 51 }, (_, i) => note(`n${i}`)) }, "sections");
    await bad("/user/create-cir-report", { ...base, range: { kind: "fixed", start: "2023-02-29", end: "2023-03-01" } }, "range");
    await bad("/user/create-cir-report", { ...base, title: "   " }, "title");
    await bad("/user/cir-section-data", { range: { kind: "relative", preset: "lastYear" }, sections: [] }, "range");
  });

  it("refuses a brand the owner does not hold: the report's and a section's", async () => {
    const res = await post("/user/create-cir-report", { title: "Not mine", brand: "Aura", range: MARCH }, reader);
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/^brand/);
    const sec = await post("/user/create-cir-report", { title: "Not mine", brand: "Tipco", range: MARCH, sections: [source("a", "ecommerce.figures", "Aura")] }, reader);
    expect(sec.status).toBe(400);
    expect(sec.json.message).toContain("sections[0].view.brand");
    const r = await create({}, reader);
    const add = await post("/user/add-cir-section", { id: r.id, section: source("b", "ecommerce.figures", "Aura") }, reader);
    expect(add.status).toBe(400);
    expect(add.json.message).toContain("section.view.brand");
  });
});

describe("section data", () => {
  const data = async (body: unknown, token = owner) => {
    const res = await post("/user/cir-section-data", body, token);
    expect(res.status, res.text).toBe(200);
    Schema.decodeUnknownSync(Api.cirSectionData.response)(res.json);
    return res.json.data as { start: string; end: string; sections: SectionResult[] };
  };
  const figuresOf = (r: SectionResult) => {
    if (r.status !== "ok" || r.data.kind !== "figures") throw new Error(`not figures: ${JSON.stringify(r)}`);
    return Object.fromEntries(r.data.figures.map((f) => [f.key, f]));
  };

  it("ecommerce.figures equal the E-Commerce page's call for the same view, with the previous period", async () => {
    const [sec] = (await data({ range: MARCH, sections: [source("a", "ecommerce.figures"), note("t")] })).sections;
    expect(sec).toMatchObject({ id: "a", status: "ok", start: "2024-03-01", end: "2024-03-31", previousStart: "2024-01-30", previousEnd: "2024-02-29" });
    const page = (await post("/user/commerce-figures", { brand: "Tipco", start: "2024-03-01", end: "2024-03-31", channel: "All channel", filter: {} })).json.data;
    const f = figuresOf(sec!);
    for (const k of ["gmv", "nmv", "orders", "customers", "newCustomers", "avgBasket"] as const) {
      expect(f[k]!.value, k).toBe(page.totals[k]);
      expect(f[k]!.previous, k).toBe(page.previous.totals[k]);
      expect(f[k]!.definition.length).toBeGreaterThan(10);
    }
    expect(f.gmv!.value).toBeGreaterThan(0);
  });

  it("ads.figures equal the Ads page's call for the same view", async () => {
    const [sec] = (await data({ range: MARCH, sections: [source("a", "ads.figures")] })).sections;
    const page = (await post("/user/ads-figures", { brand: "Tipco", start: "2024-03-01", end: "2024-03-31", channel: "All Channel" })).json.data;
    const f = figuresOf(sec!);
    for (const k of ["spend", "impressions", "clicks", "results", "ctr", "cpc", "cpm", "costPerResult", "roas"] as const) {
      expect(f[k]!.value, k).toBe(page.totals[k]);
      expect(f[k]!.previous, k).toBe(page.previous[k]);
    }
    expect(f.costPerResult!.better).toBe("down");
  });

  it("brandEx and MA figures equal the social call for the same pages; affiliate figures the Affiliate call for the platform", async () => {
    const pages = (await s.storage.query<{ id: string }>(
      "SELECT p.id FROM pages p JOIN bags g ON g.id = p.bag_id JOIN brands b ON b.id = g.brand_id WHERE b.name = 'Tipco' ORDER BY p.id LIMIT 2",
    )).rows.map((r) => r.id);
    expect(pages).toHaveLength(2);
    const v = { brand: "Tipco", range: { kind: "report" }, pages };
    const secs = (await data({ range: MARCH, sections: [
      { type: "source", id: "b", source: "brandEx.figures", view: v },
      { type: "source", id: "m", source: "ma.figures", view: v },
      { type: "source", id: "a", source: "affiliate.figures", view: { brand: "Tipco", range: { kind: "report" }, platform: "Shopee" } },
    ] })).sections;
    const social = (await post("/user/social-figures", { brand: "Tipco", start: "2024-03-01", end: "2024-03-31", channel: "All Channel", pages })).json.data;
    const b = figuresOf(secs[0]!), m = figuresOf(secs[1]!), a = figuresOf(secs[2]!);
    for (const k of ["followers", "netFollowers", "posts", "reach", "engagements", "engagementRate"] as const) {
      expect(b[k]!.value, k).toBe(social.totals[k]);
      expect(b[k]!.previous, k).toBe(social.previousTotals[k]);
    }
    for (const k of ["follows", "unfollows", "pageReach", "pageViews"] as const) expect(m[k]!.value, k).toBe(social.totals[k]);
    expect(b.reach!.value).toBeGreaterThan(0);
    const aff = (await post("/user/affiliate-figures", { brand: "Tipco", start: "2024-03-01", end: "2024-03-31", platform: "Shopee" })).json.data;
    for (const k of ["gmv", "orders", "commission", "commissionRate", "roi", "clicks"] as const) {
      expect(a[k]!.value, k).toBe(aff.totals[k]);
      expect(a[k]!.previous, k).toBe(aff.previous[k]);
    }
  });

  it("charts: days up to 62 days, weeks (Monday) up to a year, months beyond; the points sum to the figure", async () => {
    const days = (await data({ range: MARCH, sections: [source("g", "ecommerce.gmv"), source("f", "ecommerce.figures")] })).sections;
    const chart = days[0]!;
    if (chart.status !== "ok" || chart.data.kind !== "chart") throw new Error("not a chart");
    expect(chart.data.x).toBe("day");
    expect(chart.data.series[0]!.points).toHaveLength(31);
    const sum = chart.data.series[0]!.points.reduce((a, p) => a + (p.y ?? 0), 0);
    expect(sum).toBeCloseTo(figuresOf(days[1]!).gmv!.value!, 2);
    const q = (await data({ range: { kind: "fixed", start: "2024-01-01", end: "2024-06-30" }, sections: [source("g", "ads.spend")] })).sections[0]!;
    if (q.status !== "ok" || q.data.kind !== "chart") throw new Error("not a chart");
    expect(q.data.x).toBe("week");
    expect(q.data.series[0]!.points[0]!.x).toBe("2024-01-01");
    expect(q.data.series[0]!.points[1]!.x).toBe("2024-01-08");
    const y = (await data({ range: { kind: "fixed", start: "2023-01-01", end: "2024-06-30" }, sections: [source("g", "ecommerce.gmv")] })).sections[0]!;
    if (y.status !== "ok" || y.data.kind !== "chart") throw new Error("not a chart");
    expect(y.data.x).toBe("month");
    expect(y.data.series[0]!.points.map((p) => p.x).slice(0, 2)).toEqual(["2023-01", "2023-02"]);
    expect(y.data.series[0]!.points).toHaveLength(18);
  });

  it("a section of a module the reader lacks is unavailable with a sentence; so is a brand they do not hold", async () => {
    const secs = (await data({ range: MARCH, sections: [source("a", "ads.figures"), source("b", "ecommerce.figures"), source("c", "ecommerce.figures", "Aura")] }, reader)).sections;
    expect(secs[0]).toMatchObject({ id: "a", status: "unavailable", module: "ads", reason: "You do not have access to Ads & Automation." });
    expect(secs[1]).toMatchObject({ id: "b", status: "ok" });
    expect(secs[2]).toMatchObject({ id: "c", status: "unavailable", reason: "You do not hold the brand Aura." });
  });

  it("a shared report's sections are computed for the reader, by the reader's permissions", async () => {
    const r = await share(await create({ sections: [source("a", "ads.figures"), source("b", "ecommerce.figures")] }));
    const read = (await get(`/user/cir-report?id=${r.id}`, reader)).json.data as Report;
    const secs = (await data({ range: read.range, sections: read.sections }, reader)).sections;
    expect(secs.map((x) => x.status)).toEqual(["unavailable", "ok"]);
    const mine = (await data({ range: read.range, sections: read.sections })).sections;
    expect(mine.map((x) => x.status)).toEqual(["ok", "ok"]);
  });

  it("relative ranges resolve as of a given day (Bangkok), and a section may follow the report or keep its own", async () => {
    // 2024-04-01 00:30 in Bangkok is still 2024-03-31 in UTC.
    const now = new Date("2024-03-31T17:30:00Z");
    const d = await s.deps.cir.sectionData(ownerId, { kind: "relative", preset: "lastMonth" }, [
      source("a", "ecommerce.figures") as never,
      source("b", "ecommerce.figures", "Tipco", { kind: "relative", preset: "lastQuarter" }) as never,
      source("c", "ecommerce.figures", "Tipco", { kind: "relative", preset: "thisMonth" }) as never,
    ], now);
    expect([d.start, d.end]).toEqual(["2024-03-01", "2024-03-31"]);
    expect(d.sections.map((x) => (x.status === "ok" ? [x.start, x.end] : x.status))).toEqual([
      ["2024-03-01", "2024-03-31"], ["2024-01-01", "2024-03-31"], ["2024-04-01", "2024-04-01"],
    ]);
    expect(d.generatedAt).toBe("2024-04-01T00:30:00+07:00");
  });

  it("o2o: the campaigns the reader may read (their own and their brands'); none → unavailable", async () => {
    const mine = (await data({ range: { kind: "fixed", start: "2024-04-01", end: "2024-04-30" }, sections: [source("o", "o2o.figures")] })).sections[0]!;
    expect(mine.status, JSON.stringify(mine)).toBe("ok");
    const noneUser = await s.addUser("cir-no-o2o@example.com", ["2"], ["Tipco"]);
    const other = (await data({ range: MARCH, sections: [source("o", "o2o.figures", "Tipco")] }, noneUser)).sections[0]!;
    // Tipco's users read Tipco's brand campaigns (migration 020): available to a Tipco user.
    expect(other.status).toBe("ok");
    const foreign = (await data({ range: MARCH, sections: [{ ...source("o", "o2o.figures", "Tipco"), view: { ...view("Tipco"), campaign: 999_999 } }] }, noneUser)).sections[0]!;
    expect(foreign).toMatchObject({ status: "unavailable" });
  });

  it("crm.segments counts the customers of each RFM segment as the CRM page scores them (no KPI template), this period and the previous", async () => {
    const [seg, figs] = (await data({ range: MARCH, sections: [source("s", "crm.segments"), source("f", "crm.figures")] })).sections;
    if (seg?.status !== "ok" || seg.data.kind !== "chart") throw new Error(JSON.stringify(seg));
    const page = (await post("/user/commerce-customers", { brand: "Tipco", start: "2024-03-01", end: "2024-03-31", channel: "All channel", filter: {} })).json.data;
    const rules = defaultSegmentRules();
    for (const [i, period] of [page.current, page.previous].entries()) {
      const scored = scoreRfm(packCustomers(period.customers), rfmWeightsOf(null), rules);
      const expected = new Map<string, number>(rules.map((r) => [r.name, 0]));
      for (const k of scored.segment) expected.set(k < 0 ? UNASSIGNED : rules[k]!.name, (expected.get(k < 0 ? UNASSIGNED : rules[k]!.name) ?? 0) + 1);
      const got = new Map(seg.data.series[i]!.points.map((p) => [p.x, p.y]));
      for (const [name, n] of expected) if (n > 0 || rules.some((r) => r.name === name)) expect(got.get(name), `${i} ${name}`).toBe(n);
    }
    // The same customers as the Customers figure cards.
    const total = seg.data.series[0]!.points.reduce((a, p) => a + (p.y ?? 0), 0);
    expect(figuresOf(figs!).customers!.value).toBe(total);
    expect(total).toBeGreaterThan(0);
  });

  it("every source of the catalogue computes for the demo user", async () => {
    const sections = SECTION_SOURCE_KEYS.map((k, i) => source(`s${i}`, k));
    const secs = (await data({ range: { kind: "fixed", start: "2024-04-01", end: "2024-04-30" }, sections })).sections;
    for (const [i, k] of SECTION_SOURCE_KEYS.entries()) {
      const r = secs[i]!;
      expect(r.status, `${k}: ${JSON.stringify(r)}`).toBe("ok");
      if (r.status === "ok" && r.data.kind === "figures") for (const f of r.data.figures) expect(f.definition, `${k}.${f.key}`).toMatch(/\w.*\.$/);
      if (r.status === "ok" && r.data.kind === "chart") expect(r.data.series.length, k).toBeGreaterThan(0);
    }
  });
});

describe("the demo", () => {
  it("has the demo user's two reports: Aura monthly review shared with Aura, Tipco Q1 2024 private", async () => {
    const list = (await get("/user/cir-reports?owner=me")).json.data as Array<{ id: number; title: string; visibility: string; brand: string }>;
    expect(list.find((r) => r.title === "Aura monthly review")).toMatchObject({ brand: "Aura", visibility: "brand" });
    expect(list.find((r) => r.title === "Tipco Q1 2024")).toMatchObject({ brand: "Tipco", visibility: "private" });
    const aura = list.find((r) => r.title === "Aura monthly review")!;
    const r = (await get(`/user/cir-report?id=${aura.id}`)).json.data as Report;
    expect(r.range).toEqual({ kind: "relative", preset: "lastMonth" });
    const secs = (await post("/user/cir-section-data", { range: r.range, sections: r.sections })).json.data.sections as SectionResult[];
    expect(secs.map((x) => x.status).every((x) => x === "ok")).toBe(true);
  });
});

