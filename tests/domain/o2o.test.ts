import { describe, expect, it } from "vitest";
import { Schema, SchemaIssue } from "effect";
import {
  AudienceData, CampaignStructureData, DAY_SECONDS, DayRange, DaysRange, DEFAULT_O2O_TAB, FreqAttentionData, GraphData,
  GraphPayload, HeatmapData, HeatmapWeeksData, O2O_ALLOWED_METHODS, O2O_TABS, O2O_TARGET_PATHS, O2O_TARGETS,
  O2oProxyRequest, O2oTabId, SexAgeData, SexAgeKeys, SpanPayload, VisitorViewPayload, o2oProxyResponse,
} from "../../domain/o2o";

const ok = (schema: Schema.Top, value: unknown) =>
  Schema.decodeUnknownResult(schema as unknown as Schema.Codec<unknown, unknown, never, never>)(value, { onExcessProperty: "error" })._tag;

/** 2024-01-01T00:00:00+07:00 */
const JAN1 = 1_704_042_000;
const day = (n: number) => ({ from: JAN1 + n * DAY_SECONDS, to: JAN1 + (n + 1) * DAY_SECONDS - 1 });
const hours = (v: number | null = 1) => Array.from({ length: 24 }, () => v);

describe("ranges", () => {
  it.each([
    { behaviour: "accepts a whole Bangkok day", schema: DayRange, value: day(0), expected: "Success" },
    { behaviour: "accepts 29 February 2024", schema: DayRange, value: { from: 1_709_139_600, to: 1_709_139_600 + 86_399 }, expected: "Success" },
    { behaviour: "refuses a day starting at UTC midnight", schema: DayRange, value: { from: JAN1 + 25_200, to: JAN1 + 25_200 + 86_399 }, expected: "Failure" },
    { behaviour: "refuses a day that is a second short", schema: DayRange, value: { from: JAN1, to: JAN1 + 86_398 }, expected: "Failure" },
    { behaviour: "refuses two days as one day", schema: DayRange, value: { from: JAN1, to: JAN1 + 2 * 86_400 - 1 }, expected: "Failure" },
    { behaviour: "refuses milliseconds", schema: DayRange, value: { from: JAN1 * 1000, to: JAN1 * 1000 + 86_399_000 }, expected: "Failure" },
    { behaviour: "refuses fractions of a second", schema: DayRange, value: { from: JAN1 + 0.5, to: JAN1 + 86_399.5 }, expected: "Failure" },
    { behaviour: "accepts January as whole days", schema: DaysRange, value: { from: JAN1, to: JAN1 + 31 * 86_400 - 1 }, expected: "Success" },
    { behaviour: "refuses a span ending at midnight", schema: DaysRange, value: { from: JAN1, to: JAN1 + 31 * 86_400 }, expected: "Failure" },
    { behaviour: "refuses an inverted span", schema: DaysRange, value: { from: JAN1 + 86_400, to: JAN1 - 1 }, expected: "Failure" },
    { behaviour: "refuses more than 366 days", schema: DaysRange, value: { from: JAN1, to: JAN1 + 367 * 86_400 - 1 }, expected: "Failure" },
  ])("$behaviour", ({ schema, value, expected }) => {
    expect(ok(schema, value)).toBe(expected);
  });
});

describe("payloads", () => {
  it.each([
    { behaviour: "takes per-day ranges", schema: VisitorViewPayload, value: { campaigns: [1], ranges: [day(0), day(1)] }, expected: "Success" },
    { behaviour: "takes monthly ranges", schema: VisitorViewPayload, value: { campaigns: [1], ranges: [{ from: JAN1, to: JAN1 + 31 * 86_400 - 1 }] }, expected: "Success" },
    { behaviour: "takes a single from and to", schema: VisitorViewPayload, value: { campaigns: [1, 2], from: JAN1, to: JAN1 + 3600 }, expected: "Success" },
    { behaviour: "refuses ranges out of order", schema: VisitorViewPayload, value: { campaigns: [1], ranges: [day(1), day(0)] }, expected: "Failure" },
    { behaviour: "refuses the same day twice", schema: VisitorViewPayload, value: { campaigns: [1], ranges: [day(0), day(0)] }, expected: "Failure" },
    { behaviour: "refuses no ranges", schema: VisitorViewPayload, value: { campaigns: [1], ranges: [] }, expected: "Failure" },
    { behaviour: "refuses 367 ranges", schema: VisitorViewPayload, value: { campaigns: [1], ranges: Array.from({ length: 367 }, (_, i) => day(i)) }, expected: "Failure" },
    { behaviour: "refuses no campaign", schema: VisitorViewPayload, value: { campaigns: [], ranges: [day(0)] }, expected: "Failure" },
    { behaviour: "refuses a campaign named twice", schema: VisitorViewPayload, value: { campaigns: [3, 3], ranges: [day(0)] }, expected: "Failure" },
    { behaviour: "refuses a span over 366 days", schema: SpanPayload, value: { campaigns: [1], from: JAN1, to: JAN1 + 366 * 86_400 }, expected: "Failure" },
    { behaviour: "refuses a span ending before it starts", schema: SpanPayload, value: { campaigns: [1], from: JAN1, to: JAN1 - 1 }, expected: "Failure" },
    {
      behaviour: "takes a graph with three monthly ranges", schema: GraphPayload,
      value: { campaigns: [7], audience: { interval: { unit: "month" }, ranges: [day(0), day(40), day(70)] } }, expected: "Success",
    },
    {
      behaviour: "takes a graph over a span with a custom interval", schema: GraphPayload,
      value: { campaigns: [7], content: { interval: { unit: "custom", seconds: 86_400 }, from: JAN1, to: JAN1 + 90 * 86_400 - 1 } }, expected: "Success",
    },
    {
      behaviour: "refuses four monthly ranges", schema: GraphPayload,
      value: { campaigns: [7], involvement: { interval: { unit: "month" }, ranges: [day(0), day(31), day(62), day(93)] } }, expected: "Failure",
    },
    {
      behaviour: "refuses a custom interval of a minute", schema: GraphPayload,
      value: { campaigns: [7], content: { interval: { unit: "custom", seconds: 60 }, from: JAN1, to: JAN1 + 3599 } }, expected: "Failure",
    },
    { behaviour: "refuses a graph without a subject", schema: GraphPayload, value: { campaigns: [7] }, expected: "Failure" },
  ])("$behaviour", ({ schema, value, expected }) => {
    expect(ok(schema, value)).toBe(expected);
  });
});

