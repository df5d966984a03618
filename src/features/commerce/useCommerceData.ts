/**
 * The figures of the E-Commerce page, loaded again exactly once whenever the applied view (date
 * range, brand, active template or ad-hoc filter), the e-commerce channel or the page's chart
 * clicks change, or after `reload()` (Try again, an import). Like `usePageData`, tracked by the
 * loading bar; a load overtaken by a newer one is aborted and its answer dropped. The last
 * figures stay on screen while the next ones load.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { CommerceChannel } from "../../../domain/commerce";
import type { ChartClick } from "../../../domain/commerceFilter";
import { trackLoading } from "@/app/loading";
import type { PageData } from "@/app/pageData";
import { useView, viewKey } from "@/app/view";
import { loadCommerce, type CommerceData } from "@/features/commerce/commerceData";

/** What makes the figures change: the clicks count by field and value, not by their time. */
export function commerceKey(view: string, channel: CommerceChannel, clicks: readonly ChartClick[]): string {
  return JSON.stringify([view, channel, clicks.map((c) => [c.field, c.value])]);
}

export function useCommerceData(channel: CommerceChannel, clicks: readonly ChartClick[]): PageData<CommerceData> & { reload: () => void } {
  const view = useView();
  const [revision, setRevision] = useState(0);
  const key = `${commerceKey(viewKey(view), channel, clicks)}#${revision}`;
  const [state, setState] = useState<PageData<CommerceData>>({ status: "loading", data: undefined });
  const latest = useRef({ view, channel, clicks });
  latest.current = { view, channel, clicks };

  useEffect(() => {
    const controller = new AbortController();
    setState((prev) => ({ status: "loading", data: prev.data }));
    trackLoading(loadCommerce(latest.current, controller.signal)).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: "ready", data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState((prev) => ({ status: "failed", data: prev.data, error }));
      },
    );
    return () => controller.abort();
  }, [key]);

  const reload = useCallback(() => setRevision((r) => r + 1), []);
  return { ...state, reload };
}
