/**
 * The search params a module route declares on top of the shared view (`ViewSearch`): the page's
 * own choices, so a link, a reload and back/forward reproduce them. Each route validates only its
 * own keys (`src/routes/modules.tsx`, through the lazily loaded shell rules); the shared view is
 * validated once by the default layout. A value that does not decode is dropped, and the page
 * then shows its default in its place.
 */
import { Schema } from "effect";
import { ADS_SORTS } from "./adsContract";
import { CrmSearch } from "./crmSearch";
import { MaSearch } from "./socialFilter";
import { DateOnly } from "./viewSearch";

/**
 * `/o2o`: the tab shown (any short lower-case id here: the page shows its first tab for one it
 * does not have, the tab list lives in `o2o.ts`), its own date range (spec §9: not the shell's
 * start/end) and the campaign shown.
 */
export const O2oSearch = Schema.Struct({
  tab: Schema.optionalKey(Schema.String.check(Schema.isPattern(/^[a-z_]{1,40}$/))),
  /** The first day of the page's own range. */
  from: Schema.optionalKey(DateOnly),
  /** The last day of the page's own range. */
  to: Schema.optionalKey(DateOnly),
  campaign: Schema.optionalKey(Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(1))),
});
export type O2oSearch = typeof O2oSearch.Type;

/**
 * `/e-commerce`: the e-commerce channel (spec §9: All channel, Shopee, Lazada). Any short name
 * here; the page falls back to "All channel" for one it does not offer.
 */
export const ECommerceSearch = Schema.Struct({
  ech: Schema.optionalKey(Schema.String.check(Schema.isPattern(/^[A-Za-z ]{1,30}$/))),
});
export type ECommerceSearch = typeof ECommerceSearch.Type;

/** An id of the ad platforms as the URL carries it (a campaign or an ad set drilled into). */
const AdEntityId = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(64));

/**
 * `/ads`: where the campaign table is (`lvl`: ad sets of the campaign `cmp`, or ads of the ad set
 * `set`; campaigns when absent) and its sort, order and page. A level without the ids it needs
 * shows the campaigns (`src/features/ads/adsSearch.ts`).
 */
export const AdsSearch = Schema.Struct({
  lvl: Schema.optionalKey(Schema.Literals(["adSet", "ad"])),
  cmp: Schema.optionalKey(AdEntityId),
  set: Schema.optionalKey(AdEntityId),
  sort: Schema.optionalKey(Schema.Literals(ADS_SORTS)),
  dir: Schema.optionalKey(Schema.Literals(["asc", "desc"])),
  pg: Schema.optionalKey(Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 100_000 }))),
});
export type AdsSearch = typeof AdsSearch.Type;

/** Every module route with params of its own, by path (`/crm`: its customer table, `crmSearch.ts`). */
export const ROUTE_SEARCH = {
  "/o2o": O2oSearch,
  "/e-commerce": ECommerceSearch,
  "/crm": CrmSearch,
  "/ma": MaSearch,
  "/ads": AdsSearch,
} as const;
export type RouteWithSearch = keyof typeof ROUTE_SEARCH;
