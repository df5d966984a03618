/**
 * The routes of the web app (spec §2). The server uses them to answer an unknown path with
 * status 404 (the app still renders its 'This page could not be found' page); the router
 * defines the same paths.
 */
export const APP_ROUTES = [
  "/", "/login", "/logout", "/brandEx", "/cir", "/cir/$id", "/ma", "/ads", "/admin", "/campaign",
  "/e-commerce", "/crm", "/affiliate", "/o2o", "/report", "/sale", "/formAC", "/errorPermission",
] as const;
export type AppRoute = (typeof APP_ROUTES)[number];

const patterns = APP_ROUTES.map((r) => new RegExp(`^${r.replace(/\$[a-zA-Z]+/g, "[^/]+")}$`));

/** True when a pathname (with or without a trailing slash) is one of the app's routes. */
export function isAppRoute(pathname: string): boolean {
  const p = pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
  return patterns.some((re) => re.test(p));
}
