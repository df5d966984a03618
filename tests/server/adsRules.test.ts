// Ads & Automation (issue 15): the automation rules and alerts calls over hand-made ad days of a
// brand of its own (windows at the range's edges, days without figures, channel scope, pacing
// against the KPI templates' Ads plan, acknowledgement kept across re-evaluation, the event log,
// 400s naming each field, access), and over the demo: its fatigued campaign raises the alerts of
// "frequency above 3 over 7 days" and "CTR dropped 20 % against the previous 7 days".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Schema } from "effect";
import { Api } from "../../domain/api";
import { addDays } from "../../domain/calendarDays";
import { bangkokDay } from "../../domain/dates";
import type { AdsAlertRecord } from "../../domain/adsContract";
import { demoFatiguedCampaignId } from "../../server/demo/adsDemo";
import { evaluateRulesAfterImport } from "../../server/services/adsRules";
import { startTestServer, type TestServer } from "../support/testServer";

let s: TestServer;
let token: string;
let brandId: number;

const BRAND = "Rules Shop";
const today = bangkokDay(new Date());
const d = (n: number) => addDays(today, n);

/** R1 (Facebook) spends ฿100 a day from d-20 to d-1 except d-10; R2 (TikTok) ฿1,000 a day from d-3 to d-1. */
async function seedHandData(): Promise<void> {
  brandId = (await s.storage.query<{ id: number }>("INSERT INTO brands (name) VALUES ($1) RETURNING id", [BRAND])).rows[0]!.id;
  await s.storage.query("INSERT INTO bags (id, brand_id, name, channel) VALUES ('bag-rules-fb', $1, 'FB', 'facebook'), ('bag-rules-tt', $1, 'TT', 'tiktok')", [brandId]);
  await s.storage.query(
    `INSERT INTO ad_campaigns (brand_id, bag_id, channel, id, name, objective, status, source)
     VALUES ($1, 'bag-rules-fb', 'facebook', 'R1', 'Rules Sales', 'sales', 'active', 'csv'), ($1, 'bag-rules-tt', 'tiktok', 'R2', 'Rules TikTok', 'traffic', 'active', 'csv')`,
    [brandId],
  );
  const days: Array<[string, string, string, number]> = [];
  for (let n = -20; n <= -1; n++) if (n !== -10) days.push(["R1", "bag-rules-fb", "facebook", n]);
  for (let n = -3; n <= -1; n++) days.push(["R2", "bag-rules-tt", "tiktok", n]);
  for (const [c, bag, channel, n] of days) {
    await s.storage.query(
      `INSERT INTO ad_days (brand_id, bag_id, channel, campaign_id, ad_set_id, ad_id, day, spend_satang, impressions, reach, clicks, video_views, results, source)
       VALUES ($1, $2, $3, $4, $4 || '-set', $4 || '-ad', $5, $6, 1000, 500, 20, 0, 1, 'csv')`,
      [brandId, bag, channel, c, d(n), c === "R1" ? 10_000 : 100_000],
    );
  }
}

beforeAll(async () => {
  s = await startTestServer();
  await seedHandData();
  token = await s.addUser("rules@example.com", ["5"], [BRAND]);
});
afterAll(() => s.close());

const decodeAlerts = Schema.decodeUnknownSync(Api.adsAlerts.response);
const decodeUpsert = Schema.decodeUnknownSync(Api.upsertAdsRule.response);

const spendRule = { name: "Spend spike", scope: { kind: "brand" }, metric: "spend", condition: "above", threshold: 250, windowDays: 3 };

async function upsert(rule: Record<string, unknown>, extra: Record<string, unknown> = {}, tok = token, brand = BRAND) {
  const res = await s.call("POST", "/user/upsert-ads-rule", { token: tok, body: { brand, rule, ...extra } });
  expect(res.status, res.text).toBe(200);
  return decodeUpsert(res.json);
}

async function alerts(query: Record<string, string> = {}, tok = token, brand = BRAND): Promise<AdsAlertRecord[]> {
  const q = new URLSearchParams({ brand, start: d(-400), end: today, status: "all", ...query });
  const res = await s.call("GET", `/user/ads-alerts?${q}`, { token: tok });
  expect(res.status, res.text).toBe(200);
  return [...decodeAlerts(res.json).data];
}

async function evaluate(start: string, end: string) {
  const res = await s.call("POST", "/user/evaluate-ads-rules", { token, body: { brand: BRAND, start, end } });
  expect(res.status, res.text).toBe(200);
  return res.json as { rules: number; alerts: number };
}

