// POST /user/import-orders and OrdersImportService over a real database, on both storages.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Schema } from "effect";
import { Api } from "../../domain/api";
import { ImportOrdersRefusal } from "../../domain/commerce";
import { ServiceError } from "../../server/services/errors";
import { ImportRefusedError, OrdersImportService } from "../../server/services/ordersImport";
import { fixture, lazadaWorkbook, shopeeThWorkbook, utf8 } from "../fixtures/orders/build";
import { startTestServer, type TestServer } from "../support/testServer";
import { rezipped, sheetXml, withMember, xlsxBomb } from "../fixtures/zipBomb";

let s: TestServer;
let service: OrdersImportService;
let app: TestServer["app"];
let token: string;
let auraToken: string;
let noCommerceToken: string;
let tipcoId: number;
beforeAll(async () => {
  s = await startTestServer();
  service = new OrdersImportService(s.storage);
  // The route as createApp wires it.
  app = s.app;
  token = (await s.login()).access_token;
  auraToken = await s.addUser("aura.orders@example.com", ["1", "7"], ["Aura"]);
  noCommerceToken = await s.addUser("nocommerce.orders@example.com", ["1", "2"], ["Tipco"]);
  tipcoId = (await s.storage.query<{ id: number }>("SELECT id FROM brands WHERE name = 'Tipco'")).rows[0]!.id;
});
afterAll(() => s.close());

async function upload(bytes: Uint8Array, fields: Record<string, string> = { brand: "Tipco" }, tok: string | null = token, name = "orders.csv") {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)]), name);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await app.request(Api.importOrders.path, { method: "POST", body: form, headers: tok ? { Authorization: `Bearer ${tok}` } : {} });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, text, json: JSON.parse(text) as any };
}

function imported(res: Awaited<ReturnType<typeof upload>>) {
  expect(res.status, res.text).toBe(200);
  const body = Schema.decodeUnknownSync(Api.importOrders.response)(res.json);
  expect(body.msg).toBe("Import Success");
  return body.data;
}

