/**
 * Model of the /ads table CSV (machines/ads/adsTableExportMachine): an export started, saved or
 * failed; a second start while one runs is ignored.
 */
import { adsTableExportMachine, type AdsTableExport } from "../../machines/ads/adsTableExportMachine";
import { defineModel } from "../support/machineModel";

const request = { brand: "Tipco", start: "2024-01-01", end: "2024-03-31", channel: "All Channel" } as const;
const saved: AdsTableExport = { rows: [], total: 0 };

export default defineModel({
  machine: adsTableExportMachine,
  events: [
    { type: "export.start", query: { request, level: "campaign", parent: null, sort: "spend", order: "desc", page: 1 } },
  ],
  outputs: { exportRows: [saved] },
  errors: { exportRows: [Object.assign(new Error("The server could not be reached."), { status: 0 })] },
});
