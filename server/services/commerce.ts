/**
 * E-Commerce and CRM figures (issue 6): every figure of the E-Commerce page, and the customer
 * columns the CRM page scores by RFM, over a brand's orders in a range, narrowed by the page's
 * filter. Definitions in domain/commerce.ts and docs/commerce.md. Knows nothing of HTTP: it
 * takes ids and requests and throws ServiceError.
 *
 * Speed (budget: figures of 12 months of the busiest demo brand, p95 ≤ 150 ms on PGlite): one
 * statement per call, each reading the range's orders once through the brand-and-day index. The
 * figures come back as compact columns that are summed here (PGlite spends microseconds per row
 * and aggregate, JS nanoseconds); the top products read the daily product rows when they can.
 */
import {
  BASKET_BUCKETS, COMMERCE_MAX_DAYS, NMV_STATUSES, ORDER_STATUSES, PLATFORMS, REGIONS, UNKNOWN_LOCATION,
  type Breakdown, type CommerceCustomers, type CommerceFigures, type CommerceRequest, type CustomerColumns,
  type OrderStatus, type SeriesGranularity,
} from "../../domain/commerce";
import { bangkokDay } from "../../domain/dates";
import { addDays, daysInclusive, isCalendarDay } from "../../domain/metrics";
import type { Storage } from "../storage/storage";
import { extendDemoOrders } from "./commerceDemo";
import { ServiceError } from "./errors";

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

/** Satang of a THB amount written with at most two decimals (exact: no float sum is rounded twice). */
const satang = (text: string) => Math.round(Number(text) * 100);
const thb = (satangs: number) => satangs / 100;

/** The index of a basket (satang) among BASKET_BUCKETS. */
function bucketOf(basketSatang: number): number {
  for (let i = 0; i < BASKET_BUCKETS.length; i++) {
    const max = BASKET_BUCKETS[i]!.max;
    if (max === null || basketSatang < max * 100) return i;
  }
  return BASKET_BUCKETS.length - 1;
}

const NET: ReadonlySet<string> = new Set(NMV_STATUSES);

export class CommerceService {
  private toppedUpFor: string | null = null;
  private topping: Promise<void> | null = null;

  constructor(private readonly db: Storage, private readonly now: () => Date = () => new Date()) {}

  /** Continues the demo orders up to today, at most once per Bangkok day (none when there is no demo brand). */
  async topUpDemo(): Promise<void> {
    const today = bangkokDay(this.now());
    if (this.toppedUpFor === today) return;
    this.topping ??= extendDemoOrders(this.db, this.now()).then(() => {
      this.toppedUpFor = today;
    }).finally(() => {
      this.topping = null;
    });
    await this.topping;
  }

  /** Checks the range and that the brand is one of the user's. */
  private async scope(userId: number, req: CommerceRequest): Promise<Scope> {
    if (!isCalendarDay(req.start)) throw new ServiceError("invalid", "must be an existing date written YYYY-MM-DD", { field: "start" });
    if (!isCalendarDay(req.end)) throw new ServiceError("invalid", "must be an existing date written YYYY-MM-DD", { field: "end" });
    if (req.end < req.start) throw new ServiceError("invalid", "must not be before start", { field: "end" });
    const days = daysInclusive(req.start, req.end);
    if (days > COMMERCE_MAX_DAYS) throw new ServiceError("invalid", `the range may cover at most ${COMMERCE_MAX_DAYS} days (it covers ${days})`, { field: "end" });
    const found = (await this.db.query<{ id: number }>(
      "SELECT b.id FROM user_brands ub JOIN brands b ON b.id = ub.brand_id WHERE ub.user_id = $1 AND b.name = $2", [userId, req.brand],
    )).rows[0];
    if (!found) throw new ServiceError("forbidden", `"${req.brand}" is not one of your brands`, { field: "brand" });
    await this.topUpDemo();
    return { brandId: found.id, brand: req.brand, start: req.start, end: req.end, days };
  }

