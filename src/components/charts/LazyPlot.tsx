/**
 * A Plotly chart whose code is fetched on first render: `react-plotly.js/factory` and the
 * cartesian dist bundle (0.5 MB gzip) never enter the initial bundle of any route. Both
 * imports go through the chunk-reload guard. The chart is one image to assistive technology:
 * the caller's `label` summarises what it shows (the figures are in a table next to it).
 * Every string the chart shows reaches Plotly escaped (`plotText.ts`: Plotly would render a
 * name's HTML), and a click reports the values as the caller gave them.
 */
import { Component, Suspense, lazy, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { Config, Data, Layout } from "plotly.js";
import { guardedImport } from "@/app/chunkReload";
import { compactValueAxes, narrowLayout } from "@/components/charts/chartLayout";
import { valueTicks } from "@/components/charts/seriesScale";
import { formatCompact } from "@/components/format/numbers";
import { plainTextData, plainTextLayout, unescapeValue } from "@/components/charts/plotText";
import { useNarrowScreen } from "@/components/useNarrowScreen";
import { activeLocale, t } from "@/i18n/i18n";

const Plot = lazy(
  guardedImport(async () => {
    const [factory, plotly] = await Promise.all([import("react-plotly.js/factory"), import("plotly.js-cartesian-dist-min")]);
    return { default: factory.default(plotly.default) };
  }),
);

/**
 * No mode bar (zoom, download…) on these small charts; they follow the width of their box. No
 * LaTeX: a name between two `$` stays text even if MathJax ever comes onto the page.
 */
export const PLOT_CONFIG: Partial<Config> = { displayModeBar: false, responsive: true, typesetMath: false };

export interface LazyPlotProps {
  data: Data[];
  layout?: Partial<Layout>;
  /** The accessible name: what the chart shows, in words. */
  label: string;
  /** Height in pixels (the placeholder keeps it, so nothing jumps when the chart arrives). */
  height?: number;
  /** A bar, slice or point was clicked: the first point Plotly reports. */
  onClick?: (point: PlotPoint) => void;
}

/** A clicked point: its x and y, its label (pie slices), customdata (as the caller gave them, not escaped), and which trace and point it is. */
export interface PlotPoint {
  x: unknown;
  y: unknown;
  label: unknown;
  customdata: unknown;
  curveNumber: number;
  pointIndex: number;
}

function firstPoint(event: unknown): PlotPoint | null {
  const p = (event as { points?: Array<Record<string, unknown>> } | null)?.points?.[0];
  if (p === undefined) return null;
  const index = typeof p.pointNumber === "number" ? p.pointNumber : typeof p.pointIndex === "number" ? p.pointIndex : -1;
  return { x: unescapeValue(p.x), y: unescapeValue(p.y), label: unescapeValue(p.label), customdata: unescapeValue(p.customdata), curveNumber: typeof p.curveNumber === "number" ? p.curveNumber : 0, pointIndex: index };
}

/**
 * Charts draw one at a time, each in its own task. Plotly's first draw of a chart is one long
 * synchronous piece of work (tens of milliseconds on a slow machine); a page that mounts four
 * charts at once would block the main thread for all four together. Each chart asks for a turn
 * when it mounts, is given it in a new task, and hands it on once Plotly has drawn it (or after
 * TURN_LIMIT_MS, so that one chart that never finishes cannot stop the others).
 */
const waiting: Array<() => void> = [];
let turnTaken = false;
const TURN_LIMIT_MS = 2000;

function pump(): void {
  if (turnTaken) return;
  const grant = waiting.shift();
  if (grant === undefined) return;
  turnTaken = true;
  setTimeout(grant, 0);
}

/** True once this chart may draw; `done` hands the turn on (safe to call more than once). */
function useDrawTurn(): { mayDraw: boolean; done: () => void } {
  const [mayDraw, setMayDraw] = useState(false);
  const holding = useRef(false);
  const done = useRef(() => {
    if (!holding.current) return;
    holding.current = false;
    turnTaken = false;
    pump();
  }).current;
  useEffect(() => {
    let limit: ReturnType<typeof setTimeout> | undefined;
    let mounted = true;
    const grant = () => {
      holding.current = true;
      // Given the turn after it went away (granted, then unmounted before the task ran): pass it on.
      if (!mounted) return done();
      setMayDraw(true);
      limit = setTimeout(done, TURN_LIMIT_MS);
    };
    waiting.push(grant);
    pump();
    return () => {
      mounted = false;
      clearTimeout(limit);
      const at = waiting.indexOf(grant);
      if (at >= 0) waiting.splice(at, 1);
      done();
    };
  }, [done]);
  return { mayDraw, done };
}

/** Keeps a chart that cannot be drawn from taking the page down with it. */
class ChartErrorBoundary extends Component<{ children: ReactNode; onFailure: () => void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onFailure();
  }
  override render() {
    return this.state.failed ? <p className="chart-placeholder">{t("common.chart.loadFailed")}</p> : this.props.children;
  }
}

export function LazyPlot({ data, layout, label, height = 240, onClick }: LazyPlotProps) {
  const { mayDraw, done } = useDrawTurn();
  const narrow = useNarrowScreen();
  // The narrow layout reads the names as given (it shortens them); then everything is escaped.
  const shown = useMemo(() => {
    const given = { autosize: true, height, margin: { l: 48, r: 16, t: 16, b: 40 }, ...layout };
    // Thai reads its compact figures in words (1.2 ล้าน); English keeps Plotly's own ticks (1.2M).
    const base = activeLocale().language === "th" ? compactValueAxes(data, given, (v) => valueTicks(v, narrow ? 3 : 4).values, formatCompact) : given;
    return plainTextLayout(narrow ? narrowLayout(data, base) : base);
  }, [data, layout, height, narrow]);
  const plainData = useMemo(() => plainTextData(data), [data]);
  const placeholder = <p className="chart-placeholder">{t("common.chart.loading")}</p>;
  return (
    <div role="img" aria-label={label} className="chart" style={{ minHeight: height }}>
      <ChartErrorBoundary onFailure={done}>
        {mayDraw ? (
          <Suspense fallback={placeholder}>
            <Plot
              data={plainData}
              layout={shown}
              config={PLOT_CONFIG}
              useResizeHandler
              style={{ width: "100%", height }}
              onInitialized={done}
              onError={done}
              {...(onClick === undefined
                ? {}
                : {
                    onClick: (event: unknown) => {
                      const point = firstPoint(event);
                      if (point !== null) onClick(point);
                    },
                  })}
            />
          </Suspense>
        ) : placeholder}
      </ChartErrorBoundary>
    </div>
  );
}
