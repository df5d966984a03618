import { describe, expect, it } from "vitest";
import type { Amount, KpiParamKey, KpiPlan, KpiTemplate } from "../../domain/entities";
import { emptyKpiTemplate } from "../../domain/kpi";
import {
  CHART_CAP_PERCENT, actualOf, attributeSpend, chartCapOf, cumulativeOf, isCostAbovePlan, isOverBudget, kpiProgressOf, paceStatusOf,
  plannedParamsOf, summaryRequestOf, targetLineOf, timesTargetOf,
} from "../../domain/kpiProgress";
import { PLAN_METRICS, type MetricKey, type MetricPlan, type MetricSeries, type MetricsSummary } from "../../domain/metrics";

type Planned = Partial<Record<KpiParamKey, { kpi?: Amount; budget?: Amount }>>;

function template(ma: Planned, ads: Planned): KpiTemplate {
  const t = emptyKpiTemplate("September push");
  const fill = (plan: KpiPlan, values: Planned): KpiPlan => ({
    ...plan,
    ...Object.fromEntries(Object.entries(values).map(([key, v]) => [key, { kpi: v.kpi ?? "", budget: v.budget ?? "" }])),
  });
  return { ...t, MA: fill(t.MA, ma), ADS: fill(t.ADS, ads) };
}

/** A series with one value per listed day. */
function series(metric: MetricKey, points: readonly [string, number][]): MetricSeries {
  const total = points.reduce((s, [, v]) => s + v, 0);
  return { metric, total, days: points.length, last: points.at(-1)?.[0] ?? null, series: points.map(([date, value]) => ({ date, value })) };
}

function summary(start: string, end: string, given: { ma?: MetricSeries[]; ads?: MetricSeries[] }): MetricsSummary {
  const plan = (p: MetricPlan, list: MetricSeries[] = []) =>
    PLAN_METRICS[p].map((metric) => list.find((s) => s.metric === metric) ?? { metric, total: 0, days: 0, last: null, series: [] });
  return { start, end, brands: ["Tipco"], channel: "All Channel", ma: plan("ma", given.ma), ads: plan("ads", given.ads) };
}

const empty = (metric: MetricKey): MetricSeries => ({ metric, total: 0, days: 0, last: null, series: [] });

describe("plannedParamsOf: parameters with a KPI or a budget, in the dialog's order", () => {
  it.each([
    { behaviour: "lists parameters with a KPI", planned: { click: { kpi: "100" }, reach: { kpi: "5" } }, expected: ["reach", "click"] },
    { behaviour: "lists a parameter with only a budget", planned: { inbox: { budget: "500" } }, expected: ["inbox"] },
    { behaviour: "counts a typed 0 as planned", planned: { view: { kpi: "0" } }, expected: ["view"] },
    { behaviour: "leaves out gmv and nmv (not offered, not measured)", planned: { gmv: { kpi: "1000" }, nmv: { budget: "5" } }, expected: [] },
    { behaviour: "lists nothing for an empty plan", planned: {}, expected: [] },
    { behaviour: "ignores a lone decimal point still being typed", planned: { reach: { kpi: "." } }, expected: [] },
  ])("$behaviour", ({ planned, expected }) => {
    expect(plannedParamsOf(template(planned as Planned, {}).MA)).toEqual(expected);
  });
});

describe("actualOf: the total, or null when there is no data", () => {
  it.each([
    { behaviour: "is the total of the days with a value", s: series("reach", [["2025-09-01", 10], ["2025-09-02", 5]]), expected: 15 },
    { behaviour: "is 0 when the days with a value sum to 0", s: series("reach", [["2025-09-01", 0]]), expected: 0 },
    { behaviour: "is null when no day has a value (no data is not 0)", s: empty("reach"), expected: null },
    { behaviour: "is null when the metric is missing from the summary", s: undefined, expected: null },
  ])("$behaviour", ({ s, expected }) => {
    expect(actualOf(s)).toBe(expected);
  });
});

