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

export const PLAN_LABEL: Record<PlanName, string> = { MA: "MA", ADS: "Ads" };

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
      <div role="group" aria-label={`KPI parameters (${PLAN_LABEL[plan]})`} className="kpi-cards">
        {SelectableKpiParams.map(({ key, label }) => (
          <button
            key={key}
            type="button"
            className={chosen.has(key) ? "kpi-card kpi-card--on" : "kpi-card"}
            aria-pressed={chosen.has(key)}
            disabled={disabled}
            onClick={() => toggle(key)}
          >
            <i className={chosen.has(key) ? "pi pi-check-circle" : "pi pi-circle"} aria-hidden="true" />
            {label}
          </button>
        ))}
      </div>
      {rows.length === 0 ? (
        <p className="muted">Select the parameters this {PLAN_LABEL[plan]} plan targets.</p>
      ) : (
        // The table scrolls sideways inside the dialog rather than squeezing the inputs on a phone.
        <div className="kpi-rows-scroll">
          <table className="kpi-rows">
            <caption className="visually-hidden">{PLAN_LABEL[plan]} budget and KPI per parameter</caption>
            <thead>
              <tr>
                <th scope="col">Parameter</th>
                <th scope="col">Budget (THB)</th>
                <th scope="col">KPI</th>
                <th scope="col">Cost per unit</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{row.label}</th>
                  <td data-label="Budget (THB)">
                    <InputText
                      aria-label={`${row.label} budget`}
                      inputMode="decimal"
                      value={row.budget}
                      disabled={disabled}
                      onChange={(e) => onParam(plan, row.key, "budget", e.target.value)}
                    />
                  </td>
                  <td data-label="KPI">
                    <InputText
                      aria-label={`${row.label} KPI`}
                      inputMode="decimal"
                      value={row.kpi}
                      disabled={disabled}
                      onChange={(e) => onParam(plan, row.key, "kpi", e.target.value)}
                    />
                  </td>
                  <td>
                    <span className="kpi-cpu">
                      <span className="kpi-cpu__label">{row.costLabel}</span>{" "}
                      <output aria-label={`${row.label} ${row.costLabel}`}>{formatFixed2(row.costPerUnit)}</output>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
});
