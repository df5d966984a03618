/**
 * Affiliate (issue 16): the figures of a brand's affiliate conversions over a range for the
 * `/affiliate` page (`POST /user/affiliate-figures`). Definitions in domain/affiliate.ts and
 * docs/affiliate.md. Knows nothing of HTTP: it takes ids and requests and throws ServiceError.
 *
 * The unit is the order: a report's rows are the items of an order an affiliate brought, and an
 * order counts once, to the affiliate of its first line. An order whose id is one of the brand's
 * orders on the same platform is matched: its GMV is the order's basket and its customer is the
 * order's; otherwise its GMV is Σ price × quantity of its rows and its customer is unknown.
 *
 * Speed (budget: 12 months of a demo brand p95 ≤ 100 ms on the embedded database, `npm run
 * bench:kol-affiliate`): as the E-Commerce figures (orderTable.ts), a brand's affiliate data is
 * read once per version — of its orders (migration 011: matching, customers' first days, the
 * e-commerce GMV) and of its affiliate data (migration 019) — and every call sums it in memory.
 * One read: the conversions grouped into orders, each matched to its order and its customer's
 * first day; the items; the clicks; the brand's e-commerce GMV per day and platform (the baskets
 * of its orders, every status: the E-Commerce page's GMV). Every call after that only checks the
 * two versions (one statement with the brand check) and sums the range and the period before:
 * the totals, the series, the platforms, the leaderboard, each with its distinct customers and
 * affiliates, and the top products.
 */
import { daysInclusive, isDay } from "../../domain/calendarDays";
import { affiliateFiguresOf, bahtOfSatang, gmvShare, type AffiliateSums } from "../../domain/affiliate";
import {
  AFFILIATE_MAX_DAYS, AFFILIATE_PLATFORMS, MAX_AFFILIATE_ROWS, TOP_AFFILIATE_PRODUCTS,
  type AffiliateFiguresAnswer, type AffiliateFiguresRequest, type AffiliatePlatform,
} from "../../domain/affiliateContract";
import { previousPeriod } from "../../domain/periodChange";
import type { Storage } from "../storage/storage";
import { adsPeriods, adsUnitFor } from "./ads";
import { ServiceError } from "./errors";

/** Between the fields and the lines of the texts read (control characters no import keeps). */
const FIELD = "\u001f";
const LINE = "\u001e";

const satang = (baht: string): number => Math.round(Number(baht) * 100);
/** Days since 1970-01-01 of a YYYY-MM-DD day. */
const dayNumber = (day: string): number => Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);

/**
 * The reads of a brand's affiliate data ($1 brand), each one text of lines:
 * - orders (by day): platform, affiliate (of its first line), day number, GMV, NMV, commission
 *   (baht, exact), new (1: the order's day is its customer's first), order id, and for a matched
 *   order its customer;
 * - items (by day and order, in line order): platform, order id, item, quantity, value
 *   (price × quantity), commission unless cancelled;
 * - clicks: platform, affiliate, day number, clicks;
 * - commerce: day number, platform, GMV (the baskets of the day's orders on the platform).
 */
