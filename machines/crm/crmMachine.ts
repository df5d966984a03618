/**
 * The /crm page (issue 6, on the page anatomy of issue 12): the brand's customers over the view's
 * range, narrowed by the page filter, are loaded once per scope and handed to the RFM worker;
 * then scored with the selected KPI template (again, without reloading, when the selection
 * changes); then the customer table asks the worker for one page of rows per query, and the CSV
 * export for all of them.
 *
 * - `loading` → `empty` (nobody ordered) | `scoring` → `ready` | `failed` (Try again reloads).
 * - A new scope (brand, range, filter, chart clicks) reloads from any state; the same scope again
 *   is ignored. A new KPI selection scores the loaded customers again.
 * - `ready` runs two regions: the table (`fetching` → `shown`, each query fetched anew) and the
 *   export (`idle` ⇄ `exporting`).
 * - The table's query comes from the page (it lives in the URL; the page starts a new scoring on
 *   page 1 of every segment).
 *
 * The data shapes belong to the feature and the worker: the factory is generic over them, the
 * registered instance (`crmMachine`) uses `unknown`.
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import { FIRST_CRM_QUERY, sameCrmQuery, type CrmTableQuery } from "../../domain/crmSearch";
import { failureMessage, notProvided } from "../shared/actorHelpers";

/** The feature's data shapes. */
export interface CrmTypes {
  /** What the page filter and view narrow the customers by. */
  readonly scope: unknown;
  /** The customers as loaded into the worker, with their totals. */
  readonly loaded: unknown;
  /** A scoring's summary and transitions. */
  readonly result: unknown;
  /** One page of the customer table. */
  readonly page: unknown;
}

export interface CrmContext<T extends CrmTypes> {
  readonly scope: T["scope"];
  /** Changes exactly when the customers must be loaded again. */
  readonly scopeKey: string;
  readonly kpi: string | null;
  readonly loaded: T["loaded"] | null;
  readonly result: T["result"] | null;
  /** Scoring progress 0..1. */
  readonly progress: number;
  readonly error: string | null;
  readonly query: CrmTableQuery;
  readonly page: T["page"] | null;
  readonly tableError: string | null;
}

export interface CrmInput<T extends CrmTypes> {
  readonly scope: T["scope"];
  readonly scopeKey: string;
  readonly kpi: string | null;
  /** The table query the URL asks for. */
  readonly query?: CrmTableQuery;
}

export type CrmEvent<T extends CrmTypes> =
  | { readonly type: "crm.scope"; readonly scope: T["scope"]; readonly scopeKey: string }
  | { readonly type: "crm.kpi"; readonly kpi: string | null }
  | { readonly type: "crm.retry" }
  | { readonly type: "crm.progress"; readonly progress: number }
  | { readonly type: "crm.query"; readonly query: CrmTableQuery }
  | { readonly type: "crm.export" };

/** What `loadCustomers` answers: the loaded customers, and whether nobody ordered. */
export interface CrmLoadOutput<T extends CrmTypes> {
  readonly loaded: T["loaded"];
  readonly empty: boolean;
}

export interface CrmScoreInput<T extends CrmTypes> {
  readonly loaded: T["loaded"];
  readonly kpi: string | null;
  /** Called with 0..1 a few times while the worker scores. */
  readonly report: (progress: number) => void;
}

