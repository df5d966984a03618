/**
 * The alerts panel of /ads (issue 15): the alerts the brand's rules raised over the page's range,
 * open ones by default, or the acknowledged ones, or all (the history).
 *
 * - `loading` → `shown` | `failed` (`alerts.retry`).
 * - `alerts.query` (the page's brand and range; the same again does nothing), `alerts.status`
 *   (open, acknowledged, all; the same again does nothing) and `alerts.reload` (a rule saved or
 *   deleted, an import) load again from any state.
 * - `shown` → `acknowledging` on `alerts.acknowledge {ids}` (one alert, or every one shown) →
 *   `loading` (`notifyAcknowledged`) | `shown` with the reason.
 * - `shown` → `checking` on `alerts.check` (every rule of the brand over the range, on demand) →
 *   `loading` (`notifyChecked`) | `shown` with the reason.
 *
 * The last list stays in context while the next one loads.
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { AdsAlertsRequest, AdsAlertsResponse, EvaluateAdsRulesResponse } from "../../domain/adsContract";
import { failureMessage, notProvided } from "../shared/actorHelpers";

/** The page's brand and range. */
export interface AlertsQuery {
  readonly brand: string;
  readonly start: string;
  readonly end: string;
}

export type AlertsStatus = NonNullable<AdsAlertsRequest["status"]>;

export interface AdsAlertsContext {
  readonly query: AlertsQuery;
  readonly status: AlertsStatus;
  readonly data: typeof AdsAlertsResponse.Type | null;
  /** Why the list could not be loaded. */
  readonly error: string | null;
  /** Why the last acknowledgement or check failed. */
  readonly actionError: string | null;
}

export type AdsAlertsEvent =
  | { readonly type: "alerts.query"; readonly query: AlertsQuery }
  | { readonly type: "alerts.status"; readonly status: AlertsStatus }
  | { readonly type: "alerts.reload" }
  | { readonly type: "alerts.retry" }
  | { readonly type: "alerts.acknowledge"; readonly ids: readonly number[] }
  | { readonly type: "alerts.check" };

export const LOAD_FAILED = "The alerts could not be loaded.";
export const ACKNOWLEDGE_FAILED = "The alerts were not acknowledged.";
export const CHECK_FAILED = "The rules could not be checked.";

const queryKey = (q: AlertsQuery) => `${q.brand}\u0000${q.start}\u0000${q.end}`;

