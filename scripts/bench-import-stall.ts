/**
 * `npx tsx scripts/bench-import-stall.ts [--pg]` (part of `npm run bench:commerce`): how long a
 * large orders import holds the database while other users wait (issue 13). Figures only, no
 * assertion: exits 0 unless the bench itself broke.
 *
 * The issue: a 197,000-row (52 MB) orders CSV took 30 s to import, and a `GET /user/getdata` sent
 * meanwhile waited 29 s, because PGlite is one connection and the import held it throughout.
 * Target: the import holds the database at most ~2 s at a time for 200,000 rows, so the longest
 * getdata during the import stays around 2 s or under.
 *
 * 1. Generates the documented orders CSV of BENCH_STALL_ROWS rows (default 200,000: 23.1 MB;
 *    scripts/lib/orderFiles.ts, deterministic, the same file as bench-commerce-import.ts's).
 * 2. Prepares a fresh database without the demo (SEED_DEMO=false: nothing runs in the background)
 *    holding one brand (`prepareProcessDb`, scripts/lib/benchDb.ts), adds a user with permission 7
 *    (E-Commerce) on that brand with the users CLI (`npm run users -- add …`), then starts the real
 *    server as `npm start` runs it (server/dist/main.mjs in plain Node with
 *    scripts/server-flags.json: scripts/lib/serverProcess.ts) on it. Default: embedded PGlite in a
 *    fresh DATA_DIR. --pg: a scratch database on TEST_DATABASE_URL (default
 *    postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards.
 * 3. Signs in over HTTP (`POST /auth/login-user`), then sends `GET /user/getdata` every 100 ms,
 *    each only once the previous one has answered and each on a new connection: 50 calls with the server idle (the baseline,
 *    after 5 unmeasured ones), then, while `POST /user/import-orders` (multipart, the file and
 *    the brand) runs, until it answers.
 *
 * Printed: the file's size and rows; the import's wall time (from sending the upload to its
 * answer) and its answer (orders inserted / updated / unchanged); getdata p50 when idle; the
 * number of getdata calls made during the import, their p50 and the longest; the server's RSS
 * before the import and its peak (VmHWM of /proc/<pid>/status, Linux only) at the end; with
 * BENCH_STALL_TRACE=1 also its RSS every half second through the import (which step takes it).
 * BENCH_STALL_XLSX=1 sends the same rows as an XLSX workbook (read by the server's worker thread
 * with SheetJS; at most 400,000 cells, about 40,000 rows, are accepted).
 *
 * Reading the figures: getdata's answer and the session check are kept up to 2 s in the server's
 * read cache (server/services/cache.ts), so most calls answer from memory and only about one in
 * twenty needs the database; the longest latency is how long such a call waited for the database
 * (or for the server's event loop, while it parses the file).
 */
import { readFileSync } from "node:fs";
import * as XLSX from "@e965/xlsx";
import { spawnSync } from "node:child_process";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { prepareProcessDb } from "./lib/benchDb";
import { documentedCsv } from "./lib/orderFiles";
import { startServerProcess } from "./lib/serverProcess";

const ROWS = Number(process.env.BENCH_STALL_ROWS ?? 200_000);
const BRAND = "Bench Brand";
const USER = { email: "stall-bench@example.com", password: "stall-bench-2026", name: "Stall Bench" };
const EVERY_MS = 100;
const IDLE_CALLS = 50;
/**
 * Every call on a connection of its own. Kept alive, a connection the server leaves idle while its
 * event loop is blocked for longer than its keep-alive timeout (Node's 5 s) is closed as soon as
 * the loop runs again, before the call already sent on it is read: the client gets ECONNRESET
 * instead of an answer (browsers send such a call again; Node's fetch does not).
 */
const ONE_SHOT = { Connection: "close" };
/** The target: the database held at most ~2 s at a time for 200,000 rows. */
const TARGET_MS = 2_000;

interface Call { latency: number }

