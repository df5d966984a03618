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
import { Emphasis } from "@/components/ui/Emphasis";
import { locationLabel, platformLabel, statusLabel } from "@/features/filters/optionLabels";
import { t, translateMessage } from "@/i18n/i18n";

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
      header={t("common.filters.createTemplate")}
      style={dialogStyle(CREATE_WIDTH)}
      closable={!p.saving}
      footer={
        <div className="dialog-actions">
          <Button type="button" label={t("common.action.cancel")} outlined onClick={p.onCancel} disabled={p.saving} />
          <Button type="submit" form="create-template-form" label={t("common.action.save")} loading={p.saving} />
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
        <label htmlFor="create-template-name">{t("common.filters.templateName")}</label>
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
            {t("common.filters.required")}
          </small>
        )}
        <p className="muted">{t("common.filters.templateKeeps")}</p>
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
      header={t("common.filters.editFilter")}
      style={dialogStyle(EDIT_WIDTH)}
      closable={!p.saving}
      footer={
        <div className="dialog-actions">
          <Button type="button" label={t("common.action.cancel")} outlined onClick={p.onCancel} disabled={p.saving} />
          <Button type="submit" form="edit-filter-form" label={t("common.action.save")} loading={p.saving} />
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
            <Emphasis message={t("common.filters.templateOf", { title: Emphasis.SLOT })} value={d.original.title} />
          </p>
          <div className="field-row">
            <div className="field">
              <label htmlFor="edit-min">{t("common.filters.minBasket")}</label>
              {/* Text, not a number input: spec §5 wants digits and one decimal point only, sanitised as typed. */}
              <InputText id="edit-min" inputMode="decimal" value={d.min} onChange={(e) => p.onChange({ min: e.target.value })} disabled={p.saving} />
            </div>
            <div className="field">
              <label htmlFor="edit-max">{t("common.filters.maxBasket")}</label>
              <InputText id="edit-max" inputMode="decimal" value={d.max} onChange={(e) => p.onChange({ max: e.target.value })} disabled={p.saving} />
            </div>
          </div>
          <div className="field-row">
            <SelectField
              label={t("common.filters.platform")}
              value={d.platform}
              options={PLATFORM_OPTIONS}
              optionLabel={platformLabel}
              onChange={(v) => p.onChange({ platform: v as Platform })}
            />
            <SelectField
              label={t("common.filters.location")}
              value={d.location}
              options={LOCATION_OPTIONS}
              optionLabel={locationLabel}
              onChange={(v) => p.onChange({ location: v as Location })}
            />
          </div>
          <div className="field-row">
            <div className="field">
              <label htmlFor="edit-product">{t("common.filters.product")}</label>
              <InputText
                id="edit-product"
                value={d.product}
                maxLength={PRODUCT_MAX_LENGTH}
                placeholder={t("common.filters.allProducts")}
                aria-describedby="edit-product-hint"
                onChange={(e) => p.onChange({ product: e.target.value })}
                disabled={p.saving}
              />
              <small id="edit-product-hint" className="muted">
                {t("common.filters.productHint")}
              </small>
            </div>
            <SelectField
              label={t("common.filters.status")}
              value={d.status}
              options={STATUS_OPTIONS}
              optionLabel={statusLabel}
              onChange={(v) => p.onChange({ status: v })}
            />
          </div>
          {p.error !== null && (
            <p className="form-error" role="alert">
              {translateMessage(p.error)}
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
    <ConfirmDeleteDialog {...p} header={t("common.filters.deleteTemplate")} width={DELETE_WIDTH} failurePrefix={t("common.filters.notDeleted")}>
      <p>
        <Emphasis message={t("common.filters.deleteQuestion", { title: Emphasis.SLOT })} value={p.title ?? ""} />
      </p>
    </ConfirmDeleteDialog>
  );
}
