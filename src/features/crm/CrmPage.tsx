/**
 * Route `/crm`: RFM scoring of the brand's customers over the shell's range (issue 6), on the
 * page anatomy (docs/architecture.md): the statechart `machines/crm` with this feature's actors
 * (`crmActors.ts`), read through its selectors. The customers come from the server narrowed by
 * the page filter (active filter, resolved once for every page, and the page's chart clicks);
 * the scoring, the figures and every page of the customer table come from this visit's RFM
 * worker, so the main thread never loops over customers. The table's sort, search, segment and
 * page live in the URL (`domain/crmSearch.ts`); clicking a segment narrows only the table.
 */
import { useCallback, useEffect, useMemo, useRef } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import { toDisplayDate } from "../../../domain/dates";
import { crmQueryOf, crmSearchOf, type CrmSearch, type CrmTableQuery } from "../../../domain/crmSearch";
import { sameCrmPhase, sameCrmTable, selectCrmPhase, selectCrmTable } from "../../../machines/crm/crmSelectors";
import { appInspect } from "@/app/inspect";
import { usePageFilter } from "@/app/pageFilters";
import { usePageSearch, useSetPageSearch, useView } from "@/app/view";
import { downloadCsv, fileNameOf } from "@/components/export/download";
import { crmActors, crmPageMachine, scopeKey, type CrmFeatureTypes } from "@/features/crm/crmActors";
import { crmCalls } from "@/features/crm/crmCalls";
import { createCrmLoaders, type CrmScope } from "@/features/crm/crmLoaders";
import { CrmView } from "@/features/crm/CrmView";
import { useRfmWorker } from "@/features/crm/crmWorker";

const CRM_SEARCH_KEYS: readonly (keyof CrmSearch)[] = ["sort", "dir", "q", "seg", "pg"];

export default function CrmPage() {
  const view = useView();
  const { clicks, remove } = usePageFilter("crm");
  const search = usePageSearch<CrmSearch>();
  const setSearch = useSetPageSearch<CrmSearch>();
  const math = useRfmWorker();
  const loaders = useMemo(() => createCrmLoaders({ calls: crmCalls, math }), [math]);
  const start = toDisplayDate(view.range.startDate);
  const end = toDisplayDate(view.range.endDate);
  const scope = useMemo<CrmScope>(
    () => ({ brand: view.brand, start, end, active: view.active, clicks }),
    [view.brand, start, end, view.active, clicks],
  );
  const key = scopeKey(scope);
  const urlQuery = crmQueryOf(search);
  const urlKey = JSON.stringify(urlQuery);

  const actor = useActorRef(
    crmPageMachine.provide({
      actors: crmActors(loaders),
      actions: {
        saveCsv: (_, { csv }) => {
          const loaded = actor.getSnapshot().context.loaded;
          const { start: from, end: to } = actor.getSnapshot().context.scope;
          downloadCsv(fileNameOf(`CRM customers ${loaded?.brand ?? actor.getSnapshot().context.scope.brand} ${from} ${to}`, "csv"), csv);
        },
      },
    }),
    { input: { scope, scopeKey: key, kpi: view.kpi, query: urlQuery }, inspect: appInspect },
  );
  const phase = useSelector(actor, selectCrmPhase<CrmFeatureTypes>, sameCrmPhase);
  const table = useSelector(actor, selectCrmTable<CrmFeatureTypes>, sameCrmTable);

  // The view and the URL drive the chart; the same scope, selection or query again is ignored.
  useEffect(() => actor.send({ type: "crm.scope", scope, scopeKey: key }), [actor, key]);
  useEffect(() => actor.send({ type: "crm.kpi", kpi: view.kpi }), [actor, view.kpi]);
  useEffect(() => actor.send({ type: "crm.query", query: JSON.parse(urlKey) as CrmTableQuery }), [actor, urlKey]);

  // The table's query lives in the URL: a choice navigates, and the URL's query reaches the chart.
  const setQuery = useCallback(
    (query: CrmTableQuery) => {
      const next = crmSearchOf(query);
      setSearch(Object.fromEntries(CRM_SEARCH_KEYS.map((k) => [k, next[k]])) as Partial<CrmSearch>);
    },
    [setSearch],
  );
  // Other customers or another scoring keep the sort and search, and start on page 1 of every
  // segment (a link's segment and page hold on the first visit).
  const scoredFor = `${key}\n${view.kpi ?? ""}`;
  const firstScoring = useRef(scoredFor);
  useEffect(() => {
    if (firstScoring.current === scoredFor) return;
    firstScoring.current = scoredFor;
    setSearch({ seg: undefined, pg: undefined });
  }, [scoredFor, setSearch]);
  const onSegment = useCallback(
    (index: number) => {
      setQuery({ ...(JSON.parse(urlKey) as CrmTableQuery), segment: index, page: 0 });
      document.getElementById("crm-customers")?.scrollIntoView({ behavior: "smooth", block: "start" });
    },
    [urlKey, setQuery],
  );

  return (
    <CrmView
      brand={view.brand}
      range={{ start, end }}
      phase={phase}
      clicks={clicks}
      onRemoveClick={remove}
      onRetry={() => actor.send({ type: "crm.retry" })}
      onSegment={onSegment}
      kpi={view.kpi ?? null}
      table={{
        query: urlQuery,
        page: table.page,
        busy: table.busy,
        error: table.error,
        exporting: table.exporting,
        onQuery: setQuery,
        onExport: () => actor.send({ type: "crm.export" }),
      }}
    />
  );
}
