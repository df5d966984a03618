/**
 * The CIR report editor (`/cir/{id}`, issue 17): one report, read and (by its owner) changed.
 *
 * - `loading` the report → `loaded` | `failed` (Try again: `report.retry`).
 * - `loaded` has two regions:
 *   - `data`: the figures and series of its source sections (`fetching` → `ready` | `failed`,
 *     `data.retry`); fetched again after a restore (`data.refresh`).
 *   - `mode`: `viewing` → `editing` (`edit.start`, the owner only: `canEdit`) with a draft
 *     (`edit.rename`, `edit.move` by keyboard or drag, `edit.addText`, `edit.setText`,
 *     `edit.remove`, `edit.share`); `edit.save` with a blank title stays in `editing` and names
 *     the problem, else `saving` → `saved` | `conflict` (409: someone saved first; `report.reload`
 *     reads it again) | `saveFailed` (Save again, edit on, or cancel). `edit.cancel` drops the draft.
 *     `report.duplicate` → `duplicating` → `duplicated` (the page opens the copy) | back with the
 *     reason; `delete.ask` (owner) → `confirmingDelete` → `deleting` → the top-level `deleted`
 *     (`report.undelete` restores it) | `confirmingDelete` with the reason; `history.open` (owner) →
 *     `history` (`loading` → `shown` | `failed`; `history.restore` an event → `restoring` → `saved`).
 * - A reader who does not own the report (`canEdit` false) can view, duplicate and print only.
 */
