/**
 * The app-wide sign-in session: restore on start, sign in, keep the access token fresh, sign out.
 * Every call and every storage access is an actor provided by the app (or a test).
 */
import type { ActorRefFrom, SnapshotFrom } from "xstate";
import { authSetup, requireSession } from "./authSetup";
import { signedInState } from "./signedInState";

export const authMachine = authSetup.createMachine({
  id: "auth",
  context: ({ input }) => ({ session: null, user: null, error: null, returnTo: input.returnTo ?? null }),
  initial: "restoring",
  on: {
    "auth.rememberPath": { actions: { type: "rememberPath", params: ({ event }) => event.path } },
    "auth.tokensReceived": {
      target: ".loadingUser",
      actions: ["clearError", { type: "storeTokens", params: ({ event }) => event.tokens }],
    },
  },
  states: {
    restoring: {
      tags: ["busy"],
      description: "Resumes the session persisted by an earlier page load, if any.",
      invoke: {
        src: "readSession",
        onDone: [
          { guard: { type: "hasNoSession", params: ({ event }) => event.output }, target: "signedOut" },
          {
            guard: { type: "isSessionStale", params: ({ event }) => event.output },
            target: "loadingUser.renewing",
            actions: { type: "storeSession", params: ({ event }) => event.output! },
          },
          { target: "loadingUser", actions: { type: "storeSession", params: ({ event }) => event.output! } },
        ],
        onError: { target: "signedOut" },
      },
    },
    signedOut: {
      on: {
        "auth.signIn": { target: "signingIn", actions: "clearError" },
      },
    },
    signingIn: {
      tags: ["busy"],
      invoke: {
        src: "logIn",
        input: ({ event }) => {
          if (event.type !== "auth.signIn") throw new Error("auth: signingIn entered without credentials");
          return event.credentials;
        },
        onDone: { target: "loadingUser", actions: { type: "storeTokens", params: ({ event }) => event.output } },
        onError: { target: "signedOut", actions: { type: "reportSignInFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadingUser: {
      tags: ["busy"],
      description:
        "Loads the user with the session's access token. A token the server already refuses (it expired on the " +
        "server's clock before ours, or the server's signing key changed) is renewed once instead of ending the session.",
      initial: "fetching",
      states: {
        fetching: {
          invoke: {
            src: "loadUser",
            input: ({ context }) => ({ accessToken: requireSession(context).tokens.access_token }),
            onDone: { target: "#auth.signedIn", actions: { type: "storeUser", params: ({ event }) => event.output } },
            onError: [
              { guard: { type: "isUnauthorized", params: ({ event }: { event: { error: unknown } }) => event.error }, target: "renewing" },
              { target: "#auth.clearingSession", actions: { type: "reportUserLoadFailure", params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        renewing: {
          invoke: {
            src: "refreshToken",
            input: ({ context }) => ({ refresh_token: requireSession(context).tokens.refresh_token }),
            onDone: { target: "confirming", actions: { type: "storeTokens", params: ({ event }) => event.output } },
            onError: { target: "#auth.clearingSession", actions: "reportSessionEnded" },
          },
        },
        confirming: {
          description: "The user loaded with a just renewed token; a refusal now means the session is gone.",
          invoke: {
            src: "loadUser",
            input: ({ context }) => ({ accessToken: requireSession(context).tokens.access_token }),
            onDone: { target: "#auth.signedIn", actions: { type: "storeUser", params: ({ event }) => event.output } },
            onError: { target: "#auth.clearingSession", actions: { type: "reportUserLoadFailure", params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    signedIn: signedInState,
    signingOut: {
      tags: ["busy"],
      description: "Revokes the session on the server; signing out locally does not wait on its success.",
      entry: "forgetReturnTo",
      invoke: {
        src: "logOut",
        input: ({ context }) => {
          const { tokens } = requireSession(context);
          return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token };
        },
        onDone: { target: "clearingSession" },
        onError: { target: "clearingSession" },
      },
    },
    clearingSession: {
      tags: ["busy"],
      description: "Removes the persisted session. `returnTo` survives, so a new sign-in resumes where the old session ended.",
      entry: "forgetSession",
      invoke: {
        src: "clearSession",
        onDone: { target: "signedOut" },
        onError: { target: "signedOut" },
      },
    },
  },
});

export type AuthMachine = typeof authMachine;
export type AuthActorRef = ActorRefFrom<AuthMachine>;
export type AuthSnapshot = SnapshotFrom<AuthMachine>;
