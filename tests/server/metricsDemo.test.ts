// The demo figures the seed writes: coverage, determinism, realistic patterns, and the top-up.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bangkokDay } from "../../domain/dates";
import { addDays, daysInclusive } from "../../domain/calendarDays";
import {
  DEMO_ADS_METRICS, DEMO_MA_METRICS, DEMO_METRICS_START, demoAdsValues, demoMaValues, extendDemoMetrics,
} from "../../server/demo/seed";
import { startTestServer, type TestServer } from "../support/testServer";

let s: TestServer;
let lastDay: string;
beforeAll(async () => {
  s = await startTestServer();
  lastDay = (await s.storage.query<{ d: string }>("SELECT to_char(max(day), 'YYYY-MM-DD') AS d FROM metrics WHERE source = 'demo'")).rows[0]!.d;
});
afterAll(() => s.close());

const one = async <T>(sql: string, params: unknown[] = []): Promise<T> => (await s.storage.query<{ v: T }>(sql, params)).rows[0]!.v;
const avg = (where: string) => one<number>(`SELECT avg(value)::float8 AS v FROM metrics WHERE source = 'demo' AND ${where}`);

describe("coverage", () => {
  it("runs from 2023-01-01 to the seeding day (today in Bangkok)", async () => {
    expect(await one<string>("SELECT to_char(min(day), 'YYYY-MM-DD') AS v FROM metrics")).toBe(DEMO_METRICS_START);
    // The template was seeded when this run started; allow for a run that crosses midnight in Bangkok.
    expect([bangkokDay(new Date()), addDays(bangkokDay(new Date()), -1)]).toContain(lastDay);
  });

  it("has every day of every MA metric for every page and every ADS metric for every account", async () => {
    const pages = await one<number>("SELECT count(*)::int AS v FROM pages");
    const bags = await one<number>("SELECT count(*)::int AS v FROM bags");
    const days = daysInclusive(DEMO_METRICS_START, lastDay);
    expect(await one<number>("SELECT count(*)::int AS v FROM metrics WHERE plan = 'ma'")).toBe(pages * DEMO_MA_METRICS.length * days);
    expect(await one<number>("SELECT count(*)::int AS v FROM metrics WHERE plan = 'ads'")).toBe(bags * DEMO_ADS_METRICS.length * days);
    expect(await one<number>("SELECT count(DISTINCT page_id)::int AS v FROM metrics WHERE plan = 'ma'")).toBe(pages);
    expect(await one<number>("SELECT count(*)::int AS v FROM metrics WHERE plan = 'ads' AND page_id IS NOT NULL")).toBe(0);
  });
});

describe("determinism", () => {
  it("stores exactly what the generator gives for a (page or account, day)", async () => {
    for (const [pageId, channel, day] of [["bag-tipco-fb-1-p1", "facebook", "2023-01-01"], ["bag-aura-tt-3-p2", "tiktok", "2024-11-11"]] as const) {
      const rows = (await s.storage.query<{ metric: string; value: number | string }>(
        "SELECT metric, value::float8 AS value FROM metrics WHERE plan = 'ma' AND source_key = $1 AND day = $2 ORDER BY metric", [pageId, day],
      )).rows;
      const expected = demoMaValues(pageId, channel, daysInclusive(DEMO_METRICS_START, day) - 1);
      expect(Object.fromEntries(rows.map((r) => [r.metric, Number(r.value)]))).toEqual(expected);
    }
    const ads = (await s.storage.query<{ metric: string; value: number | string }>(
      "SELECT metric, value::float8 AS value FROM metrics WHERE plan = 'ads' AND source_key = 'bag-auramove-tt-2' AND day = '2025-04-14'",
    )).rows;
    expect(Object.fromEntries(ads.map((r) => [r.metric, Number(r.value)]))).toEqual(demoAdsValues("bag-auramove-tt-2", "tiktok", daysInclusive(DEMO_METRICS_START, "2025-04-14") - 1));
  });

  it("gives the same figures on every call and different figures to different pages", () => {
    expect(demoMaValues("bag-tipco-fb-1-p1", "facebook", 500)).toEqual(demoMaValues("bag-tipco-fb-1-p1", "facebook", 500));
    expect(demoMaValues("bag-tipco-fb-1-p1", "facebook", 500)).not.toEqual(demoMaValues("bag-tipco-fb-1-p2", "facebook", 500));
    const spend = demoAdsValues("bag-tipco-fb-1", "facebook", 800).spend;
    expect(Math.round(spend * 100) / 100).toBe(spend);
  });
});

