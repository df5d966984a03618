/**
 * Plotly made ready without a long task (issue 19). The build hands the dist bundle back as its
 * module initialisers and its entry (scripts/plotlySteps.ts); here they run a slice at a time,
 * each slice under SLICE_MS, the browser free to paint and answer input between slices. A bundle
 * not split that way (`vite` dev mode, a test's stand-in) is Plotly already.
 */
import type * as PlotlyTypes from "plotly.js";

/**
 * A slice's budget. The first slice shares its task with the chunk's evaluation and a slice ends
 * after the step that crossed the budget: at 30 ms these tasks were 34-40 ms at desktop size.
 */
export const SLICE_MS = 12;

/** One step of a graph's draw: it may hand back a promise, and the next step waits for it. */
export type DrawStep = (graph: DrawnGraph) => unknown;
/** Plotly's graph div, as far as the draw needs: Plotly.purge deletes its `_fullLayout`. */
export interface DrawnGraph { _fullLayout?: unknown }

interface PlotlyInSteps {
  __steps: Array<() => unknown>;
  __entry: () => unknown;
  /** Sets how the steps of a graph's draw run (scripts/plotlySteps.ts); an older build has none. */
  __drawSteps?: (runner: (steps: DrawStep[], graph: DrawnGraph) => unknown) => void;
}

const isInSteps = (value: unknown): value is PlotlyInSteps =>
  typeof value === "object" && value !== null && Array.isArray((value as PlotlyInSteps).__steps) && typeof (value as PlotlyInSteps).__entry === "function";

/** A new task: the browser may paint and handle input before it runs. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The main thread handed back to the browser in the middle of a draw: `scheduler.yield()` where
 * the browser has it (Chromium 129 and later; the rest of the draw runs before tasks queued
 * since, and without the 4 ms a chain of timeouts is held to), else a new task.
 */
const yieldToBrowser = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return typeof scheduler?.yield === "function" ? scheduler.yield() : nextTask();
};

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof value === "object" && value !== null && typeof (value as PromiseLike<unknown>).then === "function";

/**
 * Time a graph's draw may keep the main thread before it yields. The draw's first slice also
 * holds what ran before its steps in the same task (the React commit, Plotly's defaults and
 * calculation, ~15 ms on a first chart here), and a step, once started, runs to its end (the
 * longest, drawing the traces, ~20 ms on a first chart here): so a small budget.
 */
export const DRAW_SLICE_MS = 8;

/**
 * The steps of a graph's draw, in order, yielding to the browser once a slice has run longer than
 * DRAW_SLICE_MS; a step that hands back a promise is waited for, as Plotly's own runner does. It
 * hands back a promise when it yielded or waited, and nothing when every step ran at once (as
 * Plotly's runner). A graph purged meanwhile (the chart left the page) is drawn no further.
 */
export function drawInSlices(steps: DrawStep[], graph: DrawnGraph): Promise<void> | undefined {
  const rest = steps.slice();
  const resume = () => (graph._fullLayout === undefined ? undefined : run());
  function run(): Promise<void> | undefined {
    const sliceStart = performance.now();
    while (rest.length > 0) {
      if (performance.now() - sliceStart > DRAW_SLICE_MS) return yieldToBrowser().then(resume);
      const handed = rest.shift()!(graph);
      if (isThenable(handed)) return Promise.resolve(handed).then(resume);
    }
    return undefined;
  }
  return run();
}

/** Plotly, its modules initialised slice by slice. */
export async function readyPlotly<T>(bundle: unknown): Promise<T> {
  if (!isInSteps(bundle)) return bundle as T;
  let sliceStart = performance.now();
  for (const step of bundle.__steps) {
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToBrowser();
      sliceStart = performance.now();
    }
    try {
      step();
    } catch {
      // A module the entry never needs may not run on its own; one it needs throws again below.
    }
  }
  await nextTask();
  bundle.__drawSteps?.(drawInSlices);
  const plotly = bundle.__entry() as T;
  // The bundle's wrapper set window.Plotly to what the bundle returned: the real thing now.
  (globalThis as { Plotly?: unknown }).Plotly = plotly;
  return plotly;
}

type PlotlyApi = typeof PlotlyTypes;
let loading: Promise<PlotlyApi> | null = null;

/**
 * Plotly, ready: the one way the app loads it (charts, PNG exports). The bundle is imported once
 * and its modules are initialised once, slice by slice; later callers get the same Plotly.
 */
export function loadPlotly(): Promise<PlotlyApi> {
  loading ??= import("plotly.js-cartesian-dist-min").then((m) => readyPlotly<PlotlyApi>(m.default));
  // A failed load (a chunk that did not come) may be tried again.
  loading.catch(() => (loading = null));
  return loading;
}
