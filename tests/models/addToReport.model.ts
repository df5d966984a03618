/**
 * Model of the Add to report dialog (machines/cir/addToReportMachine): opened on a chart; the
 * user's reports read (some, none) or not (Try again); a report or New report chosen, a title
 * typed or left blank (Add then names the problem); the add answered or refused; closed.
 */
import type { ReportSummary } from "../../domain/cirContract";
import { addToReportMachine, NEW_REPORT } from "../../machines/cir/addToReportMachine";
import { defineModel } from "../support/machineModel";

const target = { source: "ecommerce.gmv", view: { brand: "Tipco", range: { kind: "fixed", start: "2026-10-01", end: "2026-10-31" } } } as const;
const own: ReportSummary = {
  id: 4, title: "Q3 review", brand: "Tipco", visibility: "private", owner: { name: "Demo", email: "demo@example.com" },
  canEdit: true, sections: 2, updatedAt: "2026-11-20T10:00:00.000+07:00",
};

export default defineModel({
  machine: addToReportMachine,
  events: [
    { type: "add.open", target },
    { type: "add.retry" },
    { type: "add.choose", choice: "4" },
    { type: "add.choose", choice: NEW_REPORT },
    { type: "add.title", title: "Board pack" },
    { type: "add.title", title: " " },
    { type: "add.submit" },
    { type: "add.close" },
  ],
  outputs: { loadReports: [[], [own]], addSection: [{ id: 4, title: "Q3 review" }] },
  errors: {
    loadReports: [Object.assign(new Error("The server could not be reached."), { status: 0 })],
    addSection: [Object.assign(new Error("The report was not found."), { status: 404 })],
  },
  serializeContext: (context) => ({ newReport: context.choice === NEW_REPORT, blankTitle: context.title.trim() === "" }),
});
