/**
 * Actual figures for KPI progress: the daily metric values the server stores per account (bag)
 * and page, how they are imported and summarised, and the pure pacing rules of the KPI progress
 * view (target vs actual, spend vs budget, expected-to-date, projected end value).
 */
import { Schema } from "effect";
import { daysInclusive, isDay } from "./calendarDays";
import type { KpiParamKey } from "./entities";
import { round2 } from "./kpi";

/** The KPI parameters that have measured daily figures (gmv and nmv come from the shops, not from here). */
export const MeasuredKpiKeys = [
  "reach", "engagement", "page_like", "view", "follower", "impression", "click", "inbox", "leadgen", "conversion",
] as const satisfies readonly KpiParamKey[];

/** Every metric the metrics table holds: the measured KPI parameters plus the ad spend in THB. */
export const MetricKeys = [...MeasuredKpiKeys, "spend"] as const;
export const MetricKey = Schema.Literals(MetricKeys);
export type MetricKey = typeof MetricKey.Type;

/** 'ma' = the organic media account (pages); 'ads' = paid. The same split as the KPI template's MA and ADS. */
export const MetricPlans = ["ma", "ads"] as const;
export const MetricPlan = Schema.Literals(MetricPlans);
export type MetricPlan = typeof MetricPlan.Type;

/** Where a stored value came from. */
export const MetricSources = ["demo", "csv", "meta-page", "meta-post", "meta-ads", "tiktok-overview", "tiktok-followers", "tiktok-ads"] as const;
export const MetricSource = Schema.Literals(MetricSources);
export type MetricSource = typeof MetricSource.Type;

/** The file formats an import recognises from the content (never from the file name). */
export const ImportFormats = ["csv", "meta-page", "meta-post", "meta-ads"] as const;
export const ImportFormat = Schema.Literals(ImportFormats);
export type ImportFormat = typeof ImportFormat.Type;

/** The channel select of the top bar, as the summary call takes it. */
export const ChannelFilters = ["All Channel", "Facebook", "TikTok"] as const;
export const ChannelFilter = Schema.Literals(ChannelFilters);
export type ChannelFilter = typeof ChannelFilter.Type;
/** Whether a view's channel is one the figures calls take (`All Channel`, `Facebook`, `TikTok`). */
export const isChannelFilter = (ch: string): ch is ChannelFilter => (ChannelFilters as readonly string[]).includes(ch);

/** The account channels each option of the channel select covers. */
export const CHANNEL_VALUES: Readonly<Record<ChannelFilter, readonly ("facebook" | "tiktok")[]>> = {
  "All Channel": ["facebook", "tiktok"],
  Facebook: ["facebook"],
  TikTok: ["tiktok"],
};

/** The earliest day a metric value may have. */
export const FIRST_METRIC_DAY = "2000-01-01";
/** The longest range one summary call covers (ten years), which bounds the answer's size. */
export const MAX_SUMMARY_DAYS = 3660;

/** A calendar day, YYYY-MM-DD, that exists. */
export const CalendarDay = Schema.String.check(
  Schema.makeFilter((s: string) => isDay(s) || "must be an existing date written YYYY-MM-DD"),
);

/**
 * Days of a KPI period that have passed by `today`, today included: 0 before the period starts,
 * all of them once it has ended.
 */
export function elapsedDays(start: string, end: string, today: string): number {
  const total = daysInclusive(start, end);
  if (total === 0 || !isDay(today)) return 0;
  if (today < start) return 0;
  if (today > end) return total;
  return daysInclusive(start, today);
}

const usable = (x: number | null | undefined): x is number => typeof x === "number" && Number.isFinite(x);

/**
 * What should have been reached by now if the target were reached evenly:
 * target × elapsed days / total days.
 *
 * @returns null when there is no target or the period has no days
 */
export function expectedToDate(target: number | null | undefined, elapsed: number, total: number): number | null {
  if (!usable(target) || !usable(elapsed) || !usable(total) || total <= 0 || target < 0) return null;
  const e = Math.min(Math.max(elapsed, 0), total);
  return round2((target * e) / total);
}

/**
 * Where the period ends if it keeps the pace so far: actual ÷ elapsed days × total days.
 *
 * @returns null before the first day (nothing to extrapolate) or without an actual figure
 */
export function projectedEndValue(actual: number | null | undefined, elapsed: number, total: number): number | null {
  if (!usable(actual) || !usable(elapsed) || !usable(total) || elapsed <= 0 || total <= 0) return null;
  return round2((actual / Math.min(elapsed, total)) * total);
}

/**
 * Cost per unit achieved: spend ÷ actual, and per thousand (CPM) for impressions, the same
 * rule as the planned cost per unit of the KPI dialog.
 *
 * @returns null when nothing was achieved yet (no division by zero) or there is no spend figure
 */
