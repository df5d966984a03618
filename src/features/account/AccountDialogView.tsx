/**
 * The Account Detail dialog as plain props (spec §2): name, email, version, profile image,
 * Upload Image and Close; and the user's language and calendar (issue 18).
 */
import { useRef } from "react";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { ProgressBar } from "@/components/ui/ProgressBar";
import { SelectField } from "@/components/ui/Select";
import { CALENDARS, LANGUAGES, type CalendarSystem, type Language } from "../../../domain/locale";
import { initials } from "../../../machines/accountDialog/imageFile";
import { formatPercent } from "@/components/format/numbers";
import { t, translateMessage } from "@/i18n/i18n";
import "@/features/account/accountDialog.css";

export interface AccountDialogViewProps {
  visible: boolean;
  name: string;
  email: string;
  version: string;
  /** URL of the profile image; "" when the user has none. */
  image: string;
  uploading: boolean;
  /** 0–100 while uploading. */
  progress: number;
  busy: boolean;
  error: string | null;
  canClose: boolean;
  onPick: (file: File) => void;
  onClose: () => void;
  /** The language and calendar shown (issue 18), and whether a change of them is under way. */
  language: Language;
  calendar: CalendarSystem;
  localeBusy: boolean;
  /** Why the last change of language or calendar did not fully apply (English; shown translated). */
  localeError: string | null;
  onLanguage: (language: Language) => void;
  onCalendar: (calendar: CalendarSystem) => void;
}

/** Each language by its own name, as language pickers do: a reader finds theirs whatever is shown. */
const LANGUAGE_NAME = { en: "common.locale.english", th: "common.locale.thai" } as const;
const CALENDAR_NAME = { gregorian: "common.locale.gregorian", buddhist: "common.locale.buddhist" } as const;

const ACCEPT = "image/png,image/jpeg,image/webp,image/gif";

export function AccountDialogView(p: AccountDialogViewProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <Dialog
      visible={p.visible}
      onHide={() => {
        if (p.canClose) p.onClose();
      }}
      header={t("common.account.title")}
      style={{ width: "500px", maxWidth: "calc(100vw - 16px)" }}
      closable={p.canClose}
      footer={
        <div className="dialog-actions">
          <Button type="button" label={t("common.account.uploadImage")} icon="pi pi-upload" onClick={() => fileInput.current?.click()} disabled={p.busy} />
          <Button type="button" label={t("common.action.close")} outlined onClick={p.onClose} disabled={!p.canClose} />
        </div>
      }
    >
      <div className="account-detail">
        {p.image !== "" ? (
          <img className="account-detail__image" src={p.image} alt={t("common.account.imageOf", { name: p.name })} width={96} height={96} />
        ) : (
          <div className="account-detail__placeholder" role="img" aria-label={t("common.account.noImage", { initials: initials(p.name) })}>
            {initials(p.name)}
          </div>
        )}
        <dl className="account-detail__fields">
          <dt>{t("common.account.name")}</dt>
          <dd>{p.name}</dd>
          <dt>{t("common.account.email")}</dt>
          <dd>{p.email}</dd>
          <dt>{t("common.account.version")}</dt>
          <dd>{p.version}</dd>
        </dl>
      </div>
      <fieldset className="account-detail__locale" aria-busy={p.localeBusy}>
        <legend>{t("common.locale.heading")}</legend>
        <SelectField
          label={t("common.locale.language")}
          value={p.language}
          options={LANGUAGES}
          optionLabel={(l) => t(LANGUAGE_NAME[l as Language])}
          onChange={(l) => p.onLanguage(l as Language)}
        />
        <SelectField
          label={t("common.locale.calendar")}
          value={p.calendar}
          options={CALENDARS}
          optionLabel={(c) => t(CALENDAR_NAME[c as CalendarSystem])}
          onChange={(c) => p.onCalendar(c as CalendarSystem)}
        />
        {p.localeError !== null && (
          <p className="form-error" role="alert">
            {translateMessage(p.localeError)}
          </p>
        )}
      </fieldset>
      <input
        ref={fileInput}
        type="file"
        accept={ACCEPT}
        hidden
        aria-label={t("common.account.imageFile")}
        onChange={(e) => {
          const file = e.target.files?.[0];
          // Reset, so picking the same file again still reports a change.
          e.target.value = "";
          if (file !== undefined) p.onPick(file);
        }}
      />
      {p.uploading && (
        <div className="account-detail__progress">
          <span id="upload-progress-label">{t("common.account.uploading", { percent: formatPercent(p.progress, 0) })}</span>
          <ProgressBar value={p.progress} showValue={false} aria-labelledby="upload-progress-label" role="progressbar" aria-valuenow={p.progress} aria-valuemin={0} aria-valuemax={100} />
        </div>
      )}
      {p.error !== null && (
        <p className="form-error" role="alert">
          {translateMessage(p.error)}
        </p>
      )}
    </Dialog>
  );
}