  /**
   * Every figure of the E-Commerce page for the range (domain/commerce.ts, CommerceFigures).
   *
   * One statement: the range's orders (brand-and-day index, the filter applied) come back as
   * two compact columns (day, platform, status, region and basket as one text; customers as
   * JSON), with the customers whose first order falls in the range and the top products (from
   * the daily product rows, or from the range's items, which carry their order's filter fields).
   * The sums are then made here, in satang, exact: PGlite spends microseconds per row and
   * aggregate, JS nanoseconds.
   *
   * @throws ServiceError forbidden (field brand) when the brand is not one of the user's
   * @throws ServiceError invalid (field start or end) for a range that is not one
   */
  async figures(userId: number, req: CommerceRequest): Promise<CommerceFigures> {
    const s = await this.scope(userId, req);
    const granularity = granularityFor(s.days);
    const periods = periodsOf(s.start, s.end, granularity);
    // Platforms and regions travel as their 1-based index in these lists (0 = none for a region);
    // a value not in them (another platform) is named in the answer, and the lists are made again with it.
    let platforms: string[] = [...new Set([...PLATFORMS, ...(req.filter.platforms ?? [])])];
    let regions: string[] = [...REGIONS];
    let row = await this.figureRows(s, req, platforms, regions);
    if (row.other_platforms !== null || row.other_regions !== null) {
      platforms = [...new Set([...platforms, ...JSON.parse(row.other_platforms ?? "[]") as string[]])];
      regions = [...new Set([...regions, ...JSON.parse(row.other_regions ?? "[]") as string[]])];
      row = await this.figureRows(s, req, platforms, regions);
    }

    const firstPeriod = new Map<string, number>();
    for (const [id, offset] of JSON.parse(row.fresh ?? "[]") as Array<[string, number]>) firstPeriod.set(id, periods.index[offset]!);
    const customerIds = JSON.parse(row.customers ?? "[]") as string[];
    const statuses: string[] = [];
    const statusCode = new Map<string, number>();
    const code = (map: Map<string, number>, list: string[], key: string) => {
      let c = map.get(key);
      if (c === undefined) {
        c = list.length;
        map.set(key, c);
        list.push(key);
      }
      return c;
    };
    const locations = [UNKNOWN_LOCATION, ...regions];
    const P = periods.starts.length;
    // Sums in satang by period, platform, region, status and bucket: [gmv, nmv, orders] each.
    const series = new Array<number>(P * 3).fill(0);
    const byPlatform: number[] = [];
    const byLocation: number[] = [];
    const byStatus: number[] = [];
    const buckets = new Array<number>(BASKET_BUCKETS.length * 3).fill(0);
    const bump = (a: number[], i: number, gmv: number, net: boolean) => {
      a[i * 3] = (a[i * 3] ?? 0) + gmv;
      a[i * 3 + 1] = (a[i * 3 + 1] ?? 0) + (net ? gmv : 0);
      a[i * 3 + 2] = (a[i * 3 + 2] ?? 0) + 1;
    };
    let gmvTotal = 0;
    let nmvTotal = 0;
    let newGmv = 0;
    // Customers: one index each; who is new (first order in the range), and in which periods they ordered.
    const customerIndex = new Map<string, number>();
    const isNew: boolean[] = [];
    const seen = new Set<number>();
    const periodCustomers = new Int32Array(P);
    const periodNew = new Int32Array(P);

    const text = row.orders ?? "";
    let k = 0;
    for (let pos = 0; pos < text.length; k++) {
      const c1 = text.indexOf(",", pos);
      const c2 = text.indexOf(",", c1 + 1);
      const c3 = text.indexOf(",", c2 + 1);
      const c4 = text.indexOf(",", c3 + 1);
      let end = text.indexOf(";", c4 + 1);
      if (end < 0) end = text.length;
      const p = periods.index[Number(text.slice(pos, c1))]!;
      // 0: a platform written since the lists were made, left out of byPlatform only.
      const platform = Number(text.slice(c1 + 1, c2)) - 1;
      const status = code(statusCode, statuses, text.slice(c2 + 1, c3));
      const location = Number(text.slice(c3 + 1, c4));
      const gmv = satang(text.slice(c4 + 1, end));
      pos = end + 1;
      const net = NET.has(statuses[status]!);
      gmvTotal += gmv;
      if (net) nmvTotal += gmv;
      bump(series, p, gmv, net);
      if (platform >= 0) bump(byPlatform, platform, gmv, net);
      bump(byLocation, location, gmv, net);
      bump(byStatus, status, gmv, net);
      bump(buckets, bucketOf(gmv), gmv, net);
      const id = customerIds[k]!;
      let c = customerIndex.get(id);
      if (c === undefined) {
        c = customerIndex.size;
        customerIndex.set(id, c);
        isNew.push(firstPeriod.has(id));
      }
      if (isNew[c]) newGmv += gmv;
      const key = c * 1024 + p;
      if (!seen.has(key)) {
        seen.add(key);
        periodCustomers[p] = periodCustomers[p]! + 1;
        if (firstPeriod.get(id) === p) periodNew[p] = periodNew[p]! + 1;
      }
    }
    const orders = k;
    const newCustomers = isNew.filter(Boolean).length;
    const breakdown = (a: readonly number[], keys: readonly string[]): Breakdown[] => keys
      .map((key, i) => ({ key, gmv: thb(a[i * 3] ?? 0), nmv: thb(a[i * 3 + 1] ?? 0), orders: a[i * 3 + 2] ?? 0 }))
      .filter((b) => b.orders > 0)
      .sort((a, b) => b.gmv - a.gmv || b.orders - a.orders || (a.key < b.key ? -1 : 1));
    const statusRank = (x: string) => ORDER_STATUSES.indexOf(x as OrderStatus);
    const products = JSON.parse(row.products ?? "[]") as Array<[string, string, number, number]>;
    return {
      brand: s.brand,
      start: s.start,
      end: s.end,
      granularity,
      totals: {
        gmv: thb(gmvTotal),
        nmv: thb(nmvTotal),
        orders,
        customers: customerIndex.size,
        newCustomers,
        oldCustomers: customerIndex.size - newCustomers,
        newCustomerGmv: thb(newGmv),
        oldCustomerGmv: thb(gmvTotal - newGmv),
        avgBasket: orders === 0 ? null : Math.round(gmvTotal / orders) / 100,
      },
      series: periods.starts.map((period, i) => ({
        period,
        gmv: thb(series[i * 3]!),
        nmv: thb(series[i * 3 + 1]!),
        orders: series[i * 3 + 2]!,
        newCustomers: periodNew[i]!,
        oldCustomers: periodCustomers[i]! - periodNew[i]!,
      })),
      byPlatform: breakdown(byPlatform, platforms),
      byLocation: breakdown(byLocation, locations),
      byStatus: breakdown(byStatus, statuses).sort((a, b) => statusRank(a.key) - statusRank(b.key)),
      topProducts: products.map(([product, gmv, quantity, n]) => ({ product, quantity, gmv: thb(satang(gmv)), orders: n })),
      basketSizes: BASKET_BUCKETS.map((b, i) => ({ min: b.min, max: b.max, orders: buckets[i * 3 + 2]!, gmv: thb(buckets[i * 3]!) })),
    };
  }

