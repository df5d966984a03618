/**
 * The account form (issue 17): on /formAC it adds a social account (bag) with its pages to a brand
 * (brand, channel of the brand's, account id, name, pages); in Admin's Edit account it renames the
 * account and changes its pages. Each field's problem shows under it; a page id given twice marks
 * both rows; a field the server refuses (an id that exists already) shows under that field.
 */
import { useId, type FormEvent } from "react";
import type { SocialChannel } from "../../../domain/entities";
import type { AccountBrands } from "../../../machines/admin/adminEditors";
import { CHANNEL_LABELS, PLATFORM_ID_RULE, duplicatePageIds, newAccountFormOf, type AccountForm, type PageRow } from "../../../machines/admin/adminForms";
import { Button } from "@/components/ui/Button";
import { readableError } from "./adminFormat";
import { FieldProblem, FormField, describedBy, problemId } from "./FormField";
import type { EditorView } from "@/app/useEditorDialog";
import { t, translateMessage } from "@/i18n/i18n";

export interface AccountFormProps {
  view: EditorView<AccountForm, AccountBrands>;
  onChange: (patch: Partial<AccountForm>) => void;
  onSave: () => void;
  onCancel: () => void;
  saveLabel: string;
}

export function AccountFormView({ view, onChange, onSave, onCancel, saveLabel }: AccountFormProps) {
  const id = useId();
  const { form, problems } = view;
  const brands = view.options ?? [];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!view.saving) onSave();
  };
  const twice = duplicatePageIds(form.pages);
  const setPage = (i: number, patch: Partial<PageRow>) => onChange({ pages: form.pages.map((p, j) => (j === i ? { ...p, ...patch } : p)) });
  const pagesId = `${id}-pages`;
  const chooseBrand = (value: string) => {
    const brand = brands.find((b) => String(b.id) === value) ?? null;
    const next = newAccountFormOf(brand);
    onChange({ brandId: next.brandId, brandChannels: next.brandChannels, channel: next.channel });
  };
  return (
    <form className="admin-form" onSubmit={submit} noValidate aria-busy={view.saving}>
      {form.isNew && (
        <div className="admin-row">
          <FormField id={`${id}-brand`} label={t("admin.account.brand")} problem={problems.brandId}>
            {(c) => (
              <select {...c} className="p-inputtext p-component native-select" value={form.brandId === null ? "" : String(form.brandId)} onChange={(e) => chooseBrand(e.target.value)}>
                <option value="">{t("admin.account.chooseBrand")}</option>
                {brands.map((b) => (
                  <option key={b.id} value={String(b.id)}>
                    {b.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField id={`${id}-channel`} label={t("admin.account.channel")} problem={problems.channel} hint={form.brandId === null ? t("admin.account.channelHint") : undefined}>
            {(c) => (
              <select
                {...c}
                className="p-inputtext p-component native-select"
                value={form.channel ?? ""}
                disabled={form.brandId === null}
                onChange={(e) => onChange({ channel: e.target.value === "" ? null : (e.target.value as SocialChannel) })}
              >
                <option value="">{t("admin.account.chooseChannel")}</option>
                {form.brandChannels.map((ch) => (
                  <option key={ch} value={ch}>
                    {CHANNEL_LABELS[ch]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
      )}
      {form.isNew && (
        <FormField id={`${id}-id`} label={t("admin.account.id")} problem={problems.id} hint={t("admin.account.idHint", { rule: translateMessage(PLATFORM_ID_RULE) })}>
          {(c) => <input {...c} className="p-inputtext p-component" value={form.id} maxLength={64} autoComplete="off" onChange={(e) => onChange({ id: e.target.value })} />}
        </FormField>
      )}
      <FormField id={`${id}-name`} label={t("admin.account.name")} problem={problems.name}>
        {(c) => <input {...c} className="p-inputtext p-component" value={form.name} maxLength={100} autoComplete="off" onChange={(e) => onChange({ name: e.target.value })} />}
      </FormField>
      <fieldset className="admin-pages" aria-describedby={describedBy(pagesId, false, problems.pages)}>
        <legend className="field-label">{t("admin.account.pages")}</legend>
        {form.pages.length === 0 ? (
          <p className="muted">{t("admin.account.noPage")}</p>
        ) : (
          <div className="admin-page-head" aria-hidden="true">
            <span>{t("admin.account.pageId")}</span>
            <span>{t("admin.account.pageName")}</span>
          </div>
        )}
        {form.pages.map((page, i) => {
          const n = i + 1;
          const dup = twice.has(page.id.trim());
          // The pages' problem names a row ("Page 2: …") or an id: that row's id field says it too.
          const named = problems.pages !== undefined && (dup || problems.pages.startsWith(`Page ${n}:`) || (page.id.trim() !== "" && problems.pages.includes(page.id.trim())));
          return (
            <div className="admin-page-row" key={i} role="group" aria-label={t("admin.account.pageN", { n })}>
              <input
                className="p-inputtext p-component"
                aria-label={t("admin.account.pageNId", { n })}
                aria-invalid={named}
                aria-describedby={named ? problemId(pagesId) : undefined}
                value={page.id}
                maxLength={64}
                autoComplete="off"
                onChange={(e) => setPage(i, { id: e.target.value })}
              />
              <input
                className="p-inputtext p-component"
                aria-label={t("admin.account.pageNName", { n })}
                value={page.name}
                maxLength={100}
                autoComplete="off"
                onChange={(e) => setPage(i, { name: e.target.value })}
              />
              <Button type="button" icon="pi pi-trash" text aria-label={t("admin.account.removePage", { n })} onClick={() => onChange({ pages: form.pages.filter((_, j) => j !== i) })} />
            </div>
          );
        })}
        <FieldProblem id={pagesId} problem={problems.pages} />
        <div>
          <Button type="button" label={t("admin.account.addPage")} icon="pi pi-plus" outlined onClick={() => onChange({ pages: [...form.pages, { id: "", name: "" }] })} />
        </div>
      </fieldset>
      {view.error !== null && (
        <p className="form-error" role="alert">
          {t("admin.account.notSaved", { error: readableError(view.error) })}
        </p>
      )}
      <div className="dialog-actions">
        <Button type="button" label={t("admin.cancel")} outlined onClick={onCancel} disabled={view.saving} />
        <Button type="submit" label={saveLabel} loading={view.saving} />
      </div>
    </form>
  );
}
