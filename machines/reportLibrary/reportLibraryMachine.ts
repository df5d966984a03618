/**
 * `/report` (issue 17, docs/reports.md): the user's report library and schedules.
 *
 * Two charts:
 * - `reportLibraryMachine`: the page's data (files and schedules), the shared page load cycle
 *   (`machines/shared/pageLoad.ts`); empty when there is no file and no schedule.
 * - `reportLibraryActionsMachine`: the page's writes.
 *   - `idle` → `confirmingDelete` on `library.deleteFile` (the file named) → `deleting` on
 *     `library.confirm` → `idle` (`notifyChanged`) | back to `confirmingDelete` with the reason;
 *     `library.cancel` closes.
 *   - `idle` → `confirmingUnschedule` on `library.unschedule` → `unscheduling`, the same way.
 *   - `idle` → `changingFrequency` on `library.changeFrequency` → `idle` (`notifyChanged`) | `idle`
 *     with the reason.
 *   - `idle` → `scheduleDialog` on `library.openSchedule`: `loadingReports` (the reports the user
 *     may read) → `choosing` | `reportsFailed` (`library.retryReports`); `choosing` →
 *     `scheduling` on `library.schedule` → `idle` (`notifyChanged`) | `choosing` with the reason;
 *     `library.cancel` closes.
 *   - `idle` → the same dialog on `library.openSave` ("Save a report now": its PDF made now into
 *     the library): `choosing` → `saving` on `library.save` → `idle` (`notifyChanged`) | `choosing`.
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { ReportSummary } from "../../domain/cirContract";
import type { LibraryFile, ReportLibraryResponse, ReportSchedule, ScheduleFrequency } from "../../domain/reportLibraryContract";
import { failureMessage, notProvided } from "../shared/actorHelpers";
import { createPageMachine, samePagePhase, selectPagePhase, type PageActorRef, type PagePhase, type PageSnapshot } from "../shared/pageLoad";

// ---------------------------------------------------------------------------------------------
// The page's data

/** The library has one view: the signed-in user's own files and schedules (another user: another load). */
export interface ReportLibraryQuery {
  readonly user: string;
}
export type ReportLibraryData = ReportLibraryResponse;

export const reportLibraryMachine = createPageMachine<ReportLibraryQuery, ReportLibraryData>({
  id: "reportLibrary",
  description: "The /report page: the user's library files (newest first) and schedules.",
  isEmpty: (data) => data.data.length === 0 && data.schedules.length === 0,
  failedMessage: "The report library could not be loaded.",
});
export type ReportLibraryActorRef = PageActorRef<ReportLibraryQuery, ReportLibraryData>;
export type ReportLibrarySnapshot = PageSnapshot<ReportLibraryQuery, ReportLibraryData>;
export const selectLibraryPhase = (s: ReportLibrarySnapshot): PagePhase<ReportLibraryData> => selectPagePhase<ReportLibraryData>(s);
export const sameLibraryPhase = samePagePhase<ReportLibraryData>;

// ---------------------------------------------------------------------------------------------
// The page's writes

export interface ReportLibraryActionsContext {
  readonly file: LibraryFile | null;
  readonly schedule: ReportSchedule | null;
  /** The reports the schedule dialog offers. */
  readonly reports: readonly ReportSummary[];
  /** Why the last write failed, in words. */
  readonly error: string | null;
  /** What the report dialog does: schedule the report, or save its PDF now. */
  readonly mode: "schedule" | "save";
}

export type ReportLibraryActionsEvent =
  | { readonly type: "library.deleteFile"; readonly file: LibraryFile }
  | { readonly type: "library.unschedule"; readonly schedule: ReportSchedule }
  | { readonly type: "library.changeFrequency"; readonly schedule: ReportSchedule; readonly frequency: ScheduleFrequency }
  | { readonly type: "library.openSchedule" }
  | { readonly type: "library.openSave" }
  | { readonly type: "library.save"; readonly reportId: number }
  | { readonly type: "library.retryReports" }
  | { readonly type: "library.schedule"; readonly reportId: number; readonly frequency: ScheduleFrequency }
  | { readonly type: "library.confirm" }
  | { readonly type: "library.cancel" };

export const DELETE_FAILED = "The file was not deleted.";
export const UNSCHEDULE_FAILED = "The schedule was not removed.";
export const SCHEDULE_FAILED = "The report was not scheduled.";
export const SAVE_FAILED = "The PDF was not saved.";
export const REPORTS_FAILED = "Your reports could not be loaded.";

