/**
 * The data of the Brand Experience page so far: how many pages the applied view covers. With
 * accounts chosen, the server narrows the pages to theirs (`/user/filter-page`); with none
 * chosen, all of the user's pages count (spec §4).
 */
import type { Page } from "../../../domain/entities";
import type { ResolvedView } from "../../../domain/viewSearch";
import { authedCall } from "@/app/api";

export interface BrandExData {
  /** Pages of the chosen accounts (all accounts when none is chosen). */
  available: readonly Page[];
  /** Pages the view uses: the chosen ones that are available, else all available ones. */
  inView: readonly Page[];
}

export function pagesInView(available: readonly Page[], chosen: readonly string[]): readonly Page[] {
  if (chosen.length === 0) return available;
  const wanted = new Set(chosen);
  return available.filter((page) => wanted.has(page.id));
}

export async function loadBrandEx(view: ResolvedView, signal: AbortSignal): Promise<BrandExData> {
  const { data } = await authedCall("filterPage", { filter: [...view.bags] }, { signal });
  return { available: data, inView: pagesInView(data, view.pages) };
}
