import { afterEach, describe, expect, it, vi } from "vitest";
import { AccessTokens } from "../../server/auth/tokens";

const secret = new TextEncoder().encode("a-test-secret-of-at-least-32-bytes!!");
const claims = { userId: 7, sessionId: "s-1" };

afterEach(() => {
  vi.useRealTimers();
});

describe("access tokens", () => {
  // The client is told `expires_in: ttl` and refreshes from the answer's arrival: a token signed
  // late in a second must not expire before ttl seconds have passed (exp is in whole seconds).
  it.each([0, 1, 500, 999])("is accepted until its full lifetime has passed when signed %i ms into a second", async (ms) => {
    const tokens = new AccessTokens(secret, 6);
    const signedAt = Date.UTC(2026, 10, 25, 8, 0, 0) + ms;
    vi.useFakeTimers({ now: signedAt, toFake: ["Date"] });
    const token = await tokens.sign(claims);

    vi.setSystemTime(signedAt + 5_999);
    expect(await tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(signedAt + 7_000);
    expect(await tokens.verify(token)).toBeNull();
  });

  it("refuses a token signed with another key", async () => {
    const token = await new AccessTokens(new TextEncoder().encode("another-secret-of-at-least-32-bytes!"), 6).sign(claims);
    expect(await new AccessTokens(secret, 6).verify(token)).toBeNull();
  });
});
