/**
 * A brand's orders as columns in memory, and the sums of the E-Commerce figures over any range
 * and filter of them (issue 12: the figures at their old speed, the previous period included).
 *
 * Why: on PGlite, handing a year of the busiest demo brand's orders over (41,000 rows, three
 * `json_agg` columns) took 40–50 ms of every figures call, and the previous period's totals
 * another 25–35 ms; summing them in JavaScript takes about a millisecond. So the rows are read
 * once per brand and version (migration 011: every statement that writes the brand's orders or
 * customers moves it, in the same transaction) and every call after that sums typed arrays.
 *
 * A column table holds, per order (sorted by day): the day (days since {@link EPOCH}), the
 * platform (index in `platforms`), the status (index in ORDER_STATUSES), the region (0: none,
 * i + 1: `regions[i]`), the basket in satang (exact: baskets have two decimals) and the customer
 * (index in the brand's customers, whose first days come from `order_customers`).
 */
import { BASKET_BUCKETS, NMV_STATUSES, ORDER_STATUSES, PLATFORMS, REGIONS, UNKNOWN_LOCATION, type CommerceRequest } from "../../domain/commerce";
import type { Queryable, Storage } from "../storage/storage";

/** Day numbers count from this day (the schema's dates are later: a day before it would be negative). */
const EPOCH = "1900-01-01";
const DAY_MS = 86_400_000;
/** Between an order's platform and id in the ids of a table (a control character no import keeps). */
const ID_SEPARATOR = "chr(31)";
const EPOCH_MS = Date.parse(`${EPOCH}T00:00:00Z`);

/** The day number of a YYYY-MM-DD day. */
export const dayNumberOf = (day: string): number => Math.round((Date.parse(`${day}T00:00:00Z`) - EPOCH_MS) / DAY_MS);

export interface OrderTable {
  readonly length: number;
  /** Day numbers, ascending. */
  readonly day: Int32Array;
  readonly platform: Uint16Array;
  readonly status: Uint8Array;
  /** 0: no region; i + 1: `regions[i]`. */
  readonly region: Uint16Array;
  /** Satang. */
  readonly basket: Float64Array;
  /** Index in the brand's customers ({@link BrandOrders}); past their end: a customer the brand's list did not hold yet. */
  readonly customer: Int32Array;
  readonly platforms: readonly string[];
  readonly regions: readonly string[];
}

/** A brand's items (all of them), each with the index of its order in the brand's table. */
export interface ItemTable {
  readonly length: number;
  readonly order: Int32Array;
  /** Index in `products`. */
  readonly product: Int32Array;
  readonly quantity: Float64Array;
  /** quantity × price, satang. */
  readonly amount: Float64Array;
  /** 1: an earlier line of the order holds the same product (the product counts the order once). */
  readonly repeat: Uint8Array;
  readonly products: readonly string[];
}

/** A brand's orders and customers as read at one version. */
export interface BrandOrders {
  /** `orders_versions.version` the rows were read at ("0": the brand never had an order). */
  readonly version: string;
  readonly orders: OrderTable;
  readonly customerIndex: ReadonlyMap<string, number>;
  /** By customer index: the day number of the customer's first order with the brand. */
  readonly firstDay: Int32Array;
  /** The items, when read (on first need: a product filter, or top products narrowed by region or basket). */
  readonly items: ItemTable | null;
}

/**
 * An order's day, platform, status and region as one integer, so that the statement aggregates
 * one column where it would aggregate four (on PGlite each `json_agg` costs about as much per row
 * as reading the row). Each field is a small index counted from 0 below its size, and the key is
 * written like a number in mixed radix: `((day × platforms + platform) × statuses + status) ×
 * regions + region`.
 * - day: the day number;
 * - platform: 1-based index in the platforms list the statement was given, 0: another platform;
 * - status: index in ORDER_STATUSES;
 * - region: 1 + the 1-based index in the regions list the statement was given; 1: no region;
 *   0: another one.
 */
