// Large imports on the embedded database (issue 13, item 4): the new orders are written into
// tables of their own, which one short transaction makes children of the real tables, and which a
// background merge empties into them afterwards (server/services/importTables.ts, migration 012).
// Readers see all of an import from its commit on, exactly once, before, during and after the
// merge; the daily product rows and the customers' first days stay right; an import cut off before
// its commit leaves nothing behind; a brand deleted before the merge leaves nothing behind.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Storage } from "../../server/storage/storage";
import { dropUnattachedImportTables, importChildrenLeft, importTableNames, mergeImportTables } from "../../server/services/importTables";
import { OrdersImportService } from "../../server/services/ordersImport";
import { startTestServer, type TestServer } from "../support/testServer";

const embedded = inject("storage") === "pglite";

let s: TestServer;
let brandId: number;
const BRAND = "Import Tables Shop";

beforeAll(async () => {
  s = await startTestServer();
  brandId = (await s.storage.query<{ id: number }>("INSERT INTO brands (name) VALUES ($1) RETURNING id", [BRAND])).rows[0]!.id;
});
afterAll(() => s.close());

const HEADER = "order_id,platform,customer_id,ordered_at,status,product,sku,quantity,price,province,region\n";

/** `n` orders from `first`: one or two lines each, a few products, customers ordering more than once. */
function ordersCsv(first: number, n: number, status = (i: number) => (i % 7 === 0 ? "cancelled" : "completed")): Uint8Array {
  let text = HEADER;
  for (let i = first; i < first + n; i++) {
    const day = `2025-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, "0")} 1${i % 10}:00`;
    const line = (product: string, q: number, price: string) => `IT-${i},Shopee,buyer-${i % 37},${day},${status(i)},${product},,${q},${price},Bangkok,\n`;
    text += line(`Product ${i % 5}`, 1 + (i % 3), `${10 + (i % 11)}.50`);
    if (i % 2 === 0) text += line(`Product ${(i + 1) % 5}`, 1, "99.25");
  }
  return new TextEncoder().encode(text);
}

/** What readers see of the brand: orders, items, GMV, and the daily product rows against the items they sum. */
async function seen(db: Storage = s.storage) {
  const row = (await db.query<{ orders: number; items: number; gmv: string; product_days_off: number }>(`
SELECT (SELECT count(*) FROM orders WHERE brand_id = $1)::int AS orders,
       (SELECT count(*) FROM order_items WHERE brand_id = $1)::int AS items,
       (SELECT coalesce(sum(basket), 0)::text FROM orders WHERE brand_id = $1) AS gmv,
       (SELECT count(*) FROM (
          SELECT day, platform, status, product, sum(quantity) AS quantity, sum(quantity * price) AS amount,
                 count(*) FILTER (WHERE product_repeat IS NOT TRUE) AS orders
            FROM order_items WHERE brand_id = $1 GROUP BY 1, 2, 3, 4
          EXCEPT
          SELECT day, platform, status, product, quantity, amount, orders FROM order_product_days WHERE brand_id = $1 AND orders > 0
        ) x)::int AS product_days_off`, [brandId])).rows[0]!;
  return row;
}

/** An import service that attaches tables of its own from one new order (the server: from ATTACH_FROM), and whose merge waits until the test runs it. */
function withoutMerge(): OrdersImportService {
  const service = new OrdersImportService(s.storage, undefined, undefined, undefined, 1);
  service.mergeInBackground = () => Promise.resolve();
  return service;
}

