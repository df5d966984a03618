// Affiliate (issue 16): POST /user/affiliate-figures over hand-made conversions of a brand of its
// own (hand-computed sums and ratios, matched and unmatched orders, new and returning customers,
// the previous period, series, leaderboard, products, the narrowing by platform and affiliates,
// the e-commerce GMV share against /user/commerce-figures, access, 400s naming the field), and
// over the demo: its conversions are a share of the demo orders and its figures agree with the
// E-Commerce figures.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Schema } from "effect";
import { Api } from "../../domain/api";
import type { AffiliateFiguresAnswer } from "../../domain/affiliateContract";
import { startTestServer, type TestServer } from "../support/testServer";

let s: TestServer;
let token: string;

const BRAND = "Aff Shop";

/** [platform, order id, customer, day, basket, status] */
const ORDERS: Array<[string, string, string, string, number, string]> = [
  ["Shopee", "S-0", "alice", "2024-02-25", 100, "completed"],
  ["Shopee", "S-1", "alice", "2024-03-01", 500, "completed"],
  ["Shopee", "S-2", "bob", "2024-03-05", 300, "pending"],
  ["Lazada", "L-1", "bob", "2024-03-06", 250, "cancelled"],
  ["Shopee", "S-9", "carol", "2024-03-03", 1000, "completed"],
];
/** [platform, order id, line, affiliate, day, item, price, quantity, commission, status] */
const CONVERSIONS: Array<[string, string, number, string, string, string, number, number, number, string]> = [
  ["Shopee", "S-1", 1, "ploy.review", "2024-03-01", "Alpha", 200, 1, 20, "completed"],
  ["Shopee", "S-1", 2, "ploy.review", "2024-03-01", "Beta", 150, 2, 15, "completed"],
  ["Shopee", "S-2", 1, "nong.deal", "2024-03-05", "Alpha", 280, 1, 28, "pending"],
  ["Lazada", "L-1", 1, "ploy.review", "2024-03-06", "Gamma", 250, 1, 0, "cancelled"],
  ["Shopee", "X-1", 1, "nong.deal", "2024-03-08", "Alpha", 100, 3, 24, "completed"],
  ["Shopee", "X-1", 2, "nong.deal", "2024-03-08", "Beta", 50, 1, 5, "cancelled"],
  // The previous period (2024-02-20 .. 02-29), and after the range.
  ["Shopee", "P-9", 1, "ploy.review", "2024-02-25", "Alpha", 100, 1, 10, "completed"],
  ["Shopee", "Z-1", 1, "ploy.review", "2024-03-11", "Alpha", 999, 1, 99, "completed"],
];
/** [platform, affiliate, day, clicks] */
const CLICKS: Array<[string, string, string, number]> = [
  ["Shopee", "ploy.review", "2024-03-01", 100],
  ["Shopee", "nong.deal", "2024-03-05", 50],
  ["Shopee", "ploy.review", "2024-02-25", 40],
];

async function seedHandData(): Promise<void> {
  const brand = (await s.storage.query<{ id: number }>("INSERT INTO brands (name) VALUES ($1) RETURNING id", [BRAND])).rows[0]!.id;
  for (const [platform, id, customer, day, basket, status] of ORDERS) {
    await s.storage.query(
      "INSERT INTO orders (brand_id, platform, order_id, customer_id, ordered_at, day, status, basket) VALUES ($1, $2, $3, $4, ($5 || 'T12:00:00+07:00')::timestamptz, $5::date, $6, $7)",
      [brand, platform, id, customer, day, status, basket],
    );
  }
  await s.storage.query(
    "INSERT INTO order_customers (brand_id, customer_id, first_day) VALUES ($1, 'alice', '2024-02-25'), ($1, 'bob', '2024-03-05'), ($1, 'carol', '2024-03-03')", [brand],
  );
  for (const [platform, id, line, affiliate, day, item, price, quantity, commission, status] of CONVERSIONS) {
    await s.storage.query(
      `INSERT INTO affiliate_conversions (brand_id, platform, order_id, line, affiliate, ordered_at, day, item, price, quantity, commission, status, source)
       VALUES ($1, $2, $3, $4, $5, ($6 || 'T12:00:00+07:00')::timestamptz, $6::date, $7, $8, $9, $10, $11, 'csv')`,
      [brand, platform, id, line, affiliate, day, item, price, quantity, commission, status],
    );
  }
  for (const [platform, affiliate, day, clicks] of CLICKS) {
    await s.storage.query("INSERT INTO affiliate_clicks (brand_id, platform, affiliate, day, clicks) VALUES ($1, $2, $3, $4, $5)", [brand, platform, affiliate, day, clicks]);
  }
}