  /** The one statement of {@link figures}: the range's orders as compact text, new customers, top products. */
  private async figureRows(s: Scope, req: CommerceRequest, platforms: readonly string[], regions: readonly string[]) {
    const params: unknown[] = [s.brandId, s.start, s.end, platforms, regions];
    const ordersWhere = filterSql("o", req, params);
    // Top products: from the daily product rows when the filter allows (platforms and statuses
    // only), else from the range's items.
    const f = req.filter;
    const daily = !(f.locations?.length || f.products?.length || f.basketMin != null || f.basketMax != null);
    const products = daily
      ? `SELECT d.product, sum(d.amount)::text AS gmv, sum(d.quantity)::float8 AS quantity, sum(d.orders)::int AS orders
           FROM order_product_days d
          WHERE d.brand_id = $1 AND d.day >= $2::date AND d.day <= $3::date${filterSql("d", req, params)}
          GROUP BY d.product HAVING sum(d.orders) > 0
          ORDER BY sum(d.amount) DESC, d.product`
      : `SELECT i.product, sum(i.quantity * i.price)::text AS gmv, sum(i.quantity)::float8 AS quantity,
                (count(*) FILTER (WHERE i.product_repeat IS NOT TRUE))::int AS orders
           FROM order_items i
          WHERE i.brand_id = $1 AND i.day >= $2::date AND i.day <= $3::date${filterSql("i", req, params)}
          GROUP BY i.product
          ORDER BY sum(i.quantity * i.price) DESC, i.product`;
    return (await this.db.query<{
      orders: string | null; customers: string | null; other_platforms: string | null; other_regions: string | null; fresh: string | null; products: string | null;
    }>(`
WITH x AS (
  -- Per order: day (from the start), platform (1-based in $4, 0 = another), status, region
  -- (1-based in $5, 0 = none or another), basket; the other platforms and regions met.
  SELECT string_agg(concat_ws(',', o.day - $2::date, coalesce(array_position($4::text[], o.platform), 0), o.status,
                              coalesce(array_position($5::text[], o.location), 0), o.basket), ';') AS orders,
         json_agg(o.customer_id)::text AS customers,
         (json_agg(o.platform) FILTER (WHERE array_position($4::text[], o.platform) IS NULL))::text AS other_platforms,
         (json_agg(o.location) FILTER (WHERE o.location IS NOT NULL AND array_position($5::text[], o.location) IS NULL))::text AS other_regions
    FROM orders o
   WHERE o.brand_id = $1 AND o.day >= $2::date AND o.day <= $3::date${ordersWhere}
), n AS (
  SELECT json_agg(json_build_array(c.customer_id, c.first_day - $2::date))::text AS fresh
    FROM order_customers c
   WHERE c.brand_id = $1 AND c.first_day >= $2::date AND c.first_day <= $3::date
), t AS (
  SELECT json_agg(json_build_array(product, gmv, quantity, orders))::text AS products
    FROM (${products}
          LIMIT ${TOP_PRODUCTS}) p
)
SELECT x.orders, x.customers, x.other_platforms, x.other_regions, n.fresh, t.products FROM x, n, t`, params)).rows[0]!;
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
