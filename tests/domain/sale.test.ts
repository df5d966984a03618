// /sale (issue 17): Pearson's r and when it is null, the days it counts, channel shares, the
// previous period and the sentence that says "correlation, not attribution".
import { describe, expect, it } from "vitest";
import {
  SALE_MIN_CORRELATION_DAYS, correlationSentence, gmvShare, pearson, saleCorrelation, salePreviousPeriod,
} from "../../domain/sale";
import type { SaleDay } from "../../domain/saleContract";

const seven = [1, 2, 3, 4, 5, 6, 7];

describe("pearson", () => {
  it.each([
    { behaviour: "a perfect rising line is +1", xs: seven, ys: seven.map((x) => 3 * x + 10), expected: 1 },
    { behaviour: "a perfect falling line is −1", xs: seven, ys: seven.map((x) => 100 - 2 * x), expected: -1 },
    // By hand: x̄ = 4, Σ(x−x̄)² = 28, Σ(x−x̄)(y−ȳ) = 29, Σ(y−ȳ)² = 179 − 961/7 = 292/7 → r = 29 ÷ √1168.
    { behaviour: "a small example computed by hand", xs: seven, ys: [2, 1, 4, 3, 7, 8, 6], expected: 29 / Math.sqrt(1168) },
    { behaviour: "scaling either series does not change r", xs: seven.map((x) => x * 1000), ys: [2, 1, 4, 3, 7, 8, 6].map((y) => y * 0.5), expected: 29 / Math.sqrt(1168) },
  ])("$behaviour", ({ xs, ys, expected }) => {
    expect(pearson(xs, ys)).toBeCloseTo(expected, 12);
  });

  it("the hand example rounds to 0.85", () => {
    expect(pearson(seven, [2, 1, 4, 3, 7, 8, 6])!.toFixed(2)).toBe("0.85");
  });

  it.each([
    ["a constant first series", [5, 5, 5, 5, 5, 5, 5], seven],
    ["a constant second series", seven, [1200.5, 1200.5, 1200.5, 1200.5, 1200.5, 1200.5, 1200.5]],
    ["fewer than 7 pairs", [1, 2, 3, 4, 5, 6], [2, 4, 6, 8, 10, 12]],
    ["no pairs", [], []],
    ["series of different lengths", seven, [1, 2, 3]],
    ["a value that is not finite", seven, [1, 2, 3, 4, 5, 6, Number.NaN]],
  ])("is null for %s", (_, xs, ys) => {
    expect(pearson(xs, ys)).toBeNull();
  });

  it("needs exactly the documented minimum of days", () => {
    expect(SALE_MIN_CORRELATION_DAYS).toBe(7);
  });
});

const day = (d: number, gmv: number, orders: number, views: number | null): SaleDay => ({
  day: `2024-03-${String(d).padStart(2, "0")}`, gmv, orders, views,
});

describe("saleCorrelation", () => {
  it("counts only the days with both views and orders", () => {
    const days = [
      ...seven.map((d, i) => day(d, [2, 1, 4, 3, 7, 8, 6][i]!, 3, d)),
      day(8, 999, 5, null), // no campaign ran: left out
      day(9, 0, 0, 50), // views but no orders: left out
    ];
    const answer = saleCorrelation(days);
    expect(answer.days).toBe(7);
    expect(answer.correlation).toBeCloseTo(29 / Math.sqrt(1168), 12);
  });

  it("is null under 7 such days, however many days the range has", () => {
    const days = [...seven.slice(0, 6).map((d) => day(d, d * 10, 1, d)), ...[10, 11, 12, 13].map((d) => day(d, 100, 2, null))];
    expect(saleCorrelation(days)).toEqual({ days: 6, correlation: null });
  });
});

describe("gmvShare", () => {
  const channels = [{ gmv: 300 }, { gmv: 100 }];
  it("is a channel's percent of the GMV of all channels", () => {
    expect(gmvShare(channels[0]!, channels)).toBe(75);
    expect(gmvShare(channels[1]!, channels)).toBe(25);
  });
  it("is null without any GMV", () => {
    expect(gmvShare({ gmv: 0 }, [{ gmv: 0 }])).toBeNull();
  });
});

describe("salePreviousPeriod", () => {
  it("is the period of equal length just before", () => {
    expect(salePreviousPeriod("2024-03-01", "2024-03-31")).toEqual({ start: "2024-01-30", end: "2024-02-29", days: 31 });
  });
});

describe("correlationSentence", () => {
  it("says correlation, not attribution, with r to two decimals and the days", () => {
    const s = correlationSentence(0.4213, 58);
    expect(s).toContain("Correlation, not attribution: r = 0.42 over 58 days with both store views and orders.");
    expect(s).toContain("Days with more store views also had more online sales");
    expect(s).toContain("this does not show that the views caused the sales");
  });
  it("words a negative r as less sales", () => {
    expect(correlationSentence(-0.6, 10)).toContain("had less online sales (a strong link)");
  });
  it("words an r near 0 as no link", () => {
    expect(correlationSentence(0.05, 10)).toContain("did not have noticeably more or less online sales");
  });
  it("says not enough days for a null r", () => {
    expect(correlationSentence(null, 3)).toMatch(/^Not enough days: .* at least 7 days .* \(this range has 3\)\.$/);
  });
});
