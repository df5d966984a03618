/**
 * The KPI Setting drawer as plain props (spec §2): '+ Create KPI', the user's KPI templates
 * (select, edit, delete) and the delete confirmation 'Are you sure to delete this?'.
 */
import { Button } from "@/components/ui/Button";
import { ProgressSpinner } from "@/components/ui/ProgressSpinner";
import { SelectableKpiParams, type KpiTemplateRecord } from "../../../domain/entities";
import { toAmountNumber, selectedParamsOf } from "../../../domain/kpi";
import { periodsRange } from "../../../domain/kpiPlan";
import { ConfirmDeleteDialog } from "@/components/ui/ConfirmDeleteDialog";
import { Drawer } from "@/components/ui/Drawer";
import { formatBaht } from "@/features/kpi/kpiFormat";
import "@/features/kpi/kpi.css";

const DELETE_WIDTH = 500;

export interface KpiDrawerViewProps {
  visible: boolean;
  /** A dialog opened from the drawer is up: focus belongs to it. */
  suspendFocusTrap: boolean;
  onHide: () => void;
  loading: boolean;
  unavailable: string | null;
  onRetry: () => void;
  templates: readonly KpiTemplateRecord[];
  selectedTitle: string | null;
  onCreate: () => void;
  onToggle: (title: string) => void;
  onEdit: (template: KpiTemplateRecord) => void;
  onDelete: (title: string) => void;
}

const labelOf = new Map(SelectableKpiParams.map((p) => [p.key, p.label]));

/** "Budget ฿50,000.00 · MA: Reach, Engagement · Ads: Impression (Jan–Mar 2026)" */
export function describeKpiTemplate(t: KpiTemplateRecord): string {
  const budget = toAmountNumber(t.Budget);
  const names = (keys: readonly string[]) => keys.map((k) => labelOf.get(k as never) ?? k).join(", ");
  const ma = selectedParamsOf(t.MA);
  const ads = selectedParamsOf(t.ADS);
  const range = periodsRange(t.ADS.setMonth);
  return [
    budget === null ? "No budget set" : `Budget ${formatBaht(budget)}`,
    ma.length > 0 ? `MA: ${names(ma)}` : null,
    ads.length > 0 ? `Ads: ${names(ads)}${range === null ? "" : ` (${range.start} to ${range.end})`}` : null,
  ]
    .filter((x): x is string => x !== null)
    .join(" · ");
}

export function KpiDrawerView(p: KpiDrawerViewProps) {
  return (
    <Drawer title="KPI Setting" visible={p.visible} onHide={p.onHide} className="kpi-drawer" suspendFocusTrap={p.suspendFocusTrap}>
      <div className="kpi-drawer__body">
        <Button type="button" label="+ Create KPI" onClick={p.onCreate} disabled={p.loading || p.unavailable !== null} />
        {p.loading && (
          <div className="kpi-drawer__loading" role="status">
            <ProgressSpinner style={{ width: "2rem", height: "2rem" }} aria-hidden="true" />
            <span>Loading KPI templates…</span>
          </div>
        )}
        {p.unavailable !== null && (
          <div className="kpi-drawer__problem" role="alert">
            <p>The KPI templates could not be loaded: {p.unavailable}</p>
            <Button type="button" label="Try again" onClick={p.onRetry} />
          </div>
        )}
        {!p.loading && p.unavailable === null && p.templates.length === 0 && (
          <div className="empty-state" role="status">
            <i className="pi pi-flag" aria-hidden="true" />
            <p className="empty-title">No KPI templates yet</p>
            <p className="muted">Create one to plan budgets and targets for MA and Ads.</p>
          </div>
        )}
        {p.templates.length > 0 && (
          <ul className="kpi-list" aria-label="KPI templates">
            {p.templates.map((t) => {
              const selected = p.selectedTitle === t.title;
              return (
                <li key={t.title} className={selected ? "kpi-item kpi-item--selected" : "kpi-item"}>
                  <button
                    type="button"
                    className="kpi-item__select"
                    aria-pressed={selected}
                    aria-label={`Select ${t.title}`}
                    onClick={() => p.onToggle(t.title)}
                  >
                    <i className={selected ? "pi pi-check-circle" : "pi pi-circle"} aria-hidden="true" />
                    <span className="kpi-item__text">
                      <span className="kpi-item__title">{t.title}</span>
                      <span className="kpi-item__summary">{describeKpiTemplate(t)}</span>
                      {selected && <span className="kpi-item__badge">Selected</span>}
                    </span>
                  </button>
                  <Button type="button" icon="pi pi-pencil" text rounded aria-label={`Edit ${t.title}`} onClick={() => p.onEdit(t)} />
                  <Button type="button" icon="pi pi-trash" text rounded severity="danger" aria-label={`Delete ${t.title}`} onClick={() => p.onDelete(t.title)} />
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Drawer>
  );
}

export interface KpiDeleteDialogViewProps {
  visible: boolean;
  title: string | null;
  deleting: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Spec §2: the KPI delete confirmation says 'Are you sure to delete this?'. */
export function KpiDeleteDialogView(p: KpiDeleteDialogViewProps) {
  return (
    <ConfirmDeleteDialog {...p} header="Delete KPI Template" width={DELETE_WIDTH} failurePrefix="The KPI template was not deleted">
      <p>Are you sure to delete this?</p>
      <p className="muted">
        KPI template: <strong>{p.title}</strong>
      </p>
    </ConfirmDeleteDialog>
  );
}
