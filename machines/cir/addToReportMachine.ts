/**
 * "Add to report" (issue 17, CIR): the dialog that puts a chart or a group of figure cards of a
 * module page into a report.
 *
 * - `closed` → `loading` on `add.open` (the section to add): reads the user's own reports →
 *   `choosing` (the first report chosen, else "New report") | `loadFailed` (`add.retry`).
 * - `choosing`: `add.choose` a report or `"new"`, `add.title` for a new report; `add.submit` with
 *   "New report" and a blank title names the problem and sends nothing, else `adding` → `added`
 *   (where it went: the page links to it) | back to `choosing` with the reason.
 * - `add.close` closes from anywhere but `adding`.
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { ReportSummary, SectionSourceKey, SectionView } from "../../domain/cirContract";
import { failureMessage, notProvided } from "../shared/actorHelpers";

export const NEW_REPORT = "new";

export interface AddTarget {
  readonly source: SectionSourceKey;
  readonly view: SectionView;
}

export interface AddRequest {
  readonly target: AddTarget;
  /** A report id, or NEW_REPORT. */
  readonly choice: string;
  readonly title: string;
}

export interface AddToReportContext {
  readonly target: AddTarget | null;
  readonly reports: readonly ReportSummary[];
  readonly choice: string;
  readonly title: string;
  readonly titleError: string | null;
  readonly error: string | null;
  readonly added: { readonly id: number; readonly title: string } | null;
}

export type AddToReportEvent =
  | { readonly type: "add.open"; readonly target: AddTarget }
  | { readonly type: "add.retry" }
  | { readonly type: "add.choose"; readonly choice: string }
  | { readonly type: "add.title"; readonly title: string }
  | { readonly type: "add.submit" }
  | { readonly type: "add.close" };

const INITIAL: AddToReportContext = { target: null, reports: [], choice: NEW_REPORT, title: "", titleError: null, error: null, added: null };
export const TITLE_NEEDED = "Give the new report a title.";

export const addToReportMachine = setup({
  types: { context: {} as AddToReportContext, events: {} as AddToReportEvent, tags: {} as "busy" },
  actors: {
    /** `GET /user/cir-reports?owner=me`: the reports the user may add to are those they own. */
    loadReports: notProvided<readonly ReportSummary[], null>("loadReports"),
    /** `POST /user/add-cir-section`, or `POST /user/create-cir-report` with the section. */
    addSection: notProvided<{ id: number; title: string }, AddRequest>("addSection"),
  },
  actions: {
    start: assign((_, params: { target: AddTarget }) => ({ ...INITIAL, target: params.target })),
    storeReports: assign((_, params: { reports: readonly ReportSummary[] }) => {
      const own = params.reports.filter((r) => r.canEdit);
      return { reports: own, choice: own[0] === undefined ? NEW_REPORT : String(own[0].id) };
    }),
    storeFailure: assign((_, params: { error: unknown; fallback: string }) => ({ error: failureMessage(params.error, params.fallback) })),
    choose: assign((_, params: { choice: string }) => ({ choice: params.choice, titleError: null, error: null })),
    setTitle: assign((_, params: { title: string }) => ({ title: params.title, titleError: null, error: null })),
    showTitleError: assign({ titleError: TITLE_NEEDED }),
    storeAdded: assign((_, params: { added: { id: number; title: string } }) => ({ added: params.added, error: null })),
    clearError: assign({ error: null }),
  },
  guards: {
    titleMissing: ({ context }) => context.choice === NEW_REPORT && context.title.trim() === "",
  },
}).createMachine({
  id: "addToReport",
  description: "The Add to report dialog of the module pages: choose one of the user's reports or a new one, add the section, say where it went.",
  context: INITIAL,
  initial: "closed",
  states: {
    closed: {
      on: { "add.open": { target: "loading", actions: { type: "start", params: ({ event }) => ({ target: event.target }) } } },
    },
    loading: {
      tags: ["busy"],
      on: { "add.close": { target: "closed" } },
      invoke: {
        src: "loadReports",
        input: () => null,
        onDone: { target: "choosing", actions: { type: "storeReports", params: ({ event }) => ({ reports: event.output }) } },
        onError: { target: "loadFailed", actions: { type: "storeFailure", params: ({ event }) => ({ error: event.error, fallback: "Your reports could not be loaded." }) } },
      },
    },
    loadFailed: {
      description: "The reports could not be read: the reason and Try again.",
      on: { "add.retry": { target: "loading", actions: "clearError" }, "add.close": { target: "closed" } },
    },
    choosing: {
      description: "A report or New report (with its title) is chosen; Add sends it.",
      on: {
        "add.choose": { actions: { type: "choose", params: ({ event }) => ({ choice: event.choice }) } },
        "add.title": { actions: { type: "setTitle", params: ({ event }) => ({ title: event.title }) } },
        "add.submit": [
          { guard: "titleMissing", actions: "showTitleError", description: "New report without a title: named under the field; nothing is sent." },
          { target: "adding" },
        ],
        "add.close": { target: "closed" },
      },
    },
    adding: {
      tags: ["busy"],
      description: "The section is sent; the dialog cannot close meanwhile.",
      entry: "clearError",
      invoke: {
        src: "addSection",
        input: ({ context }) => ({ target: context.target!, choice: context.choice, title: context.title.trim() }),
        onDone: { target: "added", actions: { type: "storeAdded", params: ({ event }) => ({ added: event.output }) } },
        onError: { target: "choosing", actions: { type: "storeFailure", params: ({ event }) => ({ error: event.error, fallback: "The chart was not added." }) } },
      },
    },
    added: {
      description: "Added: the dialog says to which report, with a link to open it.",
      on: {
        "add.open": { target: "loading", actions: { type: "start", params: ({ event }) => ({ target: event.target }) } },
        "add.close": { target: "closed" },
      },
    },
  },
});

export type AddToReportActorRef = ActorRefFrom<typeof addToReportMachine>;
export type AddToReportSnapshot = SnapshotFrom<typeof addToReportMachine>;
