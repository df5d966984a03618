// Every item belongs to an order (migration 010: statement-level checks in place of the foreign
// key, so that a large import checks its items with one anti-join), on both storages.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/testServer";

let s: TestServer;
let brandId: number;
beforeAll(async () => {
  s = await startTestServer();
  brandId = (await s.storage.query<{ id: number }>("INSERT INTO brands (name) VALUES ('Integrity Brand') RETURNING id")).rows[0]!.id;
});
afterAll(() => s.close());

const count = async (sql: string, params: unknown[]) => (await s.storage.query<{ n: number }>(sql, params)).rows[0]!.n;
/** The database's error for a statement expected to be refused (null when it was not). */
const refusedWith = (sql: string, params: unknown[]) =>
  s.storage.query(sql, params).then(() => null, (e: unknown) => e as { code?: string; message: string });
const items = () => count("SELECT count(*)::int AS n FROM order_items WHERE brand_id = $1", [brandId]);

async function addOrder(id: string, lines: number) {
  await s.storage.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO orders (brand_id, platform, order_id, customer_id, ordered_at, day, status, basket)
       VALUES ($1, 'Shopee', $2, 'cust', '2024-05-01T10:00:00+07:00', '2024-05-01', 'completed', $3)`,
      [brandId, id, lines * 10],
    );
    await tx.query(
      `INSERT INTO order_items (brand_id, platform, order_id, line, product, quantity, price)
       SELECT $1, 'Shopee', $2, g, 'Product ' || g, 1, 10 FROM generate_series(1, $3::int) g`,
      [brandId, id, lines],
    );
  });
}

describe("order items and their orders", () => {
  it("refuses items of an order that does not exist, naming it, and writes none of the statement's items", async () => {
    await addOrder("A1", 1);
    const before = await items();
    const err = await refusedWith(
      `INSERT INTO order_items (brand_id, platform, order_id, line, product, quantity, price)
       VALUES ($1, 'Shopee', 'A1', 2, 'Fine', 1, 5), ($1, 'Shopee', 'NO-SUCH-ORDER', 1, 'Orphan', 1, 5)`,
      [brandId],
    );
    expect(err?.code).toBe("23503");
    expect(err?.message).toContain("NO-SUCH-ORDER");
    expect(await items()).toBe(before);
  });

  it("refuses moving items to an order that does not exist", async () => {
    await addOrder("B1", 2);
    const err = await refusedWith("UPDATE order_items SET order_id = 'B-MISSING' WHERE brand_id = $1 AND order_id = 'B1'", [brandId]);
    expect(err?.code).toBe("23503");
    expect(await count("SELECT count(*)::int AS n FROM order_items WHERE brand_id = $1 AND order_id = 'B1'", [brandId])).toBe(2);
  });

  it("refuses changing the key of an order that has items, and allows it for one without", async () => {
    await addOrder("C1", 1);
    const err = await refusedWith("UPDATE orders SET order_id = 'C2' WHERE brand_id = $1 AND order_id = 'C1'", [brandId]);
    expect(err?.code).toBe("23503");
    await addOrder("D1", 0);
    await s.storage.query("UPDATE orders SET order_id = 'D2' WHERE brand_id = $1 AND order_id = 'D1'", [brandId]);
    expect(await count("SELECT count(*)::int AS n FROM orders WHERE brand_id = $1 AND order_id = 'D2'", [brandId])).toBe(1);
  });

  it("deletes an order's items with the order, and keeps the daily product sums in step", async () => {
    await addOrder("E1", 3);
    const sum = () => count(
      "SELECT coalesce(sum(orders), 0)::int AS n FROM order_product_days WHERE brand_id = $1 AND product = 'Product 3'", [brandId],
    );
    const before = await sum();
    await s.storage.query("DELETE FROM orders WHERE brand_id = $1 AND order_id = 'E1'", [brandId]);
    expect(await count("SELECT count(*)::int AS n FROM order_items WHERE brand_id = $1 AND order_id = 'E1'", [brandId])).toBe(0);
    expect(await sum()).toBe(before - 1);
  });

  it("deletes every order and item of a deleted brand", async () => {
    const other = (await s.storage.query<{ id: number }>("INSERT INTO brands (name) VALUES ('Doomed Brand') RETURNING id")).rows[0]!.id;
    const keep = brandId;
    brandId = other;
    try {
      await addOrder("F1", 2);
      expect(await items()).toBe(2);
      await s.storage.query("DELETE FROM brands WHERE id = $1", [other]);
      expect(await items()).toBe(0);
    } finally {
      brandId = keep;
    }
  });
});