describe("the proxy request", () => {
  const base = { name: "audience_total", typechart: "number" };
  it.each([
    { behaviour: "takes a visitor-view call", value: { ...base, url: "/stats/visitor_view/audience", methods: "POST", payload: { campaigns: [1], ranges: [day(0)] } }, expected: "Success" },
    { behaviour: "takes the campaign structure as GET", value: { ...base, url: "/campaign/structure", methods: "GET", payload: {} }, expected: "Success" },
    { behaviour: "takes a heatmap of women 25-34", value: { ...base, url: "/stats/visitor_view/heatmap_sex_age", methods: "POST", payload: { campaigns: [1], ranges: [day(0)], sex: "women", age: "25-34" } }, expected: "Success" },
    { behaviour: "refuses a heatmap over a month range", value: { ...base, url: "/stats/visitor_view/heatmap", methods: "POST", payload: { campaigns: [1], ranges: [{ from: JAN1, to: JAN1 + 31 * 86_400 - 1 }] } }, expected: "Failure" },
    { behaviour: "refuses a path off the list", value: { ...base, url: "/admin/users", methods: "POST", payload: {} }, expected: "Failure" },
    { behaviour: "refuses a full URL", value: { ...base, url: "https://evil.example/stats/graph", methods: "POST", payload: { campaigns: [1] } }, expected: "Failure" },
    { behaviour: "refuses a path with a query", value: { ...base, url: "/stats/visitor_view/sex?x=1", methods: "POST", payload: { campaigns: [1], ranges: [day(0)] } }, expected: "Failure" },
    { behaviour: "refuses the wrong method for the path", value: { ...base, url: "/campaign/structure", methods: "POST", payload: {} }, expected: "Failure" },
    { behaviour: "refuses GET on a stats path", value: { ...base, url: "/stats/visitor_view/sex", methods: "GET", payload: { campaigns: [1], ranges: [day(0)] } }, expected: "Failure" },
    { behaviour: "refuses the payload of another path", value: { ...base, url: "/stats/graph", methods: "POST", payload: { campaigns: [1], ranges: [day(0)] } }, expected: "Failure" },
    { behaviour: "refuses an unknown chart type", value: { ...base, typechart: "radar", url: "/campaign/structure", methods: "GET", payload: {} }, expected: "Failure" },
    { behaviour: "refuses a name with spaces", value: { ...base, name: "a b", url: "/campaign/structure", methods: "GET", payload: {} }, expected: "Failure" },
  ])("$behaviour", ({ value, expected }) => {
    expect(ok(O2oProxyRequest, value)).toBe(expected);
  });

  it.each([
    { behaviour: "a wrong method on the methods field", value: { ...base, url: "/campaign/structure", methods: "POST", payload: {} }, path: ["methods"] },
    { behaviour: "an unknown path on the url field", value: { ...base, url: "/admin", methods: "POST", payload: {} }, path: ["url"] },
    { behaviour: "a bad range inside the payload", value: { ...base, url: "/stats/visitor_view/heatmap", methods: "POST", payload: { campaigns: [1], ranges: [{ from: JAN1, to: JAN1 + 1 }] } }, path: ["payload", "ranges", 0, "to"] },
    { behaviour: "an unknown payload field", value: { ...base, url: "/campaign/structure", methods: "GET", payload: { x: 1 } }, path: ["payload", "x"] },
  ])("reports $behaviour", ({ value, path }) => {
    const res = Schema.decodeUnknownResult(O2oProxyRequest)(value, { onExcessProperty: "error" });
    expect(res._tag).toBe("Failure");
    if (res._tag === "Failure") {
      const first = SchemaIssue.makeFormatterStandardSchemaV1()(res.failure.issue).issues[0];
      expect(first?.path?.map((p) => (typeof p === "object" && p !== null && "key" in p ? p.key : p))).toEqual(path);
    }
  });

  it("decodes to the payload of the path, typed by the url", () => {
    const req = Schema.decodeUnknownSync(O2oProxyRequest)({ ...base, url: "/stats/graph", methods: "POST", payload: { campaigns: [4], audience: { interval: { unit: "month" }, ranges: [day(0)] } } });
    expect(req.url === "/stats/graph" ? req.payload.campaigns : null).toEqual([4]);
  });

  it("has a payload, a method and an answer for every target path, and nothing else", () => {
    expect(Object.keys(O2O_TARGETS).sort()).toEqual([...O2O_TARGET_PATHS].sort());
    expect(O2O_TARGET_PATHS).toHaveLength(13);
    expect(Object.entries(O2O_ALLOWED_METHODS).filter(([, m]) => m === "GET").map(([p]) => p)).toEqual(["/campaign/structure"]);
  });
});

