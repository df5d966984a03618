/** Container of the KPI template dialog: the `kpiDialog` machine's snapshot in, its events out. */
import { shallowEqual, useSelector } from "@xstate/react";
import {
  selectError, selectForm, selectHeading, selectIsOpen, selectIsSaving, selectRfmTab, selectSelected, selectSubmitLabel, selectTab,
} from "../../../machines/kpiDialog/kpiDialogSelectors";
import { KpiDialogView, type KpiDialogHandlers } from "@/features/kpi/KpiDialogView";
import { kpiDialogActor as dialog } from "@/features/kpi/kpiActors";

// The handlers only send events to the app-wide actor: made once, so memoised rows do not re-render.
const handlers: KpiDialogHandlers = {
  onClose: () => dialog.send({ type: "dialog.close" }),
  onSubmit: () => dialog.send({ type: "form.submit" }),
  onTab: (tab) => dialog.send({ type: "tab.select", tab }),
  onRfmTab: (tab) => dialog.send({ type: "rfmTab.select", tab }),
  onTitle: (title) => dialog.send({ type: "form.titleChanged", title }),
  onBudget: (text) => dialog.send({ type: "form.budgetChanged", text }),
  onParams: (plan, params) => dialog.send({ type: "params.selected", plan, params }),
  onParam: (plan, param, field, text) => dialog.send({ type: "param.changed", plan, param, field, text }),
  onAdsRange: (start, end) => dialog.send({ type: "ads.rangeChanged", start, end }),
  onAdsRangeCleared: () => dialog.send({ type: "ads.rangeCleared" }),
  onPeriod: (index, text) => dialog.send({ type: "period.changed", index, text }),
  onRespread: () => dialog.send({ type: "periods.respread" }),
  onWeight: (name, text) => dialog.send({ type: "weight.changed", name, text }),
  onSegmentAdd: () => dialog.send({ type: "segment.added" }),
  onSegmentRemove: (index) => dialog.send({ type: "segment.removed", index }),
  onSegmentChange: (index, patch) => dialog.send({ type: "segment.changed", index, ...patch }),
  onSegmentBound: (index, setting, min, max) => dialog.send({ type: "segment.boundChanged", index, setting, min, max }),
};

export function KpiDialog() {
  const visible = useSelector(dialog, selectIsOpen);
  const heading = useSelector(dialog, selectHeading);
  const submitLabel = useSelector(dialog, selectSubmitLabel);
  const form = useSelector(dialog, selectForm);
  const selected = useSelector(dialog, selectSelected, shallowEqual);
  const tab = useSelector(dialog, selectTab);
  const rfmTab = useSelector(dialog, selectRfmTab);
  const saving = useSelector(dialog, selectIsSaving);
  const error = useSelector(dialog, selectError);
  return (
    <KpiDialogView
      {...handlers}
      visible={visible}
      heading={heading}
      submitLabel={submitLabel}
      form={visible ? form : null}
      selected={selected}
      tab={tab ?? "ma"}
      rfmTab={rfmTab ?? "rfm"}
      saving={saving}
      error={error}
    />
  );
}
