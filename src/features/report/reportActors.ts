/** The actors of the /report machines (machines/reportLibrary): the library calls as the signed-in user. */
import { fromPromise } from "xstate";
import type { ReportSummary } from "../../../domain/cirContract";
import type { ReportSchedule, ScheduleFrequency } from "../../../domain/reportLibraryContract";
import type { ReportLibraryData, ReportLibraryQuery } from "../../../machines/reportLibrary/reportLibraryMachine";
import { pageLoader } from "../../../machines/shared/pageLoad";
import { authedCall } from "@/app/api";
import { trackLoading } from "@/app/loading";

export const reportLibraryActors = {
  load: pageLoader<ReportLibraryQuery, ReportLibraryData>((_query, signal) => trackLoading(authedCall("reportLibrary", {}, { signal }))),
};

export const reportLibraryActionActors = {
  deleteFile: fromPromise<unknown, { id: number }>(({ input }) => authedCall("deleteLibraryFile", input)),
  unschedule: fromPromise<unknown, { id: number }>(({ input }) => authedCall("unscheduleReport", input)),
  scheduleReport: fromPromise<ReportSchedule, { reportId: number; frequency: ScheduleFrequency }>(({ input }) =>
    authedCall("scheduleReport", input).then((r) => r.data),
  ),
  saveReport: fromPromise<unknown, { reportId: number }>(({ input }) => authedCall("saveReportToLibrary", input)),
  loadReports: fromPromise<readonly ReportSummary[], void>(({ signal }) => authedCall("cirReports", { owner: "all" }, { signal }).then((r) => r.data)),
};
