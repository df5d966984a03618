/**
 * The real side effects of the machines, provided once. Tests provide fakes the same way.
 */
import { fromPromise } from "xstate";
import type { CallName, LoginRequest, RefreshRequest, RequestOf, ResponseOf, Tokens } from "../../domain/api";
import type { UserData } from "../../domain/entities";
import type { Session } from "../../machines/auth/authSession";
import type { CallOptions } from "@/api/client";
import { guardedImport } from "@/app/chunkReload";
import * as sessionStore from "@/app/sessionStore";

/**
 * The API client (with the whole call table and its schemas), loaded with the first call: the
 * signed-out sign-in page does without it (issue 18, its JS budget).
 */
const loadClient = guardedImport(() => import("@/api/client"));
async function call<N extends CallName>(name: N, body: RequestOf<N>, options?: CallOptions): Promise<ResponseOf<N>> {
  return (await loadClient()).call(name, body, options);
}

/** `Api.getUser`'s path (domain/api.ts is not loaded yet when it is asked; a test keeps the two equal). */
export const USER_DATA_PATH = "/user/getdata";

export const authActors = {
  logIn: fromPromise<Tokens, LoginRequest>(async ({ input, signal }) =>
    (await call("login", input, { signal })).user.Tokens),

  refreshToken: fromPromise<Tokens, RefreshRequest>(async ({ input }) =>
    // No abort signal: once sent, the server rotates the token whether or not we listen, and
    // dropping the answer would leave us holding a dead refresh token.
    (await call("refresh", input)).user.Tokens),

  loadUser: fromPromise<UserData, { accessToken: string }>(async ({ input, signal }) => {
    // Asked at once, while the API client's chunk is still on its way (issue 19: no waterfall
    // before the first paint); the client decodes the answer.
    const response = fetch(USER_DATA_PATH, {
      headers: { Accept: "application/json", Authorization: `Bearer ${input.accessToken}` }, signal, credentials: "omit",
    });
    response.catch(() => undefined); // a failure is the call's to report, once it awaits the answer
    return (await call("getUser", {}, { accessToken: input.accessToken, signal, response })).user;
  }),

  logOut: fromPromise<void, { accessToken: string; refreshToken: string }>(async ({ input }) => {
    await call("logout", { refresh_token: input.refreshToken }, { accessToken: input.accessToken });
  }),

  readSession: fromPromise<Session | null, void>(async () => sessionStore.readSession()),
  writeSession: fromPromise<void, Session>(async ({ input }) => sessionStore.writeSession(input)),
  clearSession: fromPromise<void, void>(async () => sessionStore.clearSession()),
};