describe("paceStatusOf: actual ÷ expected-to-date with a 5 % tolerance", () => {
  it.each([
    { pace: 1.2, expected: "ahead" },
    { pace: 1.06, expected: "ahead" },
    { pace: 1.05, expected: "on-track" },
    { pace: 1, expected: "on-track" },
    { pace: 0.95, expected: "on-track" },
    { pace: 0.94, expected: "behind" },
    { pace: 0, expected: "behind" },
    { pace: null, expected: null },
  ])("$pace is $expected", ({ pace, expected }) => {
    expect(paceStatusOf(pace)).toBe(expected);
  });
});

describe("attributeSpend: the plan's spend shared by budget", () => {
  it.each([
    { behaviour: "splits in proportion to the budgets", total: 1000, budgets: [3000, 1000], expected: [750, 250] },
    { behaviour: "gives the whole spend to a single budget", total: 812.4, budgets: [5000], expected: [812.4] },
    { behaviour: "rounds each share to 2 decimals", total: 100, budgets: [1, 1, 1], expected: [33.33, 33.33, 33.33] },
    { behaviour: "gives no share to an empty budget", total: 1000, budgets: [1000, null], expected: [1000, null] },
    { behaviour: "gives 0 to a budget of 0", total: 1000, budgets: [1000, 0], expected: [1000, 0] },
    { behaviour: "is unknown everywhere without any positive budget", total: 1000, budgets: [null, 0], expected: [null, null] },
    { behaviour: "is unknown everywhere without spend data", total: null, budgets: [1000, 500], expected: [null, null] },
    { behaviour: "is 0 for each share when nothing was spent", total: 0, budgets: [1000, 500], expected: [0, 0] },
    { behaviour: "is an empty list for no parameters", total: 1000, budgets: [], expected: [] },
  ])("$behaviour", ({ total, budgets, expected }) => {
    expect(attributeSpend(total, budgets)).toEqual(expected);
  });
});

describe("cumulativeOf: running total in percent of the target", () => {
  const s = series("click", [["2025-09-01", 10], ["2025-09-03", 15], ["2025-09-04", 25]]);
  it("adds up day by day, skipping days without a value", () => {
    expect(cumulativeOf(s, 200)).toEqual([
      { date: "2025-09-01", value: 10, percent: 5 },
      { date: "2025-09-03", value: 25, percent: 12.5 },
      { date: "2025-09-04", value: 50, percent: 25 },
    ]);
  });
  it.each([
    { behaviour: "has no points for a target of 0 (no percent of 0)", target: 0 },
    { behaviour: "has no points without a target", target: null },
  ])("$behaviour", ({ target }) => {
    expect(cumulativeOf(s, target)).toEqual([]);
  });
  it("has no points without data", () => {
    expect(cumulativeOf(empty("click"), 100)).toEqual([]);
  });
});

describe("targetLineOf: the even-pace line in percent", () => {
  it.each([
    { behaviour: "runs from 100/days on the first day to 100 on the last", start: "2025-09-01", end: "2025-09-30", expected: [{ date: "2025-09-01", percent: 3.33 }, { date: "2025-09-30", percent: 100 }] },
    { behaviour: "is one point of 100 for a one-day range", start: "2025-09-01", end: "2025-09-01", expected: [{ date: "2025-09-01", percent: 100 }] },
    { behaviour: "is empty for an inverted range", start: "2025-09-02", end: "2025-09-01", expected: [] },
  ])("$behaviour", ({ start, end, expected }) => {
    expect(targetLineOf(start, end)).toEqual(expected);
  });
});

