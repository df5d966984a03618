import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api, UPSERT_FAIL } from "../../domain/api";
import type { CallName } from "../../domain/api";
import type { FilterTemplate, KpiTemplate } from "../../domain/entities";
import { emptyKpiTemplate } from "../../domain/kpi";
import { startTestServer, type TestServer } from "../support/testServer";

let s: TestServer;
let token: string;
let noKpiToken: string;
let before: Record<string, number>;

const TABLES = ["filter_templates", "kpi_templates", "events"] as const;
const counts = async () =>
  Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, await s.count(`SELECT count(*)::int AS n FROM ${t}`)] as const)));

beforeAll(async () => {
  s = await startTestServer();
  token = (await s.login()).access_token;
  // Adding a user appends a permissions event, so it happens before the counts are taken.
  noKpiToken = await s.addUser("nokpi@example.com", ["1", "2", "3", "4", "5", "6", "7", "8"]);
  before = await counts();
});
afterAll(() => s.close());

type Res = Awaited<ReturnType<TestServer["call"]>>;

const filterTemplate = (): FilterTemplate => ({
  title: "Bad input probe", basketSize: { min: 10, max: 20 }, product: "", platform: "", location: "", status: "", disabled: false,
});
const kpiTemplate = (): KpiTemplate => emptyKpiTemplate("Bad input KPI probe");

/** A copy of an object without one of its keys. */
const without = <T extends object>(obj: T, key: keyof T): Partial<T> =>
  Object.fromEntries(Object.entries(obj).filter(([k]) => k !== key)) as Partial<T>;

interface PostSample {
  /** A body the contract accepts. */
  readonly valid: Record<string, unknown>;
  /** A body with one field of the wrong type, and that field's name. */
  readonly mistyped: readonly [unknown, string];
  /** A body lacking a required field, and that field's name (null when every field is optional). */
  readonly missing: readonly [unknown, string] | null;
  /** A body carrying the given text in one string field, and that field's name. */
  readonly withText: (text: string) => readonly [unknown, string];
}

const titleSample: PostSample = {
  valid: { title: "Nope" },
  mistyped: [{ title: 42 }, "title"],
  missing: [{}, "title"],
  withText: (t) => [{ title: `a${t}b` }, "title"],
};

