/**
 * The filter every E-Commerce and CRM figure applies (issue 6): the active filter template or the
 * page's ad-hoc filter, narrowed by the chart clicks of the page (`machines/pageFilter`), merged
 * into the `CommerceFilter` the server reads. Pure; tested in tests/domain/commerceFilter.test.ts.
 *
 * Rules:
 * - Template fields: an empty string means all; platform "All Platform" and location "All
 *   Location" mean all too. Status is one of ORDER_STATUSES (any case; "All…" = all); product is
 *   an exact product name. Basket size min/max are the bounds (both included).
 * - The ad-hoc filter (used when no template is active) gives basket min/max, platform, location.
 * - Chart clicks add values per field: platform bars → platforms, region bars → locations, status
 *   slices → statuses, product bars → products, basket buckets → basket bounds. Several clicks on
 *   one field are alternatives (Shopee or Lazada); several bucket clicks span from the lowest
 *   bucket's lower bound to the highest bucket's upper bound.
 * - When the template (or ad-hoc filter) and clicks concern the same field, the result is their
 *   intersection. An empty intersection matches nothing: the filter then lists the platform
 *   `NO_MATCH` (""), which no order has, so the server answers zeros.
 */
import { Schema } from "effect";
import { ORDER_STATUSES, type BASKET_BUCKETS, type CommerceFilter, type OrderStatus } from "./commerce";
import type { FilterTemplate } from "./entities";
import type { AdHocFilter } from "./viewSearch";

/**
 * The fields a chart click can narrow: E-Commerce and CRM (platforms … basket) and the MA page
 * (post types, pages, heatmap slots: `domain/socialFilter.ts`) and the Ads page (ad channels and
 * campaign objectives: `src/features/ads/adsRequest.ts`). Each page reads only its own.
 */
export const CHART_CLICK_FIELDS = ["platforms", "locations", "statuses", "products", "basket", "postTypes", "pages", "slots", "adChannels", "objectives"] as const;
export const ChartClickField = Schema.Literals(CHART_CLICK_FIELDS);
export type ChartClickField = typeof ChartClickField.Type;

/**
 * One value added to the page filter by clicking a bar or slice (or its "Filter by" button).
 * `value` is what filters (a platform, region, status, product, or for a basket bucket its
 * `basketBucketValue`); `label` is what the chip shows; `at` the time of the click (ms).
 */
export const ChartClick = Schema.Struct({
  field: ChartClickField,
  value: Schema.String.check(Schema.isMaxLength(300)),
  label: Schema.String.check(Schema.isMaxLength(300)),
  at: Schema.Finite,
});
export type ChartClick = typeof ChartClick.Type;

/** Names of the fields as chips show them ("Platform: Shopee"). */
export const CHART_CLICK_FIELD_NAMES: Record<ChartClickField, string> = {
  platforms: "Platform",
  locations: "Region",
  statuses: "Status",
  products: "Product",
  basket: "Basket size",
  postTypes: "Post type",
  pages: "Page",
  slots: "Posted",
  adChannels: "Channel",
  objectives: "Objective",
};

/** A platform no order has: a filter listing only it matches nothing. */
export const NO_MATCH = "";

/** Upper bounds are exclusive for buckets (`min ≤ basket < max`) and inclusive in the filter: one satang below. */
const SATANG = 0.01;

/** The click value of a basket bucket: `"min-max"` (`"5000-"` without an upper end). */
export function basketBucketValue(bucket: { readonly min: number; readonly max: number | null }): string {
  return `${bucket.min}-${bucket.max ?? ""}`;
}

/** The bounds of a basket click value (filter bounds, both included), or null for a malformed value. */
export function basketBoundsOf(value: string): { min: number; max: number | null } | null {
  const m = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)?$/.exec(value);
  if (m === null) return null;
  const min = Number(m[1]);
  const max = m[2] === undefined ? null : Math.round((Number(m[2]) - SATANG) * 100) / 100;
  return max !== null && max < min ? null : { min, max };
}

/** The chart click of a basket bucket of BASKET_BUCKETS. */
export function basketClick(bucket: (typeof BASKET_BUCKETS)[number], at: number): ChartClick {
  return { field: "basket", value: basketBucketValue(bucket), label: bucket.label, at };
}

/** Two clicks are the same when they filter the same value of the same field (the time does not matter). */
export function sameClick(a: Pick<ChartClick, "field" | "value">, b: Pick<ChartClick, "field" | "value">): boolean {
  return a.field === b.field && a.value === b.value;
}

/** The status a template names, "all" for an empty or "All …" one, null for a status orders never have. */
export function templateStatus(status: string): OrderStatus | "all" | null {
  const s = status.trim().toLowerCase();
  if (s === "" || s.startsWith("all")) return "all";
  return (ORDER_STATUSES as readonly string[]).includes(s) ? (s as OrderStatus) : null;
}

const allOr = (value: string, all: string): readonly string[] | null => {
  const v = value.trim();
  return v === "" || v === all ? null : [v];
};

/** A set of allowed values; null = all. */
type Allowed = readonly string[] | null;

function intersect(a: Allowed, b: Allowed): Allowed {
  if (a === null) return b;
  if (b === null) return a;
  const keep = new Set(b);
  return a.filter((v) => keep.has(v));
}

interface Bounds {
  readonly min: number | null;
  readonly max: number | null;
}

function narrowBounds(a: Bounds, b: Bounds): Bounds {
  return {
    min: a.min === null ? b.min : b.min === null ? a.min : Math.max(a.min, b.min),
    max: a.max === null ? b.max : b.max === null ? a.max : Math.min(a.max, b.max),
  };
}