class OrderKey {
  private readonly platformCount: number;
  private readonly statusCount = ORDER_STATUSES.length;
  private readonly regionCount: number;

  constructor(readonly platforms: readonly string[], readonly regions: readonly string[]) {
    this.platformCount = platforms.length + 1;
    this.regionCount = regions.length + 2;
  }

  /** The key of alias `o` as SQL, the names passed as parameters appended to `params` (bigint: no list's length can overflow it). */
  sql(params: unknown[]): string {
    // Each name as its index in a list, by a CASE over the list's names: several times cheaper
    // per row on PGlite than array_position, which unpacks the array for every row.
    const indexCase = (expr: string, values: readonly string[], first: number, otherwise: string) => {
      const whens = values.map((v, i) => {
        params.push(v);
        return `WHEN $${params.length} THEN ${first + i}`;
      });
      return whens.length === 0 ? otherwise : `CASE ${expr} ${whens.join(" ")} ELSE ${otherwise} END`;
    };
    params.push(EPOCH);
    const day = `o.day - $${params.length}::date`;
    const platform = indexCase("o.platform", this.platforms, 1, "0");
    // The statuses are checked by the table (never another one).
    const status = indexCase("o.status", ORDER_STATUSES, 0, "NULL");
    const region = `CASE WHEN o.location IS NULL THEN 1 ELSE ${indexCase("o.location", this.regions, 2, "0")} END`;
    return `(((${day})::int8 * ${this.platformCount} + ${platform}) * ${this.statusCount} + ${status}) * ${this.regionCount} + ${region}`;
  }

  /** The four fields of a key, written into `out`: [day, platform, status, region]. */
  unpack(key: number, out: Int32Array): void {
    out[3] = key % this.regionCount;
    key = (key - out[3]) / this.regionCount;
    out[2] = key % this.statusCount;
    key = (key - out[2]) / this.statusCount;
    out[1] = key % this.platformCount;
    out[0] = (key - out[1]) / this.platformCount;
  }
}

/** The orders a statement answers, one JSON array per column. */
interface OrderRows { keys: number[] | null; baskets: number[] | null; customers: string[] | null; ids?: string[] | null }

/**
 * Reads all of the brand's orders into a column table. Platforms and regions travel as their
 * index in lists that start with the known ones; when an order names another (an imported file's
 * own platform, say), their names are asked for and the orders read again with the longer lists.
 * `customerIndex`: the brand's customers; a customer it lacks is added to it.
 */
async function readOrders(
  db: Queryable, brandId: number, customerIndex: Map<string, number>, withIds: boolean,
): Promise<{ table: OrderTable; ids: string[] }> {
  let platforms: readonly string[] = PLATFORMS;
  let regions: readonly string[] = REGIONS;
  for (;;) {
    const key = new OrderKey(platforms, regions);
    const params: unknown[] = [brandId];
    const keySql = key.sql(params);
    const row = (await db.query<OrderRows>(
      `SELECT json_agg(${keySql}) AS keys, json_agg(o.basket) AS baskets, json_agg(o.customer_id) AS customers
              ${withIds ? `, json_agg(o.platform || ${ID_SEPARATOR} || o.order_id) AS ids` : ""}
         FROM orders o WHERE o.brand_id = $1`, params,
    )).rows[0]!;
    const read = tableOf(row, key, customerIndex);
    if (read !== null) return read;
    const others = await otherNames(db, brandId, platforms, regions);
    platforms = [...platforms, ...others.platforms];
    regions = [...regions, ...others.regions];
  }
}

/**
 * The column table of a statement's orders, sorted by day, and their ids in the same order (when
 * read); null when an order named a platform or region the key's lists lack.
 */