/** One sample per POST call of the contract (every POST call except the multipart upload must be here). */
const POST_SAMPLES: Partial<Record<CallName, PostSample>> = {
  login: {
    valid: { email: "demo@example.com", password: "wrong-on-purpose" },
    mistyped: [{ email: 5, password: "x" }, "email"],
    missing: [{ email: "demo@example.com" }, "password"],
    withText: (t) => [{ email: `demo${t}@example.com`, password: "x" }, "email"],
  },
  refresh: {
    valid: { refresh_token: "made-up" },
    mistyped: [{ refresh_token: ["x"] }, "refresh_token"],
    missing: [{}, "refresh_token"],
    withText: (t) => [{ refresh_token: `tok${t}` }, "refresh_token"],
  },
  logout: {
    valid: {},
    mistyped: [{ refresh_token: 12 }, "refresh_token"],
    missing: null,
    withText: (t) => [{ refresh_token: `tok${t}` }, "refresh_token"],
  },
  upsertTemplate: {
    valid: { template: filterTemplate() },
    mistyped: [{ template: { ...filterTemplate(), title: 7 } }, "template.title"],
    missing: [{ template: without(filterTemplate(), "basketSize") }, "template.basketSize"],
    withText: (t) => [{ template: { ...filterTemplate(), product: `Juice${t}` } }, "template.product"],
  },
  deleteTemplate: titleSample,
  restoreTemplate: titleSample,
  upsertKpiTemplate: {
    valid: { template: kpiTemplate() },
    mistyped: [{ template: { ...kpiTemplate(), title: false } }, "template.title"],
    missing: [{ template: without(kpiTemplate(), "MA") }, "template.MA"],
    withText: (t) => [{ template: { ...kpiTemplate(), title: `KPI${t}` } }, "template.title"],
  },
  deleteKpiTemplate: titleSample,
  restoreKpiTemplate: titleSample,
  updateLocale: {
    valid: { language: "en", calendar: "gregorian" },
    mistyped: [{ language: "fr", calendar: "gregorian" }, "language"],
    missing: [{ language: "th" }, "calendar"],
    withText: (t) => [{ language: `th${t}`, calendar: "buddhist" }, "language"],
  },
  filterPage: {
    valid: { filter: [] },
    mistyped: [{ filter: "bag-aura-fb-1" }, "filter"],
    missing: [{}, "filter"],
    withText: (t) => [{ filter: ["bag-aura-fb-1", `bag${t}`] }, "filter[1]"],
  },
  o2oGetData: {
    valid: o2oRequest(),
    mistyped: [{ ...o2oRequest(), payload: { campaigns: ["1"], from: 1_712_854_800, to: 1_712_941_199 } }, "payload.campaigns[0]"],
    missing: [without(o2oRequest(), "typechart"), "typechart"],
    withText: (t) => [{ ...o2oRequest(), name: `chart${t}` }, "name"],
  },
  commerceFigures: commerceSample(),
  commerceCustomers: commerceSample(),
  socialFigures: socialSample(),
  socialPosts: socialSample({ sort: "reach", order: "desc", page: 1, pageSize: 20, search: "" }),
  adsFigures: {
    valid: { brand: "Tipco", start: "2024-11-01", end: "2024-11-30", channel: "All Channel", level: "campaign", sort: "spend" },
    mistyped: [{ brand: "Tipco", start: "2024-11-01", end: "2024-11-30", channel: "All Channel", pageSize: "20" }, "pageSize"],
    missing: [{ brand: "Tipco", start: "2024-11-01", channel: "All Channel" }, "end"],
    withText: (t) => [{ brand: "Tipco", start: "2024-11-01", end: "2024-11-30", channel: "All Channel", campaigns: [`c${t}`] }, "campaigns[0]"],
  },
  saleSummary: {
    valid: { brand: "Tipco", start: "2024-11-01", end: "2024-11-30" },
    mistyped: [{ brand: "Tipco", start: 20241101, end: "2024-11-30" }, "start"],
    missing: [{ brand: "Tipco", start: "2024-11-01" }, "end"],
    withText: (t) => [{ brand: `Tipco${t}`, start: "2024-11-01", end: "2024-11-30" }, "brand"],
  },
  affiliateFigures: {
    valid: { brand: "Aura", start: "2024-11-01", end: "2024-11-30", platform: "Shopee", affiliates: ["mamabeauty.th"] },
    mistyped: [{ brand: "Aura", start: "2024-11-01", end: "2024-11-30", platform: "TikTok" }, "platform"],
    missing: [{ brand: "Aura", start: "2024-11-01" }, "end"],
    withText: (t) => [{ brand: "Aura", start: "2024-11-01", end: "2024-11-30", affiliates: [`aff${t}`] }, "affiliates[0]"],
  },
  upsertAdsRule: {
    valid: { brand: "Tipco", rule: adsRule() },
    mistyped: [{ brand: "Tipco", rule: { ...adsRule(), windowDays: "7" } }, "rule.windowDays"],
    missing: [{ brand: "Tipco", rule: without(adsRule(), "metric") }, "rule.metric"],
    withText: (t) => [{ brand: "Tipco", rule: { ...adsRule(), name: `Fatigue${t}` } }, "rule.name"],
  },
  deleteAdsRule: {
    valid: { brand: "Tipco", id: 999_999 },
    mistyped: [{ brand: "Tipco", id: "1" }, "id"],
    missing: [{ brand: "Tipco" }, "id"],
    withText: (t) => [{ brand: `Tipco${t}`, id: 1 }, "brand"],
  },
  acknowledgeAdsAlerts: {
    valid: { brand: "Tipco", ids: [999_999] },
    mistyped: [{ brand: "Tipco", ids: ["1"] }, "ids[0]"],
    missing: [{ brand: "Tipco" }, "ids"],
    withText: (t) => [{ brand: `Tipco${t}`, ids: [1] }, "brand"],
  },
  evaluateAdsRules: {
    valid: { brand: "Tipco", start: "2024-11-01", end: "2024-11-30" },
    mistyped: [{ brand: "Tipco", start: 20241101, end: "2024-11-30" }, "start"],
    missing: [{ brand: "Tipco", start: "2024-11-01" }, "end"],
    withText: (t) => [{ brand: `Tipco${t}`, start: "2024-11-01", end: "2024-11-30" }, "brand"],
  },
  kolOverview: {
    valid: { brand: "Tipco", start: "2024-11-01", end: "2024-11-30", platform: "tiktok" },
    mistyped: [{ brand: "Tipco", start: "2024-11-01", end: "2024-11-30", platform: "line" }, "platform"],
    missing: [{ brand: "Tipco", start: "2024-11-01" }, "end"],
    withText: (t) => [{ brand: `Tipco${t}`, start: "2024-11-01", end: "2024-11-30" }, "brand"],
  },
  kolCampaign: idSample(),
  upsertKolCampaign: {
    valid: { brand: "Tipco", campaign: kolCampaign() },
    mistyped: [{ brand: "Tipco", campaign: { ...kolCampaign(), budget: "1000" } }, "campaign.budget"],
    missing: [{ brand: "Tipco", campaign: without(kolCampaign(), "name") }, "campaign.name"],
    withText: (t) => [{ brand: "Tipco", campaign: { ...kolCampaign(), name: `Songkran${t}` } }, "campaign.name"],
  },
  deleteKolCampaign: idSample(),
  upsertKol: {
    valid: { brand: "Tipco", kol: kolDraft() },
    mistyped: [{ brand: "Tipco", kol: { ...kolDraft(), followers: "1000" } }, "kol.followers"],
    missing: [{ brand: "Tipco", kol: without(kolDraft(), "platform") }, "kol.platform"],
    withText: (t) => [{ brand: "Tipco", kol: { ...kolDraft(), name: `Probe${t}` } }, "kol.name"],
  },
  deleteKol: idSample(),
  upsertKolBooking: {
    valid: { brand: "Tipco", campaignId: 999_999, booking: kolBooking() },
    mistyped: [{ brand: "Tipco", campaignId: 999_999, booking: { ...kolBooking(), fee: "1000" } }, "booking.fee"],
    missing: [{ brand: "Tipco", campaignId: 999_999, booking: without(kolBooking(), "status") }, "booking.status"],
    withText: (t) => [{ brand: "Tipco", campaignId: 999_999, booking: { ...kolBooking(), deliverables: `1 video${t}` } }, "booking.deliverables"],
  },
  deleteKolBooking: idSample(),
  updateKolEmv: {
    valid: { brand: "Tipco", values: kolEmv() },
    mistyped: [{ brand: "Tipco", values: { ...kolEmv(), views: "0.1" } }, "values.views"],
    missing: [{ brand: "Tipco", values: without(kolEmv(), "likes") }, "values.likes"],
    withText: (t) => [{ brand: `Tipco${t}`, values: kolEmv() }, "brand"],
  },
  // Admin (issue 17): user 999,999, brand 999,999 and account probe-acc do not exist; valid bodies are never written here.
  addUser: {
    valid: adminNewUser(),
    mistyped: [{ ...adminNewUser(), permissions: "1" }, "permissions"],
    missing: [without(adminNewUser(), "password"), "password"],
    withText: (t) => [{ ...adminNewUser(), name: `Probe${t}` }, "name"],
  },
  updateUser: {
    valid: { id: 999_999, version: 0, name: "Probe" },
    mistyped: [{ id: "1", version: 0 }, "id"],
    missing: [{ id: 999_999 }, "version"],
    withText: (t) => [{ id: 999_999, version: 0, name: `Probe${t}` }, "name"],
  },
  resetUserPassword: {
    valid: { id: 999_999, password: "orange2024" },
    mistyped: [{ id: 999_999, password: 12_345_678 }, "password"],
    missing: [{ id: 999_999 }, "password"],
    withText: (t) => [{ id: 999_999, password: `orange2024${t}` }, "password"],
  },
  removeUser: {
    valid: { id: 999_999 },
    mistyped: [{ id: "1" }, "id"],
    missing: [{}, "id"],
    withText: (t) => [{ id: `1${t}` }, "id"],
  },
  addBrand: {
    valid: { name: "Probe brand" },
    mistyped: [{ name: 5 }, "name"],
    missing: [{}, "name"],
    withText: (t) => [{ name: `Probe${t}` }, "name"],
  },
  updateBrand: {
    valid: { id: 999_999, version: 0, name: "Probe" },
    mistyped: [{ id: 999_999, version: 0, maLabel: 1 }, "maLabel"],
    missing: [{ id: 999_999 }, "version"],
    withText: (t) => [{ id: 999_999, version: 0, o2oToken: `tok${t}` }, "o2oToken"],
  },
  addAccount: {
    valid: { brandId: 999_999, account: adminAccount() },
    mistyped: [{ brandId: 999_999, account: { ...adminAccount(), channel: "myspace" } }, "account.channel"],
    missing: [{ brandId: 999_999 }, "account"],
    withText: (t) => [{ brandId: 999_999, account: { ...adminAccount(), name: `Probe${t}` } }, "account.name"],
  },
  updateAccount: {
    valid: { brandId: 999_999, id: "probe-acc", name: "Probe", pages: [] },
    mistyped: [{ brandId: 999_999, id: "probe-acc", name: "Probe", pages: "none" }, "pages"],
    missing: [{ brandId: 999_999, id: "probe-acc", pages: [] }, "name"],
    withText: (t) => [{ brandId: 999_999, id: "probe-acc", name: `Probe${t}`, pages: [] }, "name"],
  },
  removeAccount: {
    valid: { brandId: 999_999, id: "probe-acc" },
    mistyped: [{ brandId: "1", id: "probe-acc" }, "brandId"],
    missing: [{ brandId: 999_999 }, "id"],
    withText: (t) => [{ brandId: 999_999, id: `probe${t}` }, "id"],
  },
  // CIR (issue 17): report 999,999 does not exist; a valid body is refused with 404, never written.
  createCirReport: {
    valid: { title: "Probe", brand: "Tipco", range: { kind: "relative", preset: "lastMonth" } },
    mistyped: [{ title: 42, brand: "Tipco", range: { kind: "relative", preset: "lastMonth" } }, "title"],
    missing: [{ title: "Probe", brand: "Tipco" }, "range"],
    withText: (t) => [{ title: `Probe${t}`, brand: "Tipco", range: { kind: "relative", preset: "lastMonth" } }, "title"],
  },
  addCirSection: {
    valid: { id: 999_999, section: { type: "text", id: "t1", text: "Probe" } },
    mistyped: [{ id: "1", section: { type: "text", id: "t1", text: "Probe" } }, "id"],
    missing: [{ id: 999_999 }, "section"],
    withText: (t) => [{ id: 999_999, section: { type: "text", id: "t1", text: `Probe${t}` } }, "section.text"],
  },
  updateCirReport: {
    valid: { id: 999_999, version: 0, title: "Probe" },
    mistyped: [{ id: 999_999, version: "0" }, "version"],
    missing: [{ id: 999_999 }, "version"],
    withText: (t) => [{ id: 999_999, version: 0, title: `Probe${t}` }, "title"],
  },
  duplicateCirReport: {
    valid: { id: 999_999 },
    mistyped: [{ id: "1" }, "id"],
    missing: [{}, "id"],
    withText: (t) => [{ id: 999_999, title: `Probe${t}` }, "title"],
  },
  deleteCirReport: {
    valid: { id: 999_999 },
    mistyped: [{ id: "1" }, "id"],
    missing: [{}, "id"],
    withText: (t) => [{ id: `1${t}` }, "id"],
  },
  restoreCirReport: {
    valid: { id: 999_999 },
    mistyped: [{ id: 999_999, event: "3" }, "event"],
    missing: [{}, "id"],
    withText: (t) => [{ id: `1${t}` }, "id"],
  },
  cirSectionData: {
    valid: { range: { kind: "relative", preset: "last7" }, sections: [] },
    mistyped: [{ range: { kind: "relative", preset: "last7" }, sections: "none" }, "sections"],
    missing: [{ sections: [] }, "range"],
    withText: (t) => [{ range: { kind: "relative", preset: "last7" }, sections: [{ type: "text", id: "t1", text: `Probe${t}` }] }, "sections[0].text"],
  },
  // Report library (issue 17): report, file and schedule 999,999 do not exist; a valid body is refused with 404.
  saveReportToLibrary: {
    valid: { reportId: 999_999 },
    mistyped: [{ reportId: "1" }, "reportId"],
    missing: [{}, "reportId"],
    withText: (t) => [{ reportId: `1${t}` }, "reportId"],
  },
  deleteLibraryFile: {
    valid: { id: 999_999 },
    mistyped: [{ id: "1" }, "id"],
    missing: [{}, "id"],
    withText: (t) => [{ id: `1${t}` }, "id"],
  },
  scheduleReport: {
    valid: { reportId: 999_999, frequency: "weekly" },
    mistyped: [{ reportId: 999_999, frequency: 7 }, "frequency"],
    missing: [{ reportId: 999_999 }, "frequency"],
    withText: (t) => [{ reportId: 999_999, frequency: `weekly${t}` }, "frequency"],
  },
  unscheduleReport: {
    valid: { id: 999_999 },
    mistyped: [{ id: "1" }, "id"],
    missing: [{}, "id"],
    withText: (t) => [{ id: `1${t}` }, "id"],
  },
};

