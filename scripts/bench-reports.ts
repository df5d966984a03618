/**
 * `npm run bench:reports` (issue 17, docs/reports.md): the speed of a 12-section CIR report on the
 * embedded demo database. Figures only, no assertion.
 *
 * Starts the e2e server (tests/e2e/support/server.ts: a copy of the cached demo database, filled)
 * on BENCH_REPORTS_PORT (default 8913), signs in as the demo user, makes a report of 12 sections
 * (mixed modules, figure cards and charts, Tipco, the last quarter: three months), then times, each
 * as p50/p95 of BENCH_REPORTS_RUNS runs (default 10) after one warm-up:
 * - `POST /user/cir-section-data`: the data a render of the report needs;
 * - the `/cir/{id}` page in Chromium (/usr/bin/chromium), from navigation until every section is
 *   drawn (no section still loading, a plot per chart section): target ≤ 2 s. Needs the built web
 *   app (BENCH_STATIC_DIR, default dist/; `npm run build`); "skipped" without it;
 * - `GET /user/cir-report-pdf`: the report's PDF, made on the server: target ≤ 5 s.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import type { Section } from "../domain/cirContract";

const PORT = Number(process.env.BENCH_REPORTS_PORT ?? 8913);
const RUNS = Number(process.env.BENCH_REPORTS_RUNS ?? 10);
const STATIC_DIR = path.resolve(process.env.BENCH_STATIC_DIR ?? "dist");
const BASE = `http://127.0.0.1:${PORT}`;
const PAGE_TARGET_MS = 2000;
const PDF_TARGET_MS = 5000;

const SOURCES = [
  "ecommerce.figures", "ecommerce.gmv", "ecommerce.channels", "ads.figures", "ads.spend", "crm.figures",
  "crm.segments", "brandEx.figures", "brandEx.reach", "kol.figures", "affiliate.gmv", "o2o.views",
] as const;

function rank(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!;
}
const line = (name: string, xs: number[], target?: number) =>
  console.log(`${name.padEnd(34)} p50 ${rank(xs, 0.5).toFixed(0).padStart(6)} ms   p95 ${rank(xs, 0.95).toFixed(0).padStart(6)} ms` +
    (target === undefined ? "" : `   target ≤ ${target} ms: ${rank(xs, 0.95) <= target ? "met" : "NOT met"} (p95)`));

async function timed(runs: number, fn: () => Promise<unknown>): Promise<number[]> {
  await fn(); // warm-up
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "bd-bench-reports-"));
const server = spawn(process.execPath, ["--import", "tsx", "tests/e2e/support/server.ts"], {
  env: {
    ...process.env, PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, STATIC_DIR, REPORT_SCHEDULER: "off",
    LOGIN_CLIENT_BURST: "100000", LOGIN_CLIENT_PER_MINUTE: "1000000", LOGIN_MAX_CONCURRENT: "256",
  },
  stdio: ["ignore", "pipe", "pipe"],
});
let out = "";
const ready = new Promise<void>((resolve, reject) => {
  const onData = (d: Buffer) => {
    out += d.toString();
    if (/e2e server on http/.test(out)) resolve();
  };
  server.stdout.on("data", onData);
  server.stderr.on("data", onData);
  server.once("exit", (code) => reject(new Error(`the server exited with ${code}:\n${out}`)));
});

try {
  const t0 = performance.now();
  await ready;
  console.log(`server ready in ${((performance.now() - t0) / 1000).toFixed(1)} s (embedded demo database)`);
  const login = (await (await fetch(`${BASE}/auth/login-user`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: "demo@example.com", password: "demo1234" }),
  })).json()) as { user: { Tokens: { access_token: string; refresh_token: string } } };
  const token = login.user.Tokens.access_token;
  const headers = { "Content-Type": "application/json", Authorization: `Bearer ${token}` };

  const sections: Section[] = SOURCES.map((source, i) => ({ type: "source", id: `s${i}`, source, view: { brand: "Tipco", range: { kind: "report" } } }));
  const range = { kind: "relative", preset: "lastQuarter" } as const;
  const created = (await (await fetch(`${BASE}/user/create-cir-report`, {
    method: "POST", headers, body: JSON.stringify({ title: "Bench: twelve sections", brand: "Tipco", range, sections }),
  })).json()) as { data: { id: number } };
  const id = created.data.id;

  let charts = 0;
  const sectionData = await timed(RUNS, async () => {
    const res = await fetch(`${BASE}/user/cir-section-data`, { method: "POST", headers, body: JSON.stringify({ range, sections }) });
    const body = (await res.json()) as { data: { start: string; end: string; sections: Array<{ status: string; data?: { kind: string } }> } };
    charts = body.data.sections.filter((s) => s.status === "ok" && s.data?.kind === "chart").length;
  });
  console.log(`report ${id}: 12 sections (${charts} charts drawn with data), Tipco, last quarter; ${RUNS} runs after a warm-up`);
  line("cirSectionData (HTTP)", sectionData);

  if (!existsSync(path.join(STATIC_DIR, "index.html"))) {
    console.log(`/cir/{id} page in Chromium: skipped: page not built (no ${STATIC_DIR}/index.html; run npm run build)`);
  } else {
    const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
    try {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      // Signed in through the form once; the session stays for every run.
      await page.goto(`${BASE}/`);
      await page.getByLabel("Email").fill("demo@example.com");
      await page.getByLabel("Password").fill("demo1234");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("navigation", { name: "Modules" }).waitFor({ timeout: 60_000 });
      const drawn = async () => {
        await page.goto(`${BASE}/cir/${id}`);
        await page.waitForFunction(
          (n) => !document.body.innerText.includes("Loading the figures") && !document.body.innerText.includes("Loading the report") &&
            document.querySelectorAll(".js-plotly-plot .main-svg").length >= n,
          charts,
          { timeout: 60_000, polling: 20 },
        );
      };
      line("/cir/{id} page until all drawn", await timed(RUNS, drawn), PAGE_TARGET_MS);
    } finally {
      await browser.close();
    }
  }

  let size = 0;
  const pdf = await timed(RUNS, async () => {
    const res = await fetch(`${BASE}/user/cir-report-pdf?id=${id}`, { headers: { Authorization: `Bearer ${token}` } });
    size = (await res.arrayBuffer()).byteLength;
  });
  line("PDF (GET /user/cir-report-pdf)", pdf, PDF_TARGET_MS);
  console.log(`PDF size: ${(size / 1024).toFixed(0)} KB`);
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
}
