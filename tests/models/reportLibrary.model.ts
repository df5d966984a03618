/**
 * Model of the /report page's data (machines/reportLibrary/reportLibraryMachine, the shared page
 * load cycle): files and schedules, none (empty), a failed load, a reload and a retry; the same user again (ignored) and another user.
 */
import type { ReportLibraryResponse } from "../../domain/reportLibraryContract";
import { reportLibraryMachine } from "../../machines/reportLibrary/reportLibraryMachine";
import { defineModel } from "../support/machineModel";

const some: ReportLibraryResponse = {
  data: [{ id: 1, reportId: 3, title: "Q3 review", brand: "Tipco", start: "2026-10-01", end: "2026-10-31", origin: "manual", createdAt: "2026-11-20T10:00:00+07:00", size: 52_000 }],
  schedules: [{ id: 2, reportId: 3, reportTitle: "Q3 review", frequency: "weekly", nextRunAt: "2026-11-30T07:00:00+07:00", lastRunAt: null, lastError: null }],
};

export default defineModel({
  machine: reportLibraryMachine,
  input: { query: { user: "demo@example.com" } },
  events: [{ type: "page.query", query: { user: "demo@example.com" } }, { type: "page.query", query: { user: "other@example.com" } }, { type: "page.reload" }, { type: "page.retry" }],
  outputs: { load: [{ data: [], schedules: [] }, some] },
  errors: { load: [Object.assign(new Error("The server could not be reached."), { status: 0 })] },
  serializeContext: (context) => ({ key: context.key }),
});
