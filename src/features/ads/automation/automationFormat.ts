/**
 * The words and numbers of the /ads automation section: an alert's value and threshold in the
 * metric's unit (docs/ads.md: CTR in %, money in ฿, frequency and ROAS as ×, pacing and changes in
 * %), a rule's scope, and what an import wrote.
 */
import type { AdsAlertRecord, AdsCampaignRef, AdsRule } from "../../../../domain/adsContract";
import type { ImportAdsResult } from "../../../../domain/adsImport";
import { type AdsRuleCondition, type AdsRuleScope, type RuleMetric } from "../../../../domain/adsRules";
import { bangkokDay } from "../../../../domain/dates";
import type { CsvColumn } from "@/components/export/download";
import { formatDay } from "@/components/format/dates";
import { formatCount, formatFixed2, formatMoney, formatPercent } from "@/components/format/numbers";
import { activeLocale, t, translateMessage, type MessageKey } from "@/i18n/i18n";

export const CHANNEL_NAMES: Readonly<Record<string, string>> = { facebook: "Facebook", tiktok: "TikTok" }; // i18n-ignore: platform names

const CONDITION_KEYS = {
  above: "ads.condition.above",
  below: "ads.condition.below",
  dropsBy: "ads.condition.dropsBy",
  risesBy: "ads.condition.risesBy",
} as const satisfies Record<AdsRuleCondition, MessageKey>;

/** A condition as the rule dialog lists it: "Above", "Dropped by (%)". */
export const conditionLabel = (c: AdsRuleCondition): string => t(CONDITION_KEYS[c]);

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
      return `${formatFixed2(value)}×`; // i18n-ignore: a unit sign
    case "pacing":
      return t("ads.value.ofPlan", { value: formatPercent(value, 1) });
    default:
      return formatCount(value, 0);
  }
}

/** What an alert found, in the rule's unit; `rule` null when the rule is not listed (the raw number). */
export function alertValueText(value: number, rule: Pick<AdsRule, "metric" | "condition"> | null): string {
  if (rule === null) return formatCount(value, 2);
  if (rule.condition === "dropsBy" || rule.condition === "risesBy") {
    const change = formatPercent(Math.abs(value), 1);
    return value < 0 ? t("ads.value.down", { change }) : value > 0 ? t("ads.value.up", { change }) : t("ads.value.noChange");
  }
  return formatMetricValue(value, rule.metric);
}

/** The threshold an alert was raised against, with its condition: "above 3.00", "dropped by 20%". */
export function alertThresholdText(threshold: number, rule: Pick<AdsRule, "metric" | "condition"> | null): string {
  if (rule === null) return formatCount(threshold, 2);
  switch (rule.condition) {
    case "dropsBy":
      return t("ads.threshold.drop", { value: formatPercent(threshold, 2) });
    case "risesBy":
      return t("ads.threshold.rise", { value: formatPercent(threshold, 2) });
    case "above":
      return t("ads.threshold.above", { value: formatMetricValue(threshold, rule.metric) });
    case "below":
      return t("ads.threshold.below", { value: formatMetricValue(threshold, rule.metric) });
  }
}

/** What a rule watches, in words. */
export function scopeText(scope: AdsRuleScope, brand: string, campaigns: readonly AdsCampaignRef[]): string {
  switch (scope.kind) {
    case "brand":
      return t("ads.scope.brand", { brand });
    case "channel":
      return t("ads.scope.channel", { channel: CHANNEL_NAMES[scope.channel] ?? scope.channel });
    case "campaigns": {
      const names = scope.campaigns.map((id) => campaigns.find((c) => c.id === id)?.name ?? id);
      return names.length <= 2 ? names.join(", ") : t("ads.scope.more", { names: names.slice(0, 2).join(", "), count: formatCount(names.length - 2) });
    }
  }
}

const METRIC_KEYS = {
  spend: "ads.metric.spend",
  impressions: "ads.metric.impressions",
  reach: "ads.metric.reach",
  clicks: "ads.metric.clicks",
  results: "ads.metric.results",
  ctr: "ads.metric.ctr",
  cpm: "ads.metric.cpm",
  cpc: "ads.metric.cpc",
  frequency: "ads.metric.frequency",
  costPerResult: "ads.metric.costPerResult",
  roas: "ads.metric.roas",
  pacing: "ads.metric.pacing",
} as const satisfies Record<RuleMetric, MessageKey>;

/** A metric's name (domain/adsRules.ts `METRIC_LABELS` in English). */
export const metricLabel = (metric: RuleMetric): string => t(METRIC_KEYS[metric]);