const READ_SQL = `
WITH conv AS MATERIALIZED (
  SELECT c.platform, c.order_id, min(c.day) AS day, min(c.affiliate) FILTER (WHERE c.line = 1) AS affiliate,
         sum(c.price * c.quantity) AS value,
         coalesce(sum(c.price * c.quantity) FILTER (WHERE c.status = 'cancelled'), 0) AS cancelled_value,
         bool_and(c.status = 'cancelled') AS all_cancelled,
         coalesce(sum(c.commission) FILTER (WHERE c.status <> 'cancelled'), 0) AS commission
    FROM affiliate_conversions c
   WHERE c.brand_id = $1
   GROUP BY c.platform, c.order_id
)
SELECT
  (SELECT version::text FROM orders_versions WHERE brand_id = $1) AS orders_version,
  (SELECT version::text FROM affiliate_versions WHERE brand_id = $1) AS affiliate_version,
  (SELECT string_agg(concat_ws(E'\\x1f', v.platform, coalesce(v.affiliate, v.order_id), v.day - date '1970-01-01',
                               coalesce(m.basket, v.value),
                               CASE WHEN v.all_cancelled THEN 0 ELSE greatest(coalesce(m.basket, v.value) - v.cancelled_value, 0) END,
                               v.commission, CASE WHEN m.day = m.first_day THEN 1 ELSE 0 END, v.order_id, m.customer_id), E'\\x1e' ORDER BY v.day)
     FROM conv v
     LEFT JOIN LATERAL (SELECT o.basket, o.customer_id, o.day,
                               (SELECT oc.first_day FROM order_customers oc WHERE oc.brand_id = $1 AND oc.customer_id = o.customer_id) AS first_day
                          FROM orders o WHERE o.brand_id = $1 AND o.platform = v.platform AND o.order_id = v.order_id OFFSET 0) m ON true) AS orders,
  (SELECT string_agg(concat_ws(E'\\x1f', c.platform, c.order_id, c.item, c.quantity, c.price * c.quantity,
                               CASE WHEN c.status = 'cancelled' THEN 0 ELSE c.commission END), E'\\x1e')
     FROM affiliate_conversions c WHERE c.brand_id = $1) AS items,
  (SELECT string_agg(concat_ws(E'\\x1f', k.platform, k.affiliate, k.day - date '1970-01-01', k.clicks), E'\\x1e')
     FROM affiliate_clicks k WHERE k.brand_id = $1) AS clicks,
  (SELECT string_agg(concat_ws(E'\\x1f', d, platform, gmv), E'\\x1e')
     FROM (SELECT o.day - date '1970-01-01' AS d, o.platform, sum(o.basket) AS gmv FROM orders o WHERE o.brand_id = $1 GROUP BY 1, 2) x) AS commerce`;

/** An order an affiliate brought, as summed. */
interface OrderLine {
  readonly platform: AffiliatePlatform;
  readonly affiliate: string;
  /** platform + affiliate: an affiliate of one platform. */
  readonly key: string;
  readonly day: number;
  readonly gmv: number;
  readonly nmv: number;
  readonly commission: number;
  readonly isNew: boolean;
  readonly customer: string | null;
}

interface ItemLine {
  /** Index of its order in `orders`. */
  readonly order: number;
  readonly item: string;
  readonly quantity: number;
  readonly value: number;
  readonly commission: number;
}

interface ClickLine {
  readonly platform: AffiliatePlatform;
  readonly affiliate: string;
  readonly key: string;
  readonly day: number;
  readonly clicks: number;
}

/** A brand's affiliate data as read at two versions (its orders', its affiliate data's). */
interface BrandAffiliate {
  readonly ordersVersion: string;
  readonly affiliateVersion: string;
  /** By day. */
  readonly orders: readonly OrderLine[];
  /** By the day of their order. */
  readonly items: readonly ItemLine[];
  readonly clicks: readonly ClickLine[];
  /** Day number → platform → e-commerce GMV in satang. */
  readonly commerce: ReadonlyMap<number, ReadonlyMap<string, number>>;
}

const lines = (text: string | null): string[][] => (text === null || text === "" ? [] : text.split(LINE).map((l) => l.split(FIELD)));

function parseBrand(row: { orders_version: string | null; affiliate_version: string | null; orders: string | null; items: string | null; clicks: string | null; commerce: string | null }): BrandAffiliate {
  const orders: OrderLine[] = [];
  const indexOf = new Map<string, number>();
  for (const [platform, affiliate, day, gmv, nmv, commission, isNew, orderId, customer] of lines(row.orders)) {
    indexOf.set(`${platform}${FIELD}${orderId}`, orders.length);
    orders.push({
      platform: platform as AffiliatePlatform, affiliate: affiliate!, key: `${platform}${FIELD}${affiliate}`, day: Number(day),
      gmv: satang(gmv!), nmv: satang(nmv!), commission: satang(commission!), isNew: isNew === "1", customer: customer === undefined || customer === "" ? null : customer,
    });
  }
  const items: ItemLine[] = [];
  for (const [platform, orderId, item, quantity, value, commission] of lines(row.items)) {
    const order = indexOf.get(`${platform}${FIELD}${orderId}`);
    if (order === undefined) continue;
    items.push({ order, item: item!, quantity: Number(quantity), value: satang(value!), commission: satang(commission!) });
  }
  // By their order's day, an order's items together in line order.
  items.sort((a, b) => a.order - b.order);
  const clicks = lines(row.clicks).map(([platform, affiliate, day, n]) => ({
    platform: platform as AffiliatePlatform, affiliate: affiliate!, key: `${platform}${FIELD}${affiliate}`, day: Number(day), clicks: Number(n),
  }));
  const commerce = new Map<number, Map<string, number>>();
  for (const [d, platform, gmv] of lines(row.commerce)) {
    let day = commerce.get(Number(d));
    if (day === undefined) commerce.set(Number(d), (day = new Map()));
    day.set(platform!, satang(gmv!));
  }
  return { ordersVersion: row.orders_version ?? "0", affiliateVersion: row.affiliate_version ?? "0", orders, items, clicks, commerce };
}

