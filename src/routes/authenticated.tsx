import { Outlet, createRoute, redirect } from "@tanstack/react-router";
import { selectIsAuthenticated } from "../../machines/auth/authSelectors";
import { settled } from "@/routes/authGuards";
import { rootRoute } from "@/routes/root";

/** Pathless layout of every page that needs a signed-in user. */
export const authenticatedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "authenticated",
  beforeLoad: async ({ context, location, preload }) => {
    const auth = await settled(context.auth);
    // The path the user is on or asked for: where a sign-in (or a new one after the
    // session lapses) takes them back to.
    if (!preload) context.auth.send({ type: "auth.rememberPath", path: location.href });
    if (!selectIsAuthenticated(auth)) throw redirect({ to: "/" });
  },
  component: Outlet,
});
