/**
 * Automation rules of Ads & Automation (issue 15): what a rule is, what makes one invalid (the
 * same messages in the rule form and in the server's 400), and how rules are evaluated over the
 * daily figures of a brand's campaigns. Pure; nothing is sent to the ad platforms.
 *
 * A rule watches a scope (every campaign of the brand, those of a channel, or chosen campaigns)
 * and a condition on a metric over a trailing window of days (a CTR threshold is a fraction, as
 * the metric is: 0.012 for 1.2 %):
 * - `above` / `below`: the metric over the window (a ratio is the ratio of the window's sums)
 *   against the threshold: "CPA above ฿120 over the last 3 days", "frequency above 3.5 over 7 days".
 * - `dropsBy` / `risesBy`: the metric over the window against the window of equal length just
 *   before it, in percent: "CTR dropped 30 % against the previous 7 days".
 * - metric `pacing` (scope as a whole, not per campaign): spend over the window as a percentage
 *   of the KPI plan's Ads budget for those days (each plan period's budget spread evenly over its
 *   days): "spend above 110 % of the plan's pacing".
 *
 * Evaluation gives one alert per campaign (or scope, for pacing) and day of the range on which
 * the condition holds. A window reaches back before the range when it must (the figures before
 * the range are read too). A window with no figures at all (the campaign did not run) or a
 * metric that cannot be told (a ratio over zero, a change against nothing) raises nothing.
 */
import { addDays, daysInclusive } from "./calendarDays";
import { ADS_RULE_METRICS, metricOf, type AdSums, type AdsRuleMetric } from "./ads";

export const ADS_RULE_CONDITIONS = ["above", "below", "dropsBy", "risesBy"] as const;
export type AdsRuleCondition = (typeof ADS_RULE_CONDITIONS)[number];

/** What a rule can watch: the figures of `domain/ads.ts`, and pacing against the KPI plan. */
export const RULE_METRICS = [...ADS_RULE_METRICS, "pacing"] as const;
export type RuleMetric = (typeof RULE_METRICS)[number];

export const AD_CHANNELS = ["facebook", "tiktok"] as const;
export type AdChannel = (typeof AD_CHANNELS)[number];

export type AdsRuleScope =
  | { readonly kind: "brand" }
  | { readonly kind: "channel"; readonly channel: AdChannel }
  | { readonly kind: "campaigns"; readonly campaigns: readonly string[] };

export interface AdsRuleDraft {
  readonly name: string;
  readonly scope: AdsRuleScope;
  readonly metric: RuleMetric;
  readonly condition: AdsRuleCondition;
  readonly threshold: number;
  readonly windowDays: number;
}

export const MAX_RULE_WINDOW_DAYS = 90;
export const MAX_RULE_NAME = 80;
export const MAX_RULE_CAMPAIGNS = 500;

/** A field of the rule and what is wrong with it, in words for the person filling the form. */
export interface RuleProblem {
  readonly field: "name" | "scope" | "scope.channel" | "scope.campaigns" | "metric" | "condition" | "threshold" | "windowDays";
  readonly message: string;
}

/**
 * Every problem of a rule as written (the form shows each under its field; the server answers
 * the first with 400 naming its field). Takes unknown values: a request is checked with it too.
 */
export function ruleProblems(rule: { readonly [K in keyof AdsRuleDraft]?: unknown }): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const name = typeof rule.name === "string" ? rule.name.trim() : "";
  if (name === "") problems.push({ field: "name", message: "Please fill the rule name." });
  else if (name.length > MAX_RULE_NAME) problems.push({ field: "name", message: `The rule name may hold at most ${MAX_RULE_NAME} characters.` });

  const scope = rule.scope as { kind?: unknown; channel?: unknown; campaigns?: unknown } | null | undefined;
  if (typeof scope !== "object" || scope === null || !["brand", "channel", "campaigns"].includes(scope.kind as string)) {
    problems.push({ field: "scope", message: "Choose what the rule watches: every campaign, a channel, or chosen campaigns." });
  } else if (scope.kind === "channel" && !(AD_CHANNELS as readonly unknown[]).includes(scope.channel)) {
    problems.push({ field: "scope.channel", message: "Choose a channel: Facebook or TikTok." });
  } else if (scope.kind === "campaigns") {
    const campaigns = scope.campaigns;
    if (!Array.isArray(campaigns) || campaigns.length === 0) problems.push({ field: "scope.campaigns", message: "Choose at least one campaign." });
    else if (campaigns.length > MAX_RULE_CAMPAIGNS) problems.push({ field: "scope.campaigns", message: `A rule may watch at most ${MAX_RULE_CAMPAIGNS} campaigns.` });
    else if (campaigns.some((c) => typeof c !== "string" || c === "")) problems.push({ field: "scope.campaigns", message: "A campaign is not one of the brand's." });
  }

  const metricKnown = (RULE_METRICS as readonly unknown[]).includes(rule.metric);
  if (!metricKnown) problems.push({ field: "metric", message: `Choose a metric: ${RULE_METRICS.map((m) => METRIC_LABELS[m]).join(", ")}.` });
  const condition = rule.condition;
  if (!(ADS_RULE_CONDITIONS as readonly unknown[]).includes(condition)) {
    problems.push({ field: "condition", message: "Choose a condition: above, below, drops by or rises by." });
  } else if (rule.metric === "pacing" && (condition === "dropsBy" || condition === "risesBy")) {
    problems.push({ field: "condition", message: "Pacing is compared with the plan: choose above or below." });
  }

  const threshold = rule.threshold;
  if (typeof threshold !== "number" || !Number.isFinite(threshold) || threshold < 0) {
    problems.push({ field: "threshold", message: "The threshold must be a number of 0 or more." });
  } else if (condition === "dropsBy" && threshold > 100) {
    problems.push({ field: "threshold", message: "A figure cannot drop by more than 100 %." });
  }

  const window = rule.windowDays;
  if (typeof window !== "number" || !Number.isInteger(window) || window < 1 || window > MAX_RULE_WINDOW_DAYS) {
    problems.push({ field: "windowDays", message: `The window must be a whole number of days from 1 to ${MAX_RULE_WINDOW_DAYS}.` });
  }
  return problems;
}

