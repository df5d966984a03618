/**
 * The o2o (online-to-offline) visitor analytics contract of spec §7: the proxy request
 * `{url, payload, name, methods, typechart}`, the payload and the answer of every target path,
 * the allow-list of target paths with their methods, and the five tabs of `/o2o`.
 * The proxy decodes requests with it; the page decodes answers with it. Described field by field
 * in docs/o2o-api.md.
 *
 * Time is unix seconds. A Bangkok day runs from its midnight (+07:00, no DST) to 23:59:59, so
 * `from` of a day is ≡ 61,200 (mod 86,400) and `to` = `from` + 86,399. This module does the
 * arithmetic without luxon, so that `domain/api.ts` may import it without pulling luxon into
 * the shell; the builders of these payloads are in `workers/o2oMath.ts`.
 */
import { Schema, SchemaIssue } from "effect";
import { DAY_SECONDS, O2O_MAX_CAMPAIGNS, O2O_MAX_RANGES, O2O_MAX_SPAN_SECONDS, O2O_MAX_UNIX, O2O_MIN_UNIX, isBangkokDayEnd, isBangkokMidnight } from "./o2oConstants";

export * from "./o2oConstants";

/** A unix time in seconds, an integer between 2000 and 2100. */
export const UnixSeconds = Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: O2O_MIN_UNIX, maximum: O2O_MAX_UNIX }));

const fromNotAfterTo = Schema.makeFilter((r: { from: number; to: number }) =>
  r.from <= r.to ? true : { path: ["to"], issue: "must not be before from" },
);

/** A span of time, both ends included. */
export const UnixRange = Schema.Struct({ from: UnixSeconds, to: UnixSeconds }).check(fromNotAfterTo);
export type UnixRange = typeof UnixRange.Type;

/** A span of whole Bangkok days: from 00:00:00 of its first day to 23:59:59 of its last (one day or a calendar month). */
export const DaysRange = UnixRange.check(
  Schema.makeFilter((r: UnixRange) => {
    if (!isBangkokMidnight(r.from)) return { path: ["from"], issue: "must be 00:00:00 of a Bangkok day" };
    if (!isBangkokDayEnd(r.to)) return { path: ["to"], issue: "must be 23:59:59 of a Bangkok day" };
    return r.to - r.from < O2O_MAX_SPAN_SECONDS || { path: ["to"], issue: "must be at most 366 days after from" };
  }),
);

/** Exactly one Bangkok day: 00:00:00 to 23:59:59. */
export const DayRange = UnixRange.check(
  Schema.makeFilter((r: UnixRange) => {
    if (!isBangkokMidnight(r.from)) return { path: ["from"], issue: "must be 00:00:00 of a Bangkok day" };
    return r.to === r.from + DAY_SECONDS - 1 || { path: ["to"], issue: "must be 23:59:59 of the day of from" };
  }),
);

/** Ranges in time order that do not overlap (a later range starts after the earlier one ends). */
const orderedRanges = Schema.makeFilter((rs: ReadonlyArray<UnixRange>) => {
  for (let i = 1; i < rs.length; i++) {
    if (rs[i]!.from <= rs[i - 1]!.to) return { path: [i, "from"], issue: "must be after the end of the range before it" };
  }
  return true;
});

const rangeList = <S extends Schema.Top & { readonly Type: UnixRange }>(range: S) =>
  Schema.Array(range).check(Schema.isMinLength(1), Schema.isMaxLength(O2O_MAX_RANGES), orderedRanges);

/** A campaign id, as `listO2O` and `/campaign/structure` give it. */
export const CampaignId = Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(1));
/** The campaigns a call is about: at least one, no repeats. */
export const CampaignIds = Schema.Array(CampaignId).check(
  Schema.isMinLength(1),
  Schema.isMaxLength(O2O_MAX_CAMPAIGNS),
  Schema.makeFilter((ids: ReadonlyArray<number>) => new Set(ids).size === ids.length || "must not name a campaign twice"),
);

// ---------------------------------------------------------------------------------------------
// People: sex, age band, emotion

