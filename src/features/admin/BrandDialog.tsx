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
import { t } from "@/i18n/i18n";

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
  const tokenState = form.clearToken ? t("admin.brand.tokenCleared") : form.token !== "" ? t("admin.brand.tokenReplaced") : form.hasToken ? t("admin.brand.tokenSet") : t("admin.brand.noToken");
  return (
    <form className="admin-form" onSubmit={submit} noValidate aria-busy={view.saving}>
      <FormField id={`${id}-name`} label={t("admin.brand.name")} problem={problems.name}>
        {(c) => <input {...c} className="p-inputtext p-component" value={form.name} maxLength={100} autoComplete="off" onChange={(e) => onChange({ name: e.target.value })} />}
      </FormField>
      <FormField id={`${id}-ma`} label={t("admin.brand.maLabel")} problem={problems.maLabel} hint={t("admin.brand.maLabelHint")}>
        {(c) => (
          <select {...c} className="p-inputtext p-component native-select" value={form.maLabel} onChange={(e) => onChange({ maLabel: e.target.value === "MA" ? "MA" : "Facebook MA" })}>
            {/* i18n-ignore: the module's product name, the value stored */}
            <option value="Facebook MA">Facebook MA</option>
            {/* i18n-ignore: the module's product name, the value stored */}
            <option value="MA">MA</option>
          </select>
        )}
      </FormField>
      <CheckGroup id={`${id}-channels`} legend={t("admin.brand.channels")} problem={problems.channels}>
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
                  aria-label={t("admin.brand.startYear", { channel: CHANNEL_LABELS[channel] })}
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
      <small className="admin-hint">{t("admin.brand.startYearsHint", { min: CHANNEL_START_YEAR_MIN, max: CHANNEL_START_YEAR_MAX })}</small>
      {!isNew && (
        <>
          <CheckGroup id={`${id}-o2o`} legend={t("admin.brand.o2oCampaigns")} problem={problems.o2oCampaigns} hint={campaigns.length === 0 ? t("admin.brand.noO2oCampaign") : t("admin.brand.o2oCampaignsHint")}>
            {campaigns.map((c) => (
              <Check
                key={c.id}
                label={c.name}
                checked={form.o2oCampaigns.includes(c.id)}
                onChange={(on) => onChange({ o2oCampaigns: on ? [...form.o2oCampaigns, c.id] : form.o2oCampaigns.filter((x) => x !== c.id) })}
              />
            ))}
          </CheckGroup>
          <FormField id={`${id}-token`} label={t("admin.brand.o2oToken")} problem={problems.token} hint={<span role="status">{tokenState}</span>}>
            {(c) => (
              <span className="admin-token">
                <input
                  {...c}
                  type="password"
                  className="p-inputtext p-component"
                  value={form.token}
                  placeholder={form.hasToken ? t("admin.brand.tokenReplacePlaceholder") : t("admin.brand.tokenPlaceholder")}
                  autoComplete="off"
                  onChange={(e) => onChange({ token: e.target.value, clearToken: false })}
                />
                {form.hasToken && !form.clearToken && <Button type="button" label={t("admin.brand.clearToken")} outlined onClick={() => onChange({ token: "", clearToken: true })} />}
                {form.clearToken && <Button type="button" label={t("admin.brand.keepToken")} text onClick={() => onChange({ clearToken: false })} />}
              </span>
            )}
          </FormField>
        </>
      )}
      {view.error !== null && (
        <p className="form-error" role="alert">
          {t("admin.brand.notSaved", { error: readableError(view.error) })}
        </p>
      )}
      <div className="dialog-actions">
        <Button type="button" label={t("admin.cancel")} outlined onClick={onCancel} disabled={view.saving} />
        <Button type="submit" label={isNew ? t("admin.brand.add") : t("admin.brand.save")} loading={view.saving} />
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
    savedToast: (b) => (brand === null ? t("admin.brand.addedToast", { name: b.name }) : t("admin.brand.savedToast", { name: b.name })),
    onSaved,
    onClose,
  });
  const { view } = editor;
  return (
    <Dialog
      visible={view.open}
      onHide={editor.close}
      header={brand === null ? t("admin.brand.add") : t("admin.brand.editTitle", { name: brand.name })}
      style={{ width: "560px", maxWidth: "calc(100vw - 16px)" }}
      closable={!view.saving}
    >
      <BrandFormView view={view} isNew={brand === null} campaigns={campaigns} onChange={editor.set} onSave={editor.save} onCancel={editor.close} />
    </Dialog>
  );
}
