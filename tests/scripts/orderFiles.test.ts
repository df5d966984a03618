// The benchmarks' order files (scripts/lib/orderFiles.ts): what bench-commerce-import.ts and
// bench-import-stall.ts report as "N rows" must be N data rows, the same bytes on every run, in
// the documented layout (docs/orders-import.md) with each order's rows together.
import { describe, expect, it } from "vitest";
import { documentedCsv, shopeeCsv } from "../../scripts/lib/orderFiles";

const lines = (text: string) => text.replace(/\n$/, "").split("\n");

describe("documentedCsv", () => {
  it("holds the documented header and exactly the rows asked for, the same on every call", () => {
    const text = documentedCsv(1_001);
    const [header, ...rows] = lines(text);
    expect(header).toBe("order_id,platform,customer_id,ordered_at,status,product,sku,quantity,price,province,region");
    expect(rows).toHaveLength(1_001);
    expect(documentedCsv(1_001)).toBe(text);
  });

  it("writes orders of 1 to 3 items whose rows follow each other and repeat the order's fields", () => {
    const rows = lines(documentedCsv(3_000)).slice(1).map((r) => r.split(","));
    const orders = new Map<string, string[][]>();
    let previous = "";
    for (const r of rows) {
      const id = r[0]!;
      if (id !== previous) expect(orders.has(id)).toBe(false);
      orders.set(id, [...(orders.get(id) ?? []), r]);
      previous = id;
    }
    expect(orders.size).toBeGreaterThan(1_000);
    for (const items of orders.values()) {
      expect(items.length).toBeGreaterThanOrEqual(1);
      expect(items.length).toBeLessThanOrEqual(3);
      // platform, customer, time, status and province are the order's, on each of its rows
      for (const it of items) expect([it[1], it[2], it[3], it[4], it[9]]).toEqual([items[0]![1], items[0]![2], items[0]![3], items[0]![4], items[0]![9]]);
    }
  });
});

describe("shopeeCsv", () => {
  it("starts with a BOM and the Thai header, and holds exactly the rows asked for, the same on every call", () => {
    const text = shopeeCsv(500);
    expect(text.startsWith("\uFEFFหมายเลขคำสั่งซื้อ,สถานะการสั่งซื้อ,")).toBe(true);
    expect(lines(text)).toHaveLength(501);
    expect(shopeeCsv(500)).toBe(text);
  });
});
