/** Named reads of the filter drawer snapshot for the UI (use `shallowEqual` for the object ones). */
import type { Page } from "../../domain/entities";
import { isBlankName } from "./filterDraft";
import type { DrawerTab } from "./filterDrawerSetup";
import type { FilterDrawerSnapshot } from "./filterDrawerMachine";

export const selectIsOpen = (s: FilterDrawerSnapshot) => s.matches("open");
export const selectIsLoading = (s: FilterDrawerSnapshot) => s.matches({ open: "loading" });
/** The drawer could not be prepared: it shows this message and a retry. */
export const selectUnavailable = (s: FilterDrawerSnapshot) => (s.matches({ open: "unavailable" }) ? (s.context.loadError ?? "") : null);

/** The tab shown; the dialogs sit over the Template tab. Null until the drawer is ready. */
export function selectTab(s: FilterDrawerSnapshot): DrawerTab | null {
  if (!s.matches({ open: "ready" })) return null;
  return s.matches({ open: { ready: { panel: "filter" } } }) ? "filter" : "template";
}

export const selectTemplates = (s: FilterDrawerSnapshot) => s.context.templates;
/** Why the template list could not be loaded, or null. */
export const selectTemplatesError = (s: FilterDrawerSnapshot) => s.context.loadError;
export const selectDraft = (s: FilterDrawerSnapshot) => s.context.draft;
export const selectBagOptions = (s: FilterDrawerSnapshot) => s.context.lists.bags;
/** Every page of the user while no account is chosen; else the pages of the chosen accounts. */
export const selectPageOptions = (s: FilterDrawerSnapshot): readonly Page[] => s.context.narrowedPages ?? s.context.lists.pages;
export const selectIsNarrowing = (s: FilterDrawerSnapshot) => s.matches({ open: { ready: { pageOptions: "narrowing" } } });
export const selectPagesError = (s: FilterDrawerSnapshot) => s.context.pagesError;
export const selectCanSearch = (s: FilterDrawerSnapshot) => s.can({ type: "filter.search" });
export const selectCanCreate = (s: FilterDrawerSnapshot) => s.can({ type: "create.open" });

export interface CreateDialogView {
  visible: boolean;
  title: string;
  /** 'Field is required' shows once a save was tried with an empty name, until a name is typed. */
  showRequired: boolean;
  saving: boolean;
}
export const selectCreateDialog = (s: FilterDrawerSnapshot): CreateDialogView => ({
  visible: s.matches({ open: { ready: { panel: "creating" } } }),
  title: s.context.createTitle,
  showRequired: s.context.createSubmitted && isBlankName(s.context.createTitle),
  saving: s.matches({ open: { ready: { panel: { creating: "saving" } } } }),
});

export const selectEditDialog = (s: FilterDrawerSnapshot) => ({
  visible: s.matches({ open: { ready: { panel: "editing" } } }),
  draft: s.context.edit,
  saving: s.matches({ open: { ready: { panel: { editing: "saving" } } } }),
  error: s.matches({ open: { ready: { panel: { editing: "failed" } } } }) ? s.context.dialogError : null,
});

export const selectDeleteDialog = (s: FilterDrawerSnapshot) => ({
  visible: s.matches({ open: { ready: { panel: "confirmingDelete" } } }),
  title: s.context.deleteTitle,
  deleting: s.matches({ open: { ready: { panel: { confirmingDelete: "deleting" } } } }),
  error: s.matches({ open: { ready: { panel: { confirmingDelete: "failed" } } } }) ? s.context.dialogError : null,
});
