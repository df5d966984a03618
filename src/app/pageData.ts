/**
 * Changes made outside a page that the page shows (a KPI template saved in the KPI drawer, a
 * template edited in the filter drawer, orders imported): `invalidatePageData()` bumps a
 * revision, and the visible page's statechart gets `page.reload` (`usePageReload`). Loading on a
 * change of the view is the page statechart's own business (`machines/shared/pageLoad.ts`).
 */
import { useEffect, useRef, useSyncExternalStore } from "react";

// Bumped when data the visible page shows was changed from elsewhere in the app (a KPI template
// saved or deleted in the KPI drawer): the page then loads again, once, as after a view change.
let revision = 0;
const revisionListeners = new Set<() => void>();

/** Makes the visible page load its data again (a change made in a drawer may show on it). */
export function invalidatePageData(): void {
  revision += 1;
  for (const listener of revisionListeners) listener();
}

function subscribeRevision(listener: () => void): () => void {
  revisionListeners.add(listener);
  return () => revisionListeners.delete(listener);
}

/**
 * The revision of the data pages show: it changes when `invalidatePageData` is called. A page
 * statechart's container sends `page.reload` when it changes (`usePageReload`).
 */
export function useDataRevision(): number {
  return useSyncExternalStore(subscribeRevision, () => revision);
}

/** Sends `page.reload` to a page's statechart whenever data it shows was changed elsewhere. */
export function usePageReload(actor: { send: (event: { type: "page.reload" }) => void }): void {
  const dataRevision = useDataRevision();
  const first = useRef(dataRevision);
  useEffect(() => {
    if (dataRevision !== first.current) actor.send({ type: "page.reload" });
  }, [actor, dataRevision]);
}
