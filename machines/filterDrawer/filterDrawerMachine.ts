/**
 * The filter drawer (spec §2, §4). Closed, or open: after reading what it needs (applied view,
 * the user's pages and accounts, their templates) it shows the Template or the Filter tab, or a
 * dialog over the Template tab, and in parallel keeps the page list offered for the chosen
 * accounts. It holds only drafts: Search and deleted templates are emitted for the app to apply.
 */
import type { ActorRefFrom, SnapshotFrom } from "xstate";
import { filterDrawerSetup, initialContext } from "./filterDrawerSetup";
import { confirmingDeleteState, creatingState, editingState } from "./templateDialogsState";

export const filterDrawerMachine = filterDrawerSetup.createMachine({
  id: "filterDrawer",
  context: initialContext,
  initial: "closed",
  states: {
    closed: {
      on: { "drawer.open": { target: "open" } },
    },
    open: {
      initial: "loading",
      on: { "drawer.close": { target: "closed" } },
      states: {
        loading: {
          tags: ["busy"],
          description: "Reads the applied view and the user's templates: the drawer opens on Template when there are some, else on Filter (spec §4).",
          invoke: {
            src: "loadDrawer",
            onDone: [
              {
                guard: { type: "hasTemplates", params: ({ event }) => event.output },
                target: "ready.panel.template",
                actions: { type: "startDrawer", params: ({ event }) => event.output },
              },
              { target: "ready.panel.filter", actions: { type: "startDrawer", params: ({ event }) => event.output } },
            ],
            onError: { target: "unavailable", actions: { type: "reportLoadFailure", params: ({ event }) => ({ error: event.error }) } },
          },
        },
        unavailable: {
          description: "The drawer could not be prepared (e.g. the session ended); it says why and offers a retry.",
          on: { "drawer.retry": { target: "loading" } },
        },
        ready: {
          type: "parallel",
          on: {
            "filter.pagesSelected": { actions: { type: "selectPages", params: ({ event }) => event.pages } },
            "filter.changed": { actions: { type: "patchFilter", params: ({ event }) => event.patch } },
          },
          states: {
            panel: {
              initial: "filter",
              states: {
                template: {
                  on: {
                    "tab.select": {
                      guard: { type: "isTab", params: ({ event }) => ({ tab: event.tab, wanted: "filter" }) },
                      target: "filter",
                    },
                    "create.open": { target: "creating" },
                    "edit.open": {
                      guard: { type: "isKnownTemplate", params: ({ event }) => event.title },
                      target: "editing",
                      actions: { type: "startEdit", params: ({ event }) => event.title },
                    },
                    "delete.open": {
                      guard: { type: "isKnownTemplate", params: ({ event }) => event.title },
                      target: "confirmingDelete",
                      actions: { type: "startDelete", params: ({ event }) => event.title },
                    },
                  },
                },
                filter: {
                  on: {
                    "tab.select": {
                      guard: { type: "isTab", params: ({ event }) => ({ tab: event.tab, wanted: "template" }) },
                      target: "template",
                    },
                    "filter.search": { target: "#filterDrawer.closed", actions: "emitSearch" },
                  },
                },
                creating: creatingState,
                editing: editingState,
                confirmingDelete: confirmingDeleteState,
              },
            },
            pageOptions: {
              description: "Choosing accounts narrows the page list through /user/filter-page; with none chosen every page is offered (spec §4).",
              initial: "deciding",
              on: {
                "filter.bagsSelected": [
                  {
                    guard: { type: "hasNoBags", params: ({ event }) => event.bags },
                    target: ".idle",
                    actions: [{ type: "selectBags", params: ({ event }) => event.bags }, "offerAllPages"],
                  },
                  { target: ".narrowing", actions: { type: "selectBags", params: ({ event }) => event.bags } },
                ],
              },
              states: {
                deciding: {
                  always: [{ guard: "hasChosenBags", target: "narrowing" }, { target: "idle" }],
                },
                idle: {
                  description: "Offers every page, or the pages of the chosen accounts, or says why those could not be loaded.",
                },
                narrowing: {
                  invoke: {
                    src: "filterPages",
                    input: ({ context }) => ({ bags: context.draft.bags }),
                    onDone: { target: "idle", actions: { type: "storeNarrowedPages", params: ({ event }) => event.output } },
                    onError: { target: "idle", actions: { type: "reportPagesFailure", params: ({ event }) => ({ error: event.error }) } },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});

export type FilterDrawerMachine = typeof filterDrawerMachine;
export type FilterDrawerActorRef = ActorRefFrom<FilterDrawerMachine>;
export type FilterDrawerSnapshot = SnapshotFrom<FilterDrawerMachine>;
