import { Drawer } from "@/components/ui/Drawer";

/** The KPI Setting drawer (spec §2). KPI planning itself arrives with the KPI issue. */
export function KpiDrawer({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  return (
    <Drawer title="KPI Setting" visible={visible} onHide={onHide} className="kpi-drawer">
      <div className="empty-state" role="status">
        <i className="pi pi-flag" aria-hidden="true" />
        <p className="empty-title">No KPI templates yet</p>
        <p className="muted">KPI planning arrives with the KPI issue.</p>
      </div>
    </Drawer>
  );
}
