import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Schema } from "effect";
import { SignJWT } from "jose";
import { Api } from "../../domain/api";
import { startTestServer, type TestServer, DEMO_EMAIL, DEMO_PASSWORD } from "../support/testServer";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ AUTH_SECRET: "x".repeat(40), LOGIN_MAX_FAILURES: "3", LOGIN_LOCK_SECONDS: "60" });
});
afterAll(() => s.close());

const getdata = (token: string) => s.call("GET", "/user/getdata", { token });

describe("sign-in", () => {
  it("answers tokens under user.Tokens that decode with the contract", async () => {
    const res = await s.call("POST", "/auth/login-user", { body: { email: DEMO_EMAIL, password: DEMO_PASSWORD } });
    expect(res.status).toBe(200);
    const decoded = Schema.decodeUnknownSync(Api.login.response)(res.json);
    expect(decoded.user.Tokens.expires_in).toBe(300);
    expect((await getdata(decoded.user.Tokens.access_token)).status).toBe(200);
  });

  it("accepts the email in any case and with spaces around it", async () => {
    const res = await s.call("POST", "/auth/login-user", { body: { email: "  Demo@Example.COM ", password: DEMO_PASSWORD } });
    expect(res.status).toBe(200);
  });

  it("refuses a wrong password and an unknown email alike, with 401 JSON", async () => {
    const wrong = await s.call("POST", "/auth/login-user", { body: { email: DEMO_EMAIL, password: "nope1234" } });
    const unknown = await s.call("POST", "/auth/login-user", { body: { email: "ghost@example.com", password: "nope1234" } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json.message).toBe(unknown.json.message);
  });

  it("locks an email after repeated failures, even for the right password, and says when to retry", async () => {
    await s.addUser("locked@example.com", ["1"]);
    for (let i = 0; i < 3; i++) {
      await s.call("POST", "/auth/login-user", { body: { email: "locked@example.com", password: "wrong999" } });
    }
    const res = await s.call("POST", "/auth/login-user", { body: { email: "locked@example.com", password: "secret123" } });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Other emails are not affected.
    expect((await s.call("POST", "/auth/login-user", { body: { email: DEMO_EMAIL, password: DEMO_PASSWORD } })).status).toBe(200);
  });

  it("stores passwords only as scrypt hashes", async () => {
    const res = await s.storage.query<{ password_hash: string }>("SELECT password_hash FROM users WHERE email = $1", [DEMO_EMAIL]);
    expect(res.rows[0]!.password_hash).toMatch(/^scrypt\$/);
    expect(res.rows[0]!.password_hash).not.toContain(DEMO_PASSWORD);
  });
});

describe("access tokens", () => {
  it.each([
    ["no header", undefined],
    ["garbage", "Bearer not-a-jwt"],
    ["wrong scheme", "Basic abc"],
  ])("answers 401 JSON with %s", async (_name, header) => {
    const res = await s.call("GET", "/user/getdata", header ? { headers: { Authorization: header } } : {});
    expect(res.status).toBe(401);
    expect(res.json.error).toBe("unauthorized");
  });

  it("reads the scheme without regard to case: 'bearer' is 'Bearer'", async () => {
    const { access_token } = await s.login();
    for (const scheme of ["bearer", "BEARER", "Bearer"]) {
      const res = await s.call("GET", "/user/getdata", { headers: { Authorization: `${scheme} ${access_token}` } });
      expect(res.status, scheme).toBe(200);
    }
  });

  it("refuses a correctly signed token without an expiry", async () => {
    const { access_token } = await s.login();
    const claims = JSON.parse(Buffer.from(access_token.split(".")[1]!, "base64url").toString()) as { sub: string; sid: string };
    const secret = new TextEncoder().encode("x".repeat(40));
    const sign = (withExpiry: boolean) => {
      const jwt = new SignJWT({ sid: claims.sid }).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setSubject(claims.sub).setIssuer("brand-dashboard").setIssuedAt();
      return (withExpiry ? jwt.setExpirationTime("5m") : jwt).sign(secret);
    };
    // The same claims with an expiry pass, so it is the missing expiry that is refused.
    expect((await getdata(await sign(true))).status).toBe(200);
    expect((await getdata(await sign(false))).status).toBe(401);
  });

  it("refuses a token whose signature was tampered with", async () => {
    const { access_token } = await s.login();
    const [h, p] = access_token.split(".");
    const payload = JSON.parse(Buffer.from(p!, "base64url").toString());
    payload.sub = "999";
    const forged = `${h}.${Buffer.from(JSON.stringify(payload)).toString("base64url")}.${access_token.split(".")[2]}`;
    expect((await getdata(forged)).status).toBe(401);
  });

  it("refuses a token signed with another secret", async () => {
    const other = await startTestServer({ AUTH_SECRET: "y".repeat(40) });
    try {
      const { access_token } = await other.login();
      expect((await getdata(access_token)).status).toBe(401);
    } finally {
      await other.close();
    }
  });

  it("expires after ACCESS_TOKEN_TTL seconds", async () => {
    // The token lives at least 2 s and less than 3 s (its exp is rounded up to a whole second):
    // accepted at once, refused after 3.1 s.
    const short = await startTestServer({ ACCESS_TOKEN_TTL: "2" });
    try {
      const { access_token, expires_in } = await short.login();
      expect(expires_in).toBe(2);
      expect((await short.call("GET", "/user/getdata", { token: access_token })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 3100));
      expect((await short.call("GET", "/user/getdata", { token: access_token })).status).toBe(401);
    } finally {
      await short.close();
    }
  });

  it("generates a signing secret once and keeps it in DATA_DIR when AUTH_SECRET is not set", async () => {
    const { readFileSync, statSync } = await import("node:fs");
    const plain = await startTestServer();
    try {
      const { access_token } = await plain.login();
      const file = `${plain.dataDir}/auth-secret`;
      expect(readFileSync(file, "utf8").length).toBeGreaterThan(40);
      expect(statSync(file).mode & 0o077).toBe(0);
      expect((await plain.call("GET", "/user/getdata", { token: access_token })).status).toBe(200);
    } finally {
      await plain.close();
    }
  });
});

describe("refresh tokens", () => {
  it("rotates: every refresh answers a new pair and the old refresh token stops working", async () => {
    const first = await s.login();
    const r1 = await s.call("POST", "/auth/refresh-token", { body: { refresh_token: first.refresh_token } });
    expect(r1.status).toBe(200);
    const second = r1.json.user.Tokens;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await getdata(second.access_token)).status).toBe(200);
    const r2 = await s.call("POST", "/auth/refresh-token", { body: { refresh_token: second.refresh_token } });
    expect(r2.status).toBe(200);
  });

  it("lets a just-rotated token be presented once more within the grace period (a reload during a refresh)", async () => {
    const first = await s.login();
    const lost = await s.call("POST", "/auth/refresh-token", { body: { refresh_token: first.refresh_token } });
    expect(lost.status).toBe(200);
    // The page reloaded before it saw `lost`'s answer: it still holds the first token.
    const again = await s.call("POST", "/auth/refresh-token", { body: { refresh_token: first.refresh_token } });
    expect(again.status).toBe(200);
    expect((await getdata(again.json.user.Tokens.access_token)).status).toBe(200);
    // Only once: a second replay is theft, and ends the session.
    const third = await s.call("POST", "/auth/refresh-token", { body: { refresh_token: first.refresh_token } });
    expect(third.status).toBe(401);
    expect((await getdata(again.json.user.Tokens.access_token)).status).toBe(401);
  });

  it.each([
    { used: "the grace successor", ended: "the lost successor" },
    { used: "the lost successor", ended: "the grace successor" },
  ])("never lets two chains live side by side: using $used ends $ended", async ({ used }) => {
    const first = await s.login();
    const lost = (await s.call("POST", "/auth/refresh-token", { body: { refresh_token: first.refresh_token } })).json.user.Tokens;
    const grace = (await s.call("POST", "/auth/refresh-token", { body: { refresh_token: first.refresh_token } })).json.user.Tokens;
    const [kept, other] = used === "the grace successor" ? [grace, lost] : [lost, grace];
    const next = await s.call("POST", "/auth/refresh-token", { body: { refresh_token: kept.refresh_token } });
    expect(next.status).toBe(200);
    // The sibling chain is over: presenting its token is a replay, and ends the session.
    expect((await s.call("POST", "/auth/refresh-token", { body: { refresh_token: other.refresh_token } })).status).toBe(401);
    expect((await getdata(next.json.user.Tokens.access_token)).status).toBe(401);
  });

  it("revokes the whole family when an already-rotated token is reused after the grace period", async () => {
    const first = await s.login();
    const second = (await s.call("POST", "/auth/refresh-token", { body: { refresh_token: first.refresh_token } })).json.user.Tokens;
    await s.storage.query("UPDATE refresh_tokens SET used_at = used_at - interval '1 minute' WHERE used_at IS NOT NULL");
    const replay = await s.call("POST", "/auth/refresh-token", { body: { refresh_token: first.refresh_token } });
    expect(replay.status).toBe(401);
    // The thief's replay ended the session: the legitimate newer tokens are dead too.
    expect((await s.call("POST", "/auth/refresh-token", { body: { refresh_token: second.refresh_token } })).status).toBe(401);
    expect((await getdata(second.access_token)).status).toBe(401);
    // Another session of the same user is untouched.
    expect((await getdata((await s.login()).access_token)).status).toBe(200);
  });

  it("sweeps away ended sessions and sign-in failures that can no longer matter, and keeps live ones", async () => {
    const live = await s.login();
    const ended = await s.login();
    const expired = await s.login();
    await s.call("POST", "/api/auth/logout", { token: ended.access_token, body: { refresh_token: ended.refresh_token } });
    const sessionOf = (t: string) => JSON.parse(Buffer.from(t.split(".")[1]!, "base64url").toString()).sid as string;
    // Age the ended and the expired session past every token's life.
    await s.storage.query("UPDATE sessions SET created_at = now() - interval '2 days', revoked_at = revoked_at - interval '2 days' WHERE id = ANY($1)", [[sessionOf(ended.access_token), sessionOf(expired.access_token)]]);
    await s.storage.query("UPDATE refresh_tokens SET expires_at = now() - interval '1 day' WHERE session_id = $1", [sessionOf(expired.access_token)]);
    await s.storage.query("INSERT INTO login_failures (email, failures, window_start) VALUES ('old@example.com', 2, now() - interval '1 day'), ('recent@example.com', 2, now())");

    const swept = await s.deps.auth.sweep();
    expect(swept).toEqual({ sessions: 2, loginFailures: 1 });
    const left = (await s.storage.query<{ id: string }>("SELECT id FROM sessions WHERE id = ANY($1)", [[sessionOf(live.access_token), sessionOf(ended.access_token), sessionOf(expired.access_token)]])).rows.map((r) => r.id);
    expect(left).toEqual([sessionOf(live.access_token)]);
    expect(await s.count("SELECT count(*)::int AS n FROM refresh_tokens WHERE session_id = $1", [sessionOf(expired.access_token)])).toBe(0);
    expect(await s.count("SELECT count(*)::int AS n FROM login_failures WHERE email IN ('old@example.com', 'recent@example.com')")).toBe(1);
    expect((await getdata(live.access_token)).status).toBe(200);
  });

  it("stores refresh tokens only hashed", async () => {
    const { refresh_token } = await s.login();
    expect(await s.count("SELECT count(*)::int AS n FROM refresh_tokens WHERE token_hash = $1", [refresh_token])).toBe(0);
  });

  it("refuses an expired refresh token", async () => {
    const { refresh_token } = await s.login();
    await s.storage.query("UPDATE refresh_tokens SET expires_at = now() - interval '1 second'");
    expect((await s.call("POST", "/auth/refresh-token", { body: { refresh_token } })).status).toBe(401);
  });

  it("refuses an unknown refresh token", async () => {
    expect((await s.call("POST", "/auth/refresh-token", { body: { refresh_token: "made-up" } })).status).toBe(401);
  });
});

describe("logout", () => {
  it("revokes the access token and the refresh token of the session", async () => {
    const t = await s.login();
    const res = await s.call("POST", "/api/auth/logout", { token: t.access_token, body: { refresh_token: t.refresh_token } });
    expect(res.status).toBe(200);
    expect((await getdata(t.access_token)).status).toBe(401);
    expect((await s.call("POST", "/auth/refresh-token", { body: { refresh_token: t.refresh_token } })).status).toBe(401);
  });

  it("needs a valid access token", async () => {
    expect((await s.call("POST", "/api/auth/logout", { body: {} })).status).toBe(401);
  });
});
