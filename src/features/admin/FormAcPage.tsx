/**
 * Route `/formAC` (issue 17, permission 4): adds a social account (bag) with its pages to a brand.
 * Opened from a brand in Admin (`?b=<id>`), the brand is chosen already. The form is the account
 * editor chart (machines/admin/adminEditors) which reads the admin's brands first; Save goes back
 * to Admin's Brands tab on that brand with a toast, Cancel goes back without saving.
 */
import { useNavigate } from "@tanstack/react-router";
import type { FormAcSearch } from "../../../domain/routeSearch";
import { adminAccountEditorMachine } from "../../../machines/admin/adminEditors";
import { EMPTY_ACCOUNT_FORM, accountFormProblems } from "../../../machines/admin/adminForms";
import { usePageSearch } from "@/app/view";
import { Button } from "@/components/ui/Button";
import { AccountFormView } from "./AccountFormView";
import { accountEditorActors } from "./adminActors";
import { useEditorDialog } from "@/app/useEditorDialog";
import { t, translateMessage } from "@/i18n/i18n";
import "./admin.css";

export default function FormAcPage() {
  const search = usePageSearch<FormAcSearch>();
  const navigate = useNavigate();
  const brandId = typeof search.b === "number" ? search.b : null;
  const back = (b: number | null) => void navigate({ to: "/admin", search: { tab: "brands", ...(b === null ? {} : { b }) } as never });
  const editor = useEditorDialog({
    machine: adminAccountEditorMachine,
    actors: accountEditorActors,
    problems: accountFormProblems,
    visible: true,
    scope: brandId,
    id: null,
    form: () => EMPTY_ACCOUNT_FORM,
    savedToast: (brand) => t("admin.formAc.savedToast", { brand: brand.name }),
    onSaved: (brand) => back(brand.id),
    onClose: () => back(brandId),
  });
  const { view } = editor;
  return (
    <section className="page admin-page" aria-labelledby="page-title">
      <header className="page-header">
        <h1 id="page-title">{t("admin.formAc.title")}</h1>
        <p className="muted">{t("admin.formAc.intro")}</p>
      </header>
      <div className="admin-card admin-formac">
        {view.loading && <p role="status">{t("admin.loadingBrands")}</p>}
        {view.loadError !== null && (
          <div role="alert" className="form-error">
            {t("admin.brandsNotLoaded", { error: translateMessage(view.loadError) })} <Button type="button" label={t("admin.tryAgain")} text onClick={editor.retry} />
          </div>
        )}
        {!view.loading && view.loadError === null && view.open && (
          <AccountFormView view={view} onChange={editor.set} onSave={editor.save} onCancel={editor.close} saveLabel={t("admin.formAc.add")} />
        )}
      </div>
    </section>
  );
}
