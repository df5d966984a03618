/** The actors of the CIR machines (machines/cir): the /cir calls as the signed-in user. */
import { fromPromise } from "xstate";
import type { CirSectionDataRequest, Report, UpdateCirReportRequest } from "../../../domain/cirContract";
import type { EventRecord } from "../../../domain/entities";
import type { CirSectionData } from "../../../machines/cir/cirEditorMachine";
import type { CirListData, CirListQuery } from "../../../machines/cir/cirListMachine";
import { pageLoader } from "../../../machines/shared/pageLoad";
import { authedCall } from "@/app/api";
import { trackLoading } from "@/app/loading";

export const cirListActors = {
  load: pageLoader<CirListQuery, CirListData>((query, signal) =>
    trackLoading(authedCall("cirReports", { ...(query.q.trim() === "" ? {} : { q: query.q.trim() }), owner: query.own }, { signal }).then((r) => r.data)),
  ),
};

export const cirEditorActors = {
  loadReport: fromPromise<Report, { id: number }>(({ input, signal }) => trackLoading(authedCall("cirReport", { id: String(input.id) }, { signal }).then((r) => r.data))),
  loadData: fromPromise<CirSectionData, CirSectionDataRequest>(({ input, signal }) => trackLoading(authedCall("cirSectionData", input, { signal }).then((r) => r.data))),
  saveReport: fromPromise<Report, UpdateCirReportRequest>(({ input }) => authedCall("updateCirReport", input).then((r) => r.data)),
  duplicateReport: fromPromise<Report, { id: number }>(({ input }) => authedCall("duplicateCirReport", input).then((r) => r.data)),
  deleteReport: fromPromise<unknown, { id: number }>(({ input }) => authedCall("deleteCirReport", input)),
  loadHistory: fromPromise<readonly EventRecord[], { id: number }>(({ input, signal }) => authedCall("cirReportHistory", { id: String(input.id) }, { signal }).then((r) => r.data)),
  restoreReport: fromPromise<Report, { id: number; event?: number }>(({ input }) =>
    authedCall("restoreCirReport", input.event === undefined || input.event === 0 ? { id: input.id } : { id: input.id, event: input.event }).then((r) => r.data),
  ),
};
