import { Schema } from "effect";
import { describe, expect, it, vi } from "vitest";
import {
  AgeBands, Emotions, O2oProxyRequest, SexAgeKeys, type O2oCampaign, type O2oDataOf, type O2oTabId, type O2oTargetPath, type UnixRange,
} from "../../domain/o2o";
import { o2oApi } from "../../workers/o2oMath";
import { ApiCallError } from "@/api/client";
import type { O2oCall } from "@/features/o2o/o2oCall";
import { o2oRequest } from "@/features/o2o/o2oCall";
import { createO2oLoaders, type O2oMath } from "@/features/o2o/o2oLoaders";

// The loaders get their call passed in; the real one (and the auth actor behind it) stays out.
vi.mock("@/app/api", () => ({ authedCall: vi.fn() }));

/** The worker's functions, called in this thread instead of through Comlink. */
const math = Object.fromEntries(
  Object.entries(o2oApi).map(([name, fn]) => [name, async (...args: unknown[]) => (fn as (...a: unknown[]) => unknown)(...args)]),
) as unknown as O2oMath;

const TODAY = "2024-04-15";
const RANGE = { start: "2024-03-01", end: "2024-03-03" };
const CAMPAIGN = 7;
const campaigns: O2oCampaign[] = [
  { id: CAMPAIGN, name: "Tipco summer", contents: [{ id: 101, name: "Spot 15 s" }, { id: 102, name: "Poster loop" }] },
  { id: 8, name: "Aura", contents: [] },
];

interface Asked {
  url: O2oTargetPath;
  payload: unknown;
  name: string;
  typechart: string;
}

type Answers = { [P in O2oTargetPath]?: (payload: never) => O2oDataOf<P> };

const ranged = (payload: { ranges?: UnixRange[]; from?: number; to?: number }): UnixRange[] =>
  payload.ranges ?? [{ from: payload.from!, to: payload.to! }];
const each = <T>(ranges: UnixRange[], value: (i: number) => T): T[] => ranges.map((_, i) => value(i));

/** Answers shaped like the service's, with the payload's ranges; counts are simple functions of the index. */
const defaults: Answers = {
  "/campaign/structure": () => ({ campaigns }),
  "/stats/visitor_view/audience": (p: { ranges?: UnixRange[]; from?: number; to?: number }) => {
    const r = ranged(p);
    return { ranges: r, series: { shows: each(r, (i) => 100 * (i + 1)), views: each(r, (i) => 25 * (i + 1)) } };
  },
  "/stats/visitor_view/attention": (p: { from: number; to: number }) => ({
    ranges: ranged(p), series: { dwell_seconds: [6.25], attention_seconds: [3.5] },
  }),
  "/stats/visitor_view/heatmap": (p: { ranges: UnixRange[] }) => ({
    ranges: p.ranges.map((r) => ({ ...r, hours: Array.from({ length: 24 }, (_, h) => (h >= 10 && h <= 21 ? h : null)) })),
  }),
  "/stats/visitor_view/engagement": (p: { ranges?: UnixRange[]; from?: number; to?: number }) => {
    const r = ranged(p);
    return { ranges: r, series: { leads: each(r, () => 1), bounced: each(r, () => 2) } };
  },
  "/stats/graph": (p: { audience?: { ranges: UnixRange[] }; content?: { from: number; to: number; interval: { seconds: number } } }) => ({
    ...(p.audience ? { audience: { buckets: p.audience.ranges, series: { shows: p.audience.ranges.map(() => 1000), views: p.audience.ranges.map(() => 250) } } } : {}),
    ...(p.content
      ? { content: { buckets: [{ from: p.content.from, to: p.content.from + 86_399 }], series: { "101": [40], "102": [null], "999": [3] } } }
      : {}),
  }),
  "/stats/visitor_view/sex": (p: { ranges: UnixRange[] }) => ({ ranges: p.ranges, series: { men: each(p.ranges, () => 30), women: each(p.ranges, () => 70) } }),
  "/stats/visitor_view/age": (p: { ranges: UnixRange[] }) => ({
    ranges: p.ranges, series: Object.fromEntries(AgeBands.map((b, k) => [b, each(p.ranges, () => k + 1)])) as never,
  }),
  "/stats/visitor_view/sex_age": (p: { from: number; to: number }) => ({
    ranges: ranged(p), series: Object.fromEntries(SexAgeKeys.map((k, i) => [k, [i === 0 ? null : 10]])) as never,
  }),
  "/stats/visitor_view/emotion": (p: { from: number; to: number }) => ({
    ranges: ranged(p), series: Object.fromEntries(Emotions.map((e) => [e, [e === "happy" ? 3 : e === "neutral" ? 1 : 0]])) as never,
  }),
  "/stats/visitor_view/freqattention": () => ({
    dwell: [{ value: 2, count: 3 }, { value: 10, count: 1 }], attention: [{ value: 1, count: 2 }, { value: 4, count: 2 }],
  }),
};

