/**
 * Where the Import posts dialog of /ma sends its file: an account (bag) of the brand, and its page
 * when the account has several. The account's pages are the server's list (`filterPage`), read
 * here rather than in the dialog, so a slow or failed read is a state the dialog shows.
 *
 * - `unchosen` (no account yet) → `loadingPages` on `target.account` (the dialog sends it at once
 *   for a brand with a single account).
 * - `loadingPages` → `chosen` (an account with one page has it chosen at once) | `failed` (the
 *   reason; `target.retry` reads again).
 * - `target.account` from any state reads the new account's pages and forgets the page chosen.
 * - `target.page` in `chosen` takes a page of the list; an id not on it is ignored.
 *
 * The file can be sent only from `chosen`, with a page when the account has several
 * (`selectImportTarget`, machines/ma/maSelectors.ts).
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { Page } from "../../domain/entities";
import { failureMessage, notProvided } from "../shared/actorHelpers";

export interface ImportTargetContext {
  readonly account: string | null;
  /** The account's pages once read. */
  readonly pages: readonly Page[] | null;
  readonly page: string | null;
  readonly error: string | null;
}

export type ImportTargetEvent =
  | { readonly type: "target.account"; readonly account: string }
  | { readonly type: "target.page"; readonly page: string }
  | { readonly type: "target.retry" };

const PAGES_FAILED = "The pages of this account could not be loaded.";

export const importTargetMachine = setup({
  types: {
    context: {} as ImportTargetContext,
    events: {} as ImportTargetEvent,
  },
  actors: {
    loadPages: notProvided<readonly Page[], { account: string }>("loadPages"),
  },
  actions: {
    storeAccount: assign((_, params: { account: string }) => ({ account: params.account, pages: null, page: null, error: null })),
    // An account with one page has it chosen: there is nothing to ask.
    storePages: assign((_, params: { pages: readonly Page[] }) => ({ pages: params.pages, page: params.pages.length === 1 ? params.pages[0]!.id : null })),
    storePage: assign((_, params: { page: string }) => ({ page: params.page })),
    storeFailure: assign((_, params: { error: unknown }) => ({ error: failureMessage(params.error, PAGES_FAILED) })),
  },
  guards: {
    isListed: ({ context }, params: { page: string }) => context.pages?.some((p) => p.id === params.page) === true,
  },
}).createMachine({
  id: "importTarget",
  description: "The account and page the Import posts dialog of /ma sends its file to; the account's pages are read from the server.",
  context: { account: null, pages: null, page: null, error: null },
  initial: "unchosen",
  on: {
    "target.account": { target: ".loadingPages", reenter: true, actions: { type: "storeAccount", params: ({ event }) => ({ account: event.account }) } },
  },
  states: {
    unchosen: { description: "No account chosen: the dialog asks for one." },
    loadingPages: {
      description: "The chosen account's pages are read.",
      invoke: {
        src: "loadPages",
        input: ({ context }) => ({ account: context.account ?? "" }),
        onDone: { target: "chosen", actions: { type: "storePages", params: ({ event }) => ({ pages: event.output }) } },
        onError: { target: "failed", actions: { type: "storeFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    chosen: {
      description: "The account's pages are known: one is chosen when it has several.",
      on: {
        "target.page": { guard: { type: "isListed", params: ({ event }) => ({ page: event.page }) }, actions: { type: "storePage", params: ({ event }) => ({ page: event.page }) } },
      },
    },
    failed: {
      description: "The pages could not be read: the reason, and Try again.",
      on: { "target.retry": { target: "loadingPages" } },
    },
  },
});

export type ImportTargetActorRef = ActorRefFrom<typeof importTargetMachine>;
export type ImportTargetSnapshot = SnapshotFrom<typeof importTargetMachine>;