beforeAll(async () => {
  s = await startTestServer();
  await seedHandData();
  token = await s.addUser("affiliate@example.com", ["7", "8"], [BRAND, "Aura"]);
});
afterAll(() => s.close());

const decode = Schema.decodeUnknownSync(Api.affiliateFigures.response);
const request = (extra: Record<string, unknown> = {}) => ({ brand: BRAND, start: "2024-03-01", end: "2024-03-10", ...extra });

async function figures(body: Record<string, unknown>, tok = token): Promise<AffiliateFiguresAnswer> {
  const res = await s.call("POST", "/user/affiliate-figures", { token: tok, body });
  expect(res.status, res.text).toBe(200);
  return decode(res.json).data;
}

async function commerceGmv(brand: string, start: string, end: string, channel = "All channel"): Promise<number> {
  const res = await s.call("POST", "/user/commerce-figures", { token, body: { brand, start, end, channel, filter: {} } });
  expect(res.status, res.text).toBe(200);
  return (res.json as { data: { totals: { gmv: number } } }).data.totals.gmv;
}

describe("affiliate-figures over hand-made conversions", () => {
  it("counts each order once: GMV from the matched order's basket, else price × quantity; NMV and commission without cancelled", async () => {
    const f = await figures(request());
    // S-1 500 (basket), S-2 300 (basket, not its item's 280), L-1 250 (cancelled), X-1 350 (unmatched: 300 + 50).
    expect(f.totals).toEqual({
      clicks: 150, orders: 4, gmv: 1400, nmv: 1100, commission: 87,
      commissionRate: 87 / 1400, roi: (1400 - 87) / 87, conversionRate: 4 / 150,
      affiliates: 3, newCustomers: 1, returningCustomers: 1, unmatchedOrders: 1,
    });
  });

  it("compares with the period of equal length just before", async () => {
    const f = await figures(request());
    expect(f.previous).toEqual({
      clicks: 40, orders: 1, gmv: 100, nmv: 100, commission: 10, commissionRate: 0.1, roi: 9, conversionRate: 1 / 40,
      affiliates: 1, newCustomers: 0, returningCustomers: 0, unmatchedOrders: 1,
    });
  });

  it("gives the share of the brand's e-commerce GMV, which is /user/commerce-figures' GMV", async () => {
    const f = await figures(request());
    expect(f.commerceGmv).toBe(2050);
    expect(f.commerceGmv).toBe(await commerceGmv(BRAND, "2024-03-01", "2024-03-10"));
    expect(f.gmvShare).toBeCloseTo(1400 / 2050, 12);
    expect(f.previousCommerceGmv).toBe(await commerceGmv(BRAND, "2024-02-20", "2024-02-29"));
    expect(f.previousGmvShare).toBe(1);
    const shopee = await figures(request({ platform: "Shopee" }));
    expect(shopee.commerceGmv).toBe(await commerceGmv(BRAND, "2024-03-01", "2024-03-10", "Shopee"));
    expect(shopee.commerceGmv).toBe(1800);
    expect(shopee.gmvShare).toBeCloseTo(1150 / 1800, 12);
  });

  it("tells new from returning customers by their first order with the brand (a customer new in the range counts once, as new)", async () => {
    const lazada = await figures(request({ platform: "Lazada" }));
    // Bob's Lazada order is not his first (S-2 was): alone, he is returning there.
    expect(lazada.totals).toMatchObject({ orders: 1, newCustomers: 0, returningCustomers: 1, unmatchedOrders: 0, clicks: null, conversionRate: null });
  });

  it("ranks the affiliates by GMV (each of a platform), with their share of the range's affiliate GMV", async () => {
    const f = await figures(request());
    expect(f.byAffiliate.map((r) => [r.affiliate, r.platform, r.orders, r.gmv, r.commission, r.clicks])).toEqual([
      ["nong.deal", "Shopee", 2, 650, 52, 50],
      ["ploy.review", "Shopee", 1, 500, 35, 100],
      ["ploy.review", "Lazada", 1, 250, 0, null],
    ]);
    expect(f.byAffiliate[0]!.gmvShare).toBeCloseTo(650 / 1400, 12);
    expect(f.byAffiliate[2]).toMatchObject({ roi: null, commissionRate: 0, newCustomers: 0, returningCustomers: 1 });
    expect(f.others).toEqual({ affiliates: 0, orders: 0, gmv: 0, commission: 0 });
  });

  it("narrows every figure but the leaderboard to the affiliates asked for", async () => {
    const f = await figures(request({ affiliates: ["ploy.review"] }));
    expect(f.totals).toMatchObject({ orders: 2, gmv: 750, commission: 35, clicks: 100, affiliates: 2 });
    expect(f.previous).toMatchObject({ orders: 1, gmv: 100 });
    expect(f.byPlatform.map((p) => [p.platform, p.orders, p.gmv])).toEqual([["Shopee", 1, 500], ["Lazada", 1, 250]]);
    expect(f.byAffiliate).toHaveLength(3);
    expect(f.byProduct.map((p) => [p.product, p.orders, p.quantity, p.gmv, p.commission])).toEqual([["Beta", 1, 2, 300, 15], ["Gamma", 1, 1, 250, 0], ["Alpha", 1, 1, 200, 20]]);
    expect(f.gmvShare).toBeCloseTo(750 / 2050, 12);
  });

  it("lists the products by the GMV of their items (an order once per product; commission without cancelled items)", async () => {
    const f = await figures(request());
    expect(f.byProduct).toEqual([
      { product: "Alpha", orders: 3, quantity: 5, gmv: 780, commission: 72 },
      { product: "Beta", orders: 2, quantity: 3, gmv: 350, commission: 15 },
      { product: "Gamma", orders: 1, quantity: 1, gmv: 250, commission: 0 },
    ]);
  });

  it("sums by platform, and makes the series by day up to 92 days, by Monday week up to 366, else by month", async () => {
    const f = await figures(request());
    expect(f.byPlatform.map((p) => [p.platform, p.orders, p.gmv, p.nmv, p.commission, p.clicks])).toEqual([["Shopee", 3, 1150, 1100, 87, 150], ["Lazada", 1, 250, 0, 0, null]]);
    expect(f.unit).toBe("day");
    expect(f.series).toHaveLength(10);
    expect(f.series[0]).toMatchObject({ start: "2024-03-01", orders: 1, gmv: 500, clicks: 100, conversionRate: 0.01, returningCustomers: 1 });
    expect(f.series[1]).toMatchObject({ start: "2024-03-02", orders: 0, gmv: 0, clicks: null, roi: null, conversionRate: null });
    expect(f.series.reduce((t, p) => t + p.gmv, 0)).toBe(1400);
    const w = await figures(request({ end: "2024-06-08" }));
    expect(w.unit).toBe("week");
    expect(w.series.slice(0, 3).map((p) => [p.start, p.orders, p.gmv])).toEqual([["2024-03-01", 1, 500], ["2024-03-04", 3, 900], ["2024-03-11", 1, 999]]);
    const m = await figures(request({ start: "2024-02-15", end: "2025-03-20" }));
    expect(m.unit).toBe("month");
    expect(m.series.slice(0, 2).map((p) => [p.start, p.orders])).toEqual([["2024-02-15", 1], ["2024-03-01", 5]]);
  });

  it("is zeros and nulls over a range without conversions", async () => {
    const f = await figures(request({ start: "2023-01-01", end: "2023-01-31" }));
    expect(f.totals).toMatchObject({ orders: 0, gmv: 0, clicks: null, commissionRate: null, roi: null, conversionRate: null });
    expect(f.byAffiliate).toEqual([]);
    expect(f.byProduct).toEqual([]);
    expect(f.gmvShare).toBeNull();
  });

  it("sees a write at once (the brand's data is read again when its version moved)", async () => {
    await figures(request());
    await s.storage.query("UPDATE affiliate_conversions SET commission = 30 WHERE order_id = 'S-2'");
    expect((await figures(request())).totals.commission).toBe(89);
    await s.storage.query("UPDATE affiliate_conversions SET commission = 28 WHERE order_id = 'S-2'");
    expect((await figures(request())).totals.commission).toBe(87);
  });
});

