// E-Commerce and CRM figures (issue 6): POST /user/commerce-figures and /user/commerce-customers
// over hand-made orders of a brand of their own (exact totals, every filter, series, buckets,
// products, customer columns), the access and range rules, and the demo orders the seed writes
// (volumes, calendar, customers' lifecycles, determinism on both backends).
import { readFileSync } from "node:fs";
import path from "node:path";
import { Schema } from "effect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api } from "../../domain/api";
import { COMMERCE_MAX_DAYS, REGIONS, type CommerceFilter, type CommerceRequest } from "../../domain/commerce";
import { addDays } from "../../domain/calendarDays";
import {
  backfillDemoOrders, bangkokDayNumber, dayText, extendDemoOrders, fillDemoOrdersInBackground, ORDERS_DEMO_BRANDS,
  ORDERS_DEMO_PENDING_DAYS, recentOrdersStart,
} from "../../server/demo/commerceDemo";
import { defaultSegmentRules, rfmWeightsOf } from "../../domain/rfm";
import { granularityFor, periodsOf } from "../../server/services/commerce";
import { packCustomers, scoreRfm, summariseRfm } from "../../workers/rfm";
import { startTestServer, type TestServer } from "../support/testServer";

let s: TestServer;
let shopToken: string;
let demoToken: string;
let shopId: number;

const SHOP = "Test Shop";

interface HandOrder {
  platform: "Shopee" | "Lazada";
  id: string;
  customer: string;
  day: string;
  status: "completed" | "pending" | "cancelled" | "returned";
  location: string | null;
  items: Array<[product: string, quantity: number, price: number]>;
}

/**
 * The hand-made orders. In March 2024: A (first order in February) ordered twice, B first on
 * 5 March (then a cancelled order), C first on 10 March (a return, then 5,000 on the 31st), D on
 * 15 March without a region (two lines of the same product). A again on 2 April.
 */
const ORDERS: HandOrder[] = [
  { platform: "Shopee", id: "S1", customer: "cust-a", day: "2024-02-20", status: "completed", location: "Bangkok and Vicinity", items: [["Alpha", 1, 100]] },
  { platform: "Shopee", id: "S2", customer: "cust-a", day: "2024-03-01", status: "completed", location: "Bangkok and Vicinity", items: [["Alpha", 2, 150.25]] },
  { platform: "Shopee", id: "S3", customer: "cust-b", day: "2024-03-05", status: "pending", location: "Central", items: [["Beta", 1, 199.99]] },
  { platform: "Lazada", id: "L1", customer: "cust-b", day: "2024-03-06", status: "cancelled", location: "Central", items: [["Alpha", 1, 200]] },
  { platform: "Lazada", id: "L2", customer: "cust-c", day: "2024-03-10", status: "returned", location: "Southern", items: [["Gamma", 3, 500]] },
  { platform: "Shopee", id: "S4", customer: "cust-d", day: "2024-03-15", status: "completed", location: null, items: [["Alpha", 1, 999.99], ["Alpha", 1, 0.01]] },
  { platform: "Shopee", id: "S6", customer: "cust-a", day: "2024-03-20", status: "completed", location: "Bangkok and Vicinity", items: [["Beta", 2, 25.25]] },
  { platform: "Lazada", id: "L3", customer: "cust-c", day: "2024-03-31", status: "completed", location: "Southern", items: [["Gamma", 1, 5000]] },
  { platform: "Shopee", id: "S5", customer: "cust-a", day: "2024-04-02", status: "completed", location: "Bangkok and Vicinity", items: [["Beta", 1, 49.5]] },
];

/** Writes orders as an import does: the order, its items (their copies of the order's fields left to the trigger), the customers' first days. */
async function insertOrders(brandId: number, orders: readonly HandOrder[]): Promise<void> {
  await s.storage.transaction(async (tx) => {
    for (const o of orders) {
      const basket = o.items.reduce((sum, [, q, p]) => sum + Math.round(q * p * 100), 0) / 100;
      await tx.query(
        `INSERT INTO orders (brand_id, platform, order_id, customer_id, ordered_at, day, status, status_raw, location, province, basket)
         VALUES ($1, $2, $3, $4, $5::timestamptz, $6::date, $7, $7, $8, NULL, $9)`,
        [brandId, o.platform, o.id, o.customer, `${o.day}T12:00:00+07:00`, o.day, o.status, o.location, basket],
      );
      for (const [i, [product, quantity, price]] of o.items.entries()) {
        await tx.query(
          "INSERT INTO order_items (brand_id, platform, order_id, line, product, quantity, price) VALUES ($1, $2, $3, $4, $5, $6, $7)",
          [brandId, o.platform, o.id, i + 1, product, quantity, price],
        );
      }
      await tx.query(
        `INSERT INTO order_customers AS c (brand_id, customer_id, first_day) VALUES ($1, $2, $3::date)
         ON CONFLICT (brand_id, customer_id) DO UPDATE SET first_day = least(c.first_day, EXCLUDED.first_day)`,
        [brandId, o.customer, o.day],
      );
    }
  });
}

const request = (over: Partial<CommerceRequest> = {}, filter: CommerceFilter = {}): CommerceRequest =>
  ({ brand: SHOP, start: "2024-03-01", end: "2024-03-31", channel: "All channel", filter, ...over });

const decodeFigures = Schema.decodeUnknownSync(Api.commerceFigures.response);
const decodeCustomers = Schema.decodeUnknownSync(Api.commerceCustomers.response);

async function figures(req: CommerceRequest, token = shopToken) {
  const res = await s.call("POST", "/user/commerce-figures", { token, body: req });
  expect(res.status, res.text).toBe(200);
  return decodeFigures(res.json).data;
}

async function customers(req: CommerceRequest, token = shopToken) {
  const res = await s.call("POST", "/user/commerce-customers", { token, body: req });
  expect(res.status, res.text).toBe(200);
  return decodeCustomers(res.json).data;
}

const one = async <T>(sql: string, params: unknown[] = []): Promise<T> => (await s.storage.query<{ v: T }>(sql, params)).rows[0]!.v;
const brandId = (name: string) => one<number>("SELECT id AS v FROM brands WHERE name = $1", [name]);