async function removeAll() {
  const res = await s.call("GET", `/user/ads-rules?brand=${encodeURIComponent(BRAND)}`, { token });
  for (const r of res.json.data as Array<{ id: number }>) {
    expect((await s.call("POST", "/user/delete-ads-rule", { token, body: { brand: BRAND, id: r.id } })).status).toBe(200);
  }
}

describe("rules over hand-made figures", () => {
  it("raises an alert on every day whose trailing window holds, reaching back before the range, not on days without figures", async () => {
    const saved = await upsert(spendRule);
    expect(saved.data).toMatchObject({ name: "Spend spike", text: "Spend above ฿250 over the last 3 days", createdBy: "rules" });
    // R1: windows of three days with figures (฿300); R2: ฿1,000 a day from d-3.
    const r1 = [-18, -17, -16, -15, -14, -13, -12, -11, -7, -6, -5, -4, -3, -2, -1].map(d);
    const r2 = [-3, -2, -1, 0].map(d);
    expect(saved.alerts).toBe(r1.length + r2.length);
    const all = await alerts();
    expect(all.filter((a) => a.campaignId === "R1").map((a) => a.day).sort()).toEqual(r1);
    expect(all.filter((a) => a.campaignId === "R2").map((a) => a.day).sort()).toEqual(r2.sort());
    expect(all.find((a) => a.campaignId === "R1" && a.day === d(-1))).toMatchObject({ value: 300, threshold: 250, campaignName: "Rules Sales", ruleName: "Spend spike" });
    expect(all.find((a) => a.campaignId === "R2" && a.day === today)).toMatchObject({ value: 2000 });
    // A range starting at d-5: its first window (d-7 .. d-5) is read from before the range.
    await removeAll();
    await upsert({ ...spendRule, scope: { kind: "campaigns", campaigns: ["R1"] } });
    await s.storage.query("DELETE FROM ads_alerts WHERE brand_id = $1", [brandId]);
    expect(await evaluate(d(-5), d(-3))).toMatchObject({ rules: 1, alerts: 3 });
    expect((await alerts()).map((a) => a.day)).toEqual([d(-3), d(-4), d(-5)]);
    // Below ฿50 a day: d-10 and today have no figures, so nothing (not ฿0).
    await removeAll();
    const below = await upsert({ ...spendRule, condition: "below", threshold: 50, windowDays: 1 });
    expect(below.alerts).toBe(0);
    await removeAll();
  });

  it("scopes a rule to a channel", async () => {
    const r = await upsert({ ...spendRule, scope: { kind: "channel", channel: "tiktok" } });
    expect(r.alerts).toBe(4);
    expect(new Set((await alerts()).map((a) => a.campaignId))).toEqual(new Set(["R2"]));
    await removeAll();
  });

  it("paces the scope's spend against the Ads budget of the brand's KPI templates", async () => {
    const userId = (await s.storage.query<{ id: number }>("SELECT id FROM users WHERE email = 'rules@example.com'")).rows[0]!.id;
    const plan = (periods: unknown[]) => ({ title: "Plan", Budget: "", MA: { setMonth: [] }, ADS: { setMonth: periods }, RFM: [] });
    await s.storage.query("INSERT INTO kpi_templates (user_id, title, body, updated_at) VALUES ($1, 'Old plan', $2, now() - interval '1 day'), ($1, 'Plan', $3, now())", [
      userId, JSON.stringify(plan([{ startDate: d(-30), endDate: d(30), budget: 61_000 }])), JSON.stringify(plan([{ startDate: d(-9), endDate: d(0), budget: 1000 }])),
    ]);
    // TikTok spends ฿1,000 a day from d-3 against ฿100 a day planned (the latest template): 1,000 %.
    const r = await upsert({ name: "Pacing", scope: { kind: "channel", channel: "tiktok" }, metric: "pacing", condition: "above", threshold: 110, windowDays: 1 });
    expect(r.data.text).toBe("Pacing against the plan above 110 % over the last day");
    const all = await alerts();
    expect(all.map((a) => [a.day, a.campaignId, a.campaignName, Math.round(a.value)])).toEqual([[d(-1), null, null, 1000], [d(-2), null, null, 1000], [d(-3), null, null, 1000]]);
    // Before d-9 the older template plans ฿1,000 a day: R1's ฿100 is 10 %.
    const low = await upsert({ name: "Under", scope: { kind: "channel", channel: "facebook" }, metric: "pacing", condition: "below", threshold: 50, windowDays: 1 });
    const under = (await alerts()).filter((a) => a.ruleId === low.data.id).map((a) => a.day).sort();
    // Days with a plan and no spend are 0 %: d-30 .. d-10 (R1's ฿100 against ฿1,000 is 10 %) and today.
    expect(under).toEqual([...Array.from({ length: 21 }, (_, i) => d(-30 + i)), today].sort());
    await removeAll();
    await s.storage.query("DELETE FROM kpi_templates WHERE user_id = $1", [userId]);
  });

  it("keeps acknowledgements across re-evaluation, updates values, removes open alerts that no longer hold", async () => {
    const rule = await upsert({ ...spendRule, scope: { kind: "campaigns", campaigns: ["R1"] } });
    const before = await alerts();
    const at = (day: string) => before.find((a) => a.day === day)!;
    const ack = await s.call("POST", "/user/acknowledge-ads-alerts", { token, body: { brand: BRAND, ids: [at(d(-7)).id, at(d(-1)).id] } });
    expect(ack.status, ack.text).toBe(200);
    expect(ack.json).toMatchObject({ acknowledged: 2 });
    const again = await s.call("POST", "/user/acknowledge-ads-alerts", { token, body: { brand: BRAND, ids: [at(d(-7)).id] } });
    expect(again.json).toMatchObject({ acknowledged: 0 });
    expect((await alerts({ status: "open" })).map((a) => a.day)).not.toContain(d(-7));
    expect((await alerts({ status: "acknowledged" })).map((a) => a.day)).toEqual([d(-1), d(-7)]);
    // d-7 spends nothing now: windows ending d-7, d-6, d-5 hold ฿200; d-1 spends ฿200: its window ฿400.
    await s.storage.query("UPDATE ad_days SET spend_satang = 0 WHERE brand_id = $1 AND campaign_id = 'R1' AND day = $2", [brandId, d(-7)]);
    await s.storage.query("UPDATE ad_days SET spend_satang = 20000 WHERE brand_id = $1 AND campaign_id = 'R1' AND day = $2", [brandId, d(-1)]);
    await evaluate(d(-30), today);
    const after = await alerts();
    const days = after.map((a) => a.day);
    expect(days).not.toContain(d(-6));
    expect(days).not.toContain(d(-5));
    expect(after.find((a) => a.day === d(-7))).toMatchObject({ id: at(d(-7)).id, value: 300, acknowledgedBy: "rules" });
    expect(after.find((a) => a.day === d(-1))).toMatchObject({ id: at(d(-1)).id, value: 400, acknowledgedBy: "rules" });
    expect(after.find((a) => a.day === d(-1))!.acknowledgedAt).not.toBeNull();
    // The import's hook evaluates from the first imported day.
    await s.storage.query("UPDATE ad_days SET spend_satang = 10000 WHERE brand_id = $1 AND campaign_id = 'R1' AND day = $2", [brandId, d(-7)]);
    expect(await evaluateRulesAfterImport(s.storage, brandId, d(-7), d(-7), today)).toEqual({ rules: 1, alerts: 8 });
    expect((await alerts()).map((a) => a.day)).toContain(d(-6));
    // Every write is in the event log.
    const events = (await s.storage.query<{ type: string; entity: string }>("SELECT type, entity FROM events WHERE entity IN ('ads_rule', 'ads_alert') ORDER BY id")).rows;
    expect(events).toContainEqual({ type: "adsRule.created", entity: "ads_rule" });
    expect(events).toContainEqual({ type: "adsRule.deleted", entity: "ads_rule" });
    expect(events).toContainEqual({ type: "adsAlerts.acknowledged", entity: "ads_alert" });
    expect(events).toContainEqual({ type: "adsAlerts.evaluated", entity: "ads_alert" });
    // Changing the rule drops its open alerts (they were for the old condition), keeps the acknowledged.
    const changed = await upsert({ ...spendRule, threshold: 10_000, scope: { kind: "campaigns", campaigns: ["R1"] } }, { id: rule.data.id });
    expect(changed.alerts).toBe(0);
    expect((await alerts()).map((a) => a.day)).toEqual([d(-1), d(-7)]);
    expect((await s.call("POST", "/user/acknowledge-ads-alerts", { token, body: { brand: BRAND, ids: [999_999] } })).status).toBe(400);
    await removeAll();
    expect(await alerts()).toEqual([]);
    expect((await s.call("POST", "/user/delete-ads-rule", { token, body: { brand: BRAND, id: rule.data.id } })).status).toBe(404);
  });

  it("answers 400 naming the field of a rule that cannot be", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ metric: "likes" }, "rule.metric: Choose a metric"],
      [{ threshold: -1 }, "rule.threshold: The threshold must be a number of 0 or more."],
      [{ scope: { kind: "campaigns", campaigns: [] } }, "rule.scope.campaigns: Choose at least one campaign."],
      [{ windowDays: 0 }, "rule.windowDays: The window must be a whole number of days from 1 to 90."],
      [{ windowDays: 91 }, "rule.windowDays: The window must be a whole number of days from 1 to 90."],
      [{ name: "  " }, "rule.name: Please fill the rule name."],
      [{ metric: "pacing", condition: "dropsBy" }, "rule.condition: Pacing is compared with the plan: choose above or below."],
    ];
    for (const [change, message] of cases) {
      const res = await s.call("POST", "/user/upsert-ads-rule", { token, body: { brand: BRAND, rule: { ...spendRule, ...change } } });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.json.error).toBe("invalid_body");
      expect(res.json.message.startsWith(message), res.json.message).toBe(true);
    }
    const other = await s.call("POST", "/user/upsert-ads-rule", { token, body: { brand: BRAND, rule: { ...spendRule, scope: { kind: "campaigns", campaigns: ["R1", "120999"] } } } });
    expect(other.status).toBe(400);
    expect(other.json.message).toBe('rule.scope.campaigns: campaign "120999" is not one of the brand\'s');
    const range = await s.call("POST", "/user/evaluate-ads-rules", { token, body: { brand: BRAND, start: today, end: d(-1) } });
    expect(range.status).toBe(400);
    expect(range.json.message).toMatch(/^end: /);
    expect((await s.call("GET", `/user/ads-rules?brand=${encodeURIComponent(BRAND)}`, { token })).json.data).toEqual([]);
  });

  it("needs permission 5 and one of the user's brands", async () => {
    const no5 = await s.addUser("rules-no5@example.com", ["1", "9"], [BRAND]);
    expect((await s.call("GET", `/user/ads-rules?brand=${encodeURIComponent(BRAND)}`, { token: no5 })).status).toBe(403);
    expect((await s.call("POST", "/user/upsert-ads-rule", { token: no5, body: { brand: BRAND, rule: spendRule } })).status).toBe(403);
    const other = await s.call("GET", `/user/ads-alerts?brand=Tipco&start=${d(-10)}&end=${today}`, { token });
    expect(other.status).toBe(403);
    expect(other.json.message).toBe('brand: "Tipco" is not one of your brands');
    expect((await s.call("POST", "/user/upsert-ads-rule", { token, body: { brand: "Tipco", rule: spendRule } })).status).toBe(403);
  });
});

