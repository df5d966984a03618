/**
 * `npm run bench:ads` (`npx tsx scripts/bench-ads.ts [--pg]`): speed of the Ads & Automation
 * calls (issue 15). Figures only, no assertion.
 *
 * Seeds a fresh database with the demo workspace (timing the seed, whose campaigns and ad days
 * part is timed on its own too), then:
 * - times `AdsService.figures` (brand check, campaigns, the grouped ad days, shaping) for Tipco,
 *   the demo brand with the most accounts, over 1, 3 and 12 months ending today: the campaign
 *   table for All Channel, a drill-down into the always-on sales campaign's ad sets, TikTok
 *   only; p50 and p95 of BENCH_ADS_RUNS runs (default 30) after 5 warm-up runs. Budget on the
 *   embedded database: 12 months p95 ≤ 100 ms.
 * - times evaluating 50 rules (every metric, the four conditions, windows of 1 to 90 days, brand,
 *   channel and campaign scopes, pacing against a KPI template) over the 12 months up to today
 *   for Tipco, alerts written: p50 and p95 of 10 runs after one warm-up. Budget: ≤ 1 s.
 *
 * Default: an embedded PGlite database in a temporary directory. --pg: a scratch database on
 * TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards.
 * (The ads import's benchmark runs after this one in `npm run bench:ads`.)
 */
import os from "node:os";
import { DateTime } from "luxon";
import { addDays } from "../domain/calendarDays";
import { RULE_METRICS, ADS_RULE_CONDITIONS } from "../domain/adsRules";
import type { AdsFiguresRequest } from "../domain/adsContract";
import { AdsService } from "../server/services/ads";
import { evaluateBrandRules } from "../server/services/adsRules";
import { DEMO_EMAIL, seedDemo } from "../server/demo/seed";
import { seedDemoAds } from "../server/demo/adsDemo";
import { migrate } from "../server/storage/migrate";
import { msSince as ms, openBenchDb } from "./lib/benchDb";

const RUNS = Number(process.env.BENCH_ADS_RUNS ?? 30);
const RULE_RUNS = 10;
const FIGURES_BUDGET_MS = 100;
const RULES_BUDGET_MS = 1000;

/**
 * p50 and p95 (nearest rank) of `runs` timed calls after `warmup` untimed ones: wall time, and
 * the process's CPU time (PGlite runs in the process), which a busy machine inflates far less.
 */
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

