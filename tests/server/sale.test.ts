// Sale (issue 17): POST /user/sale-summary over hand-made orders and o2o rollups of brands of
// their own (totals, units, channels, every day of the range, views only where a campaign was
// measured and by Bangkok day, the correlation over the days with both, the previous period), the
// same totals as /user/commerce-figures, and over the demo (Tipco's campaigns run every day; Aura's
// start on 2024-06-01), access (permission 7, the brand's users only) and 400s naming the field.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Schema } from "effect";
import { Api } from "../../domain/api";
import { pearson } from "../../domain/sale";
import type { SaleSummary } from "../../domain/saleContract";
import { startTestServer, type TestServer } from "../support/testServer";

let s: TestServer;
let token: string;
let demoToken: string;

const SHOP = "Sale Shop";
/** A brand with orders and no o2o campaign. */
const ONLINE = "Online Only";
const CAMPAIGN = 9001;

/** [platform, order id, customer, day, status, quantity, price] (one item line each). */
type Row = [string, string, string, string, string, number, number];
const ORDERS: Row[] = [
  // The previous period of 2024-03-01 … 03-10: 2024-02-20 … 02-29.
  ["Shopee", "P1", "c1", "2024-02-25", "completed", 1, 100],
  ["Lazada", "P2", "c2", "2024-02-26", "completed", 2, 40],
  // The range.
  ["Shopee", "S1", "c1", "2024-03-01", "completed", 2, 50],
  ["Shopee", "S2", "c2", "2024-03-02", "completed", 3, 40],
  ["Shopee", "S3", "c3", "2024-03-03", "pending", 1, 90],
  ["Shopee", "S4", "c1", "2024-03-04", "completed", 3, 50],
  ["Lazada", "L4", "c4", "2024-03-04", "cancelled", 1, 50],
  ["Lazada", "L5", "c2", "2024-03-05", "completed", 1, 150],
  ["Shopee", "S6", "c5", "2024-03-06", "completed", 2, 150],
  ["Lazada", "L7", "c3", "2024-03-07", "returned", 5, 50],
  ["Shopee", "S8", "c1", "2024-03-08", "completed", 1, 180],
  // Orders, but no campaign measured that day.
  ["Shopee", "S9", "c6", "2024-03-09", "completed", 4, 125],
];
/** Daily GMV of 03-01 … 03-09 (03-10: none). */
const GMV = [100, 120, 90, 200, 150, 300, 250, 180, 500];
/** Views of the campaign on 03-01 … 03-08 (Bangkok days), and 3 days of the previous period. */
const VIEWS = [10, 12, 8, 25, 15, 33, 27, 20];
const PREVIOUS_VIEWS: Array<[string, number]> = [["2024-02-24", 5], ["2024-02-25", 9], ["2024-02-26", 4]];

const midnight = (day: string) => Date.parse(`${day}T00:00:00+07:00`) / 1000;

async function insertOrders(brandId: number, rows: readonly Row[]): Promise<void> {
  for (const [platform, id, customer, day, status, quantity, price] of rows) {
    await s.storage.query(
      `INSERT INTO orders (brand_id, platform, order_id, customer_id, ordered_at, day, status, status_raw, basket)
       VALUES ($1, $2, $3, $4, ($5 || 'T12:00:00+07:00')::timestamptz, $5::date, $6, $6, $7)`,
      [brandId, platform, id, customer, day, status, quantity * price],
    );
    await s.storage.query(
      "INSERT INTO order_items (brand_id, platform, order_id, line, product, quantity, price) VALUES ($1, $2, $3, 1, 'Item', $4, $5)",
      [brandId, platform, id, quantity, price],
    );
    await s.storage.query(
      `INSERT INTO order_customers AS c (brand_id, customer_id, first_day) VALUES ($1, $2, $3::date)
       ON CONFLICT (brand_id, customer_id) DO UPDATE SET first_day = least(c.first_day, EXCLUDED.first_day)`,
      [brandId, customer, day],
    );
  }
}

