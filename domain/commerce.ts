/**
 * E-Commerce and CRM (issue 6): orders, the figures of the E-Commerce page, the customer columns
 * the CRM page scores by RFM, and the orders import. The server decodes requests with these
 * schemas and the page decodes answers with them; described in docs/commerce.md.
 *
 * Money is THB (two decimals). Days are Bangkok calendar days, YYYY-MM-DD.
 * - GMV: the value of every order placed in the range, whatever its status.
 * - NMV: GMV less cancelled and returned orders (completed and pending orders).
 * - A customer is **new** in a range when their first order with the brand (any status, any
 *   time) falls in it, else **old**.
 */
import { Schema } from "effect";
import { LOCATION_OPTIONS, PLATFORM_OPTIONS } from "./viewSearch";

const DateOnly = Schema.String.check(Schema.isPattern(/^\d{4}-\d{2}-\d{2}$/));
const text = (max: number) => Schema.String.check(Schema.isMaxLength(max));
const NonNegative = Schema.Finite.check(Schema.isGreaterThanOrEqualTo(0));
const Count = Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0));

/** E-commerce channels of the page's selector (spec §9). */
export const COMMERCE_CHANNELS = ["All channel", "Shopee", "Lazada"] as const;
export const CommerceChannel = Schema.Literals(COMMERCE_CHANNELS);
export type CommerceChannel = typeof CommerceChannel.Type;
export const DEFAULT_COMMERCE_CHANNEL: CommerceChannel = "All channel";

/** Platforms orders come from today (the filter's platform options without "All Platform"). */
export const PLATFORMS = PLATFORM_OPTIONS.slice(1) as unknown as readonly ["Lazada", "Shopee"];

/** The nine regions of Thailand (the filter's location options without "All Location"). */
export const REGIONS = LOCATION_OPTIONS.slice(1) as unknown as readonly Exclude<(typeof LOCATION_OPTIONS)[number], "All Location">[];
export type Region = (typeof REGIONS)[number];
export const RegionSchema = Schema.Literals(REGIONS as unknown as readonly [Region, ...Region[]]);
/** How a missing shipping region is shown and filtered. */
export const UNKNOWN_LOCATION = "Unknown";

/** Order status: `pending` = placed, not completed yet (to pay, to ship, shipping). */
export const ORDER_STATUSES = ["completed", "pending", "cancelled", "returned"] as const;
export const OrderStatus = Schema.Literals(ORDER_STATUSES);
export type OrderStatus = typeof OrderStatus.Type;
/** The statuses NMV counts. */
export const NMV_STATUSES: readonly OrderStatus[] = ["completed", "pending"];
/** How the UI names each status. */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = { completed: "Completed", pending: "Pending", cancelled: "Cancelled", returned: "Returned" };

/** Basket-size buckets of the distribution chart, THB: `min ≤ basket < max` (max null = no upper end). */
export const BASKET_BUCKETS = [
  { label: "under ฿200", min: 0, max: 200 },
  { label: "฿200–499", min: 200, max: 500 },
  { label: "฿500–999", min: 500, max: 1000 },
  { label: "฿1,000–1,999", min: 1000, max: 2000 },
  { label: "฿2,000–4,999", min: 2000, max: 5000 },
  { label: "฿5,000 and over", min: 5000, max: null },
] as const;

// ---------------------------------------------------------------------------------------------
// Orders as the import writes them

export const OrderItem = Schema.Struct({
  product: text(300).check(Schema.isMinLength(1)),
  sku: Schema.optionalKey(text(100)),
  quantity: Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 100_000 })),
  /** Price paid per unit, THB. */
  price: NonNegative.check(Schema.isLessThanOrEqualTo(10_000_000)),
});
export type OrderItem = typeof OrderItem.Type;

