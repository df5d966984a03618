/**
 * KPI progress of one KPI template over the selected date range (issue 4): for each planned
 * parameter of the MA and ADS plans, target vs actual, spend vs budget, planned vs achieved cost
 * per unit and pacing, plus the cumulative daily series the progress charts draw.
 *
 * Decisions (also in docs/metrics-import.md, "How KPI progress is computed"):
 * - The template's KPI of a parameter is the target for the selected date range; the ADS
 *   `setMonth` periods only spread budgets over time and are not used here.
 * - Actual = the summary's total of that plan and metric; a metric without any day of data is
 *   `null` (no data), never 0.
 * - Spend: the data holds one ad spend per account and day, not per parameter. The ADS plan's
 *   total spend is shared among its parameters in proportion to their budgets
 *   (spend × budget ÷ sum of the listed budgets); without any positive budget there is no basis
 *   for a share and the per-parameter spend stays unknown. MA (organic) has no measured spend.
 * - gmv and nmv are left out: the KPI dialog does not offer them and no metric measures them.
 *
 * Pure: no luxon (the caller passes today's Bangkok day), no I/O.
 */
import { SelectableKpiParams, type KpiParamKey, type KpiPlan, type KpiTemplate } from "./entities";
import { daysInclusive } from "./calendarDays";
import { round2, toAmountNumber } from "./kpi";
import {
  MeasuredKpiKeys, isChannelFilter, elapsedDays, expectedToDate, percentOf, progressOf, projectedEndValue,
  type MetricKey, type MetricPlan, type MetricSeries, type MetricsSummary, type MetricsSummaryRequest,
} from "./metrics";

/** A KPI parameter with measured daily figures. */
export type MeasuredKpiKey = (typeof MeasuredKpiKeys)[number];

/** How far actual may be from expected-to-date, as a share, and still count as on track. */
export const PACE_TOLERANCE = 0.05;

/** Ahead above 105 % of expected-to-date, behind under 95 %, on track in between. */
export type PaceStatus = "ahead" | "on-track" | "behind";

export interface ProgressRow {
  readonly key: MeasuredKpiKey;
  /** The parameter's label in the KPI dialog ("Reach", "Page like", …). */
  readonly label: string;
  /** The template's KPI for the range; null when only a budget is set. */
  readonly target: number | null;
  /** The measured total over the range so far; null = no data (not the same as 0). */
  readonly actual: number | null;
  readonly percentOfTarget: number | null;
  /** target × elapsed days ÷ days of the range. */
  readonly expected: number | null;
  /** actual ÷ elapsed days × days of the range. */
  readonly projected: number | null;
  /** actual ÷ expected-to-date (1 = on pace). */
  readonly pace: number | null;
  readonly paceStatus: PaceStatus | null;
  /** The parameter's budget in THB; null when empty. */
  readonly budget: number | null;
  /** The spend attributed to the parameter (ADS: by budget share; MA: never measured). */
  readonly spend: number | null;
  /** budget ÷ target (× 1000 for impression). */
  readonly plannedCostPerUnit: number | null;
  /** attributed spend ÷ actual (× 1000 for impression). */
  readonly achievedCostPerUnit: number | null;
  /** True for impression: both costs are per thousand (CPM). */
  readonly perThousand: boolean;
  /** actual ÷ target to 1 decimal once the target is hit {@link MANY_TIMES_TARGET} times or more; else null. */
  readonly timesTarget: number | null;
  /** The attributed spend is above the parameter's budget: a warning, however far ahead the pace. */
  readonly overBudget: boolean;
  /** Each unit costs more than planned: a warning. */
  readonly costAbovePlan: boolean;
  /** The measured total over the previous period of equal length; null = no data or not asked. */
  readonly previousActual: number | null;
}

/** Spend vs budget of a whole plan. */
export interface PlanSpend {
  /** True when the data measures spend for this plan (ADS only). */
  readonly measured: boolean;
  /** Sum of the listed parameters' budgets; null when none has a budget. */
  readonly budget: number | null;
  /** The plan's spend over the range so far; null when not measured or no data. */
  readonly spend: number | null;
  readonly percentOfBudget: number | null;
  /** budget × elapsed days ÷ days of the range. */
  readonly expectedToDate: number | null;
  /** spend ÷ elapsed days × days of the range. */
  readonly projected: number | null;
  /** The plan's spend is above its budget. */
  readonly overBudget: boolean;
  /** The plan's spend over the previous period of equal length; null when not measured or no data. */
  readonly previousSpend: number | null;
}