function tableOf(row: OrderRows, key: OrderKey, customerIndex: Map<string, number>): { table: OrderTable; ids: string[] } | null {
  const keys = row.keys ?? [];
  const baskets = row.baskets ?? [];
  const ids = row.customers ?? [];
  const orderIds = row.ids ?? [];
  const n = keys.length;
  const fields = new Int32Array(4);
  const days = new Int32Array(n);
  let min = Infinity;
  let max = -Infinity;
  for (let k = 0; k < n; k++) {
    key.unpack(keys[k]!, fields);
    if (fields[1] === 0 || fields[3] === 0) return null;
    const d = fields[0]!;
    days[k] = d;
    if (d < min) min = d;
    if (d > max) max = d;
  }
  // Sorted by day with a counting sort (days span a few thousand values).
  const order = new Int32Array(n);
  if (n > 0) {
    const starts = new Int32Array(max - min + 2);
    for (let k = 0; k < n; k++) starts[days[k]! - min + 1]!++;
    for (let i = 1; i < starts.length; i++) starts[i]! += starts[i - 1]!;
    for (let k = 0; k < n; k++) order[starts[days[k]! - min]!++] = k;
  }
  const t = {
    length: n,
    day: new Int32Array(n),
    platform: new Uint16Array(n),
    status: new Uint8Array(n),
    region: new Uint16Array(n),
    basket: new Float64Array(n),
    customer: new Int32Array(n),
    platforms: key.platforms,
    regions: key.regions,
  };
  const sortedIds = orderIds.length === n ? new Array<string>(n) : [];
  for (let i = 0; i < n; i++) {
    const k = order[i]!;
    if (sortedIds.length > 0) sortedIds[i] = orderIds[k]!;
    key.unpack(keys[k]!, fields);
    t.day[i] = fields[0]!;
    t.platform[i] = fields[1]! - 1;
    t.status[i] = fields[2]!;
    t.region[i] = fields[3]! - 1;
    t.basket[i] = Math.round(baskets[k]! * 100);
    const id = ids[k]!;
    let c = customerIndex.get(id);
    if (c === undefined) {
      c = customerIndex.size;
      customerIndex.set(id, c);
    }
    t.customer[i] = c;
  }
  return { table: t, ids: sortedIds };
}

/** The platforms and regions of the brand's orders that are not in these lists (rare: asked for only when an order named one). */
async function otherNames(
  db: Queryable, brandId: number, platforms: readonly string[], regions: readonly string[],
): Promise<{ platforms: string[]; regions: string[] }> {
  const params: unknown[] = [brandId, platforms, regions];
  const row = (await db.query<{ platforms: string[] | null; regions: string[] | null }>(`
SELECT array_agg(DISTINCT o.platform ORDER BY o.platform) FILTER (WHERE NOT o.platform = ANY($2::text[])) AS platforms,
       array_agg(DISTINCT o.location ORDER BY o.location) FILTER (WHERE o.location IS NOT NULL AND NOT o.location = ANY($3::text[])) AS regions
  FROM orders o
 WHERE o.brand_id = $1`, params)).rows[0];
  return { platforms: row?.platforms ?? [], regions: row?.regions ?? [] };
}

/**
 * All of a brand's orders and customers, with their items when `withItems`, and the version they
 * were read at: one REPEATABLE READ transaction (on PostgreSQL the statements share one
 * snapshot, so the copy never carries a version other than its rows').
 */
export async function readBrandOrders(db: Storage, brandId: number, withItems = false): Promise<BrandOrders> {
  return db.transaction(async (tx) => {
    await tx.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ");
    const version = (await tx.query<{ version: string }>(
      "SELECT version::text AS version FROM orders_versions WHERE brand_id = $1", [brandId],
    )).rows[0]?.version ?? "0";
    const c = (await tx.query<{ ids: string[] | null; days: number[] | null }>(
      `SELECT json_agg(c.customer_id) AS ids, json_agg(c.first_day - $2::date) AS days
         FROM order_customers c WHERE c.brand_id = $1`, [brandId, EPOCH],
    )).rows[0]!;
    const customerIndex = new Map<string, number>();
    (c.ids ?? []).forEach((id, i) => customerIndex.set(id, i));
    // A customer with orders but no first day (a hand-made write that skipped order_customers)
    // gets an index past the first days' end: never new.
    const firstDay = Int32Array.from(c.days ?? []);
    const { table, ids } = await readOrders(tx, brandId, customerIndex, withItems);
    const items = withItems ? await readItems(tx, brandId, ids) : null;
    return { version, orders: table, customerIndex, firstDay, items };
  });
}

