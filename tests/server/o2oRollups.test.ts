// The o2o visitor analytics data layer: the demo rollups the seed writes, and the queries of
// server/services/o2oRollups.ts over them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backfillDemoO2O, extendDemoO2O, fillDemoO2OInBackground, insertDemoO2O, O2O_DEMO_CAMPAIGNS, recentDemoStart } from "../../server/demo/o2oDemo";
import { AGE_BANDS, O2ORollups, TOTAL_KEYS, type Totals, type UnixRange } from "../../server/services/o2oRollups";
import { startTestServer, type TestServer } from "../support/testServer";

let s: TestServer;
let o2o: O2ORollups;
beforeAll(async () => {
  s = await startTestServer();
  o2o = new O2ORollups(s.storage);
});
afterAll(() => s.close());

/** A Bangkok calendar day, or several, as one [from, to) range. */
const days = (first: string, count = 1): UnixRange => {
  const from = Date.parse(`${first}T00:00:00+07:00`) / 1000;
  return { from, to: from + count * 86400 };
};
/** A Bangkok calendar month as one range. */
const month = (y: number, m: number): UnixRange => ({
  from: Date.UTC(y, m - 1, 1) / 1000 - 7 * 3600,
  to: Date.UTC(y, m, 1) / 1000 - 7 * 3600,
});
const one = async <T>(sql: string, params: unknown[] = []): Promise<T> => (await s.storage.query<{ v: T }>(sql, params)).rows[0]!.v;
const add = (a: Totals, b: Totals): Totals =>
  Object.fromEntries(TOTAL_KEYS.map((k) => [k, (a[k] ?? 0) + (b[k] ?? 0)])) as unknown as Totals;
const NULLS: Totals = { shows: null, views: null, leads: null, bounced: null, attentionSum: null, dwellSum: null };

/** A fingerprint of every row of the given hours: same rows, same fingerprint. */
const fingerprint = (from: number, to: number) =>
  one<string>(
    `SELECT md5(coalesce(string_agg(concat_ws(',', campaign_id, hour, content_id, sex, age_band, shows, views, leads, bounced, attention_sum, dwell_sum,
                dwell_0_5, dwell_5_15, dwell_15_30, dwell_30_60, dwell_60_plus, emo_neutral, emo_happy, emo_surprised, emo_sad, emo_angry),
                ';' ORDER BY campaign_id, hour, content_id, sex, age_band), '')) AS v
       FROM o2o_hourly WHERE hour >= $1 AND hour < $2`,
    [from, to],
  );

describe("demo seed", () => {
  it("has four campaigns with two or three contents each, given to the demo user with an o2o token", async () => {
    expect(await one<number>("SELECT count(*)::int AS v FROM o2o_campaigns WHERE demo")).toBe(4);
    const perCampaign = (await s.storage.query<{ n: number }>("SELECT count(*)::int AS n FROM o2o_contents GROUP BY campaign_id ORDER BY campaign_id")).rows.map((r) => r.n);
    expect(perCampaign).toEqual([3, 2, 3, 2]);
    const { access_token } = await s.login();
    const user = (await s.call("GET", "/user/getdata", { token: access_token })).json.user;
    expect(user.listO2O).toEqual(O2O_DEMO_CAMPAIGNS.map((c) => ({ id: c.id, name: c.name })));
    const stored = await one<string>("SELECT token_o2o AS v FROM users WHERE email = 'demo@example.com'");
    expect(stored).toMatch(/^o2o_[A-Za-z0-9_-]{32}$/);
    // The browser learns only that there is a credential, never the credential.
    expect(user.tokenO2O).toBe("stored-on-server");
  });

  it("keeps the invariants on every row: views <= shows, leads <= views, buckets add up, only opening hours", async () => {
    const bad = await one<number>(
      `SELECT count(*)::int AS v FROM o2o_hourly
        WHERE shows <= 0 OR views < 0 OR views > shows OR leads < 0 OR leads > views OR bounced < 0 OR bounced > shows
           OR attention_sum < 0 OR dwell_sum < 0 OR hour % 3600 <> 0 OR sex NOT IN (0, 1) OR age_band NOT BETWEEN 0 AND 5
           OR dwell_0_5 + dwell_5_15 + dwell_15_30 + dwell_30_60 + dwell_60_plus <> shows
           OR least(dwell_0_5, dwell_5_15, dwell_15_30, dwell_30_60, dwell_60_plus) < 0
           OR emo_neutral + emo_happy + emo_surprised + emo_sad + emo_angry <> views
           OR least(emo_neutral, emo_happy, emo_surprised, emo_sad, emo_angry) < 0
           OR ((hour + 25200) / 3600) % 24 NOT BETWEEN 10 AND 21`,
    );
    expect(bad).toBe(0);
    // From 2023-01-01 00:00 Bangkok to the last complete hour; at most a day behind a run that crosses midnight.
    expect(await one<number>("SELECT min(hour)::float8 AS v FROM o2o_hourly")).toBe(days("2023-01-01").from + 10 * 3600);
    expect(await one<number>("SELECT max(hour)::float8 AS v FROM o2o_hourly")).toBeGreaterThan(Date.now() / 1000 - 2 * 86400);
  });
});

