/**
 * A Plotly chart whose code is fetched when a chart page is entered and run when its first chart
 * draws: `react-plotly.js/factory` and the cartesian dist bundle (0.5 MB gzip) never enter the
 * initial bundle of any route. Both
 * imports go through the chunk-reload guard. The chart is one image to assistive technology:
 * the caller's `label` summarises what it shows (the figures are in a table next to it).
 * Every string the chart shows reaches Plotly escaped (`plotText.ts`: Plotly would render a
 * name's HTML), and a click reports the values as the caller gave them.
 */
import { Component, Suspense, lazy, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from "react";
import type { Config, Data, Layout } from "plotly.js";
import { guardedImport } from "@/app/chunkReload";
import { preloadPlotly } from "@/components/charts/plotlyPreload";
import { loadPlotly } from "@/components/charts/plotlyLoader";
import { compactValueAxes, narrowLayout } from "@/components/charts/chartLayout";
import { valueTicks } from "@/components/charts/seriesScale";
import { formatCompact } from "@/components/format/numbers";
import { plainTextData, plainTextLayout, unescapeValue } from "@/components/charts/plotText";
import { useNarrowScreen } from "@/components/useNarrowScreen";
import { activeLocale, t } from "@/i18n/i18n";

const Plot = lazy(
  guardedImport(async () => {
    // Plotly's modules initialise slice by slice, never one long task (plotlyLoader.ts).
    const [factory, plotly] = await Promise.all([import("react-plotly.js/factory"), loadPlotly()]);
    return { default: factory.default(plotly) };
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
 * Charts draw one at a time, each in an idle slot of its own (issue 19). Plotly's first draw of a
 * chart is one long synchronous piece of work (tens of milliseconds on a slow machine), and the
 * first chart also evaluates Plotly itself; a page that mounted four charts at once would block
 * the main thread for all of it together, before the figure cards could answer a tap. A chart asks
 * for a turn once its box comes within NEAR_MARGIN below the viewport (charts further down wait until
 * the user scrolls towards them), is given it when the browser is idle (`requestIdleCallback`, at
 * the latest after IDLE_TIMEOUT_MS), and hands it on once Plotly has drawn it (or after
 * TURN_LIMIT_MS, so that one chart that never finishes cannot stop the others).
 */
const waiting: Array<() => void> = [];
let turnTaken = false;
const TURN_LIMIT_MS = 2000;
const IDLE_TIMEOUT_MS = 1000;
/** How close to the viewport a chart's box must come before it draws. */
export const NEAR_MARGIN = "0px 0px 80px 0px";

const whenIdle: (run: () => void) => void =
  typeof requestIdleCallback === "function" ? (run) => requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS }) : (run) => setTimeout(run, 0);

function pump(): void {
  if (turnTaken) return;
  const grant = waiting.shift();
  if (grant === undefined) return;
  turnTaken = true;
  whenIdle(grant);
}

/** True once the element has come within NEAR_MARGIN of the viewport (and stays true). */
function useNearViewport(ref: RefObject<HTMLElement | null>): boolean {
  // Without IntersectionObserver (old browsers, unit tests) every chart counts as near.
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const element = ref.current;
    if (near || element === null) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        setNear(true);
      }
    }, { rootMargin: NEAR_MARGIN });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
}

/** True once this chart may draw; `done` hands the turn on (safe to call more than once). Asks for a turn once `wanted`. */
function useDrawTurn(wanted: boolean): { mayDraw: boolean; done: () => void } {
  const [mayDraw, setMayDraw] = useState(false);
  const holding = useRef(false);
  const done = useRef(() => {
    if (!holding.current) return;
    holding.current = false;
    turnTaken = false;
    pump();
  }).current;
  useEffect(() => {
    if (!wanted) return;
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
  }, [done, wanted]);
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
  const box = useRef<HTMLDivElement>(null);
  // A page with charts is entered: fetch Plotly now, run it when the first chart draws.
  useEffect(preloadPlotly, []);
  const { mayDraw, done } = useDrawTurn(useNearViewport(box));
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
    <div ref={box} role="img" aria-label={label} className="chart" style={{ minHeight: height }}>
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
