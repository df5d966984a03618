/**
 * The route tree and the router. It sits above `src/app/` (which every feature may import) so
 * that no feature can reach the router singleton: features change the URL through hooks
 * (`useSetView`, `useSetPageSearch`) and read it through `useView` / `usePageSearch`.
 */
import { createRouter } from "@tanstack/react-router";
import { selectIsAuthenticated, selectIsBusy } from "../machines/auth/authSelectors";
import { authActor } from "@/app/auth";
import { t } from "@/i18n/i18n";
import { publishSearch } from "@/app/currentSearch";
import { authenticatedRoute } from "@/routes/authenticated";
import { bareRoute } from "@/routes/bare";
import { errorPermissionRoute } from "@/routes/errorPermission";
import { loginRoute } from "@/routes/login";
import { logoutRoute } from "@/routes/logout";
import { moduleRoutes } from "@/routes/modules";
import { rootRoute } from "@/routes/root";
import { shellRoute } from "@/routes/shell";
import { signInRoute } from "@/routes/signIn";

const routeTree = rootRoute.addChildren([
  bareRoute.addChildren([signInRoute, loginRoute, logoutRoute, errorPermissionRoute]),
  authenticatedRoute.addChildren([shellRoute.addChildren(moduleRoutes)]),
]);

/**
 * Makes the router (once, from src/main.tsx). Not at module scope: making it (its history, the
 * first location's match) was a third of the entry's evaluation, one task of 30-45 ms on the
 * 2-core machine; the entry makes it in the task after the one that starts the session check
 * (issue 19).
 */
export function createAppRouter() {
  const router = createRouter({
    routeTree,
    context: { auth: authActor },
    defaultPendingComponent: () => (
      <p className="pending" role="status">
        {t("common.page.loading")}
      </p>
    ),
    // No preloading on hover: a chunk that fails to load would then reload the page under the
    // pointer (the chunk-reload guard cannot tell a preload from a navigation).
  });
  // Code outside components (app-wide actors) reads the applied view from here, not from the router.
  publishSearch(router.state.location.search as Record<string, unknown>);
  router.subscribe("onBeforeNavigate", ({ toLocation }) => publishSearch(toLocation.search as Record<string, unknown>));
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module "@tanstack/react-router" {
  interface Register {
    router: AppRouter;
  }
}

/**
 * Guards decide where a user may be; when the signed-in state changes (sign-in done, session
 * lapsed, signed out elsewhere) they run again, which moves the user on.
 */
export function rerunGuardsOnAuthChange(router: AppRouter): void {
  // The first decision is awaited by the guards of the initial load already (it may have been
  // made before the router was: a page opened without a session).
  const first = authActor.getSnapshot();
  let signedIn: boolean | null = selectIsBusy(first) ? null : selectIsAuthenticated(first);
  authActor.subscribe((s) => {
    if (selectIsBusy(s)) return;
    const now = selectIsAuthenticated(s);
    if (signedIn !== null && now !== signedIn) void router.invalidate();
    signedIn = now;
  });
}