export const METRIC_LABELS: Readonly<Record<RuleMetric, string>> = {
  spend: "Spend",
  impressions: "Impressions",
  reach: "Reach",
  clicks: "Clicks",
  results: "Results",
  ctr: "CTR",
  cpm: "CPM",
  cpc: "CPC",
  frequency: "Frequency",
  costPerResult: "Cost per result",
  roas: "ROAS",
  pacing: "Pacing against the plan",
};

// ---------------------------------------------------------------------------------------------
// Evaluation

/** The daily figures of one campaign: Bangkok day (YYYY-MM-DD) → its sums. */
export interface CampaignDays {
  readonly campaignId: string;
  readonly channel: AdChannel;
  readonly days: ReadonlyMap<string, AdSums>;
}

export interface RulesInput {
  /** The range to raise alerts on (the figures may reach further back: windows look back). */
  readonly start: string;
  readonly end: string;
  readonly campaigns: readonly CampaignDays[];
  /** The KPI plan's Ads budget planned for a day, in satang; null where no plan covers it. */
  readonly plannedSatang?: (day: string) => number | null;
}

export interface AdsAlert {
  /** The campaign, or null for a rule on the scope as a whole (pacing). */
  readonly campaignId: string | null;
  readonly day: string;
  /** The metric over the window (baht, count or ratio), the change in percent, or pacing in percent. */
  readonly value: number;
  readonly threshold: number;
}

/** Days a window may reach back before the range: the window and the one before it. */
const LOOKBACK_DAYS = 2 * MAX_RULE_WINDOW_DAYS;

/** The first day whose figures an evaluation of the range reads. */
export const firstDayRead = (start: string): string => addDays(start, -(LOOKBACK_DAYS - 1));

const FIELDS = ["spendSatang", "impressions", "reach", "clicks", "videoViews", "results"] as const;

/** Running totals of one series of days, so that any window's sums take constant time. */
class RunningTotals {
  /** [field][i] = sum over the days before index i; `rows` counts days with figures, `value` days with a purchase value. */
  private readonly sums: Float64Array[];
  private readonly rows: Int32Array;
  private readonly valued: Int32Array;
  private readonly value: Float64Array;

  constructor(length: number, dayOf: (i: number) => AdSums | undefined) {
    this.sums = FIELDS.map(() => new Float64Array(length + 1));
    this.rows = new Int32Array(length + 1);
    this.valued = new Int32Array(length + 1);
    this.value = new Float64Array(length + 1);
    for (let i = 0; i < length; i++) {
      const s = dayOf(i);
      for (let f = 0; f < FIELDS.length; f++) this.sums[f]![i + 1] = this.sums[f]![i]! + (s === undefined ? 0 : s[FIELDS[f]!]);
      this.rows[i + 1] = this.rows[i]! + (s === undefined ? 0 : 1);
      const pv = s?.purchaseValueSatang ?? null;
      this.valued[i + 1] = this.valued[i]! + (pv === null ? 0 : 1);
      this.value[i + 1] = this.value[i]! + (pv ?? 0);
    }
  }

  /** The sums of days [from, to) by index; null when no day of the window has figures. */
  window(from: number, to: number): AdSums | null {
    if (from < 0 || this.rows[to]! - this.rows[from]! === 0) return null;
    const get = (f: number) => this.sums[f]![to]! - this.sums[f]![from]!;
    return {
      spendSatang: get(0),
      impressions: get(1),
      reach: get(2),
      clicks: get(3),
      videoViews: get(4),
      results: get(5),
      purchaseValueSatang: this.valued[to]! - this.valued[from]! === 0 ? null : this.value[to]! - this.value[from]!,
    };
  }
}

