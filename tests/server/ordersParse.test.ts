// The orders import parsers on their own: pure functions over bytes, no database.
import { describe, expect, it } from "vitest";
import type { Order } from "../../domain/commerce";
import { FileRefusedError, UNRECOGNISED_ORDERS, UnreadableFileError, parseOrdersFile } from "../../server/import/orders";
import { readDateTime } from "../../server/import/orders/fields";
import { LAZADA_STATUS_WORDS } from "../../server/import/orders/lazada";
import { SHOPEE_STATUS_WORDS } from "../../server/import/orders/shopee";
import {
  LAZADA_HEADER, SHOPEE_TH_HEADER, fixture, lazadaWorkbook, shopeeThWorkbook, utf16le, utf8, windows874,
} from "../fixtures/orders/build";

const NOW = new Date("2026-01-05T03:00:00Z");
const parse = (bytes: Uint8Array) => parseOrdersFile(bytes, { now: NOW });
const byId = (orders: readonly Order[], id: string) => orders.find((o) => o.orderId === id)!;
const basket = (o: Order) => Math.round(o.items.reduce((s, it) => s + it.quantity * it.price, 0) * 100) / 100;
const refusal = (f: () => unknown): { message: string; line?: number } => {
  try {
    f();
  } catch (err) {
    if (err instanceof FileRefusedError || err instanceof UnreadableFileError) return { message: err.message, ...(err.line !== undefined ? { line: err.line } : {}) };
    throw err;
  }
  throw new Error("expected a refusal");
};

const DOC_HEADER = "order_id,platform,customer_id,ordered_at,status,product,sku,quantity,price,province,region";