beforeAll(async () => {
  s = await startTestServer();
  shopId = (await s.storage.query<{ id: number }>("INSERT INTO brands (name) VALUES ($1) RETURNING id", [SHOP])).rows[0]!.id;
  await insertOrders(shopId, ORDERS);
  shopToken = await s.addUser("shop@example.com", ["7", "8"], [SHOP]);
  demoToken = (await s.login()).access_token;
});
afterAll(() => s.close());

describe("figures of hand-made orders", () => {
  it("totals: GMV of every status, NMV of completed and pending, new and old customers, average basket", async () => {
    const f = await figures(request());
    expect(f).toMatchObject({ brand: SHOP, start: "2024-03-01", end: "2024-03-31", granularity: "day" });
    expect(f.totals).toEqual({
      gmv: 8250.99,
      nmv: 6550.99,
      orders: 7,
      customers: 4,
      // B, C and D ordered first in March; A in February.
      newCustomers: 3,
      oldCustomers: 1,
      newCustomerGmv: 7899.99,
      oldCustomerGmv: 351,
      avgBasket: 1178.71,
    });
  });

  it("a customer is new only when the first order falls in the range", async () => {
    // From 6 March, B (first order on the 5th) is old.
    const f = await figures(request({ start: "2024-03-06" }));
    expect(f.totals).toMatchObject({ orders: 5, customers: 4, newCustomers: 2, oldCustomers: 2, newCustomerGmv: 7500, oldCustomerGmv: 250.5 });
    // February alone: A is new (first order on the 20th).
    const feb = await figures(request({ start: "2024-02-01", end: "2024-02-29" }));
    expect(feb.totals).toMatchObject({ gmv: 100, orders: 1, customers: 1, newCustomers: 1, oldCustomers: 0 });
  });

  it("cancelled and returned orders leave NMV, pending ones stay", async () => {
    const f = await figures(request());
    expect(f.byStatus).toEqual([
      { key: "completed", gmv: 6351, nmv: 6351, orders: 4 },
      { key: "pending", gmv: 199.99, nmv: 199.99, orders: 1 },
      { key: "cancelled", gmv: 200, nmv: 0, orders: 1 },
      { key: "returned", gmv: 1500, nmv: 0, orders: 1 },
    ]);
  });

  it("breaks down by platform and by region, with Unknown for orders without one, by GMV", async () => {
    const f = await figures(request());
    expect(f.byPlatform).toEqual([
      { key: "Lazada", gmv: 6700, nmv: 5000, orders: 3 },
      { key: "Shopee", gmv: 1550.99, nmv: 1550.99, orders: 4 },
    ]);
    expect(f.byLocation).toEqual([
      { key: "Southern", gmv: 6500, nmv: 5000, orders: 2 },
      { key: "Unknown", gmv: 1000, nmv: 1000, orders: 1 },
      { key: "Central", gmv: 399.99, nmv: 199.99, orders: 2 },
      { key: "Bangkok and Vicinity", gmv: 351, nmv: 351, orders: 2 },
    ]);
  });

  it("puts each basket in its bucket: 199.99 under 200, 200 in 200-499, 1,000 in 1,000-1,999, 5,000 in the last", async () => {
    const f = await figures(request());
    expect(f.basketSizes).toEqual([
      { min: 0, max: 200, orders: 2, gmv: 250.49 },
      { min: 200, max: 500, orders: 2, gmv: 500.5 },
      { min: 500, max: 1000, orders: 0, gmv: 0 },
      { min: 1000, max: 2000, orders: 2, gmv: 2500 },
      { min: 2000, max: 5000, orders: 0, gmv: 0 },
      { min: 5000, max: null, orders: 1, gmv: 5000 },
    ]);
  });

  it("ranks products by GMV of their items (quantity × price), counting an order once per product", async () => {
    const f = await figures(request());
    expect(f.topProducts).toEqual([
      { product: "Gamma", quantity: 4, gmv: 6500, orders: 2 },
      { product: "Alpha", quantity: 5, gmv: 1500.5, orders: 3 },
      { product: "Beta", quantity: 3, gmv: 250.49, orders: 2 },
    ]);
  });

  it("keeps at most 10 products, the ones with the highest GMV", async () => {
    const many: HandOrder[] = Array.from({ length: 12 }, (_, i) => ({
      platform: "Shopee", id: `P${i}`, customer: `many-${i}`, day: "2024-06-10", status: "completed", location: "Central",
      items: [[`Product ${String(i).padStart(2, "0")}`, 1, 10 * (i + 1)]],
    }));
    const other = (await s.storage.query<{ id: number }>("INSERT INTO brands (name) VALUES ('Many Products') RETURNING id")).rows[0]!.id;
    await insertOrders(other, many);
    const token = await s.addUser("many@example.com", ["7"], ["Many Products"]);
    const f = await figures(request({ brand: "Many Products", start: "2024-06-01", end: "2024-06-30" }), token);
    expect(f.topProducts.map((p) => p.product)).toEqual(Array.from({ length: 10 }, (_, i) => `Product ${String(11 - i).padStart(2, "0")}`));
    expect(f.topProducts[0]).toEqual({ product: "Product 11", quantity: 1, gmv: 120, orders: 1 });
  });

  it("shows any other platform as it is named, and filters by it", async () => {
    const other = (await s.storage.query<{ id: number }>("INSERT INTO brands (name) VALUES ('Other Platforms') RETURNING id")).rows[0]!.id;
    await insertOrders(other, [
      { platform: "Lazada", id: "X1", customer: "x", day: "2024-05-01", status: "completed", location: "Eastern", items: [["Delta", 1, 10]] },
      { platform: "TikTok Shop" as "Shopee", id: "X2", customer: "y", day: "2024-05-02", status: "completed", location: "Eastern", items: [["Delta", 2, 30]] },
      { platform: "LINE SHOPPING" as "Shopee", id: "X3", customer: "y", day: "2024-05-03", status: "pending", location: "Eastern", items: [["Delta", 1, 5]] },
      // Not one of the nine regions (no writer of the app stores one, but the column is free text).
      { platform: "Lazada", id: "X4", customer: "z", day: "2024-05-04", status: "completed", location: "Bangkok, Thailand;", items: [["Delta", 1, 1]] },
    ]);
    const token = await s.addUser("other@example.com", ["7"], ["Other Platforms"]);
    const may = { brand: "Other Platforms", start: "2024-05-01", end: "2024-05-31" };
    const f = await figures(request(may), token);
    expect(f.byPlatform).toEqual([
      { key: "TikTok Shop", gmv: 60, nmv: 60, orders: 1 },
      { key: "Lazada", gmv: 11, nmv: 11, orders: 2 },
      { key: "LINE SHOPPING", gmv: 5, nmv: 5, orders: 1 },
    ]);
    expect(f.byLocation).toEqual([
      { key: "Eastern", gmv: 75, nmv: 75, orders: 3 },
      { key: "Bangkok, Thailand;", gmv: 1, nmv: 1, orders: 1 },
    ]);
    expect((await figures(request(may, { locations: ["Bangkok, Thailand;"] }), token)).totals.orders).toBe(1);
    expect((await figures(request(may, { platforms: ["TikTok Shop"] }), token)).byPlatform).toEqual([{ key: "TikTok Shop", gmv: 60, nmv: 60, orders: 1 }]);
    expect((await figures(request({ ...may, channel: "Shopee" }), token)).totals.orders).toBe(0);
  });

  it("has one series point per day up to 62 days, empty days as zeros, new and old customers per day", async () => {
    const f = await figures(request());
    expect(f.series).toHaveLength(31);
    expect(f.series[0]).toEqual({ period: "2024-03-01", gmv: 300.5, nmv: 300.5, orders: 1, newCustomers: 0, oldCustomers: 1 });
    expect(f.series[1]).toEqual({ period: "2024-03-02", gmv: 0, nmv: 0, orders: 0, newCustomers: 0, oldCustomers: 0 });
    const at = (day: string) => f.series.find((p) => p.period === day);
    expect(at("2024-03-05")).toEqual({ period: "2024-03-05", gmv: 199.99, nmv: 199.99, orders: 1, newCustomers: 1, oldCustomers: 0 });
    expect(at("2024-03-06")).toEqual({ period: "2024-03-06", gmv: 200, nmv: 0, orders: 1, newCustomers: 0, oldCustomers: 1 });
    expect(at("2024-03-31")).toEqual({ period: "2024-03-31", gmv: 5000, nmv: 5000, orders: 1, newCustomers: 0, oldCustomers: 1 });
    expect(f.series.reduce((sum, p) => sum + p.orders, 0)).toBe(7);
    const days62 = await figures(request({ start: "2024-03-01", end: "2024-05-01" }));
    expect(days62.granularity).toBe("day");
    expect(days62.series).toHaveLength(62);
  });

  it("uses ISO weeks (Monday) from 63 to 366 days and months beyond, the first and last clipped to the range", async () => {
    const weeks = await figures(request({ start: "2024-03-01", end: "2024-05-02" }));
    expect(weeks.granularity).toBe("week");
    // 1 March 2024 is a Friday: the first week starts on the range's first day, the next on Monday 4 March.
    expect(weeks.series.slice(0, 3).map((p) => p.period)).toEqual(["2024-03-01", "2024-03-04", "2024-03-11"]);
    expect(weeks.series.at(-1)!.period).toBe("2024-04-29");
    expect(weeks.series).toHaveLength(10);
    expect(weeks.series[0]).toMatchObject({ gmv: 300.5, orders: 1, oldCustomers: 1, newCustomers: 0 });
    // Week of 4 March: S3 and L1 (B, new that week), L2 on Sunday the 10th (C, new that week).
    expect(weeks.series[1]).toMatchObject({ gmv: 1899.99, nmv: 199.99, orders: 3, newCustomers: 2, oldCustomers: 0 });
    expect(weeks.series.find((p) => p.period === "2024-04-08")).toEqual({ period: "2024-04-08", gmv: 0, nmv: 0, orders: 0, newCustomers: 0, oldCustomers: 0 });
    expect(weeks.series.reduce((sum, p) => sum + p.gmv, 0)).toBeCloseTo(8250.99 + 49.5, 2);

    expect((await figures(request({ start: "2024-03-15", end: addDays("2024-03-15", 365) }))).granularity).toBe("week");
    const months = await figures(request({ start: "2024-02-15", end: addDays("2024-02-15", 366) }));
    expect(months.granularity).toBe("month");
    expect(months.series.map((p) => p.period).slice(0, 3)).toEqual(["2024-02-15", "2024-03-01", "2024-04-01"]);
    expect(months.series.at(-1)!.period).toBe("2025-02-01");
    expect(months.series).toHaveLength(13);
    expect(months.series[0]).toMatchObject({ gmv: 100, orders: 1, newCustomers: 1 });
    expect(months.series[1]).toMatchObject({ gmv: 8250.99, orders: 7, newCustomers: 3, oldCustomers: 1 });
    expect(months.series[2]).toMatchObject({ gmv: 49.5, orders: 1, newCustomers: 0, oldCustomers: 1 });
    expect(months.series[5]).toEqual({ period: "2024-07-01", gmv: 0, nmv: 0, orders: 0, newCustomers: 0, oldCustomers: 0 });
  });

  it("answers the examples of docs/commerce.md", async () => {
    const docs = readFileSync(path.join(import.meta.dirname, "../../docs/commerce.md"), "utf8");
    const examples = [...docs.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1]!) as { data?: unknown });
    const [figuresAnswer, customersAnswer] = examples.filter((e) => e.data !== undefined);
    expect({ data: await figures(request({ end: "2024-03-07" })) }).toEqual(figuresAnswer);
    expect({ data: await customers(request({ end: "2024-03-10" })) }).toEqual(customersAnswer);
  });

  it("computes periods and granularity by the documented rule", () => {
    expect([1, 62, 63, 366, 367, COMMERCE_MAX_DAYS].map(granularityFor)).toEqual(["day", "day", "week", "week", "month", "month"]);
    expect(periodsOf("2024-12-30", "2025-01-06", "week")).toEqual({ starts: ["2024-12-30", "2025-01-06"], index: [0, 0, 0, 0, 0, 0, 0, 1] });
    expect(periodsOf("2024-01-31", "2024-03-01", "month").starts).toEqual(["2024-01-31", "2024-02-01", "2024-03-01"]);
  });
});