describe("rules over the demo", () => {
  it("raises alerts on Tipco's fatigued campaign, and only there: frequency above 3 over 7 days, CTR dropped 20 %", async () => {
    const demo = (await s.login()).access_token;
    const id = demoFatiguedCampaignId("bag-tipco-fb-1");
    const frequency = await upsert({ name: "Frequency", scope: { kind: "brand" }, metric: "frequency", condition: "above", threshold: 3, windowDays: 7 }, {}, demo, "Tipco");
    expect(frequency.alerts).toBeGreaterThan(10);
    const open = await alerts({ start: d(-60), status: "open" }, demo, "Tipco");
    expect(open.length).toBe(frequency.alerts);
    expect(new Set(open.map((a) => a.campaignId))).toEqual(new Set([id]));
    expect(open[0]).toMatchObject({ campaignName: "Tipco Cold Pressed – Retarget ATC 14D", day: today, ruleText: "Frequency above 3 over the last 7 days" });
    const ctr = await upsert({ name: "CTR drop", scope: { kind: "campaigns", campaigns: [id] }, metric: "ctr", condition: "dropsBy", threshold: 20, windowDays: 7 }, {}, demo, "Tipco");
    expect(ctr.alerts).toBeGreaterThan(0);
    const drops = (await alerts({ start: d(-60) }, demo, "Tipco")).filter((a) => a.ruleId === ctr.data.id);
    expect(drops.every((a) => a.value <= -20 && a.campaignId === id)).toBe(true);
  });
});
