/** The head of the KPI template dialog: template name, Budget, and Remaining Budget over both plans. */
import type { Ref } from "react";
import { InputText } from "@/components/ui/InputText";
import { KpiFigure } from "@/features/kpi/KpiFigure";
import { formatBaht } from "@/features/kpi/kpiFormat";
import { t } from "@/i18n/i18n";

export interface KpiDialogHeadProps {
  nameRef: Ref<HTMLInputElement>;
  title: string;
  budget: string;
  /** Template Budget minus the MA and Ads budgets (negative when over). */
  remainingBudget: number;
  budgetOver: boolean;
  disabled: boolean;
  onTitle: (title: string) => void;
  onBudget: (text: string) => void;
}

export function KpiDialogHead({ nameRef, title, budget, remainingBudget, budgetOver, disabled, onTitle, onBudget }: KpiDialogHeadProps) {
  return (
    <div className="kpi-form__head">
      <div className="field">
        <label htmlFor="kpi-title">{t("kpi.dialog.templateName")}</label>
        <InputText ref={nameRef} id="kpi-title" value={title} maxLength={100} onChange={(e) => onTitle(e.target.value)} disabled={disabled} />
      </div>
      <div className="field">
        <label htmlFor="kpi-budget">{t("kpi.dialog.budget")}</label>
        <InputText id="kpi-budget" inputMode="decimal" value={budget} onChange={(e) => onBudget(e.target.value)} disabled={disabled} />
      </div>
      <KpiFigure
        id="figure-Remaining-Budget"
        label={t("kpi.dialog.remainingBudget")}
        value={formatBaht(remainingBudget)}
        warning={budgetOver ? t("kpi.dialog.overBudget", { by: formatBaht(-remainingBudget) }) : null}
      />
    </div>
  );
}
