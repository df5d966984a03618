/**
 * The Playwright web server command: one real server per Playwright worker, each on its own copy
 * of the same data, so that spec files running at once never share a database or a session.
 *
 * DATA_DIR/template is made once (`server.ts` with E2E_PREPARE_ONLY=1: the demo seed, the whole
 * demo filled in, the extra users); worker i then gets DATA_DIR/worker-i, a copy of it (a copy
 * takes a second, the seed and fill a minute or more), served on PORT + i. The servers start one
 * after the other, so the last one's /healthz (what Playwright waits for) answers only when all do.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdirSync } from "node:fs";
import path from "node:path";

const port = Number(process.env.PORT);
const count = Number(process.env.E2E_SERVERS ?? 1);
const dataDir = process.env.DATA_DIR!;
const here = import.meta.dirname;
const children: ChildProcess[] = [];

function run(env: Record<string, string>, ready: RegExp | null): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(here, "server.ts")], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (d: Buffer) => {
      process.stdout.write(d);
      out += d.toString();
      if (ready?.test(out)) resolve(child);
    });
    child.once("exit", (code) => {
      if (ready === null && code === 0) resolve(child);
      else reject(new Error(`e2e server (${JSON.stringify(env)}) exited with ${code}`));
    });
  });
}

function stop() {
  for (const c of children) if (c.exitCode === null) c.kill("SIGTERM");
  process.exit(0);
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

const template = path.join(dataDir, "template");
mkdirSync(template, { recursive: true });
await run({ DATA_DIR: template, E2E_PREPARE_ONLY: "1" }, null);
for (let i = 0; i < count; i++) {
  const dir = path.join(dataDir, `worker-${i}`);
  cpSync(path.join(template, "pgdata"), path.join(dir, "pgdata"), { recursive: true });
  await run({ DATA_DIR: dir, PORT: String(port + i) }, /e2e server on/);
}
