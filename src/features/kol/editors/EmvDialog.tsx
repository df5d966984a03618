/**
 * The brand's EMV values (issue 16): what one action on a KOL's post is worth in baht (a view, a
 * like, a comment, a share, a save, a click); earned media value = Σ actions × value
 * (docs/kol.md). A setting of the brand, read from `GET /user/kol-emv` and saved with
 * `POST /user/update-kol-emv`; "Reset to defaults" fills the form with the documented defaults
 * (saved only with Save).
 */
import { useId, type FormEvent } from "react";
import { DEFAULT_EMV_VALUES, EMV_ACTIONS, type EmvAction, type EmvValues } from "../../../../domain/kolContract";
import type { KolEditorView } from "../../../../machines/kolEditors/kolEditorSelectors";
import { kolEmvEditorMachine, type EmvStamp } from "../../../../machines/kolEditors/kolEditors";
import { DEFAULT_EMV_FORM, emvFormOf, emvFormProblems, type EmvForm } from "../../../../machines/kolEditors/kolForms";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { FormField } from "./FormField";
import { emvEditorActors } from "./kolEditorActors";
import { useEditorDialog } from "@/app/useEditorDialog";
import "./editors.css";

export interface EmvDialogProps {
  brand: string;
  visible: boolean;
  onClose: () => void;
  onSaved: (values: EmvValues) => void;
}

export const EMV_ACTION_LABELS: Readonly<Record<EmvAction, { label: string; per: string }>> = {
  views: { label: "View", per: "per view" },
  likes: { label: "Like", per: "per like" },
  comments: { label: "Comment", per: "per comment" },
  shares: { label: "Share", per: "per share" },
  saves: { label: "Save", per: "per save" },
  clicks: { label: "Click", per: "per click" },
};

/** Who set the values and when, in words. */
export function stampText(stamp: EmvStamp | null): string {
  if (stamp === null || stamp.updatedAt === null) return "The brand uses the default values.";
  const day = stamp.updatedAt.slice(0, 10);
  return stamp.updatedBy === null ? `Last changed on ${day}.` : `Last changed on ${day} by ${stamp.updatedBy}.`;
}

export interface EmvFormProps {
  view: KolEditorView<EmvForm, EmvStamp>;
  onChange: (patch: Partial<EmvForm>) => void;
  onSave: () => void;
  onCancel: () => void;
  onRetry: () => void;
}

export function EmvFormView({ view, onChange, onSave, onCancel, onRetry }: EmvFormProps) {
  const id = useId();
  const { form, problems } = view;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!view.saving && !view.loading) onSave();
  };
  if (view.loading) {
    return (
      <p role="status" className="kol-loading">
        Loading the EMV values…
      </p>
    );
  }
  if (view.loadError !== null) {
    return (
      <div className="kol-form">
        <p className="form-error" role="alert">
          The EMV values could not be loaded: {view.loadError}
        </p>
        <div className="dialog-actions">
          <Button type="button" label="Cancel" outlined onClick={onCancel} />
          <Button type="button" label="Try again" onClick={onRetry} />
        </div>
      </div>
    );
  }
  const isDefault = EMV_ACTIONS.every((a) => form[a] === DEFAULT_EMV_FORM[a]);
  return (
    <form className="kol-form" onSubmit={submit} noValidate aria-busy={view.saving}>
      <p className="kol-intro">
        Earned media value (EMV) = the actions on the posts × what each is worth: views × the value per view + likes × the value per like + … It is a
        convention, not money received; set what the brand's agency uses. {stampText(view.options)}
      </p>
      <div className="kol-row-3">
        {EMV_ACTIONS.map((action) => (
          <FormField
            key={action}
            id={`${id}-${action}`}
            label={`${EMV_ACTION_LABELS[action].label} (฿ ${EMV_ACTION_LABELS[action].per})`}
            problem={problems[action]}
            hint={`Default ฿${DEFAULT_EMV_VALUES[action]}`}
          >
            {(control) => (
              <input {...control} className="p-inputtext p-component" inputMode="decimal" autoComplete="off" value={form[action]} onChange={(e) => onChange({ [action]: e.target.value })} />
            )}
          </FormField>
        ))}
      </div>
      {view.error !== null && (
        <p className="form-error" role="alert">
          The EMV values were not saved: {view.error}
        </p>
      )}
      <div className="dialog-actions kol-actions-split">
        <Button type="button" label="Reset to defaults" text onClick={() => onChange(DEFAULT_EMV_FORM)} disabled={view.saving || isDefault} />
        <span className="kol-actions-end">
          <Button type="button" label="Cancel" outlined onClick={onCancel} disabled={view.saving} />
          <Button type="submit" label="Save values" loading={view.saving} />
        </span>
      </div>
    </form>
  );
}

export function EmvDialog({ brand, visible, onClose, onSaved }: EmvDialogProps) {
  const editor = useEditorDialog({
    machine: kolEmvEditorMachine,
    actors: emvEditorActors,
    problems: emvFormProblems,
    visible,
    brand,
    scope: null,
    id: null,
    form: () => emvFormOf(DEFAULT_EMV_VALUES),
    savedToast: () => "EMV values saved",
    onSaved,
    onClose,
  });
  const { view } = editor;
  return (
    <Dialog visible={view.open} onHide={editor.close} header="EMV values" style={{ width: "640px", maxWidth: "calc(100vw - 16px)" }} closable={!view.saving}>
      <EmvFormView view={view} onChange={editor.set} onSave={editor.save} onCancel={editor.close} onRetry={editor.retry} />
    </Dialog>
  );
}