export const Sexes = ["men", "women"] as const;
export const Sex = Schema.Literals(Sexes);
export type Sex = typeof Sex.Type;

/** Age bands in years, both ends included ("55+" = 55 and older). */
export const AgeBands = ["0-17", "18-24", "25-34", "35-44", "45-54", "55+"] as const;
export const AgeBand = Schema.Literals(AgeBands);
export type AgeBand = typeof AgeBand.Type;

/** Dominant emotion of a person while in front of the screen. */
export const Emotions = ["neutral", "happy", "surprise", "sad", "angry", "fear", "disgust"] as const;
export const Emotion = Schema.Literals(Emotions);
export type Emotion = typeof Emotion.Type;

/** Series keys of `sex_age`: `men:18-24` and so on, men first, bands in order. */
export const SexAgeKeys = Sexes.flatMap((s) => AgeBands.map((a) => `${s}:${a}` as const));
export type SexAgeKey = (typeof SexAgeKeys)[number];

// ---------------------------------------------------------------------------------------------
// Target paths

export const VisitorViewPaths = [
  "/stats/visitor_view/audience",
  "/stats/visitor_view/engagement",
  "/stats/visitor_view/freqattention",
  "/stats/visitor_view/age",
  "/stats/visitor_view/attention",
  "/stats/visitor_view/emotion",
  "/stats/visitor_view/sex",
  "/stats/visitor_view/sex_age",
] as const;
export const HeatmapPaths = [
  "/stats/visitor_view/heatmap",
  "/stats/visitor_view/heatmap_sex_age",
  "/stats/visitor_view/heatmap_weeks",
] as const;
export const CAMPAIGN_STRUCTURE_PATH = "/campaign/structure";
export const GRAPH_PATH = "/stats/graph";

/** Every path the proxy forwards to (spec §7); it never forwards to any other. */
export const O2O_TARGET_PATHS = [...VisitorViewPaths, ...HeatmapPaths, CAMPAIGN_STRUCTURE_PATH, GRAPH_PATH] as const;
export const O2oTargetPath = Schema.Literals(O2O_TARGET_PATHS);
export type O2oTargetPath = typeof O2oTargetPath.Type;

export const O2oMethods = ["GET", "POST"] as const;
export type O2oMethod = (typeof O2oMethods)[number];

/** The allow-list of the proxy: the one method each target path takes. */
export const O2O_ALLOWED_METHODS: Readonly<Record<O2oTargetPath, O2oMethod>> = Object.freeze(
  Object.fromEntries(O2O_TARGET_PATHS.map((p) => [p, p === CAMPAIGN_STRUCTURE_PATH ? "GET" : "POST"])) as Record<O2oTargetPath, O2oMethod>,
);

// ---------------------------------------------------------------------------------------------
// Payloads

/** Per-range figures: `ranges` is a list of whole-day spans (days, or months for the monthly charts). */
export const RangesPayload = Schema.Struct({ campaigns: CampaignIds, ranges: rangeList(DaysRange) });
export type RangesPayload = typeof RangesPayload.Type;

/** One total over a single span (any seconds, at most 366 days). */
export const SpanPayload = Schema.Struct({ campaigns: CampaignIds, from: UnixSeconds, to: UnixSeconds }).check(
  fromNotAfterTo,
  Schema.makeFilter((p: { from: number; to: number }) =>
    p.to - p.from < O2O_MAX_SPAN_SECONDS || { path: ["to"], issue: "must be at most 366 days after from" },
  ),
);
export type SpanPayload = typeof SpanPayload.Type;

export const VisitorViewPayload = Schema.Union([RangesPayload, SpanPayload]);
export type VisitorViewPayload = typeof VisitorViewPayload.Type;

/** Heatmap calls: one range per Bangkok day, answered with 24 hours each. */
export const HeatmapPayload = Schema.Struct({ campaigns: CampaignIds, ranges: rangeList(DayRange) });
export type HeatmapPayload = typeof HeatmapPayload.Type;

