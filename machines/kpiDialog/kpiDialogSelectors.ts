/**
 * Named reads of the KPI dialog snapshot for the UI (use `shallowEqual` for the object ones).
 * Figures are not here: the view derives Remaining Budget, Remaining Percent, cost per unit and
 * the warnings from `selectForm` with domain/kpi.ts and domain/kpiPlan.ts.
 */
import type { KpiDialogSnapshot } from "./kpiDialogMachine";
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