export interface ChartPoint {
  readonly date: string;
  /** Cumulative actual up to and including this day. */
  readonly value: number;
  /** That cumulative actual as a percent of the target. */
  readonly percent: number;
}

/** Cumulative actual of one parameter, on the days that have a value. */
export interface ChartLine {
  readonly key: MeasuredKpiKey;
  readonly label: string;
  readonly target: number;
  readonly points: readonly ChartPoint[];
}

/**
 * The progress chart of a plan. Every line is in percent of its own target, so parameters of
 * very different sizes (impressions and inbox messages) share one axis and one target line.
 */
export interface PlanChart {
  /** The even-pace target line: target × day ÷ days, in percent (from 100/days on the first day to 100 on the last). */
  readonly targetLine: readonly { readonly date: string; readonly percent: number }[];
  /** Parameters with a positive target and data; the others cannot be drawn in percent. */
  readonly lines: readonly ChartLine[];
}

export interface PlanProgress {
  readonly plan: MetricPlan;
  readonly rows: readonly ProgressRow[];
  readonly spend: PlanSpend;
  readonly chart: PlanChart;
}

export interface KpiProgress {
  readonly title: string;
  /** The selected range, YYYY-MM-DD, both days included. */
  readonly start: string;
  readonly end: string;
  /** Today's Bangkok day, as passed in. */
  readonly today: string;
  readonly totalDays: number;
  readonly elapsedDays: number;
  readonly ma: PlanProgress;
  readonly ads: PlanProgress;
  /** The previous period of equal length the actuals are compared with; null when not compared. */
  readonly previous: { readonly start: string; readonly end: string; readonly days: number } | null;
}

/** From this many times the target on, the figure says so ("12.3× target") rather than only a large percent. */
export const MANY_TIMES_TARGET = 2;

/**
 * The progress chart's y axis stops here (in % of target) when a line goes beyond it, so one
 * parameter at 15,000 % does not flatten the others and the 100 % target line; the points above
 * are drawn on the cap and labelled with their real value. 300 % keeps "3× target" readable.
 */
export const CHART_CAP_PERCENT = 300;

/**
 * How many times over the target the actual is, when that is many times.
 *
 * @returns actual ÷ target to 1 decimal when at least {@link MANY_TIMES_TARGET}; null otherwise,
 *   and when either figure is missing or the target is not positive
 */
export function timesTargetOf(actual: number | null, target: number | null): number | null {
  if (actual === null || target === null || !(target > 0) || !Number.isFinite(actual)) return null;
  const times = actual / target;
  return times >= MANY_TIMES_TARGET ? Math.round(times * 10) / 10 : null;
}

/**
 * Spend above budget (a warning whatever the pace of the KPI).
 *
 * @returns false when either figure is unknown
 */
export function isOverBudget(spend: number | null, budget: number | null): boolean {
  return spend !== null && budget !== null && spend > budget;
}

/**
 * Achieved cost per unit above the planned one (each result cost more than planned).
 *
 * @returns false when either cost is unknown
 */
export function isCostAbovePlan(achieved: number | null, planned: number | null): boolean {
  return achieved !== null && planned !== null && achieved > planned;
}

/**
 * The y-axis cap of a plan's chart.
 *
 * @returns {@link CHART_CAP_PERCENT} when a point of any line is above it, else null (no cap)
 */
export function chartCapOf(chart: Pick<PlanChart, "lines">): number | null {
  return chart.lines.some((line) => line.points.some((p) => p.percent > CHART_CAP_PERCENT)) ? CHART_CAP_PERCENT : null;
}

const LABELS: ReadonlyMap<KpiParamKey, string> = new Map(SelectableKpiParams.map((p) => [p.key, p.label]));
const MEASURED: ReadonlySet<KpiParamKey> = new Set<KpiParamKey>(MeasuredKpiKeys);
const isMeasured = (key: KpiParamKey): key is MeasuredKpiKey => MEASURED.has(key) && LABELS.has(key);