function refused(res: Awaited<ReturnType<typeof upload>>, status: number, message: RegExp) {
  expect(res.status, res.text).toBe(status);
  const body = Schema.decodeUnknownSync(ImportOrdersRefusal)(res.json);
  expect(body.message).toMatch(message);
  expect(res.text).not.toMatch(/^\s*at\s|node_modules|\/work\/|\/tmp\//m);
  return body;
}

/** Count and checksum of the imported (not demo) orders and all items: proves that a refused import wrote nothing. */
const fingerprint = async () =>
  (await s.storage.query<{ n: number; items: number; total: string; customers: number }>(
    `SELECT (SELECT count(*)::int FROM orders WHERE NOT demo) AS n, (SELECT count(*)::int FROM order_items) AS items,
            (SELECT coalesce(sum(basket), 0)::text FROM orders) AS total, (SELECT count(*)::int FROM order_customers) AS customers`,
  )).rows[0];

async function storedOrder(platform: string, orderId: string, brandId = tipcoId) {
  const o = (await s.storage.query<Record<string, unknown>>(
    `SELECT customer_id, to_char(ordered_at AT TIME ZONE 'Asia/Bangkok', 'YYYY-MM-DD HH24:MI') AS at, to_char(day, 'YYYY-MM-DD') AS day,
            status, status_raw, location, province, basket::text AS basket, demo
       FROM orders WHERE brand_id = $1 AND platform = $2 AND order_id = $3`, [brandId, platform, orderId],
  )).rows[0];
  const items = (await s.storage.query<Record<string, unknown>>(
    "SELECT line, product, sku, quantity, price::text AS price FROM order_items WHERE brand_id = $1 AND platform = $2 AND order_id = $3 ORDER BY line",
    [brandId, platform, orderId],
  )).rows;
  return o === undefined ? undefined : { ...o, items };
}

const firstDay = async (customer: string, brandId = tipcoId) =>
  (await s.storage.query<{ d: string }>("SELECT to_char(first_day, 'YYYY-MM-DD') AS d FROM order_customers WHERE brand_id = $1 AND customer_id = $2", [brandId, customer])).rows[0]?.d;

describe("importing the documented CSV", () => {
  it("inserts every order with its items, not as demo, and each customer's first day", async () => {
    const data = imported(await upload(fixture("documented.csv")));
    expect(data).toEqual({ format: "documented", rows: 6, orders: 5, inserted: 5, updated: 0, unchanged: 0 });
    expect(await storedOrder("Shopee", "TP-1001")).toEqual({
      customer_id: "somchai88", at: "2025-09-08 10:12", day: "2025-09-08", status: "completed", status_raw: "completed",
      location: "Bangkok and Vicinity", province: "Bangkok", basket: "263.00", demo: false,
      items: [
        { line: 1, product: "Tipco 100% Orange Juice 1L", sku: "TPC-OR-1L", quantity: 2, price: "89.00" },
        { line: 2, product: "Tipco 100% Apple Juice 1L", sku: "TPC-AP-1L", quantity: 1, price: "85.00" },
      ],
    });
    expect(await storedOrder("LINE MyShop", "TP-1004")).toMatchObject({ at: "2025-09-10 09:00", day: "2025-09-10", status: "returned", location: "Southern", province: null, basket: "1020.00" });
    expect(await storedOrder("Lazada", "TP-1002")).toMatchObject({ basket: "1045.50", items: [{ line: 1, sku: "TPC-GS-6", quantity: 1, price: "1045.50" }] });
    expect(await firstDay("somchai88")).toBe("2025-09-08");
    expect(await firstDay("arthit")).toBe("2025-09-11");
  });

  it("adds nothing when the same file comes again: every order unchanged", async () => {
    const before = await fingerprint();
    const data = imported(await upload(fixture("documented.csv")));
    expect(data).toEqual({ format: "documented", rows: 6, orders: 5, inserted: 0, updated: 0, unchanged: 5 });
    expect(await fingerprint()).toEqual(before);
  });

  it("updates an order whose status moved, and replaces the items of an order whose items changed", async () => {
    const text = new TextDecoder().decode(fixture("documented.csv"))
      .replace("TP-1002,Lazada,malee.k,2025-09-08T21:30:00+07:00,pending", "TP-1002,Lazada,malee.k,2025-09-08T21:30:00+07:00,completed")
      .replace("Tipco 100% Apple Juice 1L,TPC-AP-1L,1,85", "Tipco 100% Apple Juice 1L,TPC-AP-1L,4,85");
    const data = imported(await upload(utf8(text)));
    expect(data).toMatchObject({ inserted: 0, updated: 2, unchanged: 3 });
    expect(await storedOrder("Lazada", "TP-1002")).toMatchObject({ status: "completed", status_raw: "completed" });
    expect(await storedOrder("Shopee", "TP-1001")).toMatchObject({
      basket: "518.00",
      items: [{ line: 1, quantity: 2 }, { line: 2, quantity: 4, price: "85.00" }],
    });
    // An order that lost an item keeps only the items of the file.
    const fewer = text.split("\n").filter((l) => !l.includes("Tipco 100% Apple Juice 1L")).join("\n");
    expect(imported(await upload(utf8(fewer)))).toMatchObject({ rows: 5, updated: 1, unchanged: 4 });
    expect((await storedOrder("Shopee", "TP-1001"))!.items).toHaveLength(1);
  });

  it("leaves none of the tables it staged the rows in behind", async () => {
    // The imports above (new orders, then changed ones) staged their rows in temporary tables; the
    // embedded database keeps one connection for the server's life, so a table not dropped would stay.
    const staged = await s.storage.query<{ relname: string }>("SELECT relname FROM pg_class WHERE relname LIKE 'import\\_%'");
    expect(staged.rows).toEqual([]);
  });

  it("keeps a customer's first day: a later order leaves it, an earlier one moves it back", async () => {
    const header = "order_id,platform,customer_id,ordered_at,status,product,sku,quantity,price,province,region\n";
    imported(await upload(utf8(`${header}TP-2001,Shopee,somchai88,2025-12-01 09:00,completed,Juice,,1,10,,\n`)));
    expect(await firstDay("somchai88")).toBe("2025-09-08");
    imported(await upload(utf8(`${header}TP-2002,Shopee,somchai88,2024-02-29 23:59,completed,Juice,,1,10,,\n`)));
    expect(await firstDay("somchai88")).toBe("2024-02-29");
    // Re-importing the first file (its orders are not earlier) leaves it.
    imported(await upload(fixture("documented.csv")));
    expect(await firstDay("somchai88")).toBe("2024-02-29");
  });

  it("writes the copies of its order's fields that each item keeps, and marks a product repeated in its order", async () => {
    const header = "order_id,platform,customer_id,ordered_at,status,product,sku,quantity,price,province,region\n";
    const rows = "TP-4001,Shopee,k1,2025-10-02 23:30,pending,Juice,,1,10,Phuket,\nTP-4001,Shopee,k1,2025-10-02 23:30,pending,Tea,,1,20,Phuket,\nTP-4001,Shopee,k1,2025-10-02 23:30,pending,Juice,,2,8,Phuket,\n";
    imported(await upload(utf8(header + rows)));
    const items = async () => (await s.storage.query<Record<string, unknown>>(
      `SELECT line, to_char(day, 'YYYY-MM-DD') AS day, status, location, basket::text AS basket, product_repeat
         FROM order_items WHERE brand_id = $1 AND platform = 'Shopee' AND order_id = 'TP-4001' ORDER BY line`, [tipcoId],
    )).rows;
    expect(await items()).toEqual([
      { line: 1, day: "2025-10-02", status: "pending", location: "Southern", basket: "46.00", product_repeat: false },
      { line: 2, day: "2025-10-02", status: "pending", location: "Southern", basket: "46.00", product_repeat: false },
      { line: 3, day: "2025-10-02", status: "pending", location: "Southern", basket: "46.00", product_repeat: true },
    ]);
    // The order moves on: its items follow.
    imported(await upload(utf8(header + rows.replaceAll(",pending,", ",completed,"))));
    expect((await items()).map((r) => r.status)).toEqual(["completed", "completed", "completed"]);
  });

  it("overwrites a demo order with the same key and makes it a real one", async () => {
    await s.storage.query(
      `INSERT INTO orders (brand_id, platform, order_id, customer_id, ordered_at, day, status, status_raw, location, province, basket, demo)
       VALUES ($1, 'Shopee', 'TP-DEMO-1', 'demo-c', '2025-09-01T10:00:00+07:00', '2025-09-01', 'completed', 'completed', NULL, NULL, 10, true)`, [tipcoId],
    );
    await s.storage.query("INSERT INTO order_items (brand_id, platform, order_id, line, product, quantity, price) VALUES ($1, 'Shopee', 'TP-DEMO-1', 1, 'Juice', 1, 10)", [tipcoId]);
    const header = "order_id,platform,customer_id,ordered_at,status,product,sku,quantity,price,province,region\n";
    const data = imported(await upload(utf8(`${header}TP-DEMO-1,Shopee,demo-c,2025-09-01 10:00,completed,Juice,,1,10,,\n`)));
    expect(data).toMatchObject({ inserted: 0, updated: 1, unchanged: 0 });
    expect(await storedOrder("Shopee", "TP-DEMO-1")).toMatchObject({ demo: false });
  });
});

describe("a refused file", () => {
  it("lists every bad row with its line and writes nothing, not even the good rows", async () => {
    const before = await fingerprint();
    const body = refused(await upload(fixture("documented-bad.csv")), 400, /^file: 10 rows cannot be imported, so nothing was imported$/);
    expect(body.error).toBe("invalid");
    expect(body.rows.map((r) => r.line)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(body.rows[0]).toEqual({ line: 3, reason: "order_id: is empty" });
    expect(body.rows[4]).toEqual({ line: 7, reason: "price: -5 is negative" });
    expect(await fingerprint()).toEqual(before);
    expect(await storedOrder("Shopee", "B-1")).toBeUndefined();
  });

  it("refuses a file of no known layout, naming the layouts it takes", async () => {
    const body = refused(await upload(utf8("a,b\n1,2\n")), 400, /^file: is not a recognised orders file: expected the documented orders CSV/);
    expect(body.rows).toEqual([]);
  });

  it("refuses a file whose header misses a required column, with the header's line", async () => {
    const body = refused(await upload(utf8("order_id,ordered_at\nA,2025-01-01\n")), 400, /^file: line 1: looks like the documented orders CSV but has no columns platform, /);
    expect(body.rows).toEqual([{ line: 1, reason: expect.stringMatching(/^looks like the documented orders CSV/) }]);
  });

  it("lists at most 100 problems and says how many rows there are", async () => {
    const header = "order_id,platform,customer_id,ordered_at,status,product,sku,quantity,price,province,region\n";
    const rows = Array.from({ length: 150 }, (_, i) => `X${i},Shopee,c,2025-09-08 10:12,completed,Juice,,0,10,,`).join("\n");
    const body = refused(await upload(utf8(header + rows)), 400, /^file: 150 rows cannot be imported, so nothing was imported \(the first 100 problems are listed\)$/);
    expect(body.rows).toHaveLength(100);
  });
});

describe("the seller-centre exports", () => {
  it("imports a Shopee TH workbook and a Lazada workbook, then a second time changes nothing", async () => {
    expect(imported(await upload(shopeeThWorkbook(), { brand: "Tipco" }, token, "Order.all.20250901_20250930.xlsx"))).toEqual({
      format: "shopee", rows: 7, orders: 6, inserted: 6, updated: 0, unchanged: 0,
    });
    expect(imported(await upload(lazadaWorkbook(), { brand: "Tipco" }, token, "Lazada.xlsx"))).toEqual({
      format: "lazada", rows: 10, orders: 5, inserted: 5, updated: 0, unchanged: 0,
    });
    expect(await storedOrder("Shopee", "250908RT55QP11")).toMatchObject({ status: "returned", status_raw: "จัดส่งสำเร็จแล้ว; คำขอได้รับการยอมรับแล้ว", location: "Southern", basket: "237.00" });
    expect(await storedOrder("Lazada", "405123456789012")).toMatchObject({
      customer_id: "Somsri K.", at: "2025-09-04 11:46", basket: "347.00",
      items: [{ line: 1, sku: "TPC-OR-1L", quantity: 3, price: "89.00" }, { line: 2, sku: "TPC-AP-1L", quantity: 1, price: "80.00" }],
    });
    expect(imported(await upload(shopeeThWorkbook()))).toMatchObject({ inserted: 0, updated: 0, unchanged: 6 });
    expect(imported(await upload(lazadaWorkbook()))).toMatchObject({ inserted: 0, updated: 0, unchanged: 5 });
    expect(imported(await upload(fixture("lazada-old.csv")))).toMatchObject({ format: "lazada", inserted: 2 });
    expect(imported(await upload(fixture("shopee-en.csv")))).toMatchObject({ format: "shopee", inserted: 5 });
  });
});

describe("a workbook that unpacks to too much (a decompression bomb)", () => {
  // 2.1 MB uploads whose sheet unpacks to 2 GB of zeros: before the check, SheetJS unpacked it
  // and the server's RSS reached 2.4 GB. Refused before SheetJS sees it, whatever the ZIP declares.
  const SHEET = "xl/worksheets/sheet1.xml";
  it.each([
    ["declaring its 2 GB honestly", () => xlsxBomb(shopeeThWorkbook(), SHEET, 2048), /^file: the workbook unpacks to 2,048 MB, more than the 200 MB a workbook may unpack to/],
    ["declaring 10,000 bytes", () => xlsxBomb(shopeeThWorkbook(), SHEET, 2048, 10_000), /^file: the workbook's part xl\/worksheets\/sheet1\.xml unpacks to more than the 10,000 bytes it declares/],
    ["declaring 150 MB, under the bound", () => xlsxBomb(shopeeThWorkbook(), SHEET, 2048, 150 * 1024 * 1024), /^file: the workbook's part xl\/worksheets\/sheet1\.xml unpacks to more than the 157,286,400 bytes it declares: the file is a decompression bomb or damaged$/],
  ])("refuses 2 GB of zeros %s with 400, and writes nothing", async (_label, bomb, message) => {
    const before = await fingerprint();
    const body = refused(await upload(bomb(), { brand: "Tipco" }, token, "Order.all.xlsx"), 400, message);
    expect(body.error).toBe("invalid");
    expect(await fingerprint()).toEqual(before);
  });

  it.each([
    ["its packed size told truly", undefined, /^file: the workbook's part xl\/worksheets\/sheet1\.xml claims to unpack 1\d\d\d times its size \(150 MB\)/],
    ["a packed size of 4 GB, past the end of the file", 0xffff_ffff, /^file: the workbook's part xl\/worksheets\/sheet1\.xml claims to unpack \d{3} times its size \(150 MB\)/],
  ])("refuses a part that claims to pack more than a spreadsheet can: 150 MB of zeros in 150 KB, %s", async (_label, packedSize, message) => {
    const body = refused(await upload(xlsxBomb(shopeeThWorkbook(), SHEET, 150, 150 * 1024 * 1024, packedSize)), 400, message);
    expect(body.rows).toEqual([]);
  });

  it("refuses a workbook of more cells than the server reads (400,001), saying to save it as CSV, and writes nothing", async () => {
    // A 200,000-row workbook ran the reading worker out of memory (answered 500).
    const before = await fingerprint();
    const body = refused(await upload(withMember(shopeeThWorkbook(), SHEET, sheetXml(400_001)), { brand: "Tipco" }, token, "Order.all.xlsx"), 400,
      /^file: the workbook's sheets hold 400,001 cells, more than the 400,000 the server reads from a workbook: save the sheet as CSV/);
    expect(body.rows).toEqual([]);
    expect(await fingerprint()).toEqual(before);
  });

  it("still reads a normal workbook, also when its ZIP is rebuilt: the same six orders, unchanged", async () => {
    expect(imported(await upload(rezipped(shopeeThWorkbook()), { brand: "Tipco" }, token, "Order.all.xlsx"))).toMatchObject({ format: "shopee", orders: 6, unchanged: 6 });
  });
});

describe("who may import", () => {
  it("refuses a brand that is not one of the user's (403 from the service), and writes nothing", async () => {
    const before = await fingerprint();
    const body = refused(await upload(fixture("documented.csv"), { brand: "Tipco" }, auraToken), 403, /^brand: "Tipco" is not one of your brands$/);
    expect(body).toEqual({ error: "forbidden", message: "brand: \"Tipco\" is not one of your brands", rows: [] });
    await expect(service.importFile(fixture("documented.csv"), { brand: "Tipco" }, { userId: -1 })).rejects.toMatchObject({ kind: "forbidden", extra: { field: "brand" } });
    expect(await fingerprint()).toEqual(before);
  });

  it("lets a user import into their own brand", async () => {
    const data = imported(await upload(fixture("documented.csv"), { brand: "Aura" }, auraToken));
    expect(data).toMatchObject({ inserted: 5 });
    const auraId = (await s.storage.query<{ id: number }>("SELECT id FROM brands WHERE name = 'Aura'")).rows[0]!.id;
    expect(await storedOrder("Shopee", "TP-1001", auraId)).toMatchObject({ customer_id: "somchai88" });
    // The same order ids in another brand are other orders: Tipco's are untouched.
    expect(await firstDay("somchai88", auraId)).toBe("2025-09-08");
    expect(await firstDay("somchai88")).toBe("2024-02-29");
  });

  it("answers 401 without a token and 403 without permission 7", async () => {
    expect((await upload(fixture("documented.csv"), { brand: "Tipco" }, null)).status).toBe(401);
    refused(await upload(fixture("documented.csv"), { brand: "Tipco" }, noCommerceToken), 403, /^permission 7 is required for \/user\/import-orders$/);
  });

  it("the CLI's scope: any brand by name, an unknown brand refused", async () => {
    await expect(service.importFile(fixture("documented.csv"), { brand: "Nope" })).rejects.toMatchObject({ kind: "invalid", message: "no brand named \"Nope\"", extra: { field: "brand" } });
    await expect(service.importFile(fixture("documented.csv"), { brand: "Aura Move" })).resolves.toMatchObject({ inserted: 5 });
  });
});

describe("the request", () => {
  it.each([
    ["no brand", { }, /^brand: is required$/],
    ["an unknown field", { brand: "Tipco", account: "x" }, /^account: is not a known field$/],
    ["an empty brand", { brand: "" }, /^brand: /],
  ])("refuses %s", async (_label, fields, message) => {
    refused(await upload(fixture("documented.csv"), fields as Record<string, string>), 400, message);
  });

  it("refuses a body that is not multipart, and a form without exactly one file", async () => {
    const json = await app.request(Api.importOrders.path, { method: "POST", body: "{}", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" } });
    expect(json.status).toBe(400);
    expect(await json.json()).toEqual({ error: "invalid_body", message: "body: must be multipart/form-data with one file in the field \"file\"", rows: [] });
    const form = new FormData();
    form.append("brand", "Tipco");
    const none = await app.request(Api.importOrders.path, { method: "POST", body: form, headers: { Authorization: `Bearer ${token}` } });
    expect(none.status).toBe(400);
    expect(((await none.json()) as { message: string }).message).toBe("file: exactly one file is required in the field \"file\"");
  });

  it("checks without writing on a dry run, counting what would change", async () => {
    const before = await fingerprint();
    const text = new TextDecoder().decode(fixture("documented.csv")).replace("TP-1005,Shopee,arthit,2025-09-11 14:45,Completed", "TP-1005,Shopee,arthit,2025-09-11 14:45,cancelled");
    const extra = "TP-3001,Shopee,new.buyer,2025-10-01 10:00,pending,Juice,,1,10,,\n";
    await expect(service.importFile(utf8(text + extra), { brand: "Tipco" }, {}, { dryRun: true })).resolves.toMatchObject({ inserted: 1, updated: 1 });
    expect(await fingerprint()).toEqual(before);
    await expect(service.importFile(fixture("documented-bad.csv"), { brand: "Tipco" }, {}, { dryRun: true })).rejects.toBeInstanceOf(ImportRefusedError);
  });

  it("refuses a file that is too large before reading it", async () => {
    const big = new Uint8Array(50 * 1024 * 1024 + 1);
    await expect(service.importFile(big, { brand: "Tipco" })).rejects.toSatisfy((e: unknown) => e instanceof ServiceError && e.kind === "too_large");
  });
});

describe("the delimiter is the header line's", () => {
  // A title line above a `;` or tab header: the delimiter was taken from the title line (none:
  // a comma), so the header was one cell and the file "not a recognised orders file".
  const HEADER = ["order_id", "platform", "customer_id", "ordered_at", "status", "product", "sku", "quantity", "price", "province", "region"];
  const row = (id: string) => [id, "Shopee", `delim.${id}`, "2025-09-08 10:12", "completed", "Tipco Orange Juice 1L, 12 pack", "TPC-OR-1L", "2", "89.00", "Bangkok", ""];
  it.each([
    ["semicolons", ";", "DELIM-1"],
    ["tabs", "\t", "DELIM-2"],
  ])("reads a file with a title line above a header delimited by %s", async (_label, d, id) => {
    const text = `Orders export, September 2025\n\n${HEADER.join(d)}\n${row(id).join(d)}\n`;
    expect(imported(await upload(utf8(text)))).toMatchObject({ format: "documented", rows: 1, orders: 1, inserted: 1 });
    expect(await storedOrder("Shopee", id)).toMatchObject({ customer_id: `delim.${id}`, basket: "178.00", items: [{ product: "Tipco Orange Juice 1L, 12 pack", quantity: 2 }] });
  });
});

describe("a row with more or fewer cells than its header", () => {
  const HEADER = "order_id,platform,customer_id,ordered_at,status,product,sku,quantity,price,province,region";
  it.each([
    ["an unquoted thousands separator (12 cells)", `${HEADER}\nCELLS-1,Shopee,cells.a,2025-09-08 10:12,completed,Gift Set,TPC-GS-6,1,1,045.50,Bangkok,Central\n`, 2, "has 12 cells but the header (line 1) has 11: a value holding the delimiter must be in quotes, e.g. \"31,970\""],
    ["an unquoted thousands separator in a row whose last cell is empty (12 cells, the last empty)", `${HEADER}\nCELLS-1,Shopee,cells.a,2025-09-08 10:12,completed,Gift Set,TPC-GS-6,1,1,045.50,,\n`, 2, "has 12 cells but the header (line 1) has 11: a value holding the delimiter must be in quotes, e.g. \"31,970\""],
    ["a short row (9 cells)", `${HEADER}\nCELLS-1,Shopee,cells.a,2025-09-08 10:12,completed,Gift Set,TPC-GS-6,1,1045.50,Bangkok,\nCELLS-2,Shopee,cells.b,2025-09-08 10:12,completed,Gift Set,TPC-GS-6,1,89\n`, 3, "has 9 cells but the header (line 1) has 11"],
    ["a Shopee export row with an extra cell", "Order ID,Order Status,Order Creation Date,Product Name,Deal Price,Quantity,Username (Buyer)\nCELLS-3,Completed,2025-09-08 10:12,Gift Set,1,045.50,1,cells.c\n", 2, "has 8 cells but the header (line 1) has 7: a value holding the delimiter must be in quotes, e.g. \"31,970\""],
  ])("refuses %s with its line, and writes nothing", async (_label, csv, line, reason) => {
    const before = await fingerprint();
    const body = refused(await upload(utf8(csv)), 400, /^file: 1 row cannot be imported, so nothing was imported$/);
    expect(body.rows).toEqual([{ line, reason }]);
    expect(await fingerprint()).toEqual(before);
  });

  it("reads a quoted \"1,045.50\", and accepts empty cells after the last column as far as the header line has them (as Excel writes)", async () => {
    const csv = `${HEADER},,\nCELLS-4,Shopee,cells.d,2025-09-08 10:12,completed,Gift Set,TPC-GS-6,1,"1,045.50",Bangkok,\nCELLS-4,Shopee,cells.d,2025-09-08 10:12,completed,Orange Juice,TPC-OR-1L,2,89,Bangkok,,,\n`;
    expect(imported(await upload(utf8(csv)))).toMatchObject({ format: "documented", rows: 2, orders: 1, inserted: 1 });
    expect(await storedOrder("Shopee", "CELLS-4")).toMatchObject({ basket: "1223.50", items: [{ price: "1045.50" }, { price: "89.00", quantity: 2 }] });
  });
});
