/**
 * The /affiliate page (issue 16): the figures of the brand's affiliate conversions (Shopee
 * Affiliate, Lazada affiliates) over the view's range against the previous period, the series,
 * by platform, the leaderboard, the top products and new against returning customers, for the
 * page's choices: the marketplace (`ap`) and the affiliates picked on the leaderboard (`aff`),
 * which narrow every figure but the leaderboard. The shared page load cycle
 * (`machines/shared/pageLoad.ts`): a new query loads once; an import reloads; empty when no
 * affiliate brought an order or a click in the range.
 */
import type { AffiliateFiguresAnswer, AffiliateFiguresRequest, AffiliatePlatform } from "../../domain/affiliateContract";
import { createPageMachine, type PageActorRef, type PageSnapshot } from "../shared/pageLoad";

export interface AffiliateQuery {
  readonly brand: string;
  readonly start: string;
  readonly end: string;
  /** One marketplace, or null for both. */
  readonly platform: AffiliatePlatform | null;
  /** The affiliates picked on the leaderboard; empty = every affiliate. */
  readonly affiliates: readonly string[];
}

export interface AffiliateData {
  readonly figures: AffiliateFiguresAnswer;
  /** The request the figures answer. */
  readonly request: AffiliateFiguresRequest;
}

/** The affiliates count as a set: the order they were picked in does not make another page. */
export const affiliateQueryKey = (q: AffiliateQuery): string =>
  JSON.stringify([q.brand, q.start, q.end, q.platform, [...new Set(q.affiliates)].sort()]);

/** Nothing to show: no order and no click through an affiliate in the range. */
export const hasNoAffiliateSales = (f: AffiliateFiguresAnswer): boolean => f.totals.orders === 0 && (f.totals.clicks ?? 0) === 0;

export const affiliateMachine = createPageMachine<AffiliateQuery, AffiliateData>({
  id: "affiliate",
  description: // i18n-ignore: statechart description (inspector, docs)
    "The /affiliate page: clicks, orders, GMV, commission and ROI of the Shopee and Lazada affiliates against the previous period, their share of the brand's e-commerce GMV, over time, by platform, by affiliate and by product, for the view, the marketplace chosen and the affiliates picked on the leaderboard.",
  isEmpty: ({ figures }) => hasNoAffiliateSales(figures),
  keyOf: affiliateQueryKey,
  failedMessage: "The affiliate figures could not be loaded.",
});

export type AffiliateActorRef = PageActorRef<AffiliateQuery, AffiliateData>;
export type AffiliateSnapshot = PageSnapshot<AffiliateQuery, AffiliateData>;
