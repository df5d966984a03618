// The built-in o2o visitor analytics service (server/services/o2oService.ts): every target path of
// the contract answered from the demo rollups, each answer decoded with the contract's schema.
import { Schema } from "effect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AgeBands, Emotions, O2O_TARGETS, SexAgeKeys, Sexes, type HeatmapSexAgePayload, type O2oDataOf, type O2oPayloadOf,
  type O2oTargetPath, type UnixRange,
} from "../../domain/o2o";
import { ServiceError } from "../../server/services/errors";
import { O2O_DEMO_CAMPAIGNS } from "../../server/demo/o2oDemo";
import { O2ORollups } from "../../server/services/o2oRollups";
import { O2OBuiltinService } from "../../server/services/o2oService";
import { DEMO_EMAIL, startTestServer, type TestServer } from "../support/testServer";

let s: TestServer;
let service: O2OBuiltinService;
let rollups: O2ORollups;
let token: string;
/** A second user with o2o access to campaign 2 only. */
let otherToken: string;

beforeAll(async () => {
  s = await startTestServer();
  service = new O2OBuiltinService(s.storage);
  rollups = new O2ORollups(s.storage);
  token = (await s.storage.query<{ t: string }>("SELECT token_o2o AS t FROM users WHERE email = $1", [DEMO_EMAIL])).rows[0]!.t;
  // Without a brand: a brand's o2o campaigns are its users' too (issue 17, tests/server/admin.test.ts).
  await s.addUser("o2o-other@example.com", ["1"], []);
  otherToken = "o2o_other_user_token";
  await s.storage.query("UPDATE users SET token_o2o = $1 WHERE email = 'o2o-other@example.com'", [otherToken]);
  await s.storage.query(
    "INSERT INTO user_o2o_campaigns (user_id, campaign_id) SELECT id, 2 FROM users WHERE email = 'o2o-other@example.com'",
  );
});
afterAll(() => s.close());

/** One Bangkok day as an inclusive range. */
const day = (d: string): UnixRange => {
  const from = Date.parse(`${d}T00:00:00+07:00`) / 1000;
  return { from, to: from + 86_399 };
};
/** `count` consecutive Bangkok days from `first`, one range each. */
const days = (first: string, count: number): UnixRange[] =>
  Array.from({ length: count }, (_, i) => {
    const from = day(first).from + i * 86_400;
    return { from, to: from + 86_399 };
  });
/** A Bangkok calendar month as an inclusive range. */
const month = (y: number, m: number): UnixRange => ({
  from: Date.UTC(y, m - 1, 1) / 1000 - 7 * 3600,
  to: Date.UTC(y, m, 1) / 1000 - 7 * 3600 - 1,
});
const span = (rs: readonly UnixRange[]): UnixRange => ({ from: rs[0]!.from, to: rs.at(-1)!.to });

/** Asks the service and decodes the answer with the contract (throws when it does not decode). */
async function ask<P extends O2oTargetPath>(path: P, payload: O2oPayloadOf<P>, tok = token): Promise<O2oDataOf<P>> {
  const data = await service.answer(tok, path, payload);
  const schema = O2O_TARGETS[path].data as unknown as Schema.Codec<unknown, unknown>;
  expect(() => Schema.decodeUnknownSync(schema)(data), path).not.toThrow();
  return data;
}

const sum = (xs: ReadonlyArray<number | null>): number => xs.reduce<number>((a, b) => a + (b ?? 0), 0);
const addLists = (a: ReadonlyArray<number | null>, b: ReadonlyArray<number | null>) =>
  a.map((x, i) => (x === null && b[i] === null ? null : (x ?? 0) + (b[i] ?? 0)));

// 2025-08-01 … 2025-10-31: three months of days, all measured for campaigns 1 and 3.
const QUARTER = days("2025-08-01", 92);
const C = [1, 3];
const BEFORE = day("2022-06-01");

