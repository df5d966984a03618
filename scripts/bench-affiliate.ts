/**
 * `npm run bench:kol-affiliate` (after the KOL part; alone: `npx tsx scripts/bench-affiliate.ts
 * [--pg]`): speed of the Affiliate figures (issue 16). Figures only, no assertion.
 *
 * Seeds a fresh database with the whole demo (the seed, then every older month, as the tests'
 * database: the demo's affiliate conversions are written with its orders), then times
 * `AffiliateService.figures` (brand check, versions, summing in memory) for Aura, the demo brand
 * with the most affiliate orders, over 3, 12 and 24 months ending today: all affiliates and both
 * platforms, Shopee only, and narrowed to the two biggest affiliates (a leaderboard click); p50
 * and p95 of BENCH_AFFILIATE_RUNS runs (default 30) after 5 warm-up runs. Budget on the embedded
 * database: 12 months p95 ≤ 100 ms. Also the first call of each brand (its data read once per
 * version of its orders and affiliate data), and the 12 months' figures themselves.
 *
 * Default: an embedded PGlite database in a temporary directory. --pg: a scratch database on
 * TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards.
 */
import os from "node:os";
import { DateTime } from "luxon";
import type { AffiliateFiguresRequest } from "../domain/affiliateContract";
import { AffiliateService } from "../server/services/affiliate";
import { DEMO_EMAIL, seedDemo } from "../server/demo/seed";
import { fillDemo } from "../server/demo/demoFill";
import { migrate } from "../server/storage/migrate";
import { msSince as ms, openBenchDb } from "./lib/benchDb";

const RUNS = Number(process.env.BENCH_AFFILIATE_RUNS ?? 30);
const BUDGET_MS = 100;

/** p50 and p95 (nearest rank) of `runs` timed calls after `warmup` untimed ones: wall time and the process's CPU time. */
async function timed(fn: () => Promise<unknown>, runs: number, warmup: number): Promise<{ p50: number; p95: number; cpu50: number; cpu95: number }> {
  for (let i = 0; i < warmup; i++) await fn();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await fn();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  const rank = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(q * xs.length) - 1)]!;
  return { p50: rank(wall, 0.5), p95: rank(wall, 0.95), cpu50: rank(cpu, 0.5), cpu95: rank(cpu, 0.95) };
}
const cell = (p: { p50: number; p95: number; cpu50: number; cpu95: number }) =>
  `${p.p50.toFixed(1)} / ${p.p95.toFixed(1)} (${p.cpu50.toFixed(0)} / ${p.cpu95.toFixed(0)})`.padStart(26);

const bench = await openBenchDb("affiliate");
const { db } = bench;
try {
  let t0 = performance.now();
  await migrate(db);
  console.log(`${bench.label}: migrations ${ms(t0)} ms`);
  t0 = performance.now();
  await seedDemo(db);
  console.log(`demo seed: ${ms(t0)} ms`);
  t0 = performance.now();
  await fillDemo(db);
  console.log(`demo's older months (orders, affiliate conversions, o2o): ${ms(t0)} ms`);
  const counts = (await db.query<{ name: string; rows: number; orders: number; affiliates: number; clicks: number }>(
    `SELECT b.name, count(*)::int AS rows, count(DISTINCT (c.platform, c.order_id))::int AS orders, count(DISTINCT c.affiliate)::int AS affiliates,
            (SELECT count(*) FROM affiliate_clicks k WHERE k.brand_id = b.id)::int AS clicks
       FROM affiliate_conversions c JOIN brands b ON b.id = c.brand_id GROUP BY b.id, b.name ORDER BY b.name`,
  )).rows;
  for (const c of counts) console.log(`  ${c.name}: ${c.rows} conversion rows, ${c.orders} orders, ${c.affiliates} affiliates, ${c.clicks} click rows`);

  const userId = (await db.query<{ id: number }>("SELECT id FROM users WHERE email = $1", [DEMO_EMAIL])).rows[0]!.id;
  const today = DateTime.now().setZone("Asia/Bangkok").toFormat("yyyy-MM-dd");
  const end = DateTime.fromISO(today);
  const scope = (m: number): AffiliateFiguresRequest => ({ brand: "Aura", start: end.minus({ months: m }).plus({ days: 1 }).toFormat("yyyy-MM-dd"), end: today });

  const service = new AffiliateService(db);
  for (const brand of ["Tipco", "Aura", "Aura Move"]) {
    t0 = performance.now();
    await service.figures(userId, { ...scope(12), brand });
    console.log(`first call (the brand's data read): ${brand} ${ms(t0)} ms`);
  }
  const year = await service.figures(userId, scope(12));
  const biggest = year.byAffiliate.slice(0, 2).map((r) => r.affiliate);

  const months = [3, 12, 24];
  const variants: Array<[string, Partial<AffiliateFiguresRequest>]> = [
    ["figures, both platforms", {}],
    ["figures, Shopee", { platform: "Shopee" }],
    [`figures, 2 affiliates (${biggest.join(", ")})`.slice(0, 42), { affiliates: biggest }],
  ];
  console.log(`\nAffiliateService.figures, Aura, ranges ending today (${today}); ms, p50 / p95 of ${RUNS} runs (CPU ms p50 / p95); load ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} CPUs`);
  console.log(`${"call".padEnd(42)} ${months.map((m) => `${m} months`.padStart(26)).join(" ")}`);
  let worst = 0;
  for (const [name, extra] of variants) {
    const cells: string[] = [];
    for (const m of months) {
      const p = await timed(() => service.figures(userId, { ...scope(m), ...extra }), RUNS, 5);
      if (m === 12) worst = Math.max(worst, p.p95);
      cells.push(cell(p));
    }
    console.log(`${name.padEnd(42)} ${cells.join(" ")}`);
  }
  console.log(`\n12 months p95 (worst variant): ${worst.toFixed(1)} ms — budget ${BUDGET_MS} ms on the embedded database: ${worst <= BUDGET_MS ? "within" : "OVER"}`);

  const t = year.totals;
  const pct = (x: number | null) => (x === null ? "—" : `${(x * 100).toFixed(1)} %`);
  console.log(`\nAura, ${scope(12).start} – ${today}: ${t.orders} orders through ${t.affiliates} affiliates, GMV ฿${t.gmv.toLocaleString("en")} `
    + `(${pct(year.gmvShare)} of e-commerce GMV ฿${year.commerceGmv.toLocaleString("en")}), NMV ฿${t.nmv.toLocaleString("en")}, commission ฿${t.commission.toLocaleString("en")} `
    + `(rate ${pct(t.commissionRate)}, ROI ${t.roi?.toFixed(1) ?? "—"}), clicks ${t.clicks ?? "—"} (conversion ${pct(t.conversionRate)}), `
    + `customers ${t.newCustomers} new / ${t.returningCustomers} returning, ${t.unmatchedOrders} unmatched`);
  console.log(`top affiliates: ${year.byAffiliate.slice(0, 5).map((r) => `${r.affiliate} (${r.platform}) ฿${r.gmv.toLocaleString("en")} ${pct(r.gmvShare)}`).join("; ")}; others: ${year.others.affiliates} affiliates`);
  console.log(`top products: ${year.byProduct.slice(0, 3).map((p) => `${p.product} ฿${p.gmv.toLocaleString("en")}`).join("; ")}`);
} finally {
  await bench.drop();
}
