/**
 * Pure rules of template activation (spec §4): at most one filter is active, a saved template
 * by title or an unnamed ad-hoc filter; switching the active template off clears it.
 */
import type { AdHocFilter, ResolvedView, ViewSearch } from "../../domain/viewSearch";

export type ActiveFilter = ResolvedView["active"];
export const NO_FILTER: ActiveFilter = { kind: "none" };

/** The filter active after the switch of template `title` is flipped. */
export function toggledFilter(active: ActiveFilter, title: string): ActiveFilter {
  return isActiveTemplate(active, title) ? NO_FILTER : { kind: "template", title };
}

export function isActiveTemplate(active: ActiveFilter, title: string): boolean {
  return active.kind === "template" && active.title === title;
}

export function adHoc(filter: AdHocFilter): ActiveFilter {
  return { kind: "adhoc", filter };
}

/** The URL search params that show `active` (undefined removes a param): `tpl` and `adhoc` exclude each other. */
export function activeSearch(active: ActiveFilter): Pick<ViewSearch, "tpl" | "adhoc"> {
  switch (active.kind) {
    case "template":
      return { tpl: active.title, adhoc: undefined };
    case "adhoc":
      return { tpl: undefined, adhoc: active.filter };
    case "none":
      return { tpl: undefined, adhoc: undefined };
  }
}
