/**
 * E-Commerce and CRM figures (issue 6): every figure of the E-Commerce page, and the customer
 * columns the CRM page scores by RFM, over a brand's orders in a range, narrowed by the page's
 * filter. Definitions in domain/commerce.ts and docs/commerce.md. Knows nothing of HTTP: it
 * takes ids and requests and throws ServiceError.
 *
 * Speed (budget: figures of 12 months of the busiest demo brand, p95 ≤ 150 ms on PGlite): the
 * figures sum the brand's orders held in memory as columns (orderTable.ts), read again only when
 * a write moved the version of the brand's orders (migration 011); the top products are one
 * statement over the daily product rows when the filter allows. The customers are one statement,
 * grouped by customer in the database.
 */
import {
  BASKET_BUCKETS, COMMERCE_MAX_DAYS, NMV_STATUSES, ORDER_STATUSES, UNKNOWN_LOCATION,
  type Breakdown, type CommerceCustomers, type CommerceTotals, type CommerceFigures, type CommerceRequest, type CustomerColumns,
  type OrderStatus, type SeriesGranularity,
} from "../../domain/commerce";
import { addDays, daysInclusive, isDay } from "../../domain/calendarDays";
import { previousPeriod } from "../../domain/periodChange";
import type { Storage } from "../storage/storage";
import { ServiceError } from "./errors";
import {
  dayNumberOf, orderFilterOf, ordersHolding, readBrandOrders, sumOrders, topProducts, type BrandOrders, type ItemTable, type OrderSums,
} from "./orderTable";

/** Most days a series shows one point per day; up to {@link WEEK_MAX_DAYS} one per ISO week; beyond, one per month. */
export const DAY_MAX_DAYS = 62;
export const WEEK_MAX_DAYS = 366;
/** Products the figures list. */
export const TOP_PRODUCTS = 10;

const DAY_MS = 86_400_000;
const ms = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The series' granularity for a range of `days` days. */
export function granularityFor(days: number): SeriesGranularity {
  return days <= DAY_MAX_DAYS ? "day" : days <= WEEK_MAX_DAYS ? "week" : "month";
}

/**
 * The periods of a range: the first day of each (clipped to the range), and for each day of the
 * range the index of its period.
 */
export function periodsOf(start: string, end: string, granularity: SeriesGranularity): { starts: string[]; index: number[] } {
  const starts: string[] = [];
  const index: number[] = [];
  const last = ms(end);
  for (let t = ms(start); t <= last; t += DAY_MS) {
    const d = new Date(t);
    const opens = t === ms(start)
      || granularity === "day"
      || (granularity === "week" && d.getUTCDay() === 1)
      || (granularity === "month" && d.getUTCDate() === 1);
    if (opens) starts.push(dayOf(t));
    index.push(starts.length - 1);
  }
  return { starts, index };
}

interface Scope {
  readonly brandId: number;
  readonly brand: string;
  readonly start: string;
  readonly end: string;
  readonly days: number;
  /** The version of the brand's orders (migration 011; "0": never written). */
  readonly version: string;
}

/** Satang of a THB amount written with at most two decimals (exact: no float sum is rounded twice). */
const satang = (text: string) => Math.round(Number(text) * 100);
const thb = (satangs: number) => satangs / 100;

/** The totals of {@link sumOrders}' sums, in THB. */
function totalsOf(sums: OrderSums): CommerceTotals {
  const { gmv, nmv, newGmv, orders, customers, newCustomers } = sums;
  return {
    gmv: thb(gmv),
    nmv: thb(nmv),
    orders,
    customers,
    newCustomers,
    oldCustomers: customers - newCustomers,
    newCustomerGmv: thb(newGmv),
    oldCustomerGmv: thb(gmv - newGmv),
    avgBasket: orders === 0 ? null : Math.round(gmv / orders) / 100,
  };
}

/**
 * The filter as SQL conditions on alias `a` (orders; order_items, which carry their order's
 * platform, day, status, location and basket; or order_product_days, for a filter of platforms
 * and statuses only), with their parameters appended to `params` ($1 brand, $2/$3 the days are
 * already there). `statuses` narrows the statuses further (NMV).
 */
