/**
 * Add user / Edit user (issue 17): email and password (new users only), name, the brands the
 * user holds (of those the admin manages), the ten permissions with their meanings, Disabled. For
 * the signed-in admin, permission 4 and Disabled cannot be changed: the boxes are disabled and
 * say why (the server refuses it too).
 */
import { useId, type FormEvent } from "react";
import { ALL_PERMISSION_CODES, type AdminUser } from "../../../domain/adminContract";
import { adminUserEditorMachine, type BrandChoices } from "../../../machines/admin/adminEditors";
import { userFormOf, userFormProblems, type UserForm } from "../../../machines/admin/adminForms";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { permissionLabel, readableError } from "./adminFormat";
import { Check, CheckGroup, FormField, hintId } from "./FormField";
import { userEditorActors } from "./adminActors";
import { useEditorDialog, type EditorView } from "@/app/useEditorDialog";
import { t, translateMessage } from "@/i18n/i18n";

export interface UserFormProps {
  view: EditorView<UserForm, BrandChoices>;
  onChange: (patch: Partial<UserForm>) => void;
  onSave: () => void;
  onCancel: () => void;
  onRetry: () => void;
}

const toggle = <T,>(list: readonly T[], item: T, on: boolean): T[] => (on ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item));

export function UserFormView({ view, onChange, onSave, onCancel, onRetry }: UserFormProps) {
  const id = useId();
  const { form, problems } = view;
  if (view.loading) return <p role="status">{t("admin.loadingBrands")}</p>;
  if (view.loadError !== null) {
    return (
      <div className="admin-form">
        <p className="form-error" role="alert">{t("admin.brandsNotLoaded", { error: translateMessage(view.loadError) })}</p>
        <div className="dialog-actions">
          <Button type="button" label={t("admin.cancel")} outlined onClick={onCancel} />
          <Button type="button" label={t("admin.tryAgain")} onClick={onRetry} />
        </div>
      </div>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!view.saving) onSave();
  };
  // A brand the user holds that the admin does not manage still shows (and stays held).
  const brands = [...new Set([...(view.options ?? []), ...form.brands])].sort((a, b) => a.localeCompare(b));
  const selfReason = `${id}-self`;
  return (
    <form className="admin-form" onSubmit={submit} noValidate aria-busy={view.saving}>
      {form.isNew ? (
        <FormField id={`${id}-email`} label={t("admin.user.email")} problem={problems.email}>
          {(c) => <input {...c} type="email" className="p-inputtext p-component" value={form.email} autoComplete="off" onChange={(e) => onChange({ email: e.target.value })} />}
        </FormField>
      ) : (
        <p className="admin-static">
          <span className="field-label">{t("admin.user.email")}</span> {form.email}
        </p>
      )}
      <FormField id={`${id}-name`} label={t("admin.user.name")} problem={problems.name}>
        {(c) => <input {...c} className="p-inputtext p-component" value={form.name} maxLength={100} autoComplete="off" onChange={(e) => onChange({ name: e.target.value })} />}
      </FormField>
      {form.isNew && (
        <FormField id={`${id}-password`} label={t("admin.user.password")} problem={problems.password} hint={t("admin.user.passwordHint")}>
          {(c) => <input {...c} type="password" className="p-inputtext p-component" value={form.password} autoComplete="new-password" onChange={(e) => onChange({ password: e.target.value })} />}
        </FormField>
      )}
      <CheckGroup id={`${id}-brands`} legend={t("admin.user.brands")} problem={problems.brands} hint={brands.length === 0 ? t("admin.user.noBrand") : undefined}>
        {brands.map((b) => (
          <Check key={b} label={b} checked={form.brands.includes(b)} onChange={(on) => onChange({ brands: toggle(form.brands, b, on) })} />
        ))}
      </CheckGroup>
      <CheckGroup id={`${id}-permissions`} legend={t("admin.user.permissions")} problem={problems.permissions}>
        {ALL_PERMISSION_CODES.map((code) => {
          const locked = form.self && code === "4";
          return (
            <Check
              key={code}
              label={permissionLabel(code)}
              checked={form.permissions.includes(code)}
              disabled={locked}
              describedBy={locked ? selfReason : undefined}
              onChange={(on) => onChange({ permissions: toggle(form.permissions, code, on) })}
            />
          );
        })}
      </CheckGroup>
      <Check
        label={t("admin.user.disabled")}
        checked={form.disabled}
        disabled={form.self}
        describedBy={form.self ? selfReason : undefined}
        onChange={(disabled) => onChange({ disabled })}
      />
      {form.self && (
        <p id={selfReason} className="admin-hint admin-self">
          {t("admin.user.selfNote")}
        </p>
      )}
      {problems.disabled !== undefined && <p className="form-error" id={hintId(`${id}-disabled`)}>{translateMessage(problems.disabled)}</p>}
      {view.error !== null && (
        <p className="form-error" role="alert">
          {t("admin.user.notSaved", { error: readableError(view.error) })}
        </p>
      )}
      <div className="dialog-actions">
        <Button type="button" label={t("admin.cancel")} outlined onClick={onCancel} disabled={view.saving} />
        <Button type="submit" label={form.isNew ? t("admin.user.add") : t("admin.user.save")} loading={view.saving} />
      </div>
    </form>
  );
}

export interface UserDialogProps {
  /** The user edited; null for a new one. */
  user: AdminUser | null;
  selfEmail: string;
  visible: boolean;
  onClose: () => void;
  onSaved: (user: AdminUser) => void;
}

export function UserDialog({ user, selfEmail, visible, onClose, onSaved }: UserDialogProps) {
  const editor = useEditorDialog({
    machine: adminUserEditorMachine,
    actors: userEditorActors,
    problems: userFormProblems,
    visible,
    scope: null,
    id: user?.id ?? null,
    form: () => userFormOf(user, selfEmail),
    savedToast: (u) => (user === null ? t("admin.user.addedToast", { email: u.email }) : t("admin.user.savedToast", { email: u.email })),
    onSaved,
    onClose,
  });
  const { view } = editor;
  return (
    <Dialog
      visible={view.open}
      onHide={editor.close}
      header={user === null ? t("admin.user.add") : t("admin.user.editTitle", { email: user.email })}
      style={{ width: "620px", maxWidth: "calc(100vw - 16px)" }}
      closable={!view.saving}
    >
      <UserFormView view={view} onChange={editor.set} onSave={editor.save} onCancel={editor.close} onRetry={editor.retry} />
    </Dialog>
  );
}
