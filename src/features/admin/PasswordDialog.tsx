/** Reset password (issue 17): a new password typed twice; the user's sessions end. */
import { useId, type FormEvent } from "react";
import type { AdminUser } from "../../../domain/adminContract";
import { adminPasswordEditorMachine } from "../../../machines/admin/adminEditors";
import { EMPTY_PASSWORD_FORM, passwordFormProblems } from "../../../machines/admin/adminForms";
import { Button } from "@/components/ui/Button";
import { readableError } from "./adminFormat";
import { Dialog } from "@/components/ui/Dialog";
import { FormField } from "./FormField";
import { passwordEditorActors } from "./adminActors";
import { useEditorDialog } from "@/app/useEditorDialog";
import { t } from "@/i18n/i18n";

export function PasswordDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const id = useId();
  const editor = useEditorDialog({
    machine: adminPasswordEditorMachine,
    actors: passwordEditorActors,
    problems: passwordFormProblems,
    visible: user !== null,
    scope: null,
    id: user?.id ?? null,
    form: () => EMPTY_PASSWORD_FORM,
    savedToast: () => (user === null ? t("admin.password.resetToastAnyone") : t("admin.password.resetToast", { email: user.email })),
    onSaved: onClose,
    onClose,
  });
  const { view } = editor;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!view.saving) editor.save();
  };
  return (
    <Dialog
      visible={view.open}
      onHide={editor.close}
      header={t("admin.password.title", { email: user?.email ?? "" })}
      style={{ width: "460px", maxWidth: "calc(100vw - 16px)" }}
      closable={!view.saving}
    >
      <form className="admin-form" onSubmit={submit} noValidate aria-busy={view.saving}>
        <p className="muted">{t("admin.password.intro")}</p>
        <FormField id={`${id}-password`} label={t("admin.password.new")} problem={view.problems.password} hint={t("admin.password.newHint")}>
          {(c) => <input {...c} type="password" className="p-inputtext p-component" value={view.form.password} autoComplete="new-password" onChange={(e) => editor.set({ password: e.target.value })} />}
        </FormField>
        <FormField id={`${id}-confirm`} label={t("admin.password.repeat")} problem={view.problems.confirm}>
          {(c) => <input {...c} type="password" className="p-inputtext p-component" value={view.form.confirm} autoComplete="new-password" onChange={(e) => editor.set({ confirm: e.target.value })} />}
        </FormField>
        {view.error !== null && (
          <p className="form-error" role="alert">
            {t("admin.password.notReset", { error: readableError(view.error) })}
          </p>
        )}
        <div className="dialog-actions">
          <Button type="button" label={t("admin.cancel")} outlined onClick={editor.close} disabled={view.saving} />
          <Button type="submit" label={t("admin.password.reset")} loading={view.saving} />
        </div>
      </form>
    </Dialog>
  );
}
