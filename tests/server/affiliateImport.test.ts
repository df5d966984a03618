// Affiliate import (issue 16, docs/affiliate-import.md): POST /user/import-affiliate with a Shopee
// Affiliate report (English and Thai headers), a Lazada affiliate report and the documented CSV;
// all or nothing with every bad row and its line; the same file twice changes nothing; the demo's
// conversions of the brand and platform give way to the real ones; what the figures then show.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Schema } from "effect";
import { Api } from "../../domain/api";
import { ImportAffiliateRefusal, type ImportAffiliateResult } from "../../domain/affiliateContract";
import { startTestServer, type TestServer } from "../support/testServer";

let s: TestServer;
let token: string;

const fixture = (name: string) => readFileSync(new URL(`../fixtures/affiliate/${name}`, import.meta.url));

beforeAll(async () => {
  s = await startTestServer();
  token = await s.addUser("affiliate-import@example.com", ["8"], ["Tipco", "Aura"]);
});
afterAll(() => s.close());

async function upload(bytes: Uint8Array | string, brand: string, name = "report.csv", tok = token) {
  const form = new FormData();
  form.append("file", new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)]), name);
  form.append("brand", brand);
  return s.call("POST", "/user/import-affiliate", { token: tok, rawBody: form });
}

async function imported(bytes: Uint8Array | string, brand: string): Promise<ImportAffiliateResult> {
  const res = await upload(bytes, brand);
  expect(res.status, res.text).toBe(200);
  return Schema.decodeUnknownSync(Api.importAffiliate.response)(res.json).data;
}

const count = (sql: string, params: unknown[] = []) => s.count(sql, params);
const brandId = async (name: string) => (await s.storage.query<{ id: number }>("SELECT id FROM brands WHERE name = $1", [name])).rows[0]!.id;

