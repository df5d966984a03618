/**
 * The order files the benchmarks import (bench-commerce-import.ts, bench-import-stall.ts):
 * deterministic, so every run and every machine imports the same bytes.
 *
 * - `documentedCsv(rows)`: the documented orders CSV (docs/orders-import.md, "The documented
 *   CSV"): one row per item, 1–3 items per order, the order's fields repeated on each of its rows;
 *   orders alternate Shopee / Lazada; times in 2025, 20,000 customers, 10 products, 6 orders in
 *   10 `completed`; the province in English or in Thai (odd provinces), the region left empty (the
 *   import derives it). About 120 bytes a row (200,000 rows: 23.1 MB).
 * - `shopeeCsv(rows)`: a Shopee Seller Centre export as CSV with the Thai headers (UTF-8 with a
 *   BOM, 50 of the 74 columns, the shipping จังหวัด and the tax-invoice จังหวัด both present, order
 *   fields repeated on each SKU row).
 *
 * `rows` counts data rows (items), not orders: the last order is cut short to end exactly there.
 */
import { PROVINCES } from "../../domain/thaiRegions";

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PRODUCTS = [
  ["Tipco 100% Orange Juice 1L", "TPC-OR-1L", 89], ["Tipco 100% Apple Juice 1L", "TPC-AP-1L", 85], ["Tipco Shine Mixed Fruit 1L", "TPC-SH-1L", 69],
  ["Tipco Cool Coconut Water 350ml", "TPC-CW-350", 35], ["Tipco Tomato Juice 1L", "TPC-TM-1L", 79], ["Tipco Pineapple 100% 1L", "TPC-PA-1L", 79],
  ["Tipco Gift Set (6 bottles)", "TPC-GS-6", 520], ["Tipco Detox Green 1L", "TPC-DG-1L", 99], ["Tipco Orange 200ml × 36", "TPC-OR-200X36", 1_045.5],
  ["Tipco Orange 200ml × 3", "TPC-OR-200X3", 55],
] as const;
const VARIATIONS = ["", "ส้ม", "แพ็ค 3", "แพ็ค 6", "1 ลิตร"];

const pad = (n: number) => String(n).padStart(2, "0");
const csvCell = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

interface GenOrder { id: string; customer: string; at: string; status: number; province: number; items: Array<{ product: number; qty: number; variation: number }> }

