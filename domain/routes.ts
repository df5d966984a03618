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

/**
 * The search params that travel with a side-menu link: the shared view (range, brand, channel,
 * pages, accounts, active filter, KPI template) always goes along; a module's own params (the
 * /o2o tab, range and campaign, the e-commerce channel, the CRM table) stay behind unless the
 * link is to the page shown now.
 */
export function searchForModule<T extends Record<string, unknown>>(
  path: string,
  currentPath: string,
  current: T,
  sharedKeys: readonly string[],
): Partial<T> {
  if (path === currentPath) return current;
  const next: Record<string, unknown> = {};
  for (const key of sharedKeys) if (current[key] !== undefined) next[key] = current[key];
  return next as Partial<T>;
}
