/**
 * What the E-Commerce page shows beside its figures: the channel the URL asks for, and the
 * active filter in words. The figures are loaded by the page's actors (`ecommerceActors.ts`).
 */
import { COMMERCE_CHANNELS, DEFAULT_COMMERCE_CHANNEL, ORDER_STATUS_LABELS, type CommerceChannel, type CommerceFilter, type CommerceRequest } from "../../../domain/commerce";
import { templateStatus, type AppliedFilter } from "../../../domain/commerceFilter";
import { toDisplayDate } from "../../../domain/dates";
import type { ResolvedView } from "../../../domain/viewSearch";
import { formatMoney } from "@/features/commerce/commerceFormat";

/** The channel a URL's `ech` asks for, or the default for one the page does not offer. */
export function channelOf(ech: string | undefined): CommerceChannel {
  return (COMMERCE_CHANNELS as readonly string[]).includes(ech ?? "") ? (ech as CommerceChannel) : DEFAULT_COMMERCE_CHANNEL;
}

/** The filter the figures were computed with, as found (resolved once for every page: `@/app/appliedFilter`). */
export type ActiveFilter = AppliedFilter;

/** The request of the figures (and of the CRM customers) for a view, channel and filter. */
export function commerceRequestOf(view: ResolvedView, channel: CommerceChannel, filter: CommerceFilter): CommerceRequest {
  return { brand: view.brand, start: toDisplayDate(view.range.startDate), end: toDisplayDate(view.range.endDate), channel, filter };
}

function basketWords(min: number | null, max: number | null): string | null {
  if (min === null && max === null) return null;
  if (max === null) return `Basket size from ${formatMoney(min ?? 0)}`;
  if (min === null) return `Basket size up to ${formatMoney(max)}`;
  return `Basket size ${formatMoney(min)}–${formatMoney(max)}`;
}

const given = (label: string, value: string, all: string): string | null => {
  const v = value.trim();
  return v === "" || v === all ? null : `${label}: ${v}`;
};

/** A template's status in words: its label, or the stored word when no order can have it. */
function statusWords(stored: string): string | null {
  const status = templateStatus(stored);
  if (status === "all") return null;
  return status === null ? `Status: ${stored.trim()} (no order has it)` : `Status: ${ORDER_STATUS_LABELS[status]}`;
}

/** What the active template or ad-hoc filter narrows, in words ("Platform: Lazada", …); empty = everything. */
export function activeFilterParts(active: ActiveFilter): string[] {
  if (active.kind === "template") {
    const t = active.template;
    return [
      given("Platform", t.platform, "All Platform"),
      given("Location", t.location, "All Location"),
      statusWords(t.status),
      given("Product", t.product, ""),
      basketWords(t.basketSize.min, t.basketSize.max),
    ].filter((p) => p !== null);
  }
  if (active.kind === "adhoc") {
    const f = active.filter;
    return [given("Platform", f.platform, "All Platform"), given("Location", f.location, "All Location"), basketWords(f.min, f.max)].filter(
      (p) => p !== null,
    );
  }
  return [];
}
