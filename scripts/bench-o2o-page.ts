/**
 * `npx tsx scripts/bench-o2o-page.ts` (part of `npm run bench:o2o`): the /o2o page in Chromium
 * (issue 5, "Speed"). Figures only, no assertion: exits 0 unless the bench itself broke.
 *
 * 1. Production build into a temporary directory, served by the real server on a fresh data
 *    directory (the demo workspace; the bench waits until the older o2o months are filled).
 * 2. The page's own JavaScript: the JS files a fresh load of /o2o fetches that a fresh load of
 *    /brandEx does not (the shell both share is budgeted by bench:web), gzip-9, without Plotly;
 *    the o2o web worker is listed apart. Budget 60 KB gzip.
 * 3. When Plotly comes: the proxy answers are held back; while the tab waits for its data no
 *    Plotly file may load; once they are released, Plotly must load (the first chart draws).
 * 4. Long tasks (PerformanceObserver 'longtask', buffered from the page's start) while switching
 *    through all five tabs, each until its charts are drawn, then through them again (cached):
 *    the longest task and how many exceed 50 ms, with each switch's time to drawn charts.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Browser, type Page, type Route } from "@playwright/test";
import { O2O_TABS } from "../domain/o2o";
import { startServerProcess } from "./lib/serverProcess";

const CHROMIUM = "/usr/bin/chromium";
const USER = { email: "demo@example.com", password: "demo1234" };
const tmp = mkdtempSync(path.join(os.tmpdir(), "bd-bench-o2o-page-"));
const outDir = path.join(tmp, "dist");
const dataDir = path.join(tmp, "data");
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mark = (ok: boolean) => (ok ? "✓" : "✗");
const isPlotly = (url: string, body: string) => /plotly/i.test(new URL(url).pathname) || /plotly\.js v\d|\bPlotly\.version\b/.test(body);

interface Js { url: string; gzip: number; raw: number; plotly: boolean; at: number }

function build(): void {
  const vite = path.resolve("node_modules/.bin/vite");
  const res = spawnSync(vite, ["build", "--outDir", outDir, "--emptyOutDir", "--logLevel", "warn"], { stdio: "inherit" });
  if (res.status !== 0) throw new Error(`vite build failed (${res.status ?? res.signal})`);
}

/** Records every JS file the page (and its workers) fetches, with the time it arrived. */
function recordJs(page: Page): Js[] {
  const seen: Js[] = [];
  page.on("response", (response) => {
    const url = response.url();
    if (!/\.js(\?|$)/.test(new URL(url).pathname) || response.status() >= 400) return;
    const at = performance.now();
    void response.body().then((body) => {
      seen.push({ url, gzip: gzipSync(body, { level: 9 }).length, raw: body.length, plotly: isPlotly(url, body.toString("latin1")), at });
    }, () => undefined);
  });
  return seen;
}