describe("the documented CSV", () => {
  const r = parse(fixture("documented.csv"));

  it("reads every row (UTF-8 with a BOM) into orders, one per order id", () => {
    expect(r).toMatchObject({ format: "documented", encoding: "utf-8", rows: 6, errors: [] });
    expect(r.orders.map((o) => o.orderId)).toEqual(["TP-1001", "TP-1002", "TP-1003", "TP-1004", "TP-1005"]);
  });

  it("groups the items of an order and keeps them in file order", () => {
    expect(byId(r.orders, "TP-1001")).toEqual({
      platform: "Shopee", orderId: "TP-1001", customerId: "somchai88", orderedAt: "2025-09-08T10:12:00+07:00",
      status: "completed", statusRaw: "completed", location: "Bangkok and Vicinity", province: "Bangkok",
      items: [
        { product: "Tipco 100% Orange Juice 1L", sku: "TPC-OR-1L", quantity: 2, price: 89 },
        { product: "Tipco 100% Apple Juice 1L", sku: "TPC-AP-1L", quantity: 1, price: 85 },
      ],
    });
  });

  it("reads prices with ฿, THB and thousands separators", () => {
    expect(r.orders.map(basket)).toEqual([263, 1045.5, 210, 1020, 237]);
  });

  it("reads times as Bangkok time, or converts an offset to Bangkok time", () => {
    expect(byId(r.orders, "TP-1002").orderedAt).toBe("2025-09-08T21:30:00+07:00");
    expect(byId(r.orders, "TP-1004").orderedAt).toBe("2025-09-10T09:00:00+07:00");
  });

  it("spells Shopee and Lazada the one way, keeps other platforms as written, and any case of a status", () => {
    expect(byId(r.orders, "TP-1003").platform).toBe("Shopee");
    expect(byId(r.orders, "TP-1004").platform).toBe("LINE MyShop");
    expect(byId(r.orders, "TP-1005").status).toBe("completed");
  });

  it("gives the region from the province (Thai with จ., English), or takes the one given, or none", () => {
    expect(byId(r.orders, "TP-1003")).toMatchObject({ province: "Khon Kaen", location: "Upper Northeastern" });
    expect(byId(r.orders, "TP-1002")).toMatchObject({ province: "Chiang Mai", location: "Upper Northern" });
    expect(byId(r.orders, "TP-1004")).toMatchObject({ province: null, location: "Southern" });
    expect(byId(r.orders, "TP-1005")).toMatchObject({ province: "Atlantis", location: null });
  });

  it("reports every bad row with its line and reason, and builds no order of a refused file", () => {
    const bad = parse(fixture("documented-bad.csv"));
    expect(bad.errors).toEqual([
      { line: 3, reason: "order_id: is empty" },
      { line: 4, reason: "status: \"shipped\" is not a known status word (expected completed, pending, cancelled or returned)" },
      { line: 5, reason: "ordered_at: \"2025-02-30 10:12\" is not an existing date and time" },
      { line: 6, reason: "ordered_at: \"08/09/2025\" is not a date-time (expected YYYY-MM-DD HH:MM or an ISO date-time with an offset)" },
      { line: 7, reason: "price: -5 is negative" },
      { line: 8, reason: "quantity: 1.5 is not a whole number" },
      { line: 9, reason: "order B-1: order date 2025-09-08 10:15 differs from 2025-09-08 10:12 on line 2; customer \"c9\" differs from \"c1\" on line 2" },
      { line: 10, reason: "product: is empty" },
      { line: 11, reason: expect.stringMatching(/^region: "Mars" is not one of Bangkok and Vicinity, Central, /) },
      { line: 12, reason: "ordered_at: \"2099-01-01 10:00\" is in the future" },
    ]);
    // B-1 contradicts itself: it is not an order either.
    expect(bad.orders).toEqual([]);
  });

  it("lists several problems of one row together", () => {
    const res = parse(utf8(`${DOC_HEADER}\nX,Shopee,,2025-09-08 10:12,done,Juice,,0,abc,,\n`));
    expect(res.errors).toEqual([{ line: 2, reason: "customer_id: is empty; status: \"done\" is not a known status word (expected completed, pending, cancelled or returned); quantity: 0 is less than 1; price: \"abc\" is not a number" }]);
  });

  it("counts lines as the file has them: a quoted cell over two lines, blank lines", () => {
    const text = `${DOC_HEADER}\nA,Shopee,c1,2025-09-08 10:12,completed,"Juice\nbig",,1,10,,\n\nB,Shopee,c2,2025-09-08 10:12,completed,Tea,,x,10,,\n`;
    const res = parse(utf8(text));
    expect(res.errors).toEqual([{ line: 5, reason: "quantity: \"x\" is not a number" }]);
    expect(res.orders[0]!.items[0]!.product).toBe("Juice big");
  });

  it("reads UTF-16 LE and ; as delimiter", () => {
    const text = `${DOC_HEADER.replaceAll(",", ";")}\nA;Lazada;c1;2025-09-08 10:12;pending;น้ำส้ม;;1;"1,045.50";ลำปาง;\n`;
    const res = parse(utf16le(text));
    expect(res).toMatchObject({ encoding: "utf-16le", errors: [] });
    expect(res.orders[0]).toMatchObject({ location: "Upper Northern", province: "Lampang", items: [{ product: "น้ำส้ม", price: 1045.5 }] });
  });

  it("refuses a row whose order has another order's date, customer or status", () => {
    const text = `${DOC_HEADER}\nA,Shopee,c1,2025-09-08 10:12,completed,Juice,,1,10,,\nA,Shopee,c1,2025-09-08 10:12,pending,Tea,,1,10,,\nA,Lazada,c2,2025-09-09 10:12,pending,Tea,,1,10,,\n`;
    const res = parse(utf8(text));
    // Same id on another platform is another order.
    expect(res.errors).toEqual([{ line: 3, reason: "order A: status \"pending\" differs from \"completed\" on line 2" }]);
    expect(res.orders.map((o) => `${o.platform}/${o.orderId}`)).toEqual(["Lazada/A"]);
  });

  it("refuses an order id that Excel turned into a rounded number", () => {
    const res = parse(utf8(`${DOC_HEADER}\n4.05123E+14,Lazada,c1,2025-09-08 10:12,completed,Juice,,1,10,,\n`));
    expect(res.errors[0]!.reason).toMatch(/^order_id: "4.05123E\+14" is an id that Excel turned into a rounded number/);
  });
});

