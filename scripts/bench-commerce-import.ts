/**
 * `npx tsx scripts/bench-commerce-import.ts [--pg] [--rows N]` (part of `npm run bench:commerce`):
 * speed and memory of the orders import (issue 6). Figures only, no assertion.
 *
 * Generates two files of BENCH_ORDER_ROWS rows (default 100,000; `--rows N` too): the documented
 * orders CSV (one row per item, 1–3 items per order) and a Shopee Seller Centre export as CSV
 * with the Thai headers (UTF-8 with a BOM, 50 columns, the shipping จังหวัด and the tax-invoice
 * จังหวัด both present, order fields repeated on each SKU row). Each file is imported into a fresh
 * database with one brand, twice, each time by the command a user runs,
 * `npm run orders -- import FILE --brand B` (`node scripts/cli.mjs orders …`: the CLI's bundle
 * in plain Node): the first import inserts every order, the second finds every order unchanged
 * and writes nothing. Printed: wall time of each command (starting Node, opening the database,
 * reading the file, checking every row, comparing, writing, closing), rows/s, and the peak RSS
 * of the command's process (which includes the open database: ~150 MB of it on PGlite), read at
 * its exit by a preloaded module (`scripts/lib/reportPeakRss.mjs`). Budget: ≤ 20 s and
 * ≤ 500 MB for 100,000 rows.
 *
 * Default: embedded PGlite in a temporary directory (initialised in a separate process, as the
 * server does, so that initdb's heap is not counted, and given the brand before the runs). --pg: a scratch database on
 * TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { PROVINCES } from "../domain/thaiRegions";
import { migrate } from "../server/storage/migrate";
import { pgliteDir } from "../server/storage/open";
import { PGliteStorage } from "../server/storage/pglite";
import { PostgresStorage } from "../server/storage/postgres";
import type { Storage } from "../server/storage/storage";
import { ensureServerBuild } from "./lib/serverBuild.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const admin = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const BRAND = "Bench Brand";

/** One run of the orders CLI: what it printed, its wall time and its peak RSS (MB). */
interface CliRun { rows: number; orders: number; ms: number; rssPeak: number; counts: string }

function runCli(file: string, env: Record<string, string>): CliRun {
  const t0 = performance.now();
  const res = spawnSync(process.execPath, ["--import", "./scripts/lib/reportPeakRss.mjs", "scripts/cli.mjs", "orders", "import", file, "--brand", BRAND], {
    cwd: root, env: { ...process.env, ...env }, encoding: "utf8",
  });
  const ms = performance.now() - t0;
  if (res.status !== 0) throw new Error(`npm run orders -- import ${file} failed:\n${res.stdout}${res.stderr}`);
  const what = /(\d+) rows, (\d+) orders/.exec(res.stdout);
  const counts = /inserted \d+, updated \d+, unchanged \d+/.exec(res.stdout);
  const peak = /peak RSS (\d+) MB/.exec(res.stderr);
  if (!what || !counts || !peak) throw new Error(`unexpected output:\n${res.stdout}${res.stderr}`);
  return { rows: Number(what[1]), orders: Number(what[2]), ms, rssPeak: Number(peak[1]), counts: counts[0] };
}

/** A database with the bench's brand: the migrations, then the brand (as the demo seed would add one). */
async function prepare(db: Storage): Promise<void> {
  try {
    await migrate(db);
    await db.query("INSERT INTO brands (name) VALUES ($1) ON CONFLICT (name) DO NOTHING", [BRAND]);
  } finally {
    await db.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Generators (deterministic)

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

function documentedCsv(rows: number): string {
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

function shopeeCsv(rows: number): string {
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

// ---------------------------------------------------------------------------------------------
// Main

async function adminQuery(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(sql);
  await c.end();
}

async function main(): Promise<void> {
  const usePg = process.argv.includes("--pg");
  const rowsArg = process.argv.indexOf("--rows");
  const rows = Number(rowsArg >= 0 ? process.argv[rowsArg + 1] : (process.env.BENCH_ORDER_ROWS ?? 100_000));
  const dir = mkdtempSync(path.join(os.tmpdir(), "bd-bench-orders-"));
  try {
    let t0 = performance.now();
    const files = [
      { label: "documented CSV", file: path.join(dir, "orders.csv"), text: documentedCsv(rows) },
      { label: "Shopee TH CSV (50 columns)", file: path.join(dir, "Order.all.csv"), text: shopeeCsv(rows) },
    ];
    for (const f of files) writeFileSync(f.file, f.text);
    console.log(`generated ${rows} rows per file in ${Math.round(performance.now() - t0)} ms: ${files.map((f) => `${f.label} ${(Buffer.byteLength(f.text) / 1024 / 1024).toFixed(1)} MB`).join(", ")}`);
    console.log(`${usePg ? "PostgreSQL" : "PGlite"}; each file into a fresh database, in its own process; budget ≤ 20 s and ≤ 500 MB\n`);
    console.log(`${"file".padEnd(28)} ${"rows".padStart(7)} ${"orders".padStart(7)} ${"command".padStart(9)} ${"rows/s".padStart(8)} ${"RSS peak".padStart(9)}  result`);
    for (const [i, f] of files.entries()) {
      const dataDir = path.join(dir, `db${i}`);
      let databaseUrl: string | undefined;
      const scratch = `bd_bench_orders_${process.pid}_${i}`;
      if (usePg) {
        await adminQuery(`CREATE DATABASE ${scratch}`);
        const url = new URL(admin);
        url.pathname = `/${scratch}`;
        databaseUrl = url.toString();
        await prepare(await PostgresStorage.open(databaseUrl));
      } else {
        // initdb grows PGlite's heap to ~850 MB: done in a process of its own, as the server does.
        t0 = performance.now();
        const init = spawnSync(process.execPath, ["--import", "tsx", "server/storage/initEmbeddedMain.ts"], {
          cwd: root, env: { ...process.env, DATA_DIR: dataDir, SEED_DEMO: "false" }, stdio: "inherit",
        });
        if (init.status !== 0) throw new Error("initialising the embedded database failed");
        await prepare(await PGliteStorage.open(pgliteDir(dataDir)));
      }
      try {
        const env: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir, DATABASE_URL: "" };
        const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
        for (const [k, r] of [runCli(f.file, env), runCli(f.file, env)].entries()) {
          console.log(
            `${(k === 0 ? f.label : "  the same file again").padEnd(28)} ${String(r.rows).padStart(7)} ${String(r.orders).padStart(7)} ${s(r.ms).padStart(9)} ${String(Math.round(r.rows / (r.ms / 1000))).padStart(8)} ${`${r.rssPeak} MB`.padStart(9)}  ${r.counts}${r.ms <= 20_000 && r.rssPeak <= 500 ? "" : "  (OVER budget)"}`,
          );
        }
      } finally {
        if (usePg) await adminQuery(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await ensureServerBuild();
await main();