/** `heatmap_sex_age`: the heatmap of the people of one sex and/or one age band (neither = everyone). */
export const HeatmapSexAgePayload = Schema.Struct({
  ...HeatmapPayload.fields,
  sex: Schema.optionalKey(Sex),
  age: Schema.optionalKey(AgeBand),
});
export type HeatmapSexAgePayload = typeof HeatmapSexAgePayload.Type;

/** `/campaign/structure` takes no parameters: `{}` (any field is refused). */
export const CampaignStructurePayload = Schema.Record(Schema.String, Schema.Never);

/** Graph over 1–3 monthly ranges, one bucket per range. */
export const MonthlyGraphQuery = Schema.Struct({
  interval: Schema.Struct({ unit: Schema.Literal("month") }),
  ranges: rangeList(DaysRange).check(Schema.isMaxLength(3)),
});
/** Graph over one span cut into buckets of `seconds` (one hour to 31 days; the last bucket may be short). */
export const CustomGraphQuery = Schema.Struct({
  interval: Schema.Struct({
    unit: Schema.Literal("custom"),
    seconds: Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 3600, maximum: 31 * DAY_SECONDS })),
  }),
  from: UnixSeconds,
  to: UnixSeconds,
}).check(
  fromNotAfterTo,
  Schema.makeFilter((q: { from: number; to: number; interval: { seconds: number } }) => {
    if (q.to - q.from >= O2O_MAX_SPAN_SECONDS) return { path: ["to"], issue: "must be at most 366 days after from" };
    return (q.to - q.from + 1) / q.interval.seconds <= O2O_MAX_RANGES || { path: ["interval", "seconds"], issue: "must cut the span into at most 366 buckets" };
  }),
);
export const GraphQuery = Schema.Union([MonthlyGraphQuery, CustomGraphQuery]);
export type GraphQuery = typeof GraphQuery.Type;

export const GraphSubjects = ["content", "audience", "involvement"] as const;
export type GraphSubject = (typeof GraphSubjects)[number];

/** `/stats/graph`: one query per subject asked for, at least one. */
export const GraphPayload = Schema.Struct({
  campaigns: CampaignIds,
  content: Schema.optionalKey(GraphQuery),
  audience: Schema.optionalKey(GraphQuery),
  involvement: Schema.optionalKey(GraphQuery),
}).check(
  Schema.makeFilter((p: Partial<Record<GraphSubject, unknown>>) =>
    GraphSubjects.some((s) => p[s] !== undefined) || "must ask for content, audience or involvement",
  ),
);
export type GraphPayload = typeof GraphPayload.Type;

// ---------------------------------------------------------------------------------------------
// Answers (the `data` of the proxy's answer). Missing measurement is null, never 0.

/** A count of people; null = not measured (no screen running, no data yet). */
export const Measured = Schema.NullOr(Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0)));
/** A non-negative amount (seconds, averages); null = not measured. */
export const MeasuredAmount = Schema.NullOr(Schema.Finite.check(Schema.isGreaterThanOrEqualTo(0)));

const seriesStruct = <const K extends string>(keys: ReadonlyArray<K>) =>
  Schema.Struct(Object.fromEntries(keys.map((k) => [k, Schema.Array(Measured)])) as { readonly [P in K]: Schema.$Array<typeof Measured> });

/**
 * Per-range figures keyed by series: `series[key][i]` belongs to `ranges[i]` (the payload's ranges,
 * or the single span), so every series is as long as `ranges`.
 */
const seriesData = <const K extends string>(keys: ReadonlyArray<K>) =>
  Schema.Struct({ ranges: Schema.Array(UnixRange), series: seriesStruct(keys) }).check(
    Schema.makeFilter((d: { ranges: ReadonlyArray<unknown>; series: Record<string, ReadonlyArray<unknown>> }) => {
      for (const k of keys) {
        if (d.series[k]!.length !== d.ranges.length) return { path: ["series", k], issue: "must have one value per range" };
      }
      return true;
    }),
  );

