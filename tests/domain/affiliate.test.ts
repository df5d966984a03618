// Affiliate formulas (issue 16, docs/affiliate.md): ratios of the sums, null ("—") on a zero
// denominator, money in satang, and the report's status words of both platforms.
import { describe, expect, it } from "vitest";
import {
  ZERO_AFFILIATE_SUMS, affiliateFiguresOf, affiliateRoi, affiliateStatusOf, commissionRate, conversionRate, gmvShare, type AffiliateSums,
} from "../../domain/affiliate";

const sums = (over: Partial<AffiliateSums>): AffiliateSums => ({ ...ZERO_AFFILIATE_SUMS, ...over });

describe("ratios", () => {
  it.each([
    ["commission rate = commission ÷ GMV", commissionRate(80, 1000), 0.08],
    ["commission rate without GMV", commissionRate(0, 0), null],
    ["ROI = (GMV − commission) ÷ commission", affiliateRoi(1000, 80), 11.5],
    ["ROI without commission", affiliateRoi(1000, 0), null],
    ["ROI when commission exceeds GMV is negative", affiliateRoi(50, 100), -0.5],
    ["conversion rate = orders ÷ clicks", conversionRate(3, 120), 0.025],
    ["conversion rate with 0 clicks", conversionRate(3, 0), null],
    ["conversion rate with clicks unknown", conversionRate(3, null), null],
    ["GMV share = affiliate GMV ÷ e-commerce GMV", gmvShare(250, 2000), 0.125],
    ["GMV share without e-commerce GMV", gmvShare(0, 0), null],
  ] as const)("%s", (_name, value, expected) => {
    if (expected === null) expect(value).toBeNull();
    else expect(value).toBeCloseTo(expected, 12);
  });
});

describe("figures of a sum", () => {
  it("gives money in baht from satang, and the ratios of the sums", () => {
    const f = affiliateFiguresOf(sums({ clicks: 400, orders: 10, gmvSatang: 1_234_56, nmvSatang: 1_000_00, commissionSatang: 98_76, affiliates: 3, newCustomers: 4, returningCustomers: 5, unmatchedOrders: 1 }));
    expect(f).toEqual({
      clicks: 400, orders: 10, gmv: 1234.56, nmv: 1000, commission: 98.76,
      commissionRate: 98_76 / 1_234_56, roi: (1_234_56 - 98_76) / 98_76, conversionRate: 10 / 400,
      affiliates: 3, newCustomers: 4, returningCustomers: 5, unmatchedOrders: 1,
    });
  });

  it("is zeros and nulls for nothing", () => {
    expect(affiliateFiguresOf(ZERO_AFFILIATE_SUMS)).toEqual({
      clicks: null, orders: 0, gmv: 0, nmv: 0, commission: 0, commissionRate: null, roi: null, conversionRate: null,
      affiliates: 0, newCustomers: 0, returningCustomers: 0, unmatchedOrders: 0,
    });
  });

  it("adds ฿0.10 and ฿0.20 to exactly ฿0.30 (satang)", () => {
    expect(affiliateFiguresOf(sums({ gmvSatang: 10 + 20 })).gmv).toBe(0.3);
  });
});

describe("status words", () => {
  it.each([
    ["Shopee", "Completed", "completed"], ["Shopee", "สำเร็จ", "completed"], ["Shopee", "สำเร็จแล้ว", "completed"], ["Shopee", "Approved", "completed"],
    ["Shopee", "Pending", "pending"], ["Shopee", "รอดำเนินการ", "pending"], ["Shopee", "Unpaid", "pending"], ["Shopee", "ยังไม่ชำระเงิน", "pending"],
    ["Shopee", "Cancelled", "cancelled"], ["Shopee", "ยกเลิก", "cancelled"], ["Shopee", "  cancelled ", "cancelled"], ["Shopee", "Rejected", "cancelled"],
    ["Lazada", "Delivered", "completed"], ["Lazada", "delivered", "completed"], ["Lazada", "Pending", "pending"], ["Lazada", "Shipped", "pending"],
    ["Lazada", "Ready  to ship", "pending"], ["Lazada", "Cancelled", "cancelled"], ["Lazada", "Returned", "cancelled"], ["Lazada", "Failed delivery", "cancelled"],
    ["Lazada", "completed", "completed"], ["Shopee", "pending", "pending"],
  ] as const)("%s %j → %s", (platform, word, status) => {
    expect(affiliateStatusOf(word, platform)).toBe(status);
  });

  it.each([["Shopee", "Delivered?"], ["Lazada", ""], ["Shopee", "shipped out"]] as const)("%s %j is unknown", (platform, word) => {
    expect(affiliateStatusOf(word, platform)).toBeNull();
  });
});
