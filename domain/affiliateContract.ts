/**
 * Affiliate (issue 16): affiliate conversions from the Shopee Affiliate and Lazada affiliate
 * reports, tied to the brand's orders where the order id matches, and the calls of the
 * `/affiliate` page (permission 8). Formulas: `domain/affiliate.ts`; definitions in words:
 * docs/affiliate.md; the report layouts: docs/affiliate-import.md.
 *
 * Money in baht; days `YYYY-MM-DD` (Bangkok).
 */
import { Schema } from "effect";
import { daysInclusive, isDay } from "./calendarDays";
import { ImportRowIssue } from "./metrics";

const text = (max: number) => Schema.String.check(Schema.isMaxLength(max));
const Count = Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0));
const NonNegative = Schema.Finite.check(Schema.isGreaterThanOrEqualTo(0));
const Brand = text(100).check(Schema.isMinLength(1));
const Day = Schema.String.check(Schema.isMaxLength(10)).check(
  Schema.makeFilter((s: string) => isDay(s) || "must be an existing date written YYYY-MM-DD"),
);

/** Longest range one call covers: two years and a day (as the other modules). */
export const AFFILIATE_MAX_DAYS = 732;

/** The marketplaces whose affiliate programmes report conversions (the words of `orders.platform`). */
export const AFFILIATE_PLATFORMS = ["Shopee", "Lazada"] as const;
export const AffiliatePlatform = Schema.Literals(AFFILIATE_PLATFORMS);
export type AffiliatePlatform = typeof AffiliatePlatform.Type;

/**
 * A conversion's status as the reports give it, in one list: `completed` (the order completed,
 * commission payable), `pending` (placed, not completed yet), `cancelled` (cancelled, returned or
 * refunded: no commission). GMV counts them all; NMV and commission leave out cancelled.
 */
export const AFFILIATE_STATUSES = ["completed", "pending", "cancelled"] as const;
export const AffiliateStatus = Schema.Literals(AFFILIATE_STATUSES);
export type AffiliateStatus = typeof AffiliateStatus.Type;

/** How many rows the leaderboard and the product table answer (the rest is counted in `others`). */
export const MAX_AFFILIATE_ROWS = 100;
export const TOP_AFFILIATE_PRODUCTS = 20;

// ---------------------------------------------------------------------------------------------
// POST /user/affiliate-figures

export const AffiliateFiguresRequest = Schema.Struct({
  brand: Brand,
  start: Day,
  end: Day,
  /** One marketplace; absent = both. Narrows every figure, the e-commerce GMV share included. */
  platform: Schema.optionalKey(AffiliatePlatform),
  /** Affiliates (a leaderboard click); absent or empty = all. Narrows every figure but `byAffiliate`. */
  affiliates: Schema.optionalKey(Schema.Array(text(200).check(Schema.isMinLength(1))).check(Schema.isMaxLength(50))),
}).check(
  Schema.makeFilter((q: { start: string; end: string }) => {
    if (q.end < q.start) return { path: ["end"], issue: "must not be before start" };
    if (daysInclusive(q.start, q.end) > AFFILIATE_MAX_DAYS) return { path: ["end"], issue: `the range may cover at most ${AFFILIATE_MAX_DAYS} days` };
    return true;
  }),
);
export type AffiliateFiguresRequest = typeof AffiliateFiguresRequest.Type;

/**
 * The figures of a set of conversions: sums, then ratios of the sums, null where a denominator
 * is 0 (the UI shows "—"). An order counts once however many items it has.
 */
export const AffiliateFigures = Schema.Struct({
  /** Null when no row of the set came with clicks. */
  clicks: Schema.NullOr(Count),
  orders: Count,
  /** Order value of the conversions (the order's basket where the order is known, else price × quantity). */
  gmv: NonNegative,
  /** GMV without cancelled conversions. */
  nmv: NonNegative,
  /** Commission of the conversions not cancelled. */
  commission: NonNegative,
  /** commission ÷ GMV. */
  commissionRate: Schema.NullOr(NonNegative),
  /** (GMV − commission) ÷ commission (issue 16). */
  roi: Schema.NullOr(Schema.Finite),
  /** orders ÷ clicks (null without clicks). */
  conversionRate: Schema.NullOr(NonNegative),
  /** Affiliates with at least one conversion. */
  affiliates: Count,
  /** Customers of the matched orders whose first order with the brand is that order / an earlier one. */
  newCustomers: Count,
  returningCustomers: Count,
  /** Conversions whose order id matched none of the brand's orders (their customer is unknown). */
  unmatchedOrders: Count,
});
export type AffiliateFigures = typeof AffiliateFigures.Type;

