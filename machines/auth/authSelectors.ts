/** Named reads of the auth snapshot, for `useSelector`, route guards and the API helpers. */
import type { AuthSnapshot } from "./authMachine";

// One shared empty list, so a selector returns the same value while nothing changed.
const EMPTY: readonly never[] = Object.freeze([]);

export const selectIsAuthenticated = (s: AuthSnapshot) => s.hasTag("authenticated");
/** True while the machine is deciding (restoring, signing in or out): guards wait for it. */
export const selectIsBusy = (s: AuthSnapshot) => s.hasTag("busy");
export const selectIsSigningIn = (s: AuthSnapshot) => s.matches("signingIn") || s.matches("loadingUser");
export const selectUserName = (s: AuthSnapshot) => s.context.user?.name ?? null;
export const selectError = (s: AuthSnapshot) => s.context.error;
export const selectReturnTo = (s: AuthSnapshot) => s.context.returnTo;
export const selectCanSignIn = (s: AuthSnapshot) =>
  s.can({ type: "auth.signIn", credentials: { email: "", password: "" } });
export const selectUser = (s: AuthSnapshot) => s.context.user;
export const selectPermissions = (s: AuthSnapshot) => s.context.user?.permissions ?? EMPTY;
/** How many o2o campaigns the user may read (0: no o2o access). */
export const selectO2oCampaignCount = (s: AuthSnapshot) => s.context.user?.listO2O.length ?? 0;
export const selectProfileImage = (s: AuthSnapshot) => s.context.user?.imgProfile ?? "";
/** The access token calls should carry now; null when there is no session. */
export const selectAccessToken = (s: AuthSnapshot) => s.context.session?.tokens.access_token ?? null;
/** Signed in, and not in the middle of a refresh: a call may go out with the current token. */
export const selectIsReadyForCalls = (s: AuthSnapshot) => s.matches({ signedIn: "active" });
