import { describe, expect, it, vi } from "vitest";
import { DRAW_SLICE_MS, drawInSlices, loadPlotly, readyPlotly, SLICE_MS, type DrawnGraph } from "@/components/charts/plotlyLoader";

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

  it("sets the runner of a graph's draw before the entry runs", async () => {
    const order: string[] = [];
    let runner: unknown = null;
    await readyPlotly({
      __steps: [],
      __entry: () => order.push("entry"),
      __drawSteps: (r: unknown) => { order.push("runner"); runner = r; },
    });
    expect(order).toEqual(["runner", "entry"]);
    expect(runner).toBe(drawInSlices);
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

describe("drawInSlices: a graph's draw handed back to the browser between its steps (issue 19)", () => {
  /** Counts tasks: a timer that keeps ticking while the draw yields. */
  const taskCounter = () => {
    const counter = { task: 0, stop: () => clearInterval(ticker) };
    const ticker = setInterval(() => (counter.task += 1), 0);
    return counter;
  };

  it("runs steps that are quick at once, in order, as Plotly's runner does", () => {
    const ran: number[] = [];
    const graph: DrawnGraph = { _fullLayout: {} };
    const handed = drawInSlices([0, 1, 2].map((i) => () => ran.push(i)), graph);
    expect(handed).toBeUndefined();
    expect(ran).toEqual([0, 1, 2]);
  });

  it("yields once a slice is longer than DRAW_SLICE_MS, and the promise settles after the last step", async () => {
    const counter = taskCounter();
    const ran: Array<{ step: number; task: number }> = [];
    const graph: DrawnGraph = { _fullLayout: {} };
    const steps = Array.from({ length: 6 }, (_, step) => () => {
      busy(DRAW_SLICE_MS * 0.6);
      ran.push({ step, task: counter.task });
    });
    const handed = drawInSlices(steps, graph);
    // At most two steps fit in a slice (three are longer than DRAW_SLICE_MS); the rest is to come.
    expect(ran.length).toBeGreaterThanOrEqual(1);
    expect(ran.length).toBeLessThanOrEqual(2);
    expect(handed).toBeInstanceOf(Promise);
    await handed;
    counter.stop();
    expect(ran.map((r) => r.step)).toEqual([0, 1, 2, 3, 4, 5]);
    const perTask = new Map<number, number>();
    for (const r of ran) perTask.set(r.task, (perTask.get(r.task) ?? 0) + 1);
    expect(perTask.size).toBeGreaterThanOrEqual(3);
    expect(Math.max(...perTask.values())).toBeLessThanOrEqual(2);
  });

  it("waits for a step that hands back a promise before the next step", async () => {
    const ran: string[] = [];
    let finish = () => {};
    const handed = drawInSlices([
      () => new Promise<void>((resolve) => { finish = () => { ran.push("image loaded"); resolve(); }; }),
      () => ran.push("next"),
    ], { _fullLayout: {} });
    await Promise.resolve();
    expect(ran).toEqual([]);
    finish();
    await handed;
    expect(ran).toEqual(["image loaded", "next"]);
  });

  it("draws no further on a graph purged while it yielded (the chart left the page)", async () => {
    const graph: DrawnGraph = { _fullLayout: {} };
    const ran: number[] = [];
    const handed = drawInSlices([
      () => { busy(DRAW_SLICE_MS + 2); ran.push(0); },
      () => ran.push(1),
    ], graph);
    delete graph._fullLayout;
    await handed;
    expect(ran).toEqual([0]);
  });

  it("rejects with a step's error, so the caller's catch sees it", async () => {
    const handed = drawInSlices([
      () => busy(DRAW_SLICE_MS + 2),
      () => { throw new Error("no axis"); },
    ], { _fullLayout: {} });
    await expect(handed).rejects.toThrow("no axis");
  });
});