describe("realistic patterns", () => {
  it("TikTok pages get several times the views of Facebook pages", async () => {
    expect(await avg("plan = 'ma' AND metric = 'view' AND channel = 'tiktok'")).toBeGreaterThan(3 * await avg("plan = 'ma' AND metric = 'view' AND channel = 'facebook'"));
  });

  it("weekends are busier than weekdays on TikTok", async () => {
    const weekend = await avg("plan = 'ma' AND metric = 'view' AND channel = 'tiktok' AND extract(isodow FROM day) IN (6, 7)");
    const weekday = await avg("plan = 'ma' AND metric = 'view' AND channel = 'tiktok' AND extract(isodow FROM day) IN (1, 2, 3, 4)");
    expect(weekend).toBeGreaterThan(1.15 * weekday);
  });

  it("paydays (25th to month end) bring more conversions than mid-month", async () => {
    const payday = await avg("plan = 'ads' AND metric = 'conversion' AND extract(day FROM day) >= 25 AND extract(month FROM day) < 9");
    const mid = await avg("plan = 'ads' AND metric = 'conversion' AND extract(day FROM day) BETWEEN 10 AND 20 AND extract(month FROM day) < 9");
    expect(payday).toBeGreaterThan(1.15 * mid);
  });

  it.each([["11.11", 11], ["12.12", 12]])("%s sells far more than the rest of its month", async (_label, month) => {
    const sale = await avg(`plan = 'ads' AND metric = 'conversion' AND extract(month FROM day) = ${month} AND extract(day FROM day) = ${month}`);
    const rest = await avg(`plan = 'ads' AND metric = 'conversion' AND extract(month FROM day) = ${month} AND extract(day FROM day) BETWEEN 1 AND 8`);
    expect(sale).toBeGreaterThan(1.6 * rest);
  });

  it("Songkran (13–15 April) lifts organic reach", async () => {
    const songkran = await avg("plan = 'ma' AND metric = 'reach' AND extract(month FROM day) = 4 AND extract(day FROM day) BETWEEN 13 AND 15");
    const april = await avg("plan = 'ma' AND metric = 'reach' AND extract(month FROM day) = 4 AND extract(day FROM day) BETWEEN 1 AND 10");
    expect(songkran).toBeGreaterThan(1.2 * april);
  });

  it("grows over time", async () => {
    expect(await avg("plan = 'ma' AND metric = 'reach' AND extract(year FROM day) = 2025")).toBeGreaterThan(1.2 * await avg("plan = 'ma' AND metric = 'reach' AND extract(year FROM day) = 2023"));
    expect(await avg("plan = 'ads' AND metric = 'spend' AND extract(year FROM day) = 2025")).toBeGreaterThan(await avg("plan = 'ads' AND metric = 'spend' AND extract(year FROM day) = 2023"));
  });

  it("keeps the ad figures consistent with each other: CPM of 40–200 THB, reach below impressions, clicks below impressions", async () => {
    const r = (await s.storage.query<{ spend: number; impression: number; reach: number; click: number }>(
      `SELECT sum(value) FILTER (WHERE metric = 'spend')::float8 AS spend, sum(value) FILTER (WHERE metric = 'impression')::float8 AS impression,
              sum(value) FILTER (WHERE metric = 'reach')::float8 AS reach, sum(value) FILTER (WHERE metric = 'click')::float8 AS click
         FROM metrics WHERE plan = 'ads' AND source = 'demo'`,
    )).rows[0]!;
    const cpm = (r.spend / r.impression) * 1000;
    expect(cpm).toBeGreaterThan(40);
    expect(cpm).toBeLessThan(200);
    expect(r.reach).toBeLessThan(r.impression);
    expect(r.click).toBeLessThan(r.impression * 0.05);
  });
});

describe("extendDemoMetrics: a demo database started later still has figures up to today", () => {
  it("writes back exactly the days that are missing, with the same values, and nothing twice", async () => {
    const from = addDays(lastDay, -4);
    const before = await one<number>("SELECT sum(value)::float8 AS v FROM metrics WHERE day >= $1", [from]);
    const removed = (await s.storage.query("DELETE FROM metrics WHERE day >= $1", [from])).affectedRows;
    expect(removed).toBeGreaterThan(0);
    expect(await extendDemoMetrics(s.storage, lastDay)).toBe(removed);
    expect(await one<number>("SELECT sum(value)::float8 AS v FROM metrics WHERE day >= $1", [from])).toBe(before);
    expect(await extendDemoMetrics(s.storage, lastDay)).toBe(0);
  });

  it("does not continue a series that real figures replaced", async () => {
    const from = addDays(lastDay, -2);
    await s.storage.query("DELETE FROM metrics WHERE source_key = 'bag-aura-fb-2-p1' AND day >= $1", [from]);
    await s.storage.query("UPDATE metrics SET source = 'csv' WHERE source_key = 'bag-aura-fb-2-p1' AND metric = 'reach' AND day = $1", [addDays(from, -1)]);
    const written = await extendDemoMetrics(s.storage, lastDay);
    expect(written).toBe(3 * (DEMO_MA_METRICS.length - 1));
    expect(await one<number>("SELECT count(*)::int AS v FROM metrics WHERE source_key = 'bag-aura-fb-2-p1' AND metric = 'reach' AND day >= $1", [from])).toBe(0);
  });
});