/** A user as the Admin page adds one, and an account as /formAC sends it (issue 17). */
function adminNewUser() {
  return { email: "probe@example.com", name: "Probe", password: "orange2024", permissions: ["1"], brands: [] as string[] };
}
function adminAccount() {
  return { id: "probe-acc", name: "Probe", channel: "facebook", pages: [{ id: "probe-page", name: "Probe page" }] };
}

/** A call of KOL Campaign naming a brand and an id. */
function idSample(): PostSample {
  return {
    valid: { brand: "Tipco", id: 999_999 },
    mistyped: [{ brand: "Tipco", id: "1" }, "id"],
    missing: [{ brand: "Tipco" }, "id"],
    withText: (t) => [{ brand: `Tipco${t}`, id: 1 }, "brand"],
  };
}

/** A KOL campaign, a KOL, a booking and EMV values as the /campaign dialogs send them. */
function kolCampaign() {
  return { name: "Songkran probe", objective: "launch", budget: 100_000, start: "2025-04-01", end: "2025-04-30", status: "planned" };
}
function kolDraft() {
  return { name: "Probe KOL", handle: "probe.kol", platform: "tiktok", followers: 12_000, categories: ["beauty"] };
}
function kolBooking() {
  return { kolId: 1, deliverables: "1 TikTok video", fee: 15_000, status: "confirmed" };
}
function kolEmv() {
  return { views: 0.1, likes: 1, comments: 5, shares: 8, saves: 5, clicks: 3 };
}

