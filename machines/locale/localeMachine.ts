/**
 * The language and calendar the user reads the product in (issue 18, docs/i18n.md): part of
 * the view's state, beside the URL's range and brand, but not in the URL (a shared link opens in
 * the reader's own language and calendar).
 *
 * A choice applies once its language's messages are in (`loadMessages`); `context.shown` is what
 * the app shows and remembers on this browser (so the sign-in page speaks it too). A choice the
 * signed-in user makes is then kept on the server (`saveChoice`). Signing in applies the user's stored choice without saving it
 * back. A choice whose messages cannot be loaded leaves the shown language as it was and says so.
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import { DEFAULT_LOCALE, type CalendarSystem, type Language, type LocalePreference } from "../../domain/localeValues";
import { notProvided } from "../shared/actorHelpers";

/** The messages a failure shows (English here; the view translates them: `common.msg.*`). */
export const LOCALE_LOAD_FAILED = "The words of that language could not be loaded. Please try again.";
export const LOCALE_SAVE_FAILED = "Your choice applies on this browser, but it could not be saved to your account.";

export interface LocaleContext {
  /** What is shown now. */
  readonly shown: LocalePreference;
  /** The choice being applied (messages loading or saving); null when none. */
  readonly pending: LocalePreference | null;
  /** Whether the pending choice goes to the server once applied (the user chose it, signed in). */
  readonly save: boolean;
  readonly signedIn: boolean;
  readonly error: string | null;
}

export type LocaleEvent =
  /** The user picks a language or a calendar (the other stays as it is). */
  | { type: "locale.choose"; language?: Language; calendar?: CalendarSystem }
  /** Signed in: the user's stored choice. */
  | { type: "user.loaded"; preference: LocalePreference }
  | { type: "user.signedOut" };

export interface LocaleInput {
  /** The choice remembered on this browser (the last one applied here). */
  readonly remembered: LocalePreference;
}

export type LocaleTag = "busy";

const same = (a: LocalePreference, b: LocalePreference): boolean => a.language === b.language && a.calendar === b.calendar;

export const localeMachine = setup({
  types: {
    context: {} as LocaleContext,
    events: {} as LocaleEvent,
    input: {} as LocaleInput,
    tags: {} as LocaleTag,
  },
  actors: {
    /** Loads the messages of a language (already loaded ones resolve at once). */
    loadMessages: notProvided<void, { language: Language }>("loadMessages"),
    /** Keeps the choice on the server for the signed-in user. */
    saveChoice: notProvided<void, LocalePreference>("saveChoice"),
  },
  actions: {
    /** The pending choice becomes the shown one (the app follows `context.shown`: docs/i18n.md). */
    applyPending: assign(({ context }) => ({ shown: context.pending ?? context.shown })),
  },
  guards: {
    changesShown: ({ context, event }) => {
      if (event.type !== "locale.choose") return false;
      const next = { language: event.language ?? context.shown.language, calendar: event.calendar ?? context.shown.calendar };
      return !same(next, context.shown);
    },
    differsFromShown: ({ context, event }) => event.type === "user.loaded" && !same(event.preference, context.shown),
    toSave: ({ context }) => context.save && context.signedIn,
  },
}).createMachine({
  id: "locale",
  context: ({ input }) => ({ shown: input.remembered, pending: null, save: false, signedIn: false, error: null }),
  initial: "showing",
  on: {
    "locale.choose": {
      guard: "changesShown",
      target: ".loading",
      actions: assign(({ context, event }) => ({
        pending: { language: event.language ?? context.shown.language, calendar: event.calendar ?? context.shown.calendar },
        save: true,
        error: null,
      })),
    },
    "user.loaded": [
      { guard: "differsFromShown", target: ".loading", actions: assign(({ event }) => ({ pending: event.preference, save: false, signedIn: true, error: null })) },
      { actions: assign({ signedIn: true }) },
    ],
    "user.signedOut": { actions: assign({ signedIn: false }) },
  },
  states: {
    showing: {
      description: "The shown language and calendar are the chosen ones.",
    },
    loading: {
      tags: ["busy"],
      description: "The chosen language's messages are loading; the page stays as it was meanwhile.",
      invoke: {
        src: "loadMessages",
        input: ({ context }) => ({ language: (context.pending ?? context.shown).language }),
        onDone: [
          { guard: "toSave", target: "saving", actions: ["applyPending"] },
          { target: "showing", actions: ["applyPending", assign({ pending: null })] },
        ],
        onError: { target: "showing", actions: assign({ pending: null, error: LOCALE_LOAD_FAILED }) },
      },
    },
    saving: {
      tags: ["busy"],
      description: "Shown already; being kept on the user's account.",
      invoke: {
        src: "saveChoice",
        input: ({ context }) => context.shown,
        onDone: { target: "showing", actions: assign({ pending: null }) },
        onError: { target: "showing", actions: assign({ pending: null, error: LOCALE_SAVE_FAILED }) },
      },
    },
  },
});

export { DEFAULT_LOCALE };
export type LocaleMachine = typeof localeMachine;
export type LocaleActorRef = ActorRefFrom<LocaleMachine>;
export type LocaleSnapshot = SnapshotFrom<LocaleMachine>;
