/**
 * The MA or Ads tab's parameters: toggle cards select the parameters of this plan, then one row
 * per selected parameter with its budget, KPI and cost per unit (from `selectParamRows`).
 */
import { memo } from "react";
import { InputText } from "@/components/ui/InputText";
import { SelectableKpiParams, type KpiParamKey } from "../../../domain/entities";
import type { ParamRowFigures } from "../../../machines/kpiDialog/kpiDialogSelectors";
import type { ParamField, PlanName } from "../../../machines/kpiDialog/kpiDraft";
import { formatFixed2 } from "@/features/kpi/kpiFormat";
import { paramLabel } from "@/features/kpi/kpiFormat";
import { t, type MessageKey } from "@/i18n/i18n";

const PLAN_KEYS = { MA: "kpi.plan.ma", ADS: "kpi.plan.ads" } as const satisfies Record<PlanName, MessageKey>;
/** "MA", "Ads" in the active language. */
export const planLabel = (plan: PlanName): string => t(PLAN_KEYS[plan]);

export interface KpiPlanPanelProps {
  plan: PlanName;
  selected: readonly KpiParamKey[];
  rows: readonly ParamRowFigures[];
  disabled: boolean;
  onParams: (plan: PlanName, params: KpiParamKey[]) => void;
  onParam: (plan: PlanName, param: KpiParamKey, field: ParamField, text: string) => void;
}

export const KpiPlanPanel = memo(function KpiPlanPanel({ plan, selected, rows, disabled, onParams, onParam }: KpiPlanPanelProps) {
  const chosen = new Set(selected);
  const toggle = (key: KpiParamKey) => onParams(plan, chosen.has(key) ? selected.filter((k) => k !== key) : [...selected, key]);
  return (
    <div className="kpi-plan">
      <div role="group" aria-label={t("kpi.dialog.parameters", { plan: planLabel(plan) })} className="kpi-cards">
        {SelectableKpiParams.map(({ key }) => (
          <button
            key={key}
            type="button"
            className={chosen.has(key) ? "kpi-card kpi-card--on" : "kpi-card"}
            aria-pressed={chosen.has(key)}
            disabled={disabled}
            onClick={() => toggle(key)}
          >
            <i className={chosen.has(key) ? "pi pi-check-circle" : "pi pi-circle"} aria-hidden="true" />
            {paramLabel(key)}
          </button>
        ))}
      </div>
      {rows.length === 0 ? (
        <p className="muted">{t("kpi.dialog.selectParameters", { plan: planLabel(plan) })}</p>
      ) : (
        // The table scrolls sideways inside the dialog rather than squeezing the inputs on a phone.
        <div className="kpi-rows-scroll">
          <table className="kpi-rows">
            <caption className="visually-hidden">{t("kpi.dialog.rowsCaption", { plan: planLabel(plan) })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("kpi.dialog.col.parameter")}</th>
                <th scope="col">{t("kpi.dialog.col.budget")}</th>
                <th scope="col">{t("kpi.dialog.col.kpi")}</th>
                <th scope="col">{t("kpi.dialog.col.costPerUnit")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const label = paramLabel(row.key);
                const costLabel = row.costLabel === "CPM" ? t("kpi.dialog.cpm") : t("kpi.dialog.costPerUnit");
                return (
                <tr key={row.key}>
                  <th scope="row">{label}</th>
                  <td data-label={t("kpi.dialog.col.budget")}>
                    <InputText
                      aria-label={t("kpi.dialog.paramBudget", { param: label })}
                      inputMode="decimal"
                      value={row.budget}
                      disabled={disabled}
                      onChange={(e) => onParam(plan, row.key, "budget", e.target.value)}
                    />
                  </td>
                  <td data-label={t("kpi.dialog.col.kpi")}>
                    <InputText
                      aria-label={t("kpi.dialog.paramKpi", { param: label })}
                      inputMode="decimal"
                      value={row.kpi}
                      disabled={disabled}
                      onChange={(e) => onParam(plan, row.key, "kpi", e.target.value)}
                    />
                  </td>
                  <td>
                    <span className="kpi-cpu">
                      <span className="kpi-cpu__label">{costLabel}</span>{" "}
                      <output aria-label={t("kpi.dialog.paramCost", { param: label, cost: costLabel })}>{formatFixed2(row.costPerUnit)}</output>
                    </span>
                  </td>
                </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
});
