/**
 * The actors of the /sale statechart (`machines/sale`): `load` asks the server for the sales
 * summary of the view's brand and range (`saleSummary`), tracked by the shell's loading bar.
 */
import { pageLoader } from "../../../machines/shared/pageLoad";
import type { SaleData, SaleQuery } from "../../../machines/sale/saleMachine";
import { authedCall } from "@/app/api";
import { trackLoading } from "@/app/loading";

export async function loadSale(query: SaleQuery, signal: AbortSignal): Promise<SaleData> {
  const { data } = await authedCall("saleSummary", { brand: query.brand, start: query.start, end: query.end }, { signal });
  return { summary: data };
}

export const saleActors = {
  load: pageLoader((query: SaleQuery, signal) => trackLoading(loadSale(query, signal))),
};
