/**
 * The view a brand team has applied, as it lives in the URL search params (so a link reproduces
 * the view and back/forward work): date range, brand, channel, pages, accounts, the active filter
 * template or an ad-hoc filter. Absent params fall back to the persisted choice, then the defaults.
 */
import { Schema } from "effect";
import { DEFAULT_DATE_RANGE, toDisplayDate, toStoredRange, type DateRange } from "./dates";
import { ALL_CHANNEL } from "./permissions";
import { Title } from "./entities";

/** A calendar day as the URL writes it (YYYY-MM-DD). */
export const DateOnly = Schema.String.check(Schema.isPattern(/^\d{4}-\d{2}-\d{2}$/));
const Ids = Schema.Array(Schema.String.check(Schema.isMaxLength(100))).check(Schema.isMaxLength(500));

/** Platform options of the filter (spec §9). */
export const PLATFORM_OPTIONS = ["All Platform", "Lazada", "Shopee"] as const;
/** Location options: All Location and the nine regions of Thailand. */
export const LOCATION_OPTIONS = [
  "All Location", "Bangkok and Vicinity", "Central", "Eastern", "Western", "Upper Northern", "Lower Northern",
  "Upper Northeastern", "Lower Northeastern", "Southern",
] as const;

/** The unnamed filter the drawer's Search button makes active (spec §4). */
export const AdHocFilter = Schema.Struct({
  min: Schema.NullOr(Schema.Finite.check(Schema.isGreaterThanOrEqualTo(0))),
  max: Schema.NullOr(Schema.Finite.check(Schema.isGreaterThanOrEqualTo(0))),
  platform: Schema.Literals(PLATFORM_OPTIONS),
  location: Schema.Literals(LOCATION_OPTIONS),
});
export type AdHocFilter = typeof AdHocFilter.Type;

/**
 * The URL search params shared by every page of the default layout (the applied view); all
 * optional. A module page's own params (the /o2o tab, the e-commerce channel, the CRM table) are
 * declared by its route (`domain/routeSearch.ts`), never here.
 */
export const ViewSearch = Schema.Struct({
  start: Schema.optionalKey(DateOnly),
  end: Schema.optionalKey(DateOnly),
  brand: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(100))),
  ch: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(50))),
  pages: Schema.optionalKey(Ids),
  bags: Schema.optionalKey(Ids),
  /** Title of the active saved filter template. */
  tpl: Schema.optionalKey(Title),
  /** The active ad-hoc filter (when no template is active). */
  adhoc: Schema.optionalKey(AdHocFilter),
  /** Title of the selected KPI template (KPI Setting drawer); its plan is measured on /brandEx. */
  kpi: Schema.optionalKey(Title),
});
export type ViewSearch = typeof ViewSearch.Type;

/** The keys of the shared view: what a side-menu link carries to another module. */
export const VIEW_SEARCH_KEYS = Object.keys(ViewSearch.fields) as readonly (keyof ViewSearch)[];

/** Only the shared view's params of `search` (a module's own params stay behind). */
export function sharedViewSearch(search: Readonly<Record<string, unknown>>): ViewSearch {
  const kept: Record<string, unknown> = {};
  for (const key of VIEW_SEARCH_KEYS) if (search[key] !== undefined) kept[key] = search[key];
  return kept as ViewSearch;
}

/** Brand and channel remembered across reloads (spec §4: "Brand and channel selections are stored"). */
export interface RememberedChoice {
  readonly brand?: string | null;
  readonly ch?: string | null;
}

export interface ResolvedView {
  /** Stored form: YYYY-MM-DDT00:00:00 – YYYY-MM-DDT23:59:59. */
  readonly range: DateRange;
  readonly brand: string;
  readonly ch: string;
  readonly pages: readonly string[];
  readonly bags: readonly string[];
  readonly active: { readonly kind: "none" } | { readonly kind: "template"; readonly title: string } | { readonly kind: "adhoc"; readonly filter: AdHocFilter };
  /** Title of the selected KPI template, or null when none is selected (spec §4: at most one). */
  readonly kpi: string | null;
}

/**
 * The view to show: URL first, then the remembered brand/channel, then the defaults. A brand the
 * user does not have, or a channel not offered on this page, falls back instead of failing; an
 * invalid or inverted date range falls back to the default range.
 */
export function resolveView(
  search: ViewSearch,
  ctx: { brands: readonly string[]; channels: readonly string[]; remembered?: RememberedChoice },
): ResolvedView {
  const pickBrand = [search.brand, ctx.remembered?.brand].find((b): b is string => !!b && ctx.brands.includes(b));
  const pickCh = [search.ch, ctx.remembered?.ch].find((c): c is string => !!c && ctx.channels.includes(c));
  let range: DateRange = DEFAULT_DATE_RANGE;
  if (search.start && search.end) {
    try {
      range = toStoredRange({ startDate: search.start, endDate: search.end });
    } catch {
      range = DEFAULT_DATE_RANGE;
    }
  }
  const active: ResolvedView["active"] = search.tpl
    ? { kind: "template", title: search.tpl }
    : search.adhoc
      ? { kind: "adhoc", filter: search.adhoc }
      : { kind: "none" };
  return {
    range,
    brand: pickBrand ?? ctx.brands[0] ?? "",
    ch: pickCh ?? ALL_CHANNEL,
    pages: search.pages ?? [],
    bags: search.bags ?? [],
    active,
    kpi: search.kpi ?? null,
  };
}

/** The search params that reproduce a range as the URL shows it (YYYY-MM-DD). */
export function rangeSearch(range: DateRange): Pick<ViewSearch, "start" | "end"> {
  return { start: toDisplayDate(range.startDate), end: toDisplayDate(range.endDate) };
}
