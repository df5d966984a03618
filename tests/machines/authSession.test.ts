import { describe, expect, it } from "vitest";
import { isStale, jwtExpiry, refreshDelay, safeReturnPath, sessionFromTokens } from "../../machines/auth/authSession";

const base64url = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const jwt = (payload: Record<string, unknown>) => `${base64url({ alg: "HS256", typ: "JWT" })}.${base64url(payload)}.sig`;

const T0 = 1_700_000_000_000;

describe("refreshDelay", () => {
  it.each([
    { lifetimeS: 300, elapsedMs: 0, expected: 240_000, why: "80 % of a 300 s token" },
    { lifetimeS: 300, elapsedMs: 200_000, expected: 40_000, why: "counts from when the tokens arrived" },
    { lifetimeS: 6, elapsedMs: 0, expected: 4_800, why: "80 % of the 6 s test token" },
    { lifetimeS: 3, elapsedMs: 0, expected: 2_000, why: "1 s before expiry beats 80 % (2.4 s)" },
    { lifetimeS: 0.5, elapsedMs: 0, expected: 0, why: "a token shorter than the margin refreshes at once" },
    { lifetimeS: 300, elapsedMs: 400_000, expected: 0, why: "an expired token refreshes at once" },
    { lifetimeS: 60 * 24 * 3600, elapsedMs: 0, expected: 2 ** 31 - 1, why: "capped to the largest timer" },
  ])("$why", ({ lifetimeS, elapsedMs, expected }) => {
    const session = { tokens: { access_token: "a", refresh_token: "r", expires_in: lifetimeS }, receivedAt: T0, expiresAt: T0 + lifetimeS * 1000 };
    expect(refreshDelay(session, T0 + elapsedMs)).toBe(expected);
  });
});

describe("sessionFromTokens", () => {
  it("takes the expiry from expires_in, measured on the browser clock", () => {
    const access_token = jwt({ exp: T0 / 1000 + 9999 });
    expect(sessionFromTokens({ access_token, refresh_token: "r", expires_in: 300 }, T0).expiresAt).toBe(T0 + 300_000);
  });

  it("falls back to the JWT exp claim when expires_in is unusable", () => {
    const access_token = jwt({ exp: T0 / 1000 + 120 });
    expect(sessionFromTokens({ access_token, refresh_token: "r", expires_in: 0 }, T0).expiresAt).toBe(T0 + 120_000);
  });

  it("treats a token with neither as already expired", () => {
    const session = sessionFromTokens({ access_token: "opaque", refresh_token: "r", expires_in: Number.NaN }, T0);
    expect(isStale(session, T0)).toBe(true);
  });
});

describe("jwtExpiry", () => {
  it.each([
    { token: jwt({ exp: 1234, sub: "u" }), expected: 1234 },
    { token: jwt({ sub: "u" }), expected: null },
    { token: jwt({ exp: "1234" }), expected: null },
    { token: "not-a-jwt", expected: null },
    { token: "a.%%%.c", expected: null },
  ])("reads $expected from $token", ({ token, expected }) => {
    expect(jwtExpiry(token)).toBe(expected);
  });
});

describe("safeReturnPath", () => {
  it.each([
    { path: "/brandEx?x=1", expected: "/brandEx?x=1" },
    { path: "/", expected: "/" },
    { path: "//evil.example/x", expected: null },
    { path: "/\\evil.example", expected: null },
    { path: "https://evil.example/", expected: null },
    { path: "brandEx", expected: null },
  ])("accepts only same-origin absolute paths: $path", ({ path, expected }) => {
    expect(safeReturnPath(path)).toBe(expected);
  });
});