/** Orders whose items add up to `rows` rows. */
function* orders(rows: number, seed: number): Generator<GenOrder> {
  const r = rng(seed);
  let left = rows;
  let n = 0;
  while (left > 0) {
    const k = Math.min(left, 1 + Math.floor(r() * 3));
    left -= k;
    n++;
    const day = Math.floor(r() * 365);
    const d = new Date(Date.UTC(2025, 0, 1 + day, Math.floor(r() * 24), Math.floor(r() * 60)));
    yield {
      id: `25${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${String(n).padStart(8, "0")}`,
      customer: `buyer${Math.floor(r() * 20_000)}`,
      at: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`,
      status: Math.floor(r() * 10),
      province: Math.floor(r() * PROVINCES.length),
      items: Array.from({ length: k }, () => ({ product: Math.floor(r() * PRODUCTS.length), qty: 1 + Math.floor(r() * 3), variation: Math.floor(r() * VARIATIONS.length) })),
    };
  }
}

const DOC_STATUS = ["completed", "completed", "completed", "completed", "completed", "pending", "pending", "cancelled", "returned", "completed"];
const SHOPEE_STATUS = ["สำเร็จแล้ว", "สำเร็จแล้ว", "สำเร็จแล้ว", "สำเร็จแล้ว", "สำเร็จแล้ว", "ที่ต้องจัดส่ง", "กำลังจัดส่ง", "ยกเลิกแล้ว", "สำเร็จแล้ว", "จัดส่งสำเร็จแล้ว"];

export function documentedCsv(rows: number): string {
  const out: string[] = ["order_id,platform,customer_id,ordered_at,status,product,sku,quantity,price,province,region"];
  let i = 0;
  for (const o of orders(rows, 6)) {
    const platform = i++ % 2 === 0 ? "Shopee" : "Lazada";
    const prov = PROVINCES[o.province]!;
    for (const it of o.items) {
      const [name, sku, price] = PRODUCTS[it.product]!;
      out.push([o.id, platform, o.customer, o.at, DOC_STATUS[o.status]!, name, sku, String(it.qty), price.toFixed(2), o.province % 2 ? prov.th : prov.en, ""].map(csvCell).join(","));
    }
  }
  return `${out.join("\n")}\n`;
}

/** The Thai Shopee header, 50 of the 74 columns of a full export, in their order. */
const SHOPEE_TH_HEADER = [
  "หมายเลขคำสั่งซื้อ", "สถานะการสั่งซื้อ", "สถานะการคืนเงินหรือคืนสินค้า", "*หมายเลขติดตามพัสดุ", "ตัวเลือกการจัดส่ง", "วิธีการจัดส่ง",
  "วันที่คาดว่าจะทำการจัดส่งสินค้า", "เวลาส่งสินค้า", "วันที่ทำการสั่งซื้อ", "เวลาการชำระสินค้า", "เลขอ้างอิง Parent SKU", "ชื่อสินค้า",
  "เลขอ้างอิง SKU (SKU Reference No.)", "ชื่อตัวเลือก", "ราคาตั้งต้น", "ราคาขาย", "จำนวน", "จำนวนที่ส่งคืน", "ราคาขายสุทธิ", "ส่วนลดจาก Shopee",
  "โค้ดส่วนลดชำระโดยผู้ขาย", "โค้ด Coins Cashback ชำระโดยผู้ขาย", "โค้ดส่วนลดชำระโดย Shopee", "โค้ดส่วนลด", "เข้าร่วมแคมเปญ bundle deal หรือไม่",
  "ส่วนลด bundle deal ชำระโดยผู้ขาย", "ส่วนลด bundle deal ชำระโดย Shopee", "ส่วนลดจากการใช้เหรียญ", "โปรโมชั่นช่องทางชำระเงินทั้งหมด",
  "ค่าคอมมิชชั่น", "Transaction Fee", "ค่าบริการ", "ค่าจัดส่งที่ชำระโดยผู้ซื้อ", "ค่าจัดส่งที่ Shopee ออกให้โดยประมาณ", "ค่าจัดส่งสินค้าคืน",
  "ราคาสินค้าที่ชำระโดยผู้ซื้อ (THB)", "จำนวนเงินทั้งหมด", "ค่าจัดส่งโดยประมาณ", "ชื่อผู้ใช้ (ผู้ซื้อ)", "ชื่อผู้รับ", "หมายเลขโทรศัพท์",
  "ที่อยู่ในการจัดส่ง", "จังหวัด", "เขต/อำเภอ", "รหัสไปรษณีย์", "ช่องทางการชำระเงิน", "ผู้ซื้อร้องขอใบกำกับภาษี", "จังหวัด", "เขต/อำเภอ", "รหัสไปรษณีย์",
];

export function shopeeCsv(rows: number): string {
  const col = (name: string) => SHOPEE_TH_HEADER.indexOf(name);
  const out: string[] = [SHOPEE_TH_HEADER.map(csvCell).join(",")];
  for (const o of orders(rows, 7)) {
    const prov = PROVINCES[o.province]!;
    const total = o.items.reduce((s, it) => s + PRODUCTS[it.product]![2] * it.qty, 0);
    for (const it of o.items) {
      const [name, sku, price] = PRODUCTS[it.product]!;
      const cells = SHOPEE_TH_HEADER.map(() => "");
      cells[col("หมายเลขคำสั่งซื้อ")] = o.id;
      cells[col("สถานะการสั่งซื้อ")] = SHOPEE_STATUS[o.status]!;
      cells[col("*หมายเลขติดตามพัสดุ")] = `TH${o.id}`;
      cells[col("ตัวเลือกการจัดส่ง")] = "Kerry Express";
      cells[col("วันที่ทำการสั่งซื้อ")] = o.at;
      cells[col("เวลาการชำระสินค้า")] = o.at;
      cells[col("เลขอ้างอิง Parent SKU")] = sku.split("-").slice(0, 2).join("-");
      cells[col("ชื่อสินค้า")] = name;
      cells[col("เลขอ้างอิง SKU (SKU Reference No.)")] = sku;
      cells[col("ชื่อตัวเลือก")] = VARIATIONS[it.variation]!;
      cells[col("ราคาตั้งต้น")] = (price * 1.2).toFixed(2);
      cells[col("ราคาขาย")] = price >= 1000 ? `฿${price.toLocaleString("en-US", { minimumFractionDigits: 2 })}` : price.toFixed(2);
      cells[col("จำนวน")] = String(it.qty);
      cells[col("จำนวนที่ส่งคืน")] = "0";
      cells[col("ราคาขายสุทธิ")] = (price * it.qty).toFixed(2);
      cells[col("จำนวนเงินทั้งหมด")] = total.toFixed(2);
      cells[col("ชื่อผู้ใช้ (ผู้ซื้อ)")] = o.customer;
      cells[col("ชื่อผู้รับ")] = "ส*****ย";
      cells[col("หมายเลขโทรศัพท์")] = "******89";
      cells[col("ที่อยู่ในการจัดส่ง")] = `99/9 หมู่ 1, ${prov.th}`;
      cells[col("จังหวัด")] = prov.th;
      cells[col("เขต/อำเภอ")] = "เมือง";
      cells[col("รหัสไปรษณีย์")] = "10110";
      cells[col("ช่องทางการชำระเงิน")] = "ShopeePay";
      cells[col("ผู้ซื้อร้องขอใบกำกับภาษี")] = "No";
      out.push(cells.map(csvCell).join(","));
    }
  }
  return `\uFEFF${out.join("\n")}\n`;
}