export function createCrmMachine<T extends CrmTypes>() {
  return setup({
    types: {
      context: {} as CrmContext<T>,
      events: {} as CrmEvent<T>,
      input: {} as CrmInput<T>,
    },
    actors: {
      loadCustomers: notProvided<CrmLoadOutput<T>, { scope: T["scope"] }>("loadCustomers"),
      score: notProvided<T["result"], CrmScoreInput<T>>("score"),
      loadPage: notProvided<T["page"], { query: CrmTableQuery }>("loadPage"),
      exportCsv: notProvided<string, { query: CrmTableQuery }>("exportCsv"),
    },
    actions: {
      /** Hands the exported CSV to the person (a download); provided by the feature. */
      saveCsv: (_, _params: { csv: string }) => undefined,
      storeScope: assign((_, params: { scope: T["scope"]; scopeKey: string }) => ({ scope: params.scope, scopeKey: params.scopeKey })),
      storeKpi: assign((_, params: { kpi: string | null }) => ({ kpi: params.kpi })),
      forgetCustomers: assign({ loaded: null, result: null, page: null, error: null, tableError: null, progress: 0 }),
      storeLoaded: assign((_, params: { output: CrmLoadOutput<T> }) => ({ loaded: params.output.loaded })),
      startScoring: assign({ progress: 0, error: null }),
      storeProgress: assign((_, params: { progress: number }) => ({ progress: params.progress })),
      storeResult: assign((_, params: { result: T["result"] }) => ({ result: params.result, page: null, tableError: null })),
      storeQuery: assign((_, params: { query: CrmTableQuery }) => ({ query: params.query })),
      storePage: assign((_, params: { page: T["page"] }) => ({ page: params.page, tableError: null })),
      storeFailure: assign((_, params: { error: unknown; fallback: string }) => ({ error: failureMessage(params.error, params.fallback) })),
      storeTableFailure: assign((_, params: { error: unknown; fallback: string }) => ({ tableError: failureMessage(params.error, params.fallback) })),
    },
    guards: {
      isSameScope: ({ context }, params: { scopeKey: string }) => context.scopeKey === params.scopeKey,
      isSameKpi: ({ context }, params: { kpi: string | null }) => context.kpi === params.kpi,
      isSameQuery: ({ context }, params: { query: CrmTableQuery }) => sameCrmQuery(context.query, params.query),
      isEmpty: (_, params: { output: CrmLoadOutput<T> }) => params.output.empty,
    },
  }).createMachine({
    id: "crm",
    description: "The /crm page: the brand's customers loaded once per scope, scored by RFM with the selected KPI template, then listed page by page.",
    context: ({ input }) => ({
      scope: input.scope,
      scopeKey: input.scopeKey,
      kpi: input.kpi,
      loaded: null,
      result: null,
      progress: 0,
      error: null,
      query: input.query ?? FIRST_CRM_QUERY,
      page: null,
      tableError: null,
    }),
    initial: "loading",
    on: {
      // Kept for the next scoring (while loading, empty or failed); scoring and ready score again.
      "crm.kpi": { actions: { type: "storeKpi", params: ({ event }) => ({ kpi: event.kpi }) } },
      "crm.scope": [
        { guard: { type: "isSameScope", params: ({ event }) => ({ scopeKey: event.scopeKey }) } },
        {
          target: ".loading",
          reenter: true,
          actions: [{ type: "storeScope", params: ({ event }) => ({ scope: event.scope, scopeKey: event.scopeKey }) }, "forgetCustomers"],
        },
      ],
      "crm.query": [
        { guard: { type: "isSameQuery", params: ({ event }) => ({ query: event.query }) } },
        { actions: { type: "storeQuery", params: ({ event }) => ({ query: event.query }) } },
      ],
    },
    states: {
      loading: {
        description: "The customers of the scope are asked for and handed to the worker.",
        invoke: {
          src: "loadCustomers",
          input: ({ context }) => ({ scope: context.scope }),
          onDone: [
            { guard: { type: "isEmpty", params: ({ event }) => ({ output: event.output }) }, target: "empty", actions: { type: "storeLoaded", params: ({ event }) => ({ output: event.output }) } },
            { target: "scoring", actions: { type: "storeLoaded", params: ({ event }) => ({ output: event.output }) } },
          ],
          onError: { target: "failed", actions: { type: "storeFailure", params: ({ event }) => ({ error: event.error, fallback: "The customers could not be loaded." }) } },
        },
      },
      scoring: {
        description: "The worker scores the loaded customers with the selected KPI template's weights and segments.",
        entry: "startScoring",
        invoke: {
          src: "score",
          input: ({ context, self }) => ({
            loaded: context.loaded as T["loaded"],
            kpi: context.kpi,
            report: (progress: number) => self.send({ type: "crm.progress", progress }),
          }),
          onDone: { target: "ready", actions: { type: "storeResult", params: ({ event }) => ({ result: event.output }) } },
          onError: { target: "failed", actions: { type: "storeFailure", params: ({ event }) => ({ error: event.error, fallback: "The customers could not be scored." }) } },
        },
        on: {
          "crm.progress": { actions: { type: "storeProgress", params: ({ event }) => ({ progress: event.progress }) } },
          "crm.kpi": [
            { guard: { type: "isSameKpi", params: ({ event }) => ({ kpi: event.kpi }) } },
            { target: "scoring", reenter: true, actions: { type: "storeKpi", params: ({ event }) => ({ kpi: event.kpi }) } },
          ],
        },
      },
      ready: {
        description: "Scored: the figures show; the table and the export run side by side.",
        type: "parallel",
        on: {
          "crm.kpi": [
            { guard: { type: "isSameKpi", params: ({ event }) => ({ kpi: event.kpi }) } },
            { target: "scoring", actions: { type: "storeKpi", params: ({ event }) => ({ kpi: event.kpi }) } },
          ],
        },
        states: {
          table: {
            initial: "fetching",
            on: {
              "crm.query": [
                { guard: { type: "isSameQuery", params: ({ event }) => ({ query: event.query }) } },
                { target: ".fetching", reenter: true, actions: { type: "storeQuery", params: ({ event }) => ({ query: event.query }) } },
              ],
            },
            states: {
              fetching: {
                description: "The worker answers one page of rows for the query (the rows shown are the previous ones).",
                invoke: {
                  src: "loadPage",
                  input: ({ context }) => ({ query: context.query }),
                  onDone: { target: "shown", actions: { type: "storePage", params: ({ event }) => ({ page: event.output }) } },
                  onError: { target: "shown", actions: { type: "storeTableFailure", params: ({ event }) => ({ error: event.error, fallback: "The customers could not be listed." }) } },
                },
              },
              shown: {},
            },
          },
          export: {
            initial: "idle",
            states: {
              idle: { on: { "crm.export": "exporting" } },
              exporting: {
                description: "Every row of the query as CSV, then handed to the person.",
                invoke: {
                  src: "exportCsv",
                  input: ({ context }) => ({ query: context.query }),
                  onDone: { target: "idle", actions: { type: "saveCsv", params: ({ event }) => ({ csv: event.output }) } },
                  onError: { target: "idle", actions: { type: "storeTableFailure", params: ({ event }) => ({ error: event.error, fallback: "The customers could not be exported." }) } },
                },
              },
            },
          },
        },
      },
      empty: {
        description: "Nobody ordered in the range with this filter.",
      },
      failed: {
        description: "The customers could not be loaded or scored; Try again loads them anew.",
        on: { "crm.retry": { target: "loading", actions: "forgetCustomers" } },
      },
    },
  });
}

/** The registered instance (registry, models, diagrams); the feature builds its own with its types. */
export const crmMachine = createCrmMachine<CrmTypes>();

export type CrmMachine<T extends CrmTypes> = ReturnType<typeof createCrmMachine<T>>;
export type CrmActorRef<T extends CrmTypes> = ActorRefFrom<CrmMachine<T>>;
export type CrmSnapshot<T extends CrmTypes> = SnapshotFrom<CrmMachine<T>>;