describe("filters", () => {
  const totals = async (filter: CommerceFilter, over: Partial<CommerceRequest> = {}) => (await figures(request(over, filter))).totals;

  it("narrows by platform, and the channel narrows the same way (combined: both must hold)", async () => {
    expect(await totals({ platforms: ["Lazada"] })).toMatchObject({ orders: 3, gmv: 6700, nmv: 5000, customers: 2 });
    expect(await totals({}, { channel: "Shopee" })).toMatchObject({ orders: 4, gmv: 1550.99, customers: 3 });
    expect(await totals({ platforms: ["Shopee", "Lazada"] }, { channel: "Lazada" })).toMatchObject({ orders: 3, gmv: 6700 });
    const none = await figures(request({ channel: "Shopee" }, { platforms: ["Lazada"] }));
    expect(none.totals).toEqual({ gmv: 0, nmv: 0, orders: 0, customers: 0, newCustomers: 0, oldCustomers: 0, newCustomerGmv: 0, oldCustomerGmv: 0, avgBasket: null });
    expect(none.series.every((p) => p.orders === 0 && p.gmv === 0)).toBe(true);
    expect(none.basketSizes.every((b) => b.orders === 0)).toBe(true);
    expect(none.topProducts).toEqual([]);
    expect(none.byPlatform).toEqual([]);
  });

  it("narrows by region, Unknown meaning orders without one", async () => {
    expect(await totals({ locations: ["Unknown"] })).toMatchObject({ orders: 1, gmv: 1000 });
    expect(await totals({ locations: ["Central", "Unknown"] })).toMatchObject({ orders: 3, gmv: 1399.99 });
    expect(await totals({ locations: ["Southern"] })).toMatchObject({ orders: 2, gmv: 6500, nmv: 5000 });
    expect(await totals({ locations: ["Nowhere"] })).toMatchObject({ orders: 0 });
  });

  it("narrows by status", async () => {
    expect(await totals({ statuses: ["cancelled", "returned"] })).toMatchObject({ orders: 2, gmv: 1700, nmv: 0 });
    expect(await totals({ statuses: ["pending"] })).toMatchObject({ orders: 1, gmv: 199.99, nmv: 199.99, newCustomers: 1 });
  });

  it("narrows to orders holding one of the products, with all their items", async () => {
    const gamma = await figures(request({}, { products: ["Gamma"] }));
    expect(gamma.totals).toMatchObject({ orders: 2, gmv: 6500 });
    expect(gamma.topProducts).toEqual([{ product: "Gamma", quantity: 4, gmv: 6500, orders: 2 }]);
    expect(await totals({ products: ["Alpha"] })).toMatchObject({ orders: 3, gmv: 1500.5 });
    expect(await totals({ products: ["Beta", "Gamma"] })).toMatchObject({ orders: 4, gmv: 6750.49 });
    expect(await totals({ products: ["Nothing"] })).toMatchObject({ orders: 0 });
  });

  it("narrows by basket size, both bounds included", async () => {
    expect(await totals({ basketMin: 200, basketMax: 1000 })).toMatchObject({ orders: 3, gmv: 1500.5 });
    expect(await totals({ basketMin: 5000 })).toMatchObject({ orders: 1, gmv: 5000 });
    expect(await totals({ basketMax: 199.99 })).toMatchObject({ orders: 2, gmv: 250.49 });
    expect(await totals({ basketMin: null, basketMax: null })).toMatchObject({ orders: 7 });
  });

  it("combines the fields (and), every figure follows", async () => {
    const f = await figures(request({ channel: "Shopee" }, { statuses: ["completed"], basketMin: 100 }));
    expect(f.totals).toMatchObject({ orders: 2, gmv: 1300.5, customers: 2 });
    expect(f.byLocation.map((b) => b.key)).toEqual(["Unknown", "Bangkok and Vicinity"]);
    expect(f.topProducts).toEqual([{ product: "Alpha", quantity: 4, gmv: 1300.5, orders: 2 }]);
    expect(f.basketSizes.map((b) => b.orders)).toEqual([0, 1, 0, 1, 0, 0]);
    const central = await figures(request({}, { products: ["Alpha"], locations: ["Central"] }));
    expect(central.totals).toMatchObject({ orders: 1, gmv: 200, nmv: 0 });
    expect(central.byStatus).toEqual([{ key: "cancelled", gmv: 200, nmv: 0, orders: 1 }]);
  });

  it("follows a status change of an order into the products' figures", async () => {
    await s.storage.query("UPDATE orders SET status = 'completed' WHERE brand_id = $1 AND order_id = 'L1'", [shopId]);
    try {
      const f = await figures(request({}, { statuses: ["completed"] }));
      expect(f.topProducts.find((p) => p.product === "Alpha")).toEqual({ product: "Alpha", quantity: 5, gmv: 1500.5, orders: 3 });
    } finally {
      await s.storage.query("UPDATE orders SET status = 'cancelled' WHERE brand_id = $1 AND order_id = 'L1'", [shopId]);
    }
  });
});

