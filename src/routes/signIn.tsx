import { createRoute, redirect } from "@tanstack/react-router";
import { useSelector } from "@xstate/react";
import { selectCanSignIn, selectError, selectIsAuthenticated, selectIsSigningIn } from "../../machines/auth/authSelectors";
import { SignInView } from "@/features/auth/SignInView";
import { afterSignIn, settled } from "@/routes/authGuards";
import { rootRoute } from "@/routes/root";

export const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/",
  beforeLoad: async ({ context }) => {
    const auth = await settled(context.auth);
    // Also the way out after a successful sign-in: the app re-runs guards when auth changes.
    if (selectIsAuthenticated(auth)) throw redirect({ href: afterSignIn(auth), replace: true });
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
      onSignIn={(credentials) => auth.send({ type: "auth.signIn", credentials })}
    />
  );
}
