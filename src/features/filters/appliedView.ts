/**
 * The applied view (pages, accounts, active filter) as the URL shows it now, read from the
 * current location (`currentSearch`) when the drawer opens. Read at call time rather than from a component: the drawer's
 * view is mounted only once it is first wanted, after the click that opens it.
 */
import { appliedFromSearch, type AppliedView } from "../../../machines/filterDrawer/filterDraft";
import { currentSearch } from "@/app/currentSearch";
import { validateViewSearch } from "@/app/viewSearchParams";

export function readAppliedView(): AppliedView {
  return appliedFromSearch(validateViewSearch(currentSearch() as Record<string, unknown>));
}