/** One order, validated before anything is written. */
export const Order = Schema.Struct({
  platform: text(50).check(Schema.isMinLength(1)),
  orderId: text(100).check(Schema.isMinLength(1)),
  customerId: text(200).check(Schema.isMinLength(1)),
  /** ISO date-time with offset (`2024-09-09T10:12:00+07:00`). */
  orderedAt: Schema.String.check(Schema.isPattern(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(\.\d+)?(Z|[+-]\d{2}:\d{2})$/)),
  status: OrderStatus,
  statusRaw: text(100),
  location: Schema.NullOr(RegionSchema),
  province: Schema.NullOr(text(100)),
  items: Schema.Array(OrderItem).check(Schema.isMinLength(1), Schema.isMaxLength(500)),
});
export type Order = typeof Order.Type;

// ---------------------------------------------------------------------------------------------
// The filter every figure applies

/**
 * What the E-Commerce and CRM figures are narrowed to: the active filter template, the page's
 * ad-hoc filter and its chart clicks, merged by the page (`domain/commerceFilter.ts`). A list
 * left out (or empty) means all; listed values are alternatives (platform A or B); the fields
 * narrow together (and).
 */
export const CommerceFilter = Schema.Struct({
  platforms: Schema.optionalKey(Schema.Array(text(50)).check(Schema.isMaxLength(20))),
  /** Regions, or "Unknown" for orders without one. */
  locations: Schema.optionalKey(Schema.Array(text(50)).check(Schema.isMaxLength(20))),
  statuses: Schema.optionalKey(Schema.Array(OrderStatus).check(Schema.isMaxLength(4))),
  /** Orders holding at least one of these products (exact names). */
  products: Schema.optionalKey(Schema.Array(text(300)).check(Schema.isMaxLength(50))),
  /** Basket size bounds in THB, both included; null = open. */
  basketMin: Schema.optionalKey(Schema.NullOr(NonNegative)),
  basketMax: Schema.optionalKey(Schema.NullOr(NonNegative)),
}).check(
  Schema.makeFilter((f: { basketMin?: number | null; basketMax?: number | null }) =>
    f.basketMin == null || f.basketMax == null || f.basketMin <= f.basketMax
      ? true
      : { path: ["basketMax"], issue: "must not be below basketMin" },
  ),
);
export type CommerceFilter = typeof CommerceFilter.Type;

/** Longest range one call covers: two years and a day. */
export const COMMERCE_MAX_DAYS = 732;

/** The request of both the figures and the customers call. */
export const CommerceRequest = Schema.Struct({
  brand: text(100).check(Schema.isMinLength(1)),
  start: DateOnly,
  end: DateOnly,
  channel: CommerceChannel,
  filter: CommerceFilter,
});
export type CommerceRequest = typeof CommerceRequest.Type;

// ---------------------------------------------------------------------------------------------
// Answers

const Money = NonNegative;

export const CommerceTotals = Schema.Struct({
  gmv: Money,
  nmv: Money,
  orders: Count,
  customers: Count,
  newCustomers: Count,
  oldCustomers: Count,
  /** GMV of the new and of the old customers' orders. */
  newCustomerGmv: Money,
  oldCustomerGmv: Money,
  /** GMV ÷ orders; null without orders. */
  avgBasket: Schema.NullOr(Money),
});
export type CommerceTotals = typeof CommerceTotals.Type;

/** Days for ranges up to 62 days, ISO weeks (Monday) up to 366 days, else calendar months. */
export const SeriesGranularity = Schema.Literals(["day", "week", "month"]);
export type SeriesGranularity = typeof SeriesGranularity.Type;

export const SeriesPoint = Schema.Struct({
  /** First day of the period (clipped to the range). */
  period: DateOnly,
  gmv: Money,
  nmv: Money,
  orders: Count,
  newCustomers: Count,
  oldCustomers: Count,
});

export const Breakdown = Schema.Struct({ key: Schema.String, gmv: Money, nmv: Money, orders: Count });
export type Breakdown = typeof Breakdown.Type;