describe("previous period (the change of the key figures)", () => {
  const zero = { gmv: 0, nmv: 0, orders: 0, customers: 0, newCustomers: 0, oldCustomers: 0, newCustomerGmv: 0, oldCustomerGmv: 0, avgBasket: null };

  it("answers the totals of the period of equal length just before the range, counting new customers within it", async () => {
    // 1–30 April (30 days) → 2–31 March: every March order but S2 (1 March).
    const f = await figures(request({ start: "2024-04-01", end: "2024-04-30" }));
    expect(f.totals).toMatchObject({ gmv: 49.5, orders: 1 });
    expect(f.previous).toEqual({
      start: "2024-03-02",
      end: "2024-03-31",
      totals: {
        gmv: 7950.49, // 199.99 + 200 + 1,500 + 1,000 + 50.50 + 5,000
        nmv: 6250.49, // without L1 (cancelled) and L2 (returned)
        orders: 6,
        customers: 4,
        newCustomers: 3, // B, C and D ordered first in March; A in February
        oldCustomers: 1,
        newCustomerGmv: 7899.99,
        oldCustomerGmv: 50.5,
        avgBasket: 1325.08, // 7,950.49 ÷ 6
      },
    });
    // March (31 days) → 30 January – 29 February: S1 only, A's first order.
    expect((await figures(request())).previous).toEqual({
      start: "2024-01-30",
      end: "2024-02-29",
      totals: { gmv: 100, nmv: 100, orders: 1, customers: 1, newCustomers: 1, oldCustomers: 0, newCustomerGmv: 100, oldCustomerGmv: 0, avgBasket: 100 },
    });
  });

  it("applies the channel and the filter to the previous period too", async () => {
    const april = { start: "2024-04-01", end: "2024-04-30" };
    const lazada = await figures(request({ ...april, channel: "Lazada" }));
    expect(lazada.totals).toEqual(zero);
    // L1 (cancelled, 200), L2 (returned, 1,500), L3 (5,000): customers B and C, both new in March.
    expect(lazada.previous.totals).toEqual({
      gmv: 6700, nmv: 5000, orders: 3, customers: 2, newCustomers: 2, oldCustomers: 0, newCustomerGmv: 6700, oldCustomerGmv: 0, avgBasket: 2233.33,
    });
    // Orders holding Alpha in 2–31 March: L1 and S4 (S2 is on 1 March).
    const alpha = await figures(request(april, { products: ["Alpha"] }));
    expect(alpha.totals.orders).toBe(0);
    expect(alpha.previous.totals).toMatchObject({ gmv: 1200, orders: 2, customers: 2 });
    const southern = await figures(request(april, { locations: ["Southern"], statuses: ["completed"] }));
    expect(southern.previous.totals).toMatchObject({ gmv: 5000, nmv: 5000, orders: 1, customers: 1 });
  });

  it.each([
    { label: "no filter", filter: {} },
    { label: "Lazada", channel: "Lazada" as const, filter: {} },
    { label: "a product and a status", filter: { products: ["Alpha"], statuses: ["completed" as const, "cancelled" as const] } },
  ])("sums the previous period exactly as the figures of that period asked for directly ($label)", async ({ channel, filter }) => {
    const base = { start: "2024-04-01", end: "2024-04-30", ...(channel ? { channel } : {}) };
    const f = await figures(request(base, filter));
    const direct = await figures(request({ ...base, start: f.previous.start, end: f.previous.end }, filter));
    expect(f.previous.totals).toEqual(direct.totals);
  });

  it("answers zero totals for a previous period before the first order", async () => {
    // The first order is on 20 February; 20–29 February (10 days) → 10–19 February.
    const f = await figures(request({ start: "2024-02-20", end: "2024-02-29" }));
    expect(f.totals).toMatchObject({ gmv: 100, orders: 1 });
    expect(f.previous).toEqual({ start: "2024-02-10", end: "2024-02-19", totals: zero });
  });
});

