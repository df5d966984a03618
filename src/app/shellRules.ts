/**
 * What the default layout's routes need from `domain/` before they can match: the search-param
 * validators (the shared view, and each module route's own params) and the permission rule.
 * Loaded lazily (see `shellRulesLoader.ts`): through `domain/viewSearch` they pull in luxon, which
 * the sign-in page must not pay for.
 */
export { canOpenRoute } from "../../domain/permissions";
export { validateRouteSearch, validateViewSearch } from "@/app/viewSearchParams";
