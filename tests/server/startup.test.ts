/**
 * A server that cannot start says why in one line (exit code 1, no stack trace), naming the
 * directory and what to do; and the lock file of DATA_DIR tells its owner from an unrelated
 * process that got the same pid later. Real server processes, from their bundle.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { processStart } from "../../server/storage/lock";
import { preparedDataDir, runServerToExit, startServerProcess } from "../support/processServer";

const temps: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), "bd-startup-"));
  temps.push(d);
  return d;
};
afterAll(() => {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The refusal: a non-zero exit code and one line on stderr, holding each of `parts`. */
function expectRefusal(res: { code: number | null; stdout: string; stderr: string }, ...parts: string[]): string {
  expect(res.code, res.stdout + res.stderr).not.toBe(0);
  expect(res.code, res.stdout + res.stderr).not.toBeNull();
  const lines = res.stderr.split("\n").filter((l) => l.trim() !== "");
  expect(lines, res.stderr).toHaveLength(1);
  const line = lines[0]!;
  expect(line).toMatch(/^Cannot start: /);
  for (const p of parts) expect(line).toContain(p);
  return line;
}

/**
 * Runs the server in a private mount namespace over a fresh tmpfs (`unshare -rm`), which works
 * as root and, where user namespaces are allowed, as anyone. `after` runs in the namespace
 * once the server has exited (its output is appended to stdout).
 */
function inTmpfs(mountOptions: string, dir: string, after = ""): string[] {
  return ["unshare", "-rm", "sh", "-c", `mount -t tmpfs -o "$0" tmpfs "$1" || exit 99; dir="$1"; shift; "$@"; code=$?; ${after} exit $code`, mountOptions, dir];
}

const canMountTmpfs = (() => {
  if (process.platform !== "linux") return false;
  const dir = mkdtempSync(path.join(os.tmpdir(), "bd-startup-probe-"));
  try {
    return spawnSync(inTmpfs("size=1m", dir)[0]!, [...inTmpfs("size=1m", dir).slice(1), "true"]).status === 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
})();

describe("a DATA_DIR the server cannot use", () => {
  it("under a regular file (ENOTDIR): one line naming the directory and what to do, exit code 1", async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "file"), "not a directory");
    const dataDir = path.join(dir, "file", "sub");
    const env: Record<string, string> = { DATA_DIR: dataDir };
    // With DATABASE_URL, DATA_DIR still holds the uploads: it is checked at start too.
    if (inject("storage") === "postgres") env.DATABASE_URL = "postgres://127.0.0.1:1/never-reached";
    const line = expectRefusal(await runServerToExit(env), dataDir, "not a directory", "set DATA_DIR");
    expect(line).not.toMatch(/\bat \w|mkdirSync|Error:/);
  });

  it.runIf(canMountTmpfs)("on a read-only file system (EROFS): one line naming the directory", async () => {
    const dataDir = tempDir();
    const res = await runServerToExit({ DATA_DIR: dataDir }, inTmpfs("ro,size=1m", dataDir));
    expectRefusal(res, dataDir, "read-only", "set DATA_DIR");
  });

  it.runIf(canMountTmpfs && inject("storage") === "pglite")(
    "on a disk that fills up while the database is created (ENOSPC): one line naming the directory, and the half-made database removed",
    async () => {
      const dir = tempDir();
      const dataDir = path.join(dir, "data");
      const res = await runServerToExit({ DATA_DIR: dataDir }, inTmpfs("size=2m", dir, 'echo "left in DATA_DIR: [$(ls -A "$dir/data")]";'));
      const line = expectRefusal(res, dataDir, "no space left", "free some space");
      expect(line).not.toContain("ErrnoError");
      // The next start creates the database again instead of opening a half-made one.
      expect(res.stdout).toContain("left in DATA_DIR: []");
    },
  );
});

describe.runIf(inject("storage") === "pglite")("the lock file of DATA_DIR", () => {
  let prepared: Awaited<ReturnType<typeof preparedDataDir>>;
  const lockFile = () => path.join(prepared.dataDir, "pglite.lock");
  const children: ChildProcess[] = [];
  /** A live process that is not a server: the stand-in for whatever got the old owner's pid. */
  const liveProcess = () => {
    const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 60_000)"], { stdio: "ignore" });
    children.push(child);
    return child.pid!;
  };

  beforeAll(async () => {
    prepared = await preparedDataDir();
  });
  afterAll(() => prepared.cleanup());
  afterEach(() => {
    for (const c of children.splice(0)) c.kill("SIGKILL");
    rmSync(lockFile(), { force: true });
  });

  async function expectStarts() {
    const server = await startServerProcess(prepared.env);
    await server.kill();
  }

  it("an old lock (pid only) naming a live process that started after it was written is taken over", async () => {
    const pid = liveProcess();
    writeFileSync(lockFile(), String(pid));
    const anHourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(lockFile(), anHourAgo, anHourAgo);
    await expectStarts();
  });

  it("a lock naming a live process with another start time (its pid reused) is taken over", async () => {
    const pid = liveProcess();
    writeFileSync(lockFile(), JSON.stringify({ pid, start: "another-boot/12345", host: os.hostname() }));
    await expectStarts();
  });

  it("a lock naming a live process with the same start time is refused, in one line naming the process and the directory", async () => {
    const pid = liveProcess();
    const start = processStart(pid);
    expect(start).not.toBeNull();
    writeFileSync(lockFile(), JSON.stringify({ pid, start: start!.id, host: os.hostname() }));
    expectRefusal(await runServerToExit(prepared.env), `in use by process ${pid}`, prepared.dataDir, "stop it first");
  });

  it("an old lock (pid only) naming a live process that started before it was written is refused", async () => {
    const pid = liveProcess();
    writeFileSync(lockFile(), String(pid));
    expectRefusal(await runServerToExit(prepared.env), `in use by process ${pid}`, prepared.dataDir);
  });

  it("a server's own lock holds off a second server, and is gone once it stops", async () => {
    const server = await startServerProcess(prepared.env);
    try {
      expectRefusal(await runServerToExit(prepared.env), `in use by process ${server.pid}`, prepared.dataDir);
    } finally {
      await server.kill();
    }
    await expectStarts();
  });
});
