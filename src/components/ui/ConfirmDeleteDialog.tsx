import type { ReactNode } from "react";
import "./locale";
import { Button } from "primereact/button";
import { Dialog } from "primereact/dialog";
import { t, translateMessage } from "@/i18n/i18n";

export interface ConfirmDeleteDialogProps {
  visible: boolean;
  /** The dialog's title and accessible name. */
  header: string;
  width: number;
  deleting: boolean;
  /** Why the last attempt failed; the Delete button then reads 'Try again'. */
  error: string | null;
  /** Says what was not deleted, before the error: "The template was not deleted". */
  failurePrefix: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The question. */
  children: ReactNode;
}

/**
 * A confirmation before deleting something: Cancel (focused first, so Enter does not delete)
 * and a red Delete. While the delete runs it cannot be closed; a failure is said in the dialog.
 */
export function ConfirmDeleteDialog(p: ConfirmDeleteDialogProps) {
  return (
    <Dialog
      visible={p.visible}
      onHide={() => {
        if (!p.deleting) p.onCancel();
      }}
      header={p.header}
      style={{ width: `${p.width}px`, maxWidth: "calc(100vw - 16px)" }}
      closable={!p.deleting}
      footer={
        <div className="dialog-actions">
          <Button type="button" label={t("common.action.cancel")} outlined onClick={p.onCancel} disabled={p.deleting} autoFocus />
          <Button type="button" label={p.error === null ? t("common.action.delete") : t("common.action.tryAgain")} severity="danger" onClick={p.onConfirm} loading={p.deleting} />
        </div>
      }
    >
      {p.children}
      {p.error !== null && (
        <p className="form-error" role="alert">
          {t("common.confirmDelete.failure", { what: p.failurePrefix, reason: translateMessage(p.error) })}
        </p>
      )}
    </Dialog>
  );
}
