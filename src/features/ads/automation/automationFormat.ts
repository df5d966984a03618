/**
 * The words and numbers of the /ads automation section: an alert's value and threshold in the
 * metric's unit (docs/ads.md: CTR in %, money in ฿, frequency and ROAS as ×, pacing and changes in
 * %), a rule's scope, and what an import wrote.
 */
import type { AdsAlertRecord, AdsCampaignRef, AdsRule } from "../../../../domain/adsContract";
import type { ImportAdsResult } from "../../../../domain/adsImport";
import { METRIC_LABELS, type AdsRuleCondition, type AdsRuleScope, type RuleMetric } from "../../../../domain/adsRules";
import { bangkokDay } from "../../../../domain/dates";
import type { CsvColumn } from "@/components/export/download";
import { formatCount, formatFixed2, formatMoney, formatPercent } from "@/components/format/numbers";

export const CHANNEL_NAMES: Readonly<Record<string, string>> = { facebook: "Facebook", tiktok: "TikTok" };

export const CONDITION_LABELS: Readonly<Record<AdsRuleCondition, string>> = {
  above: "Above",
  below: "Below",
  dropsBy: "Dropped by (%)",
  risesBy: "Rose by (%)",
};

const MONEY_METRICS: ReadonlySet<RuleMetric> = new Set(["spend", "cpm", "cpc", "costPerResult"]);

/** A value of `metric` over a window, in its unit. */
export function formatMetricValue(value: number, metric: RuleMetric): string {
  if (MONEY_METRICS.has(metric)) return formatMoney(value);
  switch (metric) {
    case "ctr":
      return formatPercent(value * 100, 2);
    case "frequency":
      return formatFixed2(value);
    case "roas":
      return `${formatFixed2(value)}×`;
    case "pacing":
      return `${formatPercent(value, 1)} of plan`;
    default:
      return formatCount(value, 0);
  }
}

/** What an alert found, in the rule's unit; `rule` null when the rule is not listed (the raw number). */
export function alertValueText(value: number, rule: Pick<AdsRule, "metric" | "condition"> | null): string {
  if (rule === null) return formatCount(value, 2);
  if (rule.condition === "dropsBy" || rule.condition === "risesBy") {
    const change = formatPercent(Math.abs(value), 1);
    return value < 0 ? `down ${change}` : value > 0 ? `up ${change}` : "no change";
  }
  return formatMetricValue(value, rule.metric);
}

/** The threshold an alert was raised against, with its condition: "above 3.00", "dropped by 20%". */
export function alertThresholdText(threshold: number, rule: Pick<AdsRule, "metric" | "condition"> | null): string {
  if (rule === null) return formatCount(threshold, 2);
  switch (rule.condition) {
    case "dropsBy":
      return `drop of ${formatPercent(threshold, 2)}`;
    case "risesBy":
      return `rise of ${formatPercent(threshold, 2)}`;
    case "above":
      return `above ${formatMetricValue(threshold, rule.metric)}`;
    case "below":
      return `below ${formatMetricValue(threshold, rule.metric)}`;
  }
}

/** What a rule watches, in words. */
export function scopeText(scope: AdsRuleScope, brand: string, campaigns: readonly AdsCampaignRef[]): string {
  switch (scope.kind) {
    case "brand":
      return `Every campaign of ${brand}`;
    case "channel":
      return `${CHANNEL_NAMES[scope.channel] ?? scope.channel} campaigns`;
    case "campaigns": {
      const names = scope.campaigns.map((id) => campaigns.find((c) => c.id === id)?.name ?? id);
      return names.length <= 2 ? names.join(", ") : `${names.slice(0, 2).join(", ")} and ${formatCount(names.length - 2)} more`;
    }
  }
}

export const metricLabel = (metric: RuleMetric): string => METRIC_LABELS[metric];

const FORMAT_NAMES: Readonly<Record<ImportAdsResult["format"], string>> = {
  "meta-ads": "a Meta Ads Manager report",
  "tiktok-ads": "a TikTok Ads Manager report",
  csv: "the documented ads CSV",
};

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** What an import wrote, in words. */
export function importAdsSummary(r: ImportAdsResult): string {
  const span = r.first === null ? "" : r.first === r.last ? ` of ${r.first}` : ` from ${r.first} to ${r.last}`;
  return (
    `Read ${plural(r.rows, "row", "rows")}${span} (${FORMAT_NAMES[r.format]}): ` +
    `${plural(r.campaigns, "campaign", "campaigns")}, ${plural(r.adSets, "ad set", "ad sets")}, ${plural(r.ads, "ad", "ads")}; ` +
    `${formatCount(r.inserted)} ad days new, ${formatCount(r.updated)} updated, ${formatCount(r.unchanged)} unchanged` +
    (r.demoRemoved > 0 ? `; ${formatCount(r.demoRemoved)} demo rows of this account replaced` : "") +
    `. The rules raised ${plural(r.alerts, "alert", "alerts")}.`
  );
}

/**
 * The Bangkok day an alert was acknowledged: the server writes Bangkok wall-clock time
 * (YYYY-MM-DDTHH:mm:ss), whose day is its first ten characters; an instant with a zone is turned
 * into its Bangkok day.
 */
export function acknowledgedDay(at: string): string {
  if (!/(Z|[+-]\d\d:?\d\d)$/.test(at)) return at.slice(0, 10);
  const ms = Date.parse(at);
  return Number.isNaN(ms) ? at.slice(0, 10) : bangkokDay(ms);
}

/**
 * The columns of the alerts CSV: the alerts shown, one per line, with the value and threshold
 * as plain numbers in the rule's unit (baht, a count, a ratio — CTR 0.012 —, or percent for a
 * change or pacing) and the rule in words beside them.
 */
export const ALERT_CSV_COLUMNS: readonly CsvColumn<AdsAlertRecord>[] = [
  { header: "Day", value: (a) => a.day },
  { header: "Rule", value: (a) => a.ruleName },
  { header: "Rule in words", value: (a) => a.ruleText },
  { header: "Campaign ID", value: (a) => a.campaignId },
  { header: "Campaign", value: (a) => a.campaignName ?? (a.campaignId === null ? "All campaigns in scope" : a.campaignId) },
  { header: "Value", value: (a) => a.value },
  { header: "Threshold", value: (a) => a.threshold },
  { header: "Acknowledged", value: (a) => (a.acknowledgedAt === null ? null : acknowledgedDay(a.acknowledgedAt)) },
  { header: "Acknowledged by", value: (a) => a.acknowledgedBy },
];