/** The brand's items, each linked to its order by the orders' ids (the table's order: `orderIds[i]` is order i's). */
async function readItems(db: Queryable, brandId: number, orderIds: readonly string[]): Promise<ItemTable> {
  const row = (await db.query<{ orders: string[] | null; products: string[] | null; quantities: number[] | null; prices: number[] | null; repeats: boolean[] | null }>(
    `SELECT json_agg(i.platform || ${ID_SEPARATOR} || i.order_id) AS orders, json_agg(i.product) AS products,
            json_agg(i.quantity) AS quantities, json_agg(i.price) AS prices, json_agg(i.product_repeat IS TRUE) AS repeats
       FROM order_items i WHERE i.brand_id = $1`, [brandId],
  )).rows[0]!;
  const orderOf = new Map<string, number>();
  orderIds.forEach((id, i) => orderOf.set(id, i));
  const names = row.products ?? [];
  const n = names.length;
  const productIndex = new Map<string, number>();
  const products: string[] = [];
  const order = new Int32Array(n);
  const product = new Int32Array(n);
  const quantity = new Float64Array(n);
  const amount = new Float64Array(n);
  const repeat = new Uint8Array(n);
  let length = 0;
  for (let k = 0; k < n; k++) {
    // Every item has its order (migration 010 checks it); one that had none would be left out.
    const o = orderOf.get(row.orders![k]!);
    if (o === undefined) continue;
    const name = names[k]!;
    let p = productIndex.get(name);
    if (p === undefined) {
      p = products.length;
      productIndex.set(name, p);
      products.push(name);
    }
    const q = row.quantities![k]!;
    order[length] = o;
    product[length] = p;
    quantity[length] = q;
    amount[length] = q * Math.round(row.prices![k]! * 100);
    repeat[length] = row.repeats![k] ? 1 : 0;
    length++;
  }
  return { length, order, product, quantity, amount, repeat, products };
}

/** Whether an order of `t` (by index) holds one of `products`: 1 = it does. */
export function ordersHolding(t: OrderTable, items: ItemTable, products: readonly string[]): Uint8Array {
  const wanted = Uint8Array.from(items.products, (name) => (products.includes(name) ? 1 : 0));
  const mask = new Uint8Array(t.length);
  for (let k = 0; k < items.length; k++) if (wanted[items.product[k]!] === 1) mask[items.order[k]!] = 1;
  return mask;
}

/** A top product of a range: its GMV in satang. */
export interface ProductSum { readonly product: string; readonly gmv: number; readonly quantity: number; readonly orders: number }

/**
 * The `limit` products with the highest GMV over the items of the orders of days `from`..`to`
 * the filter keeps (ties by name, compared by UTF-16 code units: the byte order of the names for
 * every character short of the astral planes).
 */
