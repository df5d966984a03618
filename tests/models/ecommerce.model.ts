/**
 * Model of the /e-commerce page machine (machines/ecommerce, the shared page load cycle): the
 * same query again (ignored) and another one, a reload and a retry; figures with orders and
 * without (empty); a failed load.
 */
import type { CommerceFigures } from "../../domain/commerce";
import { ecommerceMachine, type ECommerceData, type ECommerceQuery } from "../../machines/ecommerce/ecommerceMachine";
import { defineModel } from "../support/machineModel";

const query = (start: string): ECommerceQuery => ({
  brand: "Tipco", start, end: "2024-03-31", channel: "All channel", active: { kind: "none" }, clicks: [],
});
const data = (orders: number): ECommerceData => ({
  figures: { totals: { orders } } as unknown as CommerceFigures,
  filter: {},
  applied: { kind: "none" },
  channel: "All channel",
});

export default defineModel({
  machine: ecommerceMachine,
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