function setUp(overrides: Answers = {}) {
  const asked: Asked[] = [];
  const call: O2oCall = async (url, payload, name, typechart) => {
    asked.push({ url, payload, name, typechart });
    const answer = (overrides[url] ?? defaults[url]) as ((p: unknown) => unknown) | undefined;
    if (answer === undefined) throw new Error(`no answer for ${url}`);
    return answer(payload) as never;
  };
  const loaders = createO2oLoaders({ call, math: () => math, today: () => TODAY });
  return { asked, loaders };
}

const load = (loaders: ReturnType<typeof createO2oLoaders>, tab: O2oTabId, range = RANGE) => loaders.loadTab({ tab, campaignId: CAMPAIGN, range });
const days = o2oApi.dayRanges(RANGE.start, RANGE.end);
const span = { campaigns: [CAMPAIGN], from: days[0]!.from, to: days[2]!.to };
/** The three days before RANGE: 2024-02-27 to 2024-02-29. */
const previousDays = o2oApi.dayRanges("2024-02-27", "2024-02-29");
const previousSpan = { campaigns: [CAMPAIGN], from: previousDays[0]!.from, to: previousDays[2]!.to };
const PREVIOUS_PERIOD = { start: "2024-02-27", end: "2024-02-29", days: 3 };
const decodeRequest = Schema.decodeUnknownResult(O2oProxyRequest);