const holds = (condition: AdsRuleCondition, value: number, threshold: number): boolean => {
  switch (condition) {
    case "above":
      return value > threshold;
    case "below":
      return value < threshold;
    case "dropsBy":
      return value <= -threshold;
    case "risesBy":
      return value >= threshold;
  }
};

/** Whether a campaign of `channel` with id `id` is in the rule's scope. */
export function inScope(scope: AdsRuleScope, id: string, channel: AdChannel): boolean {
  if (scope.kind === "brand") return true;
  if (scope.kind === "channel") return scope.channel === channel;
  return scope.campaigns.includes(id);
}

/**
 * An evaluator over one brand's figures: reads them once, then evaluates any number of rules
 * (each rule costs a constant time per campaign and day of the range).
 */
export function rulesEvaluator(input: RulesInput): (rule: AdsRuleDraft) => AdsAlert[] {
  const first = firstDayRead(input.start);
  const length = daysInclusive(first, input.end);
  const days = Array.from({ length }, (_, i) => addDays(first, i));
  const offset = LOOKBACK_DAYS - 1; // index of input.start
  const rangeDays = daysInclusive(input.start, input.end);
  const series = input.campaigns.map((c) => ({ campaign: c, totals: new RunningTotals(length, (i) => c.days.get(days[i]!)) }));
  const planned = new Float64Array(length + 1);
  const plannedDays = new Int32Array(length + 1);
  for (let i = 0; i < length; i++) {
    const p = input.plannedSatang?.(days[i]!) ?? null;
    planned[i + 1] = planned[i]! + (p ?? 0);
    plannedDays[i + 1] = plannedDays[i]! + (p === null ? 0 : 1);
  }

  return (rule) => {
    const alerts: AdsAlert[] = [];
    const w = rule.windowDays;
    const scoped = series.filter((s) => inScope(rule.scope, s.campaign.campaignId, s.campaign.channel));
    if (rule.metric === "pacing") {
      // The scope's spend against the plan over each window.
      for (let d = 0; d < rangeDays; d++) {
        const to = offset + d + 1;
        const from = to - w;
        const plan = planned[to]! - planned[from]!;
        if (plannedDays[to]! - plannedDays[from]! === 0 || plan <= 0) continue;
        let spend = 0;
        for (const s of scoped) spend += s.totals.window(from, to)?.spendSatang ?? 0;
        const value = (spend / plan) * 100;
        if (holds(rule.condition, value, rule.threshold)) alerts.push({ campaignId: null, day: days[to - 1]!, value, threshold: rule.threshold });
      }
      return alerts;
    }
    const metric = rule.metric as AdsRuleMetric;
    const change = rule.condition === "dropsBy" || rule.condition === "risesBy";
    for (const s of scoped) {
      for (let d = 0; d < rangeDays; d++) {
        const to = offset + d + 1;
        const current = s.totals.window(to - w, to);
        if (current === null) continue;
        const now = metricOf(current, metric);
        if (now === null) continue;
        let value = now;
        if (change) {
          const before = s.totals.window(to - 2 * w, to - w);
          const then = before === null ? null : metricOf(before, metric);
          if (then === null || then === 0) continue;
          value = ((now - then) / then) * 100;
        }
        if (holds(rule.condition, value, rule.threshold)) alerts.push({ campaignId: s.campaign.campaignId, day: days[to - 1]!, value, threshold: rule.threshold });
      }
    }
    return alerts;
  };
}

/** The words of a rule: "CPC above ฿12 over the last 3 days". */
export function ruleText(rule: AdsRuleDraft): string {
  const label = METRIC_LABELS[rule.metric];
  const money = rule.metric === "spend" || rule.metric === "cpm" || rule.metric === "cpc" || rule.metric === "costPerResult";
  const number = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 2 });
  const amount = rule.condition === "dropsBy" || rule.condition === "risesBy" || rule.metric === "pacing"
    ? `${number(rule.threshold)} %`
    : money ? `฿${number(rule.threshold)}` : rule.metric === "ctr" ? `${number(rule.threshold * 100)} %` : number(rule.threshold);
  const days = rule.windowDays === 1 ? "the last day" : `the last ${rule.windowDays} days`;
  switch (rule.condition) {
    case "above":
      return `${label} above ${amount} over ${days}`;
    case "below":
      return `${label} below ${amount} over ${days}`;
    case "dropsBy":
      return `${label} dropped ${amount} over ${days} against the ${rule.windowDays} days before`;
    case "risesBy":
      return `${label} rose ${amount} over ${days} against the ${rule.windowDays} days before`;
  }
}