async function signIn(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/`);
  await page.getByLabel("Email").fill(USER.email);
  await page.getByLabel("Password").fill(USER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/brandEx/, { timeout: 20_000 });
  await page.waitForLoadState("networkidle");
}

/** Waits until the active tab's charts are drawn by Plotly (no chart still loading). */
async function chartsDrawn(page: Page, label: string): Promise<void> {
  await page.getByRole("tab", { name: label, exact: true }).and(page.locator("[aria-selected=true]")).waitFor();
  const panel = page.getByRole("tabpanel");
  await panel.locator(".js-plotly-plot").first().waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => {
    const p = document.querySelector("[role=tabpanel]");
    return !!p && !p.textContent?.includes("Loading chart") && !p.querySelector("[role=progressbar]");
  }, undefined, { timeout: 30_000 });
}

let server: ReturnType<typeof startServerProcess> extends Promise<infer S> ? S | null : never = null;

async function main() {
  console.log(`bench:o2o page — ${os.cpus().length} cores, node ${process.version}, Chromium at ${CHROMIUM}`);
  build();
  server = await startServerProcess({ DATA_DIR: dataDir, STATIC_DIR: outDir });
  const { child, url } = server;
  // Let the background fill of the older demo months (o2o, then orders) finish, so it does not share the CPU.
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 90_000);
    child.stdout!.on("data", (d: Buffer) => {
      if (/orders demo: (older months filled|background fill stopped)/.test(d.toString())) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(`
      globalThis.__name = (fn) => fn;
      globalThis.__longTasks = [];
      new PerformanceObserver((list) => { for (const e of list.getEntries()) globalThis.__longTasks.push({ start: e.startTime, duration: e.duration }); })
        .observe({ type: "longtask", buffered: true });
    `);
    const page = await context.newPage();
    await signIn(page, url);

    // (2) JS of a fresh /brandEx load, then of a fresh /o2o load with the proxy held back (3).
    const brandExJs = recordJs(page);
    await page.goto(`${url}/brandEx`, { waitUntil: "load" });
    await page.waitForLoadState("networkidle");
    const shellUrls = new Set(brandExJs.map((j) => j.url));

    const held: Route[] = [];
    let holding = true;
    await page.route("**/api/o2o/get-data", async (route) => {
      const body = route.request().postDataJSON() as { url?: string };
      if (holding && body.url !== "/campaign/structure") held.push(route);
      else await route.continue();
    });
    const o2oJs = recordJs(page);
    await page.goto(`${url}/o2o`, { waitUntil: "load" });
    await page.getByRole("tab", { name: O2O_TABS[0].label, exact: true }).waitFor();
    const deadline = Date.now() + 20_000;
    while (held.length === 0 && Date.now() < deadline) await page.waitForTimeout(50);
    await page.waitForTimeout(1000);
    const plotlyWhileWaiting = o2oJs.some((j) => j.plotly);
    holding = false;
    const released = performance.now();
    for (const r of held.splice(0)) await r.continue();
    await chartsDrawn(page, O2O_TABS[0].label);
    await page.waitForLoadState("networkidle");

    const own = o2oJs.filter((j) => !shellUrls.has(j.url) && !j.plotly);
    const worker = own.filter((j) => /worker/i.test(j.url));
    const pageOwn = own.filter((j) => !/worker/i.test(j.url));
    const plotly = o2oJs.filter((j) => j.plotly);
    const ownGzip = pageOwn.reduce((n, j) => n + j.gzip, 0);
    console.log("\nJavaScript of /o2o not already loaded by /brandEx (gzip-9):");
    for (const j of [...pageOwn, ...worker, ...plotly]) {
      console.log(`    ${kb(j.gzip).padStart(10)} gzip ${kb(j.raw).padStart(10)} raw  ${new URL(j.url).pathname}${j.plotly ? "  (Plotly)" : /worker/i.test(j.url) ? "  (web worker)" : ""}`);
    }
    console.log(`  ${mark(ownGzip <= 60 * 1024)} page's own JS without Plotly and the worker: ${kb(ownGzip)} gzip (budget 60 KB)`);
    console.log(`    the o2o web worker: ${kb(worker.reduce((n, j) => n + j.gzip, 0))} gzip (its own thread, fetched once per visit)`);
    const plotlyAfter = plotly.length > 0 && plotly.every((j) => j.at >= released);
    console.log(`  ${mark(!plotlyWhileWaiting)} Plotly fetched while the tab waited for its data: ${plotlyWhileWaiting ? "YES" : "no"}`);
    console.log(`  ${mark(plotlyAfter)} Plotly fetched once the first chart drew: ${plotly.length > 0 ? `yes, ${kb(plotly.reduce((n, j) => n + j.gzip, 0))} gzip` : "NO"}`);

    // (4) long tasks while switching through the tabs, twice.
    const before = await page.evaluate(() => (globalThis as unknown as { __longTasks: unknown[] }).__longTasks.length);
    const switches: string[] = [];
    for (const round of ["first visit", "again (cached)"]) {
      for (const tab of [...O2O_TABS.slice(1), O2O_TABS[0]]) {
        const t0 = performance.now();
        const n0 = await page.evaluate(() => (globalThis as unknown as { __longTasks: unknown[] }).__longTasks.length);
        await page.getByRole("tab", { name: tab.label, exact: true }).click();
        await chartsDrawn(page, tab.label);
        const took = Math.round(performance.now() - t0);
        await page.waitForTimeout(100);
        const own = (await page.evaluate(() => (globalThis as unknown as { __longTasks: { duration: number }[] }).__longTasks)).slice(n0);
        switches.push(`${`${tab.label} (${round})`.padEnd(34)} ${String(took).padStart(5)} ms; long tasks: ${own.map((t) => `${Math.round(t.duration)} ms`).join(", ") || "none"}`);
      }
    }
    await page.waitForTimeout(300);
    const tasks = (await page.evaluate(() => (globalThis as unknown as { __longTasks: { duration: number }[] }).__longTasks)).slice(before);
    const longest = tasks.reduce((m, t) => Math.max(m, t.duration), 0);
    const over50 = tasks.filter((t) => t.duration > 50).length;
    console.log("\nSwitching through the five tabs twice (click → charts drawn, as Playwright sees it; includes the server's answers):");
    for (const s of switches) console.log(`    ${s}`);
    console.log(`  ${mark(over50 === 0)} long tasks on the main thread: ${tasks.length}, longest ${Math.round(longest)} ms, over 50 ms: ${over50} (target: none over 50 ms)`);
    await context.close();
  } finally {
    await browser?.close().catch(() => undefined);
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().then(() => process.exit(0), (error: unknown) => {
  console.error("bench:o2o page broke:", error);
  server?.child.kill("SIGTERM");
  rmSync(tmp, { recursive: true, force: true });
  process.exit(1);
});
