/**
 * Route `/e-commerce` (issue 6), the container of the page anatomy (docs/architecture.md): the
 * query (the view's brand, range and active filter, the route's own channel `ech`, the page's
 * chart clicks) goes to the page's statechart (`machines/ecommerce`) on every change; what it
 * shows is read through selectors and handed to the view.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { guardedImport } from "@/app/chunkReload";
import { useOpenedOnce } from "@/components/useOpenedOnce";
import { useActorRef, useSelector } from "@xstate/react";
import type { CommerceChannel } from "../../../domain/commerce";
import { matchesNothing } from "../../../domain/commerceFilter";
import { toDisplayDate } from "../../../domain/dates";
import type { ECommerceSearch } from "../../../domain/routeSearch";
import { ecommerceMachine, ecommerceQueryKey, type ECommerceQuery } from "../../../machines/ecommerce/ecommerceMachine";
import { samePhase, selectPhase } from "../../../machines/ecommerce/ecommerceSelectors";
import { appInspect } from "@/app/inspect";
import { invalidatePageData, usePageReload } from "@/app/pageData";
import { usePageFilter } from "@/app/pageFilters";
import { usePageSearch, useSetPageSearch, useView } from "@/app/view";
import { channelOf } from "@/features/commerce/commerceData";
import type { ClickValue } from "@/components/charts/chartCard";
import { ecommerceActors } from "@/features/commerce/ecommerceActors";
import { ECommerceView, type CommercePhase } from "@/features/commerce/ECommerceView";

// Loaded when it first opens, not with the page (issue 19): the page's first paint does not wait for PrimeReact's Dialog.
const ImportOrdersDialog = lazy(guardedImport(() => import("@/features/commerce/ImportOrdersDialog").then((m) => ({ default: m.ImportOrdersDialog }))));

export default function ECommercePage() {
  const view = useView();
  const search = usePageSearch<ECommerceSearch>();
  const setSearch = useSetPageSearch<ECommerceSearch>();
  const channel = channelOf(search.ech);
  const pageFilter = usePageFilter("e-commerce");
  const start = toDisplayDate(view.range.startDate);
  const end = toDisplayDate(view.range.endDate);
  const query = useMemo<ECommerceQuery>(
    () => ({ brand: view.brand, start, end, channel, active: view.active, clicks: pageFilter.clicks }),
    [view.brand, start, end, channel, view.active, pageFilter.clicks],
  );

  const actor = useActorRef(ecommerceMachine.provide({ actors: ecommerceActors }), { input: { query }, inspect: appInspect });
  const queryKey = ecommerceQueryKey(query);
  // The machine compares keys too; this only saves it the events of renders that changed nothing.
  useEffect(() => actor.send({ type: "page.query", query }), [actor, queryKey]);
  usePageReload(actor);
  const phase = useSelector(actor, selectPhase, samePhase);
  const [importing, setImporting] = useState(false);
  const importMounted = useOpenedOnce(importing);

  const { add } = pageFilter;
  const onFilter = useCallback((click: ClickValue) => add(click), [add]);
  // Imported orders show on every page that reads orders (CRM too): all of them load again.
  const onImported = useCallback(() => invalidatePageData(), []);

  const viewPhase: CommercePhase =
    phase.kind === "failed" ? { kind: "failed", error: phase.error } : phase.kind === "loading" ? { kind: "loading" } : { kind: "ready" };
  const loaded = phase.data;
  return (
    <>
      <ECommerceView
        brand={view.brand}
        start={start}
        end={end}
        channel={channel}
        active={loaded?.applied ?? null}
        clicks={pageFilter.clicks}
        canUndo={pageFilter.canUndo}
        canRedo={pageFilter.canRedo}
        figures={loaded?.figures ?? null}
        nothingMatches={loaded !== null && matchesNothing(loaded.filter)}
        phase={viewPhase}
        onChannel={(ech: CommerceChannel) => setSearch({ ech })}
        onFilter={onFilter}
        onRemoveClick={pageFilter.remove}
        onUndo={pageFilter.undo}
        onRedo={pageFilter.redo}
        onClearClicks={pageFilter.clear}
        onRetry={() => actor.send({ type: "page.retry" })}
        onImport={() => setImporting(true)}
      />
      {importMounted && (
        <Suspense fallback={null}>
          <ImportOrdersDialog visible={importing} brand={view.brand} onClose={() => setImporting(false)} onImported={onImported} />
        </Suspense>
      )}
    </>
  );
}
