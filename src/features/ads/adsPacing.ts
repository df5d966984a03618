/**
 * Pacing of the ads against the selected KPI template's Ads plan (issue 15), from the page's own
 * figures (`adsFigures`, no other call). Pure.
 *
 * - Budget: the Ads plan's budget for the view's range, the sum of its parameters' budgets (as the
 *   KPI dialog's Budget and the KPI progress of /brandEx read it: docs/metrics-import.md).
 * - Spend to date: the ads' spend over the range (the figures stop at today).
 * - Expected spend to date at even pacing: budget × elapsed days ÷ days of the range (Bangkok
 *   days; every day of a range in the past has elapsed).
 * - Each parameter of the plan with a target: its target, the actual from the ad figures and the
 *   target expected by now. Reach, impression, click and view are the ads' reach, impressions,
 *   link clicks and video views; conversion, leadgen and inbox are the results of the sales,
 *   leads and messages campaigns. Engagement, page like and follower are not in the ad figures:
 *   no actual ("—"), never 0.
 */
import type { AdObjective, AdsFigures } from "../../../domain/adsContract";
import { daysInclusive } from "../../../domain/calendarDays";
import { paramLabel } from "@/components/format/kpiParams";
import { SelectableKpiParams, type KpiParamKey, type KpiTemplate } from "../../../domain/entities";
import { toAmountNumber } from "../../../domain/kpi";
import { planBudgetTotal } from "../../../domain/kpiPlan";
import { elapsedDays, expectedToDate, percentOf } from "../../../domain/metrics";
import type { FigureTable } from "@/components/charts/chartCard";
import { t } from "@/i18n/i18n";

/** The KPI dialog's names of the parameters (the kpi catalogue's). */

export interface PacingParam {
  readonly key: KpiParamKey;
  readonly label: string;
  readonly target: number;
  /** Null where the ad figures do not measure the parameter. */
  readonly actual: number | null;
  /** target × elapsed days ÷ days of the range. */
  readonly expected: number | null;
  /** actual ÷ target × 100. */
  readonly percentOfTarget: number | null;
  /** What the actual counts, in words. */
  readonly source: string;
}

export interface AdsPacing {
  readonly title: string;
  /** The Ads plan's budget for the range; null when the plan sets none. */
  readonly budget: number | null;
  readonly spend: number;
  readonly expectedSpend: number | null;
  /** Spend ÷ expected spend × 100 (100 = on pace). */
  readonly pacePercent: number | null;
  /** Spend ÷ budget × 100. */
  readonly percentOfBudget: number | null;
  readonly elapsedDays: number;
  readonly totalDays: number;
  readonly params: readonly PacingParam[];
}

const resultsOf = (f: AdsFigures, objective: AdObjective): number => f.byObjective.find((o) => o.objective === objective)?.results ?? 0;

/** The actual of a parameter in the ad figures, and what it counts; null where the ads do not measure it. */
function actualOf(f: AdsFigures, key: KpiParamKey): { value: number | null; source: string } {
  switch (key) {
    case "reach":
      return { value: f.totals.reach, source: t("ads.pacing.source.reach") };
    case "impression":
      return { value: f.totals.impressions, source: t("ads.pacing.source.impression") };
    case "click":
      return { value: f.totals.clicks, source: t("ads.pacing.source.click") };
    case "view":
      return { value: f.totals.videoViews, source: t("ads.pacing.source.view") };
    case "conversion":
      return { value: resultsOf(f, "sales"), source: t("ads.pacing.source.conversion") };
    case "leadgen":
      return { value: resultsOf(f, "leads"), source: t("ads.pacing.source.leadgen") };
    case "inbox":
      return { value: resultsOf(f, "messages"), source: t("ads.pacing.source.inbox") };
    default:
      return { value: null, source: t("ads.pacing.notInFigures") };
  }
}

export function adsPacingOf(template: KpiTemplate, f: AdsFigures, range: { start: string; end: string }, today: string): AdsPacing {
  const total = daysInclusive(range.start, range.end);
  const elapsed = elapsedDays(range.start, range.end, today);
  const planned = planBudgetTotal(template.ADS);
  const budget = planned > 0 ? planned : null;
  const expectedSpend = expectedToDate(budget, elapsed, total);
  const params: PacingParam[] = [];
  for (const { key } of SelectableKpiParams) {
    const target = toAmountNumber(template.ADS[key].kpi);
    if (target === null || target <= 0) continue;
    const actual = actualOf(f, key);
    params.push({
      key,
      label: paramLabel(key),
      target,
      actual: actual.value,
      expected: expectedToDate(target, elapsed, total),
      percentOfTarget: percentOf(actual.value, target),
      source: actual.source,
    });
  }
  return {
    title: template.title,
    budget,
    spend: f.totals.spend,
    expectedSpend,
    pacePercent: expectedSpend === null || expectedSpend === 0 ? null : percentOf(f.totals.spend, expectedSpend),
    percentOfBudget: percentOf(f.totals.spend, budget),
    elapsedDays: elapsed,
    totalDays: total,
    params,
  };
}

/**
 * The pacing as a table for its CSV: spend against the budget first (baht), then each
 * parameter's target, expected to date, actual and percent of target (an empty cell where a
 * figure has no value).
 */
export function pacingTable(p: AdsPacing, range: string): FigureTable {
  const plain = (n: number) => String(n);
  return {
    caption: t("ads.pacing.csvCaption", { title: p.title, range }),
    rowHeader: t("ads.pacing.parameter"),
    columns: [
      { header: t("ads.pacing.target"), format: plain },
      { header: t("ads.pacing.expectedToDate"), format: plain },
      { header: t("ads.pacing.actual"), format: plain },
      { header: t("ads.pacing.percentOfTarget"), format: plain },
    ],
    rows: [
      { label: t("ads.pacing.spendThb"), values: [p.budget, p.expectedSpend, p.spend, p.percentOfBudget], click: null },
      ...p.params.map((r) => ({ label: r.label, values: [r.target, r.expected, r.actual, r.percentOfTarget], click: null })),
    ],
  };
}
