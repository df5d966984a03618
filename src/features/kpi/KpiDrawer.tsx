/**
 * Container of the KPI Setting drawer, its delete confirmation and the KPI template dialog: reads
 * the KPI machines through named selectors and sends their events. Rendered by the default
 * layout from the first press of the top bar's KPI button; each press bumps `openRequests`.
 */
import { useEffect } from "react";
import { shallowEqual, useSelector } from "@xstate/react";
import {
  selectDeleteDialog, selectIsLoading, selectIsOpen, selectTemplates, selectUnavailable,
} from "../../../machines/kpiDrawer/kpiDrawerSelectors";
import { selectIsOpen as selectDialogOpen } from "../../../machines/kpiDialog/kpiDialogSelectors";
import { selectSelectedTitle } from "../../../machines/kpiSelection/kpiSelectionSelectors";
import { KpiDialog } from "@/features/kpi/KpiDialog";
import { KpiDeleteDialogView, KpiDrawerView } from "@/features/kpi/KpiDrawerView";
import { kpiDialogActor as dialog, kpiDrawerActor as drawer, kpiSelectionActor as selection } from "@/features/kpi/kpiActors";
import { useKpiBridge } from "@/features/kpi/useKpiBridge";

/** The titles the drawer lists: the dialog refuses a new name among them (a create would replace that template). */
const titlesOf = (templates: readonly { title: string }[]) => templates.map((t) => t.title);

export function KpiDrawer({ openRequests }: { openRequests: number }) {
  useKpiBridge();
  useEffect(() => {
    if (openRequests > 0) drawer.send({ type: "drawer.open" });
  }, [openRequests]);

  const visible = useSelector(drawer, selectIsOpen);
  const loading = useSelector(drawer, selectIsLoading);
  const unavailable = useSelector(drawer, selectUnavailable);
  const templates = useSelector(drawer, selectTemplates);
  const remove = useSelector(drawer, selectDeleteDialog, shallowEqual);
  const selectedTitle = useSelector(selection, selectSelectedTitle);
  const dialogOpen = useSelector(dialog, selectDialogOpen);

  return (
    <>
      <KpiDrawerView
        visible={visible}
        suspendFocusTrap={dialogOpen || remove.visible}
        onHide={() => drawer.send({ type: "drawer.close" })}
        loading={loading}
        unavailable={unavailable}
        onRetry={() => drawer.send({ type: "drawer.retry" })}
        templates={templates}
        selectedTitle={selectedTitle}
        onCreate={() => dialog.send({ type: "kpi.create", takenTitles: titlesOf(templates) })}
        onToggle={(title) => selection.send({ type: "kpi.toggle", title })}
        onEdit={({ updated_at: _stored, ...template }) => dialog.send({ type: "kpi.edit", template, takenTitles: titlesOf(templates) })}
        onDelete={(title) => drawer.send({ type: "delete.open", title })}
      />
      <KpiDeleteDialogView
        {...remove}
        onConfirm={() => drawer.send({ type: "delete.confirm" })}
        onCancel={() => drawer.send({ type: "delete.cancel" })}
      />
      <KpiDialog />
    </>
  );
}