export function topProducts(t: OrderTable, items: ItemTable, from: number, to: number, keep: OrderFilter, limit: number): ProductSum[] {
  const P = items.products.length;
  const gmv = new Float64Array(P);
  const quantity = new Float64Array(P);
  const orders = new Float64Array(P);
  const seen = new Uint8Array(P);
  for (let k = 0; k < items.length; k++) {
    const o = items.order[k]!;
    const day = t.day[o]!;
    if (day < from || day > to || !kept(t, o, keep)) continue;
    const p = items.product[k]!;
    seen[p] = 1;
    gmv[p]! += items.amount[k]!;
    quantity[p]! += items.quantity[k]!;
    if (items.repeat[k] === 0) orders[p]!++;
  }
  const found: number[] = [];
  for (let p = 0; p < P; p++) if (seen[p] === 1) found.push(p);
  const name = items.products;
  found.sort((a, b) => gmv[b]! - gmv[a]! || (name[a]! < name[b]! ? -1 : name[a]! > name[b]! ? 1 : 0));
  return found.slice(0, limit).map((p) => ({ product: name[p]!, gmv: gmv[p]!, quantity: quantity[p]!, orders: orders[p]! }));
}

/** Which orders of a table a request's filter keeps. */
export interface OrderFilter {
  /** By platform index: 1 = kept; null: every platform. */
  readonly platforms: Uint8Array | null;
  readonly statuses: Uint8Array | null;
  /** By region (0: none). */
  readonly regions: Uint8Array | null;
  /** Satang bounds, inclusive (the filter's THB with two decimals, widened by a rounding margin). */
  readonly basketMin: number;
  readonly basketMax: number;
  /** By order index: 1 = holds one of the filter's products; null: no product condition. */
  readonly holding: Uint8Array | null;
}

/** Whether the filter keeps order `i` of `t`. */
function kept(t: OrderTable, i: number, keep: OrderFilter): boolean {
  return !((keep.platforms !== null && keep.platforms[t.platform[i]!] === 0) || (keep.statuses !== null && keep.statuses[t.status[i]!] === 0)
    || (keep.regions !== null && keep.regions[t.region[i]!] === 0) || t.basket[i]! < keep.basketMin || t.basket[i]! > keep.basketMax
    || (keep.holding !== null && keep.holding[i] === 0));
}

/**
 * The filter of a request over a table's lists: channel and platforms, locations (Unknown: no
 * region), statuses, basket; `holding`: the orders holding the filter's products (null: none asked).
 */
export function orderFilterOf(req: CommerceRequest, t: OrderTable, holding: Uint8Array | null = null): OrderFilter {
  const f = req.filter;
  const mask = (names: readonly string[], wanted: readonly string[]) => Uint8Array.from(names, (n) => (wanted.includes(n) ? 1 : 0));
  let platforms: readonly string[] | null = f.platforms && f.platforms.length > 0 ? f.platforms : null;
  if (req.channel !== "All channel") platforms = platforms === null ? [req.channel] : platforms.filter((p) => p === req.channel);
  return {
    platforms: platforms === null ? null : mask(t.platforms, platforms),
    statuses: f.statuses && f.statuses.length > 0 ? mask(ORDER_STATUSES, f.statuses) : null,
    regions: f.locations && f.locations.length > 0 ? mask([UNKNOWN_LOCATION, ...t.regions], f.locations) : null,
    basketMin: f.basketMin != null ? f.basketMin * 100 - 1e-6 : -Infinity,
    basketMax: f.basketMax != null ? f.basketMax * 100 + 1e-6 : Infinity,
    holding,
  };
}