/** One rollup row of the hand campaign at `hour` (unix seconds) with `views` viewers. */
async function insertViews(hour: number, views: number, sex = 0): Promise<void> {
  await s.storage.query(
    `INSERT INTO o2o_hourly (campaign_id, hour, content_id, sex, age_band, shows, views, leads, bounced, attention_sum, dwell_sum,
       dwell_0_5, dwell_5_15, dwell_15_30, dwell_30_60, dwell_60_plus, emo_neutral, emo_happy, emo_surprised, emo_sad, emo_angry)
     VALUES ($1, $2, 900101, $4, 2, $3 * 2, $3, 0, 0, 0, 0, $3 * 2, 0, 0, 0, 0, $3, 0, 0, 0, 0)`,
    [CAMPAIGN, hour, views, sex],
  );
}

const decode = Schema.decodeUnknownSync(Api.saleSummary.response);
const request = (over: Record<string, unknown> = {}) => ({ brand: SHOP, start: "2024-03-01", end: "2024-03-10", ...over });

async function summary(body: Record<string, unknown>, tok = token): Promise<SaleSummary> {
  const res = await s.call("POST", "/user/sale-summary", { token: tok, body });
  expect(res.status, res.text).toBe(200);
  return decode(res.json).data;
}

async function commerceTotals(brand: string, start: string, end: string, tok = token) {
  const res = await s.call("POST", "/user/commerce-figures", { token: tok, body: { brand, start, end, channel: "All channel", filter: {} } });
  expect(res.status, res.text).toBe(200);
  return (res.json.data as { totals: { gmv: number; nmv: number; orders: number; customers: number }; previous: { totals: { gmv: number; nmv: number; orders: number; customers: number } } });
}

beforeAll(async () => {
  s = await startTestServer();
  const shop = (await s.storage.query<{ id: number }>("INSERT INTO brands (name) VALUES ($1) RETURNING id", [SHOP])).rows[0]!.id;
  const online = (await s.storage.query<{ id: number }>("INSERT INTO brands (name) VALUES ($1) RETURNING id", [ONLINE])).rows[0]!.id;
  await insertOrders(shop, ORDERS);
  await insertOrders(online, ORDERS);
  await s.storage.query("INSERT INTO o2o_campaigns (id, name, screens) VALUES ($1, 'Shop Window', 2)", [CAMPAIGN]);
  await s.storage.query("INSERT INTO brand_o2o_campaigns (brand_id, campaign_id) VALUES ($1, $2)", [shop, CAMPAIGN]);
  for (const [i, v] of VIEWS.entries()) {
    const day = `2024-03-0${i + 1}`;
    // Split over two hours of the Bangkok day: its first (17:00 UTC the day before) and its last.
    await insertViews(midnight(day), v - 1);
    await insertViews(midnight(day) + 23 * 3600, 1);
  }
  for (const [day, v] of PREVIOUS_VIEWS) await insertViews(midnight(day) + 12 * 3600, v);
  token = await s.addUser("sale@example.com", ["7"], [SHOP, ONLINE]);
  demoToken = (await s.login()).access_token;
});
afterAll(() => s.close());

