/**
 * Model of the /affiliate machine (machines/affiliate/affiliateMachine, the shared page load
 * cycle): the same query again (ignored, also with the picked affiliates in another order) and
 * another one (a marketplace chosen), a reload and a retry; figures with orders and without any
 * (empty); a failed load.
 */
import type { AffiliateFiguresAnswer } from "../../domain/affiliateContract";
import { affiliateMachine, type AffiliateData, type AffiliateQuery } from "../../machines/affiliate/affiliateMachine";
import { defineModel } from "../support/machineModel";

const query = (affiliates: readonly string[], platform: AffiliateQuery["platform"] = null): AffiliateQuery => ({
  brand: "Aura", start: "2025-03-01", end: "2025-03-31", platform, affiliates,
});
const data = (orders: number, clicks: number | null): AffiliateData => ({
  figures: { totals: { orders, clicks } } as unknown as AffiliateFiguresAnswer,
  request: { brand: "Aura", start: "2025-03-01", end: "2025-03-31" },
});

export default defineModel({
  machine: affiliateMachine,
  input: { query: query(["beauty_by_ploy", "mild.review"]) },
  events: [
    { type: "page.query", query: query(["mild.review", "beauty_by_ploy"]) }, // the same affiliates picked in another order: the same page
    { type: "page.query", query: query(["mild.review"], "Shopee") },
    { type: "page.reload" },
    { type: "page.retry" },
  ],
  outputs: { load: [data(0, null), data(0, 120), data(42, 1_900)] },
  errors: { load: [Object.assign(new Error("The server could not be reached."), { status: 0 })] },
  serializeContext: (context) => ({ key: context.key }),
});
