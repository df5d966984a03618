/**
 * New booking / Edit booking of a KOL campaign (issue 16): a KOL picked from the brand's roster
 * (`GET /user/kols`, searched by name or handle) or added with "+ New KOL" (the KOL dialog; the
 * new KOL is then picked), what the KOL delivers, the agreed fee in baht and the status. The KOL
 * chosen can be edited (the KOL dialog on it) or deleted from the roster after a confirmation
 * (the server refuses a KOL with bookings, and the confirmation says why).
 */
import { useId, useState, type FormEvent } from "react";
import { KOL_BOOKING_STATUSES, KOL_PLATFORM_LABELS, type Kol, type KolBooking } from "../../../../domain/kolContract";
import type { KolEditorView } from "../../../../machines/kolEditors/kolEditorSelectors";
import { kolBookingEditorMachine, type KolRoster } from "../../../../machines/kolEditors/kolEditors";
import { bookingFormOf, bookingFormProblems, searchKols, type BookingForm } from "../../../../machines/kolEditors/kolForms";
import { formatCount } from "@/components/format/numbers";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { ChoiceSelect, FieldProblem, FormField, problemId } from "./FormField";
import { DeleteKolItemDialog } from "./DeleteKolItemDialog";
import { KolDialog } from "./KolDialog";
import { bookingEditorActors } from "./kolEditorActors";
import { useEditorDialog } from "@/app/useEditorDialog";
import { bookingStatusLabels, tierName } from "@/features/kol/kolFormat";
import { t, translateMessage } from "@/i18n/i18n";
import "./editors.css";

export interface BookingDialogProps {
  brand: string;
  campaignId: number;
  /** The booking edited; null for a new one. */
  booking: KolBooking | null;
  visible: boolean;
  onClose: () => void;
  onSaved: (booking: KolBooking) => void;
}

/** A KOL as the picker lists it: name, @handle, platform, tier and followers. */
export function kolLabel(k: Kol): string {
  const tier = k.tier === null ? "" : ` · ${tierName(k.tier)}`;
  const followers = k.followers === null ? "" : ` · ${t("kol.bookingForm.followers", { n: formatCount(k.followers) })}`;
  return `${k.name} (@${k.handle}) · ${KOL_PLATFORM_LABELS[k.platform]}${tier}${followers}`;
}

/** At most this many KOLs are listed at once; the search narrows the rest. */
export const PICKER_LIMIT = 50;

export interface BookingFormProps {
  view: KolEditorView<BookingForm, KolRoster>;
  onChange: (patch: Partial<BookingForm>) => void;
  onSave: () => void;
  onCancel: () => void;
  onRetry: () => void;
  onNewKol: () => void;
  /** Edit the KOL chosen (name, handle, followers and so its tier, categories) in the KOL dialog. */
  onEditKol: (kol: Kol) => void;
  /** Delete the KOL chosen from the brand's roster, after a confirmation (refused while it has bookings). */
  onDeleteKol: (kol: Kol) => void;
}

