/**
 * `npx tsx scripts/bench-social-import.ts [--pg] [--rows N]` (part of `npm run bench:social`):
 * speed and memory of the social import (issue 14). Figures only, no assertion.
 *
 * Generates a Meta Business Suite post export of BENCH_SOCIAL_ROWS rows (default 100,000; `--rows
 * N` too) with the 35 columns of a real Sep 2025 export (UTF-8 with a BOM, every cell quoted, Thai
 * and English captions, publish times `MM/DD/YYYY HH:MM` over the last two years), and imports it
 * into a fresh database holding one brand, one Facebook account and its page, twice, each time by
 * the command a user runs, `npm run social -- import FILE --account BAG` (`node scripts/cli.mjs
 * social …`: the CLI's bundle in plain Node): the first import inserts every post, the second
 * finds every post unchanged. Printed: wall time of each command (starting Node, opening the
 * database, reading and checking every row, writing, closing), rows/s, and the peak RSS of the
 * command's process (with the open database), read at its exit by `scripts/lib/reportPeakRss.mjs`.
 * Budget: ≤ 15 s and ≤ 400 MB for 100,000 rows.
 *
 * The design it measures (docs/social-import.md#speed): the posts are read a chunk at a time and
 * staged as they come (on PGlite by COPY from bytes, before the write's transaction; on
 * PostgreSQL inside it), never all in memory, then merged into `posts` by one statement in the
 * write's transaction. Medians of interleaved runs (PGlite 4, PostgreSQL 6) on a busy 2-core
 * machine (load average 4–11), 2026-11-26, `npx tsx scripts/bench-social-import.ts [--pg]`,
 * first import / the same file again, before → after this design:
 *   PGlite      13.3 s 414 MB / 15.2 s 385 MB  →  8.4 s 370 MB / 5.6 s 365 MB
 *   PostgreSQL   4.5 s 240 MB /  4.0 s 237 MB  →  6.6 s 216 MB / 5.9 s 217 MB (pair by pair as fast; the load varied)
 *
 * Default: embedded PGlite in a temporary directory (initialised in a process of its own, as the
 * server does: `prepareProcessDb`). --pg: a scratch database on TEST_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadConfig } from "../server/config";
import { openStorage } from "../server/storage/open";
import { prepareProcessDb } from "./lib/benchDb";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BRAND = "Bench Brand";
const BAG = "bag-bench-fb-1";
const PAGE = "bag-bench-fb-1-p1";

const HEADER = [
  "Post ID", "Page ID", "Page name", "Title", "Description", "Duration (sec)", "Publish time", "Caption type", "Permalink", "Is crosspost",
  "Is share", "Post type", "Languages", "Custom labels", "Funded content status", "Data comment", "Date", "Views", "Views from Organic posts",
  "Views from Boosted posts", "Reach", "Reach from Organic posts", "Reach from Boosted posts", "3-second video views", "1-minute video views",
  "3-Second viewers", "1-minute viewers", "3-second video views from Boosted posts", "3-second video views from Organic posts",
  "Reactions, Comments and Shares", "Reactions", "Comments", "Shares", "Seconds viewed", "Average Seconds viewed",
];
const TYPES = ["Photos", "Reels", "Videos", "Links", "Photos", "Reels"];
const CAPTIONS = ["น้ำส้มคั้นสด 100% ดื่มง่าย สดชื่นทุกวัน #Tipco", "Morning juice routine, with a 20% discount this week", "โปรโมชั่น 11.11 ลดสูงสุด 50%"];

/** A Meta post export of `rows` posts, newest first as Business Suite writes it. */
function metaPostExport(rows: number): string {
  const now = Date.now();
  const lines = [HEADER.map((h) => `"${h}"`).join(",")];
  const pad = (n: number) => String(n).padStart(2, "0");
  for (let i = 0; i < rows; i++) {
    // Bangkok wall time of the i-th post: spread over the last two years, a few hours apart.
    const t = new Date(now - 3_600_000 - i * 630_000 + 7 * 3_600_000);
    const when = `${pad(t.getUTCMonth() + 1)}/${pad(t.getUTCDate())}/${t.getUTCFullYear()} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}`;
    const type = TYPES[i % TYPES.length]!;
    const video = type === "Reels" || type === "Videos";
    const reach = 1000 + ((i * 7919) % 40_000);
    const views = Math.round(reach * 1.3);
    const [re, co, sh] = [Math.round(reach * 0.03), Math.round(reach * 0.004), Math.round(reach * 0.002)];
    const cells = [
      `112233445566778_${String(900_000_000_000_000 + i)}`, "112233445566778", "Bench Page", "", `${CAPTIONS[i % CAPTIONS.length]} (${i})`,
      video ? "31" : "", when, "", `https://www.facebook.com/112233445566778/posts/${900_000_000_000_000 + i}`, "No", "No", type, "", "", "", "",
      "Lifetime", views.toLocaleString("en-US"), String(views - 100), "100", reach.toLocaleString("en-US"), String(reach - 80), "80",
      video ? String(Math.round(reach * 0.6)) : "", video ? String(Math.round(reach * 0.1)) : "", video ? String(Math.round(reach * 0.5)) : "",
      video ? String(Math.round(reach * 0.08)) : "", video ? "10" : "", video ? String(Math.round(reach * 0.6) - 10) : "",
      String(re + co + sh), String(re), String(co), String(sh), video ? String(reach * 7) : "", video ? "11.4" : "",
    ];
    lines.push(cells.map((c) => `"${c}"`).join(","));
  }
  return `\uFEFF${lines.join("\n")}\n`;
}