export function achievedCostPerUnit(spend: number | null | undefined, actual: number | null | undefined, metric: MetricKey): number | null {
  if (!usable(spend) || !usable(actual) || actual <= 0 || spend < 0) return null;
  const perUnit = spend / actual;
  return round2(metric === "impression" ? perUnit * 1000 : perUnit);
}

/**
 * Actual against expected-to-date, as a ratio: 1 = on pace, below 1 = behind, above 1 = ahead.
 *
 * @returns null when nothing was expected yet
 */
export function paceRatio(actual: number | null | undefined, expected: number | null | undefined): number | null {
  if (!usable(actual) || !usable(expected) || expected <= 0) return null;
  return round2(actual / expected);
}

/**
 * Share of the target reached, in percent.
 *
 * @returns null when there is no positive target
 */
export function percentOf(actual: number | null | undefined, target: number | null | undefined): number | null {
  if (!usable(actual) || !usable(target) || target <= 0) return null;
  return round2((actual / target) * 100);
}

export interface ProgressInput {
  readonly metric: MetricKey;
  /** The KPI target of the parameter (null = none set). */
  readonly target: number | null;
  /** The budget of the parameter in THB (null = none set). */
  readonly budget: number | null;
  /** The actual figure over the period so far (null = no data). */
  readonly actual: number | null;
  /** The spend attributed to the parameter so far, in THB (null = unknown). */
  readonly spend: number | null;
  readonly start: string;
  readonly end: string;
  /** Today's Bangkok calendar day. */
  readonly today: string;
}

export interface Progress {
  readonly totalDays: number;
  readonly elapsedDays: number;
  readonly expected: number | null;
  readonly projected: number | null;
  readonly percentOfTarget: number | null;
  readonly pace: number | null;
  readonly expectedSpend: number | null;
  readonly projectedSpend: number | null;
  readonly plannedCostPerUnit: number | null;
  readonly achievedCostPerUnit: number | null;
}

/** Every pacing figure of one KPI parameter at once (target vs actual, spend vs budget). */
export function progressOf(p: ProgressInput): Progress {
  const total = daysInclusive(p.start, p.end);
  const elapsed = elapsedDays(p.start, p.end, p.today);
  const expected = expectedToDate(p.target, elapsed, total);
  return {
    totalDays: total,
    elapsedDays: elapsed,
    expected,
    projected: projectedEndValue(p.actual, elapsed, total),
    percentOfTarget: percentOf(p.actual, p.target),
    pace: paceRatio(p.actual, expected),
    expectedSpend: expectedToDate(p.budget, elapsed, total),
    projectedSpend: projectedEndValue(p.spend, elapsed, total),
    plannedCostPerUnit: achievedCostPerUnit(p.budget, p.target, p.metric),
    achievedCostPerUnit: achievedCostPerUnit(p.spend, p.actual, p.metric),
  };
}

/** Splits a comma-separated id list of a query string; blanks are dropped, duplicates kept once. */
export function splitIds(text: string | undefined): string[] {
  if (!text) return [];
  return [...new Set(text.split(",").map((s) => s.trim()).filter((s) => s !== ""))];
}

// ---------------------------------------------------------------------------------------------
// One metric value, as every import produces it and the database stores it.

/** Metrics whose daily value may be negative: a net change of followers (unfollows outnumber follows). */
const SIGNED_METRICS: ReadonlySet<MetricKey> = new Set<MetricKey>(["follower"]);

/**
 * One daily value of one metric, as an import row becomes after parsing, before the account is
 * resolved: every import validates each row with this schema.
 */
export const MetricRow = Schema.Struct({
  date: CalendarDay.check(Schema.makeFilter((d: string) => d >= FIRST_METRIC_DAY || `must not be before ${FIRST_METRIC_DAY}`)),
  plan: MetricPlan,
  metric: MetricKey,
  value: Schema.Finite.check(Schema.isLessThan(1e15)),
}).check(
  Schema.makeFilter((r: { plan: MetricPlan; metric: MetricKey; value: number }) => {
    if (r.metric === "spend" && r.plan !== "ads") return { path: ["metric"], issue: "spend is a figure of the ads plan only" };
    if (r.value < 0 && !SIGNED_METRICS.has(r.metric)) return { path: ["value"], issue: `must not be negative for ${r.metric}` };
    return true;
  }),
);
export type MetricRow = typeof MetricRow.Type;

// ---------------------------------------------------------------------------------------------
// The calls.

/** A row of an import that was refused or left out, with its line in the file (1 = first line). */
export const ImportRowIssue = Schema.Struct({ line: Schema.Number, reason: Schema.String });
export type ImportRowIssue = typeof ImportRowIssue.Type;

/** The text fields of the multipart import form (the file itself travels in the part `file`). */
export const ImportMetricsFields = Schema.Struct({
  /** Account (bag) id; required for Meta files, optional for the documented CSV. */
  account: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(100))),
  /** Page id inside that account; optional. */
  page: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(100))),
});
export type ImportMetricsFields = typeof ImportMetricsFields.Type;

