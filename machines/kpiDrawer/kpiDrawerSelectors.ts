/** Named reads of the KPI Setting drawer snapshot for the UI (use `shallowEqual` for the object ones). */
import type { KpiDrawerSnapshot } from "./kpiDrawerMachine";

export const selectIsOpen = (s: KpiDrawerSnapshot) => s.matches("open");
export const selectIsLoading = (s: KpiDrawerSnapshot) => s.matches({ open: "loading" });
/** The list could not be read: the drawer shows this message and a retry. Null otherwise. */
export const selectUnavailable = (s: KpiDrawerSnapshot) => (s.matches({ open: "unavailable" }) ? (s.context.error ?? "") : null);
export const selectTemplates = (s: KpiDrawerSnapshot) => s.context.templates;

export interface DeleteDialogView {
  visible: boolean;
  title: string | null;
  deleting: boolean;
  /** Why the last delete failed, while the confirmation shows that failure. */
  error: string | null;
}

/** The confirmation 'Are you sure to delete this?'. */
export const selectDeleteDialog = (s: KpiDrawerSnapshot): DeleteDialogView => ({
  visible: s.matches({ open: { ready: "confirmingDelete" } }),
  title: s.context.deleteTitle,
  deleting: s.matches({ open: { ready: { confirmingDelete: "deleting" } } }),
  error: s.matches({ open: { ready: { confirmingDelete: "failed" } } }) ? s.context.error : null,
});
