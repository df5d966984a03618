/**
 * What the E-Commerce page shows beside its figures: the channel the URL asks for, and the
 * active filter in words. The figures are loaded by the page's actors (`ecommerceActors.ts`).
 */
import { COMMERCE_CHANNELS, DEFAULT_COMMERCE_CHANNEL, type CommerceChannel, type CommerceFilter, type CommerceRequest } from "../../../domain/commerce";
import { templateStatus, type AppliedFilter } from "../../../domain/commerceFilter";
import { toDisplayDate } from "../../../domain/dates";
import type { ResolvedView } from "../../../domain/viewSearch";
import { formatMoney, regionLabel, statusLabel } from "@/features/commerce/commerceFormat";
import { t, type MessageKey } from "@/i18n/i18n";

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
  if (max === null) return t("commerce.filterPart.basketFrom", { min: formatMoney(min ?? 0) });
  if (min === null) return t("commerce.filterPart.basketUpTo", { max: formatMoney(max) });
  return t("commerce.filterPart.basketBetween", { min: formatMoney(min), max: formatMoney(max) });
}

const given = (label: MessageKey, value: string, all: string, words: (v: string) => string = (v) => v): string | null => {
  const v = value.trim();
  return v === "" || v === all ? null : t(label, { value: words(v) });
};

/** A template's status in words: its label, or the stored word when no order can have it. */
function statusWords(stored: string): string | null {
  const status = templateStatus(stored);
  if (status === "all") return null;
  return status === null ? t("commerce.filterPart.statusUnknown", { value: stored.trim() }) : t("commerce.filterPart.status", { value: statusLabel(status) });
}

/** What the active template or ad-hoc filter narrows, in words ("Platform: Lazada", …); empty = everything. */
export function activeFilterParts(active: ActiveFilter): string[] {
  if (active.kind === "template") {
    const tp = active.template;
    return [
      given("commerce.filterPart.platform", tp.platform, "All Platform"),
      given("commerce.filterPart.location", tp.location, "All Location", regionLabel),
      statusWords(tp.status),
      given("commerce.filterPart.product", tp.product, ""),
      basketWords(tp.basketSize.min, tp.basketSize.max),
    ].filter((p) => p !== null);
  }
  if (active.kind === "adhoc") {
    const f = active.filter;
    return [given("commerce.filterPart.platform", f.platform, "All Platform"), given("commerce.filterPart.location", f.location, "All Location", regionLabel), basketWords(f.min, f.max)].filter(
      (p) => p !== null,
    );
  }
  return [];
}