describe("kpiProgressOf", () => {
  // September 2025 (30 days), today the 10th: a third of the range has passed.
  const start = "2025-09-01";
  const end = "2025-09-30";
  const today = "2025-09-10";
  const tpl = template(
    { reach: { kpi: "90000", budget: "3000" }, engagement: { kpi: "0" }, inbox: { kpi: "300" } },
    { impression: { kpi: "1000000", budget: "60000" }, click: { kpi: "9000", budget: "30000" }, leadgen: { budget: "", kpi: "50" } },
  );
  const data = summary(start, end, {
    ma: [
      series("reach", [["2025-09-01", 12_000], ["2025-09-02", 12_000], ["2025-09-03", 12_000]]),
      series("engagement", [["2025-09-01", 40]]),
    ],
    ads: [
      series("impression", [["2025-09-01", 200_000], ["2025-09-02", 200_000]]),
      series("click", [["2025-09-01", 1500], ["2025-09-02", 1500]]),
      series("spend", [["2025-09-01", 9000], ["2025-09-02", 9000]]),
    ],
  });
  const progress = kpiProgressOf(tpl, data, today);
  const row = (plan: "ma" | "ads", key: string) => {
    const found = progress[plan].rows.find((r) => r.key === key);
    if (!found) throw new Error(`no row ${key}`);
    return found;
  };

  it("counts the days of the range and the days elapsed by today", () => {
    expect([progress.totalDays, progress.elapsedDays]).toEqual([30, 10]);
  });

  it("lists the planned parameters of each plan with their labels", () => {
    expect(progress.ma.rows.map((r) => r.label)).toEqual(["Reach", "Engagement", "Inbox"]);
    expect(progress.ads.rows.map((r) => r.label)).toEqual(["Impression", "Click", "Leadgen"]);
  });

  it("compares the target with the actual total and paces it", () => {
    expect(row("ma", "reach")).toMatchObject({
      target: 90_000, actual: 36_000, percentOfTarget: 40, expected: 30_000, projected: 108_000, pace: 1.2, paceStatus: "ahead",
      budget: 3000, spend: null, plannedCostPerUnit: 0.03, achievedCostPerUnit: null,
    });
  });

  it("shows no data as null, not 0: no actual, percent, projection or pace", () => {
    expect(row("ma", "inbox")).toMatchObject({ target: 300, actual: null, percentOfTarget: null, expected: 100, projected: null, pace: null, paceStatus: null });
  });

  it("gives no percent or pace for a target of 0", () => {
    expect(row("ma", "engagement")).toMatchObject({ target: 0, actual: 40, percentOfTarget: null, expected: 0, pace: null, paceStatus: null, plannedCostPerUnit: null });
  });

  it("shares the ads spend by budget and prices impressions per thousand (CPM)", () => {
    // 18,000 spent; impression holds 60,000 of the 90,000 budget → 12,000; click → 6,000.
    expect(row("ads", "impression")).toMatchObject({
      budget: 60_000, spend: 12_000, perThousand: true, plannedCostPerUnit: 60, achievedCostPerUnit: 30, percentOfTarget: 40,
    });
    expect(row("ads", "click")).toMatchObject({ budget: 30_000, spend: 6000, perThousand: false, plannedCostPerUnit: 3.33, achievedCostPerUnit: 2 });
  });

  it("gives a parameter with an empty budget no spend and no costs", () => {
    expect(row("ads", "leadgen")).toMatchObject({ target: 50, budget: null, spend: null, plannedCostPerUnit: null, achievedCostPerUnit: null, actual: null });
  });

  it("sums spend vs budget per plan; MA has no measured spend", () => {
    expect(progress.ads.spend).toEqual({ measured: true, budget: 90_000, spend: 18_000, percentOfBudget: 20, expectedToDate: 30_000, projected: 54_000, overBudget: false, previousSpend: null });
    expect(progress.ma.spend).toEqual({ measured: false, budget: 3000, spend: null, percentOfBudget: null, expectedToDate: 1000, projected: null, overBudget: false, previousSpend: null });
  });

  it("draws the parameters with a positive target and data, against the even-pace line", () => {
    expect(progress.ma.chart.lines.map((l) => l.key)).toEqual(["reach"]);
    expect(progress.ma.chart.lines[0]?.points.map((p) => p.percent)).toEqual([13.33, 26.67, 40]);
    expect(progress.ads.chart.lines.map((l) => l.key)).toEqual(["impression", "click"]);
    expect(progress.ads.chart.targetLine).toEqual([{ date: start, percent: 3.33 }, { date: end, percent: 100 }]);
  });

  it("has no budget total when no parameter has a budget", () => {
    const p = kpiProgressOf(template({ reach: { kpi: "10" } }, { click: { kpi: "10" } }), data, today);
    expect(p.ma.spend.budget).toBeNull();
    expect(p.ads.spend).toMatchObject({ budget: null, spend: 18_000, percentOfBudget: null, expectedToDate: null });
    expect(p.ads.rows[0]).toMatchObject({ spend: null, achievedCostPerUnit: null });
  });

  it("expects nothing and projects nothing for a range in the future", () => {
    const future = kpiProgressOf(tpl, summary("2025-10-01", "2025-10-31", {}), today);
    expect(future.elapsedDays).toBe(0);
    expect(future.ma.rows[0]).toMatchObject({ actual: null, expected: 0, projected: null, pace: null, paceStatus: null });
    expect(future.ads.spend).toMatchObject({ spend: null, expectedToDate: 0, projected: null });
    expect(future.ma.chart).toEqual({ targetLine: [], lines: [] });
  });

  it("expects the whole target and projects the actual for a range in the past", () => {
    const past = kpiProgressOf(tpl, data, "2025-12-01");
    expect(past.elapsedDays).toBe(30);
    expect(past.ma.rows[0]).toMatchObject({ expected: 90_000, projected: 36_000, pace: 0.4, paceStatus: "behind" });
    expect(past.ads.spend).toMatchObject({ expectedToDate: 90_000, projected: 18_000 });
  });

  it("lists no rows and draws nothing for a template without plans", () => {
    const blank = kpiProgressOf(emptyKpiTemplate("Blank"), data, today);
    expect([blank.ma.rows, blank.ads.rows, blank.ads.chart.lines]).toEqual([[], [], []]);
    expect(blank.ads.spend).toMatchObject({ budget: null, spend: 18_000 });
  });

  it("compares nothing without the previous period's summary", () => {
    expect(progress.previous).toBeNull();
    expect(row("ma", "reach").previousActual).toBeNull();
  });

  it("carries each actual and the Ads spend of the previous period of equal length, null where it had no data", () => {
    const before = summary("2025-08-02", "2025-08-31", {
      ma: [series("reach", [["2025-08-10", 20_000]])],
      ads: [series("click", [["2025-08-03", 2000]]), series("spend", [["2025-08-03", 12_000]])],
    });
    const p = kpiProgressOf(tpl, data, today, before);
    expect(p.previous).toEqual({ start: "2025-08-02", end: "2025-08-31", days: 30 });
    const prev = (plan: "ma" | "ads") => p[plan].rows.map((r) => [r.key, r.previousActual]);
    expect(prev("ma")).toEqual([["reach", 20_000], ["engagement", null], ["inbox", null]]);
    expect(prev("ads")).toEqual([["impression", null], ["click", 2000], ["leadgen", null]]);
    expect([p.ads.spend.previousSpend, p.ma.spend.previousSpend]).toEqual([12_000, null]);
  });
});

