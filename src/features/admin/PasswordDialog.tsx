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
    savedToast: () => `Password reset for ${user?.email ?? "the user"}`,
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
      header={`Reset password of ${user?.email ?? ""}`}
      style={{ width: "460px", maxWidth: "calc(100vw - 16px)" }}
      closable={!view.saving}
    >
      <form className="admin-form" onSubmit={submit} noValidate aria-busy={view.saving}>
        <p className="muted">The user is signed out everywhere and signs in with the new password.</p>
        <FormField id={`${id}-password`} label="New password" problem={view.problems.password} hint="At least 8 characters.">
          {(c) => <input {...c} type="password" className="p-inputtext p-component" value={view.form.password} autoComplete="new-password" onChange={(e) => editor.set({ password: e.target.value })} />}
        </FormField>
        <FormField id={`${id}-confirm`} label="Repeat the new password" problem={view.problems.confirm}>
          {(c) => <input {...c} type="password" className="p-inputtext p-component" value={view.form.confirm} autoComplete="new-password" onChange={(e) => editor.set({ confirm: e.target.value })} />}
        </FormField>
        {view.error !== null && (
          <p className="form-error" role="alert">
            The password was not reset: {readableError(view.error)}
          </p>
        )}
        <div className="dialog-actions">
          <Button type="button" label="Cancel" outlined onClick={editor.close} disabled={view.saving} />
          <Button type="submit" label="Reset password" loading={view.saving} />
        </div>
      </form>
    </Dialog>
  );
}