export function BookingFormView({ view, onChange, onSave, onCancel, onRetry, onNewKol, onEditKol, onDeleteKol }: BookingFormProps) {
  const id = useId();
  const [query, setQuery] = useState("");
  const { form, problems } = view;
  const roster = view.options ?? [];
  const found = searchKols(roster, query);
  const shown = found.slice(0, PICKER_LIMIT);
  const chosen = roster.find((k) => k.id === form.kolId) ?? null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!view.saving && !view.loading) onSave();
  };
  if (view.loading) {
    return (
      <p role="status" className="kol-loading">
        {t("kol.bookingForm.loading")}
      </p>
    );
  }
  if (view.loadError !== null) {
    return (
      <div className="kol-form">
        <p className="form-error" role="alert">
          {t("kol.bookingForm.loadFailed", { error: translateMessage(view.loadError) })}
        </p>
        <div className="dialog-actions">
          <Button type="button" label={t("kol.cancel")} outlined onClick={onCancel} />
          <Button type="button" label={t("kol.tryAgain")} onClick={onRetry} />
        </div>
      </div>
    );
  }
  const pickerId = `${id}-kol`;
  return (
    <form className="kol-form" onSubmit={submit} noValidate aria-busy={view.saving}>
      <fieldset className="kol-picker" aria-describedby={problems.kolId === undefined ? `${pickerId}-chosen` : `${pickerId}-chosen ${problemId(pickerId)}`}>
        <legend className="field-label">{t("kol.table.kol")}</legend>
        <div className="kol-picker-bar">
          <input
            type="search"
            className="p-inputtext p-component"
            aria-label={t("kol.bookingForm.searchLabel")}
            placeholder={t("kol.bookingForm.searchPlaceholder")}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          <Button type="button" label={t("kol.bookingForm.newKol")} outlined onClick={onNewKol} disabled={view.saving} />
        </div>
        <div className="kol-chosen-bar">
          <p id={`${pickerId}-chosen`} className="kol-chosen" aria-live="polite">
            {chosen === null
              ? t("kol.bookingForm.noneChosen")
              : t("kol.bookingForm.chosen", { name: chosen.name, handle: chosen.handle, platform: KOL_PLATFORM_LABELS[chosen.platform] })}
          </p>
          {chosen !== null && (
            <>
              <Button type="button" label={t("kol.bookingForm.editKol")} aria-label={t("kol.bookingForm.editKolOf", { name: chosen.name })} text size="small" onClick={() => onEditKol(chosen)} disabled={view.saving} />
              <Button type="button" label={t("kol.bookingForm.deleteKol")} aria-label={t("kol.bookingForm.deleteKolOf", { name: chosen.name })} text size="small" severity="danger" onClick={() => onDeleteKol(chosen)} disabled={view.saving} />
            </>
          )}
        </div>
        <div className="kol-picker-list" role="radiogroup" aria-label={t("kol.bookingForm.roster")} aria-invalid={problems.kolId !== undefined}>
          {shown.length === 0 && <p className="kol-hint">{roster.length === 0 ? t("kol.bookingForm.rosterEmpty") : t("kol.bookingForm.noMatch")}</p>}
          {shown.map((k) => (
            <label key={k.id} className="kol-pick">
              <input type="radio" name={pickerId} checked={form.kolId === k.id} onChange={() => onChange({ kolId: k.id })} />
              <span>{kolLabel(k)}</span>
            </label>
          ))}
          {found.length > shown.length && <p className="kol-hint">{t("kol.bookingForm.more", { n: formatCount(found.length - shown.length) })}</p>}
        </div>
        <FieldProblem id={pickerId} problem={problems.kolId} />
      </fieldset>
      <FormField id={`${id}-deliverables`} label={t("kol.column.deliverables")} problem={problems.deliverables} hint={t("kol.bookingForm.deliverablesHint")}>
        {(control) => (
          <textarea {...control} className="p-inputtext p-component" rows={2} maxLength={500} value={form.deliverables} onChange={(e) => onChange({ deliverables: e.target.value })} />
        )}
      </FormField>
      <div className="kol-row">
        <FormField id={`${id}-fee`} label={t("kol.bookingForm.fee")} problem={problems.fee}>
          {(control) => (
            <span className="kol-adorned">
              {/* i18n-ignore: the currency symbol */}
            <span aria-hidden="true">฿</span>
              <input {...control} className="p-inputtext p-component" inputMode="decimal" autoComplete="off" value={form.fee} onChange={(e) => onChange({ fee: e.target.value })} />
            </span>
          )}
        </FormField>
        <FormField id={`${id}-status`} label={t("kol.column.status")} problem={problems.status}>
          {(control) => <ChoiceSelect control={control} value={form.status} choices={KOL_BOOKING_STATUSES} labels={bookingStatusLabels()} onChange={(status) => onChange({ status })} />}
        </FormField>
      </div>
      {view.error !== null && (
        <p className="form-error" role="alert">
          {t("kol.bookingForm.notSaved", { error: translateMessage(view.error) })}
        </p>
      )}
      <div className="dialog-actions">
        <Button type="button" label={t("kol.cancel")} outlined onClick={onCancel} disabled={view.saving} />
        <Button type="submit" label={view.mode === "new" ? t("kol.bookings.add") : t("kol.bookingForm.save")} loading={view.saving} />
      </div>
    </form>
  );
}

export function BookingDialog({ brand, campaignId, booking, visible, onClose, onSaved }: BookingDialogProps) {
  // The KOL dialog over this one: a new KOL (kol null) or the chosen one, edited.
  const [kolShown, setKolShown] = useState<{ kol: Kol | null } | null>(null);
  // The KOL whose delete is being confirmed over this dialog.
  const [kolDeleted, setKolDeleted] = useState<Kol | null>(null);
  const editor = useEditorDialog({
    machine: kolBookingEditorMachine,
    actors: bookingEditorActors,
    problems: bookingFormProblems,
    visible,
    brand,
    scope: campaignId,
    id: booking?.id ?? null,
    form: () => bookingFormOf(booking),
    savedToast: () => t("kol.bookingForm.saved"),
    onSaved,
    onClose,
  });
  const { view } = editor;
  return (
    <>
      <Dialog
        visible={view.open}
        onHide={editor.close}
        header={view.mode === "new" ? t("kol.bookingForm.newTitle") : t("kol.bookingForm.editTitle")}
        style={{ width: "620px", maxWidth: "calc(100vw - 16px)" }}
        closable={!view.saving}
      >
        <BookingFormView
          view={view}
          onChange={editor.set}
          onSave={editor.save}
          onCancel={editor.close}
          onRetry={editor.retry}
          onNewKol={() => setKolShown({ kol: null })}
          onEditKol={(kol) => setKolShown({ kol })}
          onDeleteKol={(kol) => setKolDeleted(kol)}
        />
      </Dialog>
      <KolDialog
        brand={view.brand === "" ? brand : view.brand}
        kol={kolShown?.kol ?? null}
        visible={kolShown !== null && view.open}
        onClose={() => setKolShown(null)}
        onSaved={(kol) => {
          setKolShown(null);
          const roster = [...(view.options ?? []).filter((k) => k.id !== kol.id), kol].sort((a, b) => a.name.localeCompare(b.name));
          editor.setOptions(roster);
          editor.set({ kolId: kol.id });
        }}
      />
      <DeleteKolItemDialog
        brand={view.brand === "" ? brand : view.brand}
        target={kolDeleted !== null && view.open ? { kind: "kol", id: kolDeleted.id, name: kolDeleted.name } : null}
        onClose={() => setKolDeleted(null)}
        onDeleted={() => {
          const gone = kolDeleted;
          setKolDeleted(null);
          if (gone === null) return;
          editor.setOptions((view.options ?? []).filter((k) => k.id !== gone.id));
          if (view.form.kolId === gone.id) editor.set({ kolId: null });
        }}
      />
    </>
  );
}
