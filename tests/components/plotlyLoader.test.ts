import { describe, expect, it, vi } from "vitest";
import { loadPlotly, readyPlotly, SLICE_MS } from "@/components/charts/plotlyLoader";

// The bundle as the build hands it back: initialisers and an entry (scripts/plotlySteps.ts).
const bundle = vi.hoisted(() => {
  const runs = { steps: 0, entry: 0 };
  const plotly = { toImage: () => Promise.resolve("data:image/png;base64,") };
  return { runs, plotly, handed: { __steps: [() => (runs.steps += 1), () => (runs.steps += 1)], __entry: () => ((runs.entry += 1), plotly) } };
});
vi.mock("plotly.js-cartesian-dist-min", () => ({ default: bundle.handed }));

const busy = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end) { /* a module body that takes time */ }
};

describe("readyPlotly: Plotly's modules initialised a slice at a time (issue 19)", () => {
  it("runs every step, yields between slices of about SLICE_MS, then the entry, and puts it on window.Plotly", async () => {
    const ran: number[] = [];
    const tasks: number[] = [];
    let task = 0;
    const ticker = setInterval(() => (task += 1), 0);
    const steps = Array.from({ length: 12 }, (_, i) => () => {
      busy(SLICE_MS / 3);
      ran.push(i);
      tasks.push(task);
    });
    const plotly = { newPlot: () => undefined };
    const ready = await readyPlotly<typeof plotly>({ __steps: steps, __entry: () => plotly });
    clearInterval(ticker);
    expect(ready).toBe(plotly);
    expect(ran).toEqual([...Array(12).keys()]);
    // 12 steps of a third of a slice each: spread over several tasks, a few steps per task.
    expect(new Set(tasks).size).toBeGreaterThanOrEqual(3);
    expect((globalThis as { Plotly?: unknown }).Plotly).toBe(plotly);
  });

  it("goes on past a module that cannot run on its own; the entry decides", async () => {
    const ready = await readyPlotly<string>({ __steps: [() => { throw new Error("needs a DOM"); }, () => undefined], __entry: () => "plotly" });
    expect(ready).toBe("plotly");
  });

  it("takes a bundle that is Plotly already as it is (dev mode, a stand-in)", async () => {
    const plotly = { version: "test" };
    expect(await readyPlotly(plotly)).toBe(plotly);
  });
});

describe("loadPlotly: the one way the app gets Plotly (charts and PNG exports)", () => {
  it("initialises the bundle once and gives every caller the same Plotly", async () => {
    const [first, second] = await Promise.all([loadPlotly(), loadPlotly()]);
    const third = await loadPlotly();
    expect(first).toBe(bundle.plotly);
    expect(second).toBe(bundle.plotly);
    expect(third).toBe(bundle.plotly);
    expect(bundle.runs).toEqual({ steps: 2, entry: 1 });
  });
});