/** An automation rule of Ads & Automation as the rule form sends it. */
function adsRule() {
  return { name: "Fatigue", scope: { kind: "brand" }, metric: "frequency", condition: "above", threshold: 3.5, windowDays: 7 };
}

/** A request of the social figures or posts (a demo brand, one month), with the posts table's fields when given. */
function socialSample(table: Record<string, unknown> = {}): PostSample {
  const valid = { brand: "Tipco", start: "2024-11-01", end: "2024-11-30", channel: "All Channel", types: ["reel"], ...table };
  return {
    valid,
    mistyped: [{ ...valid, slots: [{ weekday: "Mon", hour: 20 }] }, "slots[0].weekday"],
    missing: [without(valid, "channel"), "channel"],
    withText: (t) => [{ ...valid, pages: [`page${t}`] }, "pages[0]"],
  };
}

/** A request of the E-Commerce figures and of the CRM customers (a demo brand, one month). */
function commerceSample(): PostSample {
  const valid = { brand: "Tipco", start: "2024-11-01", end: "2024-11-30", channel: "All channel", filter: { statuses: ["completed"] } };
  return {
    valid,
    mistyped: [{ ...valid, filter: { basketMin: "100" } }, "filter.basketMin"],
    missing: [without(valid, "channel"), "channel"],
    withText: (t) => [{ ...valid, filter: { products: [`Juice${t}`] } }, "filter.products[0]"],
  };
}

