/**
 * Loads `shellRules.ts` on demand. The router validates search params synchronously while it
 * matches, so the rules must be in memory before a default-layout route is matched: `main.tsx`
 * awaits them before the first render of such a route, and the bare routes that lead into the
 * layout (sign-in, hand-over) await them before they redirect.
 */
import type { ROUTE_SEARCH, RouteWithSearch } from "../../domain/routeSearch";
import type { ViewSearch } from "../../domain/viewSearch";
import { guardedImport } from "@/app/chunkReload";
// Type-only: erased at build time, so the rules stay in their own chunk.
import type * as ShellRulesModule from "@/app/shellRules";

type ShellRules = typeof ShellRulesModule;

let rules: ShellRules | null = null;
let loading: Promise<ShellRules> | null = null;

export function loadShellRules(): Promise<ShellRules> {
  loading ??= guardedImport(() => import("@/app/shellRules"))().then(
    (loaded) => (rules = loaded),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * `validateSearch` of the default layout. Should the rules not be loaded yet (a path the
 * loaders above did not foresee), the params are dropped for this match rather than trusted
 * unchecked; the page then shows the remembered or default view.
 */
export function validateShellSearch(raw: Record<string, unknown>): ViewSearch {
  if (rules !== null) return rules.validateViewSearch(raw);
  void loadShellRules();
  return {};
}

/**
 * `validateSearch` of a module route with params of its own (`domain/routeSearch.ts`); like the
 * layout's, it drops the params while the rules are not loaded yet.
 */
export function validateRouteSearchOf<P extends RouteWithSearch>(path: P): (raw: Record<string, unknown>) => Partial<(typeof ROUTE_SEARCH)[P]["Type"]> {
  return (raw) => {
    if (rules !== null) return rules.validateRouteSearch(path, raw);
    void loadShellRules();
    return {};
  };
}

/** Paths that render without the default layout, so need no rules to start. */
const BARE_PATHS = new Set(["/", "/login", "/logout", "/errorPermission"]);

export function needsShellRules(pathname: string): boolean {
  return !BARE_PATHS.has(pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname);
}
