/**
 * Which KPI template is selected (spec §4): none or one, by title. The URL (`kpi` search param)
 * is the source of truth: the app sends `selection.synced` when it changes, and writes the URL
 * when the machine emits `selection.changed` after a user's choice, a rename or a deletion.
 */
import { assign, emit, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import { isRenameOf, selectedTitle } from "./selectedKpi";

export interface KpiSelectionContext {
  title: string | null;
}

export interface KpiSelectionInput {
  title?: string | null;
}

export type KpiSelectionEvent =
  /** The selected title as the URL shows it (load, back/forward, a link). */
  | { type: "selection.synced"; title: string | null }
  /** A template of the KPI Setting drawer was clicked. */
  | { type: "kpi.toggle"; title: string }
  /** A template was deleted. */
  | { type: "kpi.removed"; title: string }
  /** A template was saved under a new title (the KPI dialog's `kpi.saved` with another `previousTitle`). */
  | { type: "kpi.renamed"; from: string; to: string };

export type KpiSelectionEmitted = { type: "selection.changed"; title: string | null };

export const kpiSelectionMachine = setup({
  types: {
    input: {} as KpiSelectionInput,
    context: {} as KpiSelectionContext,
    events: {} as KpiSelectionEvent,
    emitted: {} as KpiSelectionEmitted,
  },
  actions: {
    store: assign({ title: (_, title: string | null) => selectedTitle(title) }),
    select: assign({ title: (_, title: string) => title }),
    clear: assign({ title: null }),
    announce: emit(({ context }) => ({ type: "selection.changed" as const, title: context.title })),
  },
  guards: {
    hasTitle: ({ context }) => context.title !== null,
    isSelectedTitle: ({ context }, title: string) => context.title === title,
    isRenameOfSelected: ({ context }, { from, to }: { from: string; to: string }) => isRenameOf(context.title, from, to),
  },
}).createMachine({
  id: "kpiSelection",
  context: ({ input }) => ({ title: selectedTitle(input.title) }),
  initial: "deciding",
  on: {
    "selection.synced": { target: ".deciding", actions: { type: "store", params: ({ event }) => event.title } },
  },
  states: {
    deciding: {
      description: "Enters the state that matches the stored title (start and every sync from the URL).",
      always: [{ guard: "hasTitle", target: "selected" }, { target: "none" }],
    },
    none: {
      on: {
        "kpi.toggle": { target: "selected", actions: [{ type: "select", params: ({ event }) => event.title }, "announce"] },
      },
    },
    selected: {
      description: "One template is selected; clicking it again, or deleting it, deselects it; a rename keeps it selected.",
      on: {
        "kpi.toggle": [
          { guard: { type: "isSelectedTitle", params: ({ event }) => event.title }, target: "none", actions: ["clear", "announce"] },
          { target: "selected", actions: [{ type: "select", params: ({ event }) => event.title }, "announce"] },
        ],
        "kpi.removed": {
          guard: { type: "isSelectedTitle", params: ({ event }) => event.title },
          target: "none",
          actions: ["clear", "announce"],
        },
        "kpi.renamed": {
          guard: { type: "isRenameOfSelected", params: ({ event }) => event },
          actions: [{ type: "select", params: ({ event }) => event.to }, "announce"],
        },
      },
    },
  },
});

export type KpiSelectionMachine = typeof kpiSelectionMachine;
export type KpiSelectionActorRef = ActorRefFrom<KpiSelectionMachine>;
export type KpiSelectionSnapshot = SnapshotFrom<KpiSelectionMachine>;
