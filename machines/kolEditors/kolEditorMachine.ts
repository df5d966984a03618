/**
 * One statechart for every form dialog of /campaign (issue 16): the campaign, the KOL, the
 * booking and the EMV values, each an instance over its own form (machines/kolEditors/kolEditors.ts).
 *
 * - `closed` → `editing` on `editor.open` (the stored item's form, or an empty one). A dialog that
 *   needs something first (`loads`: the brand's KOL roster for a booking, the brand's EMV values)
 *   goes to `loading` → `editing` | `loadFailed` (Try again or Cancel).
 * - `editing`: `editor.set` changes fields; `editor.save` on a form with problems (the field checks
 *   of machines/kolEditors/kolChecks.ts) stays in `editing` and shows each under its field; a valid
 *   one goes to `saving`. `editor.options` replaces what was loaded (the roster with a KOL just
 *   added). `editor.cancel` closes.
 * - `saving` → `saved` (`notifySaved` with the stored item; the dialog closes) | `editing` when the
 *   server refuses a field (a 400 naming it: its message shows under that field) | `failed`.
 * - `failed` says why; an edit goes back to `editing`, Save sends again, Cancel closes.
 * - `saved` is closed, after a save: `editor.open` opens the dialog again.
 *
 * The brand (and the campaign of a booking) travel with the event that opens the dialog: the item
 * is saved for the brand shown when it was opened.
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import { failureMessage, notProvided } from "../shared/actorHelpers";
import type { Problems } from "./kolChecks";

/** What each instance brings: its form's checks and how a server refusal names its fields. */
export interface KolEditorSpec<F> {
  readonly id: string;
  readonly description: string;
  /** Whether the dialog loads something before it can be edited. */
  readonly loads: boolean;
  /** The problems of the form, by field (empty: the form can be sent). */
  readonly problems: (form: F) => Problems<Extract<keyof F, string>>;
  /** The request's key that holds the draft ("campaign", "kol", "booking", "values"): a 400 names `campaign.end`. */
  readonly wrapper: string;
}

export interface KolEditorContext<F, O> {
  readonly brand: string;
  /** The campaign a booking belongs to; null for the others. */
  readonly scope: number | null;
  /** The item edited; null for a new one. */
  readonly id: number | null;
  readonly form: F;
  /** What was loaded for the form (the KOL roster); null before. */
  readonly options: O | null;
  /** The form's problems show once Save was pressed (then live, as the fields change). */
  readonly showProblems: boolean;
  /** A field the server refused, with its message, until the form changes. */
  readonly serverProblem: { readonly field: string; readonly message: string } | null;
  /** Why the last load or save failed. */
  readonly error: string | null;
}

export type KolEditorEvent<F, O> =
  | { readonly type: "editor.open"; readonly brand: string; readonly scope: number | null; readonly id: number | null; readonly form: F }
  | { readonly type: "editor.set"; readonly patch: Partial<F> }
  | { readonly type: "editor.options"; readonly options: O }
  | { readonly type: "editor.save" }
  | { readonly type: "editor.retry" }
  | { readonly type: "editor.cancel" };

export interface KolEditorInput<F> {
  readonly brand: string;
  readonly scope: number | null;
  readonly id: number | null;
  readonly form: F;
}

/** What a load brings: the options, and the form to edit when the load decides it (the stored EMV values). */
export interface KolEditorLoaded<F, O> {
  readonly options: O;
  readonly form: F | null;
}

export const LOAD_FAILED = "The form could not be loaded.";
export const SAVE_FAILED = "It was not saved.";

/**
 * The field a server refusal names, with its message (`campaign.end: must not be before start`,
 * as the server writes a 400: the field's path, then the message); null when it names no field
 * of the form.
 */
export function fieldRefusal(error: unknown, wrapper: string, fields: readonly string[]): { field: string; message: string } | null {
  if (typeof error !== "object" || error === null) return null;
  const { status, message } = error as { status?: unknown; message?: unknown };
  if (status !== 400 || typeof message !== "string") return null;
  const match = /^([A-Za-z_$][\w$]*(?:\.[\w$]+|\[\d+\])*): (.+)$/s.exec(message);
  if (match === null) return null;
  const path = match[1]!.replace(/\[\d+\]/g, "");
  const inner = path.startsWith(`${wrapper}.`) ? path.slice(wrapper.length + 1) : path;
  const field = fields.find((f) => inner === f || inner.startsWith(`${f}.`));
  if (field === undefined) return null;
  const text = match[2]!.trim();
  return { field, message: text.charAt(0).toUpperCase() + text.slice(1) };
}

