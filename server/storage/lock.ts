import { spawnSync } from "node:child_process";
import { linkSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** The embedded database directory is held by another live process. */
export class DataDirLockedError extends Error {}

/** When a process started, as far as this machine can tell. */
export interface ProcessStart {
  /** The same for one process every time it is read, different for a later process given the same pid. */
  readonly id: string;
  /** Its start in ms since the epoch (to a second or so), or null when unknown. */
  readonly at: number | null;
}

/** Linux counts a process's start in clock ticks since boot: USER_HZ, 100 on every architecture Node runs on. */
const CLOCK_TICKS_PER_SECOND = 100;
/** How far a start time read from /proc or `ps` may be off the lock file's own clock. */
const CLOCK_SLACK_MS = 2000;

function readText(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

/**
 * When process `pid` started: on Linux its start in clock ticks since boot
 * (`/proc/<pid>/stat`, field 22) with the boot's id (`/proc/sys/kernel/random/boot_id`); where
 * there is no /proc (macOS, the BSDs), the start time `ps -o lstart=` prints. Null when neither
 * can be read (Windows, a process already gone).
 */
export function processStart(pid: number): ProcessStart | null {
  const stat = readText(`/proc/${pid}/stat`);
  if (stat !== null) {
    // "pid (command) state ppid …": the command may hold spaces and parentheses, so count the
    // fields after its last ")": state is field 3, starttime field 22.
    const ticks = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[22 - 3]);
    if (Number.isSafeInteger(ticks)) {
      const boot = readText("/proc/sys/kernel/random/boot_id")?.trim() || "unknown-boot";
      const bootSeconds = /^btime (\d+)$/m.exec(readText("/proc/stat") ?? "")?.[1];
      const at = bootSeconds === undefined ? null : Number(bootSeconds) * 1000 + (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
      return { id: `${boot}/${ticks}`, at };
    }
  }
  if (process.platform === "win32") return null;
  const ps = spawnSync("ps", ["-o", "lstart=", "-p", String(pid)], { encoding: "utf8", env: { ...process.env, LC_ALL: "C" } });
  const lstart = ps.status === 0 ? ps.stdout.trim() : "";
  if (lstart === "") return null;
  const at = Date.parse(lstart);
  return { id: `ps/${lstart}`, at: Number.isNaN(at) ? null : at };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** What a lock file holds: since issue 13 `{"pid","start","host"}`, before it the pid alone. */
interface LockRecord { readonly pid: number; readonly start: string | null; readonly host: string | null }

function parseLock(text: string): LockRecord | null {
  const t = text.trim();
  if (/^\d+$/.test(t)) return { pid: Number(t), start: null, host: null };
  try {
    const j = JSON.parse(t) as { pid?: unknown; start?: unknown; host?: unknown };
    if (typeof j.pid !== "number" || !Number.isSafeInteger(j.pid) || j.pid <= 0) return null;
    return { pid: j.pid, start: typeof j.start === "string" ? j.start : null, host: typeof j.host === "string" ? j.host : null };
  } catch {
    return null;
  }
}

/**
 * Why the lock in `file` still holds, or null when it is stale and may be taken over. A lock is
 * stale when it cannot be read, when its process is gone, or when the live process with its pid
 * is another one: one that started at another time than the lock records, or (a lock with the pid
 * only, written before start times were recorded) one that started after the lock was written.
 */
function stillHeld(file: string, dataDir: string, rec: LockRecord | null, writtenAt: number): string | null {
  if (rec === null) return null;
  const { pid } = rec;
  if (rec.host !== null && rec.host !== os.hostname()) {
    // Another machine (a shared disk) or another container: its processes cannot be seen from here.
    return `the embedded database in ${dataDir} is in use by process ${pid} on host ${rec.host}; stop it there first (or use DATABASE_URL). If it no longer runs, delete ${file}`;
  }
  // A live process with our own pid is us: the lock was left by an earlier process with this pid.
  if (pid === process.pid || !alive(pid)) return null;
  const now = processStart(pid);
  if (rec.start !== null && now !== null) {
    if (now.id !== rec.start) return null;
    return `the embedded database in ${dataDir} is in use by process ${pid}; stop it first (or use DATABASE_URL)`;
  }
  if (now?.at != null && now.at > writtenAt + CLOCK_SLACK_MS) return null;
  return `the embedded database in ${dataDir} is in use by process ${pid}; stop it first (or use DATABASE_URL). If process ${pid} is not brand-dashboard, delete ${file}`;
}

/** Creates `file` holding `text`, failing with EEXIST when it exists; never seen half-written. */
function createWith(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  try {
    linkSync(tmp, file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // A file system without hard links: create-exclusive, whose content follows a moment later.
    if (code === "EPERM" || code === "ENOTSUP" || code === "EOPNOTSUPP" || code === "ENOSYS") {
      writeFileSync(file, text, { flag: "wx" });
      return;
    }
    throw err;
  } finally {
    rmSync(tmp, { force: true });
  }
}

/**
 * PGlite is one process's database: a second process opening the same directory would corrupt
 * it. A lock file makes the second one stop with a clear message instead. It records the owner's
 * pid, when that process started and the host, so that a lock left by a killed process is taken
 * over even when its pid now belongs to another live process.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "pglite.lock");
  const record = JSON.stringify({ pid: process.pid, start: processStart(process.pid)?.id ?? null, host: os.hostname() });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      createWith(file, `${record}\n`);
      const release = () => {
        process.off("exit", release);
        rmSync(file, { force: true });
      };
      process.once("exit", release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      let text: string;
      let writtenAt: number;
      try {
        text = readFileSync(file, "utf8");
        writtenAt = statSync(file).mtimeMs;
      } catch (readErr) {
        // Removed by its owner in between: try again.
        if ((readErr as NodeJS.ErrnoException).code === "ENOENT") continue;
        throw readErr;
      }
      const held = stillHeld(file, dataDir, parseLock(text), writtenAt);
      if (held !== null) throw new DataDirLockedError(held);
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`could not lock ${file}: another process keeps taking it; stop the other brand-dashboard processes on ${dataDir}`);
}
