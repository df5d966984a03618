/**
 * The page filter of one page key (spec §3 shared state `filterPageData`, keyed by cir, ads,
 * e-commerce, crm; §4 "Filter state is updated on chart clicks and carries a timestamp"): the
 * values added by clicking a bar or slice, each with the time of its click, undoable one by one,
 * cleared by Clear Filter. The template and ad-hoc filter live in the URL; the page merges them
 * with these clicks (`domain/commerceFilter.ts`).
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { ChartClick } from "../../domain/commerceFilter";
import { appendClick, isClickApplied, redoLast, undoLast, withoutClick, type ClickKey } from "./pageClicks";

/** The pages whose filter state is kept (spec §3 `filterPageData`, and /ma's chart clicks of issue 14). */
export const PAGE_FILTER_KEYS = ["cir", "ads", "e-commerce", "crm", "ma"] as const;
export type PageFilterKey = (typeof PAGE_FILTER_KEYS)[number];

export interface PageFilterContext {
  page: PageFilterKey;
  /** Applied clicks, oldest first; each carries the time of its click. */
  clicks: ChartClick[];
  /** Clicks taken back by `filter.undo`, the latest last: `filter.redo` applies them again. */
  undone: ChartClick[];
}

export interface PageFilterInput {
  page: PageFilterKey;
}

/** A click as the page sends it: `at` left out = the time the machine receives it. */
export type ClickPayload = Omit<ChartClick, "at"> & { at?: number };

export type PageFilterEvent =
  /** A bar or slice was clicked (or its "Filter by" button pressed). */
  | { type: "filter.click"; click: ClickPayload }
  /** Takes back the latest click. */
  | { type: "filter.undo" }
  /** Applies again the click taken back last. */
  | { type: "filter.redo" }
  /** A chip's remove button: takes back that one click. */
  | { type: "filter.remove"; field: ClickKey["field"]; value: string }
  /** Clear Filter (the top bar's, or the page's): every click goes. */
  | { type: "filter.clear" };

export const pageFilterMachine = setup({
  types: {
    input: {} as PageFilterInput,
    context: {} as PageFilterContext,
    events: {} as PageFilterEvent,
  },
  actions: {
    addClick: assign(({ context }, click: ClickPayload) => ({
      clicks: appendClick(context.clicks, { ...click, at: click.at ?? Date.now() }),
      undone: [],
    })),
    undoLastClick: assign(({ context }) => undoLast(context.clicks, context.undone)),
    redoLastClick: assign(({ context }) => redoLast(context.clicks, context.undone)),
    removeClick: assign(({ context }, key: ClickKey) => ({ clicks: withoutClick(context.clicks, key) })),
    clearClicks: assign({ clicks: [], undone: [] }),
  },
  guards: {
    isNewClick: ({ context }, key: ClickKey) => !isClickApplied(context.clicks, key),
    isApplied: ({ context }, key: ClickKey) => isClickApplied(context.clicks, key),
    isOnlyClick: ({ context }, key: ClickKey) => context.clicks.length === 1 && isClickApplied(context.clicks, key),
    hasOneClick: ({ context }) => context.clicks.length === 1,
    hasUndone: ({ context }) => context.undone.length > 0,
  },
}).createMachine({
  id: "pageFilter",
  context: ({ input }) => ({ page: input.page, clicks: [], undone: [] }),
  initial: "unfiltered",
  states: {
    unfiltered: {
      description: "No chart click applies: the figures follow the template or ad-hoc filter alone.",
      on: {
        "filter.click": {
          target: "filtered",
          actions: { type: "addClick", params: ({ event }) => event.click },
          description: "The first click: its value is added, with the time of the click.",
        },
        "filter.redo": {
          guard: "hasUndone",
          target: "filtered",
          actions: "redoLastClick",
          description: "Applies again the click undone last.",
        },
        "filter.clear": {
          actions: "clearClicks",
          description: "Clear Filter with no click applied: forgets what could be redone.",
        },
      },
    },
    filtered: {
      description: "At least one chart click applies; the figures are narrowed by it.",
      on: {
        "filter.click": {
          guard: { type: "isNewClick", params: ({ event }) => event.click },
          actions: { type: "addClick", params: ({ event }) => event.click },
          description: "Another value is added; one already applied (same field and value) is ignored.",
        },
        "filter.undo": [
          {
            guard: "hasOneClick",
            target: "unfiltered",
            actions: "undoLastClick",
            description: "Undoing the only click leaves no click applied.",
          },
          { actions: "undoLastClick", description: "Takes back the latest click; it can be redone." },
        ],
        "filter.redo": {
          guard: "hasUndone",
          actions: "redoLastClick",
          description: "Applies again the click undone last.",
        },
        "filter.remove": [
          {
            guard: { type: "isOnlyClick", params: ({ event }) => event },
            target: "unfiltered",
            actions: { type: "removeClick", params: ({ event }) => event },
            description: "Removing the only chip leaves no click applied.",
          },
          {
            guard: { type: "isApplied", params: ({ event }) => event },
            actions: { type: "removeClick", params: ({ event }) => event },
            description: "Removes that chip's click; the others stay.",
          },
        ],
        "filter.clear": {
          target: "unfiltered",
          actions: "clearClicks",
          description: "Clear Filter: every click goes, nothing is left to redo.",
        },
      },
    },
  },
});

export type PageFilterMachine = typeof pageFilterMachine;
export type PageFilterActorRef = ActorRefFrom<PageFilterMachine>;
export type PageFilterSnapshot = SnapshotFrom<PageFilterMachine>;
