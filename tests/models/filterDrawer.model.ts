/**
 * Model of the filter drawer machine (machines/filterDrawer): sample events, actor outputs and
 * errors for the generic runner (format: tests/models/README.md).
 */
import type { FilterTemplateRecord, Page } from "../../domain/entities";
import { filterDrawerMachine } from "../../machines/filterDrawer/filterDrawerMachine";
import { NO_VIEW } from "../../machines/filterDrawer/filterDraft";
import type { DrawerData } from "../../machines/filterDrawer/filterDrawerSetup";
import { defineModel } from "../support/machineModel";

const TITLE = "Bangkok big baskets";
const template: FilterTemplateRecord = {
  title: TITLE,
  basketSize: { min: 500, max: null },
  product: "",
  platform: "Shopee",
  location: "Bangkok and Vicinity",
  status: "",
  disabled: false,
  updated_at: "2024-03-01T10:00:00",
};
const lists = {
  pages: [{ id: "bag-1-p1", name: "Tipco Thailand" }, { id: "bag-2-p1", name: "@tipcothailand" }],
  bags: [{ _id: "bag-1", name: "Tipco Official", channel: "facebook" as const }, { _id: "bag-2", name: "Tipco TikTok", channel: "tiktok" as const }],
};
const withoutTemplates: DrawerData = { applied: NO_VIEW, lists, templates: [], templatesError: null };
const withTemplates: DrawerData = { applied: NO_VIEW, lists, templates: [template], templatesError: null };
/** The URL already has accounts chosen: the page list is narrowed as soon as the drawer opens. */
const withChosenBags: DrawerData = { applied: { ...NO_VIEW, bags: ["bag-2"] }, lists, templates: [template], templatesError: null };
const narrowed: readonly Page[] = [{ id: "bag-2-p1", name: "@tipcothailand" }];

const httpError = (status: number, message: string) => Object.assign(new Error(message), { status });

export default defineModel({
  machine: filterDrawerMachine,
  events: [
    { type: "drawer.open" },
    { type: "drawer.close" },
    { type: "drawer.retry" },
    { type: "tab.select", tab: "template" },
    { type: "tab.select", tab: "filter" },
    { type: "filter.pagesSelected", pages: ["bag-1-p1"] },
    { type: "filter.bagsSelected", bags: ["bag-2"] },
    { type: "filter.bagsSelected", bags: [] },
    { type: "filter.changed", patch: { min: 100, platform: "Lazada" } },
    { type: "filter.search" },
    { type: "create.open" },
    { type: "create.titleChanged", title: "" },
    { type: "create.titleChanged", title: TITLE },
    { type: "create.save" },
    { type: "create.cancel" },
    { type: "edit.open", title: TITLE },
    { type: "edit.changed", patch: { min: "12a.3.4" } },
    { type: "edit.save" },
    { type: "edit.cancel" },
    { type: "delete.open", title: TITLE },
    { type: "delete.confirm" },
    { type: "delete.cancel" },
  ],
  outputs: {
    loadDrawer: [withoutTemplates, withTemplates, withChosenBags],
    filterPages: [narrowed],
    saveTemplate: [template],
    deleteTemplate: [undefined],
  },
  errors: {
    loadDrawer: [httpError(401, "Your session has ended. Please sign in again.")],
    filterPages: [httpError(0, "The server could not be reached.")],
    saveTemplate: [httpError(400, "template.title: Expected a value with a length of at most 100")],
    deleteTemplate: [httpError(404, `title: no template titled "${TITLE}"`)],
  },
  // Guards read the template list (edit/delete of a known title) and the typed name (blank or not).
  serializeContext: (context) => ({
    templates: context.templates.length,
    named: context.createTitle.trim() !== "",
  }),
  maxPaths: 1500,
});