const INITIAL: ReportLibraryActionsContext = { file: null, schedule: null, reports: [], error: null, mode: "schedule" };

export const reportLibraryActionsMachine = setup({
  types: {
    context: {} as ReportLibraryActionsContext,
    events: {} as ReportLibraryActionsEvent,
    tags: {} as "busy" | "dialog",
  },
  actors: {
    /** `POST /user/delete-library-file`. */
    deleteFile: notProvided<unknown, { id: number }>("deleteFile"),
    /** `POST /user/unschedule-report`. */
    unschedule: notProvided<unknown, { id: number }>("unschedule"),
    /** `POST /user/schedule-report` (a new schedule, or a new frequency of one). */
    scheduleReport: notProvided<ReportSchedule, { reportId: number; frequency: ScheduleFrequency }>("scheduleReport"),
    /** `POST /user/save-report-to-library`: the report's PDF made now, kept in the library. */
    saveReport: notProvided<unknown, { reportId: number }>("saveReport"),
    /** `GET /user/cir-reports`: the reports the user may read. */
    loadReports: notProvided<readonly ReportSummary[], void>("loadReports"),
  },
  actions: {
    /** A write succeeded: the feature says so and the library loads again. */
    notifyChanged: (_, _params: { what: "deleted" | "unscheduled" | "scheduled" | "saved" }) => undefined,
    pickFile: assign((_, params: { file: LibraryFile }) => ({ ...INITIAL, file: params.file })),
    pickSchedule: assign((_, params: { schedule: ReportSchedule }) => ({ ...INITIAL, schedule: params.schedule })),
    reset: assign(() => INITIAL),
    openDialog: assign((_, params: { mode: "schedule" | "save" }) => ({ ...INITIAL, mode: params.mode })),
    storeReports: assign((_, params: { reports: readonly ReportSummary[] }) => ({ reports: params.reports, error: null })),
    storeFailure: assign((_, params: { error: unknown; fallback: string }) => ({ error: failureMessage(params.error, params.fallback) })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: "reportLibraryActions",
  description: "The /report page's writes: delete a file, remove or change a schedule, schedule a report.",
  context: INITIAL,
  initial: "idle",
  states: {
    idle: {
      description: "Nothing asked; the last failure (a frequency change) may show.",
      on: {
        "library.deleteFile": { target: "confirmingDelete", actions: { type: "pickFile", params: ({ event }) => event } },
        "library.unschedule": { target: "confirmingUnschedule", actions: { type: "pickSchedule", params: ({ event }) => event } },
        "library.changeFrequency": { target: "changingFrequency", actions: { type: "pickSchedule", params: ({ event }) => event } },
        "library.openSchedule": { target: "scheduleDialog", actions: { type: "openDialog", params: { mode: "schedule" } } },
        "library.openSave": { target: "scheduleDialog", actions: { type: "openDialog", params: { mode: "save" } } },
      },
    },
    confirmingDelete: {
      tags: ["dialog"],
      description: "Delete this file? Cancel or Delete (Try again after a failure).",
      on: { "library.confirm": { target: "deleting" }, "library.cancel": { target: "idle", actions: "reset" } },
    },
    deleting: {
      tags: ["busy", "dialog"],
      entry: "clearError",
      invoke: {
        src: "deleteFile",
        input: ({ context }) => ({ id: context.file?.id ?? 0 }),
        onDone: { target: "idle", actions: [{ type: "notifyChanged", params: { what: "deleted" } }, "reset"] },
        onError: { target: "confirmingDelete", actions: { type: "storeFailure", params: ({ event }) => ({ error: event.error, fallback: DELETE_FAILED }) } },
      },
    },
    confirmingUnschedule: {
      tags: ["dialog"],
      description: "Remove this schedule? Its files stay in the library.",
      on: { "library.confirm": { target: "unscheduling" }, "library.cancel": { target: "idle", actions: "reset" } },
    },
    unscheduling: {
      tags: ["busy", "dialog"],
      entry: "clearError",
      invoke: {
        src: "unschedule",
        input: ({ context }) => ({ id: context.schedule?.id ?? 0 }),
        onDone: { target: "idle", actions: [{ type: "notifyChanged", params: { what: "unscheduled" } }, "reset"] },
        onError: { target: "confirmingUnschedule", actions: { type: "storeFailure", params: ({ event }) => ({ error: event.error, fallback: UNSCHEDULE_FAILED }) } },
      },
    },
    changingFrequency: {
      tags: ["busy"],
      description: "The schedule's new frequency is sent (its next run moves).",
      invoke: {
        src: "scheduleReport",
        input: ({ context, event }) => ({
          reportId: context.schedule?.reportId ?? 0,
          frequency: event.type === "library.changeFrequency" ? event.frequency : "daily",
        }),
        onDone: { target: "idle", actions: [{ type: "notifyChanged", params: { what: "scheduled" } }, "reset"] },
        onError: { target: "idle", actions: { type: "storeFailure", params: ({ event }) => ({ error: event.error, fallback: SCHEDULE_FAILED }) } },
      },
    },
    scheduleDialog: {
      tags: ["dialog"],
      description: "Schedule a report (one of the user's readable reports and a frequency), or save one's PDF now.",
      initial: "loadingReports",
      on: { "library.cancel": { target: "idle", actions: "reset" } },
      states: {
        loadingReports: {
          tags: ["busy"],
          invoke: {
            src: "loadReports",
            onDone: { target: "choosing", actions: { type: "storeReports", params: ({ event }) => ({ reports: event.output }) } },
            onError: { target: "reportsFailed", actions: { type: "storeFailure", params: ({ event }) => ({ error: event.error, fallback: REPORTS_FAILED }) } },
          },
        },
        reportsFailed: {
          description: "The reports could not be loaded: Try again.",
          on: { "library.retryReports": { target: "loadingReports" } },
        },
        choosing: {
          description: "A report (and a frequency); Schedule, or Save to library.",
          on: { "library.schedule": { target: "scheduling" }, "library.save": { target: "saving" } },
        },
        saving: {
          tags: ["busy"],
          entry: "clearError",
          invoke: {
            src: "saveReport",
            input: ({ event }) => ({ reportId: event.type === "library.save" ? event.reportId : 0 }),
            onDone: { target: "#reportLibraryActions.idle", actions: [{ type: "notifyChanged", params: { what: "saved" } }, "reset"] },
            onError: { target: "choosing", actions: { type: "storeFailure", params: ({ event }) => ({ error: event.error, fallback: SAVE_FAILED }) } },
          },
        },
        scheduling: {
          tags: ["busy"],
          entry: "clearError",
          invoke: {
            src: "scheduleReport",
            input: ({ event }) => (event.type === "library.schedule" ? { reportId: event.reportId, frequency: event.frequency } : { reportId: 0, frequency: "daily" as const }),
            onDone: { target: "#reportLibraryActions.idle", actions: [{ type: "notifyChanged", params: { what: "scheduled" } }, "reset"] },
            onError: { target: "choosing", actions: { type: "storeFailure", params: ({ event }) => ({ error: event.error, fallback: SCHEDULE_FAILED }) } },
          },
        },
      },
    },
  },
});

export type ReportLibraryActionsActorRef = ActorRefFrom<typeof reportLibraryActionsMachine>;
export type ReportLibraryActionsSnapshot = SnapshotFrom<typeof reportLibraryActionsMachine>;

/** What the page shows of the writes: which dialog is open, whether a write is under way, and why the last one failed. */
export interface ReportLibraryActionsView {
  readonly dialog: "delete" | "unschedule" | "schedule" | null;
  readonly busy: boolean;
  readonly reportsState: "loading" | "failed" | "ready" | null;
  readonly file: LibraryFile | null;
  readonly schedule: ReportSchedule | null;
  readonly reports: readonly ReportSummary[];
  readonly error: string | null;
  readonly mode: "schedule" | "save";
}

export function selectActionsView(s: ReportLibraryActionsSnapshot): ReportLibraryActionsView {
  const dialog = s.matches("confirmingDelete") || s.matches("deleting") ? "delete"
    : s.matches("confirmingUnschedule") || s.matches("unscheduling") ? "unschedule"
    : s.matches("scheduleDialog") ? "schedule" : null;
  const reportsState = !s.matches("scheduleDialog") ? null
    : s.matches({ scheduleDialog: "loadingReports" }) ? "loading"
    : s.matches({ scheduleDialog: "reportsFailed" }) ? "failed" : "ready";
  return { dialog, busy: s.hasTag("busy"), reportsState, file: s.context.file, schedule: s.context.schedule, reports: s.context.reports, error: s.context.error, mode: s.context.mode };
}

export const sameActionsView = (a: ReportLibraryActionsView, b: ReportLibraryActionsView): boolean =>
  a.dialog === b.dialog && a.busy === b.busy && a.reportsState === b.reportsState && a.file === b.file && a.schedule === b.schedule &&
  a.reports === b.reports && a.error === b.error && a.mode === b.mode;
