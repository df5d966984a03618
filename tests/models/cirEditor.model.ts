/**
 * Model of the CIR report editor (machines/cir/cirEditorMachine): a report the reader owns and
 * one shared with them (read-only: no edit, delete or history); its data read or failed (Try
 * again); a draft renamed to a title and to a blank one (Save then names the problem), sections
 * moved, a text block added, edited and removed, shared; the save answered, refused with 409
 * (conflict: reload or cancel) or failed (save again, edit on, cancel); duplicate done and
 * failed; delete confirmed, cancelled, failed, and undone; the history read or failed, a version
 * restored or refused.
 */
import type { CirSectionDataResponse, Report } from "../../domain/cirContract";
import { cirEditorMachine } from "../../machines/cir/cirEditorMachine";
import { titleProblem } from "../../machines/cir/cirDraft";
import { defineModel } from "../support/machineModel";

const report = (canEdit: boolean): Report => ({
  id: 4, title: "Q3 review", brand: "Tipco", range: { kind: "relative", preset: "lastMonth" }, visibility: "private",
  sections: [
    { type: "source", id: "s1", source: "ecommerce.gmv", view: { brand: "Tipco", range: { kind: "report" } } },
    { type: "text", id: "t2", text: "GMV grew." },
  ],
  owner: { name: "Demo", email: "demo@example.com" }, canEdit,
  createdAt: "2026-11-01T10:00:00.000+07:00", updatedAt: "2026-11-20T10:00:00.000+07:00", version: 3,
});
const data: CirSectionDataResponse["data"] = { start: "2026-10-01", end: "2026-10-31", generatedAt: "2026-11-26T10:00:00.000+07:00", sections: [] };
const httpError = (status: number, message: string) => Object.assign(new Error(message), { status });

export default defineModel({
  machine: cirEditorMachine,
  input: { id: 4 },
  events: [
    { type: "report.retry" },
    { type: "report.reload" },
    { type: "data.retry" },
    { type: "edit.start" },
    { type: "edit.cancel" },
    { type: "edit.rename", title: "Q3 review for the board" },
    { type: "edit.rename", title: "  " },
    { type: "edit.move", from: 1, to: 0 },
    { type: "edit.addText", text: "Ads spend fell." },
    { type: "edit.setText", id: "t2", text: "GMV grew 12 %." },
    { type: "edit.remove", id: "s1" },
    { type: "edit.share", visibility: "brand" },
    { type: "edit.save" },
    { type: "report.duplicate" },
    { type: "delete.ask" },
    { type: "delete.cancel" },
    { type: "delete.confirm" },
    { type: "report.undelete" },
    { type: "history.open" },
    { type: "history.close" },
    { type: "history.restore", event: 12 },
  ],
  outputs: {
    loadReport: [report(true), report(false)],
    loadData: [data],
    saveReport: [report(true)],
    duplicateReport: [{ ...report(true), id: 9 }],
    deleteReport: [{ msg: "Deleted" }],
    loadHistory: [[{ id: 12, at: "2026-11-20T10:00:00.000+07:00", type: "cir.report.updated", actor: "demo@example.com", payload: { title: "Q3" } }]],
    restoreReport: [report(true)],
  },
  errors: {
    loadReport: [httpError(404, "The report was not found.")],
    loadData: [httpError(0, "The server could not be reached.")],
    saveReport: [httpError(409, "The report changed."), httpError(500, "Internal server error")],
    duplicateReport: [httpError(500, "Internal server error")],
    deleteReport: [httpError(500, "Internal server error")],
    loadHistory: [httpError(500, "Internal server error")],
    restoreReport: [httpError(500, "Internal server error")],
  },
  serializeContext: (context) => ({
    canEdit: context.report?.canEdit ?? null,
    titleOk: context.draft === null ? null : titleProblem(context.draft.title) === null,
  }),
});
