/**
 * The /cir list (issue 17): the reports the user may read, by the list's search (`q`) and owner
 * filter (`own`: me, others, all), last edited first. The shared page load cycle
 * (`machines/shared/pageLoad.ts`); empty when no report matches.
 */
import type { ReportSummary } from "../../domain/cirContract";
import { createPageMachine, samePagePhase, selectPagePhase, type PageActorRef, type PagePhase, type PageSnapshot } from "../shared/pageLoad";

export interface CirListQuery {
  readonly q: string;
  readonly own: "me" | "others" | "all";
}

export type CirListData = readonly ReportSummary[];

export const cirListMachine = createPageMachine<CirListQuery, CirListData>({
  id: "cirList",
  description: "The /cir list: the reports the user may read (search, owner), last edited first.",
  isEmpty: (data) => data.length === 0,
  failedMessage: "The reports could not be loaded.",
});

export type CirListActorRef = PageActorRef<CirListQuery, CirListData>;
export type CirListSnapshot = PageSnapshot<CirListQuery, CirListData>;

export const selectListPhase = (s: CirListSnapshot): PagePhase<CirListData> => selectPagePhase<CirListData>(s);
export const sameListPhase = samePagePhase<CirListData>;
