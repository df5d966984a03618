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
      initial: "reading",
      states: {
        reading: {
          invoke: {
            src: "readSession",
            onDone: [
              { guard: { type: "hasNoSession", params: ({ event }) => event.output }, target: "#auth.signedOut" },
              {
                guard: { type: "isSessionStale", params: ({ event }) => event.output },
                target: "renewing",
                actions: { type: "storeSession", params: ({ event }) => event.output! },
              },
              { target: "#auth.loadingUser", actions: { type: "storeSession", params: ({ event }) => event.output! } },
            ],
            onError: { target: "#auth.signedOut" },
          },
        },
        renewing: {
          invoke: {
            src: "refreshToken",
            input: ({ context }) => ({ refresh_token: requireSession(context).tokens.refresh_token }),
            onDone: { target: "#auth.loadingUser", actions: { type: "storeTokens", params: ({ event }) => event.output } },
            onError: { target: "#auth.clearingSession", actions: "reportSessionEnded" },
          },
        },
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
      invoke: {
        src: "loadUser",
        input: ({ context }) => ({ accessToken: requireSession(context).tokens.access_token }),
        onDone: { target: "signedIn", actions: { type: "storeUser", params: ({ event }) => event.output } },
        onError: { target: "clearingSession", actions: { type: "reportUserLoadFailure", params: ({ event }) => ({ error: event.error }) } },
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
