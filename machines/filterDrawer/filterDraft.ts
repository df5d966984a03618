/**
 * Pure rules of the filter drawer: the draft the Filter tab edits, how a draft becomes an ad-hoc
 * filter or a template, the Edit Filter dialog's text form, and the template list updates.
 * The chart (`filterDrawerMachine.ts`) only calls these.
 */
import { produce } from "immer";
import type { Bag, FilterTemplate, FilterTemplateRecord, Page } from "../../domain/entities";
import { ORDER_STATUSES, ORDER_STATUS_LABELS } from "../../domain/commerce";
import { templateStatus } from "../../domain/commerceFilter";
import { sanitizeNumericInput, toAmountNumber } from "../../domain/kpi";
import { LOCATION_OPTIONS, PLATFORM_OPTIONS, type AdHocFilter, type ResolvedView, type ViewSearch } from "../../domain/viewSearch";

export type Platform = (typeof PLATFORM_OPTIONS)[number];
export type Location = (typeof LOCATION_OPTIONS)[number];
export const ALL_PLATFORM: Platform = PLATFORM_OPTIONS[0];
export const ALL_LOCATION: Location = LOCATION_OPTIONS[0];
/** The Edit Filter dialog's status choices: all, or one order status by its label. */
export const ALL_STATUS = "All Status";
export const STATUS_OPTIONS: readonly string[] = [ALL_STATUS, ...ORDER_STATUSES.map((s) => ORDER_STATUS_LABELS[s])];
/** Longest product name a template keeps (the schema's bound). */
export const PRODUCT_MAX_LENGTH = 200;

/** The part of the applied view (URL) the drawer starts its draft from. */
export type AppliedView = Pick<ResolvedView, "pages" | "bags" | "active">;
export const NO_VIEW: AppliedView = { pages: [], bags: [], active: { kind: "none" } };

/** The applied pages, accounts and active filter of (validated) URL search params; as `resolveView` reads them. */
export function appliedFromSearch(search: ViewSearch): AppliedView {
  return {
    pages: search.pages ?? [],
    bags: search.bags ?? [],
    active: search.tpl
      ? { kind: "template", title: search.tpl }
      : search.adhoc
        ? { kind: "adhoc", filter: search.adhoc }
        : { kind: "none" },
  };
}

/** The user's pages and accounts (`listpage`, `listbag` of `/user/getdata`). */
export interface UserLists {
  readonly pages: readonly Page[];
  readonly bags: readonly Bag[];
}
export const NO_LISTS: UserLists = { pages: [], bags: [] };

/** What the Filter tab edits before Search applies it. */
export interface FilterDraft {
  readonly pages: readonly string[];
  readonly bags: readonly string[];
  readonly min: number | null;
  readonly max: number | null;
  readonly platform: Platform;
  readonly location: Location;
}
export type FilterValues = Pick<FilterDraft, "min" | "max" | "platform" | "location">;

export const EMPTY_DRAFT: FilterDraft = { pages: [], bags: [], min: null, max: null, platform: ALL_PLATFORM, location: ALL_LOCATION };

/** The draft a freshly opened drawer shows: the applied pages and accounts, and the ad-hoc filter if one is active. */
export function draftFromView(view: AppliedView): FilterDraft {
  const values = view.active.kind === "adhoc" ? view.active.filter : EMPTY_DRAFT;
  return {
    pages: view.pages,
    bags: view.bags,
    min: values.min,
    max: values.max,
    platform: values.platform,
    location: values.location,
  };
}

/** A basket-size bound as typed into a numeric input: negative numbers are raised to 0 (spec §5: minimum 0). */
function nonNegative(n: number | null): number | null {
  if (n === null || !Number.isFinite(n)) return null;
  return Math.max(0, n);
}

export function patchDraft(draft: FilterDraft, patch: Partial<FilterValues>): FilterDraft {
  return produce(draft, (d) => {
    if ("min" in patch) d.min = nonNegative(patch.min ?? null);
    if ("max" in patch) d.max = nonNegative(patch.max ?? null);
    if (patch.platform !== undefined) d.platform = patch.platform;
    if (patch.location !== undefined) d.location = patch.location;
  });
}

/** The unnamed filter Search makes active (spec §4). */
export function adHocFromDraft(draft: FilterDraft): AdHocFilter {
  return { min: draft.min, max: draft.max, platform: draft.platform, location: draft.location };
}

/** "All …" is stored as "" in a template (spec §3: empty strings mean all). */
const toStored = (value: string, all: string) => (value === all ? "" : value);
function fromStored<T extends string>(value: string, options: readonly T[]): T {
  return (options as readonly string[]).includes(value) ? (value as T) : options[0]!;
}