describe("Shopee TH export (XLSX, Thai headers)", () => {
  const r = parse(shopeeThWorkbook());

  it("is recognised from its Thai headers, one order per order id over its SKU rows", () => {
    expect(r).toMatchObject({ format: "shopee", encoding: "xlsx", rows: 7, errors: [] });
    expect(r.orders).toHaveLength(6);
    expect(byId(r.orders, "250905GQR5R54C").items).toEqual([
      { product: "ชาเขียวทิปโก้ 1 ลิตร (รสต้นตำรับ)", sku: "TPC-GT-1L", quantity: 2, price: 59 },
      { product: "น้ำส้มทิปโก้ 100% 1 ลิตร", sku: "TPC-OR-1L", quantity: 1, price: 89 },
    ]);
  });

  it("takes the province of the first จังหวัด column (shipping), not the tax-invoice one", () => {
    expect(SHOPEE_TH_HEADER.filter((h) => h === "จังหวัด")).toHaveLength(2);
    expect(byId(r.orders, "250905GQR5R54C")).toMatchObject({ province: "Bangkok", location: "Bangkok and Vicinity" });
  });

  it("maps the Thai status words, and a return/refund status to returned", () => {
    const statuses = Object.fromEntries(r.orders.map((o) => [o.orderId, [o.status, o.statusRaw]]));
    expect(statuses).toEqual({
      "250905GQR5R54C": ["completed", "สำเร็จแล้ว"],
      "250906AB12CD34": ["pending", "ที่ต้องจัดส่ง"],
      "250907XY98ZW76": ["cancelled", "ยกเลิกแล้ว"],
      "250908RT55QP11": ["returned", "จัดส่งสำเร็จแล้ว; คำขอได้รับการยอมรับแล้ว"],
      "250909KK11LL22": ["pending", "กำลังจัดส่ง"],
      "250910MM33NN44": ["pending", "รอการชำระเงิน"],
    });
  });

  it("keeps the time of a date cell, reads a price written ฿1,045.50, and never reads the repeated order total", () => {
    expect(byId(r.orders, "250906AB12CD34").orderedAt).toBe("2025-09-06T20:30:00+07:00");
    expect(basket(byId(r.orders, "250909KK11LL22"))).toBe(1045.5);
    expect(basket(byId(r.orders, "250905GQR5R54C"))).toBe(207);
  });

  it("reads provinces in Thai with สระอำ (NFC), with จ., and in English", () => {
    expect(byId(r.orders, "250906AB12CD34")).toMatchObject({ province: "Lampang", location: "Upper Northern" });
    expect(byId(r.orders, "250907XY98ZW76")).toMatchObject({ province: "Phuket", location: "Southern" });
    expect(byId(r.orders, "250910MM33NN44")).toMatchObject({ province: "Nonthaburi", location: "Bangkok and Vicinity" });
  });

  it("reads the same export saved as CSV in Windows-874 by Thai Excel", () => {
    const text = [
      "หมายเลขคำสั่งซื้อ,สถานะการสั่งซื้อ,วันที่ทำการสั่งซื้อ,ชื่อสินค้า,ราคาขาย,จำนวน,ชื่อผู้ใช้ (ผู้ซื้อ),จังหวัด,จังหวัด",
      "250905GQR5R54C,สำเร็จแล้ว,05/09/25 10:12,น้ำส้ม,89,2,kasem,เชียงราย,ระยอง",
    ].join("\r\n");
    const res = parse(windows874(text));
    expect(res).toMatchObject({ format: "shopee", encoding: "windows-874", errors: [] });
    // A date Excel re-saved as DD/MM/YY is read day first.
    expect(res.orders[0]).toMatchObject({ orderedAt: "2025-09-05T10:12:00+07:00", province: "Chiang Rai", location: "Upper Northern" });
  });
});

