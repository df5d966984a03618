/**
 * `npm run bench:kol-affiliate` runs this first (`npx tsx scripts/bench-kol.ts [--pg]`): speed of
 * the KOL Campaign calls (issue 16). Figures only, no assertion.
 *
 * Seeds a fresh database with the demo workspace (timing the seed and, on its own, its KOL part),
 * prints each demo campaign's figures (cost, views, engagements, CPE, ROI, the spread of CPE
 * between its KOLs), then times:
 * - `KolService.campaign` (the campaign page: figures, the campaign before it, leaderboard,
 *   bookings, posts) for every demo campaign: p50 and p95 of BENCH_KOL_RUNS runs (default 30)
 *   after 5 warm-up runs. Budget on the embedded database: p95 ≤ 50 ms.
 * - `KolService.overview` over the 12 months ending 2025-12-31 (the demo's campaigns are in 2024–2025) for each brand.
 *
 * Default: an embedded PGlite database in a temporary directory. --pg: a scratch database on
 * TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards.
 */
import os from "node:os";
import { KolService } from "../server/services/kol";
import { DEMO_EMAIL, seedDemo } from "../server/demo/seed";
import { seedDemoKol } from "../server/demo/kolDemo";
import { migrate } from "../server/storage/migrate";
import { msSince as ms, openBenchDb } from "./lib/benchDb";

const RUNS = Number(process.env.BENCH_KOL_RUNS ?? 30);
const CAMPAIGN_BUDGET_MS = 50;

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
  `${p.p50.toFixed(1)} / ${p.p95.toFixed(1)} (${p.cpu50.toFixed(0)} / ${p.cpu95.toFixed(0)})`;
const baht = (n: number | null) => (n === null ? "—" : `฿${Math.round(n).toLocaleString("en-US")}`);
const num = (n: number | null, d = 2) => (n === null ? "—" : n.toFixed(d));

const bench = await openBenchDb("kol");
const { db } = bench;
try {
  let t0 = performance.now();
  await migrate(db);
  console.log(`${bench.label}: migrations ${ms(t0)} ms`);
  t0 = performance.now();
  await seedDemo(db);
  console.log(`demo seed (all of it): ${ms(t0)} ms`);
  const count = (await db.query<{ campaigns: number; kols: number; bookings: number; posts: number }>(
    `SELECT (SELECT count(*) FROM kol_campaigns)::int AS campaigns, (SELECT count(*) FROM kols)::int AS kols,
            (SELECT count(*) FROM kol_bookings)::int AS bookings, (SELECT count(*) FROM kol_posts)::int AS posts`,
  )).rows[0]!;
  for (const table of ["kol_posts", "kol_bookings", "kol_campaigns", "kols"]) await db.query(`DELETE FROM ${table}`);
  t0 = performance.now();
  await db.transaction((tx) => seedDemoKol(tx));
  console.log(`of which the KOL demo: ${count.campaigns} campaigns, ${count.kols} KOLs, ${count.bookings} bookings, ${count.posts} posts in ${ms(t0)} ms`);

  const userId = (await db.query<{ id: number }>("SELECT id FROM users WHERE email = $1", [DEMO_EMAIL])).rows[0]!.id;
  const campaigns = (await db.query<{ id: number; brand: string; name: string }>(
    "SELECT c.id, b.name AS brand, c.name FROM kol_campaigns c JOIN brands b ON b.id = c.brand_id ORDER BY b.id, c.start_day",
  )).rows;
  const service = new KolService(db);

  console.log("\nThe demo campaigns (whole life):");
  console.log(`${"campaign".padEnd(48)} ${"cost".padStart(11)} ${"budget".padStart(11)} ${"KOLs".padStart(5)} ${"posts".padStart(5)} ${"views".padStart(11)} ${"eng.".padStart(9)} ${"ER".padStart(6)} ${"CPE".padStart(6)} ${"CPE max/min".padStart(11)} ${"ROI".padStart(6)} ${"EMV/฿".padStart(6)}`);
  for (const c of campaigns) {
    const d = await service.campaign(userId, c.brand, c.id);
    const cpes = d.kols.map((k) => k.cpe).filter((x): x is number => x !== null && x > 0);
    const spread = cpes.length > 1 ? Math.max(...cpes) / Math.min(...cpes) : null;
    const f = d.figures;
    console.log(`${c.name.padEnd(48)} ${baht(f.cost).padStart(11)} ${baht(d.plan.budget).padStart(11)} ${String(f.kols).padStart(5)} ${String(f.posts).padStart(5)} ${f.views.toLocaleString("en-US").padStart(11)} ${f.engagements.toLocaleString("en-US").padStart(9)} ${num(f.engagementRate === null ? null : f.engagementRate * 100, 1).padStart(5)}% ${num(f.cpe).padStart(6)} ${num(spread, 0).padStart(10)}× ${num(f.roi).padStart(6)} ${num(f.emvPerBaht).padStart(6)}`);
  }

  console.log(`\nKolService.campaign per demo campaign; ms p50 / p95 of ${RUNS} runs (CPU ms p50 / p95); load ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} CPUs`);
  let worstCampaign = 0;
  for (const c of campaigns) {
    const p = await timed(() => service.campaign(userId, c.brand, c.id), RUNS, 5);
    worstCampaign = Math.max(worstCampaign, p.p95);
    console.log(`${c.name.padEnd(48)} ${cell(p)}`);
  }

  console.log(`\nKolService.overview, 12 months 2025-01-01 .. 2025-12-31 (weeks); ms p50 / p95 of ${RUNS} runs`);
  let worstOverview = 0;
  for (const brand of [...new Set(campaigns.map((c) => c.brand))]) {
    const req = { brand, start: "2025-01-01", end: "2025-12-31" };
    const o = await service.overview(userId, req);
    const p = await timed(() => service.overview(userId, req), RUNS, 5);
    worstOverview = Math.max(worstOverview, p.p95);
    console.log(`${brand.padEnd(12)} cost ${baht(o.totals.cost)} (previous ${baht(o.previous.cost)}), ${o.totals.posts} posts, ${o.campaigns.length} campaigns: ${cell(p)}`);
  }
  console.log(`\ncampaign figures, worst p95: ${worstCampaign.toFixed(1)} ms (budget ${CAMPAIGN_BUDGET_MS} ms)`);
  console.log(`overview over 12 months, worst p95: ${worstOverview.toFixed(1)} ms`);
} finally {
  await bench.drop();
}
