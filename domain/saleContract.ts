/**
 * `/sale` (issue 17): a sales summary across online and offline for a brand over a range, against
 * the previous period of equal length: E-Commerce orders by channel and, on the days the brand's
 * o2o campaigns ran in stores, the o2o views beside the sales of the same days. The views and the
 * sales are set side by side as a correlation, never as attribution (docs/sale.md).
 */
import { Schema } from "effect";
import { isDay } from "./calendarDays";

const text = (max: number) => Schema.String.check(Schema.isMaxLength(max));
const Count = Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0));
const Money = Schema.Finite;
const Day = Schema.String.check(Schema.isMaxLength(10)).check(
  Schema.makeFilter((s: string) => isDay(s) || "must be an existing date written YYYY-MM-DD"),
);

/** Longest range one call covers: two years and a day (as the other modules). */
export const SALE_MAX_DAYS = 732;

export const SaleRequest = Schema.Struct({ brand: text(100).check(Schema.isMinLength(1)), start: Day, end: Day });
export type SaleRequest = typeof SaleRequest.Type;

export const SaleTotals = Schema.Struct({ gmv: Money, nmv: Money, orders: Count, units: Count, buyers: Count });
export type SaleTotals = typeof SaleTotals.Type;

export const SaleChannel = Schema.Struct({
  channel: Schema.String,
  gmv: Money,
  nmv: Money,
  orders: Count,
  previousGmv: Money,
  previousOrders: Count,
});
export type SaleChannel = typeof SaleChannel.Type;

/** One day: the orders' GMV and count, and the o2o views of the brand's campaigns (null: none ran). */
export const SaleDay = Schema.Struct({ day: Day, gmv: Money, orders: Count, views: Schema.NullOr(Count) });
export type SaleDay = typeof SaleDay.Type;

export const SaleSummary = Schema.Struct({
  start: Day,
  end: Day,
  previousStart: Day,
  previousEnd: Day,
  totals: SaleTotals,
  previous: SaleTotals,
  channels: Schema.Array(SaleChannel),
  days: Schema.Array(SaleDay),
  o2o: Schema.Struct({
    /** The brand's o2o campaigns the user may read that ran in the range. */
    campaigns: Schema.Array(Schema.Struct({ id: Count, name: Schema.String })),
    /** Days with both views and orders counted in `correlation`. */
    days: Count,
    /** Pearson's r between the daily views and the daily GMV over those days; null under 7 days. */
    correlation: Schema.NullOr(Schema.Finite),
    /** The same over the previous period. */
    previousCorrelation: Schema.NullOr(Schema.Finite),
  }),
});
export type SaleSummary = typeof SaleSummary.Type;
