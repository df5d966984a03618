/**
 * The /ads page (issue 15): the figures of the brand's ad campaigns over the view's range (totals
 * against the previous period, spend and results over time, by channel and by objective, the
 * campaigns), narrowed by the page's chart clicks, and the selected KPI template for the pacing
 * against its Ads plan. The shared page load cycle (`machines/shared/pageLoad.ts`): a new query
 * loads once; a saved template or an import reloads; empty when nothing was spent, shown or
 * clicked in the range. The campaign table loads on its own cycle (`adsTableMachine.ts`), so a
 * sort, a page or a drill-down never reloads the figures.
 */
import type { AdsFigures, AdsFiguresRequest } from "../../domain/adsContract";
import type { ChartClick } from "../../domain/commerceFilter";
import type { KpiTemplate } from "../../domain/entities";
import type { ChannelFilter } from "../../domain/metrics";
import { createPageMachine, type PageActorRef, type PageSnapshot } from "../shared/pageLoad";

/** What the page shows before its chart clicks: the view's brand, range, channel and ad accounts. */
export interface AdsScope {
  readonly brand: string;
  readonly start: string;
  readonly end: string;
  readonly channel: ChannelFilter;
  readonly accounts: readonly string[];
}

export interface AdsQuery {
  readonly scope: AdsScope;
  readonly clicks: readonly ChartClick[];
  /** The KPI template selected in the URL (`kpi`), by title; null when none is. */
  readonly kpi: string | null;
}

/** The selected KPI template, as the pacing section needs it. */
export type AdsKpi =
  | { readonly kind: "none" }
  | { readonly kind: "ready"; readonly template: KpiTemplate }
  /** The URL names a template the user does not have (deleted, renamed). */
  | { readonly kind: "missing"; readonly title: string }
  /** The user may not read KPI templates. */
  | { readonly kind: "forbidden" }
  | { readonly kind: "failed"; readonly title: string; readonly message: string };

export interface AdsData {
  readonly figures: AdsFigures;
  /** The request the figures answer (the scope narrowed by the clicks); null when the clicks exclude the view's channel. */
  readonly request: AdsFiguresRequest | null;
  readonly kpi: AdsKpi;
}

/** The clicks count by field and value, not by their time. */
export const adsQueryKey = (q: AdsQuery): string => JSON.stringify([q.scope, q.clicks.map((c) => [c.field, c.value]), q.kpi]);

export const adsMachine = createPageMachine<AdsQuery, AdsData>({
  id: "ads",
  description: "The /ads page: spend, delivery and results of the ad campaigns, over time, by channel and by objective, and pacing against the KPI plan, for the view and the page's chart clicks.", // i18n-ignore: statechart description (inspector, docs)
  isEmpty: ({ figures: { totals: t } }) => t.spend === 0 && t.impressions === 0 && t.clicks === 0 && t.results === 0,
  keyOf: adsQueryKey,
  failedMessage: "The ad figures could not be loaded.",
});

export type AdsActorRef = PageActorRef<AdsQuery, AdsData>;
export type AdsSnapshot = PageSnapshot<AdsQuery, AdsData>;
