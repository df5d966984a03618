/**
 * The figures of the E-Commerce page (`usePageData`): loaded again exactly once whenever the
 * applied view (date range, brand, active template or ad-hoc filter), the e-commerce channel or
 * the page's chart clicks change, or after `reload()` (Try again, an import). The last figures
 * stay on screen while the next ones load.
 */
import { useCallback, useState } from "react";
import type { CommerceChannel } from "../../../domain/commerce";
import type { ChartClick } from "../../../domain/commerceFilter";
import { usePageData, type PageData } from "@/app/pageData";
import { loadCommerce, type CommerceData } from "@/features/commerce/commerceData";

/** What makes the figures change: the clicks count by field and value, not by their time. */
export function commerceKey(view: string, channel: CommerceChannel, clicks: readonly ChartClick[]): string {
  return JSON.stringify([view, channel, clicks.map((c) => [c.field, c.value])]);
}

export function useCommerceData(channel: CommerceChannel, clicks: readonly ChartClick[]): PageData<CommerceData> & { reload: () => void } {
  const [revision, setRevision] = useState(0);
  const state = usePageData((view, signal) => loadCommerce({ view, channel, clicks }, signal), `${commerceKey("", channel, clicks)}#${revision}`);
  const reload = useCallback(() => setRevision((r) => r + 1), []);
  return { ...state, reload };
}
