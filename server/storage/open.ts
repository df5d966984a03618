import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Config } from "../config";
import { lockDataDir } from "./lock";
import { migrate } from "./migrate";
import { PGliteStorage } from "./pglite";
import { PostgresStorage } from "./postgres";
import type { Storage } from "./storage";
import { seedDemo } from "../demo/seed";

export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, "pgdata");
}

/**
 * Creates, migrates and (unless SEED_DEMO=false) seeds a new embedded database.
 * Run in a child process by `openStorage`: PGlite's initdb grows the WASM heap to ~850 MB,
 * which a long-running server would keep forever; reopening a ready directory costs ~300 MB.
 */
export async function initEmbedded(config: Config): Promise<void> {
  mkdirSync(config.dataDir, { recursive: true });
  const db = await PGliteStorage.open(pgliteDir(config.dataDir));
  try {
    await migrate(db);
    if (config.seedDemo !== "false") await seedDemo(db);
  } finally {
    await db.close();
  }
}

export interface Opened { storage: Storage; created: boolean }

export async function openStorage(config: Config, opts: { initInChild?: boolean } = {}): Promise<Opened> {
  if (config.databaseUrl) {
    const storage = await PostgresStorage.open(config.databaseUrl);
    await migrate(storage);
    // A real database is never seeded unless asked to.
    if (config.seedDemo === "true") await seedDemo(storage);
    return { storage, created: false };
  }
  const dir = pgliteDir(config.dataDir);
  const release = lockDataDir(config.dataDir);
  const created = !existsSync(path.join(dir, "PG_VERSION"));
  if (created && opts.initInChild) {
    // The sources (under tsx) or the server's bundle (server/dist/*.mjs, scripts/lib/serverBuild.mjs).
    const script = fileURLToPath(new URL(import.meta.url.endsWith(".mjs") ? "./initEmbeddedMain.mjs" : "./initEmbeddedMain.ts", import.meta.url));
    const res = spawnSync(process.execPath, [...process.execArgv, script], { stdio: "inherit", env: process.env });
    if (res.status !== 0) throw new Error(`initialising the embedded database in ${dir} failed`);
  } else if (created) {
    await initEmbedded(config);
  }
  const storage = await PGliteStorage.open(dir, release);
  await migrate(storage);
  return { storage, created };
}
