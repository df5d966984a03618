/**
 * New KOL campaign / Edit campaign (issue 16): name, objective, budget in baht, start and end
 * days (YYYY-MM-DD, Bangkok), status. Each field's problem shows under it after Save (the checks
 * of machines/kolEditors/kolChecks.ts, the server's own), and a field the server refuses too.
 */
import { useId, type FormEvent } from "react";
import {
  KOL_CAMPAIGN_STATUSES, KOL_CAMPAIGN_STATUS_LABELS, KOL_OBJECTIVES, KOL_OBJECTIVE_LABELS, type KolCampaign,
} from "../../../../domain/kolContract";
import type { KolEditorView } from "../../../../machines/kolEditors/kolEditorSelectors";
import { kolCampaignEditorMachine } from "../../../../machines/kolEditors/kolEditors";
import { campaignFormOf, campaignFormProblems, type CampaignForm } from "../../../../machines/kolEditors/kolForms";
import { Button } from "@/components/ui/Button";
import { DateInput } from "@/components/ui/DateInput";
import { Dialog } from "@/components/ui/Dialog";
import { ChoiceSelect, FieldProblem, FormField, problemId } from "./FormField";
import { campaignEditorActors } from "./kolEditorActors";
import { useEditorDialog } from "@/app/useEditorDialog";
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
      <FormField id={`${id}-name`} label="Campaign name" problem={problems.name}>
        {(control) => (
          <input {...control} className="p-inputtext p-component" value={form.name} maxLength={480} autoComplete="off" onChange={(e) => onChange({ name: e.target.value })} />
        )}
      </FormField>
      <div className="kol-row">
        <FormField id={`${id}-objective`} label="Objective" problem={problems.objective}>
          {(control) => (
            <ChoiceSelect control={control} value={form.objective} choices={KOL_OBJECTIVES} labels={KOL_OBJECTIVE_LABELS} onChange={(objective) => onChange({ objective })} />
          )}
        </FormField>
        <FormField id={`${id}-status`} label="Status" problem={problems.status}>
          {(control) => (
            <ChoiceSelect control={control} value={form.status} choices={KOL_CAMPAIGN_STATUSES} labels={KOL_CAMPAIGN_STATUS_LABELS} onChange={(status) => onChange({ status })} />
          )}
        </FormField>
      </div>
      <FormField id={`${id}-budget`} label="Budget (฿)" problem={problems.budget} hint="The fees the campaign may spend, in baht.">
        {(control) => (
          <span className="kol-adorned">
            <span aria-hidden="true">฿</span>
            <input {...control} className="p-inputtext p-component" inputMode="decimal" autoComplete="off" value={form.budget} onChange={(e) => onChange({ budget: e.target.value })} />
          </span>
        )}
      </FormField>
      <div className="kol-row">
        <div className="kol-day">
          <DateInput
            id={`${id}-start`}
            label="Start"
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
            label="End"
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
          The campaign was not saved: {view.error}
        </p>
      )}
      <div className="dialog-actions">
        <Button type="button" label="Cancel" outlined onClick={onCancel} disabled={view.saving} />
        <Button type="submit" label={view.mode === "new" ? "Create campaign" : "Save campaign"} loading={view.saving} />
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
    savedToast: (c) => `Campaign saved: ${c.name}`,
    onSaved,
    onClose,
  });
  const { view } = editor;
  return (
    <Dialog
      visible={view.open}
      onHide={editor.close}
      header={view.mode === "new" ? "New KOL campaign" : "Edit KOL campaign"}
      style={{ width: "560px", maxWidth: "calc(100vw - 16px)" }}
      closable={!view.saving}
    >
      <CampaignFormView view={view} onChange={editor.set} onSave={editor.save} onCancel={editor.close} />
    </Dialog>
  );
}