describe("summaryRequestOf: the metrics-summary query of an applied view", () => {
  const base = { start: "2025-09-01T00:00:00", end: "2025-09-30T23:59:59", brand: "Tipco", ch: "Facebook", pages: [], bags: [] };
  it.each([
    { behaviour: "takes the days of the stored range, the brand and the channel", view: base, expected: { start: "2025-09-01", end: "2025-09-30", brand: "Tipco", channel: "Facebook" } },
    { behaviour: "joins pages and accounts with commas", view: { ...base, pages: ["p1", "p2"], bags: ["b1"] }, expected: { start: "2025-09-01", end: "2025-09-30", brand: "Tipco", channel: "Facebook", pages: "p1,p2", bags: "b1" } },
    { behaviour: "leaves out a channel the summary does not know", view: { ...base, ch: "Line" }, expected: { start: "2025-09-01", end: "2025-09-30", brand: "Tipco" } },
    { behaviour: "leaves out an empty brand (all of the user's)", view: { ...base, brand: "", ch: "All Channel" }, expected: { start: "2025-09-01", end: "2025-09-30", channel: "All Channel" } },
  ])("$behaviour", ({ view, expected }) => {
    expect(summaryRequestOf(view)).toEqual(expected);
  });
});

describe("isOverBudget: spend above budget is a warning", () => {
  it.each<[number | null, number | null, boolean]>([
    [7010, 1000, true],
    [1000.01, 1000, true],
    [1000, 1000, false],
    [200, 1000, false],
    [5, 0, true],
    [null, 1000, false],
    [7010, null, false],
  ])("spend %s of budget %s: %s", (spend, budget, over) => {
    expect(isOverBudget(spend, budget)).toBe(over);
  });
});