const WORDS_KEYS = {
  above: { day: "ads.msg.ruleAboveDay", days: "ads.msg.ruleAboveDays" },
  below: { day: "ads.msg.ruleBelowDay", days: "ads.msg.ruleBelowDays" },
  dropsBy: { day: "ads.msg.ruleDroppedDay", days: "ads.msg.ruleDroppedDays" },
  risesBy: { day: "ads.msg.ruleRoseDay", days: "ads.msg.ruleRoseDays" },
} as const satisfies Record<AdsRuleCondition, { day: MessageKey; days: MessageKey }>;

/**
 * A rule in words, in the user's language: "CPC above ฿12 over the last 3 days" (the words of
 * domain/adsRules.ts `ruleText`, which the server stores in English).
 */
export function ruleWords(rule: Pick<AdsRule, "metric" | "condition" | "threshold" | "windowDays">): string {
  const number = (n: number) => formatCount(n, 2);
  const money = MONEY_METRICS.has(rule.metric);
  const amount =
    rule.condition === "dropsBy" || rule.condition === "risesBy" || rule.metric === "pacing"
      ? `${number(rule.threshold)} %` // i18n-ignore: a unit sign
      : money
        ? `฿${number(rule.threshold)}` // i18n-ignore: a unit sign
        : rule.metric === "ctr"
          ? `${number(rule.threshold * 100)} %` // i18n-ignore: a unit sign
          : number(rule.threshold);
  const keys = WORDS_KEYS[rule.condition];
  const window = formatCount(rule.windowDays);
  return t(rule.windowDays === 1 ? keys.day : keys.days, { label: metricLabel(rule.metric), amount, days: window, before: window });
}

/**
 * A rule's words as stored (English, from the server or the editor's statechart) in the user's
 * language: as they are in English, else from the rule's fields; by the catalogue's patterns when
 * the rule is not at hand.
 */
export function ruleTextShown(text: string, rule: Pick<AdsRule, "metric" | "condition" | "threshold" | "windowDays"> | null): string {
  return rule === null || activeLocale().language === "en" ? translateMessage(text) : ruleWords(rule);
}

const FORMAT_KEYS = {
  "meta-ads": "ads.import.format.metaAds",
  "tiktok-ads": "ads.import.format.tiktokAds",
  csv: "ads.import.format.csv",
} as const satisfies Record<ImportAdsResult["format"], MessageKey>;

/** "3 alerts" / "3 การแจ้งเตือน". */
export const alertsCount = (n: number): string => t("ads.count.alerts", { count: n, n: formatCount(n) });
/** "2 rules" / "2 กฎ". */
export const rulesCount = (n: number): string => t("ads.count.rules", { count: n, n: formatCount(n) });

/** What an import wrote, in words. */
export function importAdsSummary(r: ImportAdsResult): string {
  const span =
    r.first === null
      ? ""
      : r.first === r.last || r.last === null
        ? t("ads.import.spanOne", { day: formatDay(r.first) })
        : t("ads.import.spanRange", { first: formatDay(r.first), last: formatDay(r.last) });
  return t("ads.import.summary", {
    rows: t("ads.import.rows", { count: r.rows, n: formatCount(r.rows) }),
    span,
    format: t(FORMAT_KEYS[r.format]),
    campaigns: t("ads.import.campaigns", { count: r.campaigns, n: formatCount(r.campaigns) }),
    adSets: t("ads.import.adSets", { count: r.adSets, n: formatCount(r.adSets) }),
    ads: t("ads.import.ads", { count: r.ads, n: formatCount(r.ads) }),
    inserted: formatCount(r.inserted),
    updated: formatCount(r.updated),
    unchanged: formatCount(r.unchanged),
    demo: r.demoRemoved > 0 ? t("ads.import.demoReplaced", { count: formatCount(r.demoRemoved) }) : "",
    alerts: alertsCount(r.alerts),
  });
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
export function alertCsvColumns(): readonly CsvColumn<AdsAlertRecord>[] {
  return [
    { header: t("ads.alerts.day"), value: (a) => formatDay(a.day) },
    { header: t("ads.alerts.rule"), value: (a) => a.ruleName },
    { header: t("ads.alerts.ruleInWords"), value: (a) => a.ruleText },
    { header: t("ads.alerts.campaignId"), value: (a) => a.campaignId },
    { header: t("ads.alerts.campaign"), value: (a) => alertCampaign(a) },
    { header: t("ads.alerts.value"), value: (a) => a.value },
    { header: t("ads.alerts.threshold"), value: (a) => a.threshold },
    { header: t("ads.alerts.acknowledged"), value: (a) => (a.acknowledgedAt === null ? null : formatDay(acknowledgedDay(a.acknowledgedAt))) },
    { header: t("ads.alerts.acknowledgedBy"), value: (a) => a.acknowledgedBy },
  ];
}

/** The campaign an alert is about: its name, its id, or every campaign in the rule's scope. */
export const alertCampaign = (a: AdsAlertRecord): string => a.campaignName ?? (a.campaignId === null ? t("ads.alerts.allInScope") : a.campaignId);