describe.runIf(embedded)("on the embedded database", () => {
  it("shows all of an import from its commit on, in tables of its own, then the same once merged in batches", async () => {
    const service = withoutMerge();
    const version = async () => (await s.storage.query<{ v: string }>("SELECT version::text AS v FROM orders_versions WHERE brand_id = $1", [brandId])).rows[0]?.v;
    const r = await service.importFile(ordersCsv(1, 300), { brand: BRAND });
    expect(r).toMatchObject({ inserted: 300, updated: 0 });
    const after = await seen();
    expect(after).toMatchObject({ orders: 300, items: 450, product_days_off: 0 });
    expect(await importChildrenLeft(s.storage)).toBe(2);
    // Not yet in the real tables themselves.
    expect((await s.storage.query<{ n: number }>("SELECT count(*)::int AS n FROM ONLY orders WHERE brand_id = $1", [brandId])).rows[0]!.n).toBe(0);
    const v = await version();
    expect(v).toBeDefined();

    // Merged 40 rows a transaction: after every one of them, readers see the same.
    const checked: Array<Awaited<ReturnType<typeof seen>>> = [];
    const watching: Storage = Object.assign(Object.create(s.storage) as Storage, {
      transaction: async <T>(fn: Parameters<Storage["transaction"]>[0]) => {
        const out = await s.storage.transaction(fn);
        checked.push(await seen());
        return out as T;
      },
    });
    const merged = await mergeImportTables(watching, 40);
    expect(merged).toEqual({ tables: 2, rows: 750 });
    expect(checked.length).toBeGreaterThan(15);
    for (const c of checked) expect(c).toEqual(after);
    expect(await importChildrenLeft(s.storage)).toBe(0);
    expect((await s.storage.query<{ n: number }>("SELECT count(*)::int AS n FROM ONLY orders WHERE brand_id = $1", [brandId])).rows[0]!.n).toBe(300);
    // The merge moved rows, it wrote nothing new: the version (the figures' cache) stays.
    expect(await version()).toBe(v);
  });

  it("compares a new file with orders still waiting in an import's tables, and updates them there", async () => {
    const service = withoutMerge();
    expect(await service.importFile(ordersCsv(1001, 50), { brand: BRAND })).toMatchObject({ inserted: 50 });
    const before = await seen();
    // The same file again: nothing new; then one order cancelled.
    expect(await service.importFile(ordersCsv(1001, 50), { brand: BRAND })).toMatchObject({ inserted: 0, updated: 0, unchanged: 50 });
    const changed = await service.importFile(ordersCsv(1001, 50, (i) => (i === 1002 ? "cancelled" : i % 7 === 0 ? "cancelled" : "completed")), { brand: BRAND });
    expect(changed).toMatchObject({ inserted: 0, updated: 1, unchanged: 49 });
    const status = async () => (await s.storage.query<{ status: string }>(
      "SELECT status FROM order_items WHERE brand_id = $1 AND order_id = 'IT-1002' AND line = 1", [brandId],
    )).rows[0]!.status;
    expect(await status()).toBe("cancelled");
    expect(await seen()).toEqual({ ...before, product_days_off: 0 });
    await mergeImportTables(s.storage);
    expect(await status()).toBe("cancelled");
    expect(await seen()).toEqual(before);
  });

  it("drops, at start-up, the tables of an import cut off before its commit, and only those", async () => {
    const service = withoutMerge();
    await service.importFile(ordersCsv(2001, 20), { brand: BRAND });
    const before = await seen();
    // What an import leaves when the process dies between filling its tables and its commit.
    const cut = importTableNames();
    await s.storage.query(`CREATE TABLE ${cut.orders} (LIKE orders INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`);
    await s.storage.query(`CREATE TABLE ${cut.items} (LIKE order_items INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`);
    await s.storage.query(
      `INSERT INTO ${cut.orders} (brand_id, platform, order_id, customer_id, ordered_at, day, status, status_raw, basket)
       VALUES ($1, 'Shopee', 'CUT-1', 'c', now(), current_date, 'completed', '', 1)`, [brandId],
    );
    expect(await seen()).toEqual(before);
    expect(await dropUnattachedImportTables(s.storage)).toBe(2);
    const left = await s.storage.query<{ relname: string }>("SELECT relname FROM pg_class WHERE relname IN ($1, $2)", [cut.orders, cut.items]);
    expect(left.rows).toEqual([]);
    // The attached ones are still there, and merge.
    expect(await importChildrenLeft(s.storage)).toBe(2);
    await mergeImportTables(s.storage);
    expect(await seen()).toEqual(before);
  });

  it("leaves nothing of a brand deleted before the merge", async () => {
    const gone = (await s.storage.query<{ id: number }>("INSERT INTO brands (name) VALUES ('Gone Shop') RETURNING id")).rows[0]!.id;
    const service = withoutMerge();
    await service.importFile(ordersCsv(3001, 30), { brand: "Gone Shop" });
    expect(await importChildrenLeft(s.storage)).toBe(2);
    await s.storage.query("DELETE FROM brands WHERE id = $1", [gone]);
    await mergeImportTables(s.storage);
    expect(await importChildrenLeft(s.storage)).toBe(0);
    for (const table of ["orders", "order_items", "order_product_days"]) {
      expect((await s.storage.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE brand_id = $1`, [gone])).rows[0]!.n, table).toBe(0);
    }
  });

  it("merges by itself after an import", async () => {
    const service = new OrdersImportService(s.storage, undefined, undefined, undefined, 1);
    await service.importFile(ordersCsv(4001, 25), { brand: BRAND });
    await service.merged();
    expect(await importChildrenLeft(s.storage)).toBe(0);
    expect((await seen()).product_days_off).toBe(0);
  });
});

describe.runIf(!embedded)("on PostgreSQL", () => {
  it("writes the new orders into the real tables in the import's transaction (no tables of its own)", async () => {
    const service = new OrdersImportService(s.storage, undefined, undefined, undefined, 1);
    await service.importFile(ordersCsv(1, 40), { brand: BRAND });
    expect(await importChildrenLeft(s.storage)).toBe(0);
    expect((await s.storage.query<{ n: number }>("SELECT count(*)::int AS n FROM ONLY orders WHERE brand_id = $1", [brandId])).rows[0]!.n).toBe(40);
    expect(await seen()).toMatchObject({ orders: 40, product_days_off: 0 });
  });
});

describe.runIf(embedded)("a small import on the embedded database", () => {
  it("writes fewer new orders than ATTACH_FROM straight into the real tables", async () => {
    const service = new OrdersImportService(s.storage);
    await service.importFile(ordersCsv(7001, 30), { brand: BRAND });
    expect(await importChildrenLeft(s.storage)).toBe(0);
    expect((await s.storage.query<{ n: number }>("SELECT count(*)::int AS n FROM ONLY orders WHERE brand_id = $1 AND order_id LIKE 'IT-70__'", [brandId])).rows[0]!.n).toBe(30);
    expect((await seen()).product_days_off).toBe(0);
  });
});
