/**
 * A scratch database for the service benchmarks: embedded PGlite in a temporary directory, or
 * (`--pg`) a database created on TEST_DATABASE_URL's server (default
 * postgres://postgres@127.0.0.1:5432/postgres); `drop()` removes either. `prepareProcessDb` makes
 * the same for the benchmarks that run the server or a CLI as their own processes. Plus the
 * timing helper the benchmarks share.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { migrate } from "../../server/storage/migrate";
import { pgliteDir } from "../../server/storage/open";
import { PGliteStorage } from "../../server/storage/pglite";
import { PostgresStorage } from "../../server/storage/postgres";
import type { Storage } from "../../server/storage/storage";
import { ensureServerBuild, serverBundle } from "./serverBuild.mjs";

export interface BenchDb {
  readonly db: Storage;
  readonly usePg: boolean;
  readonly label: "PGlite" | "PostgreSQL";
  /** Closes the database and removes it. */
  drop(): Promise<void>;
}

export async function openBenchDb(name: string, usePg = process.argv.includes("--pg")): Promise<BenchDb> {
  const admin = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  if (!usePg) {
    const dir = mkdtempSync(path.join(os.tmpdir(), `bd-bench-${name}-`));
    const db = await PGliteStorage.open(path.join(dir, "pgdata"));
    return { db, usePg, label: "PGlite", drop: async () => { await db.close(); rmSync(dir, { recursive: true, force: true }); } };
  }
  const scratch = `bd_bench_${name}_${process.pid}`;
  await adminQuery(admin, `CREATE DATABASE ${scratch}`);
  const url = new URL(admin);
  url.pathname = `/${scratch}`;
  const db = await PostgresStorage.open(url.toString());
  return { db, usePg, label: "PostgreSQL", drop: async () => { await db.close(); await adminQuery(admin, `DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`); } };
}

/** A database for a server or CLI process: the variables that point it there. */
export interface ProcessBenchDb {
  readonly usePg: boolean;
  readonly label: "PGlite" | "PostgreSQL";
  /** DATA_DIR (a temporary directory, also with PostgreSQL: the auth secret lives there) and DATABASE_URL ("" for PGlite). */
  readonly env: { DATA_DIR: string; DATABASE_URL: string };
  /** Removes the database and the directory; call it once every process using them has exited. */
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database without the demo (SEED_DEMO=false) holding the given brands, as the
 * demo seed would add them (brands are made by no call or CLI), closed again for a server or a CLI
 * process to open. PGlite: initialised by the server's own bundle (server/dist/initEmbeddedMain.mjs)
 * in a process of its own with the server's Node flags, as the server does on a fresh DATA_DIR, so
 * that initdb's heap is never counted in a measured process. `--pg`: a scratch database on
 * TEST_DATABASE_URL's server, dropped by `drop()`.
 */
export async function prepareProcessDb(name: string, brands: readonly string[], usePg = process.argv.includes("--pg")): Promise<ProcessBenchDb> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `bd-bench-${name}-`));
  const addBrands = async (db: Storage) => {
    try {
      await migrate(db);
      for (const brand of brands) await db.query("INSERT INTO brands (name) VALUES ($1) ON CONFLICT (name) DO NOTHING", [brand]);
    } finally {
      await db.close();
    }
  };
  if (!usePg) {
    await ensureServerBuild();
    const flags = (JSON.parse(readFileSync(new URL("../server-flags.json", import.meta.url), "utf8")) as { node: string[] }).node;
    const init = spawnSync(process.execPath, [...flags, serverBundle("initEmbeddedMain")], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", SEED_DEMO: "false" }, stdio: "inherit",
    });
    if (init.status !== 0) throw new Error(`initialising the embedded database in ${dataDir} failed`);
    await addBrands(await PGliteStorage.open(pgliteDir(dataDir)));
    return { usePg, label: "PGlite", env: { DATA_DIR: dataDir, DATABASE_URL: "" }, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const admin = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  const scratch = `bd_bench_${name}_${process.pid}_${++scratchCount}`;
  await adminQuery(admin, `CREATE DATABASE ${scratch}`);
  const url = new URL(admin);
  url.pathname = `/${scratch}`;
  await addBrands(await PostgresStorage.open(url.toString()));
  return {
    usePg, label: "PostgreSQL", env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    drop: async () => {
      await adminQuery(admin, `DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let scratchCount = 0;

async function adminQuery(admin: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
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
