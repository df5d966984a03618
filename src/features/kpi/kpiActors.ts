/**
 * The app-wide KPI actors: the KPI Setting drawer, the KPI template dialog and the selection of
 * a KPI template. Created once, when the drawer's chunk first loads (the top bar's KPI button);
 * their messages for the user become toasts here, their URL changes are applied by
 * `useKpiBridge`.
 */
import { createActor, fromPromise } from "xstate";
import type { UpsertKpiTemplateRequest } from "../../../domain/api";
import type { KpiTemplateRecord } from "../../../domain/entities";
import { kpiDialogMachine } from "../../../machines/kpiDialog/kpiDialogMachine";
import { kpiDrawerMachine } from "../../../machines/kpiDrawer/kpiDrawerMachine";
import { kpiSelectionMachine } from "../../../machines/kpiSelection/kpiSelectionMachine";
import { authedCall } from "@/app/api";
import { appInspect } from "@/app/inspect";
import { currentSearch } from "@/app/currentSearch";
import { validateViewSearch } from "@/app/viewSearchParams";
import { showToast, type ToastMessage } from "@/app/toast";

const toast = ({ severity, summary, detail }: ToastMessage) => showToast(detail === undefined ? { severity, summary } : { severity, summary, detail });

export const kpiDrawerActor = createActor(
  kpiDrawerMachine.provide({
    actors: {
      loadKpiTemplates: fromPromise<readonly KpiTemplateRecord[], void>(async ({ signal }) =>
        (await authedCall("getKpiTemplates", {}, { signal })).data),
      deleteKpiTemplate: fromPromise<void, { title: string }>(async ({ input }) => {
        await authedCall("deleteKpiTemplate", { title: input.title });
      }),
    },
  }),
  { inspect: appInspect },
);
kpiDrawerActor.on("toast.show", toast);
kpiDrawerActor.start();

export const kpiDialogActor = createActor(
  kpiDialogMachine.provide({
    actors: {
      // No abort signal: once sent, the server saves whether or not we listen.
      saveKpiTemplate: fromPromise<KpiTemplateRecord, UpsertKpiTemplateRequest>(async ({ input }) =>
        (await authedCall("upsertKpiTemplate", input)).data),
    },
  }),
  { inspect: appInspect },
);
kpiDialogActor.on("toast.show", toast);
kpiDialogActor.start();

/** The `kpi` search param as the router reads it now; `useKpiBridge` keeps the machine in step from then on. */
function kpiInUrl(): string | null {
  return validateViewSearch(currentSearch() as Record<string, unknown>).kpi ?? null;
}

export const kpiSelectionActor = createActor(kpiSelectionMachine, { input: { title: kpiInUrl() }, inspect: appInspect });
kpiSelectionActor.start();