describe("customers (CRM)", () => {
  it("lists the range's customers with recency, frequency and monetary over completed and pending orders, and the period before", async () => {
    const c = await customers(request());
    expect(c.brand).toBe(SHOP);
    expect(c.current).toEqual({
      start: "2024-03-01",
      end: "2024-03-31",
      customers: {
        ids: ["cust-a", "cust-b", "cust-c", "cust-d"],
        // A: last on 20 March; B: the pending order of the 5th (the cancelled one does not count); C: the 31st; D: the 15th.
        recencyDays: [11, 26, 0, 16],
        frequency: [2, 1, 1, 1],
        monetary: [351, 199.99, 5000, 1000],
      },
    });
    // The 31 days before: 30 January to 29 February.
    expect(c.previous).toEqual({
      start: "2024-01-30",
      end: "2024-02-29",
      customers: { ids: ["cust-a"], recencyDays: [9], frequency: [1], monetary: [100] },
    });
  });

  it("leaves out customers whose orders in the period were all cancelled or returned, and applies the filter", async () => {
    const lazada = await customers(request({ channel: "Lazada" }));
    expect(lazada.current.customers).toEqual({ ids: ["cust-c"], recencyDays: [0], frequency: [1], monetary: [5000] });
    const returned = await customers(request({}, { statuses: ["returned"] }));
    expect(returned.current.customers.ids).toEqual([]);
    const alpha = await customers(request({}, { products: ["Alpha"] }));
    expect(alpha.current.customers).toEqual({ ids: ["cust-a", "cust-d"], recencyDays: [30, 16], frequency: [1, 1], monetary: [300.5, 1000] });
    expect(alpha.previous.customers.ids).toEqual(["cust-a"]);
    const big = await customers(request({}, { basketMin: 1000 }));
    expect(big.current.customers.ids).toEqual(["cust-c", "cust-d"]);
  });

  it("answers empty columns for a period without orders", async () => {
    const c = await customers(request({ start: "2020-01-01", end: "2020-01-31" }));
    expect(c.current.customers).toEqual({ ids: [], recencyDays: [], frequency: [], monetary: [] });
    expect(c.previous).toMatchObject({ start: "2019-12-01", end: "2019-12-31" });
  });
});

describe("access and range", () => {
  it("answers 403 naming brand for a brand that is not the user's, and for one that does not exist", async () => {
    for (const [token, brand] of [[shopToken, "Tipco"], [demoToken, SHOP], [shopToken, "No Such Brand"]] as const) {
      for (const path of ["/user/commerce-figures", "/user/commerce-customers"]) {
        const res = await s.call("POST", path, { token, body: request({ brand }) });
        expect(res.status, `${path} ${brand}`).toBe(403);
        expect(res.json.message).toMatch(/^brand: /);
      }
    }
  });

  it("answers 403 without the module's permission (7 for figures, 8 for customers)", async () => {
    const token = await s.addUser("crm-only@example.com", ["8"], [SHOP]);
    expect((await s.call("POST", "/user/commerce-figures", { token, body: request() })).status).toBe(403);
    expect((await s.call("POST", "/user/commerce-customers", { token, body: request() })).status).toBe(200);
  });

  it("answers 400 naming end for an end before the start or a range over the limit, and start or end for a date that does not exist", async () => {
    const bad = async (over: Partial<CommerceRequest>, field: string) => {
      for (const path of ["/user/commerce-figures", "/user/commerce-customers"]) {
        const res = await s.call("POST", path, { token: shopToken, body: request(over) });
        expect(res.status, `${path} ${JSON.stringify(over)}`).toBe(400);
        expect(res.json.message).toMatch(new RegExp(`^${field}: `));
      }
    };
    await bad({ start: "2024-03-02", end: "2024-03-01" }, "end");
    await bad({ start: "2022-01-01", end: addDays("2022-01-01", COMMERCE_MAX_DAYS) }, "end");
    await bad({ start: "2023-02-29" }, "start");
    await bad({ end: "2024-02-30" }, "end");
    const longest = await figures(request({ start: "2022-01-01", end: addDays("2022-01-01", COMMERCE_MAX_DAYS - 1) }));
    expect(longest.granularity).toBe("month");
    expect((await figures(request({ start: "2024-03-31", end: "2024-03-31" }))).totals).toMatchObject({ orders: 1, gmv: 5000 });
  });

  it("refuses a filter whose basket bounds cross", async () => {
    const res = await s.call("POST", "/user/commerce-figures", { token: shopToken, body: request({}, { basketMin: 500, basketMax: 100 }) });
    expect(res.status).toBe(400);
    expect(res.json.message).toContain("basketMax");
  });
});