const sleep = (wait: number) => new Promise((resolve) => setTimeout(resolve, wait));
const ms = (n: number) => `${Math.round(n).toLocaleString("en-US")} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Nearest-rank percentile of the latencies (ms). */
function percentile(calls: readonly Call[], p: number): number {
  const sorted = calls.map((c) => c.latency).sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? NaN;
}

/** A field of /proc/<pid>/status in MB (VmRSS, VmHWM), or null where there is no /proc. */
function procStatusMb(pid: number, field: "VmRSS" | "VmHWM"): number | null {
  try {
    const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb === undefined ? null : Math.round(Number(kb) / 1024);
  } catch {
    return null;
  }
}

/**
 * `GET /user/getdata` every EVERY_MS (each sent once the previous one answered, so a slow answer
 * delays the next call rather than piling calls up) while `more()` says so, or `count` times.
 */
async function pollGetdata(url: string, token: string, opts: { count?: number; more?: () => boolean }): Promise<Call[]> {
  const calls: Call[] = [];
  while (opts.count !== undefined ? calls.length < opts.count : opts.more!()) {
    const t0 = performance.now();
    const res = await fetch(`${url}/user/getdata`, { headers: { Authorization: `Bearer ${token}`, ...ONE_SHOT } });
    await res.arrayBuffer();
    const latency = performance.now() - t0;
    if (res.status !== 200) throw new Error(`GET /user/getdata answered ${res.status}`);
    calls.push({ latency });
    await sleep(Math.max(0, t0 + EVERY_MS - performance.now()));
  }
  return calls;
}

async function main(): Promise<void> {
  if (!Number.isInteger(ROWS) || ROWS < 1) throw new Error(`BENCH_STALL_ROWS must be a whole number of at least 1, got "${process.env.BENCH_STALL_ROWS}"`);
  const usePg = process.argv.includes("--pg");
  let t0 = performance.now();
  const csv = documentedCsv(ROWS);
  // BENCH_STALL_XLSX=1: the same rows as a workbook (read by the server's worker thread).
  const asWorkbook = process.env.BENCH_STALL_XLSX === "1";
  const file = asWorkbook
    ? new Uint8Array(XLSX.write(XLSX.read(csv, { type: "string", raw: true }), { type: "array", bookType: "xlsx", compression: true }) as ArrayBuffer)
    : new TextEncoder().encode(csv);
  console.log(`bench:import-stall — ${os.cpus().length} cores, node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)}`);
  console.log(`file: documented orders ${asWorkbook ? "as XLSX" : "CSV"}, ${ROWS.toLocaleString("en-US")} rows, ${mb(file.byteLength)} (generated in ${ms(performance.now() - t0)})`);

  const db = await prepareProcessDb("stall", [BRAND], usePg);
  let server: Awaited<ReturnType<typeof startServerProcess>> | null = null;
  try {
    const add = spawnSync(process.execPath, [fileURLToPath(new URL("./cli.mjs", import.meta.url)), "users", "add", "--email", USER.email, "--password", USER.password, "--name", USER.name, "--permissions", "7", "--brands", BRAND], {
      env: { ...process.env, ...db.env }, encoding: "utf8",
    });
    if (add.status !== 0) throw new Error(`npm run users -- add failed (${add.status}):\n${add.stdout}${add.stderr}`);
    server = await startServerProcess({ ...db.env, SEED_DEMO: "false" });
    const { url, child } = server;
    console.log(`${db.label}: server pid ${child.pid} at ${url}, first response after ${ms(server.msToFirstResponse)}`);

    const login = await fetch(`${url}/auth/login-user`, {
      method: "POST", headers: { "Content-Type": "application/json", ...ONE_SHOT }, body: JSON.stringify({ email: USER.email, password: USER.password }),
    });
    if (login.status !== 200) throw new Error(`POST /auth/login-user answered ${login.status}: ${await login.text()}`);
    const token = ((await login.json()) as { user: { Tokens: { access_token: string } } }).user.Tokens.access_token;

    await pollGetdata(url, token, { count: 5 });
    const idle = await pollGetdata(url, token, { count: IDLE_CALLS });
    const rssBefore = procStatusMb(child.pid!, "VmRSS");

    const form = new FormData();
    form.append("brand", BRAND);
    form.append("file", new Blob([file], { type: asWorkbook ? "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" : "text/csv" }), asWorkbook ? "orders.xlsx" : "orders.csv");
    let importing = true;
    t0 = performance.now();
    // The server's RSS through the import (BENCH_STALL_TRACE=1 prints it every half second).
    const trace: string[] = [];
    const sampler = setInterval(() => trace.push(`${((performance.now() - t0) / 1000).toFixed(1)} s ${procStatusMb(child.pid!, "VmRSS")} MB`), 500);
    const upload = fetch(`${url}/user/import-orders`, { method: "POST", headers: { Authorization: `Bearer ${token}`, ...ONE_SHOT }, body: form })
      .then(async (res) => ({ status: res.status, body: (await res.json()) as Record<string, unknown>, wall: performance.now() - t0 }))
      .finally(() => { importing = false; });
    const during = await pollGetdata(url, token, { more: () => importing });
    const answer = await upload;
    clearInterval(sampler);
    if (process.env.BENCH_STALL_TRACE === "1") console.log(`server RSS during the import: ${trace.join(", ")}`);
    const rssPeak = procStatusMb(child.pid!, "VmHWM");
    if (answer.status !== 200) throw new Error(`POST /user/import-orders answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 2000)}`);
    const data = answer.body.data as { rows: number; orders: number; inserted: number; updated: number; unchanged: number };

    const longest = Math.max(...during.map((c) => c.latency));
    console.log("");
    console.log(`import: ${(answer.wall / 1000).toFixed(2)} s wall (upload to answer), ${data.rows.toLocaleString("en-US")} rows, ${data.orders.toLocaleString("en-US")} orders: inserted ${data.inserted}, updated ${data.updated}, unchanged ${data.unchanged}`);
    console.log(`getdata idle (baseline):   ${IDLE_CALLS} calls, p50 ${ms(percentile(idle, 0.5))}, longest ${ms(Math.max(...idle.map((c) => c.latency)))}`);
    console.log(`getdata during the import: ${during.length} calls, p50 ${ms(percentile(during, 0.5))}, LONGEST ${ms(longest)} (target ≤ ~${ms(TARGET_MS)}${longest <= TARGET_MS ? "" : ": OVER"})`);
    console.log(`server RSS: ${rssBefore ?? "?"} MB before the import, peak (VmHWM) ${rssPeak ?? "?"} MB`);
  } finally {
    if (server) {
      const { child } = server;
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
    }
    await db.drop();
  }
}

await main();