describe("import-affiliate", () => {
  it("imports a Shopee Affiliate report (English headers) for Aura, replacing the demo's Shopee conversions, and is unchanged the second time", async () => {
    const aura = await brandId("Aura");
    const demoShopee = await count("SELECT count(*) AS n FROM affiliate_conversions WHERE brand_id = $1 AND platform = 'Shopee' AND demo", [aura]);
    const demoLazada = await count("SELECT count(*) AS n FROM affiliate_conversions WHERE brand_id = $1 AND platform = 'Lazada' AND demo", [aura]);
    expect(demoShopee).toBeGreaterThan(0);
    const r = await imported(fixture("shopee-affiliate.csv"), "Aura");
    expect(r).toMatchObject({
      format: "shopee-affiliate", encoding: "utf-8", brand: "Aura", rows: 6, orders: 5, matched: 0,
      inserted: 6, updated: 0, unchanged: 0, demoRemoved: demoShopee, first: "2026-11-02", last: "2026-11-18", notes: [],
    });
    expect(await count("SELECT count(*) AS n FROM affiliate_conversions WHERE brand_id = $1 AND platform = 'Shopee' AND demo", [aura])).toBe(0);
    expect(await count("SELECT count(*) AS n FROM affiliate_clicks WHERE brand_id = $1 AND platform = 'Shopee' AND demo", [aura])).toBe(0);
    expect(await count("SELECT count(*) AS n FROM affiliate_conversions WHERE brand_id = $1 AND platform = 'Lazada' AND demo", [aura])).toBe(demoLazada);
    const row = (await s.storage.query<{ status: string; status_raw: string; commission: string; commission_rate: string; sub_id: string | null; line: number }>(
      "SELECT status, status_raw, commission::text, commission_rate::text, sub_id, line FROM affiliate_conversions WHERE brand_id = $1 AND order_id = '251102AFFTEST01' ORDER BY line", [aura],
    )).rows;
    expect(row).toEqual([
      { status: "completed", status_raw: "Completed", commission: "71.20", commission_rate: "0.080000", sub_id: "tiktok_review", line: 1 },
      { status: "completed", status_raw: "Completed", commission: "62.40", commission_rate: "0.080000", sub_id: "tiktok_review", line: 2 },
    ]);

    const again = await imported(fixture("shopee-affiliate.csv"), "Aura");
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 6, demoRemoved: 0 });

    // The figures of the imported affiliate (the page's e2e test reads these).
    const res = await s.call("POST", "/user/affiliate-figures", { token, body: { brand: "Aura", start: "2026-11-01", end: "2026-11-20", affiliates: ["import_test_affiliate"] } });
    expect(res.status, res.text).toBe(200);
    const f = (res.json as { data: { totals: Record<string, unknown>; byAffiliate: Array<{ affiliate: string }> } }).data;
    expect(f.totals).toMatchObject({ orders: 4, gmv: 3628, nmv: 2638, commission: 211.04, unmatchedOrders: 4, clicks: null });
    expect(f.byAffiliate.map((a) => a.affiliate)).toContain("import_test_affiliate");
    // The demo writes no Shopee conversions for Aura any more (its top-up runs with the orders').
  });

  it("reads Thai headers (Shopee), day-first dates and the Thai status words", async () => {
    const r = await imported(fixture("shopee-affiliate-th.csv"), "Tipco");
    expect(r).toMatchObject({ format: "shopee-affiliate", rows: 4, orders: 3, inserted: 4, first: "2024-03-05", last: "2024-03-08" });
    const rows = (await s.storage.query<{ order_id: string; status: string; affiliate: string; ordered_at: Date }>(
      "SELECT order_id, status, affiliate, ordered_at FROM affiliate_conversions WHERE order_id LIKE '2403%THTEST%' ORDER BY order_id, line",
    )).rows;
    expect(rows.map((x) => [x.order_id, x.status, x.affiliate])).toEqual([
      ["240305THTEST01", "completed", "kinkhao.diary"], ["240305THTEST01", "completed", "kinkhao.diary"],
      ["240307THTEST02", "pending", "แม่บ้านรีวิว"], ["240308THTEST03", "cancelled", "kinkhao.diary"],
    ]);
    expect(rows[2]!.ordered_at.toISOString()).toBe("2024-03-07T02:05:00.000Z");
  });

  it("reads a Lazada affiliate report (Returned is cancelled) and the documented CSV", async () => {
    const lazada = await imported(fixture("lazada-affiliate.csv"), "Tipco");
    expect(lazada).toMatchObject({ format: "lazada-affiliate", rows: 3, orders: 3, inserted: 3 });
    expect(lazada.demoRemoved).toBeGreaterThan(0);
    const statuses = (await s.storage.query<{ status: string; affiliate: string; sub_id: string | null }>(
      "SELECT status, affiliate, sub_id FROM affiliate_conversions WHERE order_id LIKE '70123450000000%' ORDER BY order_id",
    )).rows;
    expect(statuses).toEqual([
      { status: "completed", affiliate: "mm_12345678", sub_id: "tiktok_bio" }, { status: "pending", affiliate: "mm_87654321", sub_id: null },
      { status: "cancelled", affiliate: "mm_12345678", sub_id: "tiktok_bio" },
    ]);
    const doc = await imported(fixture("documented.csv"), "Tipco");
    expect(doc).toMatchObject({ format: "csv", rows: 4, orders: 3, inserted: 4, first: "2024-03-02", last: "2024-03-04" });
    const price = (await s.storage.query<{ price: string; commission_rate: string | null }>(
      "SELECT price::text, commission_rate::text FROM affiliate_conversions WHERE order_id = 'DOC-2001'",
    )).rows[0]!;
    expect(price).toEqual({ price: "45.00", commission_rate: "0.030000" });
  });

  it("updates a changed row and says so", async () => {
    const text = fixture("documented.csv").toString("utf8").replace("juice.lover.bkk,,,2024-03-04 12:00,Tipco น้ำองุ่นแดง 100% 1000 มล.,99,1,,2.97,cancelled", "juice.lover.bkk,,,2024-03-04 12:00,Tipco น้ำองุ่นแดง 100% 1000 มล.,99,1,,2.97,completed");
    const r = await imported(text, "Tipco");
    expect(r).toMatchObject({ inserted: 0, updated: 1, unchanged: 3 });
    expect(await count("SELECT count(*) AS n FROM affiliate_conversions WHERE order_id = 'DOC-1002' AND status = 'completed'")).toBe(1);
  });

  it("refuses a file with bad rows, naming each with its line, and writes nothing", async () => {
    const before = await count("SELECT count(*) AS n FROM affiliate_conversions");
    const res = await upload(fixture("documented-bad.csv"), "Tipco");
    expect(res.status, res.text).toBe(400);
    const body = Schema.decodeUnknownSync(ImportAffiliateRefusal)(res.json);
    expect(body.message).toContain("4 rows cannot be imported");
    expect(body.rows.map((r) => r.line)).toEqual([3, 4, 5, 6]);
    expect(body.rows[0]!.reason).toContain("platform");
    expect(body.rows[1]!.reason).toContain("affiliate: is empty");
    expect(body.rows[2]!.reason).toMatch(/ordered_at: .*not an existing date/);
    expect(body.rows[2]!.reason).toContain("quantity");
    expect(body.rows[3]!.reason).toContain("price");
    expect(body.rows[3]!.reason).toContain("status");
    expect(await count("SELECT count(*) AS n FROM affiliate_conversions")).toBe(before);
  });

  it("refuses what is not an affiliate report, and a brand that is not the user's", async () => {
    const notReport = await upload("order_id,platform,customer_id\n1,Shopee,x\n", "Tipco");
    expect(notReport.status).toBe(400);
    expect((notReport.json as { message: string }).message).toContain("not a recognised affiliate report");
    const binary = await upload(new Uint8Array([0, 1, 2, 3, 0, 0, 7]), "Tipco", "report.csv");
    expect(binary.status).toBe(400);
    const other = await upload(fixture("documented.csv"), "Aura Move");
    expect(other.status).toBe(403);
    expect((other.json as { message: string }).message).toContain("brand");
  });
});