export const ProductFigure = Schema.Struct({ product: Schema.String, quantity: Count, gmv: Money, orders: Count });

export const BasketBucketFigure = Schema.Struct({ min: NonNegative, max: Schema.NullOr(NonNegative), orders: Count, gmv: Money });

/** `POST /user/commerce-figures`: every figure of the E-Commerce page for the range. */
export const CommerceFigures = Schema.Struct({
  brand: Schema.String,
  start: DateOnly,
  end: DateOnly,
  granularity: SeriesGranularity,
  totals: CommerceTotals,
  /** One point per period of the range, empty periods included (zeros). */
  series: Schema.Array(SeriesPoint),
  byPlatform: Schema.Array(Breakdown),
  /** Keys: the regions, and "Unknown"; only those with orders, by GMV. */
  byLocation: Schema.Array(Breakdown),
  byStatus: Schema.Array(Breakdown),
  /** The 10 products with the highest GMV (quantity × price of their items). */
  topProducts: Schema.Array(ProductFigure),
  /** One entry per BASKET_BUCKETS bucket, in order. */
  basketSizes: Schema.Array(BasketBucketFigure),
  /**
   * The period of equal length just before the range (`previousPeriod`, domain/periodChange.ts),
   * with the same channel and filter: its totals, for each key figure's change. A customer is
   * new there when their first order falls in that period.
   */
  previous: Schema.Struct({ start: DateOnly, end: DateOnly, totals: CommerceTotals }),
});
export type CommerceFigures = typeof CommerceFigures.Type;

/**
 * The customers of a period as columns (index i is one customer), over the orders NMV counts
 * (completed and pending): `recencyDays` = days from their last such order to the period's end
 * (0 = on the last day), `frequency` = how many such orders, `monetary` = their NMV. A customer
 * whose orders in the period were all cancelled or returned is not listed.
 */
export const CustomerColumns = Schema.Struct({
  ids: Schema.Array(Schema.String),
  recencyDays: Schema.Array(Count),
  frequency: Schema.Array(Count),
  monetary: Schema.Array(Money),
}).check(
  Schema.makeFilter((c: { ids: readonly unknown[]; recencyDays: readonly unknown[]; frequency: readonly unknown[]; monetary: readonly unknown[] }) =>
    (c.recencyDays.length === c.ids.length && c.frequency.length === c.ids.length && c.monetary.length === c.ids.length)
    || "every column must have one value per customer",
  ),
);
export type CustomerColumns = typeof CustomerColumns.Type;

/** `POST /user/commerce-customers`: the range's customers and those of the period of equal length before it. */
export const CommerceCustomers = Schema.Struct({
  brand: Schema.String,
  current: Schema.Struct({ start: DateOnly, end: DateOnly, customers: CustomerColumns }),
  previous: Schema.Struct({ start: DateOnly, end: DateOnly, customers: CustomerColumns }),
});
export type CommerceCustomers = typeof CommerceCustomers.Type;

/** Multipart fields of `POST /user/import-orders` besides the file. */
export const ImportOrdersFields = Schema.Struct({ brand: text(100).check(Schema.isMinLength(1)) });
export type ImportOrdersFields = typeof ImportOrdersFields.Type;

export const ImportOrdersResult = Schema.Struct({
  /** Which layout the file was read as: "documented", "shopee", "lazada". */
  format: Schema.String,
  rows: Count,
  orders: Count,
  inserted: Count,
  updated: Count,
  unchanged: Count,
});
export type ImportOrdersResult = typeof ImportOrdersResult.Type;
export const ImportOrdersResponse = Schema.Struct({ msg: Schema.String, data: ImportOrdersResult });

/** A refused import: nothing was written; every bad row with its line number and reason. */
export const ImportOrdersRefusal = Schema.Struct({
  error: Schema.String,
  message: Schema.String,
  rows: Schema.Array(Schema.Struct({ line: Count, reason: Schema.String })),
});
