// Ads & Automation formulas (issue 15, docs/ads.md): every ratio is the ratio of the sums, a zero
// denominator gives null ("—"), and money is added in satang so that sums never drift.
import { describe, expect, it } from "vitest";
import { ZERO_AD_SUMS, adRatios, addAdSums, bahtOf, metricOf, satangOf, subtractAdSums, type AdSums } from "../../domain/ads";

const sums = (over: Partial<AdSums>): AdSums => ({ ...ZERO_AD_SUMS, ...over });

describe("THB in satang", () => {
  it.each([
    [0.1, 10], [0.2, 20], [1234.5, 123450], [1234.565, 123457], [2.345, 235], [-2.345, -235], [0, 0], [99_999_999.99, 9_999_999_999],
  ])("฿%s is %s satang (half away from zero)", (baht, satang) => {
    expect(satangOf(baht)).toBe(satang);
  });

  it("adds ฿0.10 and ฿0.20 to exactly ฿0.30, and a year of daily rows without drift", () => {
    expect(bahtOf(satangOf(0.1) + satangOf(0.2))).toBe(0.3);
    let satang = 0;
    for (let day = 0; day < 365; day++) satang += satangOf(1234.56);
    expect(bahtOf(satang)).toBe(450_614.4);
  });
});

describe("ratios over a period are ratios of the sums", () => {
  const quiet = sums({ spendSatang: satangOf(50), impressions: 100, reach: 80, clicks: 10, results: 1 });
  const busy = sums({ spendSatang: satangOf(30_000), impressions: 100_000, reach: 40_000, clicks: 100, results: 60, purchaseValueSatang: satangOf(90_000) });
  const period = addAdSums(quiet, busy);

  it.each([
    ["CTR = clicks ÷ impressions", "ctr", 110 / 100_100],
    ["CPM = spend ÷ impressions × 1,000", "cpm", (30_050 / 100_100) * 1000],
    ["CPC = spend ÷ clicks", "cpc", 30_050 / 110],
    ["frequency = impressions ÷ reach", "frequency", 100_100 / 40_080],
    ["cost per result = spend ÷ results", "costPerResult", 30_050 / 61],
    ["ROAS = purchase value ÷ spend", "roas", 90_000 / 30_050],
  ] as const)("%s", (_name, key, expected) => {
    expect(adRatios(period)[key]).toBeCloseTo(expected, 10);
  });

  it("is not the mean of the daily ratios (a 10-impression day weighs as little as it is)", () => {
    const meanOfDaily = ((adRatios(quiet).ctr ?? 0) + (adRatios(busy).ctr ?? 0)) / 2;
    expect(meanOfDaily).toBeCloseTo(0.0505, 4);
    expect(adRatios(period).ctr).toBeCloseTo(0.0011, 4);
  });

  it("gives null, never 0 or Infinity, for a zero denominator", () => {
    expect(adRatios(ZERO_AD_SUMS)).toEqual({ ctr: null, cpm: null, cpc: null, frequency: null, costPerResult: null, roas: null });
    expect(adRatios(sums({ spendSatang: 5000, impressions: 1000 }))).toEqual({ ctr: 0, cpm: 50, cpc: null, frequency: null, costPerResult: null, roas: null });
    // Value known, nothing spent: no ROAS. Spend without any purchase value: no ROAS either (not 0).
    expect(adRatios(sums({ purchaseValueSatang: 100 })).roas).toBeNull();
    expect(adRatios(sums({ spendSatang: 100 })).roas).toBeNull();
    expect(adRatios(sums({ spendSatang: 100, purchaseValueSatang: 0 })).roas).toBe(0);
  });

  it("keeps a purchase value unknown only while no row gave one", () => {
    expect(addAdSums(sums({}), sums({})).purchaseValueSatang).toBeNull();
    expect(addAdSums(sums({ purchaseValueSatang: 500 }), sums({})).purchaseValueSatang).toBe(500);
    expect(subtractAdSums(addAdSums(quiet, busy), quiet)).toEqual(busy);
  });

  it("reads spend in baht and counts as they are for rules", () => {
    expect(metricOf(period, "spend")).toBe(30_050);
    expect(metricOf(period, "results")).toBe(61);
    expect(metricOf(ZERO_AD_SUMS, "cpc")).toBeNull();
  });
});
