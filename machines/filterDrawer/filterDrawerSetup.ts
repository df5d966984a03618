/**
 * Types, actors, actions and guards of the filter drawer. The chart is in
 * `filterDrawerMachine.ts`; the Template tab's dialogs in `templateDialogsState.ts`.
 */
import { assign, emit, setup } from "xstate";
import type { FilterTemplate, FilterTemplateRecord, Page } from "../../domain/entities";
import type { AdHocFilter } from "../../domain/viewSearch";
import {
  EMPTY_DRAFT, NO_LISTS, adHocFromDraft, draftFromView, editDraftFromTemplate, findTemplate,
  isBlankName, keepOfferedPages, patchDraft, patchEditDraft, templateFromDraft, templateFromEditDraft, withTemplate,
  withoutTemplate, type AppliedView, type EditDraft, type EditValues, type FilterDraft, type FilterValues, type UserLists,
} from "./filterDraft";
import { failureMessage, notProvided } from "../shared/actorHelpers";

export type DrawerTab = "template" | "filter";

export interface FilterDrawerContext {
  /** The user's pages and accounts, read when the drawer opens. */
  lists: UserLists;
  templates: readonly FilterTemplateRecord[];
  /** The pages of the chosen accounts (`/user/filter-page`); null = no account chosen, so every page is offered. */
  narrowedPages: readonly Page[] | null;
  draft: FilterDraft;
  /** Why the template list or the narrowed page list could not be loaded; null when it was. */
  loadError: string | null;
  pagesError: string | null;
  /** The Create Template dialog: the typed name, and whether a save was tried (then an empty name says 'Field is required'). */
  createTitle: string;
  createSubmitted: boolean;
  edit: EditDraft | null;
  /** Title of the template the delete confirmation is about. */
  deleteTitle: string | null;
  /** Why the last save or delete inside a dialog failed. */
  dialogError: string | null;
}

/** What an opening drawer reads: the applied view (URL), the user's pages and accounts, and their templates. */
export interface DrawerData {
  applied: AppliedView;
  lists: UserLists;
  templates: readonly FilterTemplateRecord[];
  /** The templates could not be loaded: the drawer still opens (on Filter) and the Template tab says why. */
  templatesError: string | null;
}

export type FilterDrawerEvent =
  | { type: "drawer.open" }
  | { type: "drawer.close" }
  | { type: "drawer.retry" }
  | { type: "tab.select"; tab: DrawerTab }
  | { type: "filter.pagesSelected"; pages: readonly string[] }
  | { type: "filter.bagsSelected"; bags: readonly string[] }
  | { type: "filter.changed"; patch: Partial<FilterValues> }
  | { type: "filter.search" }
  | { type: "create.open" }
  | { type: "create.titleChanged"; title: string }
  | { type: "create.save" }
  | { type: "create.cancel" }
  | { type: "edit.open"; title: string }
  | { type: "edit.changed"; patch: Partial<EditValues> }
  | { type: "edit.save" }
  | { type: "edit.cancel" }
  | { type: "delete.open"; title: string }
  | { type: "delete.confirm" }
  | { type: "delete.cancel" };

/** What the drawer tells the app: the view to apply, a removed template, a message for the user. */
export type FilterDrawerEmitted =
  | { type: "filters.searched"; filter: AdHocFilter; pages: readonly string[]; bags: readonly string[] }
  | { type: "template.deleted"; title: string }
  /** A new template was saved (a link may name it). */
  | { type: "template.created"; title: string }
  /** A template's filter values were edited and saved (the page showing it active loads again). */
  | { type: "template.edited"; title: string }
  | { type: "toast.show"; severity: "success" | "error"; summary: string; detail?: string };

export type FilterDrawerTag = "busy";

