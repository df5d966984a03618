// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";

// Plotly itself needs a real browser (the e2e test draws it); here the factory is a stand-in
// that records what the chart was given, and the bundle is held back until the test lets it go.
const plotly = vi.hoisted(() => {
  let release: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (release = resolve));
  return { ready, release: () => release(), received: [] as unknown[], drawn: [] as Array<() => void>, instance: { version: "test" } };
});

vi.mock("plotly.js-cartesian-dist-min", async () => {
  await plotly.ready;
  return { default: plotly.instance };
});
vi.mock("react-plotly.js/factory", () => ({
  default: (instance: unknown) =>
    function Plot(props: { config: unknown; data: unknown; onInitialized?: () => void }) {
      plotly.received.push({ instance, config: props.config, data: props.data });
      plotly.drawn.push(props.onInitialized ?? (() => undefined));
      return <div className="js-plotly-plot">drawn</div>;
    },
}));

// The viewport, as IntersectionObserver reports it: a chart is near it or not, as the test says.
const viewport = vi.hoisted(() => {
  const observers = new Set<{ callback: (entries: Array<{ isIntersecting: boolean; target: Element }>) => void; targets: Element[] }>();
  const state = { near: (_e: Element) => true };
  class FakeIntersectionObserver {
    private readonly entry: { callback: (entries: Array<{ isIntersecting: boolean; target: Element }>) => void; targets: Element[] };
    constructor(callback: (entries: Array<{ isIntersecting: boolean; target: Element }>) => void) {
      this.entry = { callback, targets: [] };
      observers.add(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.push(target);
      this.entry.callback([{ isIntersecting: state.near(target), target }]);
    }
    disconnect() {
      observers.delete(this.entry);
    }
  }
  /** Scrolls: every observed element reports whether it is near now. */
  const scroll = () => {
    for (const o of [...observers]) o.callback(o.targets.map((target) => ({ isIntersecting: state.near(target), target })));
  };
  return { FakeIntersectionObserver, state, scroll };
});
vi.stubGlobal("IntersectionObserver", viewport.FakeIntersectionObserver);
// Idle slots come as soon as the test yields a task.
vi.stubGlobal("requestIdleCallback", (run: () => void) => setTimeout(run, 0));

const { LazyPlot } = await import("@/components/charts/LazyPlot");

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(async () => {
  viewport.state.near = () => true;
  await act(async () => root?.unmount());
  document.body.innerHTML = "";
});

describe("LazyPlot", () => {
  it("shows a placeholder while Plotly loads, then draws with that bundle, no mode bar, responsive, named as an image", async () => {
    const host = document.createElement("div");
    document.body.append(host);
    root = createRoot(host);
    await act(async () => {
      root?.render(<LazyPlot data={[{ type: "scatter", x: [1], y: [2] }]} label="Reach 40% of target" />);
    });
    const image = host.querySelector('[role="img"]');
    expect(image?.getAttribute("aria-label")).toBe("Reach 40% of target");
    expect(image?.textContent).toBe("Loading chart…");

    await act(async () => {
      plotly.release();
      await plotly.ready;
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(host.querySelector('[role="img"]')?.textContent).toBe("drawn");
    expect(plotly.received.at(-1)).toEqual({
      instance: plotly.instance,
      config: { displayModeBar: false, responsive: true, typesetMath: false },
      data: [{ type: "scatter", x: [1], y: [2] }],
    });
    await act(async () => plotly.drawn.at(-1)!());
  });

  it("draws several charts one at a time: the next starts only when Plotly has drawn the one before", async () => {
    const host = document.createElement("div");
    document.body.append(host);
    root = createRoot(host);
    const tick = () => act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    plotly.drawn.length = 0;
    await act(async () => {
      root?.render(
        <>
          <LazyPlot data={[]} label="First" />
          <LazyPlot data={[]} label="Second" />
          <LazyPlot data={[]} label="Third" />
        </>,
      );
    });
    await tick();
    const shown = () => [...host.querySelectorAll('[role="img"]')].map((e) => e.textContent);
    expect(shown()).toEqual(["drawn", "Loading chart…", "Loading chart…"]);
    await tick();
    expect(shown()).toEqual(["drawn", "Loading chart…", "Loading chart…"]);

    await act(async () => plotly.drawn[0]!());
    await tick();
    expect(shown()).toEqual(["drawn", "drawn", "Loading chart…"]);

    // Charts that go away while drawing (the second) or waiting (the third) hand the turn on:
    // a new chart draws at once.
    await act(async () => root?.render(<div />));
    await act(async () => root?.render(<LazyPlot data={[]} label="Fourth" />));
    // The turn passes through the third chart's pending grant first: a few tasks, not a wait.
    for (let i = 0; i < 5 && shown()[0] !== "drawn"; i++) await tick();
    expect(shown()).toEqual(["drawn"]);
    await act(async () => plotly.drawn.at(-1)!());
  });

  it("draws a chart far below the viewport only once it is scrolled near, and does not load Plotly for it before", async () => {
    const host = document.createElement("div");
    document.body.append(host);
    root = createRoot(host);
    viewport.state.near = () => false;
    const before = plotly.received.length;
    await act(async () => {
      root?.render(<LazyPlot data={[{ type: "bar", x: ["a"], y: [1] }]} label="Spend by channel" />);
    });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(host.querySelector('[role="img"]')?.textContent).toBe("Loading chart…");
    expect(plotly.received.length).toBe(before);

    viewport.state.near = () => true;
    await act(async () => viewport.scroll());
    for (let i = 0; i < 5 && host.querySelector('[role="img"]')?.textContent !== "drawn"; i++) {
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    }
    expect(host.querySelector('[role="img"]')?.textContent).toBe("drawn");
    expect(plotly.received.length).toBe(before + 1);
    await act(async () => plotly.drawn.at(-1)!());
  });
});
