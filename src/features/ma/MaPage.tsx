/**
 * Route `/ma` (issue 14), the container of the page anatomy (docs/architecture.md): the figures'
 * query (the view's brand, range, channel, pages and accounts, and the page's chart clicks) goes
 * to the page's statechart (`machines/ma/maMachine`); the posts table's (the same request and the
 * table's own choices in the URL: sort, order, search, type, page) to its own
 * (`machines/ma/maPostsMachine`). What they show is read through selectors and handed to the view.
 */
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useState } from "react";
import { guardedImport } from "@/app/chunkReload";
import { useActorRef, useSelector } from "@xstate/react";
import { toDisplayDate } from "../../../domain/dates";
import { isChannelFilter } from "../../../domain/metrics";
import { ALL_CHANNEL } from "../../../domain/permissions";
import type { PostSort } from "../../../domain/social";
import {
  maSearchOf, matchesNoPage, postsQueryOf, socialRequestOf, sortedBy, type MaSearch, type PostsTableQuery, type SocialScope,
} from "../../../domain/socialFilter";
import { maMachine, maQueryKey, type MaQuery } from "../../../machines/ma/maMachine";
import { maPostsMachine, type MaPostsQuery } from "../../../machines/ma/maPostsMachine";
import { maPostsExportMachine } from "../../../machines/ma/maPostsExportMachine";
import { samePhase, samePostsPhase, selectExporting, selectPhase, selectPostsPhase } from "../../../machines/ma/maSelectors";
import { useMaLabel } from "@/app/brand";
import { appInspect } from "@/app/inspect";
import { invalidatePageData, usePageReload } from "@/app/pageData";
import { usePageFilter } from "@/app/pageFilters";
import { showToast } from "@/app/toast";
import { usePageSearch, useSetPageSearch, useView } from "@/app/view";
import type { ClickValue } from "@/components/charts/chartCard";
import { downloadCsv, fileNameOf, toCsv } from "@/components/export/download";
import { maActors, maPostsActors, maPostsExportActors, MAX_EXPORTED_POSTS } from "@/features/ma/maActors";
import { postCsvColumns } from "@/features/ma/postsCsv";
import { formatCount } from "@/components/format/numbers";
import { t } from "@/i18n/i18n";
import { MaView, type MaPhase } from "@/features/ma/MaView";
import { PostsTable } from "@/features/ma/PostsTable";

// Loaded when it first opens, not with the page (issue 19): the page's first paint does not wait for PrimeReact's Dialog.
const ImportPostsDialog = lazy(guardedImport(() => import("@/features/ma/ImportPostsDialog").then((m) => ({ default: m.ImportPostsDialog }))));

/** The page's machines with their actors, made once (not on every render). */
const MA_MACHINE = maMachine.provide({ actors: maActors });
const MA_POSTS_MACHINE = maPostsMachine.provide({ actors: maPostsActors });