/** An o2o proxy request the built-in service answers (campaign 1 of the demo, one Bangkok day). */
function o2oRequest() {
  return {
    url: "/stats/visitor_view/audience", methods: "POST", name: "audience", typechart: "number",
    payload: { campaigns: [1], from: 1_712_854_800, to: 1_712_941_199 },
  };
}

/** Every JSON call of the contract (the health probe and the multipart calls have their own tests). */
const MULTIPART: readonly CallName[] = ["uploadImg", "importMetrics", "importOrders", "importSocial", "importAds", "importAffiliate", "importKol"];
const jsonCalls = (Object.keys(Api) as CallName[])
  .filter((n) => n !== "health" && !MULTIPART.includes(n))
  .map((n) => ({ name: n, ...Api[n] }));
const postCalls = jsonCalls.filter((c) => c.method === "POST");
const getCalls = jsonCalls.filter((c) => c.method === "GET");
const upserts = new Set<CallName>(["upsertTemplate", "upsertKpiTemplate"]);

/** A refusal the caller can read: the status, `{error, message}`, and no internals of the server. */
function expectRefusal(res: Res, status: number, field?: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.json, res.text).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  if (field !== undefined) expect(res.json.message).toContain(field);
  expectNoInternals(res);
}

function expectNoInternals(res: Res) {
  expect(res.status, res.text).toBeLessThan(500);
  expect(res.text).not.toMatch(/^\s*at\s/m);
  expect(res.text).not.toMatch(/\bat .*:\d+:\d+/);
  expect(res.text).not.toMatch(/node_modules|file:\/\/|\/work\/|\/tmp\/|[\w-]+\.(ts|js|mjs)\b/);
}

