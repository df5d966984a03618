/**
 * The Template tab's dialogs as plain props: Create Template, Edit Filter and the delete
 * confirmation. Spec §9 lists dialog widths 500, 800, 550 without saying which is which beyond
 * Edit Filter (800): the small name-only Create Template dialog takes 500, the delete
 * confirmation 550.
 */
import { useRef } from "react";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { InputText } from "@/components/ui/InputText";
import { LOCATION_OPTIONS, PLATFORM_OPTIONS } from "../../../domain/viewSearch";
import { PRODUCT_MAX_LENGTH, STATUS_OPTIONS, type EditDraft, type EditValues, type Location, type Platform } from "../../../machines/filterDrawer/filterDraft";
import { ConfirmDeleteDialog } from "@/components/ui/ConfirmDeleteDialog";
import { SelectField } from "@/components/ui/Select";

const CREATE_WIDTH = 500;
const EDIT_WIDTH = 800;
const DELETE_WIDTH = 550;
// Narrow windows: a dialog never overflows the screen.
const dialogStyle = (width: number) => ({ width: `${width}px`, maxWidth: "calc(100vw - 16px)" });

export interface CreateTemplateDialogViewProps {
  visible: boolean;
  title: string;
  showRequired: boolean;
  saving: boolean;
  onTitle: (title: string) => void;
  onSave: () => void;
  onCancel: () => void;
}

export function CreateTemplateDialogView(p: CreateTemplateDialogViewProps) {
  const nameInput = useRef<HTMLInputElement>(null);
  return (
    <Dialog
      visible={p.visible}
      // The name is what there is to type: focus it, not the dialog's close button.
      onShow={() => nameInput.current?.focus()}
      onHide={() => {
        if (!p.saving) p.onCancel();
      }}
      header="Create Template"
      style={dialogStyle(CREATE_WIDTH)}
      closable={!p.saving}
      footer={
        <div className="dialog-actions">
          <Button type="button" label="Cancel" outlined onClick={p.onCancel} disabled={p.saving} />
          <Button type="submit" form="create-template-form" label="Save" loading={p.saving} />
        </div>
      }
    >
      <form
        id="create-template-form"
        className="field"
        onSubmit={(e) => {
          e.preventDefault();
          p.onSave();
        }}
      >
        <label htmlFor="create-template-name">Template name</label>
        <InputText
          ref={nameInput}
          id="create-template-name"
          value={p.title}
          onChange={(e) => p.onTitle(e.target.value)}
          invalid={p.showRequired}
          aria-invalid={p.showRequired}
          aria-describedby={p.showRequired ? "create-template-name-error" : undefined}
          disabled={p.saving}
        />
        {p.showRequired && (
          <small id="create-template-name-error" className="form-error">
            Field is required
          </small>
        )}
        <p className="muted">The template keeps the basket size, platform and location set in the Filter tab.</p>
      </form>
    </Dialog>
  );
}

export interface EditFilterDialogViewProps {
  visible: boolean;
  draft: EditDraft | null;
  saving: boolean;
  error: string | null;
  onChange: (patch: Partial<EditValues>) => void;
  onSave: () => void;
  onCancel: () => void;
}

export function EditFilterDialogView(p: EditFilterDialogViewProps) {
  const d = p.draft;
  return (
    <Dialog
      visible={p.visible && d !== null}
      onHide={() => {
        if (!p.saving) p.onCancel();
      }}
      header="Edit Filter"
      style={dialogStyle(EDIT_WIDTH)}
      closable={!p.saving}
      footer={
        <div className="dialog-actions">
          <Button type="button" label="Cancel" outlined onClick={p.onCancel} disabled={p.saving} />
          <Button type="submit" form="edit-filter-form" label="Save" loading={p.saving} />
        </div>
      }
    >
      {d !== null && (
        <form
          id="edit-filter-form"
          className="edit-filter-form"
          onSubmit={(e) => {
            e.preventDefault();
            p.onSave();
          }}
        >
          <p>
            Template: <strong>{d.original.title}</strong>
          </p>
          <div className="field-row">
            <div className="field">
              <label htmlFor="edit-min">Minimum basket size</label>
              {/* Text, not a number input: spec §5 wants digits and one decimal point only, sanitised as typed. */}
              <InputText id="edit-min" inputMode="decimal" value={d.min} onChange={(e) => p.onChange({ min: e.target.value })} disabled={p.saving} />
            </div>
            <div className="field">
              <label htmlFor="edit-max">Maximum basket size</label>
              <InputText id="edit-max" inputMode="decimal" value={d.max} onChange={(e) => p.onChange({ max: e.target.value })} disabled={p.saving} />
            </div>
          </div>
          <div className="field-row">
            <SelectField label="Platform" value={d.platform} options={PLATFORM_OPTIONS} onChange={(v) => p.onChange({ platform: v as Platform })} />
            <SelectField label="Location" value={d.location} options={LOCATION_OPTIONS} onChange={(v) => p.onChange({ location: v as Location })} />
          </div>
          <div className="field-row">
            <div className="field">
              <label htmlFor="edit-product">Product</label>
              <InputText
                id="edit-product"
                value={d.product}
                maxLength={PRODUCT_MAX_LENGTH}
                placeholder="All products"
                aria-describedby="edit-product-hint"
                onChange={(e) => p.onChange({ product: e.target.value })}
                disabled={p.saving}
              />
              <small id="edit-product-hint" className="muted">
                The exact product name, as in the orders (E-Commerce and CRM); empty for every product.
              </small>
            </div>
            <SelectField label="Status" value={d.status} options={STATUS_OPTIONS} onChange={(v) => p.onChange({ status: v })} />
          </div>
          {p.error !== null && (
            <p className="form-error" role="alert">
              {p.error}
            </p>
          )}
        </form>
      )}
    </Dialog>
  );
}

export interface DeleteTemplateDialogViewProps {
  visible: boolean;
  title: string | null;
  deleting: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

export function DeleteTemplateDialogView(p: DeleteTemplateDialogViewProps) {
  return (
    <ConfirmDeleteDialog {...p} header="Delete Template" width={DELETE_WIDTH} failurePrefix="The template was not deleted">
      <p>
        Are you sure to delete the template <strong>{p.title}</strong>?
      </p>
    </ConfirmDeleteDialog>
  );
}