describe("answers", () => {
  it.each([
    { behaviour: "shows and views per range", schema: AudienceData, value: { ranges: [day(0), day(1)], series: { shows: [120, null], views: [30, null] } }, expected: "Success" },
    { behaviour: "refuses a series shorter than the ranges", schema: AudienceData, value: { ranges: [day(0), day(1)], series: { shows: [120], views: [30, 4] } }, expected: "Failure" },
    { behaviour: "refuses a missing series", schema: AudienceData, value: { ranges: [day(0)], series: { shows: [1] } }, expected: "Failure" },
    { behaviour: "refuses a negative count", schema: AudienceData, value: { ranges: [day(0)], series: { shows: [-1], views: [0] } }, expected: "Failure" },
    { behaviour: "refuses a fractional count", schema: AudienceData, value: { ranges: [day(0)], series: { shows: [1.5], views: [0] } }, expected: "Failure" },
    {
      behaviour: "sex by age with all twelve series", schema: SexAgeData,
      value: { ranges: [day(0)], series: Object.fromEntries(SexAgeKeys.map((k) => [k, [1]])) }, expected: "Success",
    },
    { behaviour: "dwell pairs of value and count", schema: FreqAttentionData, value: { dwell: [{ value: 4.5, count: 3 }], attention: [] }, expected: "Success" },
    { behaviour: "refuses a pair with count 0", schema: FreqAttentionData, value: { dwell: [{ value: 4, count: 0 }], attention: [] }, expected: "Failure" },
    { behaviour: "days with 24 hours each", schema: HeatmapData, value: { ranges: [{ ...day(0), hours: hours() }] }, expected: "Success" },
    { behaviour: "unmeasured hours as null", schema: HeatmapData, value: { ranges: [{ ...day(0), hours: hours(null) }] }, expected: "Success" },
    { behaviour: "refuses 23 hours", schema: HeatmapData, value: { ranges: [{ ...day(0), hours: hours().slice(1) }] }, expected: "Failure" },
    { behaviour: "weeks of 168 cells", schema: HeatmapWeeksData, value: { weeks: [{ from: JAN1, to: JAN1 + 7 * 86_400 - 1, cells: Array(168).fill(2) }] }, expected: "Success" },
    { behaviour: "campaigns with contents", schema: CampaignStructureData, value: { campaigns: [{ id: 1, name: "Launch", contents: [{ id: 10, name: "Spot 15 s" }] }] }, expected: "Success" },
    {
      behaviour: "a graph keyed by series per bucket", schema: GraphData,
      value: { audience: { buckets: [day(0), day(31)], series: { shows: [5, 6], views: [1, null] } } }, expected: "Success",
    },
    { behaviour: "refuses a graph series longer than its buckets", schema: GraphData, value: { content: { buckets: [day(0)], series: { "10": [1, 2] } } }, expected: "Failure" },
  ])("$behaviour", ({ schema, value, expected }) => {
    expect(ok(schema, value)).toBe(expected);
  });

  it("wraps the data of its path with the request's name and chart type", () => {
    const answer = { name: "sex_share", typechart: "pie", data: { ranges: [day(0)], series: { men: [3], women: [4] } } };
    expect(ok(o2oProxyResponse("/stats/visitor_view/sex"), answer)).toBe("Success");
    expect(ok(o2oProxyResponse("/stats/visitor_view/audience"), answer)).toBe("Failure");
  });
});

describe("tabs", () => {
  it("lists the five tabs in order, vistors_insight (spelled as in the spec) first and default", () => {
    expect(O2O_TABS.map((t) => t.id)).toEqual(["vistors_insight", "leads_bounced", "views_conversion", "views_demographic", "views_dwell_time"]);
    expect(DEFAULT_O2O_TAB).toBe("vistors_insight");
    expect(O2O_TABS.every((t) => t.label.length > 0)).toBe(true);
    expect(ok(O2oTabId, "visitors_insight")).toBe("Failure");
  });
});
