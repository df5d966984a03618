/**
 * Types, actors, actions, guards and delays of the auth machine. The chart itself is in
 * `authMachine.ts`; the `signedIn` branch in `signedInState.ts`.
 */
import { assign, setup } from "xstate";
import type { LoginRequest, RefreshRequest, Tokens } from "../../domain/api";
import type { UserData } from "../../domain/entities";
import {
  SESSION_ENDED, errorMessage, isStale, isUnauthorizedError, refreshDelay, safeReturnPath, sessionFailureMessage, sessionFromTokens, withProfileImage,
  type Session,
} from "./authSession";
import { notProvided } from "../shared/actorHelpers";

export interface AuthContext {
  session: Session | null;
  user: UserData | null;
  /** Sentence shown on the sign-in page; null when there is nothing to say. */
  error: string | null;
  /** Where to go after the next sign-in: the protected path the user was on or asked for. */
  returnTo: string | null;
}

export interface AuthInput {
  returnTo?: string | null;
}

export type AuthEvent =
  | { type: "auth.signIn"; credentials: LoginRequest }
  /** Tokens handed over by another sign-in flow (SSO callback `/login`). */
  | { type: "auth.tokensReceived"; tokens: Tokens }
  | { type: "auth.signOut" }
  /**
   * A call was refused with 401: refresh now rather than at the scheduled time. `rejectedToken`
   * is the access token the call carried; when it is no longer the current one, a refresh has
   * already replaced it and the caller only needs to retry, so the event is ignored.
   */
  | { type: "auth.tokenExpired"; rejectedToken?: string }
  /** The user's profile image changed (an upload), so every view of the user shows the new one. */
  | { type: "auth.profileImageChanged"; url: string }
  | { type: "auth.rememberPath"; path: string };

export type AuthTag = "authenticated" | "busy";

export const authSetup = setup({
  types: {
    input: {} as AuthInput,
    context: {} as AuthContext,
    events: {} as AuthEvent,
    tags: {} as AuthTag,
  },
  actors: {
    logIn: notProvided<Tokens, LoginRequest>("logIn"),
    refreshToken: notProvided<Tokens, RefreshRequest>("refreshToken"),
    loadUser: notProvided<UserData, { accessToken: string }>("loadUser"),
    logOut: notProvided<void, { accessToken: string; refreshToken: string }>("logOut"),
    readSession: notProvided<Session | null, void>("readSession"),
    writeSession: notProvided<void, Session>("writeSession"),
    clearSession: notProvided<void, void>("clearSession"),
  },
  actions: {
    storeTokens: assign({ session: (_, tokens: Tokens) => sessionFromTokens(tokens, Date.now()) }),
    storeSession: assign({ session: (_, session: Session) => session }),
    storeUser: assign({ user: (_, user: UserData) => user }),
    setProfileImage: assign({ user: ({ context }, url: string) => withProfileImage(context.user, url) }),
    forgetSession: assign({ session: null, user: null }),
    forgetReturnTo: assign({ returnTo: null }),
    rememberPath: assign({ returnTo: ({ context }, path: string) => safeReturnPath(path) ?? context.returnTo }),
    clearError: assign({ error: null }),
    reportSignInFailure: assign({ error: (_, { error }: { error: unknown }) => errorMessage(error, "Sign-in failed. Please try again.") }),
    reportUserLoadFailure: assign({ error: (_, { error }: { error: unknown }) => sessionFailureMessage(error) }),
    reportSessionEnded: assign({ error: SESSION_ENDED }),
  },
  guards: {
    /** The 401 came with the token we still hold; one carrying an older token needs no new refresh. */
    isCurrentToken: ({ context }, rejectedToken: string | undefined) =>
      rejectedToken === undefined || rejectedToken === context.session?.tokens.access_token,
    hasNoSession: (_, session: Session | null) => session === null,
    /** The server refused the access token (401): a refresh may still save the session. */
    isUnauthorized: (_, error: unknown) => isUnauthorizedError(error),
    isSessionStale: (_, session: Session | null) => session !== null && isStale(session, Date.now()),
    /** Another tab already rotated the refresh token: reusing ours would revoke the family. */
    hasNewerStoredSession: ({ context }, stored: Session | null) =>
      stored !== null &&
      stored.tokens.refresh_token !== context.session?.tokens.refresh_token &&
      !isStale(stored, Date.now()),
  },
  delays: {
    tokenExpiring: ({ context }) => (context.session === null ? 0 : refreshDelay(context.session, Date.now())),
  },
});

/** The session of a state that is known to hold one; a machine bug if it does not. */
export function requireSession(context: AuthContext): Session {
  if (context.session === null) throw new Error("auth: no session in a state that needs one");
  return context.session;
}
