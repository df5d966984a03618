/**
 * `npm run bench:api`: starts the server on a fresh embedded database with the demo workspace,
 * loads it from this (second) process over loopback with autocannon, and prints req/s, p50 and
 * p99 at 1 and 50 connections per call, the server's RSS after the run, and the time a restart
 * on the existing data directory takes to serve its first request. Figures only: no assertion.
 *
 * BENCH_SECONDS (default 5) sets the duration of each measurement.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
// @ts-expect-error autocannon ships no types; the fields used are read defensively below.
import autocannon from "autocannon";
import { startServerProcess } from "./lib/serverProcess";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const dataDir = mkdtempSync(path.join(os.tmpdir(), "bd-bench-"));

const startServer = () => startServerProcess({ DATA_DIR: dataDir });

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

async function json(url: string, init: RequestInit = {}) {
  const res = await fetch(url, { ...init, headers: { "Content-Type": "application/json", ...(init.headers ?? {}) } });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const template = (title: string) => ({
  title, basketSize: { min: 100, max: 2000 }, product: "Tipco 100% Orange Juice", platform: "Shopee",
  location: "Bangkok and Vicinity", status: "completed", disabled: false,
});

interface Row { call: string; connections: number; rps: number; p50: number; p99: number; failed: number }

async function load(name: string, opts: Record<string, unknown>, connections: number): Promise<Row> {
  const r = await autocannon({ ...opts, connections, duration: seconds, pipelining: 1 });
  return {
    call: name, connections,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50, p99: r.latency.p99,
    failed: r.errors + r.timeouts + r.non2xx,
  };
}

async function main() {
  console.log(`bench:api — ${os.cpus().length} cores, node ${process.version}, ${seconds} s per measurement`);
  const first = await startServer();
  console.log(`fresh data dir: first response after ${Math.round(first.msToFirstResponse)} ms (includes creating and seeding the database)`);
  const { url, child } = first;
  const tokens = (await json(`${url}/auth/login-user`, { method: "POST", body: JSON.stringify({ email: "demo@example.com", password: "demo1234" }) })).user.Tokens;
  const auth = { Authorization: `Bearer ${tokens.access_token}` };
  for (let i = 0; i < 10; i++) {
    await json(`${url}/user/upsert-template`, { method: "POST", headers: auth, body: JSON.stringify({ template: template(`Saved ${i}`) }) });
  }

  let n = 0;
  const calls: Array<[string, Record<string, unknown>]> = [
    ["GET /healthz", { url: `${url}/healthz` }],
    ["GET /user/getdata", { url: `${url}/user/getdata`, headers: auth }],
    ["GET /user/get-template", { url: `${url}/user/get-template`, headers: auth }],
    ["POST /user/upsert-template", {
      url: `${url}/user/upsert-template`, method: "POST", headers: { ...auth, "Content-Type": "application/json" },
      // 20 titles in turn: a mix of inserts and updates of existing rows.
      requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, body: JSON.stringify({ template: template(`Bench ${n++ % 20}`) }) }) }],
    }],
  ];

  // Warm-up: JIT and PGlite caches.
  await load("warm-up", { url: `${url}/user/getdata`, headers: auth, duration: 2 }, 10);

  const rows: Row[] = [];
  for (const [name, opts] of calls) {
    for (const c of [1, 50]) rows.push(await load(name, opts, c));
  }
  const rss = rssMb(child.pid!);

  console.log("\ncall                          conns    req/s   p50 ms   p99 ms   failed");
  for (const r of rows) {
    console.log(`${r.call.padEnd(30)}${String(r.connections).padStart(5)}${String(r.rps).padStart(9)}${String(r.p50).padStart(9)}${String(r.p99).padStart(9)}${String(r.failed).padStart(9)}`);
  }
  console.log(`\nserver RSS after the run: ${rss.toFixed(0)} MB`);
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));

  const again = await startServer();
  console.log(`restart on the existing data dir: first response after ${Math.round(again.msToFirstResponse)} ms`);
  again.child.kill("SIGTERM");
  await new Promise((r) => again.child.once("exit", r));

  const g50 = rows.find((r) => r.call === "GET /user/getdata" && r.connections === 50)!;
  const failed = rows.reduce((a, r) => a + r.failed, 0);
  console.log("\ntargets:");
  console.log(`  no failed request ............ ${failed === 0 ? "met" : `NOT met (${failed})`}`);
  console.log(`  getdata >= 1500 req/s @50 .... ${g50.rps >= 1500 ? "met" : "NOT met"} (${g50.rps})`);
  console.log(`  getdata p99 <= 50 ms @50 ..... ${g50.p99 <= 50 ? "met" : "NOT met"} (${g50.p99} ms)`);
  console.log(`  RSS <= 400 MB ................ ${rss <= 400 ? "met" : "NOT met"} (${rss.toFixed(0)} MB)`);
  console.log(`  restart serves within 3 s .... ${again.msToFirstResponse <= 3000 ? "met" : "NOT met"} (${Math.round(again.msToFirstResponse)} ms)`);
  rmSync(dataDir, { recursive: true, force: true });
}

await main();
