/**
 * The /sale page (issue 17, docs/sale.md): a brand's sales across online and offline over the
 * view's range: E-Commerce orders by channel and the o2o store views beside the sales of the same
 * days. The shared page load cycle (`machines/shared/pageLoad.ts`): a new brand or range loads
 * once; an import elsewhere reloads; empty when the brand has no orders in the range.
 */
import type { SaleSummary } from "../../domain/saleContract";
import { createPageMachine, type PageActorRef, type PageSnapshot } from "../shared/pageLoad";

/** What the page shows: the view's brand and range. */
export interface SaleQuery {
  readonly brand: string;
  /** YYYY-MM-DD, both included. */
  readonly start: string;
  readonly end: string;
}

export interface SaleData {
  readonly summary: SaleSummary;
}

export const saleQueryKey = (q: SaleQuery): string => JSON.stringify([q.brand, q.start, q.end]);

/** No orders in the range: nothing to sum, chart or correlate. */
export const hasNoSales = (summary: SaleSummary): boolean => summary.totals.orders === 0;

export const saleMachine = createPageMachine<SaleQuery, SaleData>({
  id: "sale",
  description: "The /sale page: GMV, NMV, orders and buyers by channel, and the o2o store views beside the daily sales, for the view's brand and range.", // i18n-ignore: statechart description (inspector, docs)
  isEmpty: (data) => hasNoSales(data.summary),
  keyOf: saleQueryKey,
  failedMessage: "The sales could not be loaded.",
});

export type SaleActorRef = PageActorRef<SaleQuery, SaleData>;
export type SaleSnapshot = PageSnapshot<SaleQuery, SaleData>;
