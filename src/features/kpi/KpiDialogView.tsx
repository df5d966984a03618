/**
 * The KPI template dialog as plain props (spec §2 "KPI template dialog", §4, §5). The container
 * (`KpiDialog.tsx`) reads the `kpiDialog` machine and passes the form and what to send; the
 * figures (Remaining Budget, Remaining Percent, cost per unit, months total, warnings) come from
 * the named selectors of `machines/kpiDialog/kpiDialogSelectors.ts`, and each panel is its own
 * file taking plain props: head (`KpiDialogHead`), MA/Ads parameters (`KpiPlanPanel`), Ads months
 * (`KpiAdsMonths`), RFM weights (`KpiRfmWeights`), segments (`KpiSegmentCards`).
 *
 * Layout decision: the toggle cards select the parameters of the plan whose tab is open (MA or
 * Ads), so a plan can track Reach in MA and Impression in Ads without empty rows; Remaining
 * Budget sits at the right of the name and Budget fields and counts both plans.
 */
import { useMemo, useRef } from "react";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { TabPanel, TabView } from "@/components/ui/TabView";
import type { KpiParamKey, KpiTemplate, RfmSettingName } from "../../../domain/entities";
import { selectFormFigures, selectParamRows } from "../../../machines/kpiDialog/kpiDialogSelectors";
import type { PlanName } from "../../../machines/kpiDialog/kpiDraft";
import { KpiAdsMonths } from "@/features/kpi/KpiAdsMonths";
import { KpiDialogHead } from "@/features/kpi/KpiDialogHead";
import { KpiPlanPanel } from "@/features/kpi/KpiPlanPanel";
import { KpiRfmWeights } from "@/features/kpi/KpiRfmWeights";
import { KpiSegmentCards } from "@/features/kpi/KpiSegmentCards";
import "@/features/kpi/kpi.css";
import { t, translateMessage } from "@/i18n/i18n";

/** Spec §2: the KPI form dialog is 1080 wide. */
const DIALOG_WIDTH = 1080;

export type KpiTab = "ma" | "ads" | "rfm";
export type RfmTab = "rfm" | "segment";
export type { PlanName };

const TABS: readonly KpiTab[] = ["ma", "ads", "rfm"];
const RFM_TABS: readonly RfmTab[] = ["rfm", "segment"];

export interface KpiDialogHandlers {
  onClose: () => void;
  onSubmit: () => void;
  onTab: (tab: KpiTab) => void;
  onRfmTab: (tab: RfmTab) => void;
  onTitle: (title: string) => void;
  onBudget: (text: string) => void;
  onParams: (plan: PlanName, params: KpiParamKey[]) => void;
  onParam: (plan: PlanName, param: KpiParamKey, field: "kpi" | "budget", text: string) => void;
  onAdsRange: (start: string, end: string) => void;
  onAdsRangeCleared: () => void;
  onPeriod: (index: number, text: string) => void;
  onRespread: () => void;
  onWeight: (name: RfmSettingName, text: string) => void;
  onSegmentAdd: () => void;
  onSegmentRemove: (index: number) => void;
  onSegmentChange: (index: number, patch: { name?: string; rank?: number }) => void;
  onSegmentBound: (index: number, setting: RfmSettingName, min: number | null, max: number | null) => void;
}

export interface KpiDialogViewProps extends KpiDialogHandlers {
  visible: boolean;
  heading: string;
  submitLabel: string;
  form: KpiTemplate | null;
  selected: { readonly MA: readonly KpiParamKey[]; readonly ADS: readonly KpiParamKey[] };
  tab: KpiTab;
  rfmTab: RfmTab;
  saving: boolean;
  error: string | null;
}

