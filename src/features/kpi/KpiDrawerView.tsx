/**
 * The KPI Setting drawer as plain props (spec §2): '+ Create KPI', the user's KPI templates
 * (select, edit, delete) and the delete confirmation 'Are you sure to delete this?'.
 */
import { Button } from "@/components/ui/Button";
import { ProgressSpinner } from "@/components/ui/ProgressSpinner";
import type { KpiParamKey, KpiTemplateRecord } from "../../../domain/entities";
import { toAmountNumber, selectedParamsOf } from "../../../domain/kpi";
import { periodsRange } from "../../../domain/kpiPlan";
import { ConfirmDeleteDialog } from "@/components/ui/ConfirmDeleteDialog";
import { Drawer } from "@/components/ui/Drawer";
import { formatDay } from "@/components/format/dates";
import { formatBaht, paramLabel } from "@/features/kpi/kpiFormat";
import { t, translateMessage } from "@/i18n/i18n";
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

/** "Budget ฿50,000.00 · MA: Reach, Engagement · Ads: Impression (2026-01-01 to 2026-03-31)" */
export function describeKpiTemplate(template: KpiTemplateRecord): string {
  const budget = toAmountNumber(template.Budget);
  const names = (keys: readonly KpiParamKey[]) => keys.map((k) => paramLabel(k)).join(", ");
  const ma = selectedParamsOf(template.MA);
  const ads = selectedParamsOf(template.ADS);
  const range = periodsRange(template.ADS.setMonth);
  return [
    budget === null ? t("kpi.drawer.noBudget") : t("kpi.drawer.budget", { budget: formatBaht(budget) }),
    ma.length > 0 ? t("kpi.drawer.ma", { params: names(ma) }) : null,
    ads.length > 0
      ? range === null
        ? t("kpi.drawer.ads", { params: names(ads) })
        : t("kpi.drawer.adsRange", { params: names(ads), start: formatDay(range.start), end: formatDay(range.end) })
      : null,
  ]
    .filter((x): x is string => x !== null)
    .join(" · ");
}

export function KpiDrawerView(p: KpiDrawerViewProps) {
  return (
    <Drawer title={t("kpi.drawer.title")} visible={p.visible} onHide={p.onHide} className="kpi-drawer" suspendFocusTrap={p.suspendFocusTrap}>
      <div className="kpi-drawer__body">
        <Button type="button" label={t("kpi.drawer.create")} onClick={p.onCreate} disabled={p.loading || p.unavailable !== null} />
        {p.loading && (
          <div className="kpi-drawer__loading" role="status">
            <ProgressSpinner style={{ width: "2rem", height: "2rem" }} aria-hidden="true" />
            <span>{t("kpi.drawer.loading")}</span>
          </div>
        )}
        {p.unavailable !== null && (
          <div className="kpi-drawer__problem" role="alert">
            <p>{t("kpi.drawer.failed", { message: translateMessage(p.unavailable) })}</p>
            <Button type="button" label={t("kpi.drawer.retry")} onClick={p.onRetry} />
          </div>
        )}
        {!p.loading && p.unavailable === null && p.templates.length === 0 && (
          <div className="empty-state" role="status">
            <i className="pi pi-flag" aria-hidden="true" />
            <p className="empty-title">{t("kpi.drawer.empty")}</p>
            <p className="muted">{t("kpi.drawer.emptyHint")}</p>
          </div>
        )}
        {p.templates.length > 0 && (
          <ul className="kpi-list" aria-label={t("kpi.drawer.list")}>
            {p.templates.map((template) => {
              const selected = p.selectedTitle === template.title;
              return (
                <li key={template.title} className={selected ? "kpi-item kpi-item--selected" : "kpi-item"}>
                  <button
                    type="button"
                    className="kpi-item__select"
                    aria-pressed={selected}
                    aria-label={t("kpi.drawer.select", { title: template.title })}
                    onClick={() => p.onToggle(template.title)}
                  >
                    <i className={selected ? "pi pi-check-circle" : "pi pi-circle"} aria-hidden="true" />
                    <span className="kpi-item__text">
                      <span className="kpi-item__title">{template.title}</span>
                      <span className="kpi-item__summary">{describeKpiTemplate(template)}</span>
                      {selected && <span className="kpi-item__badge">{t("kpi.drawer.selected")}</span>}
                    </span>
                  </button>
                  <Button type="button" icon="pi pi-pencil" text rounded aria-label={t("kpi.drawer.edit", { title: template.title })} onClick={() => p.onEdit(template)} />
                  <Button type="button" icon="pi pi-trash" text rounded severity="danger" aria-label={t("kpi.drawer.delete", { title: template.title })} onClick={() => p.onDelete(template.title)} />
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
    <ConfirmDeleteDialog {...p} header={t("kpi.delete.header")} width={DELETE_WIDTH} failurePrefix={t("kpi.delete.failurePrefix")}>
      <p>{t("kpi.delete.confirm")}</p>
      <p className="muted">
        {t("kpi.delete.template")} <strong>{p.title}</strong>
      </p>
    </ConfirmDeleteDialog>
  );
}