describe("isCostAbovePlan: each unit costing more than planned is a warning", () => {
  it.each<[number | null, number | null, boolean]>([
    [30, 60, false],
    [60, 60, false],
    [60.01, 60, true],
    [12, 2.5, true],
    [null, 60, false],
    [30, null, false],
  ])("achieved %s vs planned %s: %s", (achieved, planned, above) => {
    expect(isCostAbovePlan(achieved, planned)).toBe(above);
  });
});

describe("timesTargetOf: how many times over the target, once it is many times", () => {
  it.each<[number | null, number | null, number | null]>([
    [1_234_567, 90_000, 13.7],
    [123_000, 10_000, 12.3],
    [20_000, 10_000, 2],
    [19_999, 10_000, null],
    [9_000, 10_000, null],
    [1_500_000, 10_000, 150],
    [null, 10_000, null],
    [5, null, null],
    [5, 0, null],
  ])("actual %s of target %s: %s", (actual, target, times) => {
    expect(timesTargetOf(actual, target)).toBe(times);
  });
});

describe("chartCapOf: the y axis stops at 300 % only when a line goes past it", () => {
  const line = (...percents: number[]) => ({
    key: "reach" as const,
    label: "Reach",
    target: 100,
    points: percents.map((percent, i) => ({ date: `2025-09-0${i + 1}`, value: percent, percent })),
  });
  it.each<[string, ReturnType<typeof line>[], number | null]>([
    ["no lines", [], null],
    ["every line under the cap", [line(10, 40, 120), line(250, 299)], null],
    ["on the cap is not past it", [line(300)], null],
    ["one line at 15,000 %", [line(20, 60), line(3000, 15_000)], CHART_CAP_PERCENT],
  ])("%s", (_case, lines, cap) => {
    expect(chartCapOf({ lines })).toBe(cap);
  });
});

describe("kpiProgressOf: warnings when Ads spend runs over budget", () => {
  const start = "2025-09-01";
  const end = "2025-09-30";
  // ฿7,010 spent of ฿1,000 budgeted (701 %), 24,600 clicks of 2,000 (12.3× target).
  const progress = kpiProgressOf(
    template({}, { click: { kpi: "2000", budget: "600" }, reach: { kpi: "1000", budget: "400" } }),
    summary(start, end, {
      ads: [series("click", [["2025-09-01", 24_600]]), series("reach", [["2025-09-01", 500]]), series("spend", [["2025-09-01", 7010]])],
    }),
    "2025-09-10",
  );
  const click = progress.ads.rows.find((r) => r.key === "click")!;
  const reach = progress.ads.rows.find((r) => r.key === "reach")!;

  it("marks the plan and every parameter over budget, whatever their pace", () => {
    expect(progress.ads.spend).toMatchObject({ percentOfBudget: 701, overBudget: true });
    expect(click).toMatchObject({ paceStatus: "ahead", overBudget: true, timesTarget: 12.3 });
    expect(reach).toMatchObject({ overBudget: true, timesTarget: null });
  });

  it("flags the cost per unit above plan only where it is", () => {
    // click: planned 600 / 2000 = 0.30, achieved 4206 / 24600 = 0.17; reach: planned 0.40, achieved 2804 / 500 = 5.61.
    expect(click.costAbovePlan).toBe(false);
    expect(reach.costAbovePlan).toBe(true);
  });

  it("does not flag MA, whose spend is not measured", () => {
    expect(progress.ma.spend.overBudget).toBe(false);
  });
});