export function createKolEditorMachine<F extends object, O = null, R = unknown>(spec: KolEditorSpec<F>, emptyForm: F) {
  const fields = Object.keys(emptyForm);
  const initial: KolEditorContext<F, O> = { brand: "", scope: null, id: null, form: emptyForm, options: null, showProblems: false, serverProblem: null, error: null };
  const machineSetup = setup({
    types: {
      context: {} as KolEditorContext<F, O>,
      events: {} as KolEditorEvent<F, O>,
      tags: {} as "busy" | "open",
    },
    actors: {
      /** What the form needs first (the roster, the stored values). */
      load: notProvided<KolEditorLoaded<F, O>, KolEditorInput<F>>("load"),
      /** The upsert call: the stored item. */
      save: notProvided<R, KolEditorInput<F>>("save"),
    },
    actions: {
      /** The item was saved: the feature says so, passes it on and closes the dialog. */
      notifySaved: (_, _params: { result: R }) => undefined,
      start: assign((_, params: { brand: string; scope: number | null; id: number | null; form: F }) => ({
        ...initial, brand: params.brand, scope: params.scope, id: params.id, form: params.form,
      })),
      storeLoaded: assign(({ context }, params: { loaded: KolEditorLoaded<F, O> }) => ({
        options: params.loaded.options, form: params.loaded.form ?? context.form, error: null,
      })),
      storeOptions: assign((_, params: { options: O }) => ({ options: params.options })),
      setFields: assign(({ context }, params: { patch: Partial<F> }) => ({ form: { ...context.form, ...params.patch }, serverProblem: null, error: null })),
      showProblems: assign({ showProblems: true }),
      storeServerProblem: assign((_, params: { error: unknown }) => ({ serverProblem: fieldRefusal(params.error, spec.wrapper, fields), showProblems: true })),
      storeFailure: assign((_, params: { error: unknown; fallback: string }) => ({ error: failureMessage(params.error, params.fallback) })),
      clearError: assign({ error: null }),
    },
    guards: {
      hasProblems: ({ context }) => Object.keys(spec.problems(context.form)).length > 0,
      isFieldRefusal: (_, params: { error: unknown }) => fieldRefusal(params.error, spec.wrapper, fields) !== null,
    },
  });
  const open = {
    target: spec.loads ? "loading" : "editing",
    actions: { type: "start", params: ({ event }: { event: Extract<KolEditorEvent<F, O>, { type: "editor.open" }> }) => event },
  } as const;
  const saveInput = ({ context }: { context: KolEditorContext<F, O> }): KolEditorInput<F> => ({
    brand: context.brand, scope: context.scope, id: context.id, form: context.form,
  });
  const loading = machineSetup.createStateConfig({
    tags: ["busy", "open"],
    description: "What the form needs is read (the roster, the stored values).",
    invoke: {
      src: "load",
      input: saveInput,
      onDone: { target: "editing", actions: { type: "storeLoaded", params: ({ event }) => ({ loaded: event.output }) } },
      onError: { target: "loadFailed", actions: { type: "storeFailure", params: ({ event }) => ({ error: event.error, fallback: LOAD_FAILED }) } },
    },
    on: { "editor.cancel": { target: "closed" } },
  });
  const loadFailed = machineSetup.createStateConfig({
    tags: ["open"],
    description: "The load failed: the dialog says why; Try again or Cancel.",
    on: { "editor.retry": { target: "loading" }, "editor.cancel": { target: "closed" } },
  });
  // Only a dialog that loads its options may have them replaced (the roster with a KOL just added).
  const optionsOn = spec.loads
    ? { "editor.options": { actions: { type: "storeOptions" as const, params: ({ event }: { event: KolEditorEvent<F, O> }) => event as Extract<KolEditorEvent<F, O>, { type: "editor.options" }> } } }
    : {};
  const loadStates: Record<string, typeof loading | typeof loadFailed> = spec.loads ? { loading, loadFailed } : {};
  return machineSetup.createMachine({
    id: spec.id,
    description: spec.description,
    context: initial,
    initial: "closed",
    states: {
      closed: { description: "No dialog.", on: { "editor.open": open } },
      ...loadStates,
      editing: {
        tags: ["open"],
        description: "The form; after a Save its problems show under their fields.",
        on: {
          "editor.set": { actions: { type: "setFields", params: ({ event }) => event } },
          ...optionsOn,
          "editor.save": [
            { guard: "hasProblems", actions: "showProblems", description: "The form has problems: each shows under its field; nothing is sent." },
            { target: "saving" },
          ],
          "editor.cancel": { target: "closed" },
        },
      },
      saving: {
        tags: ["busy", "open"],
        description: "The item is sent.",
        invoke: {
          src: "save",
          input: saveInput,
          onDone: { target: "saved", actions: { type: "notifySaved", params: ({ event }) => ({ result: event.output }) } },
          onError: [
            {
              guard: { type: "isFieldRefusal", params: ({ event }) => ({ error: event.error }) },
              target: "editing",
              actions: { type: "storeServerProblem", params: ({ event }) => ({ error: event.error }) },
              description: "The server refused a field (400 naming it): its message shows under the field.",
            },
            { target: "failed", actions: { type: "storeFailure", params: ({ event }) => ({ error: event.error, fallback: SAVE_FAILED }) } },
          ],
        },
      },
      saved: { description: "Saved and closed; `editor.open` opens the dialog again.", on: { "editor.open": open } },
      failed: {
        tags: ["open"],
        description: "The save failed (not a field): the dialog says why; an edit goes back to editing, Save sends again.",
        exit: "clearError",
        on: {
          "editor.set": { target: "editing", actions: { type: "setFields", params: ({ event }) => event } },
          "editor.save": { target: "saving" },
          "editor.cancel": { target: "closed" },
        },
      },
    },
  });
}

export type KolEditorMachine<F extends object, O, R> = ReturnType<typeof createKolEditorMachine<F, O, R>>;
export type KolEditorActorRef<F extends object, O, R> = ActorRefFrom<KolEditorMachine<F, O, R>>;
export type KolEditorSnapshot<F extends object, O, R> = SnapshotFrom<KolEditorMachine<F, O, R>>;
