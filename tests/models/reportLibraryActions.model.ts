/**
 * Model of the /report page's writes (machines/reportLibrary/reportLibraryMachine,
 * reportLibraryActionsMachine): a file deleted after confirmation (or refused, or cancelled), a
 * schedule removed the same way, a frequency changed (or refused), and the schedule dialog (its
 * reports loaded or failed and tried again, a report scheduled or refused, a report's PDF saved now or refused, cancelled).
 */
import type { LibraryFile, ReportSchedule } from "../../domain/reportLibraryContract";
import type { ReportSummary } from "../../domain/cirContract";
import { reportLibraryActionsMachine } from "../../machines/reportLibrary/reportLibraryMachine";
import { defineModel } from "../support/machineModel";

const file: LibraryFile = { id: 1, reportId: 3, title: "Q3 review", brand: "Tipco", start: "2026-10-01", end: "2026-10-31", origin: "scheduled", createdAt: "2026-11-20T07:00:00+07:00", size: 52_000 };
const schedule: ReportSchedule = { id: 2, reportId: 3, reportTitle: "Q3 review", frequency: "weekly", nextRunAt: "2026-11-30T07:00:00+07:00", lastRunAt: null, lastError: null };
const report: ReportSummary = { id: 3, title: "Q3 review", brand: "Tipco", visibility: "private", owner: { name: "Demo", email: "demo@example.com" }, canEdit: true, sections: 2, updatedAt: "2026-11-20T10:00:00+07:00" };
const refused = (message: string, status: number) => Object.assign(new Error(message), { status });

export default defineModel({
  machine: reportLibraryActionsMachine,
  events: [
    { type: "library.deleteFile", file },
    { type: "library.unschedule", schedule },
    { type: "library.changeFrequency", schedule, frequency: "monthly" },
    { type: "library.openSchedule" },
    { type: "library.openSave" },
    { type: "library.save", reportId: 3 },
    { type: "library.retryReports" },
    { type: "library.schedule", reportId: 3, frequency: "weekly" },
    { type: "library.confirm" },
    { type: "library.cancel" },
  ],
  outputs: { deleteFile: [{ msg: "Delete Success" }], unschedule: [{ msg: "Schedule removed" }], scheduleReport: [schedule], saveReport: [{ msg: "Saved to your library" }], loadReports: [[report]] },
  errors: {
    deleteFile: [refused("id: there is no library file 1 of yours", 404)],
    unschedule: [refused("id: there is no schedule 2 of yours", 404)],
    scheduleReport: [refused("reportId: there is no report 3 you may read", 404)],
    saveReport: [refused("reportId: there is no report 3 you may read", 404)],
    loadReports: [refused("The server could not be reached.", 0)],
  },
});
