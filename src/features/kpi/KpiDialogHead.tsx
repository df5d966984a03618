/** The head of the KPI template dialog: template name, Budget, and Remaining Budget over both plans. */
import type { Ref } from "react";
import { InputText } from "@/components/ui/InputText";
import { KpiFigure } from "@/features/kpi/KpiFigure";
import { formatBaht } from "@/features/kpi/kpiFormat";

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
        <label htmlFor="kpi-title">Template name</label>
        <InputText ref={nameRef} id="kpi-title" value={title} maxLength={100} onChange={(e) => onTitle(e.target.value)} disabled={disabled} />
      </div>
      <div className="field">
        <label htmlFor="kpi-budget">Budget</label>
        <InputText id="kpi-budget" inputMode="decimal" value={budget} onChange={(e) => onBudget(e.target.value)} disabled={disabled} />
      </div>
      <KpiFigure
        label="Remaining Budget"
        value={formatBaht(remainingBudget)}
        warning={budgetOver ? `Over budget by ${formatBaht(-remainingBudget)}: the MA and Ads budgets exceed the template Budget.` : null}
      />
    </div>
  );
}
