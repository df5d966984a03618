/**
 * `npx tsx scripts/bench-ads-import.ts [--pg] [--rows N]` (part of `npm run bench:ads`): speed and
 * memory of the ads import (issue 15). Figures only, no assertion.
 *
 * Generates a Meta Ads Manager report at ad level with the Day breakdown of BENCH_ADS_ROWS rows
 * (default 100,000; `--rows N` too): 26 columns as a real export has them (UTF-8 with a BOM, every
 * cell quoted, thousands separators, a totals row first, Thai and English names), 300 ads in 60 ad
 * sets of 12 campaigns, each ad on every day of the last year (100,000 / 300 days). It imports the
 * file into a fresh database holding one brand and one Facebook ad account, twice, each time by
 * the command a user runs, `npm run ads -- import FILE --account BAG` (`node scripts/cli.mjs ads
 * …`: the CLI's bundle in plain Node): the first import inserts every ad day (and its metrics), the
 * second finds every one unchanged. Printed: wall time of each command (starting Node, opening the
 * database, reading and checking every row, writing the ad days and their metrics, evaluating the
 * brand's rules, closing), rows/s, and the peak RSS of the command's process (with the open
 * database), read at its exit by `scripts/lib/reportPeakRss.mjs`. Budget: ≤ 15 s and ≤ 400 MB for
 * 100,000 rows.
 *
 * The design it measures (docs/ads-import.md#speed): the file is read row by row into columns of
 * the ad days (never every cell), ad days are upserted 5,000 per statement, and the account's
 * ads metrics are made from its ad days in one statement (about 3,000 values per account and day,
 * not 600,000 per ad). Figures on a busy 2-core machine (other test suites running, load average
 * 6.6–10), 2026-11-26, first import / the same file again:
 *   PGlite      load 6.6–7:  7.9 s 387 MB / 11.1 s 349 MB;  14.7 s 364 MB / 12.5 s 335 MB
 *               load 8–10:  19.7 s 384 MB / 14.8 s 356 MB;  28.4 s 374 MB / 35.3 s 373 MB (over the time budget)
 *   PostgreSQL  load 8:     13.0 s 257 MB /  7.6 s 232 MB
 * In one process without the CLI (no Node start, no database open and close): about 12 s of CPU for
 * the first import, of which PGlite's own work about 4.5 s and reading the file about 3–4 s.
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
import { addDays } from "../domain/calendarDays";
import { bangkokDay } from "../domain/dates";
import { loadConfig } from "../server/config";
import { openStorage } from "../server/storage/open";
import { prepareProcessDb } from "./lib/benchDb";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BRAND = "Bench Brand";
const BAG = "bag-bench-fb-1";
const ADS = 300;

const HEADER = [
  "Reporting starts", "Reporting ends", "Campaign name", "Campaign ID", "Objective", "Campaign delivery", "Ad set name", "Ad set ID", "Ad set budget",
  "Ad set budget type", "Ad name", "Ad ID", "Day", "Currency", "Amount spent (THB)", "Impressions", "Reach", "Frequency", "Link clicks",
  "CTR (link click-through rate)", "3-second video plays", "Results", "Result indicator", "Cost per results", "Purchases conversion value", "Attribution setting",
];
const OBJECTIVES = [
  ["Sales", "actions:offsite_conversion.fb_pixel_purchase"], ["Leads", "actions:offsite_conversion.fb_pixel_lead"],
  ["Engagement", "actions:onsite_conversion.messaging_conversation_started_7d"], ["Awareness", "reach"],
] as const;
const NAMES = ["น้ำส้มคั้นสด 100%", "Morning juice", "โปรโมชั่น 11.11", "Always on"];

const thousands = (n: number) => n.toLocaleString("en-US");

/** A Meta Ads Manager report of `rows` ad days ending yesterday, the totals row first. */
function metaAdsReport(rows: number): string {
  const days = Math.ceil(rows / ADS);
  const last = addDays(bangkokDay(new Date()), -1);
  const first = addDays(last, -(days - 1));
  const lines = [HEADER.map((h) => `"${h}"`).join(","), ["", ""].concat(HEADER.slice(2).map(() => "")).map((c, i) => `"${i === 0 ? first : i === 1 ? last : c}"`).join(",")];
  let written = 0;
  for (let d = 0; d < days && written < rows; d++) {
    const day = addDays(first, d);
    for (let a = 0; a < ADS && written < rows; a++, written++) {
      const c = a % 12;
      const s = a % 60;
      const [objective, indicator] = OBJECTIVES[c % OBJECTIVES.length]!;
      const spend = 200 + ((a * 7919 + d * 104_729) % 180_000) / 100;
      const impressions = 4000 + ((a * 31 + d * 17) % 9000);
      const reach = Math.round(impressions * 0.72);
      const clicks = Math.round(impressions * 0.012);
      const results = Math.round(clicks * 0.08);
      const cells = [
        first, last, `${NAMES[c % NAMES.length]} campaign ${c}`, String(120_240_000_000_000_100n + BigInt(c)), objective, "active",
        `Ad set ${s} 18-44`, String(120_240_000_000_010_000n + BigInt(s)), "1,500", "Daily", `${NAMES[a % NAMES.length]} ad ${a}`,
        String(120_240_000_001_000_000n + BigInt(a)), day, "THB", thousands(Math.round(spend * 100) / 100), thousands(impressions), thousands(reach),
        (impressions / reach).toFixed(2), thousands(clicks), ((clicks / impressions) * 100).toFixed(2), a % 3 === 0 ? thousands(impressions >> 2) : "-",
        String(results), indicator, results > 0 ? (spend / results).toFixed(2) : "", objective === "Sales" ? thousands(results * 350) : "", "7-day click or 1-day view",
      ];
      lines.push(cells.map((v) => `"${v}"`).join(","));
    }
  }
  return `\uFEFF${lines.join("\n")}\n`;
}