describe("determinism", () => {
  it("writes the same rows again for the same hours", async () => {
    const r = days("2024-04-10", 8);
    const before = await fingerprint(r.from, r.to);
    await s.storage.transaction(async (tx) => {
      await tx.query("DELETE FROM o2o_hourly WHERE hour >= $1 AND hour < $2", [r.from, r.to]);
      await insertDemoO2O(tx, r.from, r.to);
    });
    expect(await fingerprint(r.from, r.to)).toBe(before);
  });

  it("gives the same figures on PGlite and PostgreSQL (fixed numbers of one day)", async () => {
    const [t] = await o2o.totals({ campaigns: [1], ranges: [days("2024-04-14")] });
    expect(t).toEqual({ shows: 1479, views: 529, leads: 165, bounced: 454, attentionSum: 2236, dwellSum: 34235 });
  });

  it("a top-up continues exactly as the seed would have", async () => {
    const last = await one<number>("SELECT max(hour)::float8 AS v FROM o2o_hourly");
    const cut = last - 3 * 86400;
    const before = await fingerprint(cut, last + 3600);
    await s.storage.query("DELETE FROM o2o_hourly WHERE hour >= $1", [cut]);
    expect(await extendDemoO2O(s.storage, new Date((last + 3600) * 1000))).toBeGreaterThan(0);
    expect(await fingerprint(cut, last + 3600)).toBe(before);
    expect(await extendDemoO2O(s.storage, new Date((last + 3600) * 1000))).toBe(0);
  });

  it("the seed writes the recent six months at once; the background fill writes the older ones, the same rows, newest first", async () => {
    // 22 November 2026 → from 1 June 2026 (the current month and the five before it).
    expect(recentDemoStart(new Date("2026-11-22T05:00:00Z"))).toBe(days("2026-06-01").from);
    expect(recentDemoStart(new Date("2023-02-10T05:00:00Z"))).toBe(days("2023-01-01").from);
    expect(await one<number>("SELECT count(*)::int AS v FROM o2o_campaigns WHERE demo_filled_from IS NOT NULL")).toBe(0);

    // Cut the database back to what a seed in August 2024 would have left: rows from March 2024 on.
    const march = days("2024-03-01").from;
    const before = await fingerprint(0, march);
    await s.storage.query("DELETE FROM o2o_hourly WHERE hour < $1", [march]);
    await s.storage.query("UPDATE o2o_campaigns SET demo_filled_from = $1 WHERE demo", [march]);

    const first = await backfillDemoO2O(s.storage, 1);
    expect(first).toEqual({ written: expect.any(Number), remaining: true });
    expect(await one<number>("SELECT min(hour)::float8 AS v FROM o2o_hourly")).toBe(days("2024-02-01").from + 10 * 3600);
    expect(await one<number>("SELECT min(demo_filled_from)::float8 AS v FROM o2o_campaigns")).toBe(days("2024-02-01").from);

    const fill = fillDemoO2OInBackground(s.storage, { pauseMs: 0 });
    await fill.done;
    expect(await fingerprint(0, march)).toBe(before);
    expect(await one<number>("SELECT count(*)::int AS v FROM o2o_campaigns WHERE demo_filled_from IS NOT NULL")).toBe(0);
    expect(await backfillDemoO2O(s.storage)).toEqual({ written: 0, remaining: false });
  });
});