/**
 * The parameters a plan plans: those with a KPI value or a budget (a typed 0 counts), in the
 * order of the KPI dialog. gmv and nmv are never listed (not offered, not measured).
 */
export function plannedParamsOf(plan: KpiPlan): MeasuredKpiKey[] {
  return SelectableKpiParams.map((p) => p.key)
    .filter(isMeasured)
    .filter((key) => toAmountNumber(plan[key].kpi) !== null || toAmountNumber(plan[key].budget) !== null);
}

/**
 * The actual figure of a metric series.
 *
 * @returns the total, or null when no day of the range has a value (no data is not 0)
 */
export function actualOf(series: MetricSeries | undefined): number | null {
  if (series === undefined || series.days <= 0) return null;
  return series.total;
}

/**
 * Ahead, on track or behind, from actual ÷ expected-to-date (see {@link PACE_TOLERANCE}).
 *
 * @returns null when there is no pace yet (nothing expected, or no data)
 */
export function paceStatusOf(pace: number | null): PaceStatus | null {
  if (pace === null || !Number.isFinite(pace)) return null;
  if (pace > 1 + PACE_TOLERANCE) return "ahead";
  if (pace < 1 - PACE_TOLERANCE) return "behind";
  return "on-track";
}

/**
 * Shares a plan's total spend among its parameters by budget: spend × budget ÷ sum of budgets.
 *
 * @param total - the plan's measured spend (null = not measured or no data)
 * @param budgets - each parameter's budget (null = empty)
 * @returns one attributed spend per budget, to 2 decimals; null for an empty budget, and for
 *   every parameter when the spend is unknown or no budget is positive (no basis for a share)
 */
export function attributeSpend(total: number | null, budgets: readonly (number | null)[]): (number | null)[] {
  const sum = budgets.reduce<number>((s, b) => s + (b !== null && b > 0 ? b : 0), 0);
  if (total === null || !Number.isFinite(total) || sum <= 0) return budgets.map(() => null);
  return budgets.map((b) => (b === null ? null : b <= 0 ? 0 : round2((total * b) / sum)));
}

/**
 * The cumulative actual of a series in percent of `target`, on the days that have a value
 * (a day without a value is not drawn as 0).
 *
 * @returns no points when the target is not positive
 */
export function cumulativeOf(series: MetricSeries | undefined, target: number | null): ChartPoint[] {
  if (series === undefined || target === null || !(target > 0)) return [];
  let running = 0;
  return series.series.map((p) => {
    running += p.value;
    return { date: p.date, value: round2(running), percent: round2((running / target) * 100) };
  });
}

/** The even-pace target line of a range in percent: 100/days after the first day, 100 after the last. */
export function targetLineOf(start: string, end: string): PlanChart["targetLine"] {
  const total = daysInclusive(start, end);
  if (total === 0) return [];
  if (total === 1) return [{ date: start, percent: 100 }];
  return [{ date: start, percent: round2(100 / total) }, { date: end, percent: 100 }];
}

const seriesOf = (list: readonly MetricSeries[], metric: MetricKey) => list.find((s) => s.metric === metric);