function filterSql(a: "o" | "i" | "d", req: CommerceRequest, params: unknown[], statuses: readonly OrderStatus[] | null = null): string {
  const add = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const f = req.filter;
  const where: string[] = [];
  let platforms: readonly string[] | null = f.platforms && f.platforms.length > 0 ? f.platforms : null;
  if (req.channel !== "All channel") platforms = platforms === null ? [req.channel] : platforms.filter((p) => p === req.channel);
  if (platforms !== null) where.push(`${a}.platform = ANY(${add(platforms)}::text[])`);
  if (f.locations && f.locations.length > 0) {
    const regions = f.locations.filter((l) => l !== UNKNOWN_LOCATION);
    const unknown = regions.length < f.locations.length;
    const terms = [...(regions.length > 0 ? [`${a}.location = ANY(${add(regions)}::text[])`] : []), ...(unknown ? [`${a}.location IS NULL`] : [])];
    where.push(`(${terms.join(" OR ")})`);
  }
  let wanted: readonly OrderStatus[] | null = f.statuses && f.statuses.length > 0 ? f.statuses : null;
  if (statuses !== null) wanted = wanted === null ? statuses : wanted.filter((x) => statuses.includes(x));
  if (wanted !== null) where.push(`${a}.status = ANY(${add(wanted)}::text[])`);
  if (f.products && f.products.length > 0) {
    // The orders of the range holding one of the products: one pass over the range's items.
    where.push(`(${a}.platform, ${a}.order_id) IN (SELECT h.platform, h.order_id FROM order_items h
                  WHERE h.brand_id = $1 AND h.day >= $2::date AND h.day <= $3::date AND h.product = ANY(${add(f.products)}::text[]))`);
  }
  if (f.basketMin != null) where.push(`${a}.basket >= ${add(f.basketMin)}::numeric`);
  if (f.basketMax != null) where.push(`${a}.basket <= ${add(f.basketMax)}::numeric`);
  return where.map((w) => ` AND ${w}`).join("");
}

/** Most orders the cache of {@link CommerceService} holds, all brands together (about 25 bytes an order). */
export const CACHED_ORDERS = 4_000_000;

export class CommerceService {
  /** Each brand's orders as read at a version, most recently used last (see orderTable.ts). */
  private readonly brands = new Map<number, BrandOrders>();
  /** The reads under way, so that calls arriving together read a brand once. */
  private readonly reading = new Map<number, Promise<BrandOrders>>();

  constructor(private readonly db: Storage, private readonly cachedOrders = CACHED_ORDERS) {}

  /** Checks the range and that the brand is one of the user's; reads the version of the brand's orders. */
  private async scope(userId: number, req: CommerceRequest): Promise<Scope> {
    if (!isDay(req.start)) throw new ServiceError("invalid", "must be an existing date written YYYY-MM-DD", { field: "start" });
    if (!isDay(req.end)) throw new ServiceError("invalid", "must be an existing date written YYYY-MM-DD", { field: "end" });
    if (req.end < req.start) throw new ServiceError("invalid", "must not be before start", { field: "end" });
    const days = daysInclusive(req.start, req.end);
    if (days > COMMERCE_MAX_DAYS) throw new ServiceError("invalid", `the range may cover at most ${COMMERCE_MAX_DAYS} days (it covers ${days})`, { field: "end" });
    const found = (await this.db.query<{ id: number; version: string | null }>(
      `SELECT b.id, (SELECT v.version::text FROM orders_versions v WHERE v.brand_id = b.id) AS version
         FROM user_brands ub JOIN brands b ON b.id = ub.brand_id WHERE ub.user_id = $1 AND b.name = $2`, [userId, req.brand],
    )).rows[0];
    if (!found) throw new ServiceError("forbidden", `"${req.brand}" is not one of your brands`, { field: "brand" });
    return { brandId: found.id, brand: req.brand, start: req.start, end: req.end, days, version: found.version ?? "0" };
  }