// ---------------------------------------------------------------------------------------------
// The demo orders

const today = dayText(bangkokDayNumber(new Date()));
/** A fingerprint of every demo order (and its items and customers) of the given days: same rows, same fingerprint. */
const fingerprint = (from: string, to: string) =>
  one<string>(
    `SELECT md5(coalesce(string_agg(concat_ws(',', o.brand_id, o.platform, o.order_id, o.customer_id, extract(epoch FROM o.ordered_at)::bigint, o.day,
                o.status, o.status_raw, o.location, o.province, o.basket, i.items),
                ';' ORDER BY o.brand_id, o.platform COLLATE "C", o.order_id COLLATE "C"), '')) AS v
       FROM orders o
       LEFT JOIN (SELECT brand_id, platform, order_id,
                         string_agg(concat_ws('|', line, product, sku, quantity, price, day, status, location, basket, product_repeat), '/' ORDER BY line) AS items
                    FROM order_items WHERE day >= $1::date AND day < $2::date GROUP BY brand_id, platform, order_id) i USING (brand_id, platform, order_id)
      WHERE o.demo AND o.day >= $1::date AND o.day < $2::date`,
    [from, to],
  );
/** Daily product rows that differ from what the items hold (none, when the triggers kept them). */
const productDaysMismatches = () =>
  one<number>(
    `SELECT count(*)::int AS v FROM (
       SELECT brand_id, day, platform, status, product, sum(quantity) AS q, sum(quantity * price) AS a,
              count(*) FILTER (WHERE product_repeat IS NOT TRUE) AS o
         FROM order_items GROUP BY 1, 2, 3, 4, 5) x
       FULL JOIN (SELECT * FROM order_product_days WHERE quantity <> 0) d USING (brand_id, day, platform, status, product)
      WHERE x.q IS DISTINCT FROM d.quantity OR x.a IS DISTINCT FROM d.amount OR x.o IS DISTINCT FROM d.orders`,
  );
const customersFingerprint = () =>
  one<string>(`SELECT md5(string_agg(concat_ws(',', brand_id, customer_id, first_day), ';' ORDER BY brand_id, customer_id COLLATE "C")) AS v FROM order_customers`);

