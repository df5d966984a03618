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
    savedToast: (brand) => `Account added to ${brand.name}`,
    onSaved: (brand) => back(brand.id),
    onClose: () => back(brandId),
  });
  const { view } = editor;
  return (
    <section className="page admin-page" aria-labelledby="page-title">
      <header className="page-header">
        <h1 id="page-title">Add a social account</h1>
        <p className="muted">A brand's account (bag) on one of its channels, with the pages it holds.</p>
      </header>
      <div className="admin-card admin-formac">
        {view.loading && <p role="status">Loading the brands…</p>}
        {view.loadError !== null && (
          <div role="alert" className="form-error">
            The brands could not be loaded: {view.loadError} <Button type="button" label="Try again" text onClick={editor.retry} />
          </div>
        )}
        {!view.loading && view.loadError === null && view.open && (
          <AccountFormView view={view} onChange={editor.set} onSave={editor.save} onCancel={editor.close} saveLabel="Add account" />
        )}
      </div>
    </section>
  );
}