describe("patterns", () => {
  it("Songkran days have more shows than the same weekday a week before", async () => {
    for (const [songkran, weekBefore] of [["2023-04-13", "2023-04-06"], ["2024-04-14", "2024-04-07"], ["2025-04-15", "2025-04-08"]] as const) {
      for (const campaign of [1, 4]) {
        const [a, b] = await o2o.totals({ campaigns: [campaign], ranges: [days(songkran), days(weekBefore)] });
        expect(a!.shows!, `${campaign} ${songkran}`).toBeGreaterThan(b!.shows! * 1.3);
      }
    }
  });

  it("weekends beat weekdays, paydays beat mid-month, and 30-45 % of shows look", async () => {
    const year = Array.from({ length: 365 }, (_, i) => days(new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10)));
    const totals = await o2o.totals({ campaigns: [1, 2, 3], ranges: year });
    const avg = (pick: (d: Date) => boolean) => {
      const xs = totals.filter((_, i) => pick(new Date(Date.UTC(2025, 0, 1 + i))) && !(i >= 100 && i <= 106)).map((t) => t.shows!);
      return xs.reduce((x, y) => x + y, 0) / xs.length;
    };
    expect(avg((d) => d.getUTCDay() === 0 || d.getUTCDay() === 6)).toBeGreaterThan(1.2 * avg((d) => d.getUTCDay() >= 1 && d.getUTCDay() <= 4));
    const weekday = (d: Date) => d.getUTCDay() >= 1 && d.getUTCDay() <= 4;
    expect(avg((d) => weekday(d) && (d.getUTCDate() >= 25 || d.getUTCDate() === 1))).toBeGreaterThan(1.08 * avg((d) => weekday(d) && d.getUTCDate() >= 8 && d.getUTCDate() <= 20));
    for (const c of O2O_DEMO_CAMPAIGNS) {
      const [t] = await o2o.totals({ campaigns: [c.id], ranges: [days("2025-01-01", 365)] });
      expect(t!.views! / t!.shows!, c.name).toBeGreaterThan(0.3);
      expect(t!.views! / t!.shows!, c.name).toBeLessThan(0.45);
    }
    const [sexes] = await o2o.bySex({ campaigns: [2], ranges: [days("2025-01-01", 365)] });
    expect(sexes!.women.shows!).toBeGreaterThan(2 * sexes!.men.shows!);
  });

  it("closed hours have no rows and come out null; a daypart content plays only its hours", async () => {
    const [h] = await o2o.hoursOfDay({ campaigns: [1], ranges: [days("2025-10-15")] });
    expect(h!.shows.slice(0, 10)).toEqual(new Array(10).fill(null));
    expect(h!.shows.slice(22)).toEqual([null, null]);
    for (const v of h!.shows.slice(10, 22)) expect(v).toBeGreaterThan(0);
    const [brunch] = await o2o.hoursOfDay({ campaigns: [1], contents: [103], ranges: [days("2025-10-01", 31)] });
    expect(brunch!.views.map((v) => v !== null)).toEqual(Array.from({ length: 24 }, (_, i) => i >= 10 && i <= 13));
  });
});

