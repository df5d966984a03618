import { readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";

/** The embedded database directory is held by another live process. */
export class DataDirLockedError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite is one process's database: a second process opening the same directory would corrupt
 * it. A pid file makes the second one stop with a clear message instead. A lock left by a
 * killed process (its pid gone) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "pglite.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: "wx" });
      const release = () => rmSync(file, { force: true });
      process.once("exit", release);
      return release;
    } catch {
      const pid = Number(readFileSync(file, "utf8").trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
        throw new DataDirLockedError(`the embedded database in ${dataDir} is in use by process ${pid}; stop it first (or use DATABASE_URL)`);
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not lock ${file}`);
}
