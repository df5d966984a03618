/**
 * Route `/ads` (issue 15), the container of the page anatomy (docs/architecture.md): the figures'
 * query (the view's brand, range, channel and ad accounts, the page's chart clicks and the
 * selected KPI template) goes to the page's statechart (`machines/ads/adsMachine`); the campaign
 * table's (the same request and the table's own choices in the URL: level, campaign, ad set,
 * sort, order, page) to its own (`machines/ads/adsTableMachine`). A drill-down, a sort or a page
 * is a new history entry (Back undoes it). What they show is read through selectors and handed
 * to the view.
 */
import { useCallback, useDeferredValue, useEffect, useMemo } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import type { AdsCampaignRef, AdsRow, AdsSort } from "../../../domain/adsContract";
import { bangkokDay, toDisplayDate } from "../../../domain/dates";
import { isChannelFilter } from "../../../domain/metrics";
import { ALL_CHANNEL } from "../../../domain/permissions";
import type { AdsSearch } from "../../../domain/routeSearch";
import { adsMachine, adsQueryKey, type AdsQuery, type AdsScope } from "../../../machines/ads/adsMachine";
import { adsTableMachine, type AdsTableQuery as AdsTableMachineQuery } from "../../../machines/ads/adsTableMachine";
import { adsTableExportMachine } from "../../../machines/ads/adsTableExportMachine";
import { samePhase, sameTablePhase, selectExporting, selectPhase, selectTablePhase } from "../../../machines/ads/adsSelectors";
import { appInspect } from "@/app/inspect";
import { usePageReload } from "@/app/pageData";
import { usePageFilter } from "@/app/pageFilters";
import { showToast } from "@/app/toast";
import { usePageSearch, useSetPageSearch, useView } from "@/app/view";
import type { ClickValue } from "@/components/charts/chartCard";
import { downloadCsv, fileNameOf, toCsv } from "@/components/export/download";
import { adsActors, adsTableActors, adsTableExportActors, MAX_EXPORTED_ROWS } from "@/features/ads/adsActors";
import { ADS_CSV_COLUMNS, LEVEL_NAMES, levelName } from "@/features/ads/adsFormat";
import { formatCount } from "@/components/format/numbers";
import { t, translateMessage } from "@/i18n/i18n";
import { adsRequestOf } from "@/features/ads/adsRequest";
import { adsSearchOf, adsTableOf, drilledInto, parentOf, sortedBy, upTo, type AdsTableQuery } from "@/features/ads/adsSearch";
import { AdsTableView } from "@/features/ads/AdsTable";
import { AdsView, type AdsPhase } from "@/features/ads/AdsView";
import { AdsAutomation } from "@/features/ads/automation/AdsAutomation";

/** Before the first answer: no campaign to choose in a rule's scope (one array, so the section does not redraw). */
const NO_CAMPAIGNS: readonly AdsCampaignRef[] = [];

/** The page's machines with their actors, made once (not on every render). */
const ADS_MACHINE = adsMachine.provide({ actors: adsActors });
const ADS_TABLE_MACHINE = adsTableMachine.provide({ actors: adsTableActors });

