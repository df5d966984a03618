/**
 * Model of the /ads campaign table machine (machines/ads/adsTableMachine): the same table query
 * again (ignored) and a drill-down, a reload and a retry; a page of rows and no row (empty); a
 * failed load.
 */
import { adsTableMachine, type AdsTable, type AdsTableQuery } from "../../machines/ads/adsTableMachine";
import { defineModel } from "../support/machineModel";

const request = { brand: "Tipco", start: "2024-01-01", end: "2024-03-31", channel: "All Channel" } as const;
const query = (parent: string | null): AdsTableQuery => ({ request, level: parent === null ? "campaign" : "adSet", parent, sort: "spend", order: "desc", page: 1 });
const table = (total: number): AdsTable => ({ level: "campaign", campaign: null, adSet: null, rows: [], total, page: 1, pageSize: 20, sort: "spend", order: "desc" });

export default defineModel({
  machine: adsTableMachine,
  input: { query: query(null) },
  events: [
    { type: "page.query", query: query(null) },
    { type: "page.query", query: query("120210000000001") },
    { type: "page.reload" },
    { type: "page.retry" },
  ],
  outputs: { load: [table(0), table(14)] },
  errors: { load: [Object.assign(new Error("The server could not be reached."), { status: 0 })] },
  serializeContext: (context) => ({ key: context.key }),
});
