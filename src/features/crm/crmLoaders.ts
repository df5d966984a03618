/**
 * What /crm loads and asks the RFM worker, as functions of injected calls and worker (fakes in
 * tests, `crmCalls` and this visit's worker on the page):
 *
 * 1. `loadCustomers`: the active filter template (by title) when one is active, merged with the
 *    ad-hoc filter and the page's chart clicks into the request's filter; the customers of the
 *    range and of the period of equal length before it; both sent to the worker (`load`), which
 *    keeps them for the rest of the visit.
 * 2. `loadKpi`: the selected KPI template (the URL's `kpi`); a user without KPI access (403) or a
 *    template that is gone falls back to equal weights and the default segments, said on the page.
 * 3. `score`: the weights and segment rules of that template (`domain/rfm.ts`) scored in the
 *    worker with progress, answering the summary and the transition matrix.
 * 4. `page` / `csv`: one page of the customer table, or all of it as CSV, from the worker.
 *
 * Nothing here loops over customers: the main thread only moves answers.
 */
import { proxy } from "comlink";
import { DEFAULT_COMMERCE_CHANNEL, type CommerceCustomers, type CommerceFilter, type CommerceRequest } from "../../../domain/commerce";
import { effectiveCommerceFilter, type ChartClick } from "../../../domain/commerceFilter";
import type { FilterTemplate, KpiTemplate } from "../../../domain/entities";
import { rfmWeightsOf, segmentRulesOf, type RfmWeighting, type SegmentRule } from "../../../domain/rfm";
import type { AdHocFilter, ResolvedView } from "../../../domain/viewSearch";
import type { RfmWorkerApi } from "../../../workers/rfm.worker";
import type { CustomerPage, CustomerQuery, RfmSummary, RfmTransitionTable } from "../../../workers/rfm";
import { ApiCallError } from "@/api/client";

/** The RFM worker's functions as the page calls them: each answers a promise. */
export type RfmMath = {
  readonly [K in keyof RfmWorkerApi]: (...args: Parameters<RfmWorkerApi[K]>) => Promise<ReturnType<RfmWorkerApi[K]>>;
};

/** The server calls the page makes (`crmCalls`, or fakes in tests). */
export interface CrmCalls {
  /** `POST /user/commerce-customers` (permission 8). */
  readonly customers: (request: CommerceRequest, signal?: AbortSignal) => Promise<CommerceCustomers>;
  /** The user's saved filter templates. */
  readonly filterTemplates: (signal?: AbortSignal) => Promise<readonly FilterTemplate[]>;
  /** The user's KPI templates (permission 9: a 403 without it). */
  readonly kpiTemplates: (signal?: AbortSignal) => Promise<readonly KpiTemplate[]>;
}

export interface CrmLoaderDeps {
  readonly calls: CrmCalls;
  /** The worker, created on first use. */
  readonly math: () => RfmMath;
}

/** What the customers are narrowed to, and where it came from. */
export interface CrmScope {
  readonly brand: string;
  /** YYYY-MM-DD, both included. */
  readonly start: string;
  readonly end: string;
  readonly active: ResolvedView["active"];
  readonly clicks: readonly ChartClick[];
}

/** Where the filter of the request came from. */
export type FilterSource =
  | { readonly kind: "none" }
  | { readonly kind: "template"; readonly title: string; readonly found: boolean }
  | { readonly kind: "adhoc"; readonly filter: AdHocFilter };

export interface PeriodInfo {
  readonly start: string;
  readonly end: string;
  readonly customers: number;
  /** Orders and NMV (THB) of those customers, summed in the worker: the figure cards compare them. */
  readonly orders: number;
  readonly revenue: number;
}

/** The customers the worker holds now. */
export interface LoadedCustomers {
  readonly brand: string;
  readonly current: PeriodInfo;
  readonly previous: PeriodInfo;
  /** The filter the server applied. */
  readonly filter: CommerceFilter;
  readonly filterSource: FilterSource;
}

/** Which KPI template's weights and segments score the customers. */
export type KpiSource =
  /** None selected. */
  | { readonly kind: "none" }
  /** Selected, but the user may not read KPI templates (no permission 9). */
  | { readonly kind: "forbidden"; readonly title: string }
  /** Selected, but not among the user's templates (deleted or renamed since). */
  | { readonly kind: "missing"; readonly title: string }
  | { readonly kind: "template"; readonly template: KpiTemplate };

