/**
 * How KPI progress figures read on screen and in the charts: en-US grouping, THB money with the
 * baht sign, percentages, pace labels, and the Plotly traces and accessible summary of a plan's
 * progress chart. Plain functions; only types come from plotly.js.
 */
import type { Data, Layout } from "plotly.js";
import { chartCapOf, timesTargetOf, type PaceStatus, type PlanChart, type PlanProgress } from "../../../domain/kpiProgress";

import { BASE_LAYOUT as SHARED_LAYOUT, GRID_COLOUR } from "@/components/charts/chartLayout";
import { dateAxis, dateHoverLabels } from "@/components/charts/dateAxis";
import { formatDay } from "@/components/format/dates";
import { formatCount as count, formatMoney as money, formatPercent as percent } from "@/components/format/numbers";
import { paramLabel } from "@/features/brandEx/figureText";
import { t, type MessageKey } from "@/i18n/i18n";

/** 1234567.5 → "1,234,567.5". */
export const formatCount = (n: number): string => count(n, 2);
/** 1234.5 → "฿1,234.50". */
export const formatMoney = (n: number): string => money(n);
/** 40 → "40%", 13.33 → "13.3%". */
export const formatPercent = (n: number): string => percent(n);

/** 12.3 → "12.3× target". */
export const formatTimesTarget = (n: number): string =>
  // One decimal always, in the user's number format (the percent format without its sign).
  t("brandEx.kpi.timesTarget", { times: percent(n, 1, 1).replace(/%$/, "") });

const PACE_KEYS = { ahead: "brandEx.kpi.pace.ahead", "on-track": "brandEx.kpi.pace.onTrack", behind: "brandEx.kpi.pace.behind" } as const satisfies Record<PaceStatus, MessageKey>;
/** "Ahead", "On track", "Behind" in the active language. */
export const paceLabel = (pace: PaceStatus): string => t(PACE_KEYS[pace]);

const PLAN_KEYS = { ma: "brandEx.kpi.plan.ma", ads: "brandEx.kpi.plan.ads" } as const satisfies Record<PlanProgress["plan"], MessageKey>;
/** "MA", "Ads" in the active language. */
export const planName = (plan: PlanProgress["plan"]): string => t(PLAN_KEYS[plan]);

/** A row's or line's parameter name in the active language. */
const labelOf = (line: { readonly key: Parameters<typeof paramLabel>[0] }): string => paramLabel(line.key);

/**
 * The plan's chart as Plotly traces: one cumulative line per parameter, and the dashed target
 * line. Above the cap (see `chartCapOf`) a point is drawn on the cap as a triangle and its hover
 * shows the real figure; {@link chartLayout} labels each line's last capped point.
 */
export function chartTraces(chart: PlanChart): Data[] {
  const cap = chartCapOf(chart);
  const lines: Data[] = chart.lines.map((line) => {
    const capped = line.points.map((p) => cap !== null && p.percent > cap);
    const days = dateHoverLabels(line.points.map((p) => p.date), "day");
    const label = labelOf(line);
    return {
      type: "scatter",
      mode: "lines+markers",
      name: label,
      x: line.points.map((p) => p.date),
      y: line.points.map((p, i) => (capped[i] && cap !== null ? cap : p.percent)),
      customdata: line.points.map((p, i) => [
        days[i] ?? "",
        t("brandEx.kpi.chart.hover", { label, value: formatCount(p.value), percent: formatPercent(p.percent), target: formatCount(line.target) }),
      ]),
      hovertemplate: "%{customdata[0]}<br>%{customdata[1]}<extra></extra>",
      marker: { size: capped.map((c) => (c ? 9 : 4)), symbol: capped.map((c) => (c ? "triangle-up" : "circle")) },
    } as Data;
  });
  const targetDays = dateHoverLabels(chart.targetLine.map((p) => p.date), "day");
  const target = {
    type: "scatter",
    mode: "lines",
    name: t("brandEx.kpi.chart.target"),
    x: chart.targetLine.map((p) => p.date),
    y: chart.targetLine.map((p) => p.percent),
    customdata: chart.targetLine.map((p, i) => [targetDays[i] ?? "", t("brandEx.kpi.chart.targetHover", { percent: percent(p.percent, 1, 1) })]),
    line: { dash: "dash", color: "#5a6270" },
    hovertemplate: "%{customdata[0]}<br>%{customdata[1]}<extra></extra>",
  } as Data;
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
    return point === undefined ? [] : [{ date: point.date, text: t("brandEx.kpi.chart.cappedLabel", { label: labelOf(line), percent: formatPercent(point.percent) }) }];
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
  legend: { orientation: "h", y: -0.2 },
  showlegend: true,
};

