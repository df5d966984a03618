import { spawn } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Config } from "../config";
import { DataDirError, dataDirProblem, ensureDataDir } from "./dataDir";
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

/** What the child of `initInChild` sends its parent when DATA_DIR is the problem. */
export interface InitProblem { readonly dataDirProblem: string }

const isInitProblem = (m: unknown): m is InitProblem =>
  typeof m === "object" && m !== null && typeof (m as InitProblem).dataDirProblem === "string";

/** Runs `initEmbedded` in a child process (initEmbeddedMain); a DATA_DIR problem comes back as a DataDirError. */
function initInChild(dir: string): Promise<void> {
  // The sources (under tsx) or the server's bundle (server/dist/*.mjs, scripts/lib/serverBuild.mjs).
  const script = fileURLToPath(new URL(import.meta.url.endsWith(".mjs") ? "./initEmbeddedMain.mjs" : "./initEmbeddedMain.ts", import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, script], { stdio: ["inherit", "inherit", "inherit", "ipc"], env: process.env });
    let problem: string | null = null;
    child.on("message", (m) => {
      if (isInitProblem(m)) problem = m.dataDirProblem;
    });
    child.once("error", reject);
    // "close", not "exit": every message the child sent has arrived by then.
    child.once("close", (code, signal) => {
      if (code === 0) resolve();
      else if (problem !== null) reject(new DataDirError(problem));
      else reject(new Error(`initialising the embedded database in ${dir} failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

export async function openStorage(config: Config, opts: { initInChild?: boolean } = {}): Promise<Opened> {
  if (config.databaseUrl) {
    const storage = await PostgresStorage.open(config.databaseUrl);
    await migrate(storage);
    // A real database is never seeded unless asked to.
    if (config.seedDemo === "true") await seedDemo(storage);
    return { storage, created: false };
  }
  ensureDataDir(config.dataDir);
  const dir = pgliteDir(config.dataDir);
  try {
    const release = lockDataDir(config.dataDir);
    const created = !existsSync(path.join(dir, "PG_VERSION"));
    if (created) {
      const fresh = !existsSync(dir);
      try {
        if (opts.initInChild) await initInChild(dir);
        else await initEmbedded(config);
      } catch (err) {
        // A database half created (a full disk) would be opened as if whole by the next start:
        // remove what this start made, so that the next one creates it again.
        if (fresh) rmSync(dir, { recursive: true, force: true });
        throw err;
      }
    }
    const storage = await PGliteStorage.open(dir, release);
    await migrate(storage);
    return { storage, created };
  } catch (err) {
    // A full disk or a read-only directory, met while locking, creating or opening: one clear line.
    throw dataDirProblem(err, config.dataDir) ?? err;
  }
}
