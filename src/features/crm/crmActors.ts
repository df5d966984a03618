/**
 * The /crm statechart (`machines/crm`) with this feature's types and actors: the loaders of
 * `crmLoaders.ts` (the server's customers, the KPI templates and this visit's RFM worker),
 * the loads tracked by the shell's loading bar.
 */
import type { CustomerPage } from "../../../workers/rfm";
import { createCrmMachine, type CrmActorRef, type CrmSnapshot } from "../../../machines/crm/crmMachine";
import type { CrmPhase as MachinePhase, CrmTableState } from "../../../machines/crm/crmSelectors";
import { fromPromise } from "xstate";
import type { CrmTableQuery } from "../../../domain/crmSearch";
import { trackLoading } from "@/app/loading";
import { exportQuery, workerQuery } from "@/features/crm/crmFormat";
import type { CrmLoaders, CrmResult, CrmScope, LoadedCustomers } from "@/features/crm/crmLoaders";

/** The feature's shapes in the CRM statechart. */
export interface CrmFeatureTypes {
  readonly scope: CrmScope;
  readonly loaded: LoadedCustomers;
  readonly result: CrmResult;
  readonly page: CustomerPage;
}

export const crmPageMachine = createCrmMachine<CrmFeatureTypes>();
export type CrmPageActorRef = CrmActorRef<CrmFeatureTypes>;
export type CrmPageSnapshot = CrmSnapshot<CrmFeatureTypes>;
export type CrmPhase = MachinePhase<CrmFeatureTypes>;
export type CrmTable = CrmTableState<CrmFeatureTypes>;

/** A key that changes exactly when the customers must be asked for again. */
export function scopeKey(scope: CrmScope): string {
  return JSON.stringify([scope.brand, scope.start, scope.end, scope.active, scope.clicks.map((c) => [c.field, c.value])]);
}

export function crmActors(loaders: CrmLoaders) {
  return {
    loadCustomers: fromPromise<{ loaded: LoadedCustomers; empty: boolean }, { scope: CrmScope }>(async ({ input, signal }) => {
      const loaded = await trackLoading(loaders.loadCustomers(input.scope, signal));
      return { loaded, empty: loaded.current.customers === 0 };
    }),
    score: fromPromise<CrmResult, { loaded: LoadedCustomers; kpi: string | null; report: (progress: number) => void }>(async ({ input, signal }) => {
      const source = await trackLoading(loaders.loadKpi(input.kpi, signal));
      signal.throwIfAborted();
      return loaders.score(source, (progress) => {
        if (!signal.aborted) input.report(progress);
      });
    }),
    loadPage: fromPromise<CustomerPage, { query: CrmTableQuery }>(({ input }) => loaders.page(workerQuery(input.query))),
    exportCsv: fromPromise<string, { query: CrmTableQuery }>(({ input }) => loaders.csv(exportQuery(input.query))),
  };
}
