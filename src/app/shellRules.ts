/**
 * What the default layout's route needs from `domain/` before it can match: the search-param
 * validator and the permission rule. Loaded lazily (see `shellRulesLoader.ts`): through
 * `domain/viewSearch` they pull in luxon, which the sign-in page must not pay for.
 */
export { canOpenRoute } from "../../domain/permissions";
export { validateViewSearch } from "@/app/viewSearchParams";
