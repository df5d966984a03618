/** The stored session's hand-written check agrees with the machine's `Session` schema. */
import { describe, expect, it } from "vitest";
import { decodeStoredSession } from "../../machines/auth/sessionSchema";
import { parseStoredSession } from "@/app/sessionStore";

const tokens = { access_token: "a", refresh_token: "r", expires_in: 300 };
const SAMPLES: readonly unknown[] = [
  { tokens, receivedAt: 1, expiresAt: 301_000 },
  { tokens: { ...tokens, expires_in: 0 }, receivedAt: 0, expiresAt: 0 },
  { tokens, receivedAt: 1, expiresAt: 301_000, extra: true },
  { tokens, receivedAt: "1", expiresAt: 301_000 },
  { tokens, receivedAt: 1 },
  { tokens: { ...tokens, access_token: 1 }, receivedAt: 1, expiresAt: 2 },
  { tokens: { refresh_token: "r", expires_in: 300 }, receivedAt: 1, expiresAt: 2 },
  { tokens: null, receivedAt: 1, expiresAt: 2 },
  { tokens: [], receivedAt: 1, expiresAt: 2 },
  [],
  null,
  "session",
  42,
];

describe("parseStoredSession", () => {
  it.each(SAMPLES.map((s) => [JSON.stringify(s)]))("reads %s as the schema does", (raw) => {
    const decoded = decodeStoredSession(raw);
    const expected = decoded._tag === "Success" ? decoded.success : null;
    expect(parseStoredSession(raw)).toEqual(expected);
  });

  it("reads text that is no JSON as no session", () => {
    expect(parseStoredSession("{not json")).toBeNull();
    expect(decodeStoredSession("{not json")._tag).toBe("Failure");
  });
});