describe("visitor_view per-range figures", () => {
  it("audience: one value per range, views <= shows; a span is the sum of its days", async () => {
    const a = await ask("/stats/visitor_view/audience", { campaigns: C, ranges: QUARTER });
    expect(a.ranges).toEqual(QUARTER);
    expect(a.series.shows).toHaveLength(92);
    a.series.shows.forEach((shows, i) => {
      expect(shows).toBeGreaterThan(0);
      expect(a.series.views[i]!).toBeLessThanOrEqual(shows!);
      expect(a.series.views[i]!).toBeGreaterThan(0);
    });
    const whole = await ask("/stats/visitor_view/audience", { campaigns: C, ...span(QUARTER) });
    expect(whole).toEqual({ ranges: [span(QUARTER)], series: { shows: [sum(a.series.shows)], views: [sum(a.series.views)] } });
    // The same figures as the rollups over [from, to + 1).
    const [t] = await rollups.totals({ campaigns: [1], ranges: [{ from: day("2024-04-14").from, to: day("2024-04-14").to + 1 }] });
    const one = await ask("/stats/visitor_view/audience", { campaigns: [1], ranges: [day("2024-04-14")] });
    expect(one.series).toEqual({ shows: [t!.shows], views: [t!.views] });
  });

  it("engagement: leads <= views, bounced <= shows", async () => {
    const a = await ask("/stats/visitor_view/audience", { campaigns: C, ranges: QUARTER });
    const e = await ask("/stats/visitor_view/engagement", { campaigns: C, ranges: QUARTER });
    expect(e.ranges).toEqual(QUARTER);
    e.series.leads.forEach((leads, i) => {
      expect(leads).not.toBeNull();
      expect(leads!).toBeLessThanOrEqual(a.series.views[i]!);
      expect(e.series.bounced[i]!).toBeLessThanOrEqual(a.series.shows[i]!);
      expect(e.series.bounced[i]!).toBeGreaterThan(0);
    });
  });

  it("sex, age and sex_age break the views down: men + women = views, bands add up to views, cells to both", async () => {
    const q = { campaigns: C, ranges: QUARTER };
    const [a, sex, age, cells] = await Promise.all([
      ask("/stats/visitor_view/audience", q), ask("/stats/visitor_view/sex", q),
      ask("/stats/visitor_view/age", q), ask("/stats/visitor_view/sex_age", q),
    ]);
    expect(Object.keys(sex.series)).toEqual([...Sexes]);
    expect(Object.keys(age.series)).toEqual([...AgeBands]);
    expect(Object.keys(cells.series)).toEqual([...SexAgeKeys]);
    for (let i = 0; i < QUARTER.length; i++) {
      const views = a.series.views[i]!;
      expect(sex.series.men[i]! + sex.series.women[i]!).toBe(views);
      expect(sum(AgeBands.map((b) => age.series[b][i]!))).toBe(views);
      for (const s of Sexes) expect(sum(AgeBands.map((b) => cells.series[`${s}:${b}`][i]!))).toBe(sex.series[s][i]);
      for (const b of AgeBands) expect(cells.series[`men:${b}`][i]! + cells.series[`women:${b}`][i]!).toBe(age.series[b][i]);
    }
    // Campaign 2 draws mostly women; the youngest band is small but there.
    const [w] = (await ask("/stats/visitor_view/sex", { campaigns: [2], ...span(QUARTER) })).series.women;
    const [m] = (await ask("/stats/visitor_view/sex", { campaigns: [2], ...span(QUARTER) })).series.men;
    expect(w!).toBeGreaterThan(2 * m!);
    expect((await ask("/stats/visitor_view/age", { campaigns: [2], ...span(QUARTER) })).series["0-17"][0]!).toBeGreaterThan(0);
  });

  it("emotion: seven keys adding up to views; fear and disgust are 0 where measured (the camera reads five)", async () => {
    const q = { campaigns: C, ranges: [...QUARTER.slice(0, 5), BEFORE].sort((x, y) => x.from - y.from) };
    const [a, e] = await Promise.all([ask("/stats/visitor_view/audience", q), ask("/stats/visitor_view/emotion", q)]);
    expect(Object.keys(e.series)).toEqual([...Emotions]);
    expect(e.ranges[0]).toEqual(BEFORE);
    for (const k of Emotions) expect(e.series[k][0]).toBeNull();
    for (let i = 1; i < q.ranges.length; i++) {
      expect(sum(Emotions.map((k) => e.series[k][i]!))).toBe(a.series.views[i]);
      expect(e.series.fear[i]).toBe(0);
      expect(e.series.disgust[i]).toBe(0);
      expect(e.series.surprise[i]!).toBeGreaterThan(0);
      expect(e.series.neutral[i]!).toBeGreaterThan(e.series.angry[i]!);
    }
  });

  it("attention: mean dwell per show and attention per view, to 0.1 s", async () => {
    const q = { campaigns: C, ranges: QUARTER };
    const att = await ask("/stats/visitor_view/attention", q);
    const totals = await rollups.totals({ campaigns: C, ranges: QUARTER.map((r) => ({ from: r.from, to: r.to + 1 })) });
    totals.forEach((t, i) => {
      expect(att.series.dwell_seconds[i]).toBe(Math.round((t.dwellSum! / t.shows!) * 10) / 10);
      expect(att.series.attention_seconds[i]).toBe(Math.round((t.attentionSum! / t.views!) * 10) / 10);
      expect(att.series.attention_seconds[i]!).toBeGreaterThan(1);
      expect(att.series.dwell_seconds[i]!).toBeGreaterThan(att.series.attention_seconds[i]!);
    });
  });

  it("freqattention: dwell counts add up to shows and Σ value·count to the dwell sum; attention counts views", async () => {
    const q = { campaigns: C, ranges: QUARTER };
    const f = await ask("/stats/visitor_view/freqattention", q);
    const [whole] = await rollups.totals({ campaigns: C, ranges: [{ from: QUARTER[0]!.from, to: QUARTER.at(-1)!.to + 1 }] });
    expect(f.dwell.map((d) => d.value).slice(0, 4)).toEqual([2.5, 10, 22.5, 45]);
    expect(f.dwell).toHaveLength(5);
    expect(f.dwell[4]!.value).toBeGreaterThanOrEqual(60);
    expect(f.dwell.reduce((a, d) => a + d.count, 0)).toBe(whole!.shows);
    const weighted = f.dwell.reduce((a, d) => a + d.value * d.count, 0);
    expect(Math.abs(weighted - whole!.dwellSum!)).toBeLessThanOrEqual(0.05 * f.dwell[4]!.count + 1e-6);
    expect(f.attention).toEqual([{ value: Math.round((whole!.attentionSum! / whole!.views!) * 10) / 10, count: whole!.views }]);
    // A span answers the same as its days together.
    expect(await ask("/stats/visitor_view/freqattention", { campaigns: C, ...span(QUARTER) })).toEqual(f);
    // Nothing measured: no pairs at all.
    expect(await ask("/stats/visitor_view/freqattention", { campaigns: [1], ranges: [BEFORE] })).toEqual({ dwell: [], attention: [] });
  });

  it("a day before the demo starts is null, not 0, in every series", async () => {
    const q = { campaigns: [1], ranges: [BEFORE] };
    const answers = await Promise.all([
      ask("/stats/visitor_view/audience", q), ask("/stats/visitor_view/engagement", q), ask("/stats/visitor_view/age", q),
      ask("/stats/visitor_view/attention", q), ask("/stats/visitor_view/emotion", q), ask("/stats/visitor_view/sex", q),
      ask("/stats/visitor_view/sex_age", q),
    ]);
    for (const a of answers) {
      expect(a.ranges).toEqual([BEFORE]);
      for (const values of Object.values(a.series)) expect(values).toEqual([null]);
    }
    // Campaign 4 is seasonal (around Songkran): off season is not measured either.
    expect((await ask("/stats/visitor_view/audience", { campaigns: [4], ranges: [month(2025, 10)] })).series.shows).toEqual([null]);
  });
});