describe("Shopee export (CSV, English headers)", () => {
  const r = parse(fixture("shopee-en.csv"));

  it("is recognised from its English headers (UTF-8 with a BOM)", () => {
    expect(r).toMatchObject({ format: "shopee", encoding: "utf-8", rows: 7, errors: [] });
    expect(r.orders).toHaveLength(5);
  });

  it("reads Deal Price with ฿ and thousands separators, appends the variation, ignores Grand Total", () => {
    expect(byId(r.orders, "250908ABCDEF01").items).toEqual([
      { product: "Tipco Orange Juice (1L)", sku: "TPC-OR-1L", quantity: 2, price: 89 },
      { product: "Tipco Gift Set", sku: "TPC-GS-6", quantity: 1, price: 1045.5 },
    ]);
  });

  it("maps the English status words, and Return / Refund Status to returned", () => {
    expect(r.orders.map((o) => o.status)).toEqual(["completed", "pending", "cancelled", "returned", "pending"]);
    expect(byId(r.orders, "250911STUVWX04").statusRaw).toBe("Completed; Refund Accepted");
  });

  it("fills the order down onto a row that leaves the order fields blank (older exports)", () => {
    expect(byId(r.orders, "250912YZABCD05")).toMatchObject({
      customerId: "fah.s", status: "pending", province: "Songkhla",
      items: [{ product: "Tipco Detox Green", quantity: 1, price: 99 }, { product: "Tipco Shine Mixed Fruit", sku: "TPC-SH-1L", quantity: 1, price: 30 }],
    });
  });

  it("reports an unknown status word and a bad quantity with their lines", () => {
    const lines = new TextDecoder().decode(fixture("shopee-en.csv")).split("\n");
    lines[3] = lines[3]!.replace(",To ship,", ",Lost in space,");
    lines[4] = lines[4]!.replace(",85,85,1,85,85,", ",85,85,1.5,85,85,");
    const res = parse(utf8(lines.join("\n")));
    expect(res.errors).toEqual([
      { line: 4, reason: expect.stringMatching(/^Order Status: "Lost in space" is not a known status word \(e\.g\. สำเร็จแล้ว,/) },
      { line: 5, reason: "Quantity: 1.5 is not a whole number" },
    ]);
  });

  it.each(Object.entries(SHOPEE_STATUS_WORDS).flatMap(([status, words]) => words.map((w) => [w, status])))("reads the status %s as %s", (word, status) => {
    const text = `Order ID,Order Status,Order Creation Date,Product Name,Deal Price,Quantity,Username (Buyer)\nX1,${word},2025-09-08 10:12,Juice,10,1,b\n`;
    expect(parse(utf8(text)).orders[0]!.status).toBe(status);
  });

  it("does not make an order returned for a refused or withdrawn return request", () => {
    const text = (ret: string) => `Order ID,Order Status,Return / Refund Status,Order Creation Date,Product Name,Deal Price,Quantity,Username (Buyer)\nX1,Completed,${ret},2025-09-08 10:12,Juice,10,1,b\n`;
    expect(parse(utf8(text("Request Rejected"))).orders[0]!.status).toBe("completed");
    expect(parse(utf8(text("คำขอถูกปฏิเสธ"))).orders[0]!.status).toBe("completed");
    expect(parse(utf8(text("-"))).orders[0]!.status).toBe("completed");
    expect(parse(utf8(text("Return Requested"))).orders[0]!.status).toBe("returned");
  });

  it("names the missing columns of a Shopee header, with the header's line", () => {
    const text = "Order ID,Order Status,Order Creation Date,Product Name,Quantity,Username (Buyer)\nX1,Completed,2025-09-08 10:12,Juice,1,b\n";
    expect(refusal(() => parse(utf8(text)))).toEqual({ message: "looks like a Shopee order export but has no column Deal Price / ราคาขาย", line: 1 });
  });
});

describe("Lazada export, one row per unit", () => {
  const r = parse(lazadaWorkbook());

  it("is recognised from the current camelCase headers (XLSX)", () => {
    expect(r).toMatchObject({ format: "lazada", encoding: "xlsx", rows: 10, errors: [] });
    expect(r.orders.map((o) => o.orderId)).toEqual(["405123456789012", "405123456789013", "405123456789014", "405123456789015", "405123456789016"]);
    expect(LAZADA_HEADER).toContain("orderItemId");
  });

  it("counts the units of an item as its quantity; the order's value is the sum of paidPrice", () => {
    const o = byId(r.orders, "405123456789012");
    expect(o.items).toEqual([
      { product: "Tipco Orange Juice 1L", sku: "TPC-OR-1L", quantity: 3, price: 89 },
      { product: "Tipco Apple Juice 1L", sku: "TPC-AP-1L", quantity: 1, price: 80 },
    ]);
    expect(basket(o)).toBe(347);
    // Units of one SKU paid at different prices stay apart, so the value stays exact.
    expect(byId(r.orders, "405123456789015").items.map((it) => [it.quantity, it.price])).toEqual([[1, 79], [1, 69]]);
  });

  it("reads dd Mon yyyy HH:mm as Bangkok time, and customerName as the customer", () => {
    expect(byId(r.orders, "405123456789012")).toMatchObject({ orderedAt: "2025-09-04T11:46:00+07:00", customerId: "Somsri K." });
  });

  it("maps the statuses; an order whose units differ takes pending, else completed, returned, cancelled", () => {
    expect(r.orders.map((o) => [o.status, o.statusRaw])).toEqual([
      ["completed", "delivered"], ["completed", "delivered, canceled"], ["pending", "ready_to_ship"], ["returned", "returned"], ["cancelled", "canceled"],
    ]);
  });

  it("takes the province from the bilingual shippingRegion, else billingAddr3", () => {
    expect(byId(r.orders, "405123456789012")).toMatchObject({ province: "Bangkok", location: "Bangkok and Vicinity" });
    expect(byId(r.orders, "405123456789013")).toMatchObject({ province: "Khon Kaen", location: "Upper Northeastern" });
    expect(byId(r.orders, "405123456789016")).toMatchObject({ province: "Phuket", location: "Southern" });
  });

  it("reads the older Title Case export (CSV)", () => {
    const old = parse(fixture("lazada-old.csv"));
    expect(old).toMatchObject({ format: "lazada", encoding: "utf-8", rows: 4, errors: [] });
    expect(old.orders).toEqual([
      {
        platform: "Lazada", orderId: "300100200300401", customerId: "Kanya P.", orderedAt: "2025-08-12T09:05:00+07:00", status: "completed",
        statusRaw: "Delivered", location: "Bangkok and Vicinity", province: "Nonthaburi",
        items: [{ product: "Tipco Orange Juice 1L", sku: "TPC-OR-1L", quantity: 2, price: 89 }],
      },
      {
        platform: "Lazada", orderId: "300100200300402", customerId: "Preecha S.", orderedAt: "2025-08-13T20:41:00+07:00", status: "pending",
        statusRaw: "Shipped", location: "Upper Northern", province: "Chiang Mai",
        items: [{ product: "Tipco Cool Coconut Water (350ml)", sku: "TPC-CW-350", quantity: 2, price: 35 }],
      },
    ]);
  });

  it("refuses a unit listed twice, a unit of the order with another customer, and an unknown status", () => {
    const rows = [
      ["1", "500", "S", "04 Sep 2025 11:46", "A", "Phuket", "", 10, "Juice", "", "delivered"],
      ["1", "500", "S", "04 Sep 2025 11:46", "A", "Phuket", "", 10, "Juice", "", "delivered"],
      ["2", "500", "S", "04 Sep 2025 11:46", "B", "Phuket", "", 10, "Juice", "", "delivered"],
      ["3", "501", "S", "31 Sep 2025 11:46", "A", "Phuket", "", 10, "Juice", "", "teleported"],
    ];
    const res = parse(lazadaWorkbook(rows));
    expect(res.errors).toEqual([
      { line: 3, reason: "orderItemId: 1 is already on line 2" },
      { line: 4, reason: "order 500: customer \"B\" differs from \"A\" on line 2" },
      { line: 5, reason: expect.stringMatching(/^status: "teleported" is not a known status word .*; createTime: "31 Sep 2025 11:46" is not an existing date and time$/) },
    ]);
  });

  it.each(Object.entries(LAZADA_STATUS_WORDS).flatMap(([status, words]) => words.map((w) => [w, status])))("reads the status %s as %s", (word, status) => {
    const res = parse(lazadaWorkbook([["1", "500", "S", "04 Sep 2025 11:46", "A", "", "", 10, "Juice", "", word]]));
    expect(res.orders[0]!.status).toBe(status);
  });
});

describe("recognising a file", () => {
  it("refuses a file of no known layout, saying which layouts it takes", () => {
    expect(refusal(() => parse(utf8("date,account_id,plan,metric,value\n2025-01-01,a,ma,reach,1\n")))).toEqual({ message: UNRECOGNISED_ORDERS });
    expect(UNRECOGNISED_ORDERS).toMatch(/documented orders CSV \(order_id, .*Shopee order export .*หมายเลขคำสั่งซื้อ.*Lazada order export \(orderNumber/);
  });

  it("refuses an empty file, a header without orders, and names missing documented columns", () => {
    expect(refusal(() => parse(new Uint8Array()))).toEqual({ message: "is empty" });
    expect(refusal(() => parse(utf8(`${DOC_HEADER}\n\n`)))).toEqual({ message: "has the header of the documented orders CSV (line 1) but no orders below it", line: 1 });
    expect(refusal(() => parse(utf8("order_id,ordered_at,product\nA,2025-01-01,x\n")))).toEqual({
      message: "looks like the documented orders CSV but has no columns platform, customer_id, status, quantity, price", line: 1,
    });
  });

  it("finds the header below a title line, and matches headers whatever their case, spaces, BOM or zero-width characters", () => {
    const text = `Orders export\n\uFEFFOrder\u00A0ID,ORDER STATUS,Order Creation Date,Product Name\u200B,Deal Price,Quantity,Username (Buyer)\nX1,Completed,2025-09-08 10:12,Juice,10,1,b\n`;
    const res = parse(utf8(text));
    expect(res).toMatchObject({ format: "shopee", errors: [] });
    expect(res.orders[0]!.orderId).toBe("X1");
  });

  it("refuses a quoted cell that is never closed, with its line", () => {
    expect(refusal(() => parse(utf8(`${DOC_HEADER}\nA,Shopee,c1,2025-09-08 10:12,completed,"Juice,,1,10,,\n`)))).toEqual({
      message: "the file is not valid CSV: the quoted cell starting on line 2 is never closed", line: 2,
    });
  });
});

describe("dates", () => {
  it.each([
    { raw: "2025-09-08 10:12", expected: "2025-09-08T10:12:00+07:00" },
    { raw: "2025-09-08 10:12:59", expected: "2025-09-08T10:12:59+07:00" },
    { raw: "2025-09-08", expected: "2025-09-08T00:00:00+07:00" },
    { raw: "2025-09-08T03:12:00Z", expected: "2025-09-08T10:12:00+07:00" },
    { raw: "2025-09-08T10:12:00.250+07:00", expected: "2025-09-08T10:12:00+07:00" },
    { raw: "2025-09-08T01:12+0000", expected: "2025-09-08T08:12:00+07:00" },
    { raw: "2568-09-08 10:12", expected: "2025-09-08T10:12:00+07:00" },
    { raw: "08/09/2025 10:12", expected: "2025-09-08T10:12:00+07:00" },
    { raw: "04 Jul 2022 11:46", expected: "2022-07-04T11:46:00+07:00" },
    { raw: "4 Sept 2022 23:05", expected: "2022-09-04T23:05:00+07:00" },
  ])("reads $raw", ({ raw, expected }) => {
    expect(readDateTime(raw, ["iso", "day-first", "day-month-name"], NOW)).toEqual({ ok: true, value: expected });
  });

  it.each([
    { raw: "", reason: "is empty" },
    { raw: "2025-13-01 10:00", reason: "\"2025-13-01 10:00\" is not an existing date and time" },
    { raw: "2025-09-08 24:00", reason: "\"2025-09-08 24:00\" is not an existing date and time" },
    { raw: "1999-12-31 23:59", reason: "\"1999-12-31 23:59\" is before 2000-01-01" },
    { raw: "2026-01-07 10:00", reason: "\"2026-01-07 10:00\" is in the future" },
    { raw: "yesterday", reason: "\"yesterday\" is not a date-time (expected YYYY-MM-DD HH:MM or an ISO date-time with an offset)" },
  ])("refuses $raw", ({ raw, reason }) => {
    expect(readDateTime(raw, ["iso"], NOW)).toEqual({ ok: false, reason });
  });
});