interface CliRun { rows: number; ms: number; rssPeak: number; counts: string }

function runCli(file: string, env: Record<string, string>): CliRun {
  const t0 = performance.now();
  const res = spawnSync(process.execPath, ["--import", "./scripts/lib/reportPeakRss.mjs", "scripts/cli.mjs", "ads", "import", file, "--account", BAG], {
    cwd: root, env: { ...process.env, ...env }, encoding: "utf8",
  });
  const ms = performance.now() - t0;
  if (res.status !== 0) throw new Error(`npm run ads -- import ${file} failed:\n${res.stdout}${res.stderr}`);
  const what = /, (\d+) ad days of/.exec(res.stdout);
  const counts = /inserted \d+, updated \d+, unchanged \d+/.exec(res.stdout);
  const peak = /peak RSS (\d+) MB/.exec(res.stderr);
  if (!what || !counts || !peak) throw new Error(`unexpected output:\n${res.stdout}${res.stderr}`);
  return { rows: Number(what[1]), ms, rssPeak: Number(peak[1]), counts: counts[0] };
}

async function main(): Promise<void> {
  const usePg = process.argv.includes("--pg");
  const rowsArg = process.argv.indexOf("--rows");
  const rows = Number(rowsArg >= 0 ? process.argv[rowsArg + 1] : (process.env.BENCH_ADS_ROWS ?? 100_000));
  const dir = mkdtempSync(path.join(os.tmpdir(), "bd-bench-ads-import-"));
  const db = await prepareProcessDb("ads_import", [BRAND], usePg);
  try {
    const t0 = performance.now();
    const file = path.join(dir, "Bench-Ads-Ads-Jan-1-2026-Dec-31-2026.csv");
    const text = metaAdsReport(rows);
    writeFileSync(file, text);
    console.log(`generated a Meta Ads Manager report of ${rows} ad days (${HEADER.length} columns, ${(Buffer.byteLength(text) / 1024 / 1024).toFixed(1)} MB) in ${Math.round(performance.now() - t0)} ms`);
    // The ad account, as the workspace would have it (no call or CLI makes accounts).
    const { storage } = await openStorage({ ...loadConfig({ ...process.env, ...db.env }), seedDemo: "false" });
    try {
      await storage.query("INSERT INTO bags (id, brand_id, name, channel) SELECT $1, id, 'Bench Ads', 'facebook' FROM brands WHERE name = $2", [BAG, BRAND]);
    } finally {
      await storage.close();
    }
    console.log(`${db.label}; budget ≤ 15 s and ≤ 400 MB for 100,000 rows\n`);
    console.log(`${"run".padEnd(24)} ${"ad days".padStart(8)} ${"command".padStart(9)} ${"rows/s".padStart(8)} ${"RSS peak".padStart(9)}  result`);
    for (const [k, r] of [runCli(file, db.env), runCli(file, db.env)].entries()) {
      console.log(
        `${(k === 0 ? "Meta Ads Manager report" : "  the same file again").padEnd(24)} ${String(r.rows).padStart(8)} ${`${(r.ms / 1000).toFixed(2)} s`.padStart(9)} ${String(Math.round(r.rows / (r.ms / 1000))).padStart(8)} ${`${r.rssPeak} MB`.padStart(9)}  ${r.counts}${r.ms <= 15_000 && r.rssPeak <= 400 ? "" : "  (OVER budget)"}`,
      );
    }
  } finally {
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
