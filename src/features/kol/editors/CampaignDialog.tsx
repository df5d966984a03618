/**
 * New KOL campaign / Edit campaign (issue 16): name, objective, budget in baht, start and end
 * days (YYYY-MM-DD, Bangkok), status. Each field's problem shows under it after Save (the checks
 * of machines/kolEditors/kolChecks.ts, the server's own), and a field the server refuses too.
 */
import { useId, type FormEvent } from "react";
import { KOL_CAMPAIGN_STATUSES, KOL_OBJECTIVES, type KolCampaign } from "../../../../domain/kolContract";
import type { KolEditorView } from "../../../../machines/kolEditors/kolEditorSelectors";
import { kolCampaignEditorMachine } from "../../../../machines/kolEditors/kolEditors";
import { campaignFormOf, campaignFormProblems, type CampaignForm } from "../../../../machines/kolEditors/kolForms";
import { Button } from "@/components/ui/Button";
import { DateInput } from "@/components/ui/DateInput";
import { Dialog } from "@/components/ui/Dialog";
import { ChoiceSelect, FieldProblem, FormField, problemId } from "./FormField";
import { campaignEditorActors } from "./kolEditorActors";
import { useEditorDialog } from "@/app/useEditorDialog";
import { campaignStatusLabels, objectiveLabels } from "@/features/kol/kolFormat";
import { t, translateMessage } from "@/i18n/i18n";
import "./editors.css";

export interface CampaignDialogProps {
  brand: string;
  /** The campaign edited; null for a new one. */
  campaign: KolCampaign | null;
  visible: boolean;
  onClose: () => void;
  onSaved: (campaign: KolCampaign) => void;
}

export interface CampaignFormProps {
  view: KolEditorView<CampaignForm, null>;
  onChange: (patch: Partial<CampaignForm>) => void;
  onSave: () => void;
  onCancel: () => void;
}

/** The form (the dialog's content). */
export function CampaignFormView({ view, onChange, onSave, onCancel }: CampaignFormProps) {
  const id = useId();
  const { form, problems } = view;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!view.saving) onSave();
  };
  return (
    <form className="kol-form" onSubmit={submit} noValidate aria-busy={view.saving}>
      <FormField id={`${id}-name`} label={t("kol.campaignForm.name")} problem={problems.name}>
        {(control) => (
          <input {...control} className="p-inputtext p-component" value={form.name} maxLength={480} autoComplete="off" onChange={(e) => onChange({ name: e.target.value })} />
        )}
      </FormField>
      <div className="kol-row">
        <FormField id={`${id}-objective`} label={t("kol.column.objective")} problem={problems.objective}>
          {(control) => (
            <ChoiceSelect control={control} value={form.objective} choices={KOL_OBJECTIVES} labels={objectiveLabels()} onChange={(objective) => onChange({ objective })} />
          )}
        </FormField>
        <FormField id={`${id}-status`} label={t("kol.column.status")} problem={problems.status}>
          {(control) => (
            <ChoiceSelect control={control} value={form.status} choices={KOL_CAMPAIGN_STATUSES} labels={campaignStatusLabels()} onChange={(status) => onChange({ status })} />
          )}
        </FormField>
      </div>
      <FormField id={`${id}-budget`} label={t("kol.plan.budgetBaht")} problem={problems.budget} hint={t("kol.campaignForm.budgetHint")}>
        {(control) => (
          <span className="kol-adorned">
            {/* i18n-ignore: the currency symbol */}
            <span aria-hidden="true">฿</span>
            <input {...control} className="p-inputtext p-component" inputMode="decimal" autoComplete="off" value={form.budget} onChange={(e) => onChange({ budget: e.target.value })} />
          </span>
        )}
      </FormField>
      <div className="kol-row">
        <div className="kol-day">
          <DateInput
            id={`${id}-start`}
            label={t("kol.column.start")}
            value={form.start}
            onChange={(start) => onChange({ start })}
            invalid={problems.start !== undefined}
            describedBy={problems.start === undefined ? undefined : problemId(`${id}-start`)}
          />
          <FieldProblem id={`${id}-start`} problem={problems.start} />
        </div>
        <div className="kol-day">
          <DateInput
            id={`${id}-end`}
            label={t("kol.column.end")}
            value={form.end}
            onChange={(end) => onChange({ end })}
            invalid={problems.end !== undefined}
            describedBy={problems.end === undefined ? undefined : problemId(`${id}-end`)}
          />
          <FieldProblem id={`${id}-end`} problem={problems.end} />
        </div>
      </div>
      {view.error !== null && (
        <p className="form-error" role="alert">
          {t("kol.campaignForm.notSaved", { error: translateMessage(view.error) })}
        </p>
      )}
      <div className="dialog-actions">
        <Button type="button" label={t("kol.cancel")} outlined onClick={onCancel} disabled={view.saving} />
        <Button type="submit" label={view.mode === "new" ? t("kol.campaignForm.create") : t("kol.campaignForm.save")} loading={view.saving} />
      </div>
    </form>
  );
}

export function CampaignDialog({ brand, campaign, visible, onClose, onSaved }: CampaignDialogProps) {
  const editor = useEditorDialog({
    machine: kolCampaignEditorMachine,
    actors: campaignEditorActors,
    problems: campaignFormProblems,
    visible,
    brand,
    scope: null,
    id: campaign?.id ?? null,
    form: () => campaignFormOf(campaign),
    savedToast: (c) => t("kol.campaignForm.saved", { name: c.name }),
    onSaved,
    onClose,
  });
  const { view } = editor;
  return (
    <Dialog
      visible={view.open}
      onHide={editor.close}
      header={view.mode === "new" ? t("kol.campaignForm.newTitle") : t("kol.campaignForm.editTitle")}
      style={{ width: "560px", maxWidth: "calc(100vw - 16px)" }}
      closable={!view.saving}
    >
      <CampaignFormView view={view} onChange={editor.set} onSave={editor.save} onCancel={editor.close} />
    </Dialog>
  );
}
