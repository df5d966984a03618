/**
 * The demo database the PGlite tests start from: migrated, seeded, filled (every demo month) and
 * its write-ahead log trimmed, built once and kept in a cache folder, so the server suite and the
 * e2e server (and a second run the same day) copy it instead of seeding again (~50 s on a quiet
 * machine, several minutes on a busy one).
 *
 * The cache entry's name is a hash of everything the database is made from (server/ but its
 * bundles, domain/, package-lock.json, this file and buildTemplate.ts) and the Bangkok day, so a
 * changed seed, migration or package is never served from an old entry. Entries are built in a
 * child process (buildTemplate.ts: PGlite's initdb grows the heap by ~850 MB, which the caller
 * would keep) into a temporary folder and renamed into place whole; one build at a time per
 * entry (a lock folder), others wait for it. Entries unused for TEMPLATE_KEEP_MS are removed.
 *
 * BD_TEMPLATE_CACHE names the cache folder (default: the system's temporary folder);
 * BD_TEMPLATE_DIR names a ready template to use as it is, whatever the sources (for measuring
 * while the sources change; a template of other sources can make tests fail or pass wrongly).
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { bangkokDay } from "../../domain/dates";

const root = path.resolve(import.meta.dirname, "../..");
/** An entry not used for this long is removed by the next run (one suite copies from it for minutes). */
const TEMPLATE_KEEP_MS = 3_600_000;

const cacheRoot = () => process.env.BD_TEMPLATE_CACHE || path.join(os.tmpdir(), "bd-pglite-templates");

function addTree(hash: ReturnType<typeof createHash>, p: string): void {
  const s = statSync(p);
  if (s.isDirectory()) {
    for (const name of readdirSync(p).sort()) {
      const child = path.join(p, name);
      if (child === path.join(root, "server", "dist")) continue;
      addTree(hash, child);
    }
    return;
  }
  hash.update(path.relative(root, p)).update("\0").update(readFileSync(p)).update("\0");
}

/** The cache entry's name: what the database is made from, and the day it is seeded up to. */
export function templateKey(now: Date = new Date()): string {
  const hash = createHash("sha256");
  for (const p of ["server", "domain", "package-lock.json", "tests/support/template.ts", "tests/support/buildTemplate.ts"]) {
    const full = path.join(root, p);
    if (existsSync(full)) addTree(hash, full);
  }
  return `${bangkokDay(now)}-${hash.digest("hex").slice(0, 16)}`;
}

function build(dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "tests/support/buildTemplate.ts"), dir], {
      cwd: root, stdio: ["ignore", "inherit", "inherit"], env: process.env,
    });
    child.once("error", reject);
    child.once("close", (code, signal) => (code === 0 ? resolve() : reject(new Error(`building the test database template failed (${signal ?? `exit code ${code}`})`))));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function ownsLock(lock: string): boolean {
  try {
    return readFileSync(path.join(lock, "pid"), "utf8") === String(process.pid);
  } catch {
    return false;
  }
}

/** True when the lock's builder has died (its process is gone, or it never wrote its pid). */
function lockIsStale(lock: string): boolean {
  try {
    const pid = Number(readFileSync(path.join(lock, "pid"), "utf8"));
    process.kill(pid, 0);
    return false;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EPERM") return false;
    try {
      return Date.now() - statSync(lock).mtimeMs > 60_000;
    } catch {
      return false;
    }
  }
}

function removeUnused(except: string): void {
  for (const name of readdirSync(cacheRoot())) {
    if (name === except || name === `${except}.lock`) continue;
    const p = path.join(cacheRoot(), name);
    try {
      if (Date.now() - statSync(p).mtimeMs > TEMPLATE_KEEP_MS) rmSync(p, { recursive: true, force: true });
    } catch {
      // Removed by another run meanwhile.
    }
  }
}

/**
 * The folder of a ready template (its database in `pgdata`, as DATA_DIR holds it), built first
 * when the cache has none for the current sources and day.
 */
export async function pgliteTemplate(): Promise<string> {
  if (process.env.BD_TEMPLATE_DIR) return process.env.BD_TEMPLATE_DIR;
  mkdirSync(cacheRoot(), { recursive: true });
  const key = templateKey();
  const dir = path.join(cacheRoot(), key);
  const lock = `${dir}.lock`;
  const ready = () => existsSync(path.join(dir, "pgdata", "PG_VERSION"));
  for (;;) {
    if (ready()) break;
    try {
      mkdirSync(lock);
      writeFileSync(path.join(lock, "pid"), String(process.pid));
    } catch {
      // Another process builds it: wait, unless it has died.
      if (lockIsStale(lock)) rmSync(lock, { recursive: true, force: true });
      await sleep(1000);
      continue;
    }
    const tmp = `${dir}.${process.pid}.tmp`;
    try {
      if (ready()) break;
      rmSync(tmp, { recursive: true, force: true });
      await build(tmp);
      try {
        renameSync(tmp, dir);
      } catch (err) {
        // Built meanwhile by a process that took the lock for a dead one's: theirs is as good.
        if (!ready()) throw err;
      }
    } finally {
      rmSync(tmp, { recursive: true, force: true });
      if (ownsLock(lock)) rmSync(lock, { recursive: true, force: true });
    }
  }
  const now = new Date();
  utimesSync(dir, now, now);
  removeUnused(key);
  return dir;
}