export default function AdsPage() {
  const view = useView();
  const search = usePageSearch<AdsSearch>();
  const setSearch = useSetPageSearch<AdsSearch>();
  const pageFilter = usePageFilter("ads");
  const start = toDisplayDate(view.range.startDate);
  const end = toDisplayDate(view.range.endDate);
  const channel = isChannelFilter(view.ch) ? view.ch : ALL_CHANNEL;
  const scope = useMemo<AdsScope>(() => ({ brand: view.brand, start, end, channel, accounts: view.bags }), [view.brand, start, end, channel, view.bags]);
  const query = useMemo<AdsQuery>(() => ({ scope, clicks: pageFilter.clicks, kpi: view.kpi }), [scope, pageFilter.clicks, view.kpi]);
  const actor = useActorRef(ADS_MACHINE, { input: { query }, inspect: appInspect });
  const queryKey = adsQueryKey(query);
  useEffect(() => actor.send({ type: "page.query", query }), [actor, queryKey]);
  usePageReload(actor);
  // The store's update is a synchronous render; the figures are drawn in a deferred one, which
  // React time-slices, so their arrival never holds the main thread for long (issue 19).
  const phase = useDeferredValue(useSelector(actor, selectPhase, samePhase));

  // The campaign table: the figures' request and the table's choices from the URL.
  const request = useMemo(() => adsRequestOf(scope, pageFilter.clicks), [scope, pageFilter.clicks]);
  const table = adsTableOf(search);
  const tableKey = JSON.stringify(table);
  // A new object only when the request or a choice of the table changed (the URL's search is new on every render).
  const tableQuery = useMemo<AdsTableMachineQuery>(
    () => ({ request, level: table.level, parent: parentOf(table), sort: table.sort, order: table.order, page: table.page }),
    [request, tableKey],
  );
  const tableActor = useActorRef(ADS_TABLE_MACHINE, { input: { query: tableQuery }, inspect: appInspect });
  const tableQueryKey = JSON.stringify(tableQuery);
  useEffect(() => tableActor.send({ type: "page.query", query: tableQuery }), [tableActor, tableQueryKey]);
  usePageReload(tableActor);
  const tablePhase = useDeferredValue(useSelector(tableActor, selectTablePhase, sameTablePhase));

  const goTo = (next: AdsTableQuery) => setSearch(adsSearchOf(next) as Partial<AdsSearch>);
  const { add, remove } = pageFilter;
  const clicks = pageFilter.clicks;
  const onFilter = useCallback(
    (click: ClickValue) => {
      // The call takes one objective: a new objective click replaces the one applied.
      if (click.field === "objectives") for (const c of clicks) if (c.field === "objectives" && c.value !== click.value) remove(c);
      add(click);
      // A new filter shows the table from its first page.
      if (table.page !== 1) setSearch({ pg: undefined });
    },
    [add, remove, clicks, table.page, setSearch],
  );

  // The table's CSV: every row of its level, read by its own statechart.
  const exportActor = useActorRef(
    adsTableExportMachine.provide({
      actors: adsTableExportActors,
      actions: {
        save: (_, { output, query: q }) => {
          const what = LEVEL_NAMES[q.level].toLowerCase();
          downloadCsv(fileNameOf(`${view.brand} ${what} ${start} ${end}`, "csv"), toCsv(output.rows, ADS_CSV_COLUMNS));
          if (output.total > MAX_EXPORTED_ROWS) {
            const shown = levelName(q.level).toLowerCase();
            showToast({ severity: "warn", summary: t("ads.export.truncated", { max: formatCount(MAX_EXPORTED_ROWS), total: formatCount(output.total), what: shown }) });
          }
        },
        notifyFailure: (_, { message }) => {
          const summary = t("ads.msg.exportFailed");
          const detail = translateMessage(message);
          showToast({ severity: "error", summary, detail: detail === summary ? undefined : detail });
        },
      },
    }),
    { inspect: appInspect },
  );
  const exporting = useSelector(exportActor, selectExporting);

  const viewPhase: AdsPhase =
    phase.kind === "failed" ? { kind: "failed", error: phase.error } : phase.kind === "loading" ? { kind: "loading" } : { kind: "ready" };
  return (
    <AdsView
      brand={view.brand}
      channel={channel}
      start={start}
      end={end}
      today={bangkokDay(Date.now())}
      clicks={pageFilter.clicks}
      canUndo={pageFilter.canUndo}
      canRedo={pageFilter.canRedo}
      figures={phase.data?.figures ?? null}
      kpi={phase.data?.kpi ?? null}
      nothingMatches={request === null}
      phase={viewPhase}
      table={
        <AdsTableView
          query={table}
          phase={tablePhase}
          onSort={(sort: AdsSort) => goTo(sortedBy(table, sort))}
          onPage={(page: number) => goTo({ ...table, page })}
          onDrill={(row: AdsRow) => goTo(drilledInto(table, row.id))}
          onUp={(level) => goTo(upTo(table, level))}
          onRetry={() => tableActor.send({ type: "page.retry" })}
          onExport={() => exportActor.send({ type: "export.start", query: tableQuery })}
          exporting={exporting}
        />
      }
      // The automation section: rules, alerts and Import ads (src/features/ads/automation).
      automation={<AdsAutomation brand={view.brand} start={start} end={end} campaigns={phase.data?.figures.campaigns ?? NO_CAMPAIGNS} />}
      onFilter={onFilter}
      onRemoveClick={pageFilter.remove}
      onUndo={pageFilter.undo}
      onRedo={pageFilter.redo}
      onClearClicks={pageFilter.clear}
      onRetry={() => actor.send({ type: "page.retry" })}
    />
  );
}