const post = (path: string, opts: { body?: unknown; rawBody?: string; tok?: string } = {}) =>
  s.call("POST", path, {
    token: opts.tok ?? token,
    ...(opts.rawBody !== undefined ? { rawBody: opts.rawBody, headers: { "Content-Type": "application/json" } } : { body: opts.body }),
  });

describe("the contract table", () => {
  it("has a bad-input sample for every JSON POST call", () => {
    for (const c of postCalls) expect(POST_SAMPLES[c.name], c.name).toBeDefined();
  });
});

describe.each(postCalls)("POST $path ($name) refuses bad input with 400", (c) => {
  const sample = () => POST_SAMPLES[c.name]!;
  const check = (res: Res, field?: string) => {
    expectRefusal(res, 400, field);
    if (upserts.has(c.name)) expect(res.json.msg).toBe(UPSERT_FAIL);
  };

  it.each([
    ["a truncated object", "{\"title\": "],
    ["a trailing comma", "{\"title\": \"x\",}"],
    ["single quotes", "{'title': 'x'}"],
    ["plain text", "hello"],
    ["undefined", "undefined"],
  ])("refuses invalid JSON (%s) and says the body is not JSON", async (_label, raw) => {
    const res = await post(c.path, { rawBody: raw });
    check(res, "body");
    expect(res.json.message).toMatch(/JSON/);
  });

  it.each([
    ["null", null],
    ["an array", [sample().valid]],
    ["a string", "title"],
    ["a number", 42],
  ])("refuses a body that is %s instead of an object", async (_label, body) => {
    check(await post(c.path, { body }));
  });

  it("refuses a mistyped field and names it", async () => {
    const [body, field] = sample().mistyped;
    check(await post(c.path, { body }), field);
  });

  it("refuses a missing required field and names it", async () => {
    const missing = sample().missing;
    if (missing === null) {
      // Every field of this call is optional: an empty body is a valid body, not a missing field.
      expect(Object.keys(sample().valid)).toEqual([]);
      return;
    }
    check(await post(c.path, { body: missing[0] }), missing[1]);
  });

  it("refuses an unknown extra field and names it", async () => {
    check(await post(c.path, { body: { ...sample().valid, hacker: 1 } }), "hacker");
  });

  it("refuses a body over 1 MB", async () => {
    const big = { ...sample().valid, padding: "x".repeat(1024 * 1024 + 10) };
    check(await post(c.path, { body: big }), "body");
  });

  it("refuses a body over 1 MB even when it is not JSON", async () => {
    check(await post(c.path, { rawBody: "y".repeat(1024 * 1024 + 10) }), "body");
  });

  it.each([
    ["a NUL character", "\u0000"],
    ["a lone high surrogate", "\ud800"],
    ["a lone low surrogate", "\udc00"],
  ])("refuses a string with %s and names the field", async (_label, bad) => {
    const [body, field] = sample().withText(bad);
    check(await post(c.path, { body }), field);
  });
});

