/**
 * Ads & Automation (issue 15): the shapes of the ad entities and of the calls the `/ads` page
 * reads and writes. The server decodes requests with these schemas and the page decodes answers
 * with them. Formulas: `domain/ads.ts`; rules and their evaluation: `domain/adsRules.ts`;
 * definitions in words: docs/ads.md.
 */
import { Schema } from "effect";
import { daysInclusive, isDay } from "./calendarDays";
import { ChannelFilter } from "./metrics";
import { AD_CHANNELS, ADS_RULE_CONDITIONS, MAX_RULE_CAMPAIGNS, MAX_RULE_NAME, RULE_METRICS } from "./adsRules";

const text = (max: number) => Schema.String.check(Schema.isMaxLength(max));
const Count = Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0));
const NonNegative = Schema.Finite.check(Schema.isGreaterThanOrEqualTo(0));
const Day = Schema.String.check(Schema.isMaxLength(10)).check(
  Schema.makeFilter((s: string) => isDay(s) || "must be an existing date written YYYY-MM-DD"),
);
/** An id of the ad platforms (campaign, ad set, ad): digits on Meta and TikTok, any text in the documented CSV. */
const EntityId = text(64).check(Schema.isMinLength(1));

/** Longest range one call covers: two years and a day (as the social calls). */
export const ADS_MAX_DAYS = 732;

// ---------------------------------------------------------------------------------------------
// Entities

export const AdChannel = Schema.Literals(AD_CHANNELS);
export type AdChannel = typeof AdChannel.Type;

/**
 * What a campaign is for, as one list over both platforms (Meta's ODAX objectives and TikTok's,
 * mapped on import: docs/ads-import.md). `messages` stays apart from engagement: chat commerce
 * (Messenger, LINE) is how much of Thailand buys.
 */
export const AD_OBJECTIVES = ["sales", "leads", "messages", "traffic", "engagement", "video_views", "awareness", "app_promotion"] as const;
export const AdObjective = Schema.Literals(AD_OBJECTIVES);
export type AdObjective = typeof AdObjective.Type;
export const OBJECTIVE_LABELS: Readonly<Record<AdObjective, string>> = {
  sales: "Sales",
  leads: "Leads",
  messages: "Messages",
  traffic: "Traffic",
  engagement: "Engagement",
  video_views: "Video views",
  awareness: "Awareness",
  app_promotion: "App promotion",
};

export const CAMPAIGN_STATUSES = ["active", "paused", "ended"] as const;
export const CampaignStatus = Schema.Literals(CAMPAIGN_STATUSES);
export type CampaignStatus = typeof CampaignStatus.Type;
export const STATUS_LABELS: Readonly<Record<CampaignStatus, string>> = { active: "Active", paused: "Paused", ended: "Ended" };

export const AD_FORMATS = ["image", "video", "carousel", "collection", "other"] as const;
export const AdFormat = Schema.Literals(AD_FORMATS);
export type AdFormat = typeof AdFormat.Type;

/** The three levels of the campaign table (a click drills down one level). */
export const AD_LEVELS = ["campaign", "adSet", "ad"] as const;
export const AdLevel = Schema.Literals(AD_LEVELS);
export type AdLevel = typeof AdLevel.Type;

// ---------------------------------------------------------------------------------------------
// POST /user/ads-figures

export const ADS_SORTS = ["name", "spend", "impressions", "reach", "clicks", "results", "costPerResult", "ctr", "cpm", "cpc", "frequency", "roas"] as const;
export const AdsSort = Schema.Literals(ADS_SORTS);
export type AdsSort = typeof AdsSort.Type;
export const MAX_ADS_PAGE_SIZE = 100;
export const DEFAULT_ADS_PAGE_SIZE = 20;

const rangeCheck = Schema.makeFilter((q: { start: string; end: string }) => {
  if (q.end < q.start) return { path: ["end"], issue: "must not be before start" };
  if (daysInclusive(q.start, q.end) > ADS_MAX_DAYS) return { path: ["end"], issue: `the range may cover at most ${ADS_MAX_DAYS} days` };
  return true;
});

