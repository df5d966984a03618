/**
 * Affiliate formulas (issue 16, docs/affiliate.md), shared by the server and the `/affiliate`
 * page: the sums of a set of conversions, the ratios made from them (never a mean of ratios; a
 * zero denominator gives null, shown "—"), and the reports' status words.
 *
 * Money is summed in whole satang so that sums never drift; the answer is in baht.
 */
import type { AffiliateFigures, AffiliatePlatform, AffiliateStatus } from "./affiliateContract";

/** The sums a set of conversions is described by (money in satang). */
export interface AffiliateSums {
  /** Null where no row of the set came with clicks. */
  readonly clicks: number | null;
  readonly orders: number;
  readonly gmvSatang: number;
  readonly nmvSatang: number;
  readonly commissionSatang: number;
  readonly affiliates: number;
  readonly newCustomers: number;
  readonly returningCustomers: number;
  readonly unmatchedOrders: number;
}

export const ZERO_AFFILIATE_SUMS: AffiliateSums = {
  clicks: null, orders: 0, gmvSatang: 0, nmvSatang: 0, commissionSatang: 0, affiliates: 0, newCustomers: 0, returningCustomers: 0, unmatchedOrders: 0,
};

const ratio = (numerator: number, denominator: number): number | null => (denominator === 0 ? null : numerator / denominator);

/** Commission rate = commission ÷ GMV (null without GMV). */
export const commissionRate = (commission: number, gmv: number): number | null => ratio(commission, gmv);

/** ROI = (GMV − commission) ÷ commission, issue 16's formula (null without commission). */
export const affiliateRoi = (gmv: number, commission: number): number | null => ratio(gmv - commission, commission);

/** Conversion rate = orders ÷ clicks (null when clicks are unknown or 0). */
export const conversionRate = (orders: number, clicks: number | null): number | null => (clicks === null ? null : ratio(orders, clicks));

/** The share of a whole (the brand's e-commerce GMV, or the range's affiliate GMV) that a part is (null without a whole). */
export const gmvShare = (part: number, whole: number): number | null => ratio(part, whole);

/** Baht of whole satang (two decimals exactly). */
export const bahtOfSatang = (satang: number): number => satang / 100;

/** The figures of a sum: money in baht, ratios of the sums (AffiliateFigures of the contract). */
export function affiliateFiguresOf(s: AffiliateSums): AffiliateFigures {
  return {
    clicks: s.clicks,
    orders: s.orders,
    gmv: bahtOfSatang(s.gmvSatang),
    nmv: bahtOfSatang(s.nmvSatang),
    commission: bahtOfSatang(s.commissionSatang),
    commissionRate: commissionRate(s.commissionSatang, s.gmvSatang),
    roi: affiliateRoi(s.gmvSatang, s.commissionSatang),
    conversionRate: conversionRate(s.orders, s.clicks),
    affiliates: s.affiliates,
    newCustomers: s.newCustomers,
    returningCustomers: s.returningCustomers,
    unmatchedOrders: s.unmatchedOrders,
  };
}

// ---------------------------------------------------------------------------------------------
// Status words of the reports

/**
 * The words of each status in the Shopee Affiliate conversion report (Order Status, and the
 * Affiliate Item Status), English and Thai. Matched without case, spaces collapsed.
 */
export const SHOPEE_AFFILIATE_STATUS_WORDS: Readonly<Record<AffiliateStatus, readonly string[]>> = {
  completed: ["Completed", "Complete", "Approved", "Paid", "Validated", "สำเร็จ", "สำเร็จแล้ว", "เสร็จสมบูรณ์", "อนุมัติแล้ว", "ชำระแล้ว"],
  pending: [
    "Pending", "Unpaid", "To ship", "Shipping", "To receive", "In progress", "Processing",
    "รอดำเนินการ", "รอการชำระเงิน", "ยังไม่ชำระเงิน", "ที่ต้องจัดส่ง", "กำลังจัดส่ง", "ที่ต้องได้รับ", "กำลังดำเนินการ",
  ],
  cancelled: [
    "Cancelled", "Canceled", "Rejected", "Invalid", "Refunded", "Returned", "Return/Refund",
    "ยกเลิก", "ยกเลิกแล้ว", "ถูกปฏิเสธ", "ไม่ถูกต้อง", "คืนเงิน/คืนสินค้า", "คืนเงินแล้ว", "คืนสินค้าแล้ว",
  ],
};

/** The words of each status in the Lazada affiliate conversion report, English and Thai. */
export const LAZADA_AFFILIATE_STATUS_WORDS: Readonly<Record<AffiliateStatus, readonly string[]>> = {
  completed: ["Delivered", "Completed", "Confirmed", "Fulfilled", "Valid", "Approved", "จัดส่งสำเร็จ", "สำเร็จ", "สำเร็จแล้ว", "ยืนยันแล้ว"],
  pending: [
    "Pending", "Unpaid", "Pending Payment", "Ready to ship", "Packed", "Shipped", "In transit", "Processing", "Open",
    "รอดำเนินการ", "รอการชำระเงิน", "พร้อมจัดส่ง", "กำลังจัดส่ง", "จัดส่งแล้ว",
  ],
  cancelled: [
    "Cancelled", "Canceled", "Returned", "Refunded", "Failed delivery", "Failed", "Lost", "Damaged", "Invalid", "Rejected",
    "ยกเลิก", "ยกเลิกแล้ว", "คืนสินค้า", "คืนเงิน", "จัดส่งไม่สำเร็จ", "ไม่ถูกต้อง",
  ],
};

/** The words of the documented CSV's `status` (the statuses themselves), added to both tables. */
const OWN_WORDS: Readonly<Record<AffiliateStatus, readonly string[]>> = { completed: ["completed"], pending: ["pending"], cancelled: ["cancelled"] };

/** A key of the status tables: lower case, spaces collapsed, trimmed. */
export const affiliateStatusKey = (word: string): string => word.normalize("NFC").replace(/\s+/g, " ").trim().toLowerCase();

function table(...lists: ReadonlyArray<Readonly<Record<AffiliateStatus, readonly string[]>>>): ReadonlyMap<string, AffiliateStatus> {
  const map = new Map<string, AffiliateStatus>();
  for (const words of lists) {
    for (const status of ["completed", "pending", "cancelled"] as const) for (const w of words[status]) map.set(affiliateStatusKey(w), status);
  }
  return map;
}

const TABLES: Readonly<Record<AffiliatePlatform, ReadonlyMap<string, AffiliateStatus>>> = {
  Shopee: table(OWN_WORDS, SHOPEE_AFFILIATE_STATUS_WORDS),
  Lazada: table(OWN_WORDS, LAZADA_AFFILIATE_STATUS_WORDS),
};

/** A report's status word as a status (the platform's words and the three statuses themselves), or null when unknown. */
export function affiliateStatusOf(word: string, platform: AffiliatePlatform): AffiliateStatus | null {
  return TABLES[platform].get(affiliateStatusKey(word)) ?? null;
}
