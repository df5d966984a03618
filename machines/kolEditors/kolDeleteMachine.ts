/**
 * Delete a KOL campaign, a booking or a KOL of the roster (/campaign, issue 16), after a
 * confirmation that names it.
 *
 * - `closed` → `confirming` on `delete.open` (what to delete: its kind, id and name).
 * - `confirming` → `deleting` on `delete.confirm`; `delete.cancel` closes.
 * - `deleting` → `deleted` (`notifyDeleted`; the dialog closes) | `confirming` with the reason (the
 *   button then reads Try again). A KOL that still has bookings is refused by the server (400): the
 *   reason says so.
 * - `deleted` is closed, after a delete: `delete.open` asks again.
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import { failureMessage, notProvided } from "../shared/actorHelpers";

export type KolItemKind = "campaign" | "booking" | "kol";

export interface KolDeleteTarget {
  readonly kind: KolItemKind;
  readonly id: number;
  readonly name: string;
}

export interface KolDeleteContext {
  readonly brand: string;
  readonly target: KolDeleteTarget | null;
  /** Why the last delete failed. */
  readonly error: string | null;
}

export type KolDeleteEvent =
  | { readonly type: "delete.open"; readonly brand: string; readonly target: KolDeleteTarget }
  | { readonly type: "delete.confirm" }
  | { readonly type: "delete.cancel" };

export interface KolDeleteInput {
  readonly brand: string;
  readonly kind: KolItemKind;
  readonly id: number;
}

export const DELETE_FAILED = "It was not deleted.";

const INITIAL: KolDeleteContext = { brand: "", target: null, error: null };

export const kolDeleteMachine = setup({
  types: {
    context: {} as KolDeleteContext,
    events: {} as KolDeleteEvent,
    tags: {} as "busy" | "open",
  },
  actors: {
    /** `POST /user/delete-kol-campaign`, `/user/delete-kol-booking` or `/user/delete-kol`. */
    deleteItem: notProvided<unknown, KolDeleteInput>("deleteItem"),
  },
  actions: {
    /** Deleted: the feature says so and the page loads again. */
    notifyDeleted: (_, _params: { target: KolDeleteTarget }) => undefined,
    start: assign((_, params: { brand: string; target: KolDeleteTarget }) => ({ ...INITIAL, brand: params.brand, target: params.target })),
    storeFailure: assign((_, params: { error: unknown }) => ({ error: failureMessage(params.error, DELETE_FAILED) })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: "kolDelete",
  description: "Delete a KOL campaign, booking or KOL after a confirmation naming it.",
  context: INITIAL,
  initial: "closed",
  states: {
    closed: {
      description: "No dialog.",
      on: { "delete.open": { target: "confirming", actions: { type: "start", params: ({ event }) => event } } },
    },
    confirming: {
      tags: ["open"],
      description: "Delete it? Cancel or Delete (Try again after a failure).",
      on: {
        "delete.confirm": { target: "deleting" },
        "delete.cancel": { target: "closed" },
      },
    },
    deleting: {
      tags: ["busy", "open"],
      description: "The delete is sent; the dialog cannot be closed meanwhile.",
      entry: "clearError",
      invoke: {
        src: "deleteItem",
        input: ({ context }) => ({ brand: context.brand, kind: context.target?.kind ?? "campaign", id: context.target?.id ?? 0 }),
        onDone: { target: "deleted", actions: { type: "notifyDeleted", params: ({ context }) => ({ target: context.target! }) } },
        onError: { target: "confirming", actions: { type: "storeFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    deleted: {
      description: "Deleted and closed; `delete.open` asks again.",
      on: { "delete.open": { target: "confirming", actions: { type: "start", params: ({ event }) => event } } },
    },
  },
});

export type KolDeleteActorRef = ActorRefFrom<typeof kolDeleteMachine>;
export type KolDeleteSnapshot = SnapshotFrom<typeof kolDeleteMachine>;