const bench = await openBenchDb("ads");
const { db } = bench;
try {
  let t0 = performance.now();
  await migrate(db);
  console.log(`${bench.label}: migrations ${ms(t0)} ms`);
  t0 = performance.now();
  await seedDemo(db);
  console.log(`demo seed (all of it): ${ms(t0)} ms`);
  const today = DateTime.now().setZone("Asia/Bangkok").toFormat("yyyy-MM-dd");
  const count = (await db.query<{ campaigns: number; ads: number; days: number }>(
    "SELECT (SELECT count(*) FROM ad_campaigns)::int AS campaigns, (SELECT count(*) FROM ads)::int AS ads, (SELECT count(*) FROM ad_days)::int AS days",
  )).rows[0]!;
  // The ads part alone, written again into emptied tables.
  for (const table of ["ad_days", "ads", "ad_sets", "ad_campaigns"]) await db.query(`DELETE FROM ${table}`);
  t0 = performance.now();
  await db.transaction((tx) => seedDemoAds(tx, today));
  console.log(`of which demo ads: ${count.campaigns} campaigns, ${count.ads} ads, ${count.days} ad days in ${ms(t0)} ms`);

  const userId = (await db.query<{ id: number }>("SELECT id FROM users WHERE email = $1", [DEMO_EMAIL])).rows[0]!.id;
  const brandId = (await db.query<{ id: number }>("SELECT id FROM brands WHERE name = 'Tipco'")).rows[0]!.id;
  const alwaysOn = (await db.query<{ id: string }>("SELECT id FROM ad_campaigns WHERE brand_id = $1 AND name = 'Tipco Always-on Sales'", [brandId])).rows[0]!.id;
  const service = new AdsService(db);
  const end = DateTime.fromISO(today);
  const months = [1, 3, 12];
  const scope = (m: number): AdsFiguresRequest => ({
    brand: "Tipco", start: end.minus({ months: m }).plus({ days: 1 }).toFormat("yyyy-MM-dd"), end: today, channel: "All Channel",
  });
  const variants: Array<[string, Partial<AdsFiguresRequest>]> = [
    ["figures, campaigns, All Channel", {}],
    ["figures, ad sets of the always-on sales", { level: "adSet", parent: alwaysOn }],
    ["figures, TikTok, sorted by CTR", { channel: "TikTok", sort: "ctr", order: "asc" }],
  ];
  console.log(`\nAdsService.figures, Tipco, ranges ending today (${today}); ms, p50 / p95 of ${RUNS} runs (CPU ms p50 / p95); load ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} CPUs`);
  console.log(`${"call".padEnd(42)} ${months.map((m) => `${m} month${m > 1 ? "s" : ""}`.padStart(26)).join(" ")}`);
  let worstFigures = 0;
  for (const [name, extra] of variants) {
    const cells: string[] = [];
    for (const m of months) {
      const p = await timed(() => service.figures(userId, { ...scope(m), ...extra }), RUNS, 5);
      if (m === 12) worstFigures = Math.max(worstFigures, p.p95);
      cells.push(cell(p));
    }
    console.log(`${name.padEnd(42)} ${cells.join(" ")}`);
  }

  // 50 rules of every kind, and a KPI template for pacing.
  await db.query(
    "INSERT INTO kpi_templates (user_id, title, body) VALUES ($1, 'Bench plan', $2)",
    [userId, JSON.stringify({ title: "Bench plan", Budget: "", MA: { setMonth: [] }, ADS: { setMonth: [{ startDate: addDays(today, -400), endDate: today, budget: 4_000_000 }] }, RFM: [] })],
  );
  const campaigns = (await db.query<{ id: string }>("SELECT id FROM ad_campaigns WHERE brand_id = $1 ORDER BY id LIMIT 5", [brandId])).rows.map((r) => r.id);
  const scopes = [{ kind: "brand" }, { kind: "channel", channel: "facebook" }, { kind: "channel", channel: "tiktok" }, { kind: "campaigns", campaigns }];
  for (let i = 0; i < 50; i++) {
    const metric = RULE_METRICS[i % RULE_METRICS.length]!;
    const condition = metric === "pacing" ? (i % 2 === 0 ? "above" : "below") : ADS_RULE_CONDITIONS[i % ADS_RULE_CONDITIONS.length]!;
    const threshold = condition === "dropsBy" || condition === "risesBy" ? 20 : metric === "pacing" ? 110 : metric === "ctr" ? 0.01 : metric === "frequency" ? 2 : 100;
    await db.query(
      "INSERT INTO ads_rules (brand_id, name, scope, metric, condition, threshold, window_days, created_by, updated_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)",
      [brandId, `Bench rule ${i + 1}`, JSON.stringify(scopes[i % scopes.length]), metric, condition, threshold, [1, 3, 7, 14, 30, 90][i % 6], userId],
    );
  }
  const start = addDays(today, -364);
  // The first evaluation writes every alert; later ones (the same figures) write nothing.
  const c0 = process.cpuUsage();
  t0 = performance.now();
  const first = await evaluateBrandRules(db, brandId, start, today);
  const firstCpu = process.cpuUsage(c0);
  console.log(`\n50 rules over 12 months of Tipco (${start} .. ${today}): ${first.alerts} alerts`);
  console.log(`first evaluation (writes them all): ${ms(t0)} ms (CPU ${Math.round((firstCpu.user + firstCpu.system) / 1000)} ms)`);
  const p = await timed(() => evaluateBrandRules(db, brandId, start, today), RULE_RUNS, 1);
  console.log(`evaluating again, ms p50 / p95 of ${RULE_RUNS} runs (CPU p50 / p95): ${cell(p).trim()}`);
  console.log(`\nfigures over 12 months, worst p95: ${worstFigures.toFixed(1)} ms (budget ${FIGURES_BUDGET_MS} ms)`);
  console.log(`50 rules over 12 months, p95: ${p.p95.toFixed(1)} ms (budget ${RULES_BUDGET_MS} ms)`);
} finally {
  await bench.drop();
}