/** `audience`: shows (people with an opportunity to see) and views (shows who looked). */
export const AudienceData = seriesData(["shows", "views"]);
/** `engagement`: leads (stayed engaged) and bounced (left at once). */
export const EngagementData = seriesData(["leads", "bounced"]);
export const AgeData = seriesData(AgeBands);
export const EmotionData = seriesData(Emotions);
export const SexData = seriesData(Sexes);
export const SexAgeData = seriesData(SexAgeKeys);

/** `attention`: mean seconds per range; null where nobody was measured. */
export const AttentionData = Schema.Struct({
  ranges: Schema.Array(UnixRange),
  series: Schema.Struct({ dwell_seconds: Schema.Array(MeasuredAmount), attention_seconds: Schema.Array(MeasuredAmount) }),
}).check(
  Schema.makeFilter((d: { ranges: ReadonlyArray<unknown>; series: Record<string, ReadonlyArray<unknown>> }) =>
    (d.series.dwell_seconds!.length === d.ranges.length && d.series.attention_seconds!.length === d.ranges.length)
    || { path: ["series"], issue: "must have one value per range" },
  ),
);

/** How many people (`count`) stayed or looked `value` seconds. */
export const DurationCount = Schema.Struct({
  value: Schema.Finite.check(Schema.isGreaterThanOrEqualTo(0)),
  count: Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(1)),
});
export type DurationCount = typeof DurationCount.Type;

/** `freqattention`: dwell-time and attention-time pairs over all the payload's ranges together. */
export const FreqAttentionData = Schema.Struct({
  dwell: Schema.Array(DurationCount),
  attention: Schema.Array(DurationCount),
});
export type FreqAttentionData = typeof FreqAttentionData.Type;

const Hours24 = Schema.Array(MeasuredAmount).check(Schema.isBetweenLength(24, 24));

/** One day and its 24 hourly counts of shows (`hours[h]` = Bangkok hour h, 00:00–00:59 is 0). */
export const HourlyRange = Schema.Struct({ from: UnixSeconds, to: UnixSeconds, hours: Hours24 }).check(fromNotAfterTo);
export type HourlyRange = typeof HourlyRange.Type;

/** `heatmap` and `heatmap_sex_age`: the payload's days with their hours lists. */
export const HeatmapData = Schema.Struct({ ranges: Schema.Array(HourlyRange) });
export type HeatmapData = typeof HeatmapData.Type;

/** One ISO week (Monday 00:00:00 to Sunday 23:59:59) as 168 cells, Monday 00h first; null for days not asked for. */
export const HeatmapWeek = Schema.Struct({
  from: UnixSeconds,
  to: UnixSeconds,
  cells: Schema.Array(MeasuredAmount).check(Schema.isBetweenLength(168, 168)),
}).check(fromNotAfterTo);
export const HeatmapWeeksData = Schema.Struct({ weeks: Schema.Array(HeatmapWeek) });
export type HeatmapWeeksData = typeof HeatmapWeeksData.Type;

export const CampaignContent = Schema.Struct({ id: CampaignId, name: Schema.String });
export const O2oCampaign = Schema.Struct({ id: CampaignId, name: Schema.String, contents: Schema.Array(CampaignContent) });
export type O2oCampaign = typeof O2oCampaign.Type;
/** `/campaign/structure`: the user's campaigns with their contents. */
export const CampaignStructureData = Schema.Struct({ campaigns: Schema.Array(O2oCampaign) });
export type CampaignStructureData = typeof CampaignStructureData.Type;

/**
 * One subject of a graph: `buckets` are the monthly ranges or the custom-interval cuts, and
 * `series[key][i]` belongs to `buckets[i]`. Keys: content = content ids; audience = shows,
 * views; involvement = leads, bounced.
 */
