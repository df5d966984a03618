import { accessSync, constants, mkdirSync } from "node:fs";

/**
 * DATA_DIR cannot be used: it cannot be created, is not writable, or its disk is full. The
 * message is one line that names the directory and says what to do; the server prints it
 * instead of a stack trace.
 */
export class DataDirError extends Error {}

/** PGlite's file system (Emscripten over WASI) reports WASI errno numbers, not Node's codes. */
const WASI_CODES: Readonly<Record<number, string>> = {
  2: "EACCES", 19: "EDQUOT", 20: "EEXIST", 44: "ENOENT", 51: "ENOSPC", 54: "ENOTDIR", 63: "EPERM", 69: "EROFS",
};

/** The OS error behind `err`: Node's code, PGlite's errno, or PostgreSQL's own report of it. */
function osCode(err: unknown, depth = 0): string | null {
  if (typeof err !== "object" || err === null || depth > 3) return null;
  const e = err as { code?: unknown; errno?: unknown; name?: unknown; message?: unknown; cause?: unknown };
  if (typeof e.code === "string" && /^E[A-Z]+$/.test(e.code)) return e.code;
  if (e.name === "ErrnoError" && typeof e.errno === "number") return WASI_CODES[e.errno] ?? null;
  // PostgreSQL (inside PGlite): SQLSTATE 53100 disk_full, or the OS error it quotes (strerror, in
  // its case: "permission denied for table" is another matter).
  if (e.code === "53100") return "ENOSPC";
  if (typeof e.message === "string") {
    if (/No space left on device/.test(e.message)) return "ENOSPC";
    if (/Disk quota exceeded/.test(e.message)) return "EDQUOT";
    if (/Read-only file system/.test(e.message)) return "EROFS";
    if (/: Permission denied/.test(e.message)) return "EACCES";
  }
  return osCode(e.cause, depth + 1);
}

const USE_ANOTHER = "set DATA_DIR to a directory this user can write to";

/**
 * The DataDirError that `err` (thrown while creating, locking or opening what lives in DATA_DIR)
 * amounts to, or null when it is something else. `creating`: the error came from creating
 * DATA_DIR itself, where a missing or non-directory parent is the problem too.
 */
export function dataDirProblem(err: unknown, dataDir: string, opts: { creating?: boolean } = {}): DataDirError | null {
  if (err instanceof DataDirError) return err;
  const code = osCode(err);
  switch (code) {
    case "ENOSPC":
    case "EDQUOT":
      return new DataDirError(`no space left on the disk of DATA_DIR ${dataDir} (${code}): free some space on it, or ${USE_ANOTHER} on another disk, then start again`);
    case "EROFS":
      return new DataDirError(`DATA_DIR ${dataDir} is on a read-only file system (EROFS): ${USE_ANOTHER}`);
    case "EACCES":
    case "EPERM":
      return new DataDirError(`DATA_DIR ${dataDir} is not writable by this user (${code}): give this user write access to it, or ${USE_ANOTHER}`);
    case "ENOTDIR":
    case "EEXIST":
      return opts.creating ? new DataDirError(`DATA_DIR ${dataDir} cannot be created: a part of that path is not a directory (${code}); ${USE_ANOTHER}`) : null;
    case "ENOENT":
      return opts.creating ? new DataDirError(`DATA_DIR ${dataDir} cannot be created (ENOENT): ${USE_ANOTHER}`) : null;
    default:
      return null;
  }
}

/** Creates DATA_DIR when missing and checks that it can be written, or throws a DataDirError. */
export function ensureDataDir(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
    accessSync(dataDir, constants.W_OK);
  } catch (err) {
    throw dataDirProblem(err, dataDir, { creating: true }) ?? err;
  }
}
