/**
 * The /campaign page (KOL Campaign, issue 16): one statechart for what the page loads, the
 * brand's KOL overview over the view's range (`kolOverview`) or one campaign over its whole life
 * (`kolCampaign`, `?c=ID`), and for the page's choices on the campaign's KOL leaderboard (sort,
 * order, tier and platform filters, the KOL picked on the scatter), which the URL holds.
 *
 * The load cycle is the one every page shares (`machines/shared/pageLoad.ts`: loading → loaded |
 * empty | failed; `page.query` with a new key loads once, the same key does nothing;
 * `page.reload` after a write in a dialog; `page.retry` after a failure; the last data stays on
 * screen meanwhile). The leaderboard's choices (`kol.choose`) change what is shown of the
 * loaded campaign, never what is loaded: every figure comes computed from the server, the page
 * only orders and narrows the rows.
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { KolCampaignDetail, KolOverview, KolPlatform, KolTier } from "../../domain/kolContract";
import type { KolSort } from "../../domain/routeSearch";
import { failureMessage, notProvided } from "../shared/actorHelpers";

/** What the page loads: the overview of the view's brand and range (narrowed to a platform), or one campaign. */
export type KolQuery =
  | { readonly kind: "overview"; readonly brand: string; readonly start: string; readonly end: string; readonly platform: KolPlatform | null }
  | { readonly kind: "campaign"; readonly brand: string; readonly id: number };

export type KolData =
  | { readonly kind: "overview"; readonly overview: KolOverview }
  | { readonly kind: "campaign"; readonly detail: KolCampaignDetail };

/** The leaderboard's choices (the URL's `ks`, `kd`, `kt`, `kp`, `kk`). */
export interface KolChoices {
  readonly sort: KolSort;
  readonly order: "asc" | "desc";
  readonly tier: KolTier | null;
  readonly platform: KolPlatform | null;
  /** The KOL picked on the scatter or the leaderboard: the leaderboard and the content show only it. */
  readonly kol: number | null;
}

export const DEFAULT_KOL_CHOICES: KolChoices = { sort: "cost", order: "desc", tier: null, platform: null, kol: null };

export interface KolContext {
  readonly query: KolQuery;
  readonly key: string;
  readonly data: KolData | null;
  readonly error: string | null;
  readonly choices: KolChoices;
}

export interface KolInput {
  readonly query: KolQuery;
  readonly choices?: KolChoices;
}

export type KolEvent =
  | { readonly type: "page.query"; readonly query: KolQuery }
  | { readonly type: "page.reload" }
  | { readonly type: "page.retry" }
  /** The leaderboard's choices as the URL holds them now (sent on every change). */
  | { readonly type: "kol.choose"; readonly choices: KolChoices };

export const kolQueryKey = (q: KolQuery): string => JSON.stringify(q);

/** Nothing to show: no campaign and no KOL work in the range, or a campaign without booking, KOL or post. */
export function isKolEmpty(data: KolData): boolean {
  if (data.kind === "overview") {
    const { campaigns, totals } = data.overview;
    return campaigns.length === 0 && totals.posts === 0 && totals.cost === 0;
  }
  const d = data.detail;
  return d.bookings.length === 0 && d.kols.length === 0 && d.posts.length === 0;
}

export const kolMachine = setup({
  types: {
    input: {} as KolInput,
    context: {} as KolContext,
    events: {} as KolEvent,
    tags: {} as "busy",
  },
  actors: {
    /** The overview or the campaign of a query (`src/features/kol/kolActors.ts`). */
    load: notProvided<KolData, KolQuery>("load"),
  },
  actions: {
    setQuery: assign((_, { query }: { query: KolQuery }) => ({ query, key: kolQueryKey(query) })),
    setChoices: assign((_, { choices }: { choices: KolChoices }) => ({ choices })),
    storeData: assign((_, { data }: { data: KolData }) => ({ data, error: null })),
    storeFailure: assign((_, { error }: { error: unknown }) => ({ error: failureMessage(error, "The KOL figures could not be loaded.") })),
  },
  guards: {
    isNewQuery: ({ context }, { query }: { query: KolQuery }) => kolQueryKey(query) !== context.key,
    isEmptyData: (_, { data }: { data: KolData }) => isKolEmpty(data),
  },
}).createMachine({
  id: "kol",
  description:
    "The /campaign page: the brand's KOL overview over the view's range, or one campaign over its life (figures against the previous campaign, plan against budget, leaderboard, content, bookings), and the leaderboard's sort and filters.",
  context: ({ input }) => ({ query: input.query, key: kolQueryKey(input.query), data: null, error: null, choices: input.choices ?? DEFAULT_KOL_CHOICES }),
  initial: "loading",
  on: {
    "page.query": {
      guard: { type: "isNewQuery", params: ({ event }) => ({ query: event.query }) },
      target: ".loading",
      actions: { type: "setQuery", params: ({ event }) => ({ query: event.query }) },
      description: "Another brand, range, platform or campaign: loads again (a load under way is cancelled). The same query does nothing.",
    },
    "page.reload": {
      target: ".loading",
      description: "A dialog saved or deleted a campaign, KOL or booking, set the EMV values or imported a sheet: loads again.",
    },
    "kol.choose": {
      actions: { type: "setChoices", params: ({ event }) => ({ choices: event.choices }) },
      description: "A sort, order, tier, platform or KOL chosen: the leaderboard and the content show it, nothing is loaded.",
    },
  },
  states: {
    loading: {
      tags: ["busy"],
      description: "Loads the overview or the campaign; the last data stays on screen meanwhile.",
      invoke: {
        id: "load",
        src: "load",
        input: ({ context }) => context.query,
        onDone: [
          {
            guard: { type: "isEmptyData", params: ({ event }) => ({ data: event.output }) },
            target: "empty",
            actions: { type: "storeData", params: ({ event }) => ({ data: event.output }) },
            description: "No KOL campaign in the range, or a campaign without bookings yet: the page says so.",
          },
          { target: "loaded", actions: { type: "storeData", params: ({ event }) => ({ data: event.output }) } },
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

/** The `load` actor from a typed load function (`signal` aborts a load left behind). */
export const kolLoader = (load: (query: KolQuery, signal: AbortSignal) => Promise<KolData>) =>
  fromPromise<KolData, KolQuery>(({ input, signal }) => load(input, signal));

export type KolActorRef = ActorRefFrom<typeof kolMachine>;
export type KolSnapshot = SnapshotFrom<typeof kolMachine>;