/** A set of orders being summed: the sums, and the customers, new customers and affiliates seen. */
class Tally {
  clicks: number | null = null;
  orders = 0;
  gmv = 0;
  nmv = 0;
  commission = 0;
  unmatched = 0;
  readonly customers = new Set<string>();
  readonly fresh = new Set<string>();
  readonly affiliates = new Set<string>();

  add(o: OrderLine): void {
    this.orders++;
    this.gmv += o.gmv;
    this.nmv += o.nmv;
    this.commission += o.commission;
    this.affiliates.add(o.key);
    if (o.customer === null) this.unmatched++;
    else {
      this.customers.add(o.customer);
      if (o.isNew) this.fresh.add(o.customer);
    }
  }

  addClicks(n: number): void {
    this.clicks = (this.clicks ?? 0) + n;
  }

  sums(): AffiliateSums {
    return {
      clicks: this.clicks, orders: this.orders, gmvSatang: this.gmv, nmvSatang: this.nmv, commissionSatang: this.commission,
      affiliates: this.affiliates.size, newCustomers: this.fresh.size, returningCustomers: this.customers.size - this.fresh.size,
      unmatchedOrders: this.unmatched,
    };
  }
}

/** First index of a list sorted by `day` whose day is at least `day`. */
function firstFrom<T>(list: readonly T[], day: number, dayOf: (x: T) => number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (dayOf(list[mid]!) < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Most conversion orders the cache holds, all brands together (a few hundred bytes each, items included). */
export const CACHED_AFFILIATE_ORDERS = 1_000_000;

export class AffiliateService {
  /** Each brand's affiliate data as read at its versions, most recently used last. */
  private readonly brands = new Map<number, BrandAffiliate>();
  /** The reads under way, so that calls arriving together read a brand once. */
  private readonly reading = new Map<number, Promise<BrandAffiliate>>();

  constructor(private readonly db: Storage, private readonly cachedOrders = CACHED_AFFILIATE_ORDERS) {}

  /**
   * The figures of the brand's affiliate conversions over the range (AffiliateFiguresAnswer):
   * totals, the previous period of equal length, the e-commerce GMV share, the series, by
   * platform, the leaderboard and the top products.
   *
   * @throws ServiceError forbidden (field brand) when the brand is not one of the user's
   * @throws ServiceError invalid (start, end, platform, affiliates) for a request that is not one
   */
  async figures(userId: number, req: AffiliateFiguresRequest): Promise<AffiliateFiguresAnswer> {
    if (!isDay(req.start)) throw new ServiceError("invalid", "must be an existing date written YYYY-MM-DD", { field: "start" });
    if (!isDay(req.end)) throw new ServiceError("invalid", "must be an existing date written YYYY-MM-DD", { field: "end" });
    if (req.end < req.start) throw new ServiceError("invalid", "must not be before start", { field: "end" });
    const days = daysInclusive(req.start, req.end);
    if (days > AFFILIATE_MAX_DAYS) throw new ServiceError("invalid", `the range may cover at most ${AFFILIATE_MAX_DAYS} days (it covers ${days})`, { field: "end" });
    if (req.platform !== undefined && !(AFFILIATE_PLATFORMS as readonly string[]).includes(req.platform)) {
      throw new ServiceError("invalid", `must be one of ${AFFILIATE_PLATFORMS.join(", ")}`, { field: "platform" });
    }
    const chosen = req.affiliates && req.affiliates.length > 0 ? new Set(req.affiliates) : null;
    if (chosen !== null && chosen.size > 50) throw new ServiceError("invalid", "may name at most 50 affiliates", { field: "affiliates" });
    const found = (await this.db.query<{ id: number; ov: string | null; av: string | null }>(
      `SELECT b.id, (SELECT v.version::text FROM orders_versions v WHERE v.brand_id = b.id) AS ov,
              (SELECT v.version::text FROM affiliate_versions v WHERE v.brand_id = b.id) AS av
         FROM user_brands ub JOIN brands b ON b.id = ub.brand_id WHERE ub.user_id = $1 AND b.name = $2`, [userId, req.brand],
    )).rows[0];
    if (!found) throw new ServiceError("forbidden", `"${req.brand}" is not one of your brands`, { field: "brand" });
    const brand = await this.brandData(found.id, found.ov ?? "0", found.av ?? "0");

    const unit = adsUnitFor(days);
    const periods = adsPeriods(req.start, req.end, unit);
    const previous = previousPeriod({ start: req.start, end: req.end });
    const from = dayNumber(previous.start);
    const first = dayNumber(req.start);
    const last = dayNumber(req.end);
    const platform = req.platform;

    const totals = new Tally();
    const prev = new Tally();
    const series = periods.starts.map(() => new Tally());
    const byPlatform = new Map<AffiliatePlatform, Tally>();
    const byAffiliate = new Map<string, { platform: AffiliatePlatform; affiliate: string; tally: Tally }>();
    const platformTally = (p: AffiliatePlatform) => {
      let t = byPlatform.get(p);
      if (t === undefined) byPlatform.set(p, (t = new Tally()));
      return t;
    };
    const affiliateTally = (p: AffiliatePlatform, a: string, key: string) => {
      let x = byAffiliate.get(key);
      if (x === undefined) byAffiliate.set(key, (x = { platform: p, affiliate: a, tally: new Tally() }));
      return x.tally;
    };
    const orders = brand.orders;
    for (let i = firstFrom(orders, from, (o) => o.day); i < orders.length && orders[i]!.day <= last; i++) {
      const o = orders[i]!;
      if (platform !== undefined && o.platform !== platform) continue;
      const inRange = o.day >= first;
      if (inRange) affiliateTally(o.platform, o.affiliate, o.key).add(o);
      if (chosen !== null && !chosen.has(o.affiliate)) continue;
      if (!inRange) prev.add(o);
      else {
        totals.add(o);
        series[periods.index[o.day - first]!]!.add(o);
        platformTally(o.platform).add(o);
      }
    }
    for (const k of brand.clicks) {
      if (k.day < from || k.day > last || (platform !== undefined && k.platform !== platform)) continue;
      const inRange = k.day >= first;
      if (inRange) affiliateTally(k.platform, k.affiliate, k.key).addClicks(k.clicks);
      if (chosen !== null && !chosen.has(k.affiliate)) continue;
      if (!inRange) prev.addClicks(k.clicks);
      else {
        totals.addClicks(k.clicks);
        series[periods.index[k.day - first]!]!.addClicks(k.clicks);
        platformTally(k.platform).addClicks(k.clicks);
      }
    }

    // The top products: the items of the range's orders (of the affiliates asked for); an order counts once per product.
    const products = new Map<string, { orders: number; lastOrder: number; quantity: number; value: number; commission: number }>();
    const items = brand.items;
    const firstOrder = firstFrom(orders, first, (o) => o.day);
    for (let j = firstFrom(items, firstOrder, (it) => it.order); j < items.length; j++) {
      const it = items[j]!;
      const o = orders[it.order]!;
      if (o.day > last) break;
      if ((platform !== undefined && o.platform !== platform) || (chosen !== null && !chosen.has(o.affiliate))) continue;
      let p = products.get(it.item);
      if (p === undefined) products.set(it.item, (p = { orders: 0, lastOrder: -1, quantity: 0, value: 0, commission: 0 }));
      if (p.lastOrder !== it.order) {
        p.orders++;
        p.lastOrder = it.order;
      }
      p.quantity += it.quantity;
      p.value += it.value;
      p.commission += it.commission;
    }
    const byProduct = [...products].sort((a, b) => b[1].value - a[1].value || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).slice(0, TOP_AFFILIATE_PRODUCTS)
      .map(([product, p]) => ({ product, orders: p.orders, quantity: p.quantity, gmv: bahtOfSatang(p.value), commission: bahtOfSatang(p.commission) }));

    // The leaderboard: the affiliates with conversions, largest GMV first; each row's share of the range's affiliate GMV (all affiliates).
    const ranked = [...byAffiliate.values()].filter((x) => x.tally.orders > 0).sort((x, y) =>
      y.tally.gmv - x.tally.gmv || y.tally.orders - x.tally.orders
      || (x.affiliate < y.affiliate ? -1 : x.affiliate > y.affiliate ? 1 : x.platform < y.platform ? -1 : x.platform > y.platform ? 1 : 0));
    const allGmv = ranked.reduce((t, x) => t + x.tally.gmv, 0);
    const rest = ranked.slice(MAX_AFFILIATE_ROWS);

    const commerceGmv = sumDays(brand.commerce, first, last, platform);
    const previousCommerceGmv = sumDays(brand.commerce, from, first - 1, platform);
    const total = totals.sums();
    const before = prev.sums();
    return {
      totals: affiliateFiguresOf(total),
      previous: affiliateFiguresOf(before),
      commerceGmv: bahtOfSatang(commerceGmv),
      gmvShare: gmvShare(total.gmvSatang, commerceGmv),
      previousCommerceGmv: bahtOfSatang(previousCommerceGmv),
      previousGmvShare: gmvShare(before.gmvSatang, previousCommerceGmv),
      unit,
      series: periods.starts.map((start, i) => ({ start, ...affiliateFiguresOf(series[i]!.sums()) })),
      byPlatform: AFFILIATE_PLATFORMS.filter((p) => byPlatform.has(p)).map((p) => ({ platform: p, ...affiliateFiguresOf(byPlatform.get(p)!.sums()) })),
      byAffiliate: ranked.slice(0, MAX_AFFILIATE_ROWS).map((x) => ({
        affiliate: x.affiliate, platform: x.platform, ...affiliateFiguresOf(x.tally.sums()), gmvShare: gmvShare(x.tally.gmv, allGmv),
      })),
      others: {
        affiliates: rest.length,
        orders: rest.reduce((t, x) => t + x.tally.orders, 0),
        gmv: bahtOfSatang(rest.reduce((t, x) => t + x.tally.gmv, 0)),
        commission: bahtOfSatang(rest.reduce((t, x) => t + x.tally.commission, 0)),
      },
      byProduct,
    };
  }

  /** The brand's affiliate data at the two versions: from memory when read at them, else read again. */
  private async brandData(brandId: number, ordersVersion: string, affiliateVersion: string): Promise<BrandAffiliate> {
    const held = this.brands.get(brandId);
    if (held !== undefined && held.ordersVersion === ordersVersion && held.affiliateVersion === affiliateVersion) {
      this.brands.delete(brandId);
      this.brands.set(brandId, held);
      return held;
    }
    let read = this.reading.get(brandId);
    if (read === undefined) {
      read = this.readBrand(brandId).finally(() => this.reading.delete(brandId));
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

  /** Everything of a brand the figures read, in one statement (one snapshot: the versions are those of the rows). */
  private async readBrand(brandId: number): Promise<BrandAffiliate> {
    const row = (await this.db.query<Parameters<typeof parseBrand>[0]>(READ_SQL, [brandId])).rows[0]!;
    return parseBrand(row);
  }
}

/** E-commerce GMV in satang of the days [from, to] (day numbers), of one platform or all. */
function sumDays(c: ReadonlyMap<number, ReadonlyMap<string, number>>, from: number, to: number, platform: string | undefined): number {
  let total = 0;
  for (let d = from; d <= to; d++) {
    const day = c.get(d);
    if (day === undefined) continue;
    if (platform !== undefined) total += day.get(platform) ?? 0;
    else for (const v of day.values()) total += v;
  }
  return total;
}