describe("demo orders", () => {
  it("holds tens of thousands of orders per demo brand from 2023-01-01 to today, 1-4 items each, and every customer's first day", async () => {
    const rows = (await s.storage.query<{ name: string; orders: number; customers: number; first: string; last: string }>(
      `SELECT b.name, count(*)::int AS orders, count(DISTINCT o.customer_id)::int AS customers,
              to_char(min(o.day), 'YYYY-MM-DD') AS first, to_char(max(o.day), 'YYYY-MM-DD') AS last
         FROM orders o JOIN brands b ON b.id = o.brand_id WHERE o.demo GROUP BY b.name ORDER BY b.name`,
    )).rows;
    expect(rows.map((r) => r.name)).toEqual(["Aura", "Aura Move", "Tipco"]);
    for (const r of rows) {
      expect(r.orders, r.name).toBeGreaterThan(30_000);
      expect(r.customers, r.name).toBeGreaterThan(10_000);
      expect(r.first, r.name).toBe("2023-01-01");
      // At most a day behind a run that crosses midnight.
      expect(r.last >= addDays(today, -1), r.name).toBe(true);
    }
    const total = rows.reduce((sum, r) => sum + r.orders, 0);
    expect(total).toBeGreaterThan(200_000);
    expect(total).toBeLessThan(320_000);
    expect(await one<number>(
      `SELECT count(*)::int AS v FROM (SELECT count(*) AS n, min(o.basket) AS basket, sum(i.quantity * i.price) AS sum
         FROM orders o JOIN order_items i USING (brand_id, platform, order_id) WHERE o.demo GROUP BY o.brand_id, o.platform, o.order_id) x
        WHERE n NOT BETWEEN 1 AND 4 OR basket <> sum`,
    )).toBe(0);
    // order_customers holds each customer's first order day.
    expect(await one<number>(
      `SELECT count(*)::int AS v FROM (SELECT brand_id, customer_id, min(day) AS first FROM orders GROUP BY 1, 2) f
         FULL JOIN order_customers c USING (brand_id, customer_id) WHERE c.first_day IS DISTINCT FROM f.first`,
    )).toBe(0);
    // The items carry their order's fields.
    expect(await one<number>(
      `SELECT count(*)::int AS v FROM order_items i JOIN orders o USING (brand_id, platform, order_id)
        WHERE (i.day, i.status, i.location, i.basket) IS DISTINCT FROM (o.day, o.status, o.location, o.basket) OR i.product_repeat IS NULL`,
    )).toBe(0);
  });

  it("has realistic products, platforms (about 60/40), statuses and every region", async () => {
    const products = (await s.storage.query<{ product: string }>("SELECT DISTINCT product FROM order_items i JOIN brands b ON b.id = i.brand_id WHERE b.name = 'Tipco'")).rows;
    expect(products.length).toBeGreaterThanOrEqual(10);
    expect(products.map((p) => p.product)).toContain("Tipco น้ำส้มสายน้ำผึ้ง 100% 1000 มล.");
    const shares = (await s.storage.query<{ shopee: number; completed: number; cancelled: number; returned: number }>(
      `SELECT avg((platform = 'Shopee')::int)::float8 AS shopee, avg((status = 'completed')::int)::float8 AS completed,
              avg((status = 'cancelled')::int)::float8 AS cancelled, avg((status = 'returned')::int)::float8 AS returned
         FROM orders WHERE demo AND day BETWEEN '2024-01-01' AND '2024-12-31'`,
    )).rows[0]!;
    expect(shares.shopee).toBeGreaterThan(0.55);
    expect(shares.shopee).toBeLessThan(0.65);
    expect(shares.completed).toBeGreaterThan(0.86);
    expect(shares.completed).toBeLessThan(0.93);
    expect(shares.cancelled).toBeGreaterThan(0.04);
    expect(shares.cancelled).toBeLessThan(0.08);
    expect(shares.returned).toBeGreaterThan(0.02);
    expect(shares.returned).toBeLessThan(0.045);
    // Pending only in the last few days, and most of today's orders.
    expect(await one<number>("SELECT count(*)::int AS v FROM orders WHERE demo AND status = 'pending' AND day <= $1::date", [addDays(today, -ORDERS_DEMO_PENDING_DAYS)])).toBe(0);
    const f = await figures({ brand: "Tipco", start: addDays(today, -2), end: today, channel: "All channel", filter: {} }, demoToken);
    expect(f.byStatus.find((b) => b.key === "pending")!.orders).toBeGreaterThan(f.totals.orders / 3);
    const regions = (await s.storage.query<{ location: string | null; n: number }>(
      "SELECT location, count(*)::int AS n FROM orders WHERE demo GROUP BY location ORDER BY n DESC",
    )).rows;
    expect(regions[0]!.location).toBe("Bangkok and Vicinity");
    expect(regions.map((r) => r.location).filter((l) => l !== null).sort()).toEqual([...REGIONS].sort());
    expect(await one<number>("SELECT count(*)::int AS v FROM orders WHERE demo AND location IS NOT NULL AND province IS NULL")).toBe(0);
  });

  it("has the 9.9, 11.11 and 12.12 peaks, several times the weeks around them", async () => {
    const perDay = new Map((await s.storage.query<{ day: string; n: number }>(
      "SELECT to_char(day, 'YYYY-MM-DD') AS day, count(*)::int AS n FROM orders WHERE demo GROUP BY day",
    )).rows.map((r) => [r.day, r.n]));
    for (const year of [2023, 2024, 2025]) {
      for (const sale of [`${year}-09-09`, `${year}-11-11`, `${year}-12-12`]) {
        const around = [-21, -20, -19, -18, -17, -16, -15, 15, 16, 17, 18, 19, 20, 21].map((d) => perDay.get(addDays(sale, d))!);
        const mean = around.reduce((a, b) => a + b, 0) / around.length;
        expect(perDay.get(sale)!, sale).toBeGreaterThan(2.5 * mean);
      }
    }
  });

  it("has a payday bump (25th to the 1st) and busier Sundays", async () => {
    const rows = (await s.storage.query<{ dom: number; dow: number; n: number }>(
      `SELECT extract(day FROM day)::int AS dom, extract(isodow FROM day)::int AS dow, count(*)::int AS n
         FROM orders WHERE demo AND day BETWEEN '2024-01-01' AND '2025-05-31' AND extract(month FROM day) BETWEEN 1 AND 5
        GROUP BY 1, 2`,
    )).rows;
    const mean = (pick: (r: { dom: number; dow: number }) => boolean) => {
      const xs = rows.filter(pick);
      return xs.reduce((a, r) => a + r.n, 0) / xs.length;
    };
    expect(mean((r) => r.dom >= 25 && r.dom <= 28)).toBeGreaterThan(1.12 * mean((r) => r.dom >= 8 && r.dom <= 17));
    expect(mean((r) => r.dow === 7)).toBeGreaterThan(1.05 * mean((r) => r.dow >= 2 && r.dow <= 4));
  });

  it("has loyal repeat buyers, one-off buyers, heavy buyers who lapsed and new customers", async () => {
    for (const brand of ORDERS_DEMO_BRANDS) {
      const c = (await s.storage.query<{ loyal: number; once: number; lapsed: number; fresh: number }>(
        `SELECT count(*) FILTER (WHERE n >= 10 AND last >= $2::date - 60)::int AS loyal,
                count(*) FILTER (WHERE n = 1 AND last < $2::date - 365)::int AS once,
                count(*) FILTER (WHERE n >= 8 AND last < $2::date - 180)::int AS lapsed,
                count(*) FILTER (WHERE first >= $2::date - 30)::int AS fresh
           FROM (SELECT customer_id, count(*) AS n, min(day) AS first, max(day) AS last
                   FROM orders WHERE brand_id = $1 AND status IN ('completed', 'pending') GROUP BY customer_id) x`,
        [await brandId(brand.name), today],
      )).rows[0]!;
      expect(c.loyal, brand.name).toBeGreaterThan(200);
      expect(c.once, brand.name).toBeGreaterThan(3000);
      expect(c.lapsed, brand.name).toBeGreaterThan(200);
      expect(c.fresh, brand.name).toBeGreaterThan(100);
    }
  });

  it("keeps the daily product rows equal to the items, and both ways to the top products agree", async () => {
    expect(await productDaysMismatches()).toBe(0);
    const year = { brand: "Aura", start: "2024-01-01", end: "2024-12-31", channel: "Lazada" } as const;
    // basketMin 0 keeps every order but reads the items.
    const daily = await figures({ ...year, filter: { statuses: ["completed", "pending"] } }, demoToken);
    const items = await figures({ ...year, filter: { statuses: ["completed", "pending"], basketMin: 0 } }, demoToken);
    expect(daily.topProducts).toHaveLength(10);
    expect(items.topProducts).toEqual(daily.topProducts);
    expect(items.totals).toEqual(daily.totals);
  });

  it("answers the demo through the service: a year of Tipco, and its customers", async () => {
    const start = addDays(today, -364);
    const f = await figures({ brand: "Tipco", start, end: today, channel: "All channel", filter: {} }, demoToken);
    expect(f.granularity).toBe("week");
    expect(f.totals.orders).toBeGreaterThan(10_000);
    expect(f.totals.newCustomers).toBeGreaterThan(1000);
    expect(f.totals.oldCustomers).toBeGreaterThan(1000);
    expect(f.topProducts).toHaveLength(10);
    expect(f.byLocation.length).toBeGreaterThanOrEqual(9);
    expect(f.series.reduce((a, p) => a + p.orders, 0)).toBe(f.totals.orders);
    expect(f.byPlatform.reduce((a, p) => a + p.orders, 0)).toBe(f.totals.orders);
    const c = await customers({ brand: "Tipco", start, end: today, channel: "All channel", filter: {} }, demoToken);
    expect(c.current.customers.ids.length).toBeGreaterThan(3000);
    expect(c.previous.customers.ids.length).toBeGreaterThan(3000);
    expect(Math.max(...c.current.customers.frequency)).toBeGreaterThan(10);
  });

  it.each([
    { range: "the store's default range (2024-01-01 to 2024-03-30)", start: "2024-01-01", end: "2024-03-30" },
    { range: "the last 3 months", start: addDays(today, -91), end: today },
    { range: "the last 12 months", start: addDays(today, -364), end: today },
  ])("gives every default RFM segment members for every demo brand over $range (CRM scoring of the worker)", async ({ start, end }) => {
    const rules = defaultSegmentRules();
    for (const { name: brand } of ORDERS_DEMO_BRANDS) {
      const c = await customers({ brand, start, end, channel: "All channel", filter: {} }, demoToken);
      const packed = packCustomers(c.current.customers);
      const summary = summariseRfm(packed, scoreRfm(packed, rfmWeightsOf(null), rules), rules);
      const empty = summary.segments.filter((seg) => seg.index >= 0 && seg.customers === 0).map((seg) => seg.name);
      expect(empty, `${brand}: ${summary.segments.map((seg) => `${seg.name} ${seg.customers}`).join(", ")}`).toEqual([]);
      // every F score has customers (no score skipped for the large group of one-off buyers)
      expect(summary.scoreCounts.f.every((count) => count > 0), `${brand}: F ${summary.scoreCounts.f.join(" / ")}`).toBe(true);
    }
  });
});

