import { createRoute, lazyRouteComponent, redirect } from "@tanstack/react-router";
import { guardedImport } from "@/app/chunkReload";
import { loadShellRules, validateShellSearch } from "@/app/shellRulesLoader";
import { authenticatedRoute } from "@/routes/authenticated";

/**
 * Pathless default layout of every module page: side menu, top bar, drawers and dialogs. Its
 * search params are the applied view, shared by every page below it.
 */
export const shellRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  id: "shell",
  validateSearch: validateShellSearch,
  beforeLoad: async ({ context, location }) => {
    const { canOpenRoute } = await loadShellRules();
    const permissions = context.auth.getSnapshot().context.user?.permissions ?? [];
    if (!canOpenRoute(location.pathname, permissions)) throw redirect({ to: "/errorPermission", replace: true });
  },
  // Loaded lazily: PrimeReact lives here, and the sign-in page must stay light.
  component: lazyRouteComponent(guardedImport(() => import("@/layouts/DefaultLayout")), "DefaultLayout"),
});