export const GraphResult = Schema.Struct({
  buckets: Schema.Array(UnixRange),
  series: Schema.Record(Schema.String, Schema.Array(Measured)),
}).check(
  Schema.makeFilter((g: { buckets: ReadonlyArray<unknown>; series: Record<string, ReadonlyArray<unknown>> }) => {
    for (const [k, v] of Object.entries(g.series)) {
      if (v.length !== g.buckets.length) return { path: ["series", k], issue: "must have one value per bucket" };
    }
    return true;
  }),
);
export type GraphResult = typeof GraphResult.Type;
/** `/stats/graph`: one result per subject the payload asked for. */
export const GraphData = Schema.Struct({
  content: Schema.optionalKey(GraphResult),
  audience: Schema.optionalKey(GraphResult),
  involvement: Schema.optionalKey(GraphResult),
});
export type GraphData = typeof GraphData.Type;

// ---------------------------------------------------------------------------------------------
// The proxy call

/** Kinds of chart the page draws from an answer; echoed back with it. */
export const O2oChartTypes = ["number", "line", "bar", "stacked_bar", "pie", "heatmap", "histogram", "table"] as const;
export const O2oChartType = Schema.Literals(O2oChartTypes);
export type O2oChartType = typeof O2oChartType.Type;

/** The page's name for the chart an answer fills: lower case, digits, `_` and `-`, 1–64 characters. */
export const O2oChartName = Schema.String.check(Schema.isPattern(/^[a-z0-9_-]{1,64}$/));

/** Each target path: its one method, its payload and the `data` of its answer. */
export const O2O_TARGETS = {
  "/stats/visitor_view/audience": { method: "POST", payload: VisitorViewPayload, data: AudienceData },
  "/stats/visitor_view/engagement": { method: "POST", payload: VisitorViewPayload, data: EngagementData },
  "/stats/visitor_view/freqattention": { method: "POST", payload: VisitorViewPayload, data: FreqAttentionData },
  "/stats/visitor_view/age": { method: "POST", payload: VisitorViewPayload, data: AgeData },
  "/stats/visitor_view/attention": { method: "POST", payload: VisitorViewPayload, data: AttentionData },
  "/stats/visitor_view/emotion": { method: "POST", payload: VisitorViewPayload, data: EmotionData },
  "/stats/visitor_view/sex": { method: "POST", payload: VisitorViewPayload, data: SexData },
  "/stats/visitor_view/sex_age": { method: "POST", payload: VisitorViewPayload, data: SexAgeData },
  "/stats/visitor_view/heatmap": { method: "POST", payload: HeatmapPayload, data: HeatmapData },
  "/stats/visitor_view/heatmap_sex_age": { method: "POST", payload: HeatmapSexAgePayload, data: HeatmapData },
  "/stats/visitor_view/heatmap_weeks": { method: "POST", payload: HeatmapPayload, data: HeatmapWeeksData },
  "/campaign/structure": { method: "GET", payload: CampaignStructurePayload, data: CampaignStructureData },
  "/stats/graph": { method: "POST", payload: GraphPayload, data: GraphData },
} as const satisfies Record<O2oTargetPath, { method: O2oMethod; payload: Schema.Top; data: Schema.Top }>;
export type O2oTargets = typeof O2O_TARGETS;
export type O2oPayloadOf<P extends O2oTargetPath> = O2oTargets[P]["payload"]["Type"];
export type O2oDataOf<P extends O2oTargetPath> = O2oTargets[P]["data"]["Type"];

const formatIssue = SchemaIssue.makeFormatterStandardSchemaV1();
const keyOf = (p: unknown): PropertyKey =>
  typeof p === "object" && p !== null && "key" in p ? (p as { key: PropertyKey }).key : (p as PropertyKey);

/** The request as a discriminated union: `url` decides `methods` and the type of `payload`. */
export type O2oProxyRequest = {
  readonly [P in O2oTargetPath]: {
    readonly url: P;
    readonly methods: O2oTargets[P]["method"];
    readonly payload: O2oPayloadOf<P>;
    readonly name: string;
    readonly typechart: O2oChartType;
  };
}[O2oTargetPath];

/**
 * The schema a request's payload is checked with. A visitor_view payload is either per-range or a
 * single span: the one it means is picked by whether it has `ranges`, so that a mistake is reported
 * on the field that is wrong (`payload.campaigns[0]`) rather than as "from is not a known field".
 */
