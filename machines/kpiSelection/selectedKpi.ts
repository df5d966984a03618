/**
 * Pure rules of the KPI template selection (spec §4): at most one template is selected;
 * selecting the selected one again deselects it.
 */
import type { ViewSearch } from "../../domain/viewSearch";

/** A title as the URL or the app hands it over: an empty one means none is selected. */
export function selectedTitle(title: string | null | undefined): string | null {
  return title === undefined || title === null || title === "" ? null : title;
}

/** The selection after template `title` was clicked. */
export function toggledTitle(current: string | null, title: string): string | null {
  return current === title ? null : title;
}

/** True when a rename moves the selected template to another title. */
export function isRenameOf(current: string | null, from: string, to: string): boolean {
  return current !== null && current === from && from !== to;
}

/** The URL search param that shows the selection (undefined removes it). */
export function kpiSearch(title: string | null): Pick<ViewSearch, "kpi"> {
  return { kpi: title ?? undefined };
}
