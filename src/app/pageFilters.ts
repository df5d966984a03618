/**
 * The page filter state of the pages that keep one (spec §3 `filterPageData`, keyed by cir, ads,
 * e-commerce, crm, and ma): one started `pageFilter` actor per page key, created once for the app, so a
 * page's chart clicks survive leaving and coming back. `usePageFilter(page)` gives a page its
 * clicks and the ways to change them; the top bar's Clear Filter sends `filter.clear` to the
 * actor of the page shown (`clearPageFilterOf(path)`).
 */
import { useMemo } from "react";
import { useSelector } from "@xstate/react";
import { createActor } from "xstate";
import type { ChartClick } from "../../domain/commerceFilter";
import {
  PAGE_FILTER_KEYS, pageFilterMachine, type ClickPayload, type PageFilterActorRef, type PageFilterKey,
} from "../../machines/pageFilter/pageFilterMachine";
import { selectCanRedo, selectCanUndo, selectClicks } from "../../machines/pageFilter/pageFilterSelectors";
import { appInspect } from "@/app/inspect";

export type { ChartClick, ClickPayload, PageFilterKey };
export { PAGE_FILTER_KEYS };

function startActor(page: PageFilterKey): PageFilterActorRef {
  const actor = createActor(pageFilterMachine, { input: { page }, inspect: appInspect, systemId: `pageFilter.${page}` });
  actor.start();
  return actor;
}

const actors: Record<PageFilterKey, PageFilterActorRef> = {
  cir: startActor("cir"),
  ads: startActor("ads"),
  "e-commerce": startActor("e-commerce"),
  crm: startActor("crm"),
  ma: startActor("ma"),
};

/** The started page filter actor of `page`. */
export function pageFilterActor(page: PageFilterKey): PageFilterActorRef {
  return actors[page];
}

/** The page key of a path (`/e-commerce` → "e-commerce", `/cir/42` → "cir"), or null for a page without one. */
export function pageFilterKeyOf(path: string): PageFilterKey | null {
  const first = path.split("/").filter((s) => s !== "")[0] ?? "";
  return (PAGE_FILTER_KEYS as readonly string[]).includes(first) ? (first as PageFilterKey) : null;
}

/** Clear Filter on `path`: removes the chart clicks of its page, if it keeps any. */
export function clearPageFilterOf(path: string): void {
  const page = pageFilterKeyOf(path);
  if (page !== null) actors[page].send({ type: "filter.clear" });
}

export interface PageFilter {
  /** The applied clicks, oldest first, each with the time of its click. */
  readonly clicks: readonly ChartClick[];
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  /** Adds a clicked value (`at` defaults to now); a value already applied is ignored. */
  readonly add: (click: ClickPayload) => void;
  /** Takes back the latest click. */
  readonly undo: () => void;
  /** Applies again the click taken back last. */
  readonly redo: () => void;
  /** Removes one click (a chip's ×). */
  readonly remove: (click: Pick<ChartClick, "field" | "value">) => void;
  /** Removes every click. */
  readonly clear: () => void;
}

/** The page filter of `page` for a component: its clicks, re-rendering when they change. */
export function usePageFilter(page: PageFilterKey): PageFilter {
  const actor = actors[page];
  const clicks = useSelector(actor, selectClicks);
  const canUndo = useSelector(actor, selectCanUndo);
  const canRedo = useSelector(actor, selectCanRedo);
  return useMemo(
    () => ({
      clicks,
      canUndo,
      canRedo,
      add: (click: ClickPayload) => actor.send({ type: "filter.click", click }),
      undo: () => actor.send({ type: "filter.undo" }),
      redo: () => actor.send({ type: "filter.redo" }),
      remove: ({ field, value }: Pick<ChartClick, "field" | "value">) => actor.send({ type: "filter.remove", field, value }),
      clear: () => actor.send({ type: "filter.clear" }),
    }),
    [actor, clicks, canUndo, canRedo],
  );
}
