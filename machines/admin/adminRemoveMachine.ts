/**
 * Remove a user or an account of a brand (/admin, issue 17), after a confirmation that names it.
 *
 * - `closed` → `confirming` on `remove.open` (what to remove: its kind, id, name and, for an
 *   account, its brand).
 * - `confirming` → `removing` on `remove.confirm`; `remove.cancel` closes.
 * - `removing` → `removed` (`notifyRemoved`; the dialog closes) | `confirming` with the server's
 *   reason (the button then reads Try again). The server refuses an admin removing themselves.
 * - `removed` is closed, after a remove: `remove.open` asks again.
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import { failureMessage, notProvided } from "../shared/actorHelpers";

export interface AdminRemoveTarget {
  readonly kind: "user" | "account";
  /** The user's id (digits) or the account's id. */
  readonly id: string;
  /** What the question names: the user's email, the account's name. */
  readonly name: string;
  /** The account's brand; null for a user. */
  readonly brandId: number | null;
}

export interface AdminRemoveContext {
  readonly target: AdminRemoveTarget | null;
  /** Why the last remove failed. */
  readonly error: string | null;
}

export type AdminRemoveEvent =
  | { readonly type: "remove.open"; readonly target: AdminRemoveTarget }
  | { readonly type: "remove.confirm" }
  | { readonly type: "remove.cancel" };

export const REMOVE_FAILED = "It was not removed.";

const INITIAL: AdminRemoveContext = { target: null, error: null };

const NO_TARGET: AdminRemoveTarget = { kind: "user", id: "", name: "", brandId: null };

export const adminRemoveMachine = setup({
  types: {
    context: {} as AdminRemoveContext,
    events: {} as AdminRemoveEvent,
    tags: {} as "busy" | "open",
  },
  actors: {
    /** `POST /user/remove-user` or `/user/remove-account`. */
    remove: notProvided<unknown, AdminRemoveTarget>("remove"),
  },
  actions: {
    /** Removed: the feature says so and the list loads again. */
    notifyRemoved: (_, _params: { target: AdminRemoveTarget }) => undefined,
    start: assign((_, params: { target: AdminRemoveTarget }) => ({ ...INITIAL, target: params.target })),
    storeFailure: assign((_, params: { error: unknown }) => ({ error: failureMessage(params.error, REMOVE_FAILED) })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: "adminRemove",
  description: "Remove a user or a brand's account after a confirmation naming it.",
  context: INITIAL,
  initial: "closed",
  states: {
    closed: {
      description: "No dialog.",
      on: { "remove.open": { target: "confirming", actions: { type: "start", params: ({ event }) => event } } },
    },
    confirming: {
      tags: ["open"],
      description: "Remove it? Cancel or Remove (Try again after a failure).",
      on: {
        "remove.confirm": { target: "removing" },
        "remove.cancel": { target: "closed" },
      },
    },
    removing: {
      tags: ["busy", "open"],
      description: "The remove is sent; the dialog cannot be closed meanwhile.",
      entry: "clearError",
      invoke: {
        src: "remove",
        input: ({ context }) => context.target ?? NO_TARGET,
        onDone: { target: "removed", actions: { type: "notifyRemoved", params: ({ context }) => ({ target: context.target ?? NO_TARGET }) } },
        onError: { target: "confirming", actions: { type: "storeFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    removed: {
      description: "Removed and closed; `remove.open` asks again.",
      on: { "remove.open": { target: "confirming", actions: { type: "start", params: ({ event }) => event } } },
    },
  },
});

export type AdminRemoveActorRef = ActorRefFrom<typeof adminRemoveMachine>;
export type AdminRemoveSnapshot = SnapshotFrom<typeof adminRemoveMachine>;

/** What the confirmation shows. */
export interface AdminRemoveView {
  readonly open: boolean;
  readonly target: AdminRemoveTarget | null;
  readonly removing: boolean;
  readonly error: string | null;
}

export function selectAdminRemove(s: AdminRemoveSnapshot): AdminRemoveView {
  return {
    open: s.hasTag("open"),
    target: s.context.target,
    removing: s.matches("removing"),
    error: s.matches("confirming") ? s.context.error : null,
  };
}

export const sameAdminRemove = (a: AdminRemoveView, b: AdminRemoveView): boolean =>
  a.open === b.open && a.target === b.target && a.removing === b.removing && a.error === b.error;
