/**
 * `usePageData(loader)`: the data of the visible page, loaded again exactly once whenever the
 * applied view (date range, brand, channel, pages, accounts, active template) changes, and
 * tracked by the loading bar. A load overtaken by a newer view is aborted and its answer dropped.
 */
import { useEffect, useRef, useState } from "react";
import { trackLoading } from "@/app/loading";
import { useView, viewKey, type ResolvedView } from "@/app/view";

export type PageData<T> =
  | { readonly status: "loading"; readonly data: T | undefined }
  | { readonly status: "ready"; readonly data: T }
  | { readonly status: "failed"; readonly data: T | undefined; readonly error: unknown };

export type PageLoader<T> = (view: ResolvedView, signal: AbortSignal) => Promise<T>;

export function usePageData<T>(loader: PageLoader<T>): PageData<T> {
  const view = useView();
  const key = viewKey(view);
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
