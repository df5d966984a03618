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

/** The search params only /o2o reads. */
export const O2O_ONLY_SEARCH_KEYS = ["tab", "from", "to", "campaign"] as const;

/**
 * The search params that travel with a side-menu link: the applied view goes along; the o2o
 * tab, range and campaign stay behind unless the link is to /o2o itself.
 */
export function searchForModule<T extends Record<string, unknown>>(path: string, current: T): T {
  if (path === "/o2o") return current;
  const next: Record<string, unknown> = { ...current };
  for (const key of O2O_ONLY_SEARCH_KEYS) delete next[key];
  return next as T;
}
