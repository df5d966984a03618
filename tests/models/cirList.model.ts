/**
 * Model of the /cir list machine (machines/cir/cirListMachine, the shared page load cycle): the
 * same query again (ignored) and a search; a reload and a retry; reports and none (empty); a
 * failed load.
 */
import type { ReportSummary } from "../../domain/cirContract";
import { cirListMachine } from "../../machines/cir/cirListMachine";
import { defineModel } from "../support/machineModel";

const summary: ReportSummary = {
  id: 1, title: "Q3 review", brand: "Tipco", visibility: "private", owner: { name: "Demo", email: "demo@example.com" },
  canEdit: true, sections: 2, updatedAt: "2026-11-20T10:00:00.000+07:00",
};

export default defineModel({
  machine: cirListMachine,
  input: { query: { q: "", own: "all" } },
  events: [
    { type: "page.query", query: { q: "", own: "all" } },
    { type: "page.query", query: { q: "q3", own: "me" } },
    { type: "page.reload" },
    { type: "page.retry" },
  ],
  outputs: { load: [[], [summary]] },
  errors: { load: [Object.assign(new Error("The server could not be reached."), { status: 0 })] },
  serializeContext: (context) => ({ key: context.key }),
});