interface CliRun { rows: number; ms: number; rssPeak: number; counts: string }

function runCli(file: string, env: Record<string, string>): CliRun {
  const t0 = performance.now();
  const res = spawnSync(process.execPath, ["--import", "./scripts/lib/reportPeakRss.mjs", "scripts/cli.mjs", "social", "import", file, "--account", BAG], {
    cwd: root, env: { ...process.env, ...env }, encoding: "utf8",
  });
  const ms = performance.now() - t0;
  if (res.status !== 0) throw new Error(`npm run social -- import ${file} failed:\n${res.stdout}${res.stderr}`);
  const what = /, (\d+) posts of/.exec(res.stdout);
  const counts = /inserted \d+, updated \d+, unchanged \d+/.exec(res.stdout);
  const peak = /peak RSS (\d+) MB/.exec(res.stderr);
  if (!what || !counts || !peak) throw new Error(`unexpected output:\n${res.stdout}${res.stderr}`);
  return { rows: Number(what[1]), ms, rssPeak: Number(peak[1]), counts: counts[0] };
}

async function main(): Promise<void> {
  const usePg = process.argv.includes("--pg");
  const rowsArg = process.argv.indexOf("--rows");
  const rows = Number(rowsArg >= 0 ? process.argv[rowsArg + 1] : (process.env.BENCH_SOCIAL_ROWS ?? 100_000));
  const dir = mkdtempSync(path.join(os.tmpdir(), "bd-bench-social-"));
  const db = await prepareProcessDb("social", [BRAND], usePg);
  try {
    const t0 = performance.now();
    const file = path.join(dir, "Sep-01-2025_Sep-30-2025_112233445566778.csv");
    const text = metaPostExport(rows);
    writeFileSync(file, text);
    console.log(`generated a Meta post export of ${rows} rows (35 columns, ${(Buffer.byteLength(text) / 1024 / 1024).toFixed(1)} MB) in ${Math.round(performance.now() - t0)} ms`);
    // The account and its page, as the workspace would have them (no call or CLI makes accounts).
    const { storage } = await openStorage({ ...loadConfig({ ...process.env, ...db.env }), seedDemo: "false" });
    try {
      await storage.query("INSERT INTO bags (id, brand_id, name, channel) SELECT $1, id, 'Bench Official', 'facebook' FROM brands WHERE name = $2", [BAG, BRAND]);
      await storage.query("INSERT INTO pages (id, bag_id, name) VALUES ($1, $2, 'Bench Page')", [PAGE, BAG]);
    } finally {
      await storage.close();
    }
    console.log(`${db.label}; budget ≤ 15 s and ≤ 400 MB for 100,000 rows\n`);
    console.log(`${"run".padEnd(24)} ${"posts".padStart(7)} ${"command".padStart(9)} ${"rows/s".padStart(8)} ${"RSS peak".padStart(9)}  result`);
    for (const [k, r] of [runCli(file, db.env), runCli(file, db.env)].entries()) {
      console.log(
        `${(k === 0 ? "Meta post export" : "  the same file again").padEnd(24)} ${String(r.rows).padStart(7)} ${`${(r.ms / 1000).toFixed(2)} s`.padStart(9)} ${String(Math.round(r.rows / (r.ms / 1000))).padStart(8)} ${`${r.rssPeak} MB`.padStart(9)}  ${r.counts}${r.ms <= 15_000 && r.rssPeak <= 400 ? "" : "  (OVER budget)"}`,
      );
    }
  } finally {
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