describe("a brand's sales over a range", () => {
  it("totals: GMV, NMV, orders, units and buyers of the range and of the previous period", async () => {
    const a = await summary(request());
    expect(a).toMatchObject({ start: "2024-03-01", end: "2024-03-10", previousStart: "2024-02-20", previousEnd: "2024-02-29" });
    // GMV: every order; NMV: without L4 (cancelled, 50) and L7 (returned, 250).
    expect(a.totals).toEqual({ gmv: 1890, nmv: 1590, orders: 10, units: 23, buyers: 6 });
    expect(a.previous).toEqual({ gmv: 180, nmv: 180, orders: 2, units: 3, buyers: 2 });
  });

  it("has the same GMV, NMV, orders and buyers as the E-Commerce figures, for the range and the previous period", async () => {
    const a = await summary(request());
    const c = (await commerceTotals(SHOP, "2024-03-01", "2024-03-10"))!;
    expect(a.totals).toMatchObject({ gmv: c.totals.gmv, nmv: c.totals.nmv, orders: c.totals.orders, buyers: c.totals.customers });
    expect(a.previous).toMatchObject({ gmv: c.previous.totals.gmv, nmv: c.previous.totals.nmv, orders: c.previous.totals.orders, buyers: c.previous.totals.customers });
  });

  it("channels: each platform's GMV, NMV and orders, with its previous GMV and orders, by GMV", async () => {
    const a = await summary(request());
    expect(a.channels).toEqual([
      { channel: "Shopee", gmv: 1440, nmv: 1440, orders: 7, previousGmv: 100, previousOrders: 1 },
      { channel: "Lazada", gmv: 450, nmv: 150, orders: 3, previousGmv: 80, previousOrders: 1 },
    ]);
  });

  it("days: every day of the range with its GMV and orders, and views only on the days the campaign was measured, by Bangkok day", async () => {
    const a = await summary(request());
    expect(a.days.map((d) => d.day)).toEqual(["01", "02", "03", "04", "05", "06", "07", "08", "09", "10"].map((d) => `2024-03-${d}`));
    expect(a.days.map((d) => d.gmv)).toEqual([...GMV, 0]);
    expect(a.days.map((d) => d.orders)).toEqual([1, 1, 1, 2, 1, 1, 1, 1, 1, 0]);
    expect(a.days.map((d) => d.views)).toEqual([...VIEWS, null, null]);
  });

  it("correlates the days with both views and orders (03-01 … 03-08), names the campaign, and has no previous r with 3 such days", async () => {
    const a = await summary(request());
    expect(a.o2o.campaigns).toEqual([{ id: CAMPAIGN, name: "Shop Window" }]);
    expect(a.o2o.days).toBe(8);
    expect(a.o2o.correlation).toBeCloseTo(pearson(VIEWS, GMV.slice(0, 8))!, 12);
    expect(a.o2o.correlation).toBeGreaterThan(0.5);
    expect(a.o2o.previousCorrelation).toBeNull();
  });

  it("has no correlation under 7 days with both (03-01 … 03-06)", async () => {
    const a = await summary(request({ end: "2024-03-06" }));
    expect(a.o2o.days).toBe(6);
    expect(a.o2o.correlation).toBeNull();
  });

  it("lists no campaign, views null every day and no correlation for a brand without o2o campaigns", async () => {
    const a = await summary(request({ brand: ONLINE }));
    expect(a.totals.gmv).toBe(1890);
    expect(a.o2o).toEqual({ campaigns: [], days: 0, correlation: null, previousCorrelation: null });
    expect(a.days.every((d) => d.views === null)).toBe(true);
  });

  it("answers zeros, no channel and every day for a range without orders", async () => {
    const a = await summary(request({ start: "2020-01-01", end: "2020-01-31" }));
    expect(a.totals).toEqual({ gmv: 0, nmv: 0, orders: 0, units: 0, buyers: 0 });
    expect(a.channels).toEqual([]);
    expect(a.days).toHaveLength(31);
    expect(a.o2o.campaigns).toEqual([]);
  });
});

