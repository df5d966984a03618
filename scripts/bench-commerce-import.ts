/**
 * `npx tsx scripts/bench-commerce-import.ts [--pg] [--rows N]` (part of `npm run bench:commerce`):
 * speed and memory of the orders import (issue 6). Figures only, no assertion.
 *
 * Generates two files of BENCH_ORDER_ROWS rows (default 100,000; `--rows N` too): the documented
 * orders CSV (one row per item, 1–3 items per order) and a Shopee Seller Centre export as CSV
 * with the Thai headers (UTF-8 with a BOM, 50 columns, the shipping จังหวัด and the tax-invoice
 * จังหวัด both present, order fields repeated on each SKU row). Each file is imported into a fresh
 * database with one brand, twice, each time by the command a user runs,
 * `npm run orders -- import FILE --brand B` (`node scripts/cli.mjs orders …`: the CLI's bundle
 * in plain Node): the first import inserts every order, the second finds every order unchanged
 * and writes nothing. Printed: wall time of each command (starting Node, opening the database,
 * reading the file, checking every row, comparing, writing, closing), rows/s, and the peak RSS
 * of the command's process (which includes the open database: ~150 MB of it on PGlite), read at
 * its exit by a preloaded module (`scripts/lib/reportPeakRss.mjs`). Budget: ≤ 20 s and
 * ≤ 500 MB for 100,000 rows.
 *
 * The files are made by scripts/lib/orderFiles.ts. Default: embedded PGlite in a temporary
 * directory (initialised in a separate process, as the server does, so that initdb's heap is not
 * counted, and given the brand before the runs: `prepareProcessDb` of scripts/lib/benchDb.ts).
 * --pg: a scratch database on TEST_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { prepareProcessDb } from "./lib/benchDb";
import { documentedCsv, shopeeCsv } from "./lib/orderFiles";
import { ensureServerBuild } from "./lib/serverBuild.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BRAND = "Bench Brand";

/** One run of the orders CLI: what it printed, its wall time and its peak RSS (MB). */
interface CliRun { rows: number; orders: number; ms: number; rssPeak: number; counts: string }

function runCli(file: string, env: Record<string, string>): CliRun {
  const t0 = performance.now();
  const res = spawnSync(process.execPath, ["--import", "./scripts/lib/reportPeakRss.mjs", "scripts/cli.mjs", "orders", "import", file, "--brand", BRAND], {
    cwd: root, env: { ...process.env, ...env }, encoding: "utf8",
  });
  const ms = performance.now() - t0;
  if (res.status !== 0) throw new Error(`npm run orders -- import ${file} failed:\n${res.stdout}${res.stderr}`);
  const what = /(\d+) rows, (\d+) orders/.exec(res.stdout);
  const counts = /inserted \d+, updated \d+, unchanged \d+/.exec(res.stdout);
  const peak = /peak RSS (\d+) MB/.exec(res.stderr);
  if (!what || !counts || !peak) throw new Error(`unexpected output:\n${res.stdout}${res.stderr}`);
  return { rows: Number(what[1]), orders: Number(what[2]), ms, rssPeak: Number(peak[1]), counts: counts[0] };
}

async function main(): Promise<void> {
  const usePg = process.argv.includes("--pg");
  const rowsArg = process.argv.indexOf("--rows");
  const rows = Number(rowsArg >= 0 ? process.argv[rowsArg + 1] : (process.env.BENCH_ORDER_ROWS ?? 100_000));
  const dir = mkdtempSync(path.join(os.tmpdir(), "bd-bench-orders-"));
  try {
    const t0 = performance.now();
    const files = [
      { label: "documented CSV", file: path.join(dir, "orders.csv"), text: documentedCsv(rows) },
      { label: "Shopee TH CSV (50 columns)", file: path.join(dir, "Order.all.csv"), text: shopeeCsv(rows) },
    ];
    for (const f of files) writeFileSync(f.file, f.text);
    console.log(`generated ${rows} rows per file in ${Math.round(performance.now() - t0)} ms: ${files.map((f) => `${f.label} ${(Buffer.byteLength(f.text) / 1024 / 1024).toFixed(1)} MB`).join(", ")}`);
    console.log(`${usePg ? "PostgreSQL" : "PGlite"}; each file into a fresh database, in its own process; budget ≤ 20 s and ≤ 500 MB\n`);
    console.log(`${"file".padEnd(28)} ${"rows".padStart(7)} ${"orders".padStart(7)} ${"command".padStart(9)} ${"rows/s".padStart(8)} ${"RSS peak".padStart(9)}  result`);
    for (const f of files) {
      // initdb grows PGlite's heap to ~850 MB: done in a process of its own, as the server does.
      const db = await prepareProcessDb("orders", [BRAND], usePg);
      try {
        const env = db.env;
        const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
        for (const [k, r] of [runCli(f.file, env), runCli(f.file, env)].entries()) {
          console.log(
            `${(k === 0 ? f.label : "  the same file again").padEnd(28)} ${String(r.rows).padStart(7)} ${String(r.orders).padStart(7)} ${s(r.ms).padStart(9)} ${String(Math.round(r.rows / (r.ms / 1000))).padStart(8)} ${`${r.rssPeak} MB`.padStart(9)}  ${r.counts}${r.ms <= 20_000 && r.rssPeak <= 500 ? "" : "  (OVER budget)"}`,
          );
        }
      } finally {
        await db.drop();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await ensureServerBuild();
await main();
