/**
 * How KPI progress figures read on screen and in the charts: en-US grouping, THB money with the
 * baht sign, percentages, pace labels, and the Plotly traces and accessible summary of a plan's
 * progress chart. Plain functions; only types come from plotly.js.
 */
import type { Data, Layout } from "plotly.js";
import { chartCapOf, timesTargetOf, type PaceStatus, type PlanChart, type PlanProgress } from "../../../domain/kpiProgress";

import { BASE_LAYOUT as SHARED_LAYOUT, GRID_COLOUR } from "@/components/charts/chartLayout";
import { formatCount as count, formatMoney as money, formatPercent as percent } from "@/components/format/numbers";

/** 1234567.5 → "1,234,567.5". */
export const formatCount = (n: number): string => count(n, 2);
/** 1234.5 → "฿1,234.50". */
export const formatMoney = (n: number): string => money(n);
/** 40 → "40%", 13.33 → "13.3%". */
export const formatPercent = (n: number): string => percent(n);

const TIMES = new Intl.NumberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
/** 12.3 → "12.3× target". */
export const formatTimesTarget = (n: number): string => `${TIMES.format(n)}× target`;

export const PACE_LABELS: Readonly<Record<PaceStatus, string>> = { ahead: "Ahead", "on-track": "On track", behind: "Behind" };

export const PLAN_NAMES: Readonly<Record<PlanProgress["plan"], string>> = { ma: "MA", ads: "Ads" };

/**
 * The plan's chart as Plotly traces: one cumulative line per parameter, and the dashed target
 * line. Above the cap (see `chartCapOf`) a point is drawn on the cap as a triangle and its hover
 * shows the real figure; {@link chartLayout} labels each line's last capped point.
 */
export function chartTraces(chart: PlanChart): Data[] {
  const cap = chartCapOf(chart);
  const lines: Data[] = chart.lines.map((line) => {
    const capped = line.points.map((p) => cap !== null && p.percent > cap);
    return {
      type: "scatter",
      mode: "lines+markers",
      name: line.label,
      x: line.points.map((p) => p.date),
      y: line.points.map((p, i) => (capped[i] && cap !== null ? cap : p.percent)),
      customdata: line.points.map((p) => [formatCount(p.value), formatPercent(p.percent)]),
      hovertemplate: `${line.label}: %{customdata[0]} (%{customdata[1]} of ${formatCount(line.target)})<extra></extra>`,
      marker: { size: capped.map((c) => (c ? 9 : 4)), symbol: capped.map((c) => (c ? "triangle-up" : "circle")) },
    } as Data;
  });
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

/** Pixels between the labels of capped lines, stacked under the cap (a line of 11 px text takes 17 px). */
const CAPPED_LABEL_STEP = 18;

/**
 * The labels of the lines that go past the cap: "Reach 866% ▲" at the line's last capped point,
 * stacked one under another below the cap so that two lines capped on the same day do not write
 * over each other.
 */
function cappedLabels(chart: PlanChart, cap: number): NonNullable<Layout["annotations"]> {
  return chart.lines.flatMap((line) => {
    const last = line.points.findLastIndex((p) => p.percent > cap);
    const point = line.points[last];
    return point === undefined ? [] : [{ date: point.date, text: `${line.label} ${formatPercent(point.percent)} ▲` }];
  }).map((label, k) => ({
    x: label.date,
    y: cap,
    text: label.text,
    showarrow: false,
    xanchor: "right" as const,
    yanchor: "top" as const,
    yshift: -6 - k * CAPPED_LABEL_STEP,
    font: { size: 11 },
  }));
}

const BASE_LAYOUT: Partial<Layout> = {
  ...SHARED_LAYOUT,
  // Drag zooms, as Plotly does by default, on this line chart.
  dragmode: "zoom",
  xaxis: { type: "date", tickformat: "%d %b", gridcolor: GRID_COLOUR, automargin: true },
  legend: { orientation: "h", y: -0.2 },
  showlegend: true,
};

/** The chart's layout: a y axis from 0, stopped at the cap (and saying so) when a line goes past it. */
export function chartLayout(chart: PlanChart): Partial<Layout> {
  const cap = chartCapOf(chart);
  const yaxis: Partial<Layout["yaxis"]> = { ticksuffix: "%", gridcolor: GRID_COLOUR, automargin: true };
  return {
    ...BASE_LAYOUT,
    yaxis:
      cap === null
        ? { ...yaxis, title: { text: "% of target", standoff: 8 }, rangemode: "tozero" }
        : { ...yaxis, title: { text: `% of target (▲ over ${formatPercent(cap)})`, standoff: 8 }, range: [0, cap * 1.08] },
    ...(cap === null ? {} : { annotations: cappedLabels(chart, cap) }),
  };
}

/**
 * What needs a look in a plan, in words: spend over budget, costs per unit above plan, and
 * targets hit many times over. Empty when nothing does.
 */
export function planNotes(plan: PlanProgress): string[] {
  const notes: string[] = [];
  if (plan.spend.overBudget && plan.spend.spend !== null && plan.spend.budget !== null) {
    const share = plan.spend.percentOfBudget === null ? "" : ` (${formatPercent(plan.spend.percentOfBudget)} of budget)`;
    notes.push(`Over budget: ${PLAN_NAMES[plan.plan]} spend ${formatMoney(plan.spend.spend)} against a budget of ${formatMoney(plan.spend.budget)}${share}.`);
  }
  for (const row of plan.rows) {
    if (row.costAbovePlan && row.achievedCostPerUnit !== null && row.plannedCostPerUnit !== null) {
      const unit = row.perThousand ? " per thousand" : "";
      notes.push(`Cost above plan: ${row.label} costs ${formatMoney(row.achievedCostPerUnit)}${unit} against ${formatMoney(row.plannedCostPerUnit)} planned.`);
    }
  }
  for (const row of plan.rows) {
    if (row.timesTarget !== null) notes.push(`${row.label} is at ${formatTimesTarget(row.timesTarget)}.`);
  }
  return notes;
}

/** The chart in words, for its accessible name. */
export function chartLabel(plan: PlanProgress, start: string, end: string): string {
  const reached = plan.chart.lines
    .map((line) => {
      const last = line.points[line.points.length - 1];
      if (last === undefined) return null;
      const times = timesTargetOf(last.value, line.target);
      const many = times === null ? "" : ` (${formatTimesTarget(times)})`;
      return `${line.label} ${formatPercent(last.percent)} of target${many}`;
    })
    .filter((s): s is string => s !== null);
  const cap = chartCapOf(plan.chart);
  const capped = cap === null ? "" : ` The axis stops at ${formatPercent(cap)}; points above it are drawn on it as triangles.`;
  return `${PLAN_NAMES[plan.plan]} progress chart: cumulative actual in percent of target from ${start} to ${end}, against the even-pace target line. ${reached.join(", ")}.${capped}`;
}
