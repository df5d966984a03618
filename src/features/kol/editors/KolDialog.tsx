/**
 * New KOL / Edit KOL (issue 16): a KOL of the brand's roster: name, handle (without "@"),
 * platform, followers (the tier they give shows as they are typed: nano < 10k ≤ micro < 100k ≤
 * macro < 1M ≤ mega; empty when not known: no tier) and categories separated by commas.
 */
import { useId, type FormEvent } from "react";
import { KOL_PLATFORMS, KOL_PLATFORM_LABELS, type Kol, type KolTier } from "../../../../domain/kolContract";
import type { KolEditorView } from "../../../../machines/kolEditors/kolEditorSelectors";
import { kolKolEditorMachine } from "../../../../machines/kolEditors/kolEditors";
import { kolFormOf, kolFormProblems, tierOfFollowers, type KolForm } from "../../../../machines/kolEditors/kolForms";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { ChoiceSelect, FormField } from "./FormField";
import { kolEditorActors } from "./kolEditorActors";
import { useEditorDialog } from "@/app/useEditorDialog";
import { tierName } from "@/features/kol/kolFormat";
import { t, translateMessage, type MessageKey } from "@/i18n/i18n";
import "./editors.css";

export interface KolDialogProps {
  brand: string;
  /** The KOL edited; null for a new one. */
  kol: Kol | null;
  visible: boolean;
  onClose: () => void;
  onSaved: (kol: Kol) => void;
}

const TIER_RANGES = {
  nano: "kol.kolForm.tierRange.nano", micro: "kol.kolForm.tierRange.micro", macro: "kol.kolForm.tierRange.macro", mega: "kol.kolForm.tierRange.mega",
} as const satisfies Record<KolTier, MessageKey>;

/** The tier the typed followers give, in words. */
export function tierText(followers: string): string {
  const tier = tierOfFollowers(followers);
  if (tier === null) return followers.trim() === "" ? t("kol.kolForm.tierUnknown") : t("kol.kolForm.tierWhole");
  return t("kol.kolForm.tier", { tier: tierName(tier), range: t(TIER_RANGES[tier]) });
}

export interface KolFormProps {
  view: KolEditorView<KolForm, null>;
  onChange: (patch: Partial<KolForm>) => void;
  onSave: () => void;
  onCancel: () => void;
}

export function KolFormView({ view, onChange, onSave, onCancel }: KolFormProps) {
  const id = useId();
  const { form, problems } = view;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    if (!view.saving) onSave();
  };
  return (
    <form className="kol-form" onSubmit={submit} noValidate aria-busy={view.saving}>
      <FormField id={`${id}-name`} label={t("kol.kolForm.name")} problem={problems.name}>
        {(control) => <input {...control} className="p-inputtext p-component" value={form.name} autoComplete="off" onChange={(e) => onChange({ name: e.target.value })} />}
      </FormField>
      <div className="kol-row">
        <FormField id={`${id}-handle`} label={t("kol.column.handle")} problem={problems.handle} hint={t("kol.kolForm.handleHint")}>
          {(control) => (
            <span className="kol-adorned">
              <span aria-hidden="true">@</span>
              <input {...control} className="p-inputtext p-component" value={form.handle} autoComplete="off" spellCheck={false} onChange={(e) => onChange({ handle: e.target.value })} />
            </span>
          )}
        </FormField>
        <FormField id={`${id}-platform`} label={t("kol.table.platform")} problem={problems.platform}>
          {(control) => <ChoiceSelect control={control} value={form.platform} choices={KOL_PLATFORMS} labels={KOL_PLATFORM_LABELS} onChange={(platform) => onChange({ platform })} />}
        </FormField>
      </div>
      <FormField
        id={`${id}-followers`}
        label={t("kol.figure.followers")}
        problem={problems.followers}
        hint={
          <span className="kol-tier" aria-live="polite">
            {tierText(form.followers)}
          </span>
        }
      >
        {(control) => (
          <input {...control} className="p-inputtext p-component" inputMode="numeric" autoComplete="off" value={form.followers} onChange={(e) => onChange({ followers: e.target.value })} />
        )}
      </FormField>
      <FormField id={`${id}-categories`} label={t("kol.kolForm.categories")} problem={problems.categories} hint={t("kol.kolForm.categoriesHint")}>
        {(control) => (
          <input {...control} className="p-inputtext p-component" autoComplete="off" value={form.categories} onChange={(e) => onChange({ categories: e.target.value })} />
        )}
      </FormField>
      {view.error !== null && (
        <p className="form-error" role="alert">
          {t("kol.kolForm.notSaved", { error: translateMessage(view.error) })}
        </p>
      )}
      <div className="dialog-actions">
        <Button type="button" label={t("kol.cancel")} outlined onClick={onCancel} disabled={view.saving} />
        <Button type="submit" label={view.mode === "new" ? t("kol.kolForm.add") : t("kol.kolForm.save")} loading={view.saving} />
      </div>
    </form>
  );
}

export function KolDialog({ brand, kol, visible, onClose, onSaved }: KolDialogProps) {
  const editor = useEditorDialog({
    machine: kolKolEditorMachine,
    actors: kolEditorActors,
    problems: kolFormProblems,
    visible,
    brand,
    scope: null,
    id: kol?.id ?? null,
    form: () => kolFormOf(kol),
    savedToast: (k) => t("kol.kolForm.saved", { name: k.name }),
    onSaved,
    onClose,
  });
  const { view } = editor;
  return (
    <Dialog
      visible={view.open}
      onHide={editor.close}
      header={view.mode === "new" ? t("kol.kolForm.newTitle") : t("kol.kolForm.editTitle")}
      style={{ width: "520px", maxWidth: "calc(100vw - 16px)" }}
      closable={!view.saving}
    >
      <KolFormView view={view} onChange={editor.set} onSave={editor.save} onCancel={editor.close} />
    </Dialog>
  );
}