describe("o2o loaders", () => {
  it("read the user's campaigns with their contents", async () => {
    const { asked, loaders } = setUp();
    expect(await loaders.loadCampaigns()).toEqual(campaigns);
    expect(asked).toEqual([{ url: "/campaign/structure", payload: {}, name: "campaigns", typechart: "table" }]);
  });

  it("take a refusal of o2o access (403) as no campaigns, and pass other failures on", async () => {
    const refused = setUp({ "/campaign/structure": () => { throw new ApiCallError(403, "forbidden", "No o2o access"); } });
    expect(await refused.loaders.loadCampaigns()).toEqual([]);
    const failing = setUp({ "/campaign/structure": () => { throw new ApiCallError(502, "upstream", "The service timed out"); } });
    await expect(failing.loaders.loadCampaigns()).rejects.toThrow("The service timed out");
  });

  it.each<[O2oTabId, string[]]>([
    // The totals twice: the range and the previous period of equal length.
    ["vistors_insight", ["/stats/visitor_view/attention", "/stats/visitor_view/attention", "/stats/visitor_view/audience", "/stats/visitor_view/audience", "/stats/visitor_view/audience", "/stats/visitor_view/heatmap"]],
    ["leads_bounced", ["/stats/visitor_view/engagement", "/stats/visitor_view/engagement", "/stats/visitor_view/engagement"]],
    ["views_conversion", ["/stats/graph", "/stats/graph"]],
    ["views_demographic", ["/stats/visitor_view/age", "/stats/visitor_view/emotion", "/stats/visitor_view/sex", "/stats/visitor_view/sex_age"]],
    ["views_dwell_time", ["/stats/visitor_view/freqattention"]],
  ])("%s asks only for its own paths, each with a request the proxy accepts", async (tab, paths) => {
    const { asked, loaders } = setUp();
    await loaders.loadCampaigns();
    asked.length = 0;
    const data = await load(loaders, tab);
    expect(data.tab).toBe(tab);
    expect(asked.map((a) => a.url).sort()).toEqual(paths);
    for (const a of asked) {
      expect(decodeRequest(o2oRequest(a.url, a.payload as never, a.name, a.typechart as never))._tag, `${a.url} ${a.name}`).toBe("Success");
    }
    expect(new Set(asked.map((a) => a.name)).size).toBe(asked.length);
  });

  it("Visitors insight: totals over the range as one span, daily figures and the heatmap per day", async () => {
    const { asked, loaders } = setUp();
    const data = await load(loaders, "vistors_insight");
    const byName = Object.fromEntries(asked.map((a) => [a.name, a.payload]));
    expect(byName.audience_total).toEqual(span);
    expect(byName.attention_total).toEqual(span);
    expect(byName.audience_total_previous).toEqual(previousSpan);
    expect(byName.attention_total_previous).toEqual(previousSpan);
    expect(byName.audience_daily).toEqual({ campaigns: [CAMPAIGN], ranges: days });
    expect(byName.heatmap).toEqual({ campaigns: [CAMPAIGN], ranges: days });
    expect(data).toMatchObject({
      empty: false,
      totals: { shows: 100, views: 25, conversion: 25, dwellSeconds: 6.25, attentionSeconds: 3.5 },
      daily: { days: ["2024-03-01", "2024-03-02", "2024-03-03"], shows: [100, 200, 300], views: [25, 50, 75], conversion: [25, 25, 25] },
    });
    if (data.tab !== "vistors_insight") throw new Error("wrong tab");
    // 2024-03-01 is a Friday (day 4, Monday first): hour 12 measured 12 shows; hours before opening not measured.
    expect(data.heatmap.averages).toHaveLength(168);
    expect(data.heatmap.averages[4 * 24 + 12]).toBe(12);
    expect(data.heatmap.averages[4 * 24 + 3]).toBeNull();
    expect(data.heatmap.averages[0]).toBeNull();
    expect(data.heatmap.days).toEqual([0, 0, 0, 0, 1, 1, 1]);
  });

  it("Visitors insight and Leads & bounced: the totals of the previous period of equal length, from their own calls", async () => {
    const before = (p: { from?: number }) => p.from === previousSpan.from;
    const { loaders } = setUp({
      "/stats/visitor_view/audience": (p: { ranges?: UnixRange[]; from?: number; to?: number }) => {
        const r = ranged(p);
        return before(p) ? { ranges: r, series: { shows: [80], views: [40] } } : { ranges: r, series: { shows: each(r, () => 100), views: each(r, () => 25) } };
      },
      "/stats/visitor_view/attention": (p: { from: number; to: number }) => ({
        ranges: ranged(p), series: before(p) ? { dwell_seconds: [5], attention_seconds: [null] } : { dwell_seconds: [6.25], attention_seconds: [3.5] },
      }),
      "/stats/visitor_view/engagement": (p: { ranges?: UnixRange[]; from?: number; to?: number }) => {
        const r = ranged(p);
        return { ranges: r, series: before(p) ? { leads: [7], bounced: [null] } : { leads: each(r, () => 1), bounced: each(r, () => 2) } };
      },
    });
    expect(await load(loaders, "vistors_insight")).toMatchObject({
      totals: { shows: 100, views: 25, conversion: 25, dwellSeconds: 6.25, attentionSeconds: 3.5 },
      previous: { period: PREVIOUS_PERIOD, totals: { shows: 80, views: 40, conversion: 50, dwellSeconds: 5, attentionSeconds: null } },
    });
    expect(await load(loaders, "leads_bounced")).toMatchObject({
      totals: { leads: 1, bounced: 2 },
      previous: { period: PREVIOUS_PERIOD, totals: { leads: 7, bounced: null } },
    });
  });

  it("keeps what was not measured as null, never 0, and says when nobody was measured", async () => {
    const { loaders } = setUp({
      "/stats/visitor_view/audience": (p: { ranges?: UnixRange[]; from?: number; to?: number }) => {
        const r = ranged(p);
        return { ranges: r, series: { shows: r.map((_, i) => (i === 1 ? null : 0)), views: r.map(() => null) } };
      },
      "/stats/visitor_view/attention": (p: { from: number; to: number }) => ({ ranges: ranged(p), series: { dwell_seconds: [null], attention_seconds: [null] } }),
    });
    const data = await load(loaders, "vistors_insight");
    expect(data).toMatchObject({
      empty: true,
      totals: { shows: 0, views: null, conversion: null, dwellSeconds: null, attentionSeconds: null },
      daily: { shows: [0, null, 0], views: [null, null, null], conversion: [null, null, null] },
    });
  });

  it("Leads & bounced: totals as one span with their shares, daily figures per day", async () => {
    const { asked, loaders } = setUp();
    const data = await load(loaders, "leads_bounced");
    expect(asked.find((a) => a.name === "engagement_total")?.payload).toEqual(span);
    expect(asked.find((a) => a.name === "engagement_total_previous")?.payload).toEqual(previousSpan);
    expect(asked.find((a) => a.name === "engagement_daily")).toMatchObject({ payload: { campaigns: [CAMPAIGN], ranges: days }, typechart: "stacked_bar" });
    expect(data).toMatchObject({
      empty: false,
      totals: { leads: 1, bounced: 2 },
      shares: { leads: 33.3, bounced: 66.7 },
      daily: { days: ["2024-03-01", "2024-03-02", "2024-03-03"], leads: [1, 1, 1], bounced: [2, 2, 2] },
    });
  });

  it("Views conversion: the three monthly ranges up to today, and views per content over the graph span by content name", async () => {
    const { asked, loaders } = setUp();
    await loaders.loadCampaigns();
    const data = await load(loaders, "views_conversion");
    expect(asked.find((a) => a.name === "conversion_monthly")?.payload).toEqual({
      campaigns: [CAMPAIGN], audience: { interval: { unit: "month" }, ranges: o2oApi.monthlyRanges(RANGE.end, TODAY) },
    });
    expect(asked.find((a) => a.name === "content_daily")?.payload).toEqual({ campaigns: [CAMPAIGN], content: o2oApi.graphSpan(RANGE.end, TODAY) });
    expect(data).toMatchObject({
      empty: false,
      monthly: { months: ["2024-01-01", "2024-02-01", "2024-03-01"], shows: [1000, 1000, 1000], views: [250, 250, 250], conversion: [25, 25, 25] },
      content: {
        span: { start: "2024-01-03", end: "2024-03-31" },
        days: ["2024-01-03"],
        series: [
          { id: 101, name: "Spot 15 s", views: [40] },
          { id: 102, name: "Poster loop", views: [null] },
          { id: 999, name: "Content 999", views: [3] },
        ],
      },
    });
  });

  it("Views conversion leaves out the months after today", async () => {
    const { asked, loaders } = setUp();
    await loaders.loadTab({ tab: "views_conversion", campaignId: CAMPAIGN, range: { start: "2024-04-01", end: "2024-04-15" } });
    const monthly = asked.find((a) => a.name === "conversion_monthly")?.payload as { audience: { ranges: UnixRange[] } };
    expect(monthly.audience.ranges).toEqual(o2oApi.monthlyRanges("2024-04-15", TODAY));
    expect(monthly.audience.ranges.at(-1)?.to).toBe(o2oApi.dayRanges(TODAY, TODAY)[0]!.to);
  });

  it("Views demographic: sex and age per month, sex × age and emotions over the three months, shares from the worker", async () => {
    const { asked, loaders } = setUp();
    const data = await load(loaders, "views_demographic");
    const months = o2oApi.monthlyRanges(RANGE.end, TODAY);
    const byName = Object.fromEntries(asked.map((a) => [a.name, a.payload]));
    expect(byName.sex_monthly).toEqual({ campaigns: [CAMPAIGN], ranges: months });
    expect(byName.age_monthly).toEqual({ campaigns: [CAMPAIGN], ranges: months });
    const threeMonths = { campaigns: [CAMPAIGN], from: months[0]!.from, to: months[2]!.to };
    expect(byName.sex_age_total).toEqual(threeMonths);
    expect(byName.emotion_total).toEqual(threeMonths);
    if (data.tab !== "views_demographic") throw new Error("wrong tab");
    expect(data.months).toEqual(["2024-01-01", "2024-02-01", "2024-03-01"]);
    expect(data.span).toEqual({ start: "2024-01-01", end: "2024-03-31" });
    expect(data.sex.shares).toEqual([{ men: 30, women: 70 }, { men: 30, women: 70 }, { men: 30, women: 70 }]);
    expect(data.age.views[0]).toEqual([1, 2, 3, 4, 5, 6]);
    expect(data.age.shares[0]!.reduce((s, v) => s! + v!, 0)).toBeCloseTo(100, 6);
    // men:0-17 was not measured: its count and its share stay null.
    expect(data.sexAge.men[0]).toBeNull();
    expect(data.sexAge.menShares[0]).toBeNull();
    expect(data.sexAge.women).toEqual([10, 10, 10, 10, 10, 10]);
    // Eleven equal shares of 100: the ten spare tenths go to the earliest entries.
    expect(data.sexAge.womenShares).toEqual([9.1, 9.1, 9.1, 9.1, 9.1, 9]);
    expect(data.emotions.views).toEqual([1, 3, 0, 0, 0, 0, 0]);
    expect(data.emotions.shares).toEqual([25, 75, 0, 0, 0, 0, 0]);
  });

  it("Views dwell time: freqattention over the dwell window, as distributions of dwell and attention", async () => {
    const { asked, loaders } = setUp();
    const data = await load(loaders, "views_dwell_time", { start: "2024-03-10", end: "2024-03-12" });
    const window = o2oApi.dwellWindow("2024-03-12", TODAY);
    expect(asked).toEqual([{ url: "/stats/visitor_view/freqattention", payload: { campaigns: [CAMPAIGN], ...window }, name: "dwell", typechart: "histogram" }]);
    expect(data).toMatchObject({
      empty: false,
      window: { start: "2024-01-01", end: "2024-03-31" },
      dwell: { total: 4, buckets: [3, 1, 0, 0, 0], shares: [75, 25, 0, 0, 0], mean: 4, median: 2, p90: 10 },
      attention: { total: 4, mean: 2.5 },
    });
  });

  it("Views dwell time with nobody measured: empty, every statistic null", async () => {
    const { loaders } = setUp({ "/stats/visitor_view/freqattention": () => ({ dwell: [], attention: [] }) });
    const data = await load(loaders, "views_dwell_time");
    expect(data).toMatchObject({ empty: true, dwell: { total: 0, mean: null, median: null, p25: null, p75: null, p90: null }, attention: { mean: null } });
  });

  it("pass the abort signal to every call", async () => {
    const signals: (AbortSignal | undefined)[] = [];
    const call: O2oCall = async (url, payload, _name, _t, opts) => {
      signals.push(opts?.signal);
      return (defaults[url] as (p: unknown) => unknown)(payload) as never;
    };
    const controller = new AbortController();
    await createO2oLoaders({ call, math: () => math, today: () => TODAY }).loadTab({ tab: "leads_bounced", campaignId: CAMPAIGN, range: RANGE }, controller.signal);
    expect(signals).toEqual([controller.signal, controller.signal, controller.signal]); // totals, daily, previous totals
  });
});
