import { Outlet, createRoute, redirect } from "@tanstack/react-router";
import type { AuthSnapshot } from "../../machines/auth/authMachine";
import { selectIsAuthenticated } from "../../machines/auth/authSelectors";
import { loadShellRules } from "@/app/shellRulesLoader";
import { settled } from "@/routes/authGuards";
import { rootRoute } from "@/routes/root";

/** Pathless layout of every page that needs a signed-in user. */
export const authenticatedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "authenticated",
  beforeLoad: async ({ context, location, preload }) => {
    const auth = await settled(context.auth);
    // The path the user is on or asked for: where a sign-in (or a new one after the
    // session lapses) takes them back to. A path a signed-in user may not open is not one.
    if (!preload && (await mayReturnTo(auth, location.pathname))) context.auth.send({ type: "auth.rememberPath", path: location.href });
    if (!selectIsAuthenticated(auth)) throw redirect({ to: "/" });
  },
  component: Outlet,
});

/** Signed out: any path (permissions are not known yet). Signed in: only a path the user may open. */
async function mayReturnTo(auth: AuthSnapshot, pathname: string): Promise<boolean> {
  if (!selectIsAuthenticated(auth)) return true;
  const { canOpenRoute } = await loadShellRules();
  return canOpenRoute(pathname, auth.context.user?.permissions ?? []);
}
