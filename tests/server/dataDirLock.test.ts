/**
 * The lock file of DATA_DIR (server/storage/lock.ts) and the reading of DATA_DIR's problems
 * (server/storage/dataDir.ts), in process: what a lock records, when it is taken over and what a
 * refusal says; which errors are a DATA_DIR problem and which are not.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirError, dataDirProblem } from "../../server/storage/dataDir";
import { DataDirLockedError, lockDataDir, processStart } from "../../server/storage/lock";

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill("SIGKILL");
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function dataDir(lock?: string, writtenAt?: Date): { dir: string; file: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bd-lock-"));
  dirs.push(dir);
  const file = path.join(dir, "pglite.lock");
  if (lock !== undefined) writeFileSync(file, lock);
  if (writtenAt) utimesSync(file, writtenAt, writtenAt);
  return { dir, file };
}

function liveProcess(): number {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 60_000)"], { stdio: "ignore" });
  children.push(child);
  return child.pid!;
}

async function gonePid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.once("exit", resolve));
  return child.pid!;
}

/** Takes the lock, expecting it to be granted; returns what it wrote, and releases it. */
function takes(dir: string, file: string): unknown {
  const release = lockDataDir(dir);
  const written = JSON.parse(readFileSync(file, "utf8")) as unknown;
  release();
  expect(existsSync(file)).toBe(false);
  return written;
}

describe("processStart", () => {
  it("reads the same start for one process every time, and another one for a process started later", () => {
    // Linux counts in ticks of 10 ms: two processes started within one tick read alike, which
    // is fine, as the one pid cannot be given to two processes within 10 ms. This test process
    // started well before the child (it has loaded its test file since).
    const child = liveProcess();
    expect(processStart(child)).not.toBeNull();
    expect(processStart(child)!.id).toBe(processStart(child)!.id);
    expect(processStart(child)!.id).not.toBe(processStart(process.pid)!.id);
  });

  it("is the time the process started, to the second or so", () => {
    const before = Date.now();
    const pid = liveProcess();
    const after = Date.now();
    const at = processStart(pid)!.at;
    expect(at).not.toBeNull();
    // The boot time it counts from is whole seconds.
    expect(at!).toBeGreaterThanOrEqual(before - 1_500);
    expect(at!).toBeLessThanOrEqual(after + 1_500);
  });

  it("is null for a process that is gone", async () => {
    expect(processStart(await gonePid())).toBeNull();
  });
});

describe("lockDataDir", () => {
  it("records the pid, the start and the host of the process, and removes the lock when released", () => {
    const { dir, file } = dataDir();
    expect(takes(dir, file)).toEqual({ pid: process.pid, start: processStart(process.pid)!.id, host: os.hostname() });
  });

  it("leaves no exit handler behind once released, however often it is taken", () => {
    const { dir, file } = dataDir();
    const before = process.listenerCount("exit");
    for (let i = 0; i < 20; i++) takes(dir, file);
    expect(process.listenerCount("exit")).toBe(before);
  });

  it("takes over a lock whose process is gone, an unreadable one and one of its own pid", async () => {
    for (const lock of [JSON.stringify({ pid: await gonePid(), start: "x", host: os.hostname() }), String(await gonePid()), "", "{not json", String(process.pid)]) {
      const { dir, file } = dataDir(lock);
      expect(takes(dir, file)).toMatchObject({ pid: process.pid });
    }
  });

  it("takes over a lock naming a live process that started at another time (its pid given to another process)", () => {
    const pid = liveProcess();
    const { dir, file } = dataDir(JSON.stringify({ pid, start: "another-boot/42", host: os.hostname() }));
    expect(takes(dir, file)).toMatchObject({ pid: process.pid });
  });

  it("refuses a lock naming a live process that started when it records", () => {
    const pid = liveProcess();
    const { dir } = dataDir(JSON.stringify({ pid, start: processStart(pid)!.id, host: os.hostname() }));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`the embedded database in ${dir} is in use by process ${pid}; stop it first (or use DATABASE_URL)`);
  });

  it("old locks (the pid only): takes over one whose live process started after it was written, refuses one written after", () => {
    const pid = liveProcess();
    const old = dataDir(String(pid), new Date(Date.now() - 3_600_000));
    expect(takes(old.dir, old.file)).toMatchObject({ pid: process.pid });

    const recent = dataDir(String(pid));
    expect(() => lockDataDir(recent.dir)).toThrow(
      `the embedded database in ${recent.dir} is in use by process ${pid}; stop it first (or use DATABASE_URL). If process ${pid} is not brand-dashboard, delete ${recent.file}`,
    );
  });

  it("refuses a lock written on another host, whose processes it cannot see, and says which file to delete", () => {
    const { dir, file } = dataDir(JSON.stringify({ pid: process.pid, start: "b/1", host: "other-host" }));
    expect(() => lockDataDir(dir)).toThrow(
      `the embedded database in ${dir} is in use by process ${process.pid} on host other-host; stop it there first (or use DATABASE_URL). If it no longer runs, delete ${file}`,
    );
  });
});

describe("dataDirProblem", () => {
  const dir = "/srv/bd";
  it("reads PGlite's file system errors and PostgreSQL's disk-full reports as a full disk", () => {
    const pglite = { name: "ErrnoError", errno: 51 };
    const postgres = Object.assign(new Error('could not extend file "base/5/16614": No space left on device'), { code: "53100" });
    for (const err of [pglite, postgres, Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" })]) {
      const problem = dataDirProblem(err, dir);
      expect(problem).toBeInstanceOf(DataDirError);
      expect(problem!.message).toBe(`no space left on the disk of DATA_DIR ${dir} (ENOSPC): free some space on it, or set DATA_DIR to a directory this user can write to on another disk, then start again`);
    }
    expect(dataDirProblem({ name: "ErrnoError", errno: 69 }, dir)!.message).toContain("read-only file system (EROFS)");
  });

  it("leaves other errors alone: a missing file inside the database, a refused SQL statement, a bug", () => {
    expect(dataDirProblem({ name: "ErrnoError", errno: 44 }, dir)).toBeNull();
    expect(dataDirProblem(Object.assign(new Error("permission denied for table users"), { code: "42501" }), dir)).toBeNull();
    expect(dataDirProblem(new TypeError("x is undefined"), dir)).toBeNull();
  });

  it("names a path through a file, or one that cannot be made, only when creating DATA_DIR", () => {
    const err = Object.assign(new Error("ENOTDIR: not a directory, mkdir"), { code: "ENOTDIR" });
    expect(dataDirProblem(err, dir)).toBeNull();
    expect(dataDirProblem(err, dir, { creating: true })!.message).toBe(
      `DATA_DIR ${dir} cannot be created: a part of that path is not a directory (ENOTDIR); set DATA_DIR to a directory this user can write to`,
    );
  });
});
