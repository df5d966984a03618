// The start page's lines from the other modules (domain/brandEx.ts): who sees which line, and
// what each line says from the answers of the calls it reads.
import { describe, expect, it } from "vitest";
import { adsLineOf, ecommerceLineOf, moduleLinesFor, o2oLineOf, o2oSpanOf, ROAS_MISSING } from "../../domain/brandEx";
import type { CommerceTotals } from "../../domain/commerce";
import type { PermissionCode } from "../../domain/entities";
import { PLAN_METRICS, type MetricsSummary } from "../../domain/metrics";

describe("moduleLinesFor: the lines of the modules the side menu lets the user open", () => {
  it.each([
    { who: "every permission and o2o campaigns", permissions: ["1", "2", "3", "4", "5", "6", "7", "8", "9"], o2o: 4, lines: ["ads", "ecommerce", "o2o"] },
    { who: "Brand Experience only", permissions: ["1"], o2o: 0, lines: [] },
    { who: "Ads & Automation (5)", permissions: ["1", "5"], o2o: 0, lines: ["ads"] },
    { who: "E-Commerce (7)", permissions: ["1", "7"], o2o: 0, lines: ["ecommerce"] },
    { who: "CRM (8) is not E-Commerce", permissions: ["1", "8"], o2o: 0, lines: [] },
    { who: "o2o campaigns, no code needed", permissions: ["1"], o2o: 1, lines: ["o2o"] },
    { who: "in the page's order whatever the list's", permissions: ["7", "5", "1"], o2o: 2, lines: ["ads", "ecommerce", "o2o"] },
  ])("$who → $lines", ({ permissions, o2o, lines }) => {
    expect(moduleLinesFor(permissions as PermissionCode[], o2o)).toEqual(lines);
  });
});

const summary = (spend: { total: number; days: number } | null): MetricsSummary => ({
  start: "2024-03-01", end: "2024-03-31", brands: ["Tipco"], channel: "All Channel",
  ma: PLAN_METRICS.ma.map((metric) => ({ metric, total: 0, days: 0, last: null, series: [] })),
  ads: PLAN_METRICS.ads.map((metric) => ({
    metric, total: metric === "spend" && spend !== null ? spend.total : 0, days: metric === "spend" && spend !== null ? spend.days : 0, last: null, series: [],
  })),
});

describe("adsLineOf", () => {
  it.each([
    { what: "the Ads plan's spend and the previous period's", current: { total: 826_269.14, days: 31 }, previous: { total: 832_900, days: 31 }, spend: 826_269.14, before: 832_900, missing: null },
    { what: "no day with a spend: no value, not 0", current: null, previous: { total: 1_000, days: 2 }, spend: null, before: 1_000, missing: "no spend recorded" },
    { what: "a spend of 0 on days with figures is 0", current: { total: 0, days: 31 }, previous: null, spend: 0, before: null, missing: null },
  ])("$what", ({ current, previous, spend, before, missing }) => {
    const line = adsLineOf(summary(current), previous === null ? null : summary(previous));
    expect(line).toMatchObject({ module: "ads", kind: "ready" });
    if (line.kind !== "ready") throw new Error("not ready");
    expect(line.figures[0]).toEqual({ key: "spend", value: spend, previous: before, missing });
  });

  it("has no ROAS, and says why: no purchase value is known", () => {
    const line = adsLineOf(summary({ total: 5_000, days: 3 }), summary({ total: 4_000, days: 3 }));
    if (line.kind !== "ready") throw new Error("not ready");
    expect(line.figures[1]).toEqual({ key: "roas", value: null, previous: null, missing: ROAS_MISSING });
  });

  it("reads the previous spend as unknown when that summary could not be read", () => {
    const line = adsLineOf(summary({ total: 5_000, days: 3 }), null);
    if (line.kind !== "ready") throw new Error("not ready");
    expect(line.figures[0]!.previous).toBeNull();
  });
});

const totals = (gmv: number, nmv: number): CommerceTotals => ({
  gmv, nmv, orders: 10, customers: 8, newCustomers: 3, oldCustomers: 5, newCustomerGmv: 0, oldCustomerGmv: 0, avgBasket: null,
});

describe("ecommerceLineOf", () => {
  it("gives GMV and NMV with the previous period's", () => {
    const line = ecommerceLineOf({ totals: totals(1_352_576, 1_212_177), previous: { start: "2024-01-30", end: "2024-02-29", totals: totals(1_285_000, 1_165_000) } });
    expect(line).toEqual({
      module: "ecommerce", kind: "ready", note: null,
      figures: [
        { key: "gmv", value: 1_352_576, previous: 1_285_000, missing: null },
        { key: "nmv", value: 1_212_177, previous: 1_165_000, missing: null },
      ],
    });
  });
});

describe("o2oLineOf", () => {
  it.each([
    { what: "shows and views of one campaign", current: { shows: 22_476, views: 8_507 }, previous: { shows: 11_140, views: 4_072 }, campaigns: 1, note: "your o2o campaign",
      figures: [{ key: "shows", value: 22_476, previous: 11_140, missing: null }, { key: "views", value: 8_507, previous: 4_072, missing: null }] },
    { what: "not measured is no value, not 0", current: { shows: null, views: null }, previous: null, campaigns: 4, note: "your 4 o2o campaigns together",
      figures: [{ key: "shows", value: null, previous: null, missing: "not measured" }, { key: "views", value: null, previous: null, missing: "not measured" }] },
  ])("$what", ({ current, previous, campaigns, note, figures }) => {
    expect(o2oLineOf(current, previous, campaigns)).toEqual({ module: "o2o", kind: "ready", figures, note });
  });
});

describe("o2oSpanOf: Bangkok days as one span of unix seconds", () => {
  it.each([
    // 2024-03-01T00:00:00+07:00 = 1709226000; 2024-03-31T23:59:59+07:00 = 1711904399.
    { start: "2024-03-01", end: "2024-03-31", campaigns: 4, span: { from: 1_709_226_000, to: 1_711_904_399 } },
    { start: "2024-03-01", end: "2024-03-01", campaigns: 1, span: { from: 1_709_226_000, to: 1_709_312_399 } },
    { start: "2024-01-01", end: "2024-12-31", campaigns: 1, span: { from: 1_704_042_000, to: 1_735_664_399 } },
  ])("$start … $end", ({ start, end, campaigns, span }) => {
    expect(o2oSpanOf(start, end, campaigns)).toEqual(span);
  });

  it.each([
    { what: "more than 366 days", start: "2024-01-01", end: "2025-01-01", campaigns: 1, problem: /at most 366 days/ },
    { what: "more than 100 campaigns", start: "2024-03-01", end: "2024-03-31", campaigns: 101, problem: /at most 100 campaigns; you have 101/ },
  ])("says why it cannot be asked for: $what", ({ start, end, campaigns, problem }) => {
    const span = o2oSpanOf(start, end, campaigns);
    expect("problem" in span && span.problem).toMatch(problem);
  });
});