export interface CrmResult {
  readonly source: KpiSource;
  readonly weighting: RfmWeighting;
  readonly rules: readonly SegmentRule[];
  readonly summary: RfmSummary;
  readonly transitions: RfmTransitionTable;
}

export interface CrmLoaders {
  loadCustomers(scope: CrmScope, signal?: AbortSignal): Promise<LoadedCustomers>;
  loadKpi(title: string | null, signal?: AbortSignal): Promise<KpiSource>;
  /** Scores the loaded customers; `onProgress` gets 0..1 a few times (never per customer). */
  score(source: KpiSource, onProgress?: (fraction: number) => void): Promise<CrmResult>;
  page(query: CustomerQuery): Promise<CustomerPage>;
  csv(query: CustomerQuery): Promise<string>;
}

/** The template a KPI source scores with; null = equal weights and the default segments. */
export const templateOf = (source: KpiSource): KpiTemplate | null => (source.kind === "template" ? source.template : null);

/** The request of the customers call for a scope and the filter it resolved to. */
export function customersRequest(scope: Pick<CrmScope, "brand" | "start" | "end">, filter: CommerceFilter): CommerceRequest {
  return { brand: scope.brand, start: scope.start, end: scope.end, channel: DEFAULT_COMMERCE_CHANNEL, filter };
}

export function createCrmLoaders({ calls, math }: CrmLoaderDeps): CrmLoaders {
  async function resolveFilter(scope: CrmScope, signal?: AbortSignal): Promise<{ filter: CommerceFilter; source: FilterSource }> {
    const { active, clicks } = scope;
    if (active.kind === "template") {
      const template = (await calls.filterTemplates(signal)).find((t) => t.title === active.title) ?? null;
      return {
        filter: effectiveCommerceFilter({ template, adhoc: null, clicks }),
        source: { kind: "template", title: active.title, found: template !== null },
      };
    }
    if (active.kind === "adhoc") {
      return { filter: effectiveCommerceFilter({ template: null, adhoc: active.filter, clicks }), source: { kind: "adhoc", filter: active.filter } };
    }
    return { filter: effectiveCommerceFilter({ template: null, adhoc: null, clicks }), source: { kind: "none" } };
  }

  async function loadCustomers(scope: CrmScope, signal?: AbortSignal): Promise<LoadedCustomers> {
    const { filter, source } = await resolveFilter(scope, signal);
    const answer = await calls.customers(customersRequest(scope, filter), signal);
    signal?.throwIfAborted();
    const { current, previous } = answer;
    const loaded = await math().load(current.customers, previous.customers);
    return {
      brand: answer.brand,
      current: { start: current.start, end: current.end, ...loaded.totals.current },
      previous: { start: previous.start, end: previous.end, ...loaded.totals.previous },
      filter,
      filterSource: source,
    };
  }

  async function loadKpi(title: string | null, signal?: AbortSignal): Promise<KpiSource> {
    if (title === null) return { kind: "none" };
    let templates: readonly KpiTemplate[];
    try {
      templates = await calls.kpiTemplates(signal);
    } catch (error) {
      // No KPI access: the page scores with equal weights and says why.
      if (error instanceof ApiCallError && error.status === 403) return { kind: "forbidden", title };
      throw error;
    }
    const template = templates.find((t) => t.title === title);
    return template === undefined ? { kind: "missing", title } : { kind: "template", template };
  }

  async function score(source: KpiSource, onProgress?: (fraction: number) => void): Promise<CrmResult> {
    const template = templateOf(source);
    const weighting = rfmWeightsOf(template);
    const rules = segmentRulesOf(template);
    const weights = { recency: weighting.recency, frequency: weighting.frequency, monetary: weighting.monetary };
    // Over Comlink the callback must be a proxy; called in this thread, proxy() only marks it.
    const progress = onProgress === undefined ? undefined : proxy((fraction: number) => onProgress(fraction));
    const { summary, transitions } = await math().score(weights, rules, progress);
    return { source, weighting, rules, summary, transitions };
  }

  return {
    loadCustomers,
    loadKpi,
    score,
    page: (query) => math().page(query),
    csv: (query) => math().csv(query),
  };
}
