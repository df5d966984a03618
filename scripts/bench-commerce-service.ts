/**
 * `npx tsx scripts/bench-commerce-service.ts [--pg]` (part of `npm run bench:commerce`): speed of
 * the E-Commerce figures and the CRM customers (issue 6). Figures only, no assertion.
 *
 * Seeds a fresh database with the demo workspace (timing the seed, whose orders part is the recent
 * months, and the fill of the older months), then times `CommerceService.figures` and
 * `CommerceService.customers` (brand check, SQL, shaping) for Tipco, the busiest demo brand, over
 * 1, 3 and 12 months ending today: for All channel without a filter, for a filtered request
 * (Shopee, two regions, completed and pending, basket from ฿100) and for a product filter. p50 and
 * p95 of BENCH_COMMERCE_RUNS runs (default 30) after 5 warm-up runs. Budget: figures over 12
 * months p95 ≤ 150 ms on the embedded database. Also timed: the first figures call after a write
 * of the brand's orders (the service then reads the brand's orders again: server/services/orderTable.ts).
 *
 * Default: an embedded PGlite database in a temporary directory. --pg: a scratch database on
 * TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards.
 */
import { DateTime } from "luxon";
import type { CommerceFilter, CommerceRequest } from "../domain/commerce";
import { CommerceService } from "../server/services/commerce";
import { fillDemoOrders } from "../server/demo/commerceDemo";
import { DEMO_EMAIL, seedDemo } from "../server/demo/seed";
import { migrate } from "../server/storage/migrate";
import { msSince as ms, openBenchDb, percentiles as timed } from "./lib/benchDb";

const RUNS = Number(process.env.BENCH_COMMERCE_RUNS ?? 30);
const BUDGET_MS = 150;

async function percentiles(fn: () => Promise<unknown>) {
  return timed(fn, RUNS, 5);
}

/** p50 / p95 of the times `fn` answers (the part of each run it measured itself). */
async function ownPercentiles(fn: () => Promise<number>, runs: number) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await fn());
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95) };
}

const bench = await openBenchDb("commerce");
const { db, usePg } = bench;
try {
  let t0 = performance.now();
  await migrate(db);
  console.log(`${bench.label}: migrations ${ms(t0)} ms`);
  t0 = performance.now();
  await seedDemo(db);
  console.log(`demo seed (metrics + recent o2o and orders months + user): ${ms(t0)} ms`);
  t0 = performance.now();
  const older = await fillDemoOrders(db);
  const count = (await db.query<{ orders: number; items: number; customers: number }>(
    `SELECT (SELECT count(*) FROM orders)::int AS orders, (SELECT count(*) FROM order_items)::int AS items,
            (SELECT count(*) FROM order_customers)::int AS customers`,
  )).rows[0]!;
  console.log(`older orders months (the server writes them in the background): ${older} orders in ${ms(t0)} ms; `
    + `${count.orders} orders, ${count.items} items, ${count.customers} customers in all`);

  const userId = (await db.query<{ id: number }>("SELECT id FROM users WHERE email = $1", [DEMO_EMAIL])).rows[0]!.id;
  const brandId = (await db.query<{ id: number }>("SELECT id FROM brands WHERE name = 'Tipco'")).rows[0]!.id;
  const service = new CommerceService(db);
  const today = DateTime.now().setZone("Asia/Bangkok");
  const end = today.toFormat("yyyy-MM-dd");
  const variants: Array<[string, Pick<CommerceRequest, "channel">, CommerceFilter]> = [
    ["All channel, no filter", { channel: "All channel" }, {}],
    ["filtered (Shopee, 2 regions, NMV, ≥฿100)", { channel: "Shopee" }, {
      locations: ["Bangkok and Vicinity", "Central"], statuses: ["completed", "pending"], basketMin: 100,
    }],
    ["product filter (2 products)", { channel: "All channel" }, {
      products: ["Tipco น้ำส้มสายน้ำผึ้ง 100% 1000 มล.", "Tipco น้ำมะพร้าวน้ำหอม 100% 1000 มล."],
    }],
  ];
  const months = [1, 3, 12];
  console.log(`\nCommerceService, Tipco, ranges ending today (${end}); ms, p50 / p95 of ${RUNS} runs`);
  console.log(`${"call".padEnd(54)} ${months.map((m) => `${m} month${m > 1 ? "s" : ""}`.padStart(15)).join(" ")}`);
  let worst12 = 0;
  for (const call of ["figures", "customers"] as const) {
    for (const [name, channel, filter] of variants) {
      const cells: string[] = [];
      for (const m of months) {
        const start = today.minus({ months: m }).plus({ days: 1 }).toFormat("yyyy-MM-dd");
        const req: CommerceRequest = { brand: "Tipco", start, end, ...channel, filter };
        const { p50, p95 } = await percentiles(() => (call === "figures" ? service.figures(userId, req) : service.customers(userId, req)));
        if (call === "figures" && m === 12 && name.startsWith("All")) worst12 = p95;
        cells.push(`${p50.toFixed(1)} / ${p95.toFixed(1)}`.padStart(15));
      }
      console.log(`${`${call}: ${name}`.padEnd(54)} ${cells.join(" ")}`);
    }
    if (call === "figures") {
      // The first call after a write of the brand's orders reads them all again (orderTable.ts):
      // each run moves the version with a write that changes nothing, then times one call.
      const cells: string[] = [];
      for (const m of months) {
        const start = today.minus({ months: m }).plus({ days: 1 }).toFormat("yyyy-MM-dd");
        const req: CommerceRequest = { brand: "Tipco", start, end, channel: "All channel", filter: {} };
        const { p50, p95 } = await ownPercentiles(async () => {
          await db.query("UPDATE orders_versions SET version = version + 1 WHERE brand_id = $1", [brandId]);
          const t0 = performance.now();
          await service.figures(userId, req);
          return performance.now() - t0;
        }, Math.max(5, Math.round(RUNS / 3)));
        cells.push(`${p50.toFixed(1)} / ${p95.toFixed(1)}`.padStart(15));
      }
      console.log(`${"  first call after a write (All channel, no filter)".padEnd(54)} ${cells.join(" ")}`);
    }
  }
  console.log(`\nfigures over 12 months, All channel: p95 ${worst12} ms (budget ${BUDGET_MS} ms${usePg ? ", set for the embedded database" : ""}): `
    + `${worst12 <= BUDGET_MS ? "within" : "OVER"} budget`);
} finally {
  await bench.drop();
}
