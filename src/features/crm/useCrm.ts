/**
 * The two flows of /crm as hooks over the loaders of `crmLoaders.ts`:
 *
 * - `useCrmScoring`: the customers of the scope (brand, range, filter) are loaded again exactly
 *   when the scope changes (or on Try again), tracked by the shell's loading bar; then they are
 *   scored with the selected KPI template, again whenever the template selection changes (the
 *   customers stay in the worker, nothing is asked of the server but the templates). A load or
 *   scoring overtaken by a newer one is dropped.
 * - `useCustomerTable`: the query of the customer table (sort, search, segment, page) and the
 *   page of rows the worker answers for it; the latest query wins.
 */
import { useEffect, useRef, useState } from "react";
import type { CustomerPage } from "../../../workers/rfm";
import { trackLoading } from "@/app/loading";
import { exportQuery, FIRST_QUERY, workerQuery, type TableQuery } from "@/features/crm/crmFormat";
import type { CrmLoaders, CrmResult, CrmScope, LoadedCustomers } from "@/features/crm/crmLoaders";

/** What the page can show now. */
export type CrmPhase =
  /** The customers are being asked for (and handed to the worker). */
  | { readonly kind: "loading" }
  /** The worker scores them; `progress` 0..1. */
  | { readonly kind: "scoring"; readonly loaded: LoadedCustomers; readonly progress: number }
  | { readonly kind: "ready"; readonly loaded: LoadedCustomers; readonly result: CrmResult }
  /** Nobody ordered in the range (with this filter). */
  | { readonly kind: "empty"; readonly loaded: LoadedCustomers }
  | { readonly kind: "failed"; readonly error: string };

type CustomersState =
  | { readonly status: "loading" }
  | { readonly status: "loaded"; readonly loaded: LoadedCustomers }
  | { readonly status: "failed"; readonly error: string };

type ScoringState =
  | { readonly status: "scoring"; readonly loaded: LoadedCustomers; readonly progress: number }
  | { readonly status: "ready"; readonly loaded: LoadedCustomers; readonly result: CrmResult }
  | { readonly status: "failed"; readonly loaded: LoadedCustomers; readonly error: string };

export const messageOf = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message !== "" ? error.message : fallback;

/** A key that changes exactly when the customers must be asked for again. */
export function scopeKey(scope: CrmScope): string {
  return JSON.stringify([scope.brand, scope.start, scope.end, scope.active, scope.clicks.map((c) => [c.field, c.value])]);
}

/** The phase from the customers' state and the scoring of those customers (a scoring of older ones counts as not started). */
export function phaseOf(customers: CustomersState, scoring: ScoringState | null): CrmPhase {
  if (customers.status === "loading") return { kind: "loading" };
  if (customers.status === "failed") return { kind: "failed", error: customers.error };
  const { loaded } = customers;
  if (loaded.current.customers === 0) return { kind: "empty", loaded };
  if (scoring === null || scoring.loaded !== loaded) return { kind: "scoring", loaded, progress: 0 };
  switch (scoring.status) {
    case "scoring":
      return { kind: "scoring", loaded, progress: scoring.progress };
    case "ready":
      return { kind: "ready", loaded, result: scoring.result };
    case "failed":
      return { kind: "failed", error: scoring.error };
  }
}

export function useCrmScoring(loaders: CrmLoaders, scope: CrmScope, kpi: string | null): { phase: CrmPhase; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [customers, setCustomers] = useState<CustomersState>({ status: "loading" });
  const [scoring, setScoring] = useState<ScoringState | null>(null);
  const key = scopeKey(scope);
  // The scope of the latest render, read when its key changes.
  const latestScope = useRef(scope);
  latestScope.current = scope;

  useEffect(() => {
    const controller = new AbortController();
    setCustomers({ status: "loading" });
    trackLoading(loaders.loadCustomers(latestScope.current, controller.signal)).then(
      (loaded) => {
        if (!controller.signal.aborted) setCustomers({ status: "loaded", loaded });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setCustomers({ status: "failed", error: messageOf(error, "The customers could not be loaded.") });
      },
    );
    return () => controller.abort();
  }, [loaders, key, attempt]);

  const loaded = customers.status === "loaded" && customers.loaded.current.customers > 0 ? customers.loaded : null;
  useEffect(() => {
    if (loaded === null) return;
    const controller = new AbortController();
    const live = () => !controller.signal.aborted;
    setScoring({ status: "scoring", loaded, progress: 0 });
    const run = async () => {
      const source = await trackLoading(loaders.loadKpi(kpi, controller.signal));
      if (!live()) return;
      const result = await loaders.score(source, (progress) => {
        if (live()) setScoring((s) => (s !== null && s.loaded === loaded && s.status === "scoring" ? { ...s, progress } : s));
      });
      if (live()) setScoring({ status: "ready", loaded, result });
    };
    run().catch((error: unknown) => {
      if (live()) setScoring({ status: "failed", loaded, error: messageOf(error, "The customers could not be scored.") });
    });
    return () => controller.abort();
  }, [loaders, loaded, kpi]);

  return { phase: phaseOf(customers, scoring), retry: () => setAttempt((a) => a + 1) };
}

export interface CustomerTable {
  readonly query: TableQuery;
  /** The rows of the latest answered query; null before the first answer. */
  readonly page: CustomerPage | null;
  /** A query is being answered (the rows shown are the previous ones). */
  readonly busy: boolean;
  readonly error: string | null;
  readonly exporting: boolean;
  readonly setQuery: (query: TableQuery) => void;
  /** Asks the worker for every row of the query as CSV and hands it to `save`. */
  readonly exportCsv: (save: (csv: string) => void) => void;
}

/** The customer table of a scoring result: a new result keeps the sort and search, and starts on page 1 of every segment. */
export function useCustomerTable(loaders: CrmLoaders, result: CrmResult | null): CustomerTable {
  const [state, setState] = useState<{ result: CrmResult | null; query: TableQuery }>({ result, query: FIRST_QUERY });
  let query = state.query;
  if (state.result !== result) {
    // Adjusted while rendering (not in an effect), so the old query is never asked of the new result.
    query = { ...state.query, segment: null, page: 0 };
    setState({ result, query });
  }
  const [answer, setAnswer] = useState<{ page: CustomerPage | null; busy: boolean; error: string | null }>({ page: null, busy: false, error: null });
  const [exporting, setExporting] = useState(false);
  const queryKey = JSON.stringify(query);

  useEffect(() => {
    if (result === null) {
      setAnswer({ page: null, busy: false, error: null });
      return;
    }
    let current = true;
    setAnswer((a) => ({ ...a, busy: true }));
    loaders.page(workerQuery(JSON.parse(queryKey) as TableQuery)).then(
      (page) => {
        if (current) setAnswer({ page, busy: false, error: null });
      },
      (error: unknown) => {
        if (current) setAnswer((a) => ({ ...a, busy: false, error: messageOf(error, "The customers could not be listed.") }));
      },
    );
    return () => {
      current = false;
    };
  }, [loaders, result, queryKey]);

  return {
    query,
    page: answer.page,
    busy: answer.busy,
    error: answer.error,
    exporting,
    setQuery: (next) => setState({ result, query: next }),
    exportCsv: (save) => {
      setExporting(true);
      loaders
        .csv(exportQuery(query))
        .then(save, (error: unknown) => {
          setAnswer((a) => ({ ...a, error: messageOf(error, "The customers could not be exported.") }));
        })
        .finally(() => setExporting(false));
    },
  };
}