export const filterDrawerSetup = setup({
  types: {
    context: {} as FilterDrawerContext,
    events: {} as FilterDrawerEvent,
    emitted: {} as FilterDrawerEmitted,
    tags: {} as FilterDrawerTag,
  },
  actors: {
    loadDrawer: notProvided<DrawerData, void>("loadDrawer"),
    filterPages: notProvided<readonly Page[], { bags: readonly string[] }>("filterPages"),
    saveTemplate: notProvided<FilterTemplateRecord, { template: FilterTemplate }>("saveTemplate"),
    deleteTemplate: notProvided<void, { title: string }>("deleteTemplate"),
  },
  actions: {
    startDrawer: assign((_, data: DrawerData) => ({
      lists: data.lists,
      templates: data.templates,
      loadError: data.templatesError,
      draft: draftFromView(data.applied),
      narrowedPages: null,
      pagesError: null,
    })),
    reportLoadFailure: assign({ loadError: (_, { error }: { error: unknown }) => failureMessage(error, "Templates could not be loaded.") }),
    selectPages: assign({ draft: ({ context }, pages: readonly string[]) => ({ ...context.draft, pages }) }),
    selectBags: assign({ draft: ({ context }, bags: readonly string[]) => ({ ...context.draft, bags }) }),
    offerAllPages: assign({ narrowedPages: null, pagesError: null }),
    storeNarrowedPages: assign(({ context }, pages: readonly Page[]) => ({
      narrowedPages: pages,
      pagesError: null,
      draft: { ...context.draft, pages: keepOfferedPages(context.draft.pages, pages) },
    })),
    reportPagesFailure: assign({
      pagesError: (_, { error }: { error: unknown }) => failureMessage(error, "The pages of the chosen accounts could not be loaded."),
    }),
    patchFilter: assign({ draft: ({ context }, patch: Partial<FilterValues>) => patchDraft(context.draft, patch) }),
    emitSearch: emit(({ context }) => ({
      type: "filters.searched" as const,
      filter: adHocFromDraft(context.draft),
      pages: context.draft.pages,
      bags: context.draft.bags,
    })),

    forgetCreate: assign({ createTitle: "", createSubmitted: false }),
    setCreateTitle: assign({ createTitle: (_, title: string) => title }),
    markCreateSubmitted: assign({ createSubmitted: true }),
    addTemplate: assign({ templates: ({ context }, record: FilterTemplateRecord) => withTemplate(context.templates, record) }),
    emitEdited: emit((_, title: string) => ({ type: "template.edited" as const, title })),
    emitCreated: emit((_, title: string) => ({ type: "template.created" as const, title })),
    notifySaved: emit((_, title: string) => ({ type: "toast.show" as const, severity: "success" as const, summary: "Template saved", detail: title })),
    notifyUpsertFailed: emit((_, { error }: { error: unknown }) => ({
      type: "toast.show" as const,
      severity: "error" as const,
      summary: "Upsert Fail!!",
      detail: failureMessage(error, "The template was not saved."),
    })),

    startEdit: assign({
      edit: ({ context }, title: string) => {
        const template = findTemplate(context.templates, title);
        return template === undefined ? null : editDraftFromTemplate(template);
      },
      dialogError: null,
    }),
    patchEdit: assign({ edit: ({ context }, patch: Partial<EditValues>) => (context.edit === null ? null : patchEditDraft(context.edit, patch)) }),
    forgetEdit: assign({ edit: null, dialogError: null }),

    startDelete: assign({ deleteTitle: (_, title: string) => title, dialogError: null }),
    removeDeletedTemplate: assign({
      templates: ({ context }) => (context.deleteTitle === null ? context.templates : withoutTemplate(context.templates, context.deleteTitle)),
    }),
    emitDeleted: emit(({ context }) => ({ type: "template.deleted" as const, title: context.deleteTitle ?? "" })),
    notifyDeleted: emit(({ context }) => ({
      type: "toast.show" as const,
      severity: "success" as const,
      summary: "Template deleted",
      detail: context.deleteTitle ?? "",
    })),
    forgetDelete: assign({ deleteTitle: null, dialogError: null }),

    reportDialogFailure: assign({ dialogError: (_, { error }: { error: unknown }) => failureMessage(error, "The request failed.") }),
    clearDialogError: assign({ dialogError: null }),
  },
  guards: {
    isTab: (_, { tab, wanted }: { tab: DrawerTab; wanted: DrawerTab }) => tab === wanted,
    hasTemplates: (_, data: DrawerData) => data.templates.length > 0,
    hasChosenBags: ({ context }) => context.draft.bags.length > 0,
    hasNoBags: (_, bags: readonly string[]) => bags.length === 0,
    isCreateNameBlank: ({ context }) => isBlankName(context.createTitle),
    isKnownTemplate: ({ context }, title: string) => findTemplate(context.templates, title) !== undefined,
  },
});

/** The template the Create Template dialog saves. */
export function createdTemplate(context: FilterDrawerContext): FilterTemplate {
  return templateFromDraft(context.createTitle, context.draft);
}

/** The template the Edit Filter dialog saves; a machine bug if the dialog has no draft. */
export function editedTemplate(context: FilterDrawerContext): FilterTemplate {
  if (context.edit === null) throw new Error("filterDrawer: saving an edit without a draft");
  return templateFromEditDraft(context.edit);
}

export function requireDeleteTitle(context: FilterDrawerContext): string {
  if (context.deleteTitle === null) throw new Error("filterDrawer: deleting without a title");
  return context.deleteTitle;
}

export const initialContext = (): FilterDrawerContext => ({
  lists: NO_LISTS,
  templates: [],
  narrowedPages: null,
  draft: EMPTY_DRAFT,
  loadError: null,
  pagesError: null,
  createTitle: "",
  createSubmitted: false,
  edit: null,
  deleteTitle: null,
  dialogError: null,
});
