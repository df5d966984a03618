/**
 * The KPI Setting drawer (spec §2): closed, or open: it reads the user's KPI templates each time
 * it opens (the list replaces what was there, spec §7), then shows the list, or says why it
 * could not and offers a retry. A template is deleted after the confirmation 'Are you sure to
 * delete this?'. Selecting, creating and editing templates belong to the `kpiSelection` and
 * `kpiDialog` machines; the app sends `list.reload` after the dialog saved.
 */
import { assign, emit, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { KpiTemplateRecord } from "../../domain/entities";
import { hasTemplate, withoutTemplate } from "./kpiTemplateList";
import { failureMessage, notProvided } from "../shared/actorHelpers";

export interface KpiDrawerContext {
  templates: readonly KpiTemplateRecord[];
  /** Title of the template the delete confirmation is about. */
  deleteTitle: string | null;
  /** Why the list could not be read, or why the delete failed. */
  error: string | null;
}

export type KpiDrawerEvent =
  | { type: "drawer.open" }
  | { type: "drawer.close" }
  | { type: "drawer.retry" }
  /** The templates changed elsewhere (the KPI dialog saved one): read them again. */
  | { type: "list.reload" }
  | { type: "delete.open"; title: string }
  | { type: "delete.confirm" }
  | { type: "delete.cancel" };

export type KpiDrawerEmitted =
  | { type: "kpi.deleted"; title: string }
  | { type: "toast.show"; severity: "success" | "error"; summary: string; detail?: string };

export const kpiDrawerMachine = setup({
  types: {
    context: {} as KpiDrawerContext,
    events: {} as KpiDrawerEvent,
    emitted: {} as KpiDrawerEmitted,
    tags: {} as "busy",
  },
  actors: {
    /** `GET /user/get-kpi-template`. */
    loadKpiTemplates: notProvided<readonly KpiTemplateRecord[], void>("loadKpiTemplates"),
    /** `POST /user/delete-kpi-template`. */
    deleteKpiTemplate: notProvided<void, { title: string }>("deleteKpiTemplate"),
  },
  actions: {
    storeTemplates: assign({ templates: (_, templates: readonly KpiTemplateRecord[]) => templates }),
    reportLoadFailure: assign({ error: (_, { error }: { error: unknown }) => failureMessage(error, "The KPI templates could not be loaded.") }),
    clearError: assign({ error: null }),
    startDelete: assign({ deleteTitle: (_, title: string) => title, error: null }),
    removeDeletedTemplate: assign({
      templates: ({ context }) => (context.deleteTitle === null ? context.templates : withoutTemplate(context.templates, context.deleteTitle)),
    }),
    emitDeleted: emit(({ context }) => ({ type: "kpi.deleted" as const, title: context.deleteTitle ?? "" })),
    notifyDeleted: emit(({ context }) => ({
      type: "toast.show" as const,
      severity: "success" as const,
      summary: "KPI template deleted",
      detail: context.deleteTitle ?? "",
    })),
    reportDeleteFailure: assign({ error: (_, { error }: { error: unknown }) => failureMessage(error, "The KPI template was not deleted.") }),
    forgetDelete: assign({ deleteTitle: null, error: null }),
  },
  guards: {
    isKnownTemplate: ({ context }, title: string) => hasTemplate(context.templates, title),
  },
}).createMachine({
  id: "kpiDrawer",
  context: { templates: [], deleteTitle: null, error: null },
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
          entry: "forgetDelete",
          invoke: {
            src: "loadKpiTemplates",
            onDone: { target: "ready", actions: { type: "storeTemplates", params: ({ event }) => event.output } },
            onError: { target: "unavailable", actions: { type: "reportLoadFailure", params: ({ event }) => ({ error: event.error }) } },
          },
        },
        unavailable: {
          description: "The templates could not be read (e.g. the session ended); the drawer says why and offers a retry.",
          on: { "drawer.retry": { target: "loading" } },
        },
        ready: {
          initial: "list",
          on: { "list.reload": { target: "loading" } },
          states: {
            list: {
              on: {
                "delete.open": {
                  guard: { type: "isKnownTemplate", params: ({ event }) => event.title },
                  target: "confirmingDelete",
                  actions: { type: "startDelete", params: ({ event }) => event.title },
                },
              },
            },
            confirmingDelete: {
              description: "'Are you sure to delete this?'; a failed delete is shown in the dialog and can be confirmed again.",
              initial: "asking",
              states: {
                asking: {
                  on: {
                    "delete.confirm": { target: "deleting" },
                    "delete.cancel": { target: "#kpiDrawer.open.ready.list", actions: "forgetDelete" },
                  },
                },
                deleting: {
                  tags: ["busy"],
                  description: "Waits for the answer even if the drawer is asked to close or reload, so the app always hears of the deletion.",
                  invoke: {
                    src: "deleteKpiTemplate",
                    input: ({ context }) => ({ title: requireDeleteTitle(context) }),
                    onDone: { target: "#kpiDrawer.open.ready.list", actions: ["removeDeletedTemplate", "emitDeleted", "notifyDeleted", "forgetDelete"] },
                    onError: { target: "failed", actions: { type: "reportDeleteFailure", params: ({ event }) => ({ error: event.error }) } },
                  },
                  on: {
                    "drawer.close": {},
                    "list.reload": {},
                  },
                },
                failed: {
                  on: {
                    "delete.confirm": { target: "deleting", actions: "clearError" },
                    "delete.cancel": { target: "#kpiDrawer.open.ready.list", actions: "forgetDelete" },
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

function requireDeleteTitle(context: KpiDrawerContext): string {
  if (context.deleteTitle === null) throw new Error("kpiDrawer: deleting without a title");
  return context.deleteTitle;
}

export type KpiDrawerMachine = typeof kpiDrawerMachine;
export type KpiDrawerActorRef = ActorRefFrom<KpiDrawerMachine>;
export type KpiDrawerSnapshot = SnapshotFrom<KpiDrawerMachine>;
