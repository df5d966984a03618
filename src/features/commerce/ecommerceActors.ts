/**
 * The actors of the /e-commerce statechart (`machines/ecommerce`): `load` resolves the active
 * filter (once for every page: `@/app/appliedFilter`), merges it with the page's chart clicks and
 * asks the server for the figures, tracked by the shell's loading bar.
 */
import { pageLoader } from "../../../machines/shared/pageLoad";
import type { ECommerceData, ECommerceQuery } from "../../../machines/ecommerce/ecommerceMachine";
import { authedCall } from "@/app/api";
import { resolvePageFilter } from "@/app/appliedFilter";
import { trackLoading } from "@/app/loading";

export async function loadECommerce(query: ECommerceQuery, signal: AbortSignal): Promise<ECommerceData> {
  const { applied, filter } = await resolvePageFilter(query.active, query.clicks, signal);
  const request = { brand: query.brand, start: query.start, end: query.end, channel: query.channel, filter };
  const { data } = await authedCall("commerceFigures", request, { signal });
  return { figures: data, filter, applied, channel: query.channel };
}

export const ecommerceActors = {
  load: pageLoader((query: ECommerceQuery, signal) => trackLoading(loadECommerce(query, signal))),
};