/** The template Create Template saves: the typed name and the Filter tab's current values. */
export function templateFromDraft(title: string, draft: FilterDraft): FilterTemplate {
  return {
    title: title.trim(),
    basketSize: { min: draft.min, max: draft.max },
    product: "",
    platform: toStored(draft.platform, ALL_PLATFORM),
    location: toStored(draft.location, ALL_LOCATION),
    status: "",
    disabled: false,
  };
}

/** True when a name is empty or only spaces: the Create Template dialog then says 'Field is required'. */
export function isBlankName(title: string): boolean {
  return title.trim().length === 0;
}

/**
 * The Edit Filter dialog's form: basket sizes as typed text (digits and one decimal point), the
 * product (an exact product name, empty for all) and the status (STATUS_OPTIONS).
 */
export interface EditDraft {
  readonly original: FilterTemplateRecord;
  readonly min: string;
  readonly max: string;
  readonly platform: Platform;
  readonly location: Location;
  readonly product: string;
  readonly status: string;
}
export type EditValues = Pick<EditDraft, "min" | "max" | "platform" | "location" | "product" | "status">;

const boundText = (n: number | null) => (n === null ? "" : String(n));

/** The status option of a stored status: its label, or All Status for an empty, "All…" or unknown one. */
export function statusOptionOf(stored: string): string {
  const status = templateStatus(stored);
  return status === "all" || status === null ? ALL_STATUS : ORDER_STATUS_LABELS[status];
}

/** The stored status of an option: "" for All Status, else the order status it labels. */
function storedStatusOf(option: string): string {
  return ORDER_STATUSES.find((s) => ORDER_STATUS_LABELS[s] === option) ?? "";
}

export function editDraftFromTemplate(template: FilterTemplateRecord): EditDraft {
  return {
    original: template,
    min: boundText(template.basketSize.min),
    max: boundText(template.basketSize.max),
    platform: fromStored(template.platform, PLATFORM_OPTIONS),
    location: fromStored(template.location, LOCATION_OPTIONS),
    product: template.product,
    status: statusOptionOf(template.status),
  };
}

/**
 * Applies what was typed; basket-size text keeps only digits and the first decimal point (spec
 * §5); the product keeps its first PRODUCT_MAX_LENGTH characters; a status not offered is ignored.
 */
export function patchEditDraft(draft: EditDraft, patch: Partial<EditValues>): EditDraft {
  return produce(draft, (d) => {
    if (patch.min !== undefined) d.min = sanitizeNumericInput(patch.min);
    if (patch.max !== undefined) d.max = sanitizeNumericInput(patch.max);
    if (patch.platform !== undefined) d.platform = patch.platform;
    if (patch.location !== undefined) d.location = patch.location;
    if (patch.product !== undefined) d.product = patch.product.slice(0, PRODUCT_MAX_LENGTH);
    if (patch.status !== undefined && STATUS_OPTIONS.includes(patch.status)) d.status = patch.status;
  });
}

/**
 * The template the Edit Filter dialog saves: the original with the edited filter values. The
 * product is saved without outer spaces; a status left as shown keeps the stored one as it was.
 */
export function templateFromEditDraft(draft: EditDraft): FilterTemplate {
  const { updated_at: _updatedAt, ...template } = draft.original;
  return {
    ...template,
    basketSize: { min: toAmountNumber(draft.min), max: toAmountNumber(draft.max) },
    platform: toStored(draft.platform, ALL_PLATFORM),
    location: toStored(draft.location, ALL_LOCATION),
    product: draft.product.trim(),
    status: draft.status === statusOptionOf(template.status) ? template.status : storedStatusOf(draft.status),
  };
}

/** The list after a save: the record replaces the one of the same title, or joins; sorted by title like the server's list. */
export function withTemplate(list: readonly FilterTemplateRecord[], record: FilterTemplateRecord): FilterTemplateRecord[] {
  return [...list.filter((t) => t.title !== record.title), record].sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : 0));
}

export function withoutTemplate(list: readonly FilterTemplateRecord[], title: string): FilterTemplateRecord[] {
  return list.filter((t) => t.title !== title);
}

export function findTemplate(list: readonly FilterTemplateRecord[], title: string): FilterTemplateRecord | undefined {
  return list.find((t) => t.title === title);
}

/** Pages the page select offers: every page of the user, or (once narrowed) those of the chosen accounts. */
export function keepOfferedPages(selected: readonly string[], offered: readonly Page[]): readonly string[] {
  const ids = new Set(offered.map((p) => p.id));
  const kept = selected.filter((id) => ids.has(id));
  return kept.length === selected.length ? selected : kept;
}

/** Spec §2, §9: the drawer is 420 px wide when the window is wider than 600 px, else 356 px. */
export function drawerWidth(windowWidth: number): 420 | 356 {
  return windowWidth > 600 ? 420 : 356;
}
