/**
 * A Plotly chart whose code is fetched on first render: `react-plotly.js/factory` and the
 * cartesian dist bundle (0.5 MB gzip) never enter the initial bundle of any route. Both
 * imports go through the chunk-reload guard. The chart is one image to assistive technology:
 * the caller's `label` summarises what it shows (the figures are in a table next to it).
 */
import { Component, Suspense, lazy, type ReactNode } from "react";
import type { Config, Data, Layout } from "plotly.js";
import { guardedImport } from "@/app/chunkReload";

const Plot = lazy(
  guardedImport(async () => {
    const [factory, plotly] = await Promise.all([import("react-plotly.js/factory"), import("plotly.js-cartesian-dist-min")]);
    return { default: factory.default(plotly.default) };
  }),
);

/** No mode bar (zoom, download…) on these small charts; they follow the width of their box. */
export const PLOT_CONFIG: Partial<Config> = { displayModeBar: false, responsive: true };

export interface LazyPlotProps {
  data: Data[];
  layout?: Partial<Layout>;
  /** The accessible name: what the chart shows, in words. */
  label: string;
  /** Height in pixels (the placeholder keeps it, so nothing jumps when the chart arrives). */
  height?: number;
}

/** Keeps a chart that cannot be drawn from taking the page down with it. */
class ChartErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p className="chart-placeholder">The chart could not be loaded.</p> : this.props.children;
  }
}

export function LazyPlot({ data, layout, label, height = 240 }: LazyPlotProps) {
  return (
    <div role="img" aria-label={label} className="chart" style={{ minHeight: height }}>
      <ChartErrorBoundary>
        <Suspense fallback={<p className="chart-placeholder">Loading chart…</p>}>
          <Plot
            data={data}
            layout={{ autosize: true, height, margin: { l: 48, r: 16, t: 16, b: 40 }, ...layout }}
            config={PLOT_CONFIG}
            useResizeHandler
            style={{ width: "100%", height }}
          />
        </Suspense>
      </ChartErrorBoundary>
    </div>
  );
}
