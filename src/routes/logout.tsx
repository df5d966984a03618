import { createRoute, redirect } from "@tanstack/react-router";
import { waitFor } from "xstate";
import { settled } from "@/routes/authGuards";
import { bareRoute } from "@/routes/bare";

export const logoutRoute = createRoute({
  getParentRoute: () => bareRoute,
  path: "/logout",
  beforeLoad: async ({ context }) => {
    await settled(context.auth);
    // Ignored unless signed in, so re-running this guard is harmless.
    context.auth.send({ type: "auth.signOut" });
    await waitFor(context.auth, (s) => s.matches("signedOut"));
    throw redirect({ to: "/", replace: true });
  },
});
