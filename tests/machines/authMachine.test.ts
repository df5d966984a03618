import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, type AnyActorRef } from "xstate";
import type { LoginRequest, RefreshRequest, Tokens } from "../../domain/api";
import type { UserData } from "../../domain/entities";
import { authMachine } from "../../machines/auth/authMachine";
import { sessionFromTokens, type Session } from "../../machines/auth/authSession";

const T0 = Date.UTC(2024, 0, 1);

const demoUser: UserData = {
  name: "Demo User",
  email: "demo@example.com",
  imgProfile: "",
  listpage: [],
  listbag: [],
  listO2O: [],
  tokenO2O: "",
  brand: ["Tipco"],
  remember_token: null,
  permissions: ["1"],
  brandSettings: [{ name: "Tipco", maLabel: "Facebook MA" }],
  accountTime: { template: [{ channel: "facebook", startYear: 2021 }, { channel: "tiktok", startYear: 2021 }] },
  language: "en",
  calendar: "gregorian",
};

let issued = 0;
const newTokens = (expires_in = 300): Tokens => {
  issued += 1;
  return { access_token: `access-${issued}`, refresh_token: `refresh-${issued}`, expires_in };
};

class HttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

interface Fakes {
  stored?: Session | null;
  logIn?: (credentials: LoginRequest) => Promise<Tokens>;
  refreshToken?: (request: RefreshRequest) => Promise<Tokens>;
  loadUser?: (accessToken: string) => Promise<UserData>;
  logOut?: () => Promise<void>;
}

/** The machine with in-memory fakes for every actor, recording what it was asked. */
function start(fakes: Fakes = {}, input: { returnTo?: string } = {}) {
  const storage = { session: fakes.stored ?? null };
  const calls = { logIn: [] as LoginRequest[], refreshToken: [] as string[], loadUser: [] as string[], logOut: [] as string[], clearSession: 0 };
  const machine = authMachine.provide({
    actors: {
      logIn: fromPromise<Tokens, LoginRequest>(({ input }) => {
        calls.logIn.push(input);
        return fakes.logIn ? fakes.logIn(input) : Promise.resolve(newTokens());
      }),
      refreshToken: fromPromise<Tokens, RefreshRequest>(({ input }) => {
        calls.refreshToken.push(input.refresh_token);
        return fakes.refreshToken ? fakes.refreshToken(input) : Promise.resolve(newTokens());
      }),
      loadUser: fromPromise<UserData, { accessToken: string }>(({ input }) => {
        calls.loadUser.push(input.accessToken);
        return fakes.loadUser ? fakes.loadUser(input.accessToken) : Promise.resolve(demoUser);
      }),
      logOut: fromPromise<void, { accessToken: string; refreshToken: string }>(({ input }) => {
        calls.logOut.push(input.refreshToken);
        return fakes.logOut ? fakes.logOut() : Promise.resolve();
      }),
      readSession: fromPromise<Session | null, void>(async () => storage.session),
      writeSession: fromPromise<void, Session>(async ({ input }) => {
        storage.session = input;
      }),
      clearSession: fromPromise<void, void>(async () => {
        calls.clearSession += 1;
        storage.session = null;
      }),
    },
  });
  const actor = createActor(machine, { input });
  actor.start();
  return { actor, storage, calls };
}

