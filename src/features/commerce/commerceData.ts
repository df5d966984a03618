/**
 * The data of the E-Commerce page: the active filter template (looked up by the URL's title
 * among the user's templates) or the ad-hoc filter, merged with the page's chart clicks into the
 * request's filter (`effectiveCommerceFilter`), and the figures the server computes with it.
 */
import { COMMERCE_CHANNELS, DEFAULT_COMMERCE_CHANNEL, ORDER_STATUS_LABELS, type CommerceChannel, type CommerceFigures, type CommerceFilter, type CommerceRequest } from "../../../domain/commerce";
import { effectiveCommerceFilter, templateStatus, type ChartClick } from "../../../domain/commerceFilter";
import { toDisplayDate } from "../../../domain/dates";
import type { FilterTemplate } from "../../../domain/entities";
import type { AdHocFilter, ResolvedView } from "../../../domain/viewSearch";
import { authedCall } from "@/app/api";
import { formatMoney } from "@/features/commerce/commerceFormat";

/** The channel a URL's `ech` asks for, or the default for one the page does not offer. */
export function channelOf(ech: string | undefined): CommerceChannel {
  return (COMMERCE_CHANNELS as readonly string[]).includes(ech ?? "") ? (ech as CommerceChannel) : DEFAULT_COMMERCE_CHANNEL;
}

/** The filter the figures were computed with, as found. */
export type ActiveFilter =
  | { readonly kind: "none" }
  | { readonly kind: "template"; readonly template: FilterTemplate }
  /** The URL names a template the user no longer has (deleted or renamed): nothing is applied from it. */
  | { readonly kind: "missing"; readonly title: string }
  | { readonly kind: "adhoc"; readonly filter: AdHocFilter };

export interface CommerceData {
  readonly figures: CommerceFigures;
  readonly filter: CommerceFilter;
  readonly active: ActiveFilter;
  readonly channel: CommerceChannel;
}

export interface CommerceQuery {
  readonly view: ResolvedView;
  readonly channel: CommerceChannel;
  readonly clicks: readonly ChartClick[];
}

async function activeFilterOf(view: ResolvedView, signal: AbortSignal): Promise<ActiveFilter> {
  const active = view.active;
  if (active.kind === "none") return { kind: "none" };
  if (active.kind === "adhoc") return { kind: "adhoc", filter: active.filter };
  const { data } = await authedCall("getTemplates", {}, { signal });
  const found = data.find((t) => t.title === active.title);
  if (found === undefined) return { kind: "missing", title: active.title };
  const { updated_at: _updatedAt, ...template } = found;
  return { kind: "template", template };
}

/** The request of the figures (and of the CRM customers) for a view, channel and filter. */
export function commerceRequestOf(view: ResolvedView, channel: CommerceChannel, filter: CommerceFilter): CommerceRequest {
  return { brand: view.brand, start: toDisplayDate(view.range.startDate), end: toDisplayDate(view.range.endDate), channel, filter };
}

export async function loadCommerce(query: CommerceQuery, signal: AbortSignal): Promise<CommerceData> {
  const active = await activeFilterOf(query.view, signal);
  const filter = effectiveCommerceFilter({
    template: active.kind === "template" ? active.template : null,
    adhoc: active.kind === "adhoc" ? active.filter : null,
    clicks: query.clicks,
  });
  const { data } = await authedCall("commerceFigures", commerceRequestOf(query.view, query.channel, filter), { signal });
  return { figures: data, filter, active, channel: query.channel };
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
