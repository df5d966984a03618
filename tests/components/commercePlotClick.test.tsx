// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";

// A stand-in for react-plotly.js that keeps the props it was given, so the test can fire Plotly's click.
const plotly = vi.hoisted(() => ({ props: [] as Array<Record<string, unknown>> }));
vi.mock("plotly.js-cartesian-dist-min", () => ({ default: {} }));
vi.mock("react-plotly.js/factory", () => ({
  default: () =>
    function Plot(props: Record<string, unknown>) {
      plotly.props.push(props);
      return <div className="js-plotly-plot">drawn</div>;
    },
}));

// Every chart is in view (happy-dom lays nothing out, so its IntersectionObserver never reports
// one), and idle slots come with the next task: the chart draws as it does on screen.
vi.stubGlobal("IntersectionObserver", class {
  constructor(private readonly report: (entries: Array<{ isIntersecting: boolean }>) => void) {}
  observe() {
    this.report([{ isIntersecting: true }]);
  }
  disconnect() {}
});
vi.stubGlobal("requestIdleCallback", (run: () => void) => setTimeout(run, 0));

const { LazyPlot } = await import("@/components/charts/LazyPlot");

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(async () => {
  await act(async () => root?.unmount());
  document.body.innerHTML = "";
  plotly.props.length = 0;
});

async function draw(node: React.ReactNode) {
  const host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root?.render(node));
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  const props = plotly.props.at(-1)!;
  await act(async () => (props.onInitialized as () => void)());
  return props;
}

describe("LazyPlot clicks (E-Commerce filters)", () => {
  it("reports the first clicked point: x, y, label, customdata, trace and index", async () => {
    const onClick = vi.fn();
    const props = await draw(<LazyPlot data={[{ type: "bar", x: ["Central"], y: [1] }]} label="GMV by region" onClick={onClick} />);
    await act(async () =>
      (props.onClick as (e: unknown) => void)({
        points: [{ x: "Central", y: 100, customdata: 0, curveNumber: 0, pointNumber: 0 }, { x: "Other", y: 1 }],
      }),
    );
    expect(onClick).toHaveBeenCalledWith({ x: "Central", y: 100, label: undefined, customdata: 0, curveNumber: 0, pointIndex: 0 });
  });

  it("pie slices report their label; an event without points is ignored", async () => {
    const onClick = vi.fn();
    const props = await draw(<LazyPlot data={[{ type: "pie", labels: ["Completed"], values: [3] }]} label="Orders by status" onClick={onClick} />);
    const fire = props.onClick as (e: unknown) => void;
    await act(async () => fire({ points: [{ label: "Completed", pointNumber: 2, curveNumber: 0 }] }));
    await act(async () => fire({ points: [] }));
    await act(async () => fire(null));
    expect(onClick.mock.calls).toEqual([[{ x: undefined, y: undefined, label: "Completed", customdata: undefined, curveNumber: 0, pointIndex: 2 }]]);
  });

  it("a chart without a click handler gives Plotly none", async () => {
    const props = await draw(<LazyPlot data={[]} label="GMV and NMV over time" />);
    expect("onClick" in props).toBe(false);
  });

  it("names reach Plotly escaped (shown as text, not as HTML), and a click reports them as given", async () => {
    const link = '<a href="https://example.invalid/x">Evil link</a>';
    const big = '<b style="font-size:60px">Huge</b>';
    const onClick = vi.fn();
    const props = await draw(
      <LazyPlot
        data={[{ type: "bar", orientation: "h", name: "<i>GMV</i>", y: [link, big], x: [300, 200], customdata: [0, 1] }]}
        layout={{ yaxis: { type: "category", title: { text: "<b>Product</b>" } } }}
        label="Top products"
        onClick={onClick}
      />,
    );
    const [trace] = props.data as Array<{ y: string[]; name: string }>;
    expect(trace!.y).toEqual(['&lt;a href="https://example.invalid/x"&gt;Evil link&lt;/a&gt;', '&lt;b style="font-size:60px"&gt;Huge&lt;/b&gt;']);
    expect(trace!.name).toBe("&lt;i&gt;GMV&lt;/i&gt;");
    expect((props.layout as { yaxis: { title: { text: string } } }).yaxis.title.text).toBe("&lt;b&gt;Product&lt;/b&gt;");
    // Plotly reports the point with the values it was given: escaped.
    await act(async () => (props.onClick as (e: unknown) => void)({ points: [{ y: trace!.y[0], x: 300, customdata: 0, curveNumber: 0, pointNumber: 0 }] }));
    expect(onClick).toHaveBeenCalledWith({ x: 300, y: link, label: undefined, customdata: 0, curveNumber: 0, pointIndex: 0 });
  });
});
