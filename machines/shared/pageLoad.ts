/**
 * The load cycle every module page shares (docs/architecture.md, "The page anatomy"): the page's
 * query (the view it shows, its own choices) → loading → loaded | empty | failed. A new query
 * (`page.query`, sent whenever the URL or the page's choices change) loads again exactly once; an
 * unchanged one does nothing; `page.reload` loads again after a change made elsewhere (an import,
 * a saved template); `page.retry` after a failure. The data of the last load stays in context
 * while the next one runs, so the page can keep it on screen.
 *
 * `createPageMachine` builds one page's statechart from this cycle: each page has its own machine
 * (its own id in the inspector, its own model and diagram), defined in `machines/<module>/`.
 */
import { failureMessage, notProvided } from "./actorHelpers";
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";

export interface PageLoadContext<Q, D> {
  /** What is shown: the query of the latest `page.query`. */
  readonly query: Q;
  /** `keyOf(query)`: a new query with the same key is the same page. */
  readonly key: string;
  /** The data of the last successful load (kept while the next one runs). */
  readonly data: D | null;
  /** Why the last load failed, in a sentence for the user. */
  readonly error: string | null;
}

export interface PageLoadInput<Q> {
  readonly query: Q;
}

export type PageLoadEvent<Q> =
  /** The page's query as the URL and the page's choices make it now (sent on every change). */
  | { readonly type: "page.query"; readonly query: Q }
  /** Load again: something the page shows was changed elsewhere. */
  | { readonly type: "page.reload" }
  /** Try again after a failure. */
  | { readonly type: "page.retry" };

export interface PageMachineOptions<Q, D> {
  readonly id: string;
  /** What the page shows, for the inspector and the generated diagram. */
  readonly description: string;
  /** True when the loaded data has nothing to show (the page says so instead of empty charts). */
  readonly isEmpty: (data: D) => boolean;
  /** What makes two queries the same page (default: their JSON). */
  readonly keyOf?: (query: Q) => string;
  /** The sentence shown when a load fails without a message of its own. */
  readonly failedMessage: string;
}

export function createPageMachine<Q, D>(options: PageMachineOptions<Q, D>) {
  const keyOf = options.keyOf ?? ((query: Q) => JSON.stringify(query));
  return setup({
    types: {
      input: {} as PageLoadInput<Q>,
      context: {} as PageLoadContext<Q, D>,
      events: {} as PageLoadEvent<Q>,
      tags: {} as "busy",
    },
    actors: {
      /**
       * The page's data for a query, ready to show. Typed loosely here (xstate cannot type an
       * invoke over a type parameter); `pageLoader` gives the page a typed implementation.
       */
      load: notProvided<unknown, unknown>("load"),
    },
    actions: {
      // Params are wrapped in objects: xstate's parameter types cannot be worked out for a bare
      // type parameter.
      setQuery: assign((_, { query }: { query: Q }) => ({ query, key: keyOf(query) })),
      storeData: assign((_, { data }: { data: D }) => ({ data, error: null })),
      storeFailure: assign((_, { error }: { error: unknown }) => ({ error: failureMessage(error, options.failedMessage) })),
    },
    guards: {
      isNewQuery: ({ context }, { query }: { query: Q }) => keyOf(query) !== context.key,
      isEmptyData: (_, { data }: { data: D }) => options.isEmpty(data),
    },
  }).createMachine({
    id: options.id,
    description: options.description,
    context: ({ input }) => ({ query: input.query, key: keyOf(input.query), data: null, error: null }),
    initial: "loading",
    on: {
      "page.query": {
        guard: { type: "isNewQuery", params: ({ event }) => ({ query: event.query }) },
        target: ".loading",
        actions: { type: "setQuery", params: ({ event }) => ({ query: event.query }) },
        description: "Another view or choice: loads again (a load under way is cancelled). The same query does nothing.",
      },
      "page.reload": {
        target: ".loading",
        description: "Something the page shows changed elsewhere (an import, a saved template): loads again.",
      },
    },
    states: {
      loading: {
        tags: ["busy"],
        description: "Loads the data of the query; the last data stays on screen meanwhile.",
        invoke: {
          id: "load",
          src: "load",
          input: ({ context }: { context: PageLoadContext<Q, D> }) => context.query,
          onDone: [
            {
              guard: { type: "isEmptyData", params: ({ event }) => ({ data: event.output as D }) },
              target: "empty",
              actions: { type: "storeData", params: ({ event }) => ({ data: event.output as D }) },
              description: "Nothing to show for this query: the page says so.",
            },
            { target: "loaded", actions: { type: "storeData", params: ({ event }) => ({ data: event.output as D }) } },
          ],
          onError: {
            target: "failed",
            actions: { type: "storeFailure", params: ({ event }) => ({ error: event.error }) },
            description: "Keeps why (the error's message, else a generic sentence).",
          },
        },
      },
      loaded: {},
      empty: { description: "Loaded, with nothing to show for this query." },
      failed: {
        description: "The load failed: the page says why and offers Try again.",
        on: { "page.retry": { target: "loading", description: "Loads the same query again." } },
      },
    },
  });
}

/** The `load` actor of a page machine, from a typed load function (`signal` aborts a load left behind). */
export function pageLoader<Q, D>(load: (query: Q, signal: AbortSignal) => Promise<D>) {
  return fromPromise<unknown, unknown>(({ input, signal }) => load(input as Q, signal));
}

export type PageMachine<Q, D> = ReturnType<typeof createPageMachine<Q, D>>;
export type PageActorRef<Q, D> = ActorRefFrom<PageMachine<Q, D>>;
export type PageSnapshot<Q, D> = SnapshotFrom<PageMachine<Q, D>>;

/** What a page shows, from its machine's snapshot. */
export type PagePhase<D> =
  | { readonly kind: "loading"; readonly data: D | null }
  | { readonly kind: "loaded"; readonly data: D }
  | { readonly kind: "empty"; readonly data: D }
  | { readonly kind: "failed"; readonly data: D | null; readonly error: string };

/** The page's phase; compare with `samePagePhase` so a page renders once per change. */
export function selectPagePhase<D>(s: { value: unknown; context: { data: D | null; error: string | null } }): PagePhase<D> {
  const { data, error } = s.context;
  if (s.value === "failed") return { kind: "failed", data, error: error ?? "" };
  if (s.value === "loaded" && data !== null) return { kind: "loaded", data };
  if (s.value === "empty" && data !== null) return { kind: "empty", data };
  return { kind: "loading", data };
}

/** Same kind, same data (by reference: loaded data is never changed in place), same error. */
export function samePagePhase<D>(a: PagePhase<D>, b: PagePhase<D>): boolean {
  return a.kind === b.kind && a.data === b.data && (a.kind !== "failed" || b.kind !== "failed" || a.error === b.error);
}