describe("heatmaps", () => {
  const WEEKS = days("2025-10-01", 14); // Wednesday 1 October to Tuesday 14 October

  it("heatmap: 24 shows per day, null outside opening hours, adding up to the day's shows", async () => {
    const h = await ask("/stats/visitor_view/heatmap", { campaigns: C, ranges: WEEKS });
    const a = await ask("/stats/visitor_view/audience", { campaigns: C, ranges: WEEKS });
    expect(h.ranges.map(({ from, to }) => ({ from, to }))).toEqual(WEEKS);
    h.ranges.forEach((r, i) => {
      expect(r.hours).toHaveLength(24);
      expect(r.hours.map((v) => v !== null)).toEqual(Array.from({ length: 24 }, (_, k) => k >= 10 && k <= 21));
      expect(sum(r.hours)).toBe(a.series.shows[i]);
    });
    const before = await ask("/stats/visitor_view/heatmap", { campaigns: C, ranges: [BEFORE] });
    expect(before.ranges[0]!.hours).toEqual(new Array(24).fill(null));
  });

  it("heatmap_sex_age: sexes and age bands each partition the heatmap; no filter = the heatmap", async () => {
    const base = { campaigns: C, ranges: WEEKS.slice(0, 3) };
    const all = await ask("/stats/visitor_view/heatmap", base);
    expect(await ask("/stats/visitor_view/heatmap_sex_age", base)).toEqual(all);
    const hoursOf = async (p: Partial<Pick<HeatmapSexAgePayload, "sex" | "age">>) =>
      (await ask("/stats/visitor_view/heatmap_sex_age", { ...base, ...p })).ranges.map((r) => r.hours);
    const men = await hoursOf({ sex: "men" });
    const women = await hoursOf({ sex: "women" });
    all.ranges.forEach((r, i) => expect(addLists(men[i]!, women[i]!)).toEqual(r.hours));
    const bands = await Promise.all(AgeBands.map((age) => hoursOf({ age })));
    all.ranges.forEach((r, i) => expect(bands.map((b) => b[i]!).reduce(addLists)).toEqual(r.hours));
    // "0-17" reaches the rollups' "<18" band: young women are counted, fewer than all women.
    const youngWomen = await hoursOf({ sex: "women", age: "0-17" });
    expect(sum(youngWomen[0]!)).toBeGreaterThan(0);
    expect(sum(youngWomen[0]!)).toBeLessThan(sum(women[0]!));
    const menBands = await Promise.all(AgeBands.map((age) => hoursOf({ sex: "men", age })));
    all.ranges.forEach((_, i) => expect(menBands.map((b) => b[i]!).reduce(addLists)).toEqual(men[i]));
  });

  it("heatmap_weeks: one entry per ISO week touched, Monday first, cells agree with the heatmap", async () => {
    const h = await ask("/stats/visitor_view/heatmap", { campaigns: C, ranges: WEEKS });
    const w = await ask("/stats/visitor_view/heatmap_weeks", { campaigns: C, ranges: WEEKS });
    expect(w.weeks.map((x) => ({ from: x.from, to: x.to }))).toEqual([
      { from: day("2025-09-29").from, to: day("2025-10-05").to },
      { from: day("2025-10-06").from, to: day("2025-10-12").to },
      { from: day("2025-10-13").from, to: day("2025-10-19").to },
    ]);
    for (const week of w.weeks) expect(week.cells).toHaveLength(168);
    // Monday and Tuesday of the first week, and Wednesday on of the last, were not asked for.
    expect(w.weeks[0]!.cells.slice(0, 48)).toEqual(new Array(48).fill(null));
    expect(w.weeks[2]!.cells.slice(48)).toEqual(new Array(120).fill(null));
    h.ranges.forEach((r, i) => {
      const wd = (i + 2) % 7; // 1 October 2025 is a Wednesday
      const week = w.weeks[Math.floor((i + 2) / 7)]!;
      expect(week.cells.slice(wd * 24, wd * 24 + 24)).toEqual(r.hours);
    });
    // Days apart: only their weeks.
    const apart = await ask("/stats/visitor_view/heatmap_weeks", { campaigns: C, ranges: [day("2025-10-05"), day("2025-11-20")] });
    expect(apart.weeks.map((x) => x.from)).toEqual([day("2025-09-29").from, day("2025-11-17").from]);
    expect(apart.weeks[0]!.cells.filter((c) => c !== null)).toHaveLength(12);
    expect(apart.weeks[1]!.cells.slice(72, 96).filter((c) => c !== null)).toHaveLength(12);
  });
});

