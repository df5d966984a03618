/**
 * Sign-in throttling that does not depend on the email (issue 13, item 5): a token bucket per
 * client address, a bound on password checks running at once, and a per-email delay that grows
 * instead of a long lock.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SignInThrottle } from "../../server/auth/throttle";
import { ServiceError } from "../../server/services/errors";
import { startTestServer, type TestServer, DEMO_EMAIL, DEMO_PASSWORD } from "../support/testServer";

const login = (s: TestServer, email: string, password: string, from?: string) =>
  s.call("POST", "/auth/login-user", { body: { email, password }, headers: from ? { "X-Forwarded-For": from } : {} });

describe("SignInThrottle", () => {
  const refusal = async (run: Promise<unknown>) => {
    const err = await run.then(() => null, (e: unknown) => e);
    return err instanceof ServiceError ? { kind: err.kind, retryAfter: err.extra.retryAfterSeconds } : err;
  };

  it("lets a client make its burst, then one attempt per refill interval, each client on its own", async () => {
    let now = 0;
    const t = new SignInThrottle({ clientBurst: 2, clientPerMinute: 6, maxConcurrent: 10 }, () => now);
    const ok = () => Promise.resolve("ok");
    expect(await t.run("a", ok)).toBe("ok");
    expect(await t.run("a", ok)).toBe("ok");
    expect(await refusal(t.run("a", ok))).toEqual({ kind: "rate_limited", retryAfter: 10 });
    expect(await t.run("b", ok)).toBe("ok");
    now += 10_000; // 6 a minute: one back every 10 s
    expect(await t.run("a", ok)).toBe("ok");
    expect(await refusal(t.run("a", ok))).toMatchObject({ kind: "rate_limited" });
  });

  it("runs at most maxConcurrent attempts at once and refuses the others with Retry-After 1", async () => {
    const t = new SignInThrottle({ clientBurst: 100, clientPerMinute: 100, maxConcurrent: 2 });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = () => gate.then(() => "done");
    const running = [t.run("a", slow), t.run("b", slow)];
    expect(await refusal(t.run("c", slow))).toEqual({ kind: "rate_limited", retryAfter: 1 });
    release();
    expect(await Promise.all(running)).toEqual(["done", "done"]);
    expect(await t.run("c", () => Promise.resolve("after"))).toBe("after");
  });
});

describe("POST /auth/login-user behind the throttle", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({
      TRUST_PROXY: "true", LOGIN_CLIENT_BURST: "3", LOGIN_CLIENT_PER_MINUTE: "1", LOGIN_MAX_CONCURRENT: "2",
      LOGIN_MAX_FAILURES: "2", LOGIN_LOCK_SECONDS: "900",
    });
  });
  afterAll(() => s.close());

  it("answers 429 with Retry-After to a client past its burst of random emails, while another client signs in", async () => {
    for (let i = 0; i < 3; i++) expect((await login(s, `random${i}@example.com`, "guess1234", "203.0.113.5")).status).toBe(401);
    const refused = await login(s, "random9@example.com", "guess1234", "203.0.113.5");
    expect(refused.status).toBe(429);
    expect(refused.json.error).toBe("rate_limited");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect((await login(s, DEMO_EMAIL, DEMO_PASSWORD, "198.51.100.7")).status).toBe(200);
  });

  it("bounds password checks running at once across clients", async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => login(s, `flood${i}@example.com`, "guess1234", `192.0.2.${i + 1}`)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((x) => x === 429).length).toBeGreaterThan(0);
    expect(statuses.every((x) => x === 401 || x === 429)).toBe(true);
    expect(answers.filter((r) => r.status === 429).every((r) => r.headers.get("Retry-After") === "1")).toBe(true);
  });

  it("slows guesses at one email down (1 s, then 2 s, …) instead of locking its owner out for the lock time", async () => {
    await s.addUser("owner@example.com", ["1"]);
    for (let i = 0; i < 2; i++) await login(s, "owner@example.com", "wrong999", `198.18.0.${i + 1}`);
    const locked = await login(s, "owner@example.com", "secret123", "198.18.0.9");
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("Retry-After"))).toBe(1);
    await new Promise((r) => setTimeout(r, 1100));
    await login(s, "owner@example.com", "wrong999", "198.18.0.10");
    const longer = await login(s, "owner@example.com", "secret123", "198.18.0.11");
    expect(Number(longer.headers.get("Retry-After"))).toBe(2);
    await new Promise((r) => setTimeout(r, 2100));
    expect((await login(s, "owner@example.com", "secret123", "198.18.0.12")).status).toBe(200);
  });
});
