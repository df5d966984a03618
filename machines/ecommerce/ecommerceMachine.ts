/**
 * The /e-commerce page (issue 6): the figures of a brand's Shopee and Lazada orders over the
 * view's range, for the page's e-commerce channel, narrowed by the active filter and the page's
 * chart clicks. The shared page load cycle (`machines/shared/pageLoad.ts`): a new query loads
 * once; an import reloads; empty when no order matches.
 */
import type { CommerceChannel, CommerceFigures, CommerceFilter } from "../../domain/commerce";
import type { AppliedFilter, ChartClick } from "../../domain/commerceFilter";
import type { ResolvedView } from "../../domain/viewSearch";
import { createPageMachine, type PageActorRef, type PageSnapshot } from "../shared/pageLoad";

/** What the page shows: the view's brand, range and active filter, the channel and the clicks. */
export interface ECommerceQuery {
  readonly brand: string;
  /** YYYY-MM-DD, both included. */
  readonly start: string;
  readonly end: string;
  readonly channel: CommerceChannel;
  readonly active: ResolvedView["active"];
  readonly clicks: readonly ChartClick[];
}

export interface ECommerceData {
  readonly figures: CommerceFigures;
  /** The filter the server applied (active filter merged with the clicks). */
  readonly filter: CommerceFilter;
  readonly applied: AppliedFilter;
  readonly channel: CommerceChannel;
}

/** The clicks count by field and value, not by the time they were made. */
export const ecommerceQueryKey = (q: ECommerceQuery): string =>
  JSON.stringify([q.brand, q.start, q.end, q.channel, q.active, q.clicks.map((c) => [c.field, c.value])]);

export const ecommerceMachine = createPageMachine<ECommerceQuery, ECommerceData>({
  id: "ecommerce",
  description: "The /e-commerce page: GMV, NMV, orders, customers and their breakdowns for the view, the channel and the page filter.",
  isEmpty: (data) => data.figures.totals.orders === 0,
  keyOf: ecommerceQueryKey,
  failedMessage: "The figures could not be loaded.",
});

export type ECommerceActorRef = PageActorRef<ECommerceQuery, ECommerceData>;
export type ECommerceSnapshot = PageSnapshot<ECommerceQuery, ECommerceData>;