export const AdsFiguresRequest = Schema.Struct({
  brand: text(100).check(Schema.isMinLength(1)),
  start: Day,
  end: Day,
  channel: ChannelFilter,
  /** Ad account (bag) ids; absent or empty = every account of the brand on the channel. */
  accounts: Schema.optionalKey(Schema.Array(text(200)).check(Schema.isMaxLength(500))),
  /** Campaign ids (a chart click or a filter); absent or empty = every campaign. Narrows every figure. */
  campaigns: Schema.optionalKey(Schema.Array(EntityId).check(Schema.isMaxLength(MAX_RULE_CAMPAIGNS))),
  /** Campaigns of one objective only (a chart click); absent = all. Narrows every figure. */
  objective: Schema.optionalKey(AdObjective),
  /** The table's level (default campaign) and, below it, the campaign (level adSet) or ad set (level ad) drilled into. */
  level: Schema.optionalKey(AdLevel),
  parent: Schema.optionalKey(EntityId),
  /** The table's sort (default spend, desc), 1-based page and page size (default 20, at most 100). */
  sort: Schema.optionalKey(AdsSort),
  order: Schema.optionalKey(Schema.Literals(["asc", "desc"])),
  page: Schema.optionalKey(Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 100_000 }))),
  pageSize: Schema.optionalKey(Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: MAX_ADS_PAGE_SIZE }))),
}).check(rangeCheck);
export type AdsFiguresRequest = typeof AdsFiguresRequest.Type;

/**
 * The figures of a set of ad days (the range, a period of the series, a campaign, a channel…):
 * sums, then the ratios of the sums (`adRatios`), null where a denominator is 0. Money in baht.
 */
export const AdFigures = Schema.Struct({
  spend: NonNegative,
  impressions: Count,
  reach: Count,
  clicks: Count,
  videoViews: Count,
  results: Count,
  /** Null where no row of the set gave a purchase value. */
  purchaseValue: Schema.NullOr(NonNegative),
  ctr: Schema.NullOr(NonNegative),
  cpm: Schema.NullOr(NonNegative),
  cpc: Schema.NullOr(NonNegative),
  frequency: Schema.NullOr(NonNegative),
  costPerResult: Schema.NullOr(NonNegative),
  roas: Schema.NullOr(NonNegative),
});
export type AdFigures = typeof AdFigures.Type;

export const AdsPoint = Schema.Struct({
  /** First day of the period (clipped to the range). */
  start: Schema.String,
  ...AdFigures.fields,
});
export type AdsPoint = typeof AdsPoint.Type;

/** One row of the campaign table, at its level; fields of another level are null. */
export const AdsRow = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  channel: AdChannel,
  account: Schema.String,
  campaignId: Schema.String,
  /** Campaign level. */
  objective: Schema.NullOr(AdObjective),
  status: Schema.NullOr(CampaignStatus),
  /** Ad set level: budget in baht per day (or over the ad set's life), and what delivery optimises for. */
  budget: Schema.NullOr(NonNegative),
  budgetKind: Schema.NullOr(Schema.Literals(["daily", "lifetime"])),
  optimisationGoal: Schema.NullOr(Schema.String),
  /** Ad level. */
  format: Schema.NullOr(AdFormat),
  /** What the results count ("Purchases", "Leads", "Messaging conversations started"…); null when mixed or none. */
  resultType: Schema.NullOr(Schema.String),
  ...AdFigures.fields,
});
export type AdsRow = typeof AdsRow.Type;

/** A campaign of the brand (every one the view's channel and accounts hold, with or without figures in the range). */
export const AdsCampaignRef = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  channel: AdChannel,
  objective: AdObjective,
  status: CampaignStatus,
});
export type AdsCampaignRef = typeof AdsCampaignRef.Type;

export const AdsFigures = Schema.Struct({
  totals: AdFigures,
  /** The period of equal length just before the range. */
  previous: AdFigures,
  /** Day by day up to 92 days, week by week (Monday) up to 366, else month by month. */
  unit: Schema.Literals(["day", "week", "month"]),
  series: Schema.Array(AdsPoint),
  byChannel: Schema.Array(Schema.Struct({ channel: AdChannel, ...AdFigures.fields })),
  byObjective: Schema.Array(Schema.Struct({ objective: AdObjective, ...AdFigures.fields })),
  table: Schema.Struct({
    level: AdLevel,
    /** Where the table is: the campaign (and ad set) drilled into, for the breadcrumb. */
    campaign: Schema.NullOr(Schema.Struct({ id: Schema.String, name: Schema.String })),
    adSet: Schema.NullOr(Schema.Struct({ id: Schema.String, name: Schema.String })),
    rows: Schema.Array(AdsRow),
    /** Rows at this level in all pages. */
    total: Count,
    page: Count,
    pageSize: Count,
    sort: AdsSort,
    order: Schema.Literals(["asc", "desc"]),
  }),
  campaigns: Schema.Array(AdsCampaignRef),
});
export type AdsFigures = typeof AdsFigures.Type;

// ---------------------------------------------------------------------------------------------
// Rules and alerts

