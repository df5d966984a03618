/**
 * Route `/e-commerce` (issue 6): the figures of the brand's Shopee and Lazada orders over the
 * shell's date range, for the e-commerce channel of the URL (`ech`), narrowed by the active filter
 * template or ad-hoc filter and by the page's chart clicks (`usePageFilter("e-commerce")`). Any
 * change of those loads the figures again, once.
 */
import { useCallback, useState } from "react";
import type { CommerceChannel } from "../../../domain/commerce";
import { matchesNothing } from "../../../domain/commerceFilter";
import { toDisplayDate } from "../../../domain/dates";
import { invalidatePageData } from "@/app/pageData";
import { usePageFilter } from "@/app/pageFilters";
import { useSetView, useView, useViewSearch } from "@/app/view";
import { channelOf } from "@/features/commerce/commerceData";
import type { ClickValue } from "@/features/commerce/commerceFormat";
import { ECommerceView, type CommercePhase } from "@/features/commerce/ECommerceView";
import { ImportOrdersDialog } from "@/features/commerce/ImportOrdersDialog";
import { useCommerceData } from "@/features/commerce/useCommerceData";

const messageOf = (error: unknown) => (error instanceof Error ? error.message : "The figures could not be loaded.");

export default function ECommercePage() {
  const view = useView();
  const search = useViewSearch();
  const setView = useSetView();
  const channel = channelOf(search.ech);
  const pageFilter = usePageFilter("e-commerce");
  const data = useCommerceData(channel, pageFilter.clicks);
  const [importing, setImporting] = useState(false);

  const { add } = pageFilter;
  const { reload } = data;
  const onFilter = useCallback((click: ClickValue) => add(click), [add]);
  const onImported = useCallback(() => {
    reload();
    invalidatePageData();
  }, [reload]);

  const phase: CommercePhase =
    data.status === "failed" ? { kind: "failed", error: messageOf(data.error) } : data.status === "loading" ? { kind: "loading" } : { kind: "ready" };
  const loaded = data.data;
  return (
    <>
      <ECommerceView
        brand={view.brand}
        start={toDisplayDate(view.range.startDate)}
        end={toDisplayDate(view.range.endDate)}
        channel={channel}
        active={loaded?.active ?? null}
        clicks={pageFilter.clicks}
        canUndo={pageFilter.canUndo}
        canRedo={pageFilter.canRedo}
        figures={loaded?.figures ?? null}
        nothingMatches={loaded !== undefined && matchesNothing(loaded.filter)}
        phase={phase}
        onChannel={(ech: CommerceChannel) => setView({ ech })}
        onFilter={onFilter}
        onRemoveClick={pageFilter.remove}
        onUndo={pageFilter.undo}
        onRedo={pageFilter.redo}
        onClearClicks={pageFilter.clear}
        onRetry={data.reload}
        onImport={() => setImporting(true)}
      />
      <ImportOrdersDialog visible={importing} brand={view.brand} onClose={() => setImporting(false)} onImported={onImported} />
    </>
  );
}
