import { createRoute, lazyRouteComponent, redirect } from "@tanstack/react-router";
import { guardedImport } from "@/app/chunkReload";
import { loadShellRules, validateShellSearch } from "@/app/shellRulesLoader";
import { authenticatedRoute } from "@/routes/authenticated";
import { loadAppMessages } from "@/i18n/i18n";

/**
 * Pathless default layout of every module page: side menu, top bar, drawers and dialogs. Its
 * search params are the applied view, shared by every page below it. Its pages' messages are in
 * before any of them shows: in English they come with each page's chunks (docs/i18n.md), in
 * another language the catalogue's app bundle is loaded here.
 */
export const shellRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  id: "shell",
  validateSearch: validateShellSearch,
  beforeLoad: async ({ context, location }) => {
    // The module pages' messages in the user's language, if not English (the app bundle and the
    // English `.msg.` keys), come with the rules.
    const [{ canOpenRoute }] = await Promise.all([loadShellRules(), loadAppMessages()]);
    const permissions = context.auth.getSnapshot().context.user?.permissions ?? [];
    if (!canOpenRoute(location.pathname, permissions)) throw redirect({ to: "/errorPermission", replace: true });
  },
  // Loaded lazily: PrimeReact lives here, and the sign-in page must stay light.
  component: lazyRouteComponent(guardedImport(() => import("@/layouts/DefaultLayout")), "DefaultLayout"),
});
