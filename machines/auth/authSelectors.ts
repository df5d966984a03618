/** Named reads of the auth snapshot, for `useSelector` and for route guards. */
import type { AuthSnapshot } from "./authMachine";

export const selectIsAuthenticated = (s: AuthSnapshot) => s.hasTag("authenticated");
/** True while the machine is deciding (restoring, signing in or out): guards wait for it. */
export const selectIsBusy = (s: AuthSnapshot) => s.hasTag("busy");
export const selectIsSigningIn = (s: AuthSnapshot) => s.matches("signingIn") || s.matches("loadingUser");
export const selectUserName = (s: AuthSnapshot) => s.context.user?.name ?? null;
export const selectError = (s: AuthSnapshot) => s.context.error;
export const selectReturnTo = (s: AuthSnapshot) => s.context.returnTo;
export const selectCanSignIn = (s: AuthSnapshot) =>
  s.can({ type: "auth.signIn", credentials: { email: "", password: "" } });