export default function MaPage() {
  const view = useView();
  const title = useMaLabel();
  const search = usePageSearch<MaSearch>();
  const setSearch = useSetPageSearch<MaSearch>();
  const pageFilter = usePageFilter("ma");
  const start = toDisplayDate(view.range.startDate);
  const end = toDisplayDate(view.range.endDate);
  const channel = isChannelFilter(view.ch) ? view.ch : ALL_CHANNEL;
  const scope = useMemo<SocialScope>(
    () => ({ brand: view.brand, start, end, channel, pages: view.pages, accounts: view.bags }),
    [view.brand, start, end, channel, view.pages, view.bags],
  );
  const query = useMemo<MaQuery>(() => ({ scope, clicks: pageFilter.clicks }), [scope, pageFilter.clicks]);
  const actor = useActorRef(MA_MACHINE, { input: { query }, inspect: appInspect });
  const queryKey = maQueryKey(query);
  useEffect(() => actor.send({ type: "page.query", query }), [actor, queryKey]);
  usePageReload(actor);
  // The store's update is a synchronous render; the figures are drawn in a deferred one, which
  // React time-slices, so their arrival never holds the main thread for long (issue 19).
  const phase = useDeferredValue(useSelector(actor, selectPhase, samePhase));

  // The posts table: the figures' request and the table's choices from the URL.
  const request = useMemo(() => socialRequestOf(scope, pageFilter.clicks), [scope, pageFilter.clicks]);
  const table = postsQueryOf(search);
  const tableKey = JSON.stringify(table);
  // A new object only when the request or a choice of the table changed (the URL's search is new on every render).
  const postsQuery = useMemo<MaPostsQuery>(() => ({ request, table }), [request, tableKey]);
  const postsActor = useActorRef(MA_POSTS_MACHINE, { input: { query: postsQuery }, inspect: appInspect });
  const postsKey = JSON.stringify(postsQuery);
  useEffect(() => postsActor.send({ type: "page.query", query: postsQuery }), [postsActor, postsKey]);
  usePageReload(postsActor);
  const postsPhase = useDeferredValue(useSelector(postsActor, selectPostsPhase, samePostsPhase));

  const { add } = pageFilter;
  const onFilter = useCallback(
    (click: ClickValue) => {
      add(click);
      // A new filter shows the table from its first page.
      if (table.page !== 1) setSearch({ pg: undefined });
    },
    [add, table.page, setSearch],
  );
  const onTableQuery = (next: PostsTableQuery) => setSearch({ sort: undefined, dir: undefined, q: undefined, type: undefined, pg: undefined, ...maSearchOf(next) });
  const onSort = (sort: PostSort) => onTableQuery(sortedBy(table, sort));

  const [importing, setImporting] = useState(false);
  // Imported posts and page figures show on every page that reads them (the start page too).
  const onImported = useCallback(() => invalidatePageData(), []);
  // The posts CSV: every post the table's filter matches, read by its own statechart.
  const exportActor = useActorRef(
    maPostsExportMachine.provide({
      actors: maPostsExportActors,
      actions: {
        save: (_, { output, query }) => {
          const { brand, start: from, end: to } = query.request;
          downloadCsv(fileNameOf(`${brand} posts ${from} ${to}`, "csv"), toCsv(output.rows, postCsvColumns()));
          if (output.total > MAX_EXPORTED_POSTS) {
            showToast({ severity: "warn", summary: t("ma.csv.capped", { first: formatCount(MAX_EXPORTED_POSTS), total: formatCount(output.total) }) });
          }
        },
        notifyFailure: (_, { message }) => {
          const summary = t("ma.csv.failed");
          showToast({ severity: "error", summary, detail: message === summary ? undefined : message });
        },
      },
    }),
    { inspect: appInspect },
  );
  const exporting = useSelector(exportActor, selectExporting);
  const onExport = () => exportActor.send({ type: "export.start", query: postsQuery });

  const viewPhase: MaPhase =
    phase.kind === "failed" ? { kind: "failed", error: phase.error } : phase.kind === "loading" ? { kind: "loading" } : { kind: "ready" };
  return (
    <>
    <MaView
      title={title}
      brand={view.brand}
      channel={channel}
      start={start}
      end={end}
      clicks={pageFilter.clicks}
      canUndo={pageFilter.canUndo}
      canRedo={pageFilter.canRedo}
      figures={phase.data?.figures ?? null}
      nothingMatches={matchesNoPage(request)}
      phase={viewPhase}
      posts={
        <PostsTable
          query={table}
          phase={postsPhase}
          onQuery={onTableQuery}
          onSort={onSort}
          onRetry={() => postsActor.send({ type: "page.retry" })}
          onExport={onExport}
          exporting={exporting}
        />
      }
      onFilter={onFilter}
      onRemoveClick={pageFilter.remove}
      onUndo={pageFilter.undo}
      onRedo={pageFilter.redo}
      onClearClicks={pageFilter.clear}
      onRetry={() => actor.send({ type: "page.retry" })}
      onImport={() => setImporting(true)}
    />
    {importing && (
      <Suspense fallback={null}>
        <ImportPostsDialog visible brand={view.brand} onClose={() => setImporting(false)} onImported={onImported} />
      </Suspense>
    )}
    </>
  );
}
