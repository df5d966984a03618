/**
 * `npx tsx scripts/bench-o2o-service.ts [--pg]`: seeds a fresh database with the demo workspace,
 * prints how long the seed and its o2o part take and how many rollup rows there are, then times
 * each query of server/services/o2oRollups.ts over 1, 3 and 12 months ending today (median of 5).
 * Figures only: no assertion.
 *
 * Default: an embedded PGlite database in a temporary directory. --pg: a scratch database on
 * TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { seedDemo } from "../server/services/seed";
import { completeHoursEnd, insertDemoO2O, O2O_DEMO_START } from "../server/services/o2oDemo";
import { O2ORollups, type UnixRange } from "../server/services/o2oRollups";
import { migrate } from "../server/storage/migrate";
import { PGliteStorage } from "../server/storage/pglite";
import { PostgresStorage } from "../server/storage/postgres";
import type { Storage } from "../server/storage/storage";

const usePg = process.argv.includes("--pg");
const admin = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const scratch = `bd_bench_o2o_${process.pid}`;
const dir = mkdtempSync(path.join(os.tmpdir(), "bd-bench-o2o-"));

async function adminQuery(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(sql);
  await c.end();
}

async function open(): Promise<Storage> {
  if (!usePg) return PGliteStorage.open(path.join(dir, "pgdata"));
  await adminQuery(`CREATE DATABASE ${scratch}`);
  const url = new URL(admin);
  url.pathname = `/${scratch}`;
  return PostgresStorage.open(url.toString());
}

const ms = (t0: number) => Math.round(performance.now() - t0);

async function median(fn: () => Promise<unknown>, runs = 5): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(runs / 2)]! * 10) / 10;
}

const db = await open();
try {
  let t0 = performance.now();
  await migrate(db);
  console.log(`${usePg ? "PostgreSQL" : "PGlite"}: migrations ${ms(t0)} ms`);
  t0 = performance.now();
  await seedDemo(db);
  console.log(`demo seed (metrics + o2o + user): ${ms(t0)} ms`);
  const rows = (await db.query<{ n: number; mb: number }>(
    "SELECT count(*)::float8 AS n, (pg_total_relation_size('o2o_hourly') / 1048576.0)::float8 AS mb FROM o2o_hourly",
  )).rows[0]!;
  await db.query("DELETE FROM o2o_hourly");
  t0 = performance.now();
  const written = await db.transaction((tx) => insertDemoO2O(tx, O2O_DEMO_START, completeHoursEnd(new Date())));
  console.log(`o2o rollups alone: ${written} rows in ${ms(t0)} ms (table and index: ${rows.mb.toFixed(0)} MB; ${rows.n} rows after the seed)`);

  const o2o = new O2ORollups(db);
  const end = completeHoursEnd(new Date());
  const dayStart = Math.floor((end + 7 * 3600) / 86400) * 86400 - 7 * 3600;
  console.log("\nquery (campaigns)                         1 month   3 months   12 months   (ms, median of 5)");
  const spans = [30, 91, 365];
  const cases: Array<[string, (r: UnixRange, daily: UnixRange[]) => Promise<unknown>]> = [];
  for (const campaigns of [[1], [1, 2, 3]]) {
    const c = `(${campaigns.join(",")})`;
    cases.push(
      [`totals, one range ${c}`, (r) => o2o.totals({ campaigns, ranges: [r] })],
      [`totals, one range per day ${c}`, (_, daily) => o2o.totals({ campaigns, ranges: daily })],
      [`bySex ${c}`, (r) => o2o.bySex({ campaigns, ranges: [r] })],
      [`byAge ${c}`, (r) => o2o.byAge({ campaigns, ranges: [r] })],
      [`bySexAge ${c}`, (r) => o2o.bySexAge({ campaigns, ranges: [r] })],
      [`dwellHistogram ${c}`, (r) => o2o.dwellHistogram({ campaigns, ranges: [r] })],
      [`emotions ${c}`, (r) => o2o.emotions({ campaigns, ranges: [r] })],
      [`hoursOfDay, one range per day ${c}`, (_, daily) => o2o.hoursOfDay({ campaigns, ranges: daily })],
      [`series by month ${c}`, (r) => o2o.series({ campaigns, from: r.from, to: r.to, interval: "month" })],
      [`series by month per content ${c}`, (r) => o2o.series({ campaigns, from: r.from, to: r.to, interval: "month", by: "content" })],
      [`series by day ${c}`, (r) => o2o.series({ campaigns, from: r.from, to: r.to, interval: 86400 })],
    );
  }
  for (const [name, run] of cases) {
    const cells: string[] = [];
    for (const span of spans) {
      const from = dayStart - (span - 1) * 86400;
      const range = { from, to: dayStart + 86400 };
      const daily = Array.from({ length: span }, (_, i) => ({ from: from + i * 86400, to: from + (i + 1) * 86400 }));
      cells.push(String(await median(() => run(range, daily))).padStart(9));
    }
    console.log(`${name.padEnd(40)} ${cells.join("  ")}`);
  }
} finally {
  await db.close();
  if (usePg) await adminQuery(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
  rmSync(dir, { recursive: true, force: true });
}
