/**
 * Add brand / Edit brand (issue 17): name, MA label, channels with their start year; when
 * editing, the o2o campaigns the brand's users read and the o2o upstream token (write-only: the
 * dialog says whether one is set, a new value replaces it, Clear removes it; it is never shown).
 */
import { useId, type FormEvent } from "react";
import { CHANNEL_START_YEAR_MAX, CHANNEL_START_YEAR_MIN, type AdminBrand } from "../../../domain/adminContract";
import type { O2OCampaignRef } from "../../../domain/entities";
import { adminBrandEditorMachine } from "../../../machines/admin/adminEditors";
import { CHANNELS, CHANNEL_LABELS, brandFormOf, brandFormProblems, type BrandForm } from "../../../machines/admin/adminForms";
import { Button } from "@/components/ui/Button";
import { readableError } from "./adminFormat";
import { Dialog } from "@/components/ui/Dialog";
import { Check, CheckGroup, FormField } from "./FormField";
import { brandEditorActors } from "./adminActors";
import { useEditorDialog, type EditorView } from "@/app/useEditorDialog";

export interface BrandFormProps {
  view: EditorView<BrandForm, null>;
  isNew: boolean;
  campaigns: readonly O2OCampaignRef[];
  onChange: (patch: Partial<BrandForm>) => void;
  onSave: () => void;
  onCancel: () => void;
}

const THIS_YEAR = String(new Date().getFullYear());

export function BrandFormView({ view, isNew, campaigns, onChange, onSave, onCancel }: BrandFormProps) {
  const id = useId();
  const { form, problems } = view;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!view.saving) onSave();
  };
  const tokenState = form.clearToken ? "The token is cleared on Save" : form.token !== "" ? "A new token replaces the stored one on Save" : form.hasToken ? "Token set" : "No token";
  return (
    <form className="admin-form" onSubmit={submit} noValidate aria-busy={view.saving}>
      <FormField id={`${id}-name`} label="Brand name" problem={problems.name}>
        {(c) => <input {...c} className="p-inputtext p-component" value={form.name} maxLength={100} autoComplete="off" onChange={(e) => onChange({ name: e.target.value })} />}
      </FormField>
      <FormField id={`${id}-ma`} label="MA label" problem={problems.maLabel} hint="What the side menu calls the Facebook MA module for this brand.">
        {(c) => (
          <select {...c} className="p-inputtext p-component native-select" value={form.maLabel} onChange={(e) => onChange({ maLabel: e.target.value === "MA" ? "MA" : "Facebook MA" })}>
            <option value="Facebook MA">Facebook MA</option>
            <option value="MA">MA</option>
          </select>
        )}
      </FormField>
      <CheckGroup id={`${id}-channels`} legend="Channels and the year their data starts" problem={problems.channels}>
        {CHANNELS.map((channel) => {
          const year = form.channels[channel];
          return (
            <div key={channel} className="admin-channel">
              <Check
                label={CHANNEL_LABELS[channel]}
                checked={year !== null}
                onChange={(on) => onChange({ channels: { ...form.channels, [channel]: on ? THIS_YEAR : null } })}
              />
              {year !== null && (
                <input
                  className="p-inputtext p-component admin-year"
                  aria-label={`${CHANNEL_LABELS[channel]} start year`}
                  inputMode="numeric"
                  maxLength={4}
                  value={year}
                  onChange={(e) => onChange({ channels: { ...form.channels, [channel]: e.target.value } })}
                />
              )}
            </div>
          );
        })}
      </CheckGroup>
      <small className="admin-hint">Start years from {CHANNEL_START_YEAR_MIN} to {CHANNEL_START_YEAR_MAX}; the year picker offers the years from it.</small>
      {!isNew && (
        <>
          <CheckGroup id={`${id}-o2o`} legend="o2o campaigns" problem={problems.o2oCampaigns} hint={campaigns.length === 0 ? "No o2o campaign to assign." : "The campaigns this brand's users see on the O2O page."}>
            {campaigns.map((c) => (
              <Check
                key={c.id}
                label={c.name}
                checked={form.o2oCampaigns.includes(c.id)}
                onChange={(on) => onChange({ o2oCampaigns: on ? [...form.o2oCampaigns, c.id] : form.o2oCampaigns.filter((x) => x !== c.id) })}
              />
            ))}
          </CheckGroup>
          <FormField id={`${id}-token`} label="o2o token" problem={problems.token} hint={<span role="status">{tokenState}</span>}>
            {(c) => (
              <span className="admin-token">
                <input
                  {...c}
                  type="password"
                  className="p-inputtext p-component"
                  value={form.token}
                  placeholder={form.hasToken ? "Type a new token to replace it" : "Type the token"}
                  autoComplete="off"
                  onChange={(e) => onChange({ token: e.target.value, clearToken: false })}
                />
                {form.hasToken && !form.clearToken && <Button type="button" label="Clear" outlined onClick={() => onChange({ token: "", clearToken: true })} />}
                {form.clearToken && <Button type="button" label="Keep the token" text onClick={() => onChange({ clearToken: false })} />}
              </span>
            )}
          </FormField>
        </>
      )}
      {view.error !== null && (
        <p className="form-error" role="alert">
          The brand was not saved: {readableError(view.error)}
        </p>
      )}
      <div className="dialog-actions">
        <Button type="button" label="Cancel" outlined onClick={onCancel} disabled={view.saving} />
        <Button type="submit" label={isNew ? "Add brand" : "Save brand"} loading={view.saving} />
      </div>
    </form>
  );
}

export interface BrandDialogProps {
  /** The brand edited; null for a new one. */
  brand: AdminBrand | null;
  campaigns: readonly O2OCampaignRef[];
  visible: boolean;
  onClose: () => void;
  onSaved: (brand: AdminBrand) => void;
}

export function BrandDialog({ brand, campaigns, visible, onClose, onSaved }: BrandDialogProps) {
  const editor = useEditorDialog({
    machine: adminBrandEditorMachine,
    actors: brandEditorActors,
    problems: brandFormProblems,
    visible,
    scope: null,
    id: brand?.id ?? null,
    form: () => brandFormOf(brand),
    savedToast: (b) => (brand === null ? `Brand added: ${b.name}` : `Brand saved: ${b.name}`),
    onSaved,
    onClose,
  });
  const { view } = editor;
  return (
    <Dialog
      visible={view.open}
      onHide={editor.close}
      header={brand === null ? "Add brand" : `Edit brand ${brand.name}`}
      style={{ width: "560px", maxWidth: "calc(100vw - 16px)" }}
      closable={!view.saving}
    >
      <BrandFormView view={view} isNew={brand === null} campaigns={campaigns} onChange={editor.set} onSave={editor.save} onCancel={editor.close} />
    </Dialog>
  );
}
