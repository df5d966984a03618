/**
 * Ads & Automation (issue 15): the figures of paid media and their formulas. Pure: the server's
 * ads service and the /ads page both compute with these, so a figure is defined once
 * (docs/ads.md says the same in words).
 *
 * - Money is THB. Sums are made in satang (whole numbers) so that adding thousands of daily rows
 *   never drifts (0.1 + 0.2 ≠ 0.3 in floating point); `bahtOf` turns satang back into baht.
 * - A ratio over a period is the **ratio of the sums** over the period, never the mean of the
 *   daily ratios: a day with 10 impressions cannot weigh as much as a day with 100,000.
 * - A ratio with a zero denominator is `null` (the UI shows "—"), never 0 or Infinity.
 */

/** The sums a period (or a campaign, an ad set, an ad, a day) of ad figures adds up to. */
export interface AdSums {
  /** Spend in satang (1 THB = 100 satang). */
  readonly spendSatang: number;
  readonly impressions: number;
  /** Daily reach summed over days and ads: a person reached on two days counts twice. */
  readonly reach: number;
  /** Link clicks. */
  readonly clicks: number;
  readonly videoViews: number;
  /** Results of the campaign's objective (purchases, leads, messages, …). */
  readonly results: number;
  /** Purchase value in satang where the export gives it; null where no row of the sum gave one. */
  readonly purchaseValueSatang: number | null;
}

export const ZERO_AD_SUMS: AdSums = { spendSatang: 0, impressions: 0, reach: 0, clicks: 0, videoViews: 0, results: 0, purchaseValueSatang: null };

/** a + b (a purchase value stays null only while neither side knows one). */
export function addAdSums(a: AdSums, b: AdSums): AdSums {
  return {
    spendSatang: a.spendSatang + b.spendSatang,
    impressions: a.impressions + b.impressions,
    reach: a.reach + b.reach,
    clicks: a.clicks + b.clicks,
    videoViews: a.videoViews + b.videoViews,
    results: a.results + b.results,
    purchaseValueSatang: a.purchaseValueSatang === null && b.purchaseValueSatang === null ? null : (a.purchaseValueSatang ?? 0) + (b.purchaseValueSatang ?? 0),
  };
}

/** a − b, for window sums taken from running totals. */
export function subtractAdSums(a: AdSums, b: AdSums): AdSums {
  return {
    spendSatang: a.spendSatang - b.spendSatang,
    impressions: a.impressions - b.impressions,
    reach: a.reach - b.reach,
    clicks: a.clicks - b.clicks,
    videoViews: a.videoViews - b.videoViews,
    results: a.results - b.results,
    purchaseValueSatang: a.purchaseValueSatang === null ? null : a.purchaseValueSatang - (b.purchaseValueSatang ?? 0),
  };
}

/** Baht as written in an export ("1,234.5", 1234.5) → whole satang, rounded half away from zero. */
export function satangOf(baht: number): number {
  const satang = Math.round(Math.abs(baht) * 100 + 1e-7);
  return baht < 0 ? -satang : satang;
}

/** Satang → baht (two decimals exactly, as the sums are whole satang). */
export const bahtOf = (satang: number): number => satang / 100;

const ratio = (numerator: number, denominator: number): number | null => (denominator === 0 ? null : numerator / denominator);

/** The ratios of a sum; each null where its denominator is 0 (docs/ads.md, "Formulas"). */
export interface AdRatios {
  /** Clicks ÷ impressions. */
  readonly ctr: number | null;
  /** Spend ÷ impressions × 1,000, in baht. */
  readonly cpm: number | null;
  /** Spend ÷ clicks, in baht. */
  readonly cpc: number | null;
  /** Impressions ÷ reach. */
  readonly frequency: number | null;
  /** Spend ÷ results, in baht (cost per acquisition when the result is a purchase). */
  readonly costPerResult: number | null;
  /** Purchase value ÷ spend; null where no purchase value is known, or nothing was spent. */
  readonly roas: number | null;
}

export function adRatios(s: AdSums): AdRatios {
  return {
    ctr: ratio(s.clicks, s.impressions),
    cpm: s.impressions === 0 ? null : (bahtOf(s.spendSatang) / s.impressions) * 1000,
    cpc: ratio(bahtOf(s.spendSatang), s.clicks),
    frequency: ratio(s.impressions, s.reach),
    costPerResult: ratio(bahtOf(s.spendSatang), s.results),
    roas: s.purchaseValueSatang === null ? null : ratio(s.purchaseValueSatang, s.spendSatang),
  };
}

/** Every figure a rule can watch: the sums in baht and counts, and the ratios. */
export const ADS_RULE_METRICS = ["spend", "impressions", "reach", "clicks", "results", "ctr", "cpm", "cpc", "frequency", "costPerResult", "roas"] as const;
export type AdsRuleMetric = (typeof ADS_RULE_METRICS)[number];

/** The value of `metric` for a sum; null where it cannot be told (a ratio without denominator). */
export function metricOf(s: AdSums, metric: AdsRuleMetric): number | null {
  switch (metric) {
    case "spend":
      return bahtOf(s.spendSatang);
    case "impressions":
    case "reach":
    case "clicks":
    case "results":
      return s[metric];
    default:
      return adRatios(s)[metric];
  }
}