describe("over the demo", () => {
  it("Tipco over a quarter: the E-Commerce totals, every day with views and orders, and a correlation (this and the previous quarter)", async () => {
    const range = { brand: "Tipco", start: "2025-01-01", end: "2025-03-31" };
    const a = await summary(range, demoToken);
    const c = (await commerceTotals("Tipco", range.start, range.end, demoToken))!;
    expect(a.totals).toMatchObject({ gmv: c.totals.gmv, nmv: c.totals.nmv, orders: c.totals.orders, buyers: c.totals.customers });
    expect(a.previous).toMatchObject({ gmv: c.previous.totals.gmv, orders: c.previous.totals.orders });
    expect(a.totals.units).toBeGreaterThanOrEqual(a.totals.orders);
    // The daily GMV adds up to the total, and the channels too.
    expect(a.days).toHaveLength(90);
    expect(a.days.reduce((x, d) => x + d.gmv, 0)).toBeCloseTo(a.totals.gmv, 2);
    expect(a.channels.reduce((x, ch) => x + ch.gmv, 0)).toBeCloseTo(a.totals.gmv, 2);
    expect(a.o2o.campaigns.map((x) => x.name)).toContain("Tipco Fresh Mornings");
    expect(a.o2o.days).toBe(90);
    expect(a.o2o.correlation).not.toBeNull();
    expect(Math.abs(a.o2o.correlation!)).toBeLessThanOrEqual(1);
    expect(a.o2o.previousCorrelation).not.toBeNull();
  });

  it("Tipco's views of a day are the views of its campaigns' rollups in that Bangkok day", async () => {
    const a = await summary({ brand: "Tipco", start: "2025-02-01", end: "2025-02-10" }, demoToken);
    const rows = (await s.storage.query<{ day: string; views: number }>(`
SELECT to_char(to_timestamp(h.hour) AT TIME ZONE 'Asia/Bangkok', 'YYYY-MM-DD') AS day, sum(h.views)::float8 AS views
  FROM o2o_hourly h JOIN brand_o2o_campaigns bc ON bc.campaign_id = h.campaign_id JOIN brands b ON b.id = bc.brand_id
 WHERE b.name = 'Tipco' AND h.hour >= $1 AND h.hour < $2 GROUP BY 1 ORDER BY 1`, [midnight("2025-02-01"), midnight("2025-02-11")])).rows;
    expect(a.days.map((d) => d.views)).toEqual(rows.map((r) => r.views));
  });

  it("Aura: views only from 2024-06-01, when its first campaign went on air", async () => {
    const a = await summary({ brand: "Aura", start: "2024-05-25", end: "2024-06-05" }, demoToken);
    const may = a.days.filter((d) => d.day < "2024-06-01");
    const june = a.days.filter((d) => d.day >= "2024-06-01");
    expect(may.every((d) => d.views === null)).toBe(true);
    expect(june.every((d) => d.views !== null && d.views > 0)).toBe(true);
    expect(a.o2o.campaigns.map((x) => x.name)).toEqual(["Aura Glow Serum"]);
    expect(a.o2o.days).toBeLessThanOrEqual(5);
    expect(a.o2o.correlation).toBeNull();
  });
});

describe("access and input", () => {
  it("answers 403 without permission 7", async () => {
    const crm = await s.addUser("crm-no-sale@example.com", ["8"], [SHOP]);
    const res = await s.call("POST", "/user/sale-summary", { token: crm, body: request() });
    expect(res.status).toBe(403);
    expect(res.json.message).toMatch(/permission 7/);
  });

  it("answers 401 without a token", async () => {
    expect((await s.call("POST", "/user/sale-summary", { body: request() })).status).toBe(401);
  });

  it("answers 403 naming brand for a brand that is not the user's, or does not exist", async () => {
    for (const [tok, brand] of [[token, "Tipco"], [demoToken, SHOP], [token, "No Such Brand"]] as const) {
      const res = await s.call("POST", "/user/sale-summary", { token: tok, body: request({ brand }) });
      expect(res.status, brand).toBe(403);
      expect(res.json.message).toMatch(/^brand: /);
    }
  });

  it.each([
    ["end", { end: "2024-02-29" }],
    ["end", { start: "2022-01-01", end: "2024-01-03" }],
    ["start", { start: "2024-02-30" }],
    ["end", { end: "10/03/2024" }],
    ["brand", { brand: "" }],
    ["brand", { brand: undefined }],
    ["start", { start: 20240301 }],
  ])("answers 400 naming %s for %j", async (field, over) => {
    const body: Record<string, unknown> = request(over);
    for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
    const res = await s.call("POST", "/user/sale-summary", { token, body });
    expect(res.status, res.text).toBe(400);
    expect(res.json.message).toMatch(new RegExp(`^${field}: `));
  });

  it("accepts the longest range (732 days)", async () => {
    const a = await summary(request({ start: "2022-03-10", end: "2024-03-10" }));
    expect(a.days).toHaveLength(732);
    expect(a.totals.gmv).toBe(1890 + 180);
  });
});