/** The first index of a table whose day is `day` or later. */
function firstAtOrAfter(t: OrderTable, day: number): number {
  let lo = 0;
  let hi = t.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (t.day[mid]! < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether NMV counts the status of each index of ORDER_STATUSES. */
const NET_STATUS = ORDER_STATUSES.map((x) => NMV_STATUSES.includes(x));

/** The index of a basket (satang) among BASKET_BUCKETS. */
function bucketOf(basketSatang: number): number {
  for (let i = 0; i < BASKET_BUCKETS.length; i++) {
    const max = BASKET_BUCKETS[i]!.max;
    if (max === null || basketSatang < max * 100) return i;
  }
  return BASKET_BUCKETS.length - 1;
}

/** The sums of {@link sumOrders}, in satang; the breakdowns are [gmv, nmv, orders] per key. */
export interface OrderSums {
  /** By period. */
  readonly series: Float64Array;
  /** By platform index of the table. */
  readonly byPlatform: Float64Array;
  /** By region (0: none). */
  readonly byLocation: Float64Array;
  readonly byStatus: Float64Array;
  readonly buckets: Float64Array;
  readonly gmv: number;
  readonly nmv: number;
  /** GMV of the orders of customers new in the range. */
  readonly newGmv: number;
  readonly orders: number;
  readonly customers: number;
  /** Customers whose first order with the brand falls in the range. */
  readonly newCustomers: number;
  /** By period: the customers who ordered in it, and those of them whose first order falls in it. */
  readonly periodCustomers: Int32Array;
  readonly periodNew: Int32Array;
}

/**
 * The figures' sums over the orders of days `from`..`to` (day numbers) the filter keeps. A
 * customer is new when their first order with the brand (any status, any platform: `firstDay`)
 * falls in the range. `periods.index[d]`: the period of day `from + d` (one period when omitted).
 */
export function sumOrders(
  t: OrderTable, from: number, to: number, keep: OrderFilter, firstDay: Int32Array,
  periods: { readonly count: number; readonly index: readonly number[] } = { count: 1, index: [] },
): OrderSums {
  const P = periods.count;
  const series = new Float64Array(P * 3);
  const byPlatform = new Float64Array(t.platforms.length * 3);
  const byLocation = new Float64Array((t.regions.length + 1) * 3);
  const byStatus = new Float64Array(ORDER_STATUSES.length * 3);
  const buckets = new Float64Array(BASKET_BUCKETS.length * 3);
  const bump = (a: Float64Array, i: number, gmv: number, net: boolean) => {
    a[i * 3]! += gmv;
    if (net) a[i * 3 + 1]! += gmv;
    a[i * 3 + 2]!++;
  };
  // Per customer: the last period they were counted in, + 1 (0: not seen in the range yet).
  const customerCount = Math.max(firstDay.length, maxOf(t.customer) + 1);
  const seenIn = new Int32Array(customerCount);
  let gmv = 0;
  let nmv = 0;
  let newGmv = 0;
  let orders = 0;
  let customers = 0;
  let newCustomers = 0;
  const periodCustomers = new Int32Array(P);
  const periodNew = new Int32Array(P);
  for (let i = firstAtOrAfter(t, from); i < t.length && t.day[i]! <= to; i++) {
    if (!kept(t, i, keep)) continue;
    const platform = t.platform[i]!;
    const status = t.status[i]!;
    const region = t.region[i]!;
    const basket = t.basket[i]!;
    const net = NET_STATUS[status]!;
    const p = P === 1 ? 0 : periods.index[t.day[i]! - from]!;
    orders++;
    gmv += basket;
    if (net) nmv += basket;
    bump(series, p, basket, net);
    bump(byPlatform, platform, basket, net);
    bump(byLocation, region, basket, net);
    bump(byStatus, status, basket, net);
    bump(buckets, bucketOf(basket), basket, net);
    const c = t.customer[i]!;
    const first = c < firstDay.length ? firstDay[c]! : -1;
    const isNew = first >= from && first <= to;
    if (isNew) newGmv += basket;
    const seen = seenIn[c]!;
    if (seen === 0) {
      customers++;
      if (isNew) newCustomers++;
    }
    // Orders come by day, so periods come in order: a customer is counted once per period.
    if (seen !== p + 1) {
      seenIn[c] = p + 1;
      periodCustomers[p]!++;
      if (isNew && (P === 1 || periods.index[first - from] === p)) periodNew[p]!++;
    }
  }
  return { series, byPlatform, byLocation, byStatus, buckets, gmv, nmv, newGmv, orders, customers, newCustomers, periodCustomers, periodNew };
}

function maxOf(a: Int32Array): number {
  let m = -1;
  for (let i = 0; i < a.length; i++) if (a[i]! > m) m = a[i]!;
  return m;
}