/** Lets every pending promise settle without moving the clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);
const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

function statePath(actor: AnyActorRef): string {
  const walk = (value: unknown): string =>
    typeof value === "string"
      ? value
      : Object.entries(value as Record<string, unknown>).map(([k, v]) => `${k}.${walk(v)}`).join(",");
  return walk(actor.getSnapshot().value);
}

const expectToBeIn = (actor: AnyActorRef, path: string) => expect(statePath(actor)).toBe(path);

const credentials = { email: "demo@example.com", password: "demo1234" };

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  issued = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe("auth machine", () => {
  describe("signing in", () => {
    it("is signed out when nothing was persisted", async () => {
      const { actor } = start();
      expectToBeIn(actor, "restoring");
      await settle();
      expectToBeIn(actor, "signedOut");
      expect(actor.getSnapshot().hasTag("authenticated")).toBe(false);
    });

    it("signs in, loads the user and persists the session", async () => {
      const { actor, storage, calls } = start();
      await settle();
      actor.send({ type: "auth.signIn", credentials });
      expectToBeIn(actor, "signingIn");
      expect(actor.getSnapshot().hasTag("busy")).toBe(true);
      await settle();

      expectToBeIn(actor, "signedIn.active");
      expect(actor.getSnapshot().hasTag("authenticated")).toBe(true);
      expect(calls.logIn).toEqual([credentials]);
      expect(calls.loadUser).toEqual(["access-1"]);
      expect(actor.getSnapshot().context.user?.name).toBe("Demo User");
      expect(storage.session).toEqual({ tokens: newTokensLike(1), receivedAt: T0, expiresAt: T0 + 300_000 });
    });

    it("returns to signedOut with the server's message when the credentials are wrong", async () => {
      const { actor, storage } = start({ logIn: () => Promise.reject(new HttpError(401, "Wrong email or password.")) });
      await settle();
      actor.send({ type: "auth.signIn", credentials });
      await settle();

      expectToBeIn(actor, "signedOut");
      expect(actor.getSnapshot().context.error).toBe("Wrong email or password.");
      expect(storage.session).toBeNull();
    });

    it("clears the previous error when the user tries again", async () => {
      let attempt = 0;
      const { actor } = start({
        logIn: () => (++attempt === 1 ? Promise.reject(new Error("Too many attempts.")) : Promise.resolve(newTokens())),
      });
      await settle();
      actor.send({ type: "auth.signIn", credentials });
      await settle();
      actor.send({ type: "auth.signIn", credentials });
      expect(actor.getSnapshot().context.error).toBeNull();
      await settle();
      expectToBeIn(actor, "signedIn.active");
    });

    it("accepts tokens handed over by the SSO callback", async () => {
      const { actor, calls } = start();
      await settle();
      actor.send({ type: "auth.tokensReceived", tokens: { access_token: "sso-access", refresh_token: "sso-refresh", expires_in: 300 } });
      expectToBeIn(actor, "loadingUser.fetching");
      await settle();
      expectToBeIn(actor, "signedIn.active");
      expect(calls.loadUser).toEqual(["sso-access"]);
    });

    it.each([
      { error: new HttpError(401, "Authorization: a valid bearer access token is required"), shown: "Your session has ended. Please sign in again." },
      { error: new HttpError(0, "The server could not be reached."), shown: "The server could not be reached." },
    ])("signs out saying '$shown' when the user cannot be loaded", async ({ error, shown }) => {
      const { actor, storage } = start({ loadUser: () => Promise.reject(error) });
      await settle();
      actor.send({ type: "auth.signIn", credentials });
      await settle();
      expectToBeIn(actor, "signedOut");
      expect(actor.getSnapshot().context.error).toBe(shown);
      expect(storage.session).toBeNull();
    });
  });

  describe("restoring", () => {
    it("resumes a persisted session without signing in again", async () => {
      const stored = sessionFromTokens(newTokens(), T0 - 60_000);
      const { actor, calls } = start({ stored });
      await settle();
      expectToBeIn(actor, "signedIn.active");
      expect(calls.logIn).toEqual([]);
      expect(calls.refreshToken).toEqual([]);
      expect(calls.loadUser).toEqual(["access-1"]);
      expect(actor.getSnapshot().context.session).toEqual(stored);
    });

    it("refreshes a persisted session whose access token has expired before loading the user", async () => {
      const stored = sessionFromTokens(newTokens(), T0 - 600_000);
      const { actor, calls, storage } = start({ stored });
      await settle();
      expectToBeIn(actor, "signedIn.active");
      expect(calls.refreshToken).toEqual(["refresh-1"]);
      expect(calls.loadUser).toEqual(["access-2"]);
      expect(storage.session?.tokens.refresh_token).toBe("refresh-2");
    });

    it("is signed out with an error when the persisted refresh token is refused", async () => {
      const stored = sessionFromTokens(newTokens(), T0 - 600_000);
      const { actor, storage } = start({ stored, refreshToken: () => Promise.reject(new HttpError(401, "Invalid token.")) });
      await settle();
      expectToBeIn(actor, "signedOut");
      expect(actor.getSnapshot().context.error).toMatch(/session has ended/);
      expect(storage.session).toBeNull();
    });
  });

  describe("a stored access token the server refuses although it looks fresh", () => {
    // The server counts a token's lifetime in whole seconds from when it signed it, the app from
    // when the answer arrived: near the end the server refuses a token the app still holds valid,
    // and a server with a new signing key refuses them all. A reload then must not end the session.
    const refusedOnce = () => {
      const refused = new Set(["access-1"]);
      return (token: string) => (refused.has(token) ? Promise.reject(new HttpError(401, "Authorization: a valid bearer access token is required")) : Promise.resolve(demoUser));
    };

    it("renews the token once and loads the user with the new one", async () => {
      const stored = sessionFromTokens(newTokens(), T0 - 60_000);
      const { actor, calls, storage } = start({ stored, loadUser: refusedOnce() });
      await settle();
      expectToBeIn(actor, "signedIn.active");
      expect(calls.loadUser).toEqual(["access-1", "access-2"]);
      expect(calls.refreshToken).toEqual(["refresh-1"]);
      expect(storage.session?.tokens.refresh_token).toBe("refresh-2");
      expect(actor.getSnapshot().context.error).toBeNull();
    });

    it("ends the session when the renewed token is refused too, without renewing again", async () => {
      const stored = sessionFromTokens(newTokens(), T0 - 60_000);
      const { actor, calls, storage } = start({ stored, loadUser: () => Promise.reject(new HttpError(401, "Unauthorized")) });
      await settle();
      expectToBeIn(actor, "signedOut");
      expect(calls.refreshToken).toEqual(["refresh-1"]);
      expect(calls.loadUser).toEqual(["access-1", "access-2"]);
      expect(actor.getSnapshot().context.error).toBe("Your session has ended. Please sign in again.");
      expect(storage.session).toBeNull();
    });

    it("does not renew again after renewing a stale session on restore", async () => {
      const stored = sessionFromTokens(newTokens(), T0 - 600_000);
      const { actor, calls } = start({ stored, loadUser: () => Promise.reject(new HttpError(401, "Unauthorized")) });
      await settle();
      expectToBeIn(actor, "signedOut");
      expect(calls.refreshToken).toEqual(["refresh-1"]);
      expect(calls.loadUser).toEqual(["access-2"]);
    });

    it("ends the session when the refresh token is refused as well", async () => {
      const stored = sessionFromTokens(newTokens(), T0 - 60_000);
      const { actor, storage } = start({
        stored,
        loadUser: refusedOnce(),
        refreshToken: () => Promise.reject(new HttpError(401, "Refresh token was already used; the session has been revoked")),
      });
      await settle();
      expectToBeIn(actor, "signedOut");
      expect(actor.getSnapshot().context.error).toBe("Your session has ended. Please sign in again.");
      expect(storage.session).toBeNull();
    });

    it("does not renew for a failure that is not a refusal (no network)", async () => {
      const stored = sessionFromTokens(newTokens(), T0 - 60_000);
      const { actor, calls } = start({ stored, loadUser: () => Promise.reject(new HttpError(0, "The server could not be reached.")) });
      await settle();
      expectToBeIn(actor, "signedOut");
      expect(calls.refreshToken).toEqual([]);
      expect(actor.getSnapshot().context.error).toBe("The server could not be reached.");
    });
  });

  describe("keeping the token fresh", () => {
    it("refreshes at 80 % of the access token's lifetime and persists the rotated tokens", async () => {
      const { actor, calls, storage } = start();
      await settle();
      actor.send({ type: "auth.signIn", credentials });
      await settle();

      await advance(239_999);
      expect(calls.refreshToken).toEqual([]);
      await advance(1);
      expect(calls.refreshToken).toEqual(["refresh-1"]);
      expectToBeIn(actor, "signedIn.active");
      expect(actor.getSnapshot().hasTag("authenticated")).toBe(true);
      expect(storage.session?.tokens).toEqual(newTokensLike(2));
      expect(calls.loadUser).toEqual(["access-1"]);
    });

    it("schedules the next refresh from the new token, using the rotated refresh token", async () => {
      const { actor, calls } = start({ refreshToken: () => Promise.resolve(newTokens(6)) });
      await settle();
      actor.send({ type: "auth.signIn", credentials });
      await settle();
      await advance(240_000);
      expect(calls.refreshToken).toEqual(["refresh-1"]);
      await advance(4_800);
      expect(calls.refreshToken).toEqual(["refresh-1", "refresh-2"]);
    });

    it("stays authenticated while the refresh is in flight", async () => {
      let resolve: (tokens: Tokens) => void = () => {};
      const { actor } = start({ refreshToken: () => new Promise((r) => (resolve = r)) });
      await settle();
      actor.send({ type: "auth.signIn", credentials });
      await settle();
      actor.send({ type: "auth.tokenExpired" });
      await settle();
      expectToBeIn(actor, "signedIn.refreshing.requesting");
      expect(actor.getSnapshot().hasTag("authenticated")).toBe(true);
      resolve(newTokens());
      await settle();
      expectToBeIn(actor, "signedIn.active");
    });

    it("does not restart a refresh in flight when another call reports an expired token", async () => {
      const { actor, calls } = start({ refreshToken: () => new Promise<Tokens>(() => {}) });
      await settle();
      actor.send({ type: "auth.signIn", credentials });
      await settle();
      actor.send({ type: "auth.tokenExpired" });
      await settle();
      actor.send({ type: "auth.tokenExpired" });
      await settle();
      expect(calls.refreshToken).toEqual(["refresh-1"]);
    });

    it("adopts the session another tab already refreshed instead of reusing a dead refresh token", async () => {
      const { actor, calls, storage } = start();
      await settle();
      actor.send({ type: "auth.signIn", credentials });
      await settle();
      const fromOtherTab = sessionFromTokens({ access_token: "tab-access", refresh_token: "tab-refresh", expires_in: 300 }, T0 + 200_000);
      await advance(200_000);
      storage.session = fromOtherTab;
      await advance(40_000);

      expectToBeIn(actor, "signedIn.active");
      expect(calls.refreshToken).toEqual([]);
      expect(actor.getSnapshot().context.session).toEqual(fromOtherTab);
    });

    it("signs out with an error but keeps returnTo when the refresh fails", async () => {
      const { actor, storage } = start({ refreshToken: () => Promise.reject(new HttpError(401, "Invalid token.")) });
      await settle();
      actor.send({ type: "auth.signIn", credentials });
      await settle();
      actor.send({ type: "auth.rememberPath", path: "/brandEx?x=1" });
      await advance(240_000);

      expectToBeIn(actor, "signedOut");
      const { context } = actor.getSnapshot();
      expect(context.error).toBe("Your session has ended. Please sign in again.");
      expect(context.returnTo).toBe("/brandEx?x=1");
      expect(context.session).toBeNull();
      expect(context.user).toBeNull();
      expect(storage.session).toBeNull();
    });
  });

  describe("signing out", () => {
    it("revokes the session, clears persistence and forgets returnTo", async () => {
      const { actor, calls, storage } = start({}, { returnTo: "/brandEx" });
      await settle();
      actor.send({ type: "auth.signIn", credentials });
      await settle();
      actor.send({ type: "auth.signOut" });
      expectToBeIn(actor, "signingOut");
      await settle();

      expectToBeIn(actor, "signedOut");
      expect(calls.logOut).toEqual(["refresh-1"]);
      expect(calls.clearSession).toBe(1);
      expect(storage.session).toBeNull();
      expect(actor.getSnapshot().context).toEqual({ session: null, user: null, error: null, returnTo: null });
    });

    it("signs out locally even when the server cannot be reached", async () => {
      const { actor, storage } = start({ logOut: () => Promise.reject(new Error("Network down")) });
      await settle();
      actor.send({ type: "auth.signIn", credentials });
      await settle();
      actor.send({ type: "auth.signOut" });
      await settle();
      expectToBeIn(actor, "signedOut");
      expect(storage.session).toBeNull();
    });

    it("cancels the scheduled refresh", async () => {
      const { actor, calls } = start();
      await settle();
      actor.send({ type: "auth.signIn", credentials });
      await settle();
      actor.send({ type: "auth.signOut" });
      await settle();
      await advance(600_000);
      expect(calls.refreshToken).toEqual([]);
    });
  });

  describe("sharing one refresh between calls refused with 401", () => {
    it("refreshes once for several 401s carrying the same token", async () => {
      let resolve: (tokens: Tokens) => void = () => {};
      const { actor, calls } = start({ refreshToken: () => new Promise((r) => (resolve = r)) });
      await settle();
      actor.send({ type: "auth.signIn", credentials });
      await settle();
      for (let i = 0; i < 3; i++) actor.send({ type: "auth.tokenExpired", rejectedToken: "access-1" });
      await settle();
      expectToBeIn(actor, "signedIn.refreshing.requesting");
      resolve(newTokens());
      await settle();

      expectToBeIn(actor, "signedIn.active");
      expect(calls.refreshToken).toEqual(["refresh-1"]);
      expect(actor.getSnapshot().context.session?.tokens.access_token).toBe("access-2");
    });

    it("does not refresh again for a 401 that arrives after the refresh with the replaced token", async () => {
      const { actor, calls } = start();
      await settle();
      actor.send({ type: "auth.signIn", credentials });
      await settle();
      actor.send({ type: "auth.tokenExpired", rejectedToken: "access-1" });
      await settle();
      expect(calls.refreshToken).toEqual(["refresh-1"]);

      actor.send({ type: "auth.tokenExpired", rejectedToken: "access-1" });
      await settle();
      expectToBeIn(actor, "signedIn.active");
      expect(calls.refreshToken).toEqual(["refresh-1"]);
    });

    it("refreshes for a 401 on the current token", async () => {
      const { actor, calls } = start();
      await settle();
      actor.send({ type: "auth.signIn", credentials });
      await settle();
      actor.send({ type: "auth.tokenExpired", rejectedToken: "access-1" });
      await settle();
      actor.send({ type: "auth.tokenExpired", rejectedToken: "access-2" });
      await settle();
      expect(calls.refreshToken).toEqual(["refresh-1", "refresh-2"]);
    });
  });

  describe("profile image", () => {
    it("shows a newly uploaded profile image everywhere the user is read", async () => {
      const { actor } = start();
      await settle();
      actor.send({ type: "auth.signIn", credentials });
      await settle();
      actor.send({ type: "auth.profileImageChanged", url: "/uploads/abc.png" });
      expect(actor.getSnapshot().context.user?.imgProfile).toBe("/uploads/abc.png");
      expect(actor.getSnapshot().context.user?.name).toBe("Demo User");
    });

    it("ignores an image change when nobody is signed in", async () => {
      const { actor } = start();
      await settle();
      actor.send({ type: "auth.profileImageChanged", url: "/uploads/abc.png" });
      expect(actor.getSnapshot().context.user).toBeNull();
    });
  });

  describe("returnTo", () => {
    it("ignores paths that would leave the site", async () => {
      const { actor } = start();
      actor.send({ type: "auth.rememberPath", path: "/brandEx" });
      actor.send({ type: "auth.rememberPath", path: "//evil.example/" });
      expect(actor.getSnapshot().context.returnTo).toBe("/brandEx");
    });
  });
});

function newTokensLike(n: number): Tokens {
  return { access_token: `access-${n}`, refresh_token: `refresh-${n}`, expires_in: 300 };
}
