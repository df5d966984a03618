/**
 * The search params a module route declares on top of the shared view (`ViewSearch`): the page's
 * own choices, so a link, a reload and back/forward reproduce them. Each route validates only its
 * own keys (`src/routes/modules.tsx`, through the lazily loaded shell rules); the shared view is
 * validated once by the default layout. A value that does not decode is dropped, and the page
 * then shows its default in its place.
 */
import { Schema } from "effect";
import { ADS_SORTS } from "./adsContract";
import { AffiliatePlatform } from "./affiliateContract";
import { CrmSearch } from "./crmSearch";
import { KolPlatform, KolTier } from "./kolContract";
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

/** The figures the KOL leaderboard of `/campaign` sorts by (any figure of a `KolRow`, and the name). */
export const KOL_SORTS = [
  "name", "followers", "bookings", "cost", "posts", "reach", "views", "likes", "comments", "shares", "saves", "clicks",
  "engagements", "engagementRate", "cpv", "cpe", "cpm", "sales", "roi", "emv", "emvPerBaht",
] as const;
export type KolSort = (typeof KOL_SORTS)[number];

/**
 * `/campaign` (KOL Campaign): the campaign shown (`c`; the overview when absent), the KOL
 * leaderboard's sort (`ks`) and order (`kd`), its tier (`kt`) and platform (`kp`) filters (the
 * platform also narrows the overview's figures), and the KOL picked on the scatter or the
 * leaderboard (`kk`), which narrows the leaderboard and the content table to that KOL.
 */
export const KolSearch = Schema.Struct({
  c: Schema.optionalKey(Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(1))),
  ks: Schema.optionalKey(Schema.Literals(KOL_SORTS)),
  kd: Schema.optionalKey(Schema.Literals(["asc", "desc"])),
  kt: Schema.optionalKey(KolTier),
  kp: Schema.optionalKey(KolPlatform),
  kk: Schema.optionalKey(Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(1))),
});
export type KolSearch = typeof KolSearch.Type;

/** The columns the affiliate leaderboard of `/affiliate` sorts by. */
export const AFFILIATE_SORTS = ["affiliate", "platform", "orders", "gmv", "gmvShare", "commission", "commissionRate", "roi", "conversionRate"] as const;
export type AffiliateSort = (typeof AFFILIATE_SORTS)[number];

/**
 * `/affiliate`: the marketplace (`ap`; both when absent), the affiliates picked on the
 * leaderboard (`aff`; every affiliate when absent), which narrow every figure but the
 * leaderboard, and the leaderboard's sort (`sort`, `dir`; GMV high to low when absent).
 */
export const AffiliateSearch = Schema.Struct({
  ap: Schema.optionalKey(AffiliatePlatform),
  aff: Schema.optionalKey(Schema.Array(Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(200))).check(Schema.isMaxLength(50))),
  sort: Schema.optionalKey(Schema.Literals(AFFILIATE_SORTS)),
  dir: Schema.optionalKey(Schema.Literals(["asc", "desc"])),
});
export type AffiliateSearch = typeof AffiliateSearch.Type;

/** Every module route with params of its own, by path (`/crm`: its customer table, `crmSearch.ts`). */
/**
 * `/admin`: the tab shown (users, brands, audit), the users' search and page, the brand open, and
 * the audit's filters (the actor's email, the kind of change).
 */
export const AdminSearch = Schema.Struct({
  tab: Schema.optionalKey(Schema.Literals(["users", "brands", "audit"])),
  q: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(100))),
  pg: Schema.optionalKey(Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 100_000 }))),
  b: Schema.optionalKey(Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(1))),
  au: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(254))),
  ak: Schema.optionalKey(Schema.Literals(["user", "brand", "account"])),
});
export type AdminSearch = typeof AdminSearch.Type;

/** `/formAC`: the brand the new account goes to (its id), when the page is opened from a brand in Admin. */
export const FormAcSearch = Schema.Struct({
  b: Schema.optionalKey(Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(1))),
});
export type FormAcSearch = typeof FormAcSearch.Type;

/** `/cir`: the list's search and whose reports it shows. */
export const CirSearch = Schema.Struct({
  q: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(100))),
  own: Schema.optionalKey(Schema.Literals(["me", "others", "all"])),
});
export type CirSearch = typeof CirSearch.Type;

export const ROUTE_SEARCH = {
  "/admin": AdminSearch,
  "/formAC": FormAcSearch,
  "/cir": CirSearch,
  "/o2o": O2oSearch,
  "/e-commerce": ECommerceSearch,
  "/crm": CrmSearch,
  "/ma": MaSearch,
  "/ads": AdsSearch,
  "/affiliate": AffiliateSearch,
  "/campaign": KolSearch,
} as const;
export type RouteWithSearch = keyof typeof ROUTE_SEARCH;
