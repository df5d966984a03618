/**
 * Model of the /sale page machine (machines/sale, the shared page load cycle): the same brand and
 * range again (ignored) and another range, a reload and a retry; a summary with orders and one
 * without (empty); a failed load.
 */
import type { SaleSummary } from "../../domain/saleContract";
import { saleMachine, type SaleData, type SaleQuery } from "../../machines/sale/saleMachine";
import { defineModel } from "../support/machineModel";

const query = (start: string): SaleQuery => ({ brand: "Tipco", start, end: "2024-03-31" });
const data = (orders: number): SaleData => ({
  summary: { totals: { gmv: orders * 100, nmv: orders * 90, orders, units: orders * 2, buyers: orders } } as unknown as SaleSummary,
});

export default defineModel({
  machine: saleMachine,
  input: { query: query("2024-01-01") },
  events: [
    { type: "page.query", query: query("2024-01-01") }, // the same page: ignored
    { type: "page.query", query: query("2024-02-01") },
    { type: "page.reload" },
    { type: "page.retry" },
  ],
  outputs: { load: [data(0), data(12)] },
  errors: { load: [Object.assign(new Error("The server could not be reached."), { status: 0 })] },
  serializeContext: (context) => ({ key: context.key }),
});