/** What the template or ad-hoc filter allows, per field. */
interface Base {
  platforms: Allowed;
  locations: Allowed;
  statuses: Allowed;
  products: Allowed;
  basket: Bounds;
  /** A template value no order can have (an unknown status). */
  impossible: boolean;
}

function baseOf(template: FilterTemplate | null, adhoc: AdHocFilter | null): Base {
  if (template !== null) {
    const status = templateStatus(template.status);
    return {
      platforms: allOr(template.platform, "All Platform"),
      locations: allOr(template.location, "All Location"),
      statuses: status === "all" || status === null ? null : [status],
      products: allOr(template.product, ""),
      basket: { min: template.basketSize.min, max: template.basketSize.max },
      impossible: status === null,
    };
  }
  if (adhoc !== null) {
    return {
      platforms: allOr(adhoc.platform, "All Platform"),
      locations: allOr(adhoc.location, "All Location"),
      statuses: null,
      products: null,
      basket: { min: adhoc.min, max: adhoc.max },
      impossible: false,
    };
  }
  return { platforms: null, locations: null, statuses: null, products: null, basket: { min: null, max: null }, impossible: false };
}

/** The values clicked on one field, in click order, once each; null when none was clicked. */
function clicked(clicks: readonly ChartClick[], field: "platforms" | "locations" | "statuses" | "products"): Allowed {
  const values = [...new Set(clicks.filter((c) => c.field === field).map((c) => c.value))];
  return values.length === 0 ? null : values;
}

/** The span of the clicked basket buckets; null when none was clicked (malformed values are ignored). */
function clickedBasket(clicks: readonly ChartClick[]): Bounds | null {
  const bounds = clicks.filter((c) => c.field === "basket").map((c) => basketBoundsOf(c.value)).filter((b) => b !== null);
  if (bounds.length === 0) return null;
  return {
    min: Math.min(...bounds.map((b) => b.min)),
    max: bounds.some((b) => b.max === null) ? null : Math.max(...bounds.map((b) => b.max as number)),
  };
}

const NOTHING: CommerceFilter = { platforms: [NO_MATCH] };

/**
 * The filter the figures apply: the active template (or else the ad-hoc filter) narrowed by the
 * chart clicks. Fields that allow everything are left out.
 */
export function effectiveCommerceFilter(input: {
  readonly template: FilterTemplate | null;
  readonly adhoc: AdHocFilter | null;
  readonly clicks: readonly ChartClick[];
}): CommerceFilter {
  const base = baseOf(input.template, input.adhoc);
  if (base.impossible) return NOTHING;
  const platforms = intersect(base.platforms, clicked(input.clicks, "platforms"));
  const locations = intersect(base.locations, clicked(input.clicks, "locations"));
  const statuses = intersect(base.statuses, clicked(input.clicks, "statuses"));
  const products = intersect(base.products, clicked(input.clicks, "products"));
  const bucket = clickedBasket(input.clicks);
  const basket = bucket === null ? base.basket : narrowBounds(base.basket, bucket);
  const emptyBasket = basket.min !== null && basket.max !== null && basket.min > basket.max;
  if ([platforms, locations, statuses, products].some((a) => a !== null && a.length === 0) || emptyBasket) return NOTHING;

  const validStatuses = statuses?.filter((s): s is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(s));
  if (validStatuses !== undefined && validStatuses.length === 0) return NOTHING;
  return {
    ...(platforms !== null ? { platforms } : {}),
    ...(locations !== null ? { locations } : {}),
    ...(validStatuses !== undefined ? { statuses: validStatuses } : {}),
    ...(products !== null ? { products } : {}),
    ...(basket.min !== null ? { basketMin: basket.min } : {}),
    ...(basket.max !== null ? { basketMax: basket.max } : {}),
  };
}

/** True when the filter can match no order (an empty intersection). */
export function matchesNothing(filter: CommerceFilter): boolean {
  return filter.platforms !== undefined && filter.platforms.length > 0 && filter.platforms.every((p) => p === NO_MATCH);
}

/** The filter a page applies, as found: the active template (looked up by title), the ad-hoc filter, or none. */
export type AppliedFilter =
  | { readonly kind: "none" }
  | { readonly kind: "template"; readonly template: FilterTemplate }
  /** The URL names a template the user no longer has (deleted or renamed): nothing is applied from it. */
  | { readonly kind: "missing"; readonly title: string }
  | { readonly kind: "adhoc"; readonly filter: AdHocFilter };

/** The view's active filter (from the URL) as the template it names among the user's, or the ad-hoc filter. */
export function appliedFilterOf(
  active: { readonly kind: "none" } | { readonly kind: "template"; readonly title: string } | { readonly kind: "adhoc"; readonly filter: AdHocFilter },
  templates: readonly FilterTemplate[],
): AppliedFilter {
  if (active.kind === "none") return { kind: "none" };
  if (active.kind === "adhoc") return { kind: "adhoc", filter: active.filter };
  const found = templates.find((t) => t.title === active.title);
  return found === undefined ? { kind: "missing", title: active.title } : { kind: "template", template: found };
}

/** The page's filter: the applied template or ad-hoc filter merged with the page's chart clicks. */
export function pageFilterOf(applied: AppliedFilter, clicks: readonly ChartClick[]): CommerceFilter {
  return effectiveCommerceFilter({
    template: applied.kind === "template" ? applied.template : null,
    adhoc: applied.kind === "adhoc" ? applied.filter : null,
    clicks,
  });
}