export const AffiliatePoint = Schema.Struct({ start: Schema.String, ...AffiliateFigures.fields });

export const AffiliateRow = Schema.Struct({
  /** The affiliate as the report names it (Shopee: the affiliate's username or id; Lazada: the member id). */
  affiliate: Schema.String,
  platform: AffiliatePlatform,
  ...AffiliateFigures.fields,
  /** This affiliate's share of the range's affiliate GMV. */
  gmvShare: Schema.NullOr(NonNegative),
});
export type AffiliateRow = typeof AffiliateRow.Type;

export const AffiliateProductRow = Schema.Struct({
  product: Schema.String,
  orders: Count,
  quantity: Count,
  gmv: NonNegative,
  commission: NonNegative,
});
export type AffiliateProductRow = typeof AffiliateProductRow.Type;

export const AffiliateFiguresAnswer = Schema.Struct({
  totals: AffiliateFigures,
  /** The period of equal length just before the range. */
  previous: AffiliateFigures,
  /** The brand's e-commerce GMV over the range (the same platforms), and the affiliates' share of it. */
  commerceGmv: NonNegative,
  gmvShare: Schema.NullOr(NonNegative),
  previousCommerceGmv: NonNegative,
  previousGmvShare: Schema.NullOr(NonNegative),
  /** Day by day up to 92 days, week by week (Monday) up to 366, else month by month. */
  unit: Schema.Literals(["day", "week", "month"]),
  series: Schema.Array(AffiliatePoint),
  byPlatform: Schema.Array(Schema.Struct({ platform: AffiliatePlatform, ...AffiliateFigures.fields })),
  /** By GMV, largest first, at most MAX_AFFILIATE_ROWS; `others` sums the rest. Not narrowed by `affiliates`. */
  byAffiliate: Schema.Array(AffiliateRow),
  others: Schema.Struct({ affiliates: Count, orders: Count, gmv: NonNegative, commission: NonNegative }),
  byProduct: Schema.Array(AffiliateProductRow),
});
export type AffiliateFiguresAnswer = typeof AffiliateFiguresAnswer.Type;

// ---------------------------------------------------------------------------------------------
// Import (multipart: `file`, `brand`)

export const AFFILIATE_IMPORT_FORMATS = ["shopee-affiliate", "lazada-affiliate", "csv"] as const;
export const AffiliateImportFormat = Schema.Literals(AFFILIATE_IMPORT_FORMATS);
export type AffiliateImportFormat = typeof AffiliateImportFormat.Type;

export const ImportAffiliateFields = Schema.Struct({ brand: Brand });
export type ImportAffiliateFields = typeof ImportAffiliateFields.Type;

export const ImportAffiliateResult = Schema.Struct({
  format: AffiliateImportFormat,
  encoding: Schema.String,
  brand: Schema.String,
  /** Data rows read (one per order item). */
  rows: Count,
  orders: Count,
  /** Orders of the file that matched one of the brand's orders. */
  matched: Count,
  /** Conversion items stored new / replacing different values / already stored alike. */
  inserted: Count,
  updated: Count,
  unchanged: Count,
  /** Demo conversions removed because real ones arrived for the brand and platform. */
  demoRemoved: Count,
  first: Schema.NullOr(Schema.String),
  last: Schema.NullOr(Schema.String),
  notes: Schema.Array(ImportRowIssue),
});
export type ImportAffiliateResult = typeof ImportAffiliateResult.Type;
export const ImportAffiliateResponse = Schema.Struct({ msg: Schema.String, data: ImportAffiliateResult });
export const ImportAffiliateRefusal = Schema.Struct({
  error: Schema.String,
  message: Schema.String,
  rows: Schema.Array(ImportRowIssue),
});