describe("/campaign/structure", () => {
  it("lists the user's campaigns by id with their contents by id", async () => {
    const st = await ask("/campaign/structure", {});
    expect(st.campaigns).toEqual(O2O_DEMO_CAMPAIGNS.map((c) => ({ id: c.id, name: c.name, contents: c.contents.map((k) => ({ id: k.id, name: k.name })) })));
  });

  it("lists only that user's campaigns", async () => {
    const st = await ask("/campaign/structure", {}, otherToken);
    expect(st.campaigns.map((c) => c.id)).toEqual([2]);
    expect(st.campaigns[0]!.contents.map((k) => k.id)).toEqual([201, 202]);
  });
});

describe("/stats/graph", () => {
  const MONTHS = [month(2025, 8), month(2025, 9), month(2025, 10)];

  it("monthly: buckets are the ranges; audience and involvement agree with visitor_view", async () => {
    const g = await ask("/stats/graph", {
      campaigns: C,
      audience: { interval: { unit: "month" }, ranges: MONTHS },
      involvement: { interval: { unit: "month" }, ranges: MONTHS },
    });
    expect(Object.keys(g).sort()).toEqual(["audience", "involvement"]);
    const a = await ask("/stats/visitor_view/audience", { campaigns: C, ranges: MONTHS });
    const e = await ask("/stats/visitor_view/engagement", { campaigns: C, ranges: MONTHS });
    expect(g.audience).toEqual({ buckets: MONTHS, series: a.series });
    expect(g.involvement).toEqual({ buckets: MONTHS, series: e.series });
    expect(sum(a.series.shows)).toBe(sum((await ask("/stats/visitor_view/audience", { campaigns: C, ranges: QUARTER })).series.shows));
  });

  it("custom: buckets cut every N seconds from `from`, the last one short and ending at `to`", async () => {
    const { from, to } = span(QUARTER); // 92 days
    const g = await ask("/stats/graph", { campaigns: C, audience: { interval: { unit: "custom", seconds: 5 * 86_400 }, from, to } });
    const buckets = g.audience!.buckets;
    expect(buckets).toHaveLength(19);
    expect(buckets[0]).toEqual({ from, to: from + 5 * 86_400 - 1 });
    buckets.slice(1).forEach((b, i) => expect(b.from).toBe(buckets[i]!.to + 1));
    expect(buckets.at(-1)).toEqual({ from: from + 90 * 86_400, to });
    const a = await ask("/stats/visitor_view/audience", { campaigns: C, ranges: buckets });
    expect(g.audience!.series).toEqual(a.series);
    // Hourly buckets over one day: opening hours measured, the rest null.
    const d = day("2025-10-15");
    const hourly = await ask("/stats/graph", { campaigns: C, involvement: { interval: { unit: "custom", seconds: 3600 }, ...d } });
    expect(hourly.involvement!.buckets).toHaveLength(24);
    expect(hourly.involvement!.series.leads!.map((v) => v !== null)).toEqual(Array.from({ length: 24 }, (_, k) => k >= 10 && k <= 21));
    // A span not a whole number of buckets: the last bucket is clipped.
    const odd = await ask("/stats/graph", { campaigns: C, audience: { interval: { unit: "custom", seconds: 7200 }, from: d.from, to: d.from + 5 * 3600 - 1 } });
    expect(odd.audience!.buckets.at(-1)).toEqual({ from: d.from + 4 * 3600, to: d.from + 5 * 3600 - 1 });
  });

  it("content: one key per content of the asked campaigns, its views; null where it did not play", async () => {
    const { from, to } = span(QUARTER);
    const g = await ask("/stats/graph", {
      campaigns: C,
      content: { interval: { unit: "custom", seconds: 7 * 86_400 }, from, to },
      audience: { interval: { unit: "custom", seconds: 7 * 86_400 }, from, to },
    });
    const content = g.content!;
    expect(Object.keys(content.series)).toEqual(["101", "102", "103", "301", "302", "303"]);
    expect(content.buckets).toEqual(g.audience!.buckets);
    // 101 ended in June 2024, 303 starts in May 2026: not measured in 2025.
    expect(content.series["101"]).toEqual(new Array(content.buckets.length).fill(null));
    expect(content.series["303"]).toEqual(new Array(content.buckets.length).fill(null));
    content.buckets.forEach((_, i) => {
      expect(sum(Object.values(content.series).map((v) => v[i]!))).toBe(g.audience!.series.views![i]);
      for (const k of ["102", "103", "301", "302"]) expect(content.series[k]![i]!).toBeGreaterThan(0);
    });
    // Monthly, and a month before the demo: null everywhere.
    const monthly = await ask("/stats/graph", { campaigns: [2], content: { interval: { unit: "month" }, ranges: [month(2022, 6), ...MONTHS] } });
    expect(Object.keys(monthly.content!.series)).toEqual(["201", "202"]);
    expect(monthly.content!.series["201"]![0]).toBeNull();
    expect(monthly.content!.series["201"]!.slice(1).every((v) => v! > 0)).toBe(true);
    // 202 starts on 1 September 2025.
    expect(monthly.content!.series["202"]!.map((v) => v !== null)).toEqual([false, false, true, true]);
  });

  it("a month before the demo starts is null in every subject", async () => {
    const q = { interval: { unit: "month" as const }, ranges: [month(2022, 6)] };
    const g = await ask("/stats/graph", { campaigns: [1], audience: q, involvement: q, content: q });
    expect(g.audience!.series).toEqual({ shows: [null], views: [null] });
    expect(g.involvement!.series).toEqual({ leads: [null], bounced: [null] });
    expect(g.content!.series).toEqual({ "101": [null], "102": [null], "103": [null] });
  });
});