export const adsAlertsMachine = setup({
  types: {
    context: {} as AdsAlertsContext,
    events: {} as AdsAlertsEvent,
    input: {} as { query: AlertsQuery },
    tags: {} as "busy",
  },
  actors: {
    /** `GET /user/ads-alerts`. */
    loadAlerts: notProvided<typeof AdsAlertsResponse.Type, AdsAlertsRequest>("loadAlerts"),
    /** `POST /user/acknowledge-ads-alerts`: how many were acknowledged. */
    acknowledgeAlerts: notProvided<{ readonly acknowledged: number }, { brand: string; ids: readonly number[] }>("acknowledgeAlerts"),
    /** `POST /user/evaluate-ads-rules` over the page's range. */
    checkRules: notProvided<typeof EvaluateAdsRulesResponse.Type, AlertsQuery>("checkRules"),
  },
  actions: {
    /** Alerts were acknowledged: the feature says how many. */
    notifyAcknowledged: (_, _params: { acknowledged: number }) => undefined,
    /** The rules were checked: the feature says how many rules and alerts. */
    notifyChecked: (_, _params: { response: typeof EvaluateAdsRulesResponse.Type }) => undefined,
    setQuery: assign((_, params: { query: AlertsQuery }) => ({ query: params.query })),
    setStatus: assign((_, params: { status: AlertsStatus }) => ({ status: params.status })),
    storeData: assign((_, params: { data: typeof AdsAlertsResponse.Type }) => ({ data: params.data, error: null })),
    storeFailure: assign((_, params: { error: unknown }) => ({ error: failureMessage(params.error, LOAD_FAILED) })),
    storeActionFailure: assign((_, params: { error: unknown; fallback: string }) => ({ actionError: failureMessage(params.error, params.fallback) })),
    clearActionError: assign({ actionError: null }),
  },
  guards: {
    isNewQuery: ({ context }, params: { query: AlertsQuery }) => queryKey(params.query) !== queryKey(context.query),
    isOtherStatus: ({ context }, params: { status: AlertsStatus }) => params.status !== context.status,
  },
}).createMachine({
  id: "adsAlerts",
  description: "The alerts panel of /ads: the alerts of the page's brand and range (open, acknowledged or all), acknowledged one by one or all shown; the rules checked on demand.", // i18n-ignore: statechart description (inspector, docs)
  context: ({ input }) => ({ query: input.query, status: "open", data: null, error: null, actionError: null }),
  initial: "loading",
  on: {
    "alerts.query": {
      guard: { type: "isNewQuery", params: ({ event }) => event },
      target: ".loading",
      actions: { type: "setQuery", params: ({ event }) => event },
      description: "Another brand or range: loads again. The same again does nothing.", // i18n-ignore: statechart description (inspector, docs)
    },
    "alerts.status": {
      guard: { type: "isOtherStatus", params: ({ event }) => event },
      target: ".loading",
      actions: { type: "setStatus", params: ({ event }) => event },
      description: "Open, acknowledged or all: loads that list.", // i18n-ignore: statechart description (inspector, docs)
    },
    "alerts.reload": { target: ".loading", description: "A rule was saved or deleted, or figures imported: loads again." }, // i18n-ignore: statechart description (inspector, docs)
  },
  states: {
    loading: {
      tags: ["busy"],
      description: "Loads the list; the last one stays on screen meanwhile.", // i18n-ignore: statechart description (inspector, docs)
      entry: "clearActionError",
      invoke: {
        src: "loadAlerts",
        input: ({ context }) => ({ ...context.query, status: context.status }),
        onDone: { target: "shown", actions: { type: "storeData", params: ({ event }) => ({ data: event.output }) } },
        onError: { target: "failed", actions: { type: "storeFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    shown: {
      description: "The list (or that there is none); Acknowledge, Acknowledge all shown, Check rules now.", // i18n-ignore: statechart description (inspector, docs)
      on: {
        "alerts.acknowledge": { target: "acknowledging" },
        "alerts.check": { target: "checking" },
      },
    },
    acknowledging: {
      tags: ["busy"],
      description: "The alerts are marked acknowledged; then the list loads again.", // i18n-ignore: statechart description (inspector, docs)
      entry: "clearActionError",
      invoke: {
        src: "acknowledgeAlerts",
        input: ({ context, event }) => ({ brand: context.query.brand, ids: event.type === "alerts.acknowledge" ? event.ids : [] }),
        onDone: { target: "loading", actions: { type: "notifyAcknowledged", params: ({ event }) => ({ acknowledged: event.output.acknowledged }) } },
        onError: { target: "shown", actions: { type: "storeActionFailure", params: ({ event }) => ({ error: event.error, fallback: ACKNOWLEDGE_FAILED }) } },
      },
    },
    checking: {
      tags: ["busy"],
      description: "Every rule of the brand is evaluated over the range; then the list loads again.", // i18n-ignore: statechart description (inspector, docs)
      entry: "clearActionError",
      invoke: {
        src: "checkRules",
        input: ({ context }) => context.query,
        onDone: { target: "loading", actions: { type: "notifyChecked", params: ({ event }) => ({ response: event.output }) } },
        onError: { target: "shown", actions: { type: "storeActionFailure", params: ({ event }) => ({ error: event.error, fallback: CHECK_FAILED }) } },
      },
    },
    failed: {
      description: "The list could not be loaded: why, and Try again.", // i18n-ignore: statechart description (inspector, docs)
      on: { "alerts.retry": { target: "loading" } },
    },
  },
});

export type AdsAlertsActorRef = ActorRefFrom<typeof adsAlertsMachine>;
export type AdsAlertsSnapshot = SnapshotFrom<typeof adsAlertsMachine>;
