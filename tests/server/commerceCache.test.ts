// The E-Commerce figures summed from a brand's orders held in memory (server/services/orderTable.ts,
// issue 12): the same totals as SQL over the stored rows, for every kind of filter, on the demo's
// busiest brand; a write made by anyone (another server, a hand-written statement) seen by the
// next call; answers that stay right when the cache holds fewer orders than the brands have.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NMV_STATUSES, type CommerceFilter, type CommerceRequest, type CommerceTotals } from "../../domain/commerce";
import { CommerceService } from "../../server/services/commerce";
import { DEMO_EMAIL } from "../../server/demo/seed";
import { startTestServer, type TestServer } from "../support/testServer";

let s: TestServer;
let userId: number;
let tipco: number;

beforeAll(async () => {
  s = await startTestServer();
  userId = (await s.storage.query<{ id: number }>("SELECT id FROM users WHERE email = $1", [DEMO_EMAIL])).rows[0]!.id;
  tipco = (await s.storage.query<{ id: number }>("SELECT id FROM brands WHERE name = 'Tipco'")).rows[0]!.id;
});
afterAll(() => s.close());

/** The last day holding a Tipco order: the demo's ranges end there. */
async function lastDay(): Promise<string> {
  return (await s.storage.query<{ d: string }>("SELECT max(day)::text AS d FROM orders WHERE brand_id = $1", [tipco])).rows[0]!.d;
}

const minusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/**
 * The totals of a range as plain SQL over the stored rows (count(DISTINCT), a join to the
 * customers' first days): the reference the in-memory sums must equal.
 */
async function sqlTotals(start: string, end: string, channel: CommerceRequest["channel"], f: CommerceFilter): Promise<CommerceTotals> {
  const params: unknown[] = [tipco, start, end, NMV_STATUSES];
  const add = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where: string[] = [];
  if (channel !== "All channel") where.push(`o.platform = ${add(channel)}`);
  if (f.platforms?.length) where.push(`o.platform = ANY(${add(f.platforms)}::text[])`);
  if (f.statuses?.length) where.push(`o.status = ANY(${add(f.statuses)}::text[])`);
  if (f.locations?.length) {
    where.push(`(o.location = ANY(${add(f.locations)}::text[])${f.locations.includes("Unknown") ? " OR o.location IS NULL" : ""})`);
  }
  if (f.basketMin != null) where.push(`o.basket >= ${add(f.basketMin)}`);
  if (f.basketMax != null) where.push(`o.basket <= ${add(f.basketMax)}`);
  if (f.products?.length) {
    where.push(`EXISTS (SELECT 1 FROM order_items i WHERE i.brand_id = o.brand_id AND i.platform = o.platform AND i.order_id = o.order_id
                          AND i.product = ANY(${add(f.products)}::text[]))`);
  }
  const row = (await s.storage.query<{
    gmv: string | null; nmv: string | null; orders: number; customers: number; new_customers: number; new_gmv: string | null;
  }>(`
SELECT sum(o.basket)::text AS gmv, (sum(o.basket) FILTER (WHERE o.status = ANY($4::text[])))::text AS nmv, count(*)::int AS orders,
       count(DISTINCT o.customer_id)::int AS customers,
       (count(DISTINCT o.customer_id) FILTER (WHERE c.first_day >= $2::date))::int AS new_customers,
       (sum(o.basket) FILTER (WHERE c.first_day >= $2::date))::text AS new_gmv
  FROM orders o JOIN order_customers c ON c.brand_id = o.brand_id AND c.customer_id = o.customer_id
 WHERE o.brand_id = $1 AND o.day >= $2::date AND o.day <= $3::date${where.map((w) => ` AND ${w}`).join("")}`, params)).rows[0]!;
  const n = (v: string | null) => Number(v ?? 0);
  const gmvSatang = Math.round(n(row.gmv) * 100);
  return {
    gmv: n(row.gmv),
    nmv: n(row.nmv),
    orders: row.orders,
    customers: row.customers,
    newCustomers: row.new_customers,
    oldCustomers: row.customers - row.new_customers,
    newCustomerGmv: n(row.new_gmv),
    oldCustomerGmv: (gmvSatang - Math.round(n(row.new_gmv) * 100)) / 100,
    avgBasket: row.orders === 0 ? null : Math.round(gmvSatang / row.orders) / 100,
  };
}