describe("demo determinism", () => {
  it("gives the same figures on PGlite and PostgreSQL (fixed numbers of one day)", async () => {
    const f = await figures({ brand: "Tipco", start: "2024-11-11", end: "2024-11-11", channel: "All channel", filter: {} }, demoToken);
    expect(f.totals).toMatchObject({ gmv: 188397, orders: 452 });
    expect(await one<string>("SELECT sum(basket)::text AS v FROM orders o JOIN brands b ON b.id = o.brand_id WHERE b.name = 'Aura' AND o.day = '2024-11-11'")).toBe("226462.00");
  });

  it("the seed writes the recent months; the background fill writes the older ones, the same rows", async () => {
    // 22 November 2026 → from 1 September 2026 (the current month and the two before it).
    expect(recentOrdersStart(new Date("2026-11-22T05:00:00Z"))).toBe("2026-09-01");
    expect(recentOrdersStart(new Date("2023-02-10T05:00:00Z"))).toBe("2023-01-01");
    expect(await one<number>("SELECT count(*)::int AS v FROM orders_demo_fill WHERE filled_from IS NOT NULL")).toBe(0);

    // Cut the database back to what a seed in June 2024 would have left: orders from March 2024 on.
    const before = await fingerprint("2023-01-01", "2024-03-01");
    const customersBefore = await customersFingerprint();
    await s.storage.query("DELETE FROM orders WHERE demo AND day < '2024-03-01'");
    await s.storage.query(
      `DELETE FROM order_customers c WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.brand_id = c.brand_id AND o.customer_id = c.customer_id)`,
    );
    await s.storage.query(
      `UPDATE order_customers c SET first_day = (SELECT min(day) FROM orders o WHERE o.brand_id = c.brand_id AND o.customer_id = c.customer_id)`,
    );
    await s.storage.query("UPDATE orders_demo_fill SET filled_from = '2024-03-01'");

    expect(await backfillDemoOrders(s.storage, 1)).toEqual({ written: expect.any(Number), remaining: true });
    expect(await one<string>("SELECT to_char(min(day), 'YYYY-MM-DD') AS v FROM orders WHERE demo")).toBe("2024-02-01");
    const fill = fillDemoOrdersInBackground(s.storage, { pauseMs: 0 });
    await fill.done;
    expect(await fingerprint("2023-01-01", "2024-03-01")).toBe(before);
    expect(await customersFingerprint()).toBe(customersBefore);
    expect(await one<number>("SELECT count(*)::int AS v FROM orders_demo_fill WHERE filled_from IS NOT NULL")).toBe(0);
    expect(await backfillDemoOrders(s.storage)).toEqual({ written: 0, remaining: false });
    // Seeds and fills years of demo orders (and the social demo with them): 37 s alone on this
    // machine, past the suite's 60 s on a busy one.
  }, 180_000);

  it("a top-up continues to today exactly as a seed today would have, and moves pending orders on", async () => {
    const cut = addDays(today, -10);
    const before = await fingerprint(cut, addDays(today, 1));
    await s.storage.query("DELETE FROM orders WHERE demo AND day >= $1::date", [cut]);
    await s.storage.query("UPDATE orders_demo_fill SET filled_to = $1::date", [addDays(cut, -1)]);
    expect(await extendDemoOrders(s.storage, new Date())).toBeGreaterThan(0);
    expect(await fingerprint(cut, addDays(today, 1))).toBe(before);
    expect(await extendDemoOrders(s.storage, new Date())).toBe(0);

    // Three days later, the orders pending today are settled or still pending as a seed then would have them.
    const later = new Date(Date.now() + 3 * 86_400_000);
    const pendingBefore = await one<number>("SELECT count(*)::int AS v FROM orders WHERE demo AND status = 'pending' AND day = $1::date", [addDays(today, -2)]);
    expect(pendingBefore).toBeGreaterThan(0);
    await extendDemoOrders(s.storage, later);
    expect(await one<number>("SELECT count(*)::int AS v FROM orders WHERE demo AND status = 'pending' AND day = $1::date", [addDays(today, -2)])).toBe(0);
    expect(await one<number>("SELECT count(*)::int AS v FROM order_items i JOIN orders o USING (brand_id, platform, order_id) WHERE o.demo AND i.status <> o.status")).toBe(0);
    expect(await one<string>("SELECT to_char(max(day), 'YYYY-MM-DD') AS v FROM orders WHERE demo")).toBe(addDays(today, 3));
    // Deleted, written again, statuses moved on: the daily product rows followed every change.
    expect(await productDaysMismatches()).toBe(0);
  });
});