function planProgress(
  plan: MetricPlan,
  kpiPlan: KpiPlan,
  measured: readonly MetricSeries[],
  previous: readonly MetricSeries[] | null,
  start: string,
  end: string,
  today: string,
): PlanProgress {
  const keys = plannedParamsOf(kpiPlan);
  const budgets = keys.map((key) => toAmountNumber(kpiPlan[key].budget));
  const planSpend = plan === "ads" ? actualOf(seriesOf(measured, "spend")) : null;
  const spends = plan === "ads" ? attributeSpend(planSpend, budgets) : budgets.map(() => null);
  const rows = keys.map((key, i): ProgressRow => {
    const target = toAmountNumber(kpiPlan[key].kpi);
    const actual = actualOf(seriesOf(measured, key));
    const p = progressOf({ metric: key, target, budget: budgets[i] ?? null, actual, spend: spends[i] ?? null, start, end, today });
    return {
      key,
      label: LABELS.get(key) ?? key,
      target,
      actual,
      percentOfTarget: p.percentOfTarget,
      expected: p.expected,
      projected: p.projected,
      pace: p.pace,
      paceStatus: paceStatusOf(p.pace),
      budget: budgets[i] ?? null,
      spend: spends[i] ?? null,
      plannedCostPerUnit: p.plannedCostPerUnit,
      achievedCostPerUnit: p.achievedCostPerUnit,
      perThousand: key === "impression",
      timesTarget: timesTargetOf(actual, target),
      overBudget: isOverBudget(spends[i] ?? null, budgets[i] ?? null),
      costAbovePlan: isCostAbovePlan(p.achievedCostPerUnit, p.plannedCostPerUnit),
      previousActual: previous === null ? null : actualOf(seriesOf(previous, key)),
    };
  });
  const total = daysInclusive(start, end);
  const elapsed = elapsedDays(start, end, today);
  const listed = budgets.filter((b): b is number => b !== null);
  const budget = listed.length === 0 ? null : round2(listed.reduce((s, b) => s + b, 0));
  const lines = rows
    .map((row): ChartLine => ({ key: row.key, label: row.label, target: row.target ?? 0, points: cumulativeOf(seriesOf(measured, row.key), row.target) }))
    .filter((line) => line.points.length > 0);
  return {
    plan,
    rows,
    spend: {
      measured: plan === "ads",
      budget,
      spend: planSpend,
      percentOfBudget: percentOf(planSpend, budget),
      expectedToDate: expectedToDate(budget, elapsed, total),
      projected: projectedEndValue(planSpend, elapsed, total),
      overBudget: isOverBudget(planSpend, budget),
      previousSpend: plan === "ads" && previous !== null ? actualOf(seriesOf(previous, "spend")) : null,
    },
    chart: { targetLine: lines.length > 0 ? targetLineOf(start, end) : [], lines },
  };
}

/**
 * Every KPI progress figure of a template over the summary's range.
 *
 * @param template - the selected KPI template (its MA and ADS plans)
 * @param summary - `GET /user/metrics-summary` for the range, brand, channel, pages and accounts
 * @param today - today's Bangkok calendar day, YYYY-MM-DD (decides the elapsed days)
 * @param previous - the same summary over the previous period of equal length (`previousPeriod`
 *   of domain/periodChange.ts), for each actual's change; null when it could not be read
 */
export function kpiProgressOf(
  template: Pick<KpiTemplate, "title" | "MA" | "ADS">,
  summary: MetricsSummary,
  today: string,
  previous: MetricsSummary | null = null,
): KpiProgress {
  const { start, end } = summary;
  return {
    title: template.title,
    start,
    end,
    today,
    totalDays: daysInclusive(start, end),
    elapsedDays: elapsedDays(start, end, today),
    ma: planProgress("ma", template.MA, summary.ma, previous?.ma ?? null, start, end, today),
    ads: planProgress("ads", template.ADS, summary.ads, previous?.ads ?? null, start, end, today),
    previous: previous === null ? null : { start: previous.start, end: previous.end, days: daysInclusive(previous.start, previous.end) },
  };
}


/**
 * The metrics-summary request of an applied view: the range's days, the brand, the channel
 * (left out when it is not one the summary knows), and pages and accounts comma-separated
 * (left out when none is chosen, which means all).
 */
export function summaryRequestOf(view: {
  readonly start: string;
  readonly end: string;
  readonly brand: string;
  readonly ch: string;
  readonly pages: readonly string[];
  readonly bags: readonly string[];
}): MetricsSummaryRequest {
  return {
    start: view.start.slice(0, 10),
    end: view.end.slice(0, 10),
    ...(view.brand !== "" ? { brand: view.brand } : {}),
    ...(isChannelFilter(view.ch) ? { channel: view.ch } : {}),
    ...(view.pages.length > 0 ? { pages: view.pages.join(",") } : {}),
    ...(view.bags.length > 0 ? { bags: view.bags.join(",") } : {}),
  };
}

/** What the KPI progress section of /brandEx shows. */
export type KpiSection =
  /** No KPI template selected. */
  | { readonly kind: "none" }
  /** The user may not read KPI templates (no permission 9): no KPI progress, not an error. */
  | { readonly kind: "forbidden" }
  /** The selected title is not among the user's templates (deleted or renamed since). */
  | { readonly kind: "missing"; readonly title: string }
  | { readonly kind: "failed"; readonly title: string; readonly message: string }
  | { readonly kind: "ready"; readonly progress: KpiProgress };
