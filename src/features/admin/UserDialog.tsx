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
  if (view.loading) return <p role="status">Loading the brands…</p>;
  if (view.loadError !== null) {
    return (
      <div className="admin-form">
        <p className="form-error" role="alert">The brands could not be loaded: {view.loadError}</p>
        <div className="dialog-actions">
          <Button type="button" label="Cancel" outlined onClick={onCancel} />
          <Button type="button" label="Try again" onClick={onRetry} />
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
        <FormField id={`${id}-email`} label="Email" problem={problems.email}>
          {(c) => <input {...c} type="email" className="p-inputtext p-component" value={form.email} autoComplete="off" onChange={(e) => onChange({ email: e.target.value })} />}
        </FormField>
      ) : (
        <p className="admin-static">
          <span className="field-label">Email</span> {form.email}
        </p>
      )}
      <FormField id={`${id}-name`} label="Name" problem={problems.name}>
        {(c) => <input {...c} className="p-inputtext p-component" value={form.name} maxLength={100} autoComplete="off" onChange={(e) => onChange({ name: e.target.value })} />}
      </FormField>
      {form.isNew && (
        <FormField id={`${id}-password`} label="Password" problem={problems.password} hint="At least 8 characters; the user can change it later.">
          {(c) => <input {...c} type="password" className="p-inputtext p-component" value={form.password} autoComplete="new-password" onChange={(e) => onChange({ password: e.target.value })} />}
        </FormField>
      )}
      <CheckGroup id={`${id}-brands`} legend="Brands" problem={problems.brands} hint={brands.length === 0 ? "No brand to give: add one in the Brands tab." : undefined}>
        {brands.map((b) => (
          <Check key={b} label={b} checked={form.brands.includes(b)} onChange={(on) => onChange({ brands: toggle(form.brands, b, on) })} />
        ))}
      </CheckGroup>
      <CheckGroup id={`${id}-permissions`} legend="Permissions" problem={problems.permissions}>
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
        label="Disabled (cannot sign in; their sessions end)"
        checked={form.disabled}
        disabled={form.self}
        describedBy={form.self ? selfReason : undefined}
        onChange={(disabled) => onChange({ disabled })}
      />
      {form.self && (
        <p id={selfReason} className="admin-hint admin-self">
          This is you: you cannot take away your own permission 4 (Admin) or disable yourself.
        </p>
      )}
      {problems.disabled !== undefined && <p className="form-error" id={hintId(`${id}-disabled`)}>{problems.disabled}</p>}
      {view.error !== null && (
        <p className="form-error" role="alert">
          The user was not saved: {readableError(view.error)}
        </p>
      )}
      <div className="dialog-actions">
        <Button type="button" label="Cancel" outlined onClick={onCancel} disabled={view.saving} />
        <Button type="submit" label={form.isNew ? "Add user" : "Save user"} loading={view.saving} />
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
    savedToast: (u) => (user === null ? `User added: ${u.email}` : `User saved: ${u.email}`),
    onSaved,
    onClose,
  });
  const { view } = editor;
  return (
    <Dialog
      visible={view.open}
      onHide={editor.close}
      header={user === null ? "Add user" : `Edit user ${user.email}`}
      style={{ width: "620px", maxWidth: "calc(100vw - 16px)" }}
      closable={!view.saving}
    >
      <UserFormView view={view} onChange={editor.set} onSave={editor.save} onCancel={editor.close} onRetry={editor.retry} />
    </Dialog>
  );
}
