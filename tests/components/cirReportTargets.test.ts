/**
 * "Add to report" freezes the page's view into a CIR section (src/components/cir/reportTargets.ts):
 * the range as fixed days, the page's filters kept, "All …" choices left out (absent means all),
 * and only the cards that have a SECTION_SOURCES key get a target.
 */
import { describe, expect, it } from "vitest";
import { cardTarget, reportTarget } from "@/components/cir/reportTargets";

describe("reportTarget", () => {
  it("freezes the brand, the days and the page's filters", () => {
    expect(reportTarget("ecommerce.gmv", { brand: "Tipco", start: "2026-10-01", end: "2026-10-31", channel: "Shopee", pages: ["p1"], campaign: 3 })).toEqual({
      source: "ecommerce.gmv",
      view: { brand: "Tipco", range: { kind: "fixed", start: "2026-10-01", end: "2026-10-31" }, channel: "Shopee", pages: ["p1"], campaign: 3 },
    });
  });

  it("leaves out the 'All …' choices and empty page lists", () => {
    const t = reportTarget("ads.figures", { brand: "Aura", start: "2024-03-01", end: "2024-03-31", channel: "All channel", platform: "All Platform", pages: [] });
    expect(t.view).toEqual({ brand: "Aura", range: { kind: "fixed", start: "2024-03-01", end: "2024-03-31" } });
  });
});

describe("cardTarget", () => {
  const cards = { "gmv-nmv-over-time": "ecommerce.gmv" } as const;
  it("gives a target only to the cards that map to a report source", () => {
    const v = { brand: "Tipco", start: "2026-10-01", end: "2026-10-31" };
    expect(cardTarget(cards, "gmv-nmv-over-time", v)?.source).toBe("ecommerce.gmv");
    expect(cardTarget(cards, "top-products", v)).toBeUndefined();
  });
});
