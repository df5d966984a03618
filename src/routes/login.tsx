import { createRoute, redirect } from "@tanstack/react-router";
import { selectIsAuthenticated } from "../../machines/auth/authSelectors";
import { HandOverFailedView } from "@/features/auth/HandOverFailedView";
import { guardedImport } from "@/app/chunkReload";
import { loadShellRules } from "@/app/shellRulesLoader";
import { afterSignIn, settled } from "@/routes/authGuards";
import { bareRoute } from "@/routes/bare";

/** SSO callback: tokens arrive in the fragment, then it continues like a sign-in. */
export const loginRoute = createRoute({
  getParentRoute: () => bareRoute,
  path: "/login",
  beforeLoad: async ({ context, location }) => {
    // Decoding the fragment needs the API's token schema: loaded only here, not with the sign-in page.
    const { parseHandOver } = await guardedImport(() => import("@/features/auth/handOver"))();
    const tokens = parseHandOver(location.hash);
    if (tokens === null) return;
    // Guards re-run when auth changes; hand the same tokens over only once.
    if (context.auth.getSnapshot().context.session?.tokens.access_token !== tokens.access_token) {
      context.auth.send({ type: "auth.tokensReceived", tokens });
    }
    const [auth] = await Promise.all([settled(context.auth), loadShellRules()]);
    // `replace` drops the token-bearing URL from the history.
    throw selectIsAuthenticated(auth)
      ? redirect({ href: afterSignIn(auth), replace: true })
      : redirect({ to: "/", replace: true });
  },
  component: HandOverFailedView,
});