export const AdsRuleScopeSchema = Schema.Union([
  Schema.Struct({ kind: Schema.Literal("brand") }),
  Schema.Struct({ kind: Schema.Literal("channel"), channel: AdChannel }),
  Schema.Struct({ kind: Schema.Literal("campaigns"), campaigns: Schema.Array(EntityId).check(Schema.isMaxLength(MAX_RULE_CAMPAIGNS)) }),
]);

/**
 * A rule as written. The schema checks types only; `ruleProblems` (domain/adsRules.ts) checks the
 * rest (empty name, negative threshold, window 1–90, empty scope…) with the form's messages, and
 * the server answers 400 naming the field.
 */
export const AdsRuleDraftSchema = Schema.Struct({
  name: text(MAX_RULE_NAME * 4),
  scope: AdsRuleScopeSchema,
  metric: Schema.Literals(RULE_METRICS),
  condition: Schema.Literals(ADS_RULE_CONDITIONS),
  threshold: Schema.Finite,
  windowDays: Schema.Number.check(Schema.isInt()),
});

export const AdsRule = Schema.Struct({
  id: Schema.Number,
  ...AdsRuleDraftSchema.fields,
  /** The rule in words: "Frequency above 3.5 over the last 7 days". */
  text: Schema.String,
  createdBy: Schema.String,
  updatedAt: Schema.String,
});
export type AdsRule = typeof AdsRule.Type;

export const BrandQuery = Schema.Struct({ brand: text(100).check(Schema.isMinLength(1)) });
export const AdsRulesResponse = Schema.Struct({ data: Schema.Array(AdsRule) });

/** A new rule without `id`; an existing one with it. The rule is evaluated over the 365 days up to today at once. */
export const UpsertAdsRuleRequest = Schema.Struct({
  brand: text(100).check(Schema.isMinLength(1)),
  id: Schema.optionalKey(Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(1))),
  rule: AdsRuleDraftSchema,
});
export type UpsertAdsRuleRequest = typeof UpsertAdsRuleRequest.Type;
export const UpsertAdsRuleResponse = Schema.Struct({ msg: Schema.String, data: AdsRule, alerts: Count });

export const DeleteAdsRuleRequest = Schema.Struct({ brand: text(100).check(Schema.isMinLength(1)), id: Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(1)) });

/** `GET /user/ads-alerts?brand=&start=&end=&status=`: the alerts of the range, newest day first. */
export const AdsAlertsRequest = Schema.Struct({
  brand: text(100).check(Schema.isMinLength(1)),
  start: Day,
  end: Day,
  /** open (default): not acknowledged; acknowledged; all. */
  status: Schema.optionalKey(Schema.Literals(["open", "acknowledged", "all"])),
});
export type AdsAlertsRequest = typeof AdsAlertsRequest.Type;

export const AdsAlertRecord = Schema.Struct({
  id: Schema.Number,
  ruleId: Schema.Number,
  ruleName: Schema.String,
  ruleText: Schema.String,
  /** Null for a rule on the scope as a whole (pacing). */
  campaignId: Schema.NullOr(Schema.String),
  campaignName: Schema.NullOr(Schema.String),
  day: Schema.String,
  /** The metric over the window (baht, count or ratio), the change in percent, or pacing in percent. */
  value: Schema.Finite,
  threshold: Schema.Finite,
  raisedAt: Schema.String,
  acknowledgedAt: Schema.NullOr(Schema.String),
  acknowledgedBy: Schema.NullOr(Schema.String),
});
export type AdsAlertRecord = typeof AdsAlertRecord.Type;
export const MAX_ALERTS_ANSWERED = 1000;
/** At most 1,000 alerts, newest day first; `total` counts them all. */
export const AdsAlertsResponse = Schema.Struct({ data: Schema.Array(AdsAlertRecord), total: Count });

export const AcknowledgeAdsAlertsRequest = Schema.Struct({
  brand: text(100).check(Schema.isMinLength(1)),
  ids: Schema.Array(Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(1))).check(Schema.isMinLength(1), Schema.isMaxLength(MAX_ALERTS_ANSWERED)),
});
export const AcknowledgeAdsAlertsResponse = Schema.Struct({ msg: Schema.String, acknowledged: Count });

/** On demand: every rule of the brand over the range (at most 732 days). */
export const EvaluateAdsRulesRequest = Schema.Struct({ brand: text(100).check(Schema.isMinLength(1)), start: Day, end: Day }).check(rangeCheck);
export const EvaluateAdsRulesResponse = Schema.Struct({ msg: Schema.String, rules: Count, alerts: Count });
