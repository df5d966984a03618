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
import { formatCount } from "@/components/format/numbers";
import { FormField } from "./FormField";
import { emvEditorActors } from "./kolEditorActors";
import { useEditorDialog } from "@/app/useEditorDialog";
import { formatDay } from "@/components/format/dates";
import { t, translateMessage, type MessageKey } from "@/i18n/i18n";
import "./editors.css";

export interface EmvDialogProps {
  brand: string;
  visible: boolean;
  onClose: () => void;
  onSaved: (values: EmvValues) => void;
}

/** Each action's field label: "Like (฿ per like)". */
export const EMV_ACTION_LABELS = {
  views: "kol.emvForm.label.views", likes: "kol.emvForm.label.likes", comments: "kol.emvForm.label.comments",
  shares: "kol.emvForm.label.shares", saves: "kol.emvForm.label.saves", clicks: "kol.emvForm.label.clicks",
} as const satisfies Record<EmvAction, MessageKey>;

/** Who set the values and when, in words. */
export function stampText(stamp: EmvStamp | null): string {
  if (stamp === null || stamp.updatedAt === null) return t("kol.emvForm.defaults");
  const day = formatDay(stamp.updatedAt.slice(0, 10));
  return stamp.updatedBy === null ? t("kol.emvForm.changedOn", { day }) : t("kol.emvForm.changedOnBy", { day, by: stamp.updatedBy });
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
        {t("kol.emvForm.loading")}
      </p>
    );
  }
  if (view.loadError !== null) {
    return (
      <div className="kol-form">
        <p className="form-error" role="alert">
          {t("kol.emvForm.loadFailed", { error: translateMessage(view.loadError) })}
        </p>
        <div className="dialog-actions">
          <Button type="button" label={t("kol.cancel")} outlined onClick={onCancel} />
          <Button type="button" label={t("kol.tryAgain")} onClick={onRetry} />
        </div>
      </div>
    );
  }
  const isDefault = EMV_ACTIONS.every((a) => form[a] === DEFAULT_EMV_FORM[a]);
  return (
    <form className="kol-form" onSubmit={submit} noValidate aria-busy={view.saving}>
      <p className="kol-intro">
        {t("kol.emvForm.intro")} {stampText(view.options)}
      </p>
      <div className="kol-row-3">
        {EMV_ACTIONS.map((action) => (
          <FormField
            key={action}
            id={`${id}-${action}`}
            label={t(EMV_ACTION_LABELS[action])}
            problem={problems[action]}
            hint={t("kol.emvForm.default", { value: formatCount(DEFAULT_EMV_VALUES[action], 2) })}
          >
            {(control) => (
              <input {...control} className="p-inputtext p-component" inputMode="decimal" autoComplete="off" value={form[action]} onChange={(e) => onChange({ [action]: e.target.value })} />
            )}
          </FormField>
        ))}
      </div>
      {view.error !== null && (
        <p className="form-error" role="alert">
          {t("kol.emvForm.notSaved", { error: translateMessage(view.error) })}
        </p>
      )}
      <div className="dialog-actions kol-actions-split">
        <Button type="button" label={t("kol.emvForm.reset")} text onClick={() => onChange(DEFAULT_EMV_FORM)} disabled={view.saving || isDefault} />
        <span className="kol-actions-end">
          <Button type="button" label={t("kol.cancel")} outlined onClick={onCancel} disabled={view.saving} />
          <Button type="submit" label={t("kol.emvForm.save")} loading={view.saving} />
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
    savedToast: () => t("kol.emvForm.saved"),
    onSaved,
    onClose,
  });
  const { view } = editor;
  return (
    <Dialog visible={view.open} onHide={editor.close} header={t("kol.emvValues")} style={{ width: "640px", maxWidth: "calc(100vw - 16px)" }} closable={!view.saving}>
      <EmvFormView view={view} onChange={editor.set} onSave={editor.save} onCancel={editor.close} onRetry={editor.retry} />
    </Dialog>
  );
}
