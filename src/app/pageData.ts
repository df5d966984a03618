/**
 * `usePageData(loader)`: the data of the visible page, loaded again exactly once whenever the
 * applied view (date range, brand, channel, pages, accounts, active template) changes, and
 * tracked by the loading bar. A load overtaken by a newer view is aborted and its answer dropped.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { trackLoading } from "@/app/loading";
import { useView, viewKey, type ResolvedView } from "@/app/view";

export type PageData<T> =
  | { readonly status: "loading"; readonly data: T | undefined }
  | { readonly status: "ready"; readonly data: T }
  | { readonly status: "failed"; readonly data: T | undefined; readonly error: unknown };

export type PageLoader<T> = (view: ResolvedView, signal: AbortSignal) => Promise<T>;

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
 * @param extraKey - what else the page's data depends on besides the view (a page's own
 *   selector or chart clicks): a change of it loads again too
 */
export function usePageData<T>(loader: PageLoader<T>, extraKey = ""): PageData<T> {
  const view = useView();
  const dataRevision = useSyncExternalStore(subscribeRevision, () => revision);
  const key = `${viewKey(view)}#${dataRevision}#${extraKey}`;
  const [state, setState] = useState<PageData<T>>({ status: "loading", data: undefined });
  // The loader and view of the latest render, read when the key changes; a new loader
  // function on every render must not cause a reload.
  const latest = useRef({ loader, view });
  latest.current = { loader, view };

  useEffect(() => {
    const controller = new AbortController();
    setState((prev) => ({ status: "loading", data: prev.data }));
    trackLoading(latest.current.loader(latest.current.view, controller.signal)).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: "ready", data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState((prev) => ({ status: "failed", data: prev.data, error }));
      },
    );
    return () => controller.abort();
  }, [key]);

  return state;
}
