import { createRoute, redirect } from "@tanstack/react-router";
import { useSelector } from "@xstate/react";
import { selectCanSignIn, selectError, selectIsAuthenticated, selectIsSigningIn } from "../../machines/auth/authSelectors";
import { SignInView } from "@/features/auth/SignInView";
import { loadShellRules } from "@/app/shellRulesLoader";
import { afterSignIn, settled } from "@/routes/authGuards";
import { bareRoute } from "@/routes/bare";

export const signInRoute = createRoute({
  getParentRoute: () => bareRoute,
  path: "/",
  beforeLoad: async ({ context }) => {
    const auth = await settled(context.auth);
    // Also the way out after a successful sign-in: the app re-runs guards when auth changes.
    if (selectIsAuthenticated(auth)) {
      // The next page is in the default layout, whose route cannot match without these.
      await loadShellRules();
      throw redirect({ href: afterSignIn(auth), replace: true });
    }
  },
  component: SignInPage,
});

function SignInPage() {
  const { auth } = signInRoute.useRouteContext();
  const error = useSelector(auth, selectError);
  const busy = useSelector(auth, selectIsSigningIn);
  const canSubmit = useSelector(auth, selectCanSignIn);
  return (
    <SignInView
      error={error}
      busy={busy}
      canSubmit={canSubmit}
      onSignIn={(credentials) => {
        // Fetched while the sign-in request is in flight, not before: the page stays light.
        void loadShellRules();
        auth.send({ type: "auth.signIn", credentials });
      }}
    />
  );
}