describe.each(getCalls)("GET $path ($name) never fails on odd queries", (c) => {
  it.each([
    ["a malformed percent escape", "?title=%ZZ%"],
    ["a repeated key", "?title=a&title=b"],
    ["bracket keys", "?title[]=a&title[x]=b"],
    ["an unknown key", "?hacker=1"],
  ])("answers a clean status for %s", async (_label, query) => {
    const res = await s.call("GET", `${c.path}${query}`, { token });
    expectNoInternals(res);
    if (res.status >= 400) expectRefusal(res, res.status);
  });
});

describe("field rules beyond types", () => {
  it("refuses a basket size whose min is above its max and names basketSize.max", async () => {
    const body = { template: { ...filterTemplate(), basketSize: { min: 500, max: 100 } } };
    const res = await post("/user/upsert-template", { body });
    expectRefusal(res, 400, "basketSize.max");
    expect(res.json.msg).toBe(UPSERT_FAIL);
  });

  it("refuses a negative or non-finite basket size and names the bound", async () => {
    const neg = await post("/user/upsert-template", { body: { template: { ...filterTemplate(), basketSize: { min: -1, max: null } } } });
    expectRefusal(neg, 400, "basketSize.min");
    const inf = await post("/user/upsert-template", { rawBody: JSON.stringify({ template: filterTemplate() }).replace("\"max\":20", "\"max\":1e400") });
    expectRefusal(inf, 400, "basketSize.max");
  });

  it("refuses a blank or over-long title", async () => {
    expectRefusal(await post("/user/upsert-template", { body: { template: { ...filterTemplate(), title: "   " } } }), 400, "template.title");
    expectRefusal(await post("/user/upsert-template", { body: { template: { ...filterTemplate(), title: "t".repeat(101) } } }), 400, "template.title");
    expectRefusal(await post("/user/delete-template", { body: { title: "" } }), 400, "title");
  });

  it("refuses an unknown field nested inside the template and names its path", async () => {
    const res = await post("/user/upsert-template", { body: { template: { ...filterTemplate(), hacker: 1 } } });
    expectRefusal(res, 400, "template.hacker");
  });

  it("refuses a KPI amount that is not digits and one decimal point", async () => {
    const t = kpiTemplate();
    const res = await post("/user/upsert-kpi-template", { body: { template: { ...t, Budget: "12a" } } });
    expectRefusal(res, 400, "template.Budget");
    expect(res.json.msg).toBe(UPSERT_FAIL);
  });

  it.each(["/user/template-history", "/user/kpi-template-history"])("GET %s without a title answers 400 naming title", async (path) => {
    expectRefusal(await s.call("GET", path, { token }), 400, "title");
    expectRefusal(await s.call("GET", `${path}?title=`, { token }), 400, "title");
  });

  it.each(["/user/template-history", "/user/kpi-template-history"])("GET %s with a NUL in the title answers 400 naming title", async (path) => {
    expectRefusal(await s.call("GET", `${path}?title=a%00b`, { token }), 400, "title");
  });

  it("refuses arrays nested too deeply to be a filter with 400, not 500", async () => {
    const depth = 200_000;
    const raw = `{"filter":${"[".repeat(depth)}${"]".repeat(depth)}}`;
    expectRefusal(await post("/user/filter-page", { rawBody: raw }), 400, "filter");
  });

  it("refuses objects nested too deeply to be a template with 400, not 500, and Upsert Fail!!", async () => {
    const depth = 100_000;
    const raw = `{"template":${"{\"a\":".repeat(depth)}1${"}".repeat(depth)}}`;
    const res = await post("/user/upsert-template", { rawBody: raw });
    expectRefusal(res, 400, "template");
    expect(res.json.msg).toBe(UPSERT_FAIL);
  });

  it("refuses a __proto__ key as an unknown field", async () => {
    const res = await post("/user/delete-template", { rawBody: "{\"title\":\"Nope\",\"__proto__\":{\"admin\":true}}" });
    expectRefusal(res, 400, "__proto__");
  });
});