import { assign, raise, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { CirSectionDataRequest, CirSectionDataResponse, Report, ReportVisibility, UpdateCirReportRequest } from "../../domain/cirContract";
import type { EventRecord } from "../../domain/entities";
import { failureMessage, notProvided } from "../shared/actorHelpers";
import { draftOf, moveSection, newSectionId, titleProblem, type CirDraft } from "./cirDraft";

export type CirSectionData = CirSectionDataResponse["data"];

export interface CirEditorInput {
  readonly id: number;
}

export interface CirEditorContext {
  readonly id: number;
  readonly report: Report | null;
  readonly draft: CirDraft | null;
  /** The title's problem, shown once Save was pressed. */
  readonly titleError: string | null;
  readonly data: CirSectionData | null;
  readonly dataError: string | null;
  /** Why the last load, save, duplicate, delete or restore failed. */
  readonly error: string | null;
  readonly history: readonly EventRecord[];
  /** The copy made by Duplicate. */
  readonly duplicatedId: number | null;
  /** The history event being restored. */
  readonly restoreEvent: number | null;
}

export type CirEditorEvent =
  | { readonly type: "report.retry" }
  | { readonly type: "report.reload" }
  | { readonly type: "data.retry" }
  | { readonly type: "data.refresh" }
  | { readonly type: "edit.start" }
  | { readonly type: "edit.cancel" }
  | { readonly type: "edit.rename"; readonly title: string }
  | { readonly type: "edit.move"; readonly from: number; readonly to: number }
  | { readonly type: "edit.addText"; readonly text?: string }
  | { readonly type: "edit.setText"; readonly id: string; readonly text: string }
  | { readonly type: "edit.remove"; readonly id: string }
  | { readonly type: "edit.share"; readonly visibility: ReportVisibility }
  | { readonly type: "edit.save" }
  | { readonly type: "report.duplicate" }
  | { readonly type: "delete.ask" }
  | { readonly type: "delete.cancel" }
  | { readonly type: "delete.confirm" }
  | { readonly type: "report.undelete" }
  | { readonly type: "history.open" }
  | { readonly type: "history.close" }
  | { readonly type: "history.restore"; readonly event: number };

export const LOAD_FAILED = "The report could not be loaded.";
export const DATA_FAILED = "The figures of the report could not be loaded.";
export const SAVE_FAILED = "The report was not saved.";
export const CONFLICT = "Someone saved this report after you opened it. Reload it to see their changes (yours are not saved).";

const isConflict = (error: unknown) => typeof error === "object" && error !== null && (error as { status?: unknown }).status === 409;

export const cirEditorMachine = setup({
  types: {
    input: {} as CirEditorInput,
    context: {} as CirEditorContext,
    events: {} as CirEditorEvent,
    tags: {} as "busy",
  },
  actors: {
    /** `GET /user/cir-report?id=`. */
    loadReport: notProvided<Report, { id: number }>("loadReport"),
    /** `POST /user/cir-section-data` for the report's range and sections. */
    loadData: notProvided<CirSectionData, CirSectionDataRequest>("loadData"),
    /** `POST /user/update-cir-report` with the draft and the version it was made on. */
    saveReport: notProvided<Report, UpdateCirReportRequest>("saveReport"),
    /** `POST /user/duplicate-cir-report`: the copy. */
    duplicateReport: notProvided<Report, { id: number }>("duplicateReport"),
    /** `POST /user/delete-cir-report`. */
    deleteReport: notProvided<unknown, { id: number }>("deleteReport"),
    /** `GET /user/cir-report-history?id=`: its events, oldest first. */
    loadHistory: notProvided<readonly EventRecord[], { id: number }>("loadHistory"),
    /** `POST /user/restore-cir-report` (with an event: the report as after it; without: undelete). */
    restoreReport: notProvided<Report, { id: number; event?: number }>("restoreReport"),
  },
  actions: {
    storeReport: assign((_, params: { report: Report }) => ({ report: params.report, draft: null, titleError: null, error: null })),
    storeData: assign((_, params: { data: CirSectionData }) => ({ data: params.data, dataError: null })),
    storeDataFailure: assign((_, params: { error: unknown }) => ({ dataError: failureMessage(params.error, DATA_FAILED) })),
    storeFailure: assign((_, params: { error: unknown; fallback: string }) => ({ error: failureMessage(params.error, params.fallback) })),
    storeConflict: assign({ error: CONFLICT }),
    clearError: assign({ error: null }),
    startDraft: assign(({ context }) => ({ draft: context.report === null ? null : draftOf(context.report), titleError: null, error: null })),
    dropDraft: assign({ draft: null, titleError: null, error: null }),
    patchDraft: assign(({ context }, params: { patch: (d: CirDraft) => Partial<CirDraft> }) =>
      context.draft === null ? {} : { draft: { ...context.draft, ...params.patch(context.draft) }, titleError: null, error: null }),
    showTitleError: assign(({ context }) => ({ titleError: titleProblem(context.draft?.title ?? "") })),
    storeHistory: assign((_, params: { history: readonly EventRecord[] }) => ({ history: params.history })),
    storeDuplicate: assign((_, params: { report: Report }) => ({ duplicatedId: params.report.id, error: null })),
    chooseRestore: assign((_, params: { event: number }) => ({ restoreEvent: params.event })),
    refreshData: raise({ type: "data.refresh" }),
  },
  guards: {
    canEdit: ({ context }) => context.report?.canEdit === true,
    titleInvalid: ({ context }) => titleProblem(context.draft?.title ?? "") !== null,
    isConflict: (_, params: { error: unknown }) => isConflict(params.error),
  },
}).createMachine({
  id: "cirEditor",
  description: "The /cir/{id} report: its sections' data, and for its owner the editor (rename, reorder, text blocks, share, save with conflicts), duplicate, delete and history.",
  context: ({ input }) => ({ id: input.id, report: null, draft: null, titleError: null, data: null, dataError: null, error: null, history: [], duplicatedId: null, restoreEvent: null }),
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      description: "Reads the report.",
      invoke: {
        src: "loadReport",
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: "loaded", actions: { type: "storeReport", params: ({ event }) => ({ report: event.output }) } },
        onError: { target: "failed", actions: { type: "storeFailure", params: ({ event }) => ({ error: event.error, fallback: LOAD_FAILED }) } },
      },
    },
    failed: {
      description: "The report could not be read (not found, not shared with the reader, or no connection): the reason and Try again.",
      on: { "report.retry": { target: "loading" } },
    },
    deleted: {
      description: "The report was deleted: the page says so, links to the list, and offers Undo.",
      initial: "idle",
      states: {
        idle: { on: { "report.undelete": { target: "restoring" } } },
        restoring: {
          tags: ["busy"],
          entry: "clearError",
          invoke: {
            src: "restoreReport",
            input: ({ context }) => ({ id: context.id }),
            onDone: { target: "#cirEditor.loaded", actions: { type: "storeReport", params: ({ event }) => ({ report: event.output }) } },
            onError: { target: "idle", actions: { type: "storeFailure", params: ({ event }) => ({ error: event.error, fallback: "The report was not restored." }) } },
          },
        },
      },
    },
    loaded: {
      type: "parallel",
      on: { "report.reload": { target: "loading", description: "Reads the report again (after a conflict); a draft is dropped." } },
      states: {
        data: {
          initial: "fetching",
          on: { "data.refresh": { target: ".fetching", description: "The sections changed (a restore): their data is read again." } },
          states: {
            fetching: {
              tags: ["busy"],
              description: "Reads the figures and series of the source sections for the report's range.",
              invoke: {
                src: "loadData",
                input: ({ context }) => ({ range: context.report!.range, sections: context.report!.sections }),
                onDone: { target: "ready", actions: { type: "storeData", params: ({ event }) => ({ data: event.output }) } },
                onError: { target: "failed", actions: { type: "storeDataFailure", params: ({ event }) => ({ error: event.error }) } },
              },
            },
            ready: { description: "Every source section shows its figures, its chart or why it is unavailable." },
            failed: {
              description: "The data could not be read: the sections say so, with Try again.",
              on: { "data.retry": { target: "fetching" } },
            },
          },
        },
        mode: {
          initial: "viewing",
          states: {
            viewing: {
              description: "The report as saved. The owner may edit, delete and open the history; anyone may duplicate.",
              on: {
                "edit.start": { guard: "canEdit", target: "editing", actions: "startDraft" },
                "report.duplicate": { target: "duplicating" },
                "delete.ask": { guard: "canEdit", target: "confirmingDelete", actions: "clearError" },
                "history.open": { guard: "canEdit", target: "history" },
              },
            },
            saved: {
              description: "Saved (or restored): the report as it is now; the same choices as viewing.",
              on: {
                "edit.start": { guard: "canEdit", target: "editing", actions: "startDraft" },
                "report.duplicate": { target: "duplicating" },
                "delete.ask": { guard: "canEdit", target: "confirmingDelete", actions: "clearError" },
                "history.open": { guard: "canEdit", target: "history" },
              },
            },
            editing: {
              description: "The owner's draft: rename, reorder, add and edit text blocks, remove sections, share or make private.",
              on: {
                "edit.rename": { actions: { type: "patchDraft", params: ({ event }) => ({ patch: () => ({ title: event.title }) }) } },
                "edit.move": { actions: { type: "patchDraft", params: ({ event }) => ({ patch: (d: CirDraft) => ({ sections: moveSection(d.sections, event.from, event.to) }) }) } },
                "edit.addText": {
                  actions: { type: "patchDraft", params: ({ event }) => ({ patch: (d: CirDraft) => ({ sections: [...d.sections, { type: "text" as const, id: newSectionId(d.sections), text: event.text ?? "" }] }) }) },
                },
                "edit.setText": {
                  actions: {
                    type: "patchDraft",
                    params: ({ event }) => ({ patch: (d: CirDraft) => ({ sections: d.sections.map((s) => (s.id === event.id && s.type === "text" ? { ...s, text: event.text } : s)) }) }),
                  },
                },
                "edit.remove": { actions: { type: "patchDraft", params: ({ event }) => ({ patch: (d: CirDraft) => ({ sections: d.sections.filter((s) => s.id !== event.id) }) }) } },
                "edit.share": { actions: { type: "patchDraft", params: ({ event }) => ({ patch: () => ({ visibility: event.visibility }) }) } },
                "edit.save": [
                  { guard: "titleInvalid", actions: "showTitleError", description: "A blank title: named under the field; nothing is sent." },
                  { target: "saving" },
                ],
                "edit.cancel": { target: "viewing", actions: "dropDraft" },
              },
            },
            saving: {
              tags: ["busy"],
              description: "The draft is sent with the version it was made on.",
              invoke: {
                src: "saveReport",
                input: ({ context }) => ({
                  id: context.id,
                  version: context.report!.version,
                  title: context.draft!.title,
                  visibility: context.draft!.visibility,
                  sections: context.draft!.sections,
                }),
                onDone: { target: "saved", actions: { type: "storeReport", params: ({ event }) => ({ report: event.output }) } },
                onError: [
                  { guard: { type: "isConflict", params: ({ event }) => ({ error: event.error }) }, target: "conflict", actions: "storeConflict" },
                  { target: "saveFailed", actions: { type: "storeFailure", params: ({ event }) => ({ error: event.error, fallback: SAVE_FAILED }) } },
                ],
              },
            },
            conflict: {
              description: "409: the report changed since it was read. Reload (drops the draft) or cancel.",
              on: { "edit.cancel": { target: "viewing", actions: "dropDraft" } },
            },
            saveFailed: {
              description: "The save failed: the reason; Save again, go on editing, or cancel.",
              on: {
                "edit.save": { target: "saving" },
                "edit.rename": { target: "editing", actions: { type: "patchDraft", params: ({ event }) => ({ patch: () => ({ title: event.title }) }) } },
                "edit.cancel": { target: "viewing", actions: "dropDraft" },
              },
            },
            duplicating: {
              tags: ["busy"],
              entry: "clearError",
              invoke: {
                src: "duplicateReport",
                input: ({ context }) => ({ id: context.id }),
                onDone: { target: "duplicated", actions: { type: "storeDuplicate", params: ({ event }) => ({ report: event.output }) } },
                onError: { target: "viewing", actions: { type: "storeFailure", params: ({ event }) => ({ error: event.error, fallback: "The report was not duplicated." }) } },
              },
            },
            duplicated: {
              description: "A private copy was made; the page opens it.",
              on: { "report.duplicate": { target: "duplicating" } },
            },
            confirmingDelete: {
              description: "Delete the report? Cancel or Delete (Try again after a failure).",
              on: {
                "delete.confirm": { target: "deleting" },
                "delete.cancel": { target: "viewing", actions: "clearError" },
              },
            },
            deleting: {
              tags: ["busy"],
              entry: "clearError",
              invoke: {
                src: "deleteReport",
                input: ({ context }) => ({ id: context.id }),
                onDone: { target: "#cirEditor.deleted" },
                onError: { target: "confirmingDelete", actions: { type: "storeFailure", params: ({ event }) => ({ error: event.error, fallback: "The report was not deleted." }) } },
              },
            },
            history: {
              description: "The report's versions (its events); the owner restores one.",
              initial: "loading",
              on: { "history.close": { target: "viewing", actions: "clearError" } },
              states: {
                loading: {
                  tags: ["busy"],
                  entry: "clearError",
                  invoke: {
                    src: "loadHistory",
                    input: ({ context }) => ({ id: context.id }),
                    onDone: { target: "shown", actions: { type: "storeHistory", params: ({ event }) => ({ history: event.output }) } },
                    onError: { target: "failed", actions: { type: "storeFailure", params: ({ event }) => ({ error: event.error, fallback: "The history could not be loaded." }) } },
                  },
                },
                failed: { on: { "history.open": { target: "loading" } } },
                shown: {
                  on: { "history.restore": { target: "restoring", actions: { type: "chooseRestore", params: ({ event }) => ({ event: event.event }) } } },
                },
                restoring: {
                  tags: ["busy"],
                  entry: "clearError",
                  invoke: {
                    src: "restoreReport",
                    input: ({ context }) => ({ id: context.id, event: context.restoreEvent ?? 0 }),
                    onDone: { target: "#cirEditor.loaded.mode.saved", actions: [{ type: "storeReport", params: ({ event }) => ({ report: event.output }) }, "refreshData"] },
                    onError: { target: "shown", actions: { type: "storeFailure", params: ({ event }) => ({ error: event.error, fallback: "The version was not restored." }) } },
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

export type CirEditorActorRef = ActorRefFrom<typeof cirEditorMachine>;
export type CirEditorSnapshot = SnapshotFrom<typeof cirEditorMachine>;