/** The chart's layout: a y axis from 0, stopped at the cap (and saying so) when a line goes past it. */
export function chartLayout(chart: PlanChart): Partial<Layout> {
  const cap = chartCapOf(chart);
  const yaxis: Partial<Layout["yaxis"]> = { ticksuffix: "%", gridcolor: GRID_COLOUR, automargin: true };
  const days = [...new Set([...chart.targetLine.map((p) => p.date), ...chart.lines.flatMap((l) => l.points.map((p) => p.date))])].sort();
  return {
    ...BASE_LAYOUT,
    xaxis: { ...dateAxis(days, "day"), gridcolor: GRID_COLOUR },
    yaxis:
      cap === null
        ? { ...yaxis, title: { text: t("brandEx.kpi.chart.yTitle"), standoff: 8 }, rangemode: "tozero" }
        : { ...yaxis, title: { text: t("brandEx.kpi.chart.yTitleCapped", { cap: formatPercent(cap) }), standoff: 8 }, range: [0, cap * 1.08] },
    ...(cap === null ? {} : { annotations: cappedLabels(chart, cap) }),
  };
}

/** A note on a plan; warnings (over budget, cost above plan) are marked. */
export interface PlanNote {
  readonly text: string;
  readonly warning: boolean;
}

/**
 * What needs a look in a plan, in words: spend over budget, costs per unit above plan, and
 * targets hit many times over. Empty when nothing does.
 */
export function planNotes(plan: PlanProgress): PlanNote[] {
  const notes: PlanNote[] = [];
  if (plan.spend.overBudget && plan.spend.spend !== null && plan.spend.budget !== null) {
    const values = { plan: planName(plan.plan), spend: formatMoney(plan.spend.spend), budget: formatMoney(plan.spend.budget) };
    const text =
      plan.spend.percentOfBudget === null
        ? t("brandEx.kpi.note.overBudget", values)
        : t("brandEx.kpi.note.overBudgetShare", { ...values, share: formatPercent(plan.spend.percentOfBudget) });
    notes.push({ text, warning: true });
  }
  for (const row of plan.rows) {
    if (row.costAbovePlan && row.achievedCostPerUnit !== null && row.plannedCostPerUnit !== null) {
      const values = { label: labelOf(row), achieved: formatMoney(row.achievedCostPerUnit), planned: formatMoney(row.plannedCostPerUnit) };
      notes.push({ text: t(row.perThousand ? "brandEx.kpi.note.costAbovePlanPerThousand" : "brandEx.kpi.note.costAbovePlan", values), warning: true });
    }
  }
  for (const row of plan.rows) {
    if (row.timesTarget !== null) notes.push({ text: t("brandEx.kpi.note.timesTarget", { label: labelOf(row), times: formatTimesTarget(row.timesTarget) }), warning: false });
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
      const values = { label: labelOf(line), percent: formatPercent(last.percent) };
      return times === null ? t("brandEx.kpi.chart.lineReached", values) : t("brandEx.kpi.chart.lineReachedTimes", { ...values, times: formatTimesTarget(times) });
    })
    .filter((s): s is string => s !== null);
  const cap = chartCapOf(plan.chart);
  const label = t("brandEx.kpi.chart.label", { plan: planName(plan.plan), start: formatDay(start), end: formatDay(end), reached: reached.join(", ") });
  return cap === null ? label : `${label} ${t("brandEx.kpi.chart.labelCapped", { cap: formatPercent(cap) })}`;
}
