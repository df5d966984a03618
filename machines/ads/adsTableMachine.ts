/**
 * The campaign table of /ads (issue 15): one sorted page of campaigns, of the ad sets of a
 * campaign or of the ads of an ad set, for the figures' request (scope and chart clicks) and the
 * table's own choices in the URL (level, the campaign or ad set drilled into, sort, order, page).
 * Its own load cycle (`machines/shared/pageLoad.ts`), so a sort, a page or a drill-down loads
 * only the table; empty when the level has no row.
 */
import type { AdLevel, AdsFigures, AdsFiguresRequest, AdsSort } from "../../domain/adsContract";
import { createPageMachine, type PageActorRef, type PageSnapshot } from "../shared/pageLoad";

export interface AdsTableQuery {
  /** The figures' request; null when the chart clicks exclude the view's channel (no row can match). */
  readonly request: AdsFiguresRequest | null;
  readonly level: AdLevel;
  /** The campaign (level adSet) or ad set (level ad) drilled into. */
  readonly parent: string | null;
  readonly sort: AdsSort;
  readonly order: "asc" | "desc";
  readonly page: number;
}

export type AdsTable = AdsFigures["table"];

export const adsTableMachine = createPageMachine<AdsTableQuery, AdsTable>({
  id: "adsTable",
  description: "The campaign table of /ads: one sorted page of campaigns, ad sets or ads, for the figures' filter and the table's choices.", // i18n-ignore: statechart description (inspector, docs)
  isEmpty: (table) => table.total === 0,
  failedMessage: "The campaign table could not be loaded.",
});

export type AdsTableActorRef = PageActorRef<AdsTableQuery, AdsTable>;
export type AdsTableSnapshot = PageSnapshot<AdsTableQuery, AdsTable>;