function payloadSchemaFor(url: O2oTargetPath, payload: unknown): Schema.Codec<unknown, unknown> {
  const schema = O2O_TARGETS[url].payload;
  if (schema !== VisitorViewPayload) return schema as unknown as Schema.Codec<unknown, unknown>;
  const perRange = typeof payload === "object" && payload !== null && "ranges" in payload;
  return (perRange ? RangesPayload : SpanPayload) as unknown as Schema.Codec<unknown, unknown>;
}

const O2oProxyEnvelope = Schema.Struct({
  url: O2oTargetPath,
  methods: Schema.Literals(O2oMethods),
  payload: Schema.Unknown,
  name: O2oChartName,
  typechart: O2oChartType,
}).check(
  Schema.makeFilter((r: { url: O2oTargetPath; methods: O2oMethod; payload: unknown }) => {
    const allowed = O2O_ALLOWED_METHODS[r.url];
    if (r.methods !== allowed) return { path: ["methods"], issue: `must be ${allowed} for ${r.url}` };
    const payload = payloadSchemaFor(r.url, r.payload);
    const res = Schema.decodeUnknownResult(payload)(r.payload, { onExcessProperty: "error" });
    if (res._tag === "Success") return true;
    const first = formatIssue(res.failure.issue).issues[0];
    return { path: ["payload", ...(first?.path ?? []).map(keyOf)], issue: first?.message ?? "is invalid" };
  }),
);

/**
 * `POST /api/o2o/get-data`: the proxy request. `url` must be one of {@link O2O_TARGET_PATHS},
 * `methods` that path's method, `payload` that path's payload (checked with the path's schema,
 * unknown fields refused, the first issue reported at `payload.<field>`); `name` and
 * `typechart` only label the answer.
 *
 * Decoded as an envelope and then by the path's table entry, rather than as a union of 13
 * structs, so that a wrong url or method is reported on that field instead of as "expected one
 * of 13 shapes". The payload schemas transform nothing (their Type is their Encoded), so the
 * checked payload is the decoded one and the cast to the discriminated type is sound.
 */
export const O2oProxyRequest = O2oProxyEnvelope as unknown as Schema.Codec<O2oProxyRequest, unknown>;

/**
 * The proxy's answer as the API table knows it: `data` is checked by the path's own schema
 * ({@link o2oProxyResponse}) on both sides, the server before it answers and the page when it reads.
 */
export const O2oProxyAnswer = Schema.Struct({ name: O2oChartName, typechart: O2oChartType, data: Schema.Unknown });
export type O2oProxyAnswer = typeof O2oProxyAnswer.Type;

/** The proxy's answer for one path: the request's name and typechart, and the path's data. */
export const o2oProxyResponse = <const P extends O2oTargetPath>(path: P) =>
  Schema.Struct({ name: O2oChartName, typechart: O2oChartType, data: O2O_TARGETS[path].data as O2oTargets[P]["data"] });
export type O2oProxyResponse<P extends O2oTargetPath> = { readonly name: string; readonly typechart: O2oChartType; readonly data: O2oDataOf<P> };

// ---------------------------------------------------------------------------------------------
// The /o2o page

/** The tabs of `/o2o` (spec §4), in order; the spelling `vistors_insight` is the spec's. */
export const O2O_TABS = [
  { id: "vistors_insight", label: "Visitors insight" },
  { id: "leads_bounced", label: "Leads & bounced" },
  { id: "views_conversion", label: "Views conversion" },
  { id: "views_demographic", label: "Views demographic" },
  { id: "views_dwell_time", label: "Views dwell time" },
] as const;
export const O2oTabIds = O2O_TABS.map((t) => t.id);
export type O2oTabId = (typeof O2O_TABS)[number]["id"];
export const O2oTabId = Schema.Literals(O2O_TABS.map((t) => t.id) as unknown as readonly [O2oTabId, ...O2oTabId[]]);
export const DEFAULT_O2O_TAB: O2oTabId = "vistors_insight";
