/**
 * The Account Detail dialog as plain props (spec §2): name, email, version, profile image,
 * Upload Image and Close.
 */
import { useRef } from "react";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { ProgressBar } from "@/components/ui/ProgressBar";
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
}

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