export function KpiDialogView(p: KpiDialogViewProps) {
  const nameInput = useRef<HTMLInputElement>(null);
  const form = p.form;
  const figures = useMemo(() => (form === null ? null : selectFormFigures(form)), [form]);
  // Per plan, so typing in one plan leaves the other plan's memoised panel alone.
  const maRows = useMemo(() => (form === null ? [] : selectParamRows(form.MA, p.selected.MA)), [form?.MA, p.selected.MA]);
  const adsRows = useMemo(() => (form === null ? [] : selectParamRows(form.ADS, p.selected.ADS)), [form?.ADS, p.selected.ADS]);

  return (
    <Dialog
      visible={p.visible && form !== null}
      // Focus the name, unless the user already clicked into another field while the dialog was opening.
      onShow={() => {
        if (!nameInput.current?.form?.contains(document.activeElement)) nameInput.current?.focus();
      }}
      onHide={() => {
        if (!p.saving) p.onClose();
      }}
      header={translateMessage(p.heading)}
      style={{ width: `${DIALOG_WIDTH}px`, maxWidth: "calc(100vw - 16px)" }}
      closable={!p.saving}
      className="kpi-dialog"
      footer={
        <div className="kpi-dialog__footer">
          {p.tab === "rfm" ? (
            <Button
              type="button"
              label={t("kpi.dialog.addSegment")}
              outlined
              onClick={() => {
                p.onSegmentAdd();
                p.onRfmTab("segment");
              }}
              disabled={p.saving}
            />
          ) : (
            <span />
          )}
          <Button type="submit" form="kpi-template-form" label={translateMessage(p.submitLabel)} loading={p.saving} />
        </div>
      }
    >
      {form !== null && figures !== null && (
        <form
          id="kpi-template-form"
          className="kpi-form"
          aria-label={translateMessage(p.heading)}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            p.onSubmit();
          }}
        >
          <KpiDialogHead
            nameRef={nameInput}
            title={form.title}
            budget={String(form.Budget)}
            remainingBudget={figures.remainingBudget}
            budgetOver={figures.warnings.budgetOver}
            disabled={p.saving}
            onTitle={p.onTitle}
            onBudget={p.onBudget}
          />
          {p.error !== null && (
            <p className="form-error" role="alert">
              {t("kpi.dialog.notSaved", { error: translateMessage(p.error) })}
            </p>
          )}
          <TabView activeIndex={TABS.indexOf(p.tab)} onTabChange={(e) => p.onTab(TABS[e.index] ?? "ma")}>
            <TabPanel header={t("kpi.plan.ma")}>
              <KpiPlanPanel plan="MA" rows={maRows} selected={p.selected.MA} disabled={p.saving} onParams={p.onParams} onParam={p.onParam} />
            </TabPanel>
            <TabPanel header={t("kpi.plan.ads")}>
              <KpiPlanPanel plan="ADS" rows={adsRows} selected={p.selected.ADS} disabled={p.saving} onParams={p.onParams} onParam={p.onParam} />
              <KpiAdsMonths
                figures={figures.ads}
                mismatch={figures.warnings.periodsMismatch}
                disabled={p.saving}
                onRange={p.onAdsRange}
                onCleared={p.onAdsRangeCleared}
                onPeriod={p.onPeriod}
                onRespread={p.onRespread}
              />
            </TabPanel>
            <TabPanel header={t("kpi.dialog.rfmSetting")}>
              <TabView activeIndex={RFM_TABS.indexOf(p.rfmTab)} onTabChange={(e) => p.onRfmTab(RFM_TABS[e.index] ?? "rfm")} className="kpi-subtabs">
                <TabPanel header={t("kpi.dialog.rfm")}>
                  <KpiRfmWeights
                    weights={figures.weights}
                    left={figures.remainingPercent}
                    over={figures.warnings.percentOver}
                    not100={figures.warnings.weightsNot100}
                    disabled={p.saving}
                    onWeight={p.onWeight}
                  />
                </TabPanel>
                <TabPanel header={t("kpi.dialog.segment")}>
                  <KpiSegmentCards
                    segments={figures.segments}
                    issues={figures.warnings.segments}
                    disabled={p.saving}
                    onRemove={p.onSegmentRemove}
                    onChange={p.onSegmentChange}
                    onBound={p.onSegmentBound}
                  />
                </TabPanel>
              </TabView>
            </TabPanel>
          </TabView>
        </form>
      )}
    </Dialog>
  );
}