describe("queries", () => {
  const q3 = [month(2025, 8), month(2025, 9), month(2025, 10)];
  const quarter: UnixRange = { from: q3[0]!.from, to: q3[2]!.to };

  it("three months are the sum of their months, in every breakdown", async () => {
    const f = { campaigns: [1, 3] };
    const months = await o2o.totals({ ...f, ranges: q3 });
    const [whole] = await o2o.totals({ ...f, ranges: [quarter] });
    expect(months.reduce(add)).toEqual(whole);
    const series = await o2o.series({ ...f, from: quarter.from, to: quarter.to, interval: "month" });
    expect(series.intervals).toEqual(q3);
    expect(series.series).toEqual([{ key: null, points: months }]);
    const [bySex] = await o2o.bySex({ ...f, ranges: [quarter] });
    expect(add(bySex!.men, bySex!.women)).toEqual(whole);
    const [byAge] = await o2o.byAge({ ...f, ranges: [quarter] });
    expect(byAge!.reduce(add)).toEqual(whole);
    const [cells] = await o2o.bySexAge({ ...f, ranges: [quarter] });
    expect([...cells!.men, ...cells!.women].reduce(add)).toEqual(whole);
    const [dwell] = await o2o.dwellHistogram({ ...f, ranges: [quarter] });
    expect(Object.values(dwell!).reduce((a, b) => a + b)).toBe(whole!.shows);
    const [emotions] = await o2o.emotions({ ...f, ranges: [quarter] });
    expect(Object.values(emotions!).reduce((a, b) => a + b)).toBe(whole!.views);
    const [hours] = await o2o.hoursOfDay({ ...f, ranges: [quarter] });
    expect(hours!.shows.reduce<number>((a, b) => a + (b ?? 0), 0)).toBe(whole!.shows);
    const perContent = await o2o.series({ ...f, from: quarter.from, to: quarter.to, interval: "month", by: "content" });
    expect(perContent.series.map((x) => x.key)).toEqual([102, 103, 301, 302]);
    expect(perContent.series.map((x) => x.points[0]!).reduce(add)).toEqual(months[0]);
    const weekly = await o2o.series({ ...f, from: quarter.from, to: quarter.to, interval: 7 * 86400 });
    expect(weekly.intervals.length).toBe(14);
    expect(weekly.series[0]!.points.reduce(add)).toEqual(whole);
  });

  it("a filter by sex or age band narrows the totals; nobody in a measured range is 0, not null", async () => {
    const f = { campaigns: [2], ranges: [quarter] };
    const [women] = await o2o.totals({ ...f, sex: "women" });
    const [bySex] = await o2o.bySex(f);
    expect(women).toEqual(bySex!.women);
    const [young] = await o2o.totals({ ...f, ageBands: ["18-24", "25-34"] });
    const [byAge] = await o2o.byAge(f);
    expect(young).toEqual(add(byAge![AGE_BANDS.indexOf("18-24")]!, byAge![AGE_BANDS.indexOf("25-34")]!));
    // One closed hour in a measured range: nothing there, but the range was measured.
    const [h] = await o2o.totals({ campaigns: [2], ranges: [{ from: days("2025-10-15").from + 3 * 3600, to: days("2025-10-15").from + 4 * 3600 }] });
    expect(h).toEqual(NULLS);
  });

  it("answers null, not zero, where nothing was measured", async () => {
    const before = days("2022-06-01", 30);
    const offSeason = days("2025-10-01", 31); // campaign 4 plays around Songkran only
    for (const q of [{ campaigns: [1], ranges: [before] }, { campaigns: [4], ranges: [offSeason] }, { campaigns: [], ranges: [days("2025-10-01")] }, { campaigns: [1], contents: [999], ranges: [days("2025-10-01")] }]) {
      expect(await o2o.totals(q)).toEqual([NULLS]);
      expect(await o2o.bySex(q)).toEqual([null]);
      expect(await o2o.byAge(q)).toEqual([null]);
      expect(await o2o.bySexAge(q)).toEqual([null]);
      expect(await o2o.dwellHistogram(q)).toEqual([null]);
      expect(await o2o.emotions(q)).toEqual([null]);
      const [h] = await o2o.hoursOfDay(q);
      expect(h!.shows).toEqual(new Array(24).fill(null));
    }
    const series = await o2o.series({ campaigns: [4], from: month(2025, 2).from, to: month(2025, 6).to, interval: "month" });
    expect(series.series[0]!.points.map((p) => p.shows !== null)).toEqual([false, true, true, false, false]);
    // Several ranges at once: each gets its own answer, in order.
    const mixed = await o2o.totals({ campaigns: [1], ranges: [before, days("2025-10-01"), { from: 10, to: 5 }] });
    expect(mixed.map((t) => t.shows === null)).toEqual([true, false, true]);
  });

  it("refuses ranges that are not whole seconds", async () => {
    await expect(o2o.totals({ campaigns: [1], ranges: [{ from: 1.5, to: 2 }] })).rejects.toMatchObject({ kind: "invalid" });
    await expect(o2o.series({ campaigns: [1], from: 0, to: 10, interval: 60 })).rejects.toMatchObject({ kind: "invalid" });
  });
});
