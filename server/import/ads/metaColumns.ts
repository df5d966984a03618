/**
 * The columns of a Meta Ads Manager report (EXPORTS.md §4) as both imports that read one know
 * them: the metrics import (`../metaAds.ts`, the account's daily values for KPI progress) and the
 * ads import (`./meta.ts`, campaigns, ad sets, ads and their days). One list, so that a header
 * alias learnt for one is known to the other.
 *
 * Header aliases, English then Thai. Thai names only where a real export or an importer that read
 * real exports shows them (EXPORTS.md: guessed translations of Meta headers were all wrong); the
 * few assumed ones are marked and listed in docs/ads-import.md.
 */
import type { MetricKey } from "../../../domain/metrics";

/** The report's identity and time columns. */
export const META_ADS_COLUMNS = {
  day: ["Day", "วัน"],
  starts: ["Reporting starts", "เริ่มการรายงาน"],
  ends: ["Reporting ends", "สิ้นสุดการรายงาน"],
  campaignName: ["Campaign name", "ชื่อแคมเปญ"],
  campaignId: ["Campaign ID", "รหัสแคมเปญ"],
  adSetName: ["Ad set name", "ชื่อชุดโฆษณา"],
  adSetId: ["Ad set ID", "รหัสชุดโฆษณา"],
  adName: ["Ad name", "ชื่อโฆษณา"],
  adId: ["Ad ID", "ID โฆษณา", "รหัสโฆษณา"],
  currency: ["Currency", "สกุลเงิน"],
  results: ["Results", "ผลลัพธ์"],
  resultIndicator: ["Result indicator", "Result type", "ตัวระบุผลลัพธ์"],
} as const;

/** The figure columns, each with its aliases (the first present wins). */
export const META_ADS_FIGURES = {
  spend: ["Amount spent (THB)", "จำนวนเงินที่ใช้จ่ายไป (THB)"],
  impressions: ["Impressions", "อิมเพรสชัน"],
  reach: ["Reach", "การเข้าถึง"],
  linkClicks: ["Link clicks", "การคลิกลิงก์"],
  clicksAll: ["Clicks (all)", "จำนวนคลิก (ทั้งหมด)"],
  videoPlays: ["3-second video plays"],
  postEngagements: ["Post engagements", "Post engagement"],
  leads: ["Leads"],
  purchases: ["Purchases", "การซื้อ", "Website purchases"],
  messaging: ["Messaging conversations started"],
  purchaseValue: ["Purchases conversion value", "Website purchases conversion value", "Purchase conversion value"],
} as const;

/**
 * The metrics import's columns: the first alias present wins. Clicks are link clicks when the
 * report has them (the click a KPI plans for and CPC is quoted on), else Clicks (all). Conversions
 * are purchases.
 */
export const ADS_METRIC_COLUMNS: ReadonlyArray<{ metric: MetricKey; aliases: readonly string[] }> = [
  { metric: "spend", aliases: META_ADS_FIGURES.spend },
  { metric: "impression", aliases: META_ADS_FIGURES.impressions },
  { metric: "reach", aliases: META_ADS_FIGURES.reach },
  { metric: "click", aliases: [...META_ADS_FIGURES.linkClicks, ...META_ADS_FIGURES.clicksAll] },
  { metric: "view", aliases: META_ADS_FIGURES.videoPlays },
  { metric: "engagement", aliases: META_ADS_FIGURES.postEngagements },
  { metric: "leadgen", aliases: META_ADS_FIGURES.leads },
  { metric: "conversion", aliases: META_ADS_FIGURES.purchases },
  { metric: "inbox", aliases: META_ADS_FIGURES.messaging },
];

/** `Amount spent (XXX)`: the account's currency is in the header. */
export const SPENT = /^(amount spent|จำนวนเงินที่ใช้จ่ายไป) \(([^)]+)\)$/;

/** Labels of a totals row (Meta: รวมทั้งหมด, or a blank-name first row; TikTok: Total, Total of N results). */
export const TOTAL_LABELS = /^(total|totals|grand total|summary|รวม|รวมทั้งหมด|ทั้งหมด)$|^(results from|ผลลัพธ์จาก|total of \d+)\b/i;