export const ImportMetricsResult = Schema.Struct({
  format: ImportFormat,
  /** How the bytes were read: "utf-8", "utf-16le", "utf-16be", "windows-874" or "xlsx". */
  encoding: Schema.String,
  /** Data rows of the file that were imported (totals rows and rows without values left out). */
  rows: Schema.Number,
  /** Metric values in those rows (an ads row carries up to nine). */
  values: Schema.Number,
  /** Values stored for the first time. */
  inserted: Schema.Number,
  /** Values that replaced a different stored value (a re-export with changed numbers, or a demo value). */
  updated: Schema.Number,
  /** Values already stored with the same number (importing the same file twice). */
  unchanged: Schema.Number,
  /** Demo values removed because real figures of the same account, plan and metric arrived. */
  demoRemoved: Schema.Number,
  /** First and last day of the imported values (null when the file held none). */
  first: Schema.NullOr(Schema.String),
  last: Schema.NullOr(Schema.String),
  /** Rows left out on purpose (totals rows, rows without any value), and how a column was read. */
  notes: Schema.Array(ImportRowIssue),
});
export type ImportMetricsResult = typeof ImportMetricsResult.Type;

export const ImportMetricsResponse = Schema.Struct({ msg: Schema.String, data: ImportMetricsResult });
export type ImportMetricsResponse = typeof ImportMetricsResponse.Type;

/** The 400 answer of an import with bad rows: nothing was written. */
export const ImportMetricsRefusal = Schema.Struct({
  error: Schema.String,
  message: Schema.String,
  rows: Schema.Array(ImportRowIssue),
});
export type ImportMetricsRefusal = typeof ImportMetricsRefusal.Type;

/** At most this many row errors are listed in one refusal (the message gives the full count). */
export const MAX_LISTED_ROW_ERRORS = 100;

const DateParam = Schema.String.check(Schema.isMaxLength(10)).check(
  Schema.makeFilter((s: string) => isDay(s) || "must be an existing date written YYYY-MM-DD"),
);

/** `GET /user/metrics-summary` query: ids are comma-separated. */
export const MetricsSummaryRequest = Schema.Struct({
  start: DateParam,
  end: DateParam,
  /** Brand name; absent = every brand of the user. */
  brand: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(100))),
  /** Absent = All Channel. */
  channel: Schema.optionalKey(ChannelFilter),
  /** Page ids, comma-separated: limits the MA figures to those pages. */
  pages: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(20_000))),
  /** Account (bag) ids, comma-separated: limits both plans to those accounts. */
  bags: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(20_000))),
}).check(
  Schema.makeFilter((q: { start: string; end: string }) => {
    if (q.end < q.start) return { path: ["end"], issue: "must not be before start" };
    if (daysInclusive(q.start, q.end) > MAX_SUMMARY_DAYS) return { path: ["end"], issue: `the range may cover at most ${MAX_SUMMARY_DAYS} days` };
    return true;
  }),
);
export type MetricsSummaryRequest = typeof MetricsSummaryRequest.Type;

export const MetricPoint = Schema.Struct({ date: Schema.String, value: Schema.Number });
export type MetricPoint = typeof MetricPoint.Type;

/** One metric of one plan over the range: the total, and the days that have a value. */
export const MetricSeries = Schema.Struct({
  metric: MetricKey,
  /** Sum over the range (0 when no day has a value: see `days`). */
  total: Schema.Number,
  /** Days of the range with a value; 0 = no data, which is not the same as a total of 0. */
  days: Schema.Number,
  /** Last day with a value, or null. */
  last: Schema.NullOr(Schema.String),
  /** One point per day with a value, oldest first (days without a value are left out). */
  series: Schema.Array(MetricPoint),
});
export type MetricSeries = typeof MetricSeries.Type;

export const MetricsSummary = Schema.Struct({
  start: Schema.String,
  end: Schema.String,
  /** The brands covered (the one asked for, or all of the user's). */
  brands: Schema.Array(Schema.String),
  channel: ChannelFilter,
  /** Every measured KPI parameter, in MetricKeys order. */
  ma: Schema.Array(MetricSeries),
  /** Every measured KPI parameter plus spend (THB), in MetricKeys order. */
  ads: Schema.Array(MetricSeries),
});
export type MetricsSummary = typeof MetricsSummary.Type;

export const MetricsSummaryResponse = Schema.Struct({ data: MetricsSummary });
export type MetricsSummaryResponse = typeof MetricsSummaryResponse.Type;

/** The metrics each plan's summary lists. */
export const PLAN_METRICS: Readonly<Record<MetricPlan, readonly MetricKey[]>> = {
  ma: MeasuredKpiKeys,
  ads: MetricKeys,
};
