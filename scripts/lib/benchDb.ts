/**
 * A scratch database for the service benchmarks: embedded PGlite in a temporary directory, or
 * (`--pg`) a database created on TEST_DATABASE_URL's server (default
 * postgres://postgres@127.0.0.1:5432/postgres); `drop()` removes either. Plus the timing helper
 * the benchmarks share.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { PGliteStorage } from "../../server/storage/pglite";
import { PostgresStorage } from "../../server/storage/postgres";
import type { Storage } from "../../server/storage/storage";

export interface BenchDb {
  readonly db: Storage;
  readonly usePg: boolean;
  readonly label: "PGlite" | "PostgreSQL";
  /** Closes the database and removes it. */
  drop(): Promise<void>;
}

export async function openBenchDb(name: string, usePg = process.argv.includes("--pg")): Promise<BenchDb> {
  const admin = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  const adminQuery = async (sql: string) => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(sql);
    await c.end();
  };
  if (!usePg) {
    const dir = mkdtempSync(path.join(os.tmpdir(), `bd-bench-${name}-`));
    const db = await PGliteStorage.open(path.join(dir, "pgdata"));
    return { db, usePg, label: "PGlite", drop: async () => { await db.close(); rmSync(dir, { recursive: true, force: true }); } };
  }
  const scratch = `bd_bench_${name}_${process.pid}`;
  await adminQuery(`CREATE DATABASE ${scratch}`);
  const url = new URL(admin);
  url.pathname = `/${scratch}`;
  const db = await PostgresStorage.open(url.toString());
  return { db, usePg, label: "PostgreSQL", drop: async () => { await db.close(); await adminQuery(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`); } };
}

/** Milliseconds since `t0`, rounded. */
export const msSince = (t0: number) => Math.round(performance.now() - t0);

/** p50 and p95 (nearest rank, 0.1 ms) of `runs` timed calls after `warmup` untimed ones. */
export async function percentiles(fn: () => Promise<unknown>, runs: number, warmup: number): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => Math.round(times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)]! * 10) / 10;
  return { p50: at(0.5), p95: at(0.95) };
}
