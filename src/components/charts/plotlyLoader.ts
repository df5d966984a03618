/**
 * Plotly made ready without a long task (issue 19). The build hands the dist bundle back as its
 * module initialisers and its entry (scripts/plotlySteps.ts); here they run a slice at a time,
 * each slice under SLICE_MS, the browser free to paint and answer input between slices. A bundle
 * not split that way (`vite` dev mode, a test's stand-in) is Plotly already.
 */
import type * as PlotlyTypes from "plotly.js";

export const SLICE_MS = 30;

interface PlotlyInSteps {
  __steps: Array<() => unknown>;
  __entry: () => unknown;
}

const isInSteps = (value: unknown): value is PlotlyInSteps =>
  typeof value === "object" && value !== null && Array.isArray((value as PlotlyInSteps).__steps) && typeof (value as PlotlyInSteps).__entry === "function";

/** A new task: the browser may paint and handle input before it runs. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Plotly, its modules initialised slice by slice. */
export async function readyPlotly<T>(bundle: unknown): Promise<T> {
  if (!isInSteps(bundle)) return bundle as T;
  let sliceStart = performance.now();
  for (const step of bundle.__steps) {
    if (performance.now() - sliceStart > SLICE_MS) {
      await nextTask();
      sliceStart = performance.now();
    }
    try {
      step();
    } catch {
      // A module the entry never needs may not run on its own; one it needs throws again below.
    }
  }
  await nextTask();
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
