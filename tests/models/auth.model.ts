/**
 * Model of the auth machine (machines/auth): sample events, actor outputs and errors for the
 * generic runner (format: tests/models/README.md).
 */
import type { Tokens } from "../../domain/api";
import type { UserData } from "../../domain/entities";
import { authMachine } from "../../machines/auth/authMachine";
import type { Session } from "../../machines/auth/authSession";
import { defineModel } from "../support/machineModel";

const tokens: Tokens = { access_token: "access-new", refresh_token: "refresh-new", expires_in: 300 };

// Sessions relative to the time the model is loaded: a run takes seconds, the margins are hours.
const now = Date.now();
const HOUR = 3_600_000;
/** A stored session that is still usable (restore → loadingUser; during a refresh → adopted). */
const freshSession: Session = {
  tokens: { access_token: "access-stored", refresh_token: "refresh-stored", expires_in: 300 },
  receivedAt: now,
  expiresAt: now + 10 * HOUR,
};
/** A stored session whose access token has expired (restore → loadingUser.renewing). */
const staleSession: Session = {
  tokens: { access_token: "access-old", refresh_token: "refresh-old", expires_in: 300 },
  receivedAt: now - 2 * HOUR,
  expiresAt: now - HOUR,
};

const user: UserData = {
  name: "Demo User",
  email: "demo@example.com",
  imgProfile: "",
  listpage: [],
  listbag: [],
  listO2O: [],
  tokenO2O: "",
  brand: ["Tipco"],
  remember_token: null,
  permissions: ["1", "9"],
  brandSettings: [{ name: "Tipco", maLabel: "Facebook MA" }],
  accountTime: { template: [{ channel: "facebook", startYear: 2021 }, { channel: "tiktok", startYear: 2021 }] },
  language: "en",
  calendar: "gregorian",
};

const httpError = (status: number, message: string) => Object.assign(new Error(message), { status });

export default defineModel({
  machine: authMachine,
  input: {},
  events: [
    { type: "auth.signIn", credentials: { email: "demo@example.com", password: "demo1234" } },
    { type: "auth.tokensReceived", tokens },
    { type: "auth.signOut" },
    { type: "auth.tokenExpired" },
    // A 401 that carried an already replaced token: isCurrentToken refuses it, no transition.
    { type: "auth.tokenExpired", rejectedToken: "access-replaced" },
    { type: "auth.rememberPath", path: "/cir" },
    { type: "auth.profileImageChanged", url: "/uploads/avatar.png" },
  ],
  outputs: {
    // No session → signedOut; stale → loadingUser.renewing; fresh → loadingUser. While refreshing, a fresh
    // session with another refresh token is adopted, none means "send our own refresh".
    readSession: [null, staleSession, freshSession],
    refreshToken: [tokens],
    logIn: [tokens],
    loadUser: [user],
    logOut: [undefined],
    clearSession: [undefined],
    writeSession: [undefined],
  },
  errors: {
    logIn: [httpError(401, "Email or password is incorrect.")],
    // A refused token is renewed once (fetching → renewing); no network ends the session at once.
    loadUser: [httpError(401, "Unauthorized"), httpError(0, "Network unreachable")],
    refreshToken: [httpError(401, "Refresh token revoked")],
    readSession: [new Error("Storage unavailable")],
    writeSession: [new Error("QuotaExceededError")],
    logOut: [httpError(0, "Network unreachable")],
    clearSession: [new Error("Storage unavailable")],
  },
});
