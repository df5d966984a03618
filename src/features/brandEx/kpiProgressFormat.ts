/**
 * How KPI progress figures read on screen and in the charts: en-US grouping, THB money with the
 * baht sign, percentages, pace labels, and the Plotly traces and accessible summary of a plan's
 * progress chart. Plain functions; only types come from plotly.js.
 */
import type { Data, Layout } from "plotly.js";
import type { PaceStatus, PlanChart, PlanProgress } from "../../../domain/kpiProgress";

const COUNT = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
const MONEY = new Intl.NumberFormat("en-US", { style: "currency", currency: "THB", currencyDisplay: "narrowSymbol" });
const PERCENT = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

/** 1234567.5 → "1,234,567.5". */
export const formatCount = (n: number): string => COUNT.format(n);
/** 1234.5 → "฿1,234.50". */
export const formatMoney = (n: number): string => MONEY.format(n);
/** 40 → "40%", 13.33 → "13.3%". */
export const formatPercent = (n: number): string => `${PERCENT.format(n)}%`;

export const PACE_LABELS: Readonly<Record<PaceStatus, string>> = { ahead: "Ahead", "on-track": "On track", behind: "Behind" };

export const PLAN_NAMES: Readonly<Record<PlanProgress["plan"], string>> = { ma: "MA", ads: "Ads" };

/** The plan's chart as Plotly traces: one cumulative line per parameter, and the dashed target line. */
export function chartTraces(chart: PlanChart): Data[] {
  const lines: Data[] = chart.lines.map((line) => ({
    type: "scatter",
    mode: "lines+markers",
    name: line.label,
    x: line.points.map((p) => p.date),
    y: line.points.map((p) => p.percent),
    customdata: line.points.map((p) => formatCount(p.value)),
    hovertemplate: `${line.label}: %{customdata} (%{y:.1f}% of ${formatCount(line.target)})<extra></extra>`,
    marker: { size: 4 },
  }));
  const target: Data = {
    type: "scatter",
    mode: "lines",
    name: "Target (even pace)",
    x: chart.targetLine.map((p) => p.date),
    y: chart.targetLine.map((p) => p.percent),
    line: { dash: "dash", color: "#5a6270" },
    hovertemplate: "Target: %{y:.1f}%<extra></extra>",
  };
  return [...lines, target];
}

export const CHART_LAYOUT: Partial<Layout> = {
  font: { family: "Prompt, system-ui, sans-serif", size: 12, color: "#1f2328" },
  paper_bgcolor: "rgba(0,0,0,0)",
  plot_bgcolor: "rgba(0,0,0,0)",
  xaxis: { type: "date", tickformat: "%d %b", gridcolor: "#e3e6eb", automargin: true },
  yaxis: { title: { text: "% of target", standoff: 8 }, ticksuffix: "%", rangemode: "tozero", gridcolor: "#e3e6eb", automargin: true },
  legend: { orientation: "h", y: -0.2 },
  showlegend: true,
};

/** The chart in words, for its accessible name. */
export function chartLabel(plan: PlanProgress, start: string, end: string): string {
  const reached = plan.chart.lines
    .map((line) => {
      const last = line.points[line.points.length - 1];
      return last === undefined ? null : `${line.label} ${formatPercent(last.percent)} of target`;
    })
    .filter((s): s is string => s !== null);
  return `${PLAN_NAMES[plan.plan]} progress chart: cumulative actual in percent of target from ${start} to ${end}, against the even-pace target line. ${reached.join(", ")}.`;
}