describe("permissions and tokens", () => {
  const kpiCalls = jsonCalls.filter((c) => c.permission === "9");

  it("has KPI calls that need permission 9", () => {
    expect(kpiCalls.map((c) => c.name).sort()).toEqual(
      ["deleteKpiTemplate", "getKpiTemplates", "kpiTemplateHistory", "restoreKpiTemplate", "upsertKpiTemplate"],
    );
  });

  it.each(kpiCalls)("$method $path answers 403 to a user without permission 9, even with a valid body", async (c) => {
    const res = c.method === "GET"
      ? await s.call("GET", `${c.path}?title=Nope`, { token: noKpiToken })
      : await post(c.path, { tok: noKpiToken, body: POST_SAMPLES[c.name]!.valid });
    expectRefusal(res, 403, "9");
    if (upserts.has(c.name)) expect(res.json.msg).toBe(UPSERT_FAIL);
  });

  const privateCalls = (Object.keys(Api) as CallName[]).map((n) => ({ name: n, ...Api[n] })).filter((c) => c.permission !== "public");

  it.each(privateCalls)("$method $path answers 401 without a token", async (c) => {
    const res = c.method === "GET"
      ? await s.call("GET", `${c.path}?title=Nope`)
      : await s.call("POST", c.path, POST_SAMPLES[c.name] ? { body: POST_SAMPLES[c.name]!.valid } : { rawBody: new FormData() });
    expectRefusal(res, 401);
  });

  it.each(privateCalls)("$method $path answers 401 to a malformed or forged token", async (c) => {
    for (const header of ["Bearer", "Bearer a.b.c", `Bearer ${token}x`, `Token ${token}`]) {
      const opts = { headers: { Authorization: header } };
      const res = c.method === "GET"
        ? await s.call("GET", `${c.path}?title=Nope`, opts)
        : await s.call("POST", c.path, { ...opts, rawBody: JSON.stringify(POST_SAMPLES[c.name]?.valid ?? {}) });
      expectRefusal(res, 401);
    }
  });

  it("checks the token before reading the body: a bad body without a token answers 401", async () => {
    expectRefusal(await s.call("POST", "/user/upsert-template", { rawBody: "{not json" }), 401);
  });

  it("lets public calls through without a token", async () => {
    expect((await s.call("GET", "/healthz")).status).toBe(200);
    expect((await s.call("POST", "/auth/refresh-token", { body: { refresh_token: "made-up" } })).status).toBe(401);
  });
});

describe("after all the bad input", () => {
  it("nothing was written: filter templates, KPI templates and events are unchanged", async () => {
    expect(await counts()).toEqual(before);
  });

  it("the token still works and the valid samples still go through", async () => {
    expect((await s.call("GET", "/user/getdata", { token })).status).toBe(200);
    const res = await post("/user/upsert-template", { body: POST_SAMPLES.upsertTemplate!.valid });
    expect(res.status).toBe(200);
    expect(await s.count("SELECT count(*)::int AS n FROM filter_templates")).toBe(before.filter_templates! + 1);
  });
});

describe("POST /user/import-social: bad multipart input answers 400 naming the field, and writes nothing", () => {
  const form = (fields: Array<[string, string | Blob]>) => {
    const f = new FormData();
    for (const [k, v] of fields) f.append(k, v);
    return f;
  };
  const csv = () => new Blob(["post_id,published_at,type,reach,impressions,reactions,comments,shares\np1,2025-01-01 10:00,photo,1,1,1,1,1\n"]);
  const posts = () => s.count("SELECT count(*)::int AS n FROM posts WHERE post_id = 'p1'");

  it.each([
    ["no account", [["file", csv()]], "account"],
    ["an empty account", [["file", csv()], ["account", ""]], "account"],
    ["the account twice", [["file", csv()], ["account", "bag-tipco-fb-2"], ["account", "bag-tipco-fb-2"]], "account"],
    ["an account with a NUL", [["file", csv()], ["account", "bag\u0000x"]], "account"],
    ["an unknown field", [["file", csv()], ["account", "bag-tipco-fb-2"], ["brand", "Tipco"]], "brand"],
    ["no file", [["account", "bag-tipco-fb-2"]], "file"],
    ["two files", [["file", csv()], ["other", csv()], ["account", "bag-tipco-fb-2"]], "file"],
  ] as const)("%s", async (_label, fields, field) => {
    const res = await s.call("POST", Api.importSocial.path, { token, rawBody: form(fields.map(([k, v]) => [k, v])) });
    expectRefusal(res, 400, field);
    expect(await posts()).toBe(0);
  });

  it("a body that is not multipart", async () => {
    expectRefusal(await post(Api.importSocial.path, { body: { account: "bag-tipco-fb-2" }, tok: token }), 400, "body");
  });
});
