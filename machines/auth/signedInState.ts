/**
 * `signedIn`: the user is loaded and the access token is kept fresh. The refresh is scheduled
 * from the token's own lifetime, and runs again on every return to `active`.
 */
import { authSetup, requireSession } from "./authSetup";

export const signedInState = authSetup.createStateConfig({
  tags: ["authenticated"],
  initial: "active",
  on: {
    "auth.signOut": { target: "signingOut" },
    "auth.profileImageChanged": { actions: { type: "setProfileImage", params: ({ event }) => event.url } },
  },
  states: {
    active: {
      description: "Persists the current session on every entry, so a reload resumes from the latest tokens.",
      invoke: {
        src: "writeSession",
        input: ({ context }) => requireSession(context),
        onError: {
          description: "Storage unavailable (private mode, quota): the session lives in memory only.",
        },
      },
      after: { tokenExpiring: { target: "refreshing" } },
      // Only from `active`: restarting a refresh in flight would resend a refresh token the
      // server may already have rotated, and that reuse revokes the whole session family.
      // Concurrent 401s share one refresh: while `refreshing` the event is not handled, and one
      // that arrives after the refresh carries the replaced token, which `isCurrentToken` refuses.
      on: {
        "auth.tokenExpired": {
          guard: { type: "isCurrentToken", params: ({ event }) => event.rejectedToken },
          target: "refreshing",
        },
      },
    },
    refreshing: {
      description: "One refresh at a time; every caller refused with 401 waits for it and retries.",
      initial: "checkingStore",
      states: {
        checkingStore: {
          description: "Another tab may have rotated the refresh token already; ours is then dead.",
          invoke: {
            src: "readSession",
            onDone: [
              {
                guard: { type: "hasNewerStoredSession", params: ({ event }) => event.output },
                target: "#auth.signedIn.active",
                actions: { type: "storeSession", params: ({ event }) => event.output! },
              },
              { target: "requesting" },
            ],
            onError: { target: "requesting" },
          },
        },
        requesting: {
          invoke: {
            src: "refreshToken",
            input: ({ context }) => ({ refresh_token: requireSession(context).tokens.refresh_token }),
            onDone: {
              target: "#auth.signedIn.active",
              actions: { type: "storeTokens", params: ({ event }) => event.output },
            },
            onError: { target: "#auth.clearingSession", actions: "reportSessionEnded" },
          },
        },
      },
    },
  },
});
