/**
 * Lighthouse 12.8 on the module pages (issue 19), for `npm run bench:web`: per page and preset
 * (desktop, mobile), the median of LH_RUNS runs of the performance score, FCP (Lighthouse's
 * figure, and `seen`: when the run's browser really painted), LCP, TBT and the longest main-thread
 * task. Every run starts a new Chromium with an empty profile; a signed-in page gets a fresh
 * session from a real sign-in, put into localStorage on the app's origin before Lighthouse loads
 * the page (Lighthouse keeps storage then, `disableStorageReset`; the cache is empty anyway, the
 * profile is new).
 *
 * The longest task is read from the run's trace (Lighthouse's own main-thread task tree, the
 * top-level tasks of the page's renderer): its real duration on this machine. On the mobile
 * preset Lighthouse simulates a 4× slower CPU; the `long-tasks` audit's figure (the simulated
 * duration, listed only from 50 ms) is printed next to it.
 *
 * BENCH_LH_SAVE=<dir> keeps every run's full report there (JSON, to open in the Lighthouse viewer)
 * and its trace (`*.trace.json`, for the Performance panel of Chromium's DevTools).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { launch as launchChrome } from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { TraceProcessor } from "lighthouse/core/lib/tracehouse/trace-processor.js";
import { MainThreadTasks } from "lighthouse/core/lib/tracehouse/main-thread-tasks.js";

export type Preset = "desktop" | "mobile";

export interface LhRun {
  score: number;
  fcp: number;
  /**
   * When this run's browser really painted its first content (ms). The simulated FCP counts every
   * request and task before it, so a late observed paint (a stalled frame pipeline) shows here.
   */
  observedFcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** The longest top-level main-thread task in the trace, ms as measured. */
  longestTask: number;
  /** The long-tasks audit's longest (simulated on mobile), or 0 when it lists none (all < 50 ms). */
  longestSimulated: number;
  finalUrl: string;
  lcpElement: string;
}

export interface LhOptions {
  chromePath: string;
  chromeFlags: string[];
  /** A fresh session (the JSON the app keeps in localStorage), or null for a signed-out page. */
  session: (() => Promise<string>) | null;
  sessionKey: string;
  origin: string;
}

interface TraceLike { traceEvents: unknown[] }

function longestTopLevelTask(trace: TraceLike): number {
  // The tracehouse helpers are untyped JavaScript; their shapes are read loosely here.
  const processed = (TraceProcessor as unknown as { processTrace(t: TraceLike): { mainThreadEvents: unknown[]; frames: unknown[]; timestamps: { traceEnd: number } } }).processTrace(trace);
  const tasks = (MainThreadTasks as unknown as { getMainThreadTasks(e: unknown[], f: unknown[], end: number): Array<{ duration: number; parent?: unknown }> })
    .getMainThreadTasks(processed.mainThreadEvents, processed.frames, processed.timestamps.traceEnd);
  return tasks.filter((t) => !t.parent).reduce((max, t) => Math.max(max, t.duration), 0);
}

/** The first element node's snippet and label in an audit's (loosely typed) details. */
export function lcpElementOf(details: unknown): string {
  const found: Array<{ snippet: string; label: string }> = [];
  const walk = (value: unknown) => {
    if (found.length > 0 || typeof value !== "object" || value === null) return;
    const node = value as { type?: unknown; snippet?: unknown; nodeLabel?: unknown };
    if (node.type === "node" && typeof node.snippet === "string") {
      found.push({ snippet: node.snippet, label: typeof node.nodeLabel === "string" ? node.nodeLabel : "" });
    }
    else Object.values(value).forEach(walk);
  };
  walk(details);
  const node = found[0];
  if (node === undefined) return "(unknown)";
  const label = node.label.length > 60 ? `${node.label.slice(0, 57)}…` : node.label;
  return `${node.snippet.length > 80 ? `${node.snippet.slice(0, 77)}…` : node.snippet} "${label}"`;
}

export async function lighthouseRun(url: string, preset: Preset, options: LhOptions): Promise<LhRun> {
  const chrome = await launchChrome({ chromePath: options.chromePath, chromeFlags: options.chromeFlags, logLevel: "silent" });
  try {
    if (options.session !== null) {
      // Put the session in place on the app's origin (a same-origin page that does not run the app).
      const session = await options.session();
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = browser.contexts()[0]!.pages()[0] ?? (await browser.contexts()[0]!.newPage());
      await page.goto(`${options.origin}/healthz`);
      await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [options.sessionKey, session]);
      await browser.close();
    }
    const result = await lighthouse(url, {
      port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"], disableStorageReset: options.session !== null,
    }, preset === "desktop" ? desktopConfig : undefined);
    if (!result) throw new Error("lighthouse returned no result");
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const saveTo = process.env.BENCH_LH_SAVE;
    if (saveTo) {
      mkdirSync(saveTo, { recursive: true });
      const name = `${preset}${new URL(url).pathname.replace(/\//g, "_")}-${Date.now()}.json`;
      writeFileSync(path.join(saveTo, name), JSON.stringify(lhr));
      writeFileSync(path.join(saveTo, name.replace(/\.json$/, ".trace.json")), JSON.stringify((result.artifacts as unknown as { Trace: TraceLike }).Trace));
    }
    const longTasks = (lhr.audits["long-tasks"]?.details as { items?: Array<{ duration?: number }> } | undefined)?.items ?? [];
    const trace = (result.artifacts as unknown as { Trace: TraceLike }).Trace;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcp: lhr.audits["first-contentful-paint"]?.numericValue ?? NaN,
      observedFcp: (lhr.audits.metrics?.details as { items?: Array<{ observedFirstContentfulPaint?: number }> } | undefined)?.items?.[0]?.observedFirstContentfulPaint ?? NaN,
      lcp: lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN,
      tbt: lhr.audits["total-blocking-time"]?.numericValue ?? NaN,
      cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN,
      longestTask: longestTopLevelTask(trace),
      longestSimulated: longTasks.reduce((max, t) => Math.max(max, t.duration ?? 0), 0),
      finalUrl: lhr.finalDisplayedUrl,
      lcpElement: lcpElementOf(lhr.audits["largest-contentful-paint-element"]?.details),
    };
  } finally {
    chrome.kill();
  }
}