  /** The brand's orders at `version`: from memory when read at that version, else read again. */
  private async brandOrders(brandId: number, version: string): Promise<BrandOrders> {
    const held = this.brands.get(brandId);
    if (held !== undefined && held.version === version) {
      this.brands.delete(brandId);
      this.brands.set(brandId, held);
      return held;
    }
    let read = this.reading.get(brandId);
    if (read === undefined) {
      read = readBrandOrders(this.db, brandId).finally(() => this.reading.delete(brandId));
      this.reading.set(brandId, read);
    }
    const fresh = await read;
    this.brands.delete(brandId);
    this.brands.set(brandId, fresh);
    let total = 0;
    for (const b of this.brands.values()) total += b.orders.length;
    // Least recently used first; the brand just read stays even when it alone is over the bound.
    for (const [id, b] of this.brands) {
      if (total <= this.cachedOrders || id === brandId) break;
      this.brands.delete(id);
      total -= b.orders.length;
    }
    return fresh;
  }

  /**
   * Every figure of the E-Commerce page for the range (domain/commerce.ts, CommerceFigures), and
   * the totals of the period before it (same length, same filter) for the cards' change lines.
   *
   * The brand's orders are summed in memory (orderTable.ts: read once per version of the brand's
   * orders, which every write moves), in satang, exact. The top products are one statement over
   * the daily product rows, or, for a filter by region, basket or product, summed from the
   * brand's items in memory too (read on first need).
   *
   * @throws ServiceError forbidden (field brand) when the brand is not one of the user's
   * @throws ServiceError invalid (field start or end) for a range that is not one
   */
  async figures(userId: number, req: CommerceRequest): Promise<CommerceFigures> {
    const s = await this.scope(userId, req);
    const granularity = granularityFor(s.days);
    const periods = periodsOf(s.start, s.end, granularity);
    const previous = previousPeriod(s);
    const f = req.filter;
    // The daily product rows answer the top products unless the filter narrows by what they
    // do not hold (region, basket, product): then the brand's items are summed too.
    const daily = !(f.locations?.length || f.products?.length || f.basketMin != null || f.basketMax != null);
    let brand = await this.brandOrders(s.brandId, s.version);
    let items: ItemTable | null = null;
    if (!daily) ({ brand, items } = await this.withItems(s.brandId, brand));
    const table = brand.orders;
    const keep = orderFilterOf(req, table, f.products && f.products.length > 0 ? ordersHolding(table, items!, f.products) : null);
    const [from, to] = [dayNumberOf(s.start), dayNumberOf(s.end)];
    const sums = sumOrders(table, from, to, keep, brand.firstDay, { count: periods.starts.length, index: periods.index });
    const before = sumOrders(table, dayNumberOf(previous.start), dayNumberOf(previous.end), keep, brand.firstDay);
    const top = items === null
      ? await this.dailyTopProducts(s, req)
      : topProducts(table, items, from, to, keep, TOP_PRODUCTS).map((p) => ({ product: p.product, quantity: p.quantity, gmv: thb(p.gmv), orders: p.orders }));
    const { series, byPlatform, byLocation, byStatus, buckets, periodCustomers, periodNew } = sums;
    const breakdown = (a: Float64Array, keys: readonly string[]): Breakdown[] => keys
      .map((key, i) => ({ key, gmv: thb(a[i * 3] ?? 0), nmv: thb(a[i * 3 + 1] ?? 0), orders: a[i * 3 + 2] ?? 0 }))
      .filter((b) => b.orders > 0)
      .sort((a, b) => b.gmv - a.gmv || b.orders - a.orders || (a.key < b.key ? -1 : 1));
    return {
      brand: s.brand,
      start: s.start,
      end: s.end,
      granularity,
      totals: totalsOf(sums),
      series: periods.starts.map((period, i) => ({
        period,
        gmv: thb(series[i * 3]!),
        nmv: thb(series[i * 3 + 1]!),
        orders: series[i * 3 + 2]!,
        newCustomers: periodNew[i]!,
        oldCustomers: periodCustomers[i]! - periodNew[i]!,
      })),
      byPlatform: breakdown(byPlatform, table.platforms),
      byLocation: breakdown(byLocation, [UNKNOWN_LOCATION, ...table.regions]),
      // In the order of ORDER_STATUSES.
      byStatus: ORDER_STATUSES.map((key, i) => ({ key, gmv: thb(byStatus[i * 3]!), nmv: thb(byStatus[i * 3 + 1]!), orders: byStatus[i * 3 + 2]! }))
        .filter((b) => b.orders > 0),
      topProducts: top,
      basketSizes: BASKET_BUCKETS.map((b, i) => ({ min: b.min, max: b.max, orders: buckets[i * 3 + 2]!, gmv: thb(buckets[i * 3]!) })),
      previous: { start: previous.start, end: previous.end, totals: totalsOf(before) },
    };
  }

