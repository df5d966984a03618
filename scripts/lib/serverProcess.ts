/**
 * Starts the server exactly as `npm start` runs it (its bundle, with scripts/server-flags.json),
 * on loopback and a free port, for the benchmarks. Resolves once the health check answers; the
 * time to the first response does not include building a stale bundle.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { ensureServerBuild, serverBundle } from "./serverBuild.mjs";

export interface StartedServer { child: ChildProcess; url: string; msToFirstResponse: number }

export async function startServerProcess(env: Record<string, string>): Promise<StartedServer> {
  await ensureServerBuild();
  const t0 = performance.now();
  const flags = (JSON.parse(readFileSync("scripts/server-flags.json", "utf8")) as { node: string[] }).node;
  const child = spawn(process.execPath, [...flags, serverBundle("main")], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/[\d.]+:\d+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  // The first request a user could make: the health check answers from the running process.
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  return { child, url, msToFirstResponse: performance.now() - t0 };
}
