/**
 * Real server and CLI processes over a test database, for crash and CLI tests: run as users run
 * them, from their bundles (`npm start`, `npm run users|metrics|orders`; built by the global setup).
 */
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { serverBundle } from "../../scripts/lib/serverBuild.mjs";
import { pgliteDir } from "../../server/storage/open";
import { UNTHROTTLED, freshDatabase } from "./testServer";

const root = path.resolve(import.meta.dirname, "../..");

/** A data directory (and, on the PostgreSQL run, a database) holding the demo workspace, not opened by anyone. */
export async function preparedDataDir(): Promise<{ dataDir: string; env: Record<string, string>; cleanup: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bd-proc-"));
  if (inject("storage") === "pglite") {
    cpSync(path.join(inject("templateDir"), "pgdata"), pgliteDir(dataDir), { recursive: true });
    return { dataDir, env: { DATA_DIR: dataDir }, cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const db = await freshDatabase(dataDir);
  await db.storage.close();
  return {
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: db.databaseUrl! },
    cleanup: async () => {
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** Everything it has printed so far, stdout and stderr interleaved. */
  output(): string;
  /** Resolves with the output once it matches `re` (now or when the server prints it). */
  waitForOutput(re: RegExp): Promise<string>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** The server's command line, as `npm start` runs it; `wrap` goes before it (e.g. `unshare …`). */
function serverCommand(wrap: readonly string[]): [string, string[]] {
  const flags = (JSON.parse(readFileSync(path.join(root, "scripts/server-flags.json"), "utf8")) as { node: string[] }).node;
  const argv = [process.execPath, ...flags, serverBundle("main")];
  const [cmd, ...args] = [...wrap, ...argv];
  return [cmd!, args];
}

const serverEnv = (env: Record<string, string>) => ({ ...process.env, HOST: "127.0.0.1", PORT: "0", AUTH_SECRET: "p".repeat(40), ...UNTHROTTLED, ...env });

export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const [cmd, args] = serverCommand([]);
  const child = spawn(cmd, args, { cwd: root, env: serverEnv(env), stdio: ["ignore", "pipe", "pipe"] });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    let out = "";
    const waiting = new Set<() => void>();
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 30_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      for (const check of waiting) check();
      const m = /listening on (http:\/\/[\d.]+:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({
          url: m[1]!,
          pid: child.pid!,
          output: () => out,
          waitForOutput: (re) =>
            new Promise((done) => {
              const check = () => {
                if (!re.test(out)) return;
                waiting.delete(check);
                done(out);
              };
              waiting.add(check);
              check();
            }),
          kill: async (signal = "SIGTERM") => {
            if (child.exitCode === null) child.kill(signal);
            await exited;
          },
        });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
}

/**
 * A server process that is expected to stop by itself (a start-up that fails): its exit code and
 * output. `wrap` runs before the server's command line (e.g. `unshare -rm sh -c …`).
 */
export function runServerToExit(env: Record<string, string>, wrap: readonly string[] = []): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const [cmd, args] = serverCommand(wrap);
  const child = spawn(cmd, args, { cwd: root, env: serverEnv(env), stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve, reject) => {
    // A server that started after all would run until the test's timeout: stop it and say so.
    child.stdout.on("data", () => {
      if (/listening on http/.test(stdout)) {
        child.kill("SIGTERM");
        reject(new Error(`the server started:\n${stdout}${stderr}`));
      }
    });
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** `npm run <name> -- args…` (scripts/cli.mjs) with these variables; its exit code and output. */
export function runCli(name: "users" | "metrics" | "orders" | "social" | "ads" | "affiliate" | "kol", env: Record<string, string>, ...args: string[]) {
  const res = spawnSync(process.execPath, ["scripts/cli.mjs", name, ...args], {
    cwd: root, env: { ...process.env, ...env }, encoding: "utf8",
  });
  return { code: res.status, stdout: res.stdout, stderr: res.stderr };
}

export const runUsersCli = (env: Record<string, string>, ...args: string[]) => runCli("users", env, ...args);