  /** The brand's orders with their items: read again with them on first need (one transaction: the same version). */
  private async withItems(brandId: number, held: BrandOrders): Promise<{ brand: BrandOrders; items: ItemTable }> {
    if (held.items !== null) return { brand: held, items: held.items };
    const brand = await readBrandOrders(this.db, brandId, true);
    if (this.brands.has(brandId)) this.brands.set(brandId, brand);
    return { brand, items: brand.items! };
  }

  /**
   * The range's top products from the daily product rows (a filter of platforms and statuses
   * only). Grouped by the bytes of the name (COLLATE "C"): sorting thousands of Thai names by the
   * locale's rules took a fifth of the statement.
   */
  private async dailyTopProducts(s: Scope, req: CommerceRequest): Promise<CommerceFigures["topProducts"]> {
    const params: unknown[] = [s.brandId, s.start, s.end];
    const rows = (await this.db.query<{ product: string; gmv: string; quantity: number; orders: number }>(`
SELECT d.product COLLATE "C" AS product, sum(d.amount)::text AS gmv, sum(d.quantity)::float8 AS quantity, sum(d.orders)::int AS orders
  FROM order_product_days d
 WHERE d.brand_id = $1 AND d.day >= $2::date AND d.day <= $3::date${filterSql("d", req, params)}
 GROUP BY 1 HAVING sum(d.orders) > 0
 ORDER BY sum(d.amount) DESC, 1
 LIMIT ${TOP_PRODUCTS}`, params)).rows;
    return rows.map((p) => ({ product: p.product, quantity: p.quantity, gmv: thb(satang(p.gmv)), orders: p.orders }));
  }

  /**
   * The customers of the range and of the period of equal length before it, as columns
   * (domain/commerce.ts, CommerceCustomers), over the orders NMV counts.
   *
   * @throws ServiceError forbidden (field brand) when the brand is not one of the user's
   * @throws ServiceError invalid (field start or end) for a range that is not one
   */
  async customers(userId: number, req: CommerceRequest): Promise<CommerceCustomers> {
    const s = await this.scope(userId, req);
    const prevStart = addDays(s.start, -s.days);
    const prevEnd = addDays(s.start, -1);
    const params: unknown[] = [s.brandId, prevStart, s.end, s.start];
    const where = filterSql("o", req, params, NMV_STATUSES);
    // One pass: each customer of either period with their columns, as JSON, ids in byte order.
    const row = (await this.db.query<{ current: string | null; previous: string | null }>(`
SELECT (json_agg(json_build_array(customer_id, recency, frequency, monetary) ORDER BY customer_id COLLATE "C") FILTER (WHERE cur))::text AS current,
       (json_agg(json_build_array(customer_id, recency, frequency, monetary) ORDER BY customer_id COLLATE "C") FILTER (WHERE NOT cur))::text AS previous
  FROM (SELECT o.day >= $4::date AS cur, o.customer_id,
               CASE WHEN o.day >= $4::date THEN $3::date ELSE $4::date - 1 END - max(o.day) AS recency,
               count(*)::int AS frequency, sum(o.basket) AS monetary
          FROM orders o
         WHERE o.brand_id = $1 AND o.day >= $2::date AND o.day <= $3::date${where}
         GROUP BY o.day >= $4::date, o.customer_id) c`, params)).rows[0]!;
    const columns = (json: string | null): CustomerColumns => {
      const list = JSON.parse(json ?? "[]") as Array<[string, number, number, number]>;
      return { ids: list.map((c) => c[0]), recencyDays: list.map((c) => c[1]), frequency: list.map((c) => c[2]), monetary: list.map((c) => c[3]) };
    };
    return {
      brand: s.brand,
      current: { start: s.start, end: s.end, customers: columns(row.current) },
      previous: { start: prevStart, end: prevEnd, customers: columns(row.previous) },
    };
  }
}