describe("access", () => {
  it("an unknown or empty o2o token is unauthorized", async () => {
    // A user without o2o access has an empty token: "" must not match them.
    await s.addUser("o2o-none@example.com", ["1"]);
    expect(await s.count("SELECT count(*)::int AS n FROM users WHERE token_o2o = ''")).toBeGreaterThan(0);
    for (const t of ["o2o_not_a_token", "", `${token}x`, token.toUpperCase()]) {
      const err = await service.answer(t, "/campaign/structure", {}).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ServiceError);
      expect(err).toMatchObject({ kind: "unauthorized", message: "the o2o token is not valid" });
    }
  });

  it("a campaign the user does not have is forbidden, on payload.campaigns", async () => {
    const cases: Array<[string, () => Promise<unknown>]> = [
      ["1", () => service.answer(otherToken, "/stats/visitor_view/audience", { campaigns: [2, 1], ranges: [day("2025-10-01")] })],
      ["99", () => service.answer(token, "/stats/visitor_view/sex", { campaigns: [99], from: day("2025-10-01").from, to: day("2025-10-01").to })],
      ["3", () => service.answer(otherToken, "/stats/visitor_view/heatmap_weeks", { campaigns: [3], ranges: [day("2025-10-01")] })],
      ["1", () => service.answer(otherToken, "/stats/graph", { campaigns: [1], audience: { interval: { unit: "month" }, ranges: [month(2025, 10)] } })],
    ];
    for (const [id, call] of cases) {
      const err = await call().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ServiceError);
      expect(err).toMatchObject({ kind: "forbidden", message: `campaign ${id} is not one of yours`, extra: { field: "payload.campaigns" } });
    }
    // Its own campaign answers.
    const own = await ask("/stats/visitor_view/audience", { campaigns: [2], ranges: [day("2025-10-01")] }, otherToken);
    expect(own.series.shows[0]!).toBeGreaterThan(0);
  });
});
