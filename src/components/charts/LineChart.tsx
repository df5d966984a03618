/**
 * A light line chart drawn as SVG by React: one series over periods, with round value ticks and
 * grid lines, period labels that never crowd each other, a tooltip per point (its SVG
 * `<title>`, shown on hover) and a legend entry above it. For pages that must show a series
 * before Plotly could even load (the start page: `docs/architecture.md`, "Lazy chunks and
 * bundle budget"). It draws at its box's width in CSS pixels (measured, and again on resize),
 * so its text stays 12 px at any width, 390 px phones included.
 *
 * Accessible as one image: `role="img"` with the `summary` as its name (`seriesSummary`); a
 * page gives the figures as a table beside it for reading them one by one.
 */
import { useEffect, useRef, useState, type RefObject } from "react";
import { labelIndexes, linePath, scaleLinear, tickLabels, valueTicks } from "@/components/charts/seriesScale";
import "./lineChart.css";

export interface LineChartProps {
  /** The series' name: the chart's legend entry. */
  name: string;
  /** A few words after the name ("per day"). */
  unit?: string | undefined;
  /** The accessible name of the chart: what it shows, summed up. */
  summary: string;
  /** The axis label of each period. */
  labels: readonly string[];
  /** The full name of each period, for its tooltip. */
  titles: readonly string[];
  /** One value per period; null = no figure (the line breaks there). */
  values: readonly (number | null)[];
  /** A value written in full (tooltips). */
  format: (n: number) => string;
  /** A value on the axis, short ("1.2K"), with at most `decimals` decimals: the chart asks for more where ticks would read alike. */
  tickFormat: (n: number, decimals: number) => string;
  /** The line's colour: 3:1 or more against white. */
  colour: string;
  /** Start the value axis at 0 (sums); false for a level such as followers. */
  zero?: boolean | undefined;
  /** Height of the drawing in CSS px. */
  height?: number | undefined;
}

/** Width drawn where the box has none to measure (a test's document without layout). */
const FALLBACK_WIDTH = 320;
const FONT_PX = 12;
/** A character of the 12 px axis text is at most this wide (digits and "K" of Prompt are ~7 px). */
const CHAR_PX = 7.5;
const TOP = 10;
const BOTTOM = 24;
const RIGHT = 12;
/** Points are marked at all times up to this many periods; above, on hover only. */
const ALWAYS_MARKED = 24;

/**
 * The box's width in CSS px; null until known. Read after the first paint (`useEffect`), when the
 * layout is fresh, so reading it forces no layout in the middle of the page's render, and the
 * drawing is its own short task instead of lengthening the render that brought the data; then
 * again whenever the box is resized.
 */
function useWidth(): [RefObject<HTMLDivElement | null>, number | null] {
  const ref = useRef<HTMLDivElement | null>(null);
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const box = ref.current;
    if (box === null) return;
    const measure = (w: number) => setWidth(w > 0 ? Math.round(w) : FALLBACK_WIDTH);
    measure(box.getBoundingClientRect().width);
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver((entries) => {
      const w = entries[0]?.contentRect.width ?? 0;
      if (w > 0) measure(w);
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

export function LineChart(props: LineChartProps) {
  const { name, unit, colour, height = 180 } = props;
  const [ref, width] = useWidth();
  return (
    <figure className="line-chart">
      <figcaption className="line-chart-legend">
        <span className="line-chart-swatch" style={{ background: colour }} aria-hidden="true" />
        <span className="line-chart-name">{name}</span>
        {unit !== undefined && <span className="muted"> {unit}</span>}
      </figcaption>
      {/* The box keeps its height while the drawing waits for its width: nothing below moves. */}
      <div ref={ref} className="line-chart-box" style={{ height }}>
        {width !== null && <Drawing {...props} width={width} height={height} />}
      </div>
    </figure>
  );
}

function Drawing({ summary, labels, titles, values, format, tickFormat, colour, zero = true, width, height }: LineChartProps & { width: number; height: number }) {
  const n = values.length;
  const ticks = valueTicks(values, 4, zero);
  const tickTexts = tickLabels(ticks.values, tickFormat);
  const left = Math.ceil(Math.max(...tickTexts.map((t) => t.length)) * CHAR_PX) + 10;
  const plotWidth = Math.max(40, width - left - RIGHT);
  const bottom = height - BOTTOM;
  const y = scaleLinear(ticks.min, ticks.max, bottom, TOP);
  const x = n <= 1 ? () => left + plotWidth / 2 : scaleLinear(0, n - 1, left, left + plotWidth);
  const points = values.map((v, i) => (v === null ? null : { x: x(i), y: y(v) }));
  const longestLabel = Math.max(1, ...labels.map((l) => l.length));
  const shown = labelIndexes(n, plotWidth / (longestLabel * CHAR_PX + 14));
  const band = n <= 1 ? plotWidth : plotWidth / (n - 1);
  const baseline = y(Math.min(Math.max(0, ticks.min), ticks.max));
  const line = linePath(points);
  const area = zero && n > 1 && points.every((p) => p !== null) ? `${line}L${x(n - 1)},${baseline}L${x(0)},${baseline}Z` : null;

  return (
    <svg role="img" aria-label={summary} width={width} height={height} viewBox={`0 0 ${width} ${height}`} fontSize={FONT_PX}>
      <g className="line-chart-grid">
        {ticks.values.map((t, i) => (
          <g key={t}>
            <line x1={left} x2={left + plotWidth} y1={y(t)} y2={y(t)} />
            <text x={left - 6} y={y(t)} dy="0.32em" textAnchor="end">
              {tickTexts[i]}
            </text>
          </g>
        ))}
      </g>
      <g className="line-chart-periods">
        {shown.map((i) => {
          // The first and last labels keep inside the drawing instead of centring on their point.
          const anchor = n > 1 && i === 0 ? "start" : n > 1 && i === n - 1 ? "end" : "middle";
          return (
            <text key={i} x={x(i)} y={height - 6} textAnchor={anchor}>
              {labels[i]}
            </text>
          );
        })}
      </g>
      {area !== null && <path className="line-chart-area" d={area} fill={colour} />}
      <path className="line-chart-line" d={line} stroke={colour} />
      <g className={n <= ALWAYS_MARKED ? "line-chart-points marked" : "line-chart-points"}>
        {points.map((p, i) =>
          p === null ? null : (
            <g key={i} className="line-chart-point">
              <title>{`${titles[i] ?? labels[i]}: ${format(values[i]!)}`}</title>
              <rect x={p.x - band / 2} y={TOP} width={band} height={bottom - TOP} />
              <circle cx={p.x} cy={p.y} r={3} fill={colour} />
            </g>
          ),
        )}
      </g>
    </svg>
  );
}