describe("access and bad input", () => {
  it("refuses a brand that is not the user's (403 naming brand), and a user without permission 8", async () => {
    const other = await s.addUser("affiliate-other@example.com", ["8"], ["Tipco"]);
    const res = await s.call("POST", "/user/affiliate-figures", { token: other, body: request() });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ message: expect.stringContaining("brand") });
    const noPermission = await s.addUser("affiliate-noperm@example.com", ["7"], [BRAND]);
    expect((await s.call("POST", "/user/affiliate-figures", { token: noPermission, body: request() })).status).toBe(403);
  });

  it.each([
    [{ end: "2024-02-01" }, "end"],
    [{ start: "2024-02-30" }, "start"],
    [{ start: "2022-01-01", end: "2024-03-10" }, "end"],
    [{ platform: "TikTok" }, "platform"],
    [{ affiliates: [""] }, "affiliates"],
  ])("answers 400 naming the field for %j", async (extra, field) => {
    const res = await s.call("POST", "/user/affiliate-figures", { token, body: request(extra) });
    expect(res.status, res.text).toBe(400);
    expect((res.json as { message: string }).message).toContain(field);
  });
});

describe("the demo", () => {
  it("is a share of the demo orders (5–15 % of GMV), matched to them, agreeing with the E-Commerce figures", async () => {
    const f = await figures({ brand: "Aura", start: "2024-11-01", end: "2024-11-30" });
    expect(f.commerceGmv).toBe(await commerceGmv("Aura", "2024-11-01", "2024-11-30"));
    expect(f.gmvShare!).toBeGreaterThan(0.05);
    expect(f.gmvShare!).toBeLessThan(0.2);
    expect(f.totals.unmatchedOrders).toBe(0);
    expect(f.totals.affiliates).toBeGreaterThan(50);
    expect(f.totals.conversionRate!).toBeGreaterThan(0.01);
    expect(f.totals.conversionRate!).toBeLessThan(0.05);
    expect(f.totals.newCustomers + f.totals.returningCustomers).toBeGreaterThan(0);
    // A long tail with a few big ones: the biggest affiliate brings five times the median one's GMV and more.
    const gmv = f.byAffiliate.map((r) => r.gmv);
    expect(gmv[0]!).toBeGreaterThan(5 * gmv[Math.floor(gmv.length / 2)]!);
    expect(f.others.affiliates).toBeGreaterThan(0);
    // The items are the orders' items: the products are the brand's.
    expect(f.byProduct[0]!.product).toMatch(/^Aura /);
  });
});
