/**
 * Connects the KPI actors to each other and to the URL, the store of the applied view: the
 * URL's `kpi` param is synced into the selection machine, and what the machines decide (a
 * template selected or deselected, renamed or deleted) is written back as one navigation.
 */
import { useEffect } from "react";
import { kpiSearch } from "../../../machines/kpiSelection/selectedKpi";
import { invalidatePageData } from "@/app/pageData";
import { useSetView, useView } from "@/app/view";
import { kpiDialogActor, kpiDrawerActor, kpiSelectionActor } from "@/features/kpi/kpiActors";

export function useKpiBridge(): void {
  const { kpi } = useView();
  const setView = useSetView();

  useEffect(() => {
    kpiSelectionActor.send({ type: "selection.synced", title: kpi });
  }, [kpi]);

  useEffect(() => {
    const subscriptions = [
      kpiSelectionActor.on("selection.changed", (event) => setView(kpiSearch(event.title))),
      kpiDrawerActor.on("kpi.deleted", (event) => {
        kpiSelectionActor.send({ type: "kpi.removed", title: event.title });
        invalidatePageData();
      }),
      kpiDialogActor.on("kpi.saved", (event) => {
        kpiDrawerActor.send({ type: "list.reload" });
        // The page may measure this template (KPI progress on /brandEx): show its new plan.
        invalidatePageData();
        if (event.previousTitle !== null) {
          kpiSelectionActor.send({ type: "kpi.renamed", from: event.previousTitle, to: event.template.title });
        }
      }),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [setView]);
}
