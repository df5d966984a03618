/**
 * Named reads of the KPI dialog snapshot for the UI (use `shallowEqual` for the object ones), and
 * the dialog's figures (Remaining Budget, cost per unit, Remaining Percent, the Ads months total,
 * the warnings) as named selectors over the form, computed with the pure rules of domain/kpi.ts
 * and domain/kpiPlan.ts. The figure selectors take the form, not the snapshot, so the view can
 * derive them from the same `form` prop it renders (and a view test needs no actor).
 */
import {
  SelectableKpiParams,
  type KpiParamKey, type KpiPlan, type KpiTemplate, type PeriodEntry, type RfmWeight, type Segment,
} from "../../domain/entities";
import { costPerUnit, remainingBudget, remainingPercent } from "../../domain/kpi";
import { kpiWarnings, periodsRange, periodsTotal, planBudgetTotal, type KpiWarnings } from "../../domain/kpiPlan";
import type { KpiDialogSnapshot } from "./kpiDialogMachine";
import { rfmSegments, rfmWeights } from "./kpiDraft";
import type { KpiDialogMode, KpiTab, RfmTab } from "./kpiDialogSetup";

export const selectIsOpen = (s: KpiDialogSnapshot) => !s.matches("closed");

export function selectMode(s: KpiDialogSnapshot): KpiDialogMode | null {
  if (s.matches("save")) return "save";
  if (s.matches("edit")) return "edit";
  return null;
}

/** Spec §2: 'Create KPI Template' in save mode, 'Edit KPI Template' in edit mode. */
export const selectHeading = (s: KpiDialogSnapshot) => (selectMode(s) === "edit" ? "Edit KPI Template" : "Create KPI Template");
/** Spec §2: Save (create mode) or Update (edit mode). */
export const selectSubmitLabel = (s: KpiDialogSnapshot) => (selectMode(s) === "edit" ? "Update" : "Save");

export const selectForm = (s: KpiDialogSnapshot) => s.context.form;
export const selectSelected = (s: KpiDialogSnapshot) => s.context.selected;

const TABS: readonly KpiTab[] = ["ma", "ads", "rfm"];
const RFM_TABS: readonly RfmTab[] = ["rfm", "segment"];

/** The tab shown, or null while closed. */
export function selectTab(s: KpiDialogSnapshot): KpiTab | null {
  const mode = selectMode(s);
  if (mode === null) return null;
  return TABS.find((tab) => s.matches({ [mode]: { tab } })) ?? null;
}

/** The RFM Setting sub-tab shown, or null when the RFM Setting tab is not. */
export function selectRfmTab(s: KpiDialogSnapshot): RfmTab | null {
  const mode = selectMode(s);
  if (mode === null) return null;
  return RFM_TABS.find((sub) => s.matches({ [mode]: { tab: { rfm: sub } } })) ?? null;
}

export const selectIsSaving = (s: KpiDialogSnapshot) => s.hasTag("busy");
/** Why the last save failed, while the dialog shows that failure. */
export const selectError = (s: KpiDialogSnapshot) => s.context.error;
/** The close button works unless a save is in flight. */
export const selectCanClose = (s: KpiDialogSnapshot) => s.can({ type: "dialog.close" });

/** The RFM weights and segments of a template, whatever order its RFM blocks come in. */
export function selectRfm(form: KpiTemplate): { weights: readonly RfmWeight[]; segments: readonly Segment[] } {
  return { weights: rfmWeights(form), segments: rfmSegments(form) };
}

/** One selected parameter row of a plan: its inputs and its cost per unit (CPM for impression). */
export interface ParamRowFigures {
  readonly key: KpiParamKey;
  readonly label: string;
  readonly budget: string;
  readonly kpi: string;
  readonly costLabel: "CPM" | "Cost per unit";
  readonly costPerUnit: number;
}

/** The rows of the selected parameters of a plan, in the order of the toggle cards. */
export function selectParamRows(plan: KpiPlan, selected: readonly KpiParamKey[]): ParamRowFigures[] {
  const chosen = new Set(selected);
  return SelectableKpiParams.filter((p) => chosen.has(p.key)).map(({ key, label }) => ({
    key,
    label,
    budget: String(plan[key].budget),
    kpi: String(plan[key].kpi),
    costLabel: key === "impression" ? "CPM" : "Cost per unit",
    costPerUnit: costPerUnit(plan[key].budget, plan[key].kpi, key),
  }));
}

/** The Ads period: its date range (empty strings when none), months, their total and the Ads budget. */
export interface AdsMonthsFigures {
  readonly start: string;
  readonly end: string;
  readonly months: readonly PeriodEntry[];
  readonly monthsTotal: number;
  readonly adsBudget: number;
}

export function selectAdsMonths(ads: KpiPlan): AdsMonthsFigures {
  const range = periodsRange(ads.setMonth);
  return {
    start: range?.start ?? "",
    end: range?.end ?? "",
    months: ads.setMonth,
    monthsTotal: periodsTotal(ads.setMonth),
    adsBudget: planBudgetTotal(ads),
  };
}

/** Every figure the dialog shows beside the fields, with its warnings (none blocks saving, spec §5). */
export interface KpiFormFigures {
  readonly weights: readonly RfmWeight[];
  readonly segments: readonly Segment[];
  /** Template Budget minus the MA and Ads budgets; negative when over. */
  readonly remainingBudget: number;
  /** 100 minus the RFM weights; negative when over. */
  readonly remainingPercent: number;
  readonly ads: AdsMonthsFigures;
  readonly warnings: KpiWarnings;
}

export function selectFormFigures(form: KpiTemplate): KpiFormFigures {
  const { weights, segments } = selectRfm(form);
  const budgetLeft = remainingBudget(form);
  const percentLeft = remainingPercent(weights);
  return {
    weights,
    segments,
    remainingBudget: budgetLeft,
    remainingPercent: percentLeft,
    ads: selectAdsMonths(form.ADS),
    warnings: kpiWarnings({ remainingBudget: budgetLeft, remainingPercent: percentLeft, weights, ads: form.ADS, segments }),
  };
}
