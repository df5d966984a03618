/** Edit account (issue 17): the account's name and pages (a page left out is removed with its data). */
import { useMemo } from "react";
import type { AdminAccount, AdminBrand } from "../../../domain/adminContract";
import { adminAccountEditorMachine } from "../../../machines/admin/adminEditors";
import { EMPTY_ACCOUNT_FORM, accountFormOf, accountFormProblems } from "../../../machines/admin/adminForms";
import { Dialog } from "@/components/ui/Dialog";
import { AccountFormView } from "./AccountFormView";
import { accountEditActors } from "./adminActors";
import { useEditorDialog } from "@/app/useEditorDialog";
import { t } from "@/i18n/i18n";

export interface AccountDialogProps {
  brand: AdminBrand | null;
  account: AdminAccount | null;
  onClose: () => void;
  onSaved: (brand: AdminBrand) => void;
}

export function AccountDialog({ brand, account, onClose, onSaved }: AccountDialogProps) {
  const actors = useMemo(() => accountEditActors(brand === null ? [] : [brand]), [brand]);
  const editor = useEditorDialog({
    machine: adminAccountEditorMachine,
    actors,
    problems: accountFormProblems,
    visible: brand !== null && account !== null,
    scope: brand?.id ?? null,
    id: null,
    form: () => (brand !== null && account !== null ? accountFormOf(brand, account) : EMPTY_ACCOUNT_FORM),
    savedToast: () => t("admin.account.savedToast", { name: account?.name ?? "" }),
    onSaved,
    onClose,
  });
  const { view } = editor;
  return (
    <Dialog
      visible={view.open}
      onHide={editor.close}
      header={t("admin.account.editTitle", { name: account?.name ?? "" })}
      style={{ width: "600px", maxWidth: "calc(100vw - 16px)" }}
      closable={!view.saving}
    >
      {!view.loading && <AccountFormView view={view} onChange={editor.set} onSave={editor.save} onCancel={editor.close} saveLabel={t("admin.account.save")} />}
    </Dialog>
  );
}
