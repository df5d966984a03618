/**
 * Route `/affiliate` (issue 16), the container of the page anatomy (docs/architecture.md): the
 * query (the view's brand and range, the route's own marketplace `ap` and affiliates picked on
 * the leaderboard `aff`) goes to the page's statechart (`machines/affiliate`) on every change;
 * what it shows is read through selectors and handed to the view. A marketplace, a pick or a
 * sort is a new history entry (Back undoes it). The Import affiliate report dialog is mounted
 * while open; an import makes every page that reads the data load again.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { guardedImport } from "@/app/chunkReload";
import { useActorRef, useSelector } from "@xstate/react";
import { toDisplayDate } from "../../../domain/dates";
import type { AffiliateSearch, AffiliateSort } from "../../../domain/routeSearch";
import { affiliateMachine, affiliateQueryKey, type AffiliateQuery } from "../../../machines/affiliate/affiliateMachine";
import { samePhase, selectPhase } from "../../../machines/affiliate/affiliateSelectors";
import { appInspect } from "@/app/inspect";
import { invalidatePageData, usePageReload } from "@/app/pageData";
import { usePageSearch, useSetPageSearch, useSetView, useView } from "@/app/view";
import { affiliateActors } from "@/features/affiliate/affiliateActors";
import { affOf, apOfChoice, leaderboardSortOf, nextSort, pickedOf, platformOf, sortSearchOf, toggledPick } from "@/features/affiliate/affiliateRequest";
import { AffiliateView, type AffiliatePhase } from "@/features/affiliate/AffiliateView";

// Loaded when it first opens, not with the page (issue 19): the page's first paint does not wait for PrimeReact's Dialog.
const ImportAffiliateDialog = lazy(guardedImport(() => import("@/features/affiliate/ImportAffiliateDialog").then((m) => ({ default: m.ImportAffiliateDialog }))));

export default function AffiliatePage() {
  const view = useView();
  const setView = useSetView();
  const search = usePageSearch<AffiliateSearch>();
  const setSearch = useSetPageSearch<AffiliateSearch>();
  const start = toDisplayDate(view.range.startDate);
  const end = toDisplayDate(view.range.endDate);
  const platform = platformOf(search.ap);
  const picked = pickedOf(search.aff);
  const pickedKey = JSON.stringify(picked);
  // A new object only when a choice changed (the URL's search is new on every render).
  const query = useMemo<AffiliateQuery>(() => ({ brand: view.brand, start, end, platform, affiliates: picked }), [view.brand, start, end, platform, pickedKey]);

  const actor = useActorRef(affiliateMachine.provide({ actors: affiliateActors }), { input: { query }, inspect: appInspect });
  const queryKey = affiliateQueryKey(query);
  // The machine compares keys too; this only saves it the events of renders that changed nothing.
  useEffect(() => actor.send({ type: "page.query", query }), [actor, queryKey]);
  usePageReload(actor);
  const phase = useSelector(actor, selectPhase, samePhase);
  const [importing, setImporting] = useState(false);

  const sort = leaderboardSortOf(search);
  const onToggle = useCallback((affiliate: string) => setSearch({ aff: affOf(toggledPick(picked, affiliate)) }), [setSearch, pickedKey]);
  // Imported conversions show on this page (and the orders they matched nowhere else): every page loads again.
  const onImported = useCallback(() => invalidatePageData(), []);

  const viewPhase: AffiliatePhase =
    phase.kind === "failed" ? { kind: "failed", error: phase.error } : phase.kind === "loading" ? { kind: "loading" } : { kind: "ready" };
  return (
    <>
      <AffiliateView
        brand={view.brand}
        start={start}
        end={end}
        platform={platform}
        picked={picked}
        sort={sort}
        figures={phase.data?.figures ?? null}
        phase={viewPhase}
        onPlatform={(choice) => setSearch({ ap: apOfChoice(choice) })}
        onToggle={onToggle}
        onClearPicked={() => setSearch({ aff: undefined })}
        onSort={(column: AffiliateSort) => setSearch(sortSearchOf(nextSort(sort, column)))}
        onRetry={() => actor.send({ type: "page.retry" })}
        onImport={() => setImporting(true)}
      />
      {importing && (
        <Suspense fallback={null}>
          <ImportAffiliateDialog
            brand={view.brand}
            onClose={() => setImporting(false)}
            onImported={onImported}
            onShowRange={(from, to) => setView({ start: from, end: to })}
          />
        </Suspense>
      )}
    </>
  );
}
