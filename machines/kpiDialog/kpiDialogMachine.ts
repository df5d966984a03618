/**
 * The KPI template dialog (spec §2 "KPI template dialog", §4, §5). Closed, or open in one of two
 * modes, each its own top-level state built by `formState`: `save` (Create KPI Template, from
 * `kpi.create`) and `edit` (Edit KPI Template, from `kpi.edit`). It holds only the form; a saved
 * template is emitted (`kpi.saved`) for the app to reload the list and follow a rename.
 */
import type { ActorRefFrom, SnapshotFrom } from "xstate";
import { formState } from "./formState";
import { initialContext, kpiDialogSetup } from "./kpiDialogSetup";

export const kpiDialogMachine = kpiDialogSetup.createMachine({
  id: "kpiDialog",
  context: initialContext,
  initial: "closed",
  states: {
    closed: {
      on: {
        "kpi.create": { target: "save", actions: { type: "startCreate", params: ({ event }) => event.takenTitles } },
        "kpi.edit": { target: "edit", actions: { type: "startEdit", params: ({ event }) => event } },
      },
    },
    save: formState("save"),
    edit: formState("edit"),
  },
});

export type KpiDialogMachine = typeof kpiDialogMachine;
export type KpiDialogActorRef = ActorRefFrom<KpiDialogMachine>;
export type KpiDialogSnapshot = SnapshotFrom<KpiDialogMachine>;