describe("figures summed in memory equal SQL over the stored orders", () => {
  const cases: Array<{ label: string; days: number; channel?: CommerceRequest["channel"]; filter: CommerceFilter }> = [
    { label: "a year, All channel", days: 365, filter: {} },
    { label: "a quarter, Shopee", days: 91, channel: "Shopee", filter: {} },
    { label: "a month, two regions and Unknown", days: 30, filter: { locations: ["Bangkok and Vicinity", "Northern", "Unknown"] } },
    { label: "a month, NMV statuses and a basket band", days: 30, filter: { statuses: ["completed", "pending"], basketMin: 150.5, basketMax: 999.99 } },
    { label: "a quarter, Lazada in the filter on the Shopee channel (nothing)", days: 91, channel: "Shopee", filter: { platforms: ["Lazada"] } },
    { label: "a month, a product and cancelled orders", days: 30, filter: { products: ["Tipco น้ำส้มสายน้ำผึ้ง 100% 1000 มล."], statuses: ["cancelled", "returned"] } },
  ];
  it.each(cases)("$label", async ({ days, channel = "All channel", filter }) => {
    const end = await lastDay();
    const start = minusDays(end, days - 1);
    const service = new CommerceService(s.storage);
    const f = await service.figures(userId, { brand: "Tipco", start, end, channel, filter });
    expect(f.totals).toEqual(await sqlTotals(start, end, channel, filter));
    expect(f.previous.totals).toEqual(await sqlTotals(f.previous.start, f.previous.end, channel, filter));
    // The breakdowns add up to the totals.
    const sum = (list: ReadonlyArray<{ orders: number }>) => list.reduce((a, b) => a + b.orders, 0);
    for (const list of [f.series, f.byPlatform, f.byLocation, f.byStatus, f.basketSizes]) expect(sum(list)).toBe(f.totals.orders);
  });
});

describe("a write is seen by the next call", () => {
  it("sees an order written, changed and deleted by a statement of another process (no call of this server)", async () => {
    const end = await lastDay();
    const req: CommerceRequest = { brand: "Tipco", start: end, end, channel: "All channel", filter: {} };
    // Two services, as two servers on one database: each holds its own copy of the orders.
    const a = new CommerceService(s.storage);
    const b = new CommerceService(s.storage);
    const before = await a.figures(userId, req);
    await b.figures(userId, req);
    await s.storage.query(
      `INSERT INTO orders (brand_id, platform, order_id, customer_id, ordered_at, day, status, status_raw, location, province, basket)
       VALUES ($1, 'Shopee', 'cache-test-1', 'cache-test-buyer', $2::date + time '12:00', $2::date, 'completed', 'completed', 'Central', NULL, 1234.56)`,
      [tipco, end],
    );
    try {
      for (const service of [a, b]) {
        const after = await service.figures(userId, req);
        expect(after.totals.orders).toBe(before.totals.orders + 1);
        expect(Math.round((after.totals.gmv - before.totals.gmv) * 100)).toBe(123_456);
      }
      await s.storage.query("UPDATE orders SET status = 'cancelled' WHERE brand_id = $1 AND order_id = 'cache-test-1'", [tipco]);
      const cancelled = await a.figures(userId, req);
      expect(cancelled.totals.nmv).toBe(before.totals.nmv);
      expect(cancelled.byStatus.find((x) => x.key === "cancelled")!.orders).toBe((before.byStatus.find((x) => x.key === "cancelled")?.orders ?? 0) + 1);
    } finally {
      await s.storage.query("DELETE FROM orders WHERE brand_id = $1 AND order_id = 'cache-test-1'", [tipco]);
    }
    expect((await a.figures(userId, req)).totals).toEqual(before.totals);
  });

  it("counts a customer's first day written to order_customers alone", async () => {
    const end = await lastDay();
    const req: CommerceRequest = { brand: "Tipco", start: minusDays(end, 29), end, channel: "All channel", filter: {} };
    const service = new CommerceService(s.storage);
    const before = await service.figures(userId, req);
    // An old customer of the month, whose first day moves into the month: now new.
    const old = (await s.storage.query<{ id: string; first: string }>(
      `SELECT c.customer_id AS id, c.first_day::text AS first FROM order_customers c
        WHERE c.brand_id = $1 AND c.first_day < $2::date
          AND EXISTS (SELECT 1 FROM orders o WHERE o.brand_id = c.brand_id AND o.customer_id = c.customer_id AND o.day >= $2::date AND o.day <= $3::date)
        ORDER BY c.customer_id LIMIT 1`, [tipco, req.start, req.end],
    )).rows[0]!;
    await s.storage.query("UPDATE order_customers SET first_day = $3::date WHERE brand_id = $1 AND customer_id = $2", [tipco, old.id, req.start]);
    try {
      const after = await service.figures(userId, req);
      expect(after.totals.newCustomers).toBe(before.totals.newCustomers + 1);
    } finally {
      await s.storage.query("UPDATE order_customers SET first_day = $3::date WHERE brand_id = $1 AND customer_id = $2", [tipco, old.id, old.first]);
    }
    expect((await service.figures(userId, req)).totals).toEqual(before.totals);
  });
});

describe("a cache smaller than the brands' orders", () => {
  it("answers each brand rightly when it holds one brand at a time", async () => {
    const end = await lastDay();
    const brands = (await s.storage.query<{ name: string }>(
      `SELECT b.name FROM brands b JOIN user_brands ub ON ub.brand_id = b.id
        WHERE ub.user_id = $1 AND EXISTS (SELECT 1 FROM orders o WHERE o.brand_id = b.id) ORDER BY b.name LIMIT 2`, [userId],
    )).rows.map((r) => r.name);
    expect(brands).toHaveLength(2);
    const roomy = new CommerceService(s.storage);
    const tight = new CommerceService(s.storage, 1);
    for (const round of [0, 1]) {
      for (const brand of brands) {
        const req: CommerceRequest = { brand, start: minusDays(end, 89), end, channel: "All channel", filter: {} };
        expect(await tight.figures(userId, req), `${brand}, round ${round}`).toEqual(await roomy.figures(userId, req));
      }
    }
  });
});
