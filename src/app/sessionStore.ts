/**
 * The persisted session: one localStorage key, checked on the way back in, because storage is
 * input like any other (old versions, hand edits). The check mirrors the machine's `Session`
 * schema (`machines/auth/sessionSchema.ts`; a test keeps the two in step) but is written out by
 * hand: the sign-in page does without effect's Schema (its JS budget), and a reload must not wait
 * for a chunk before it can refresh the session.
 */
import type { Session } from "../../machines/auth/authSession";

const KEY = "brand-dashboard.session";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isFiniteNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/** A stored session (JSON text) back as a `Session`, or null when it is not one. */
export function parseStoredSession(raw: string): Session | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isObject(parsed) || !isObject(parsed.tokens)) return null;
  const { tokens, receivedAt, expiresAt } = parsed;
  const { access_token, refresh_token, expires_in } = tokens;
  if (typeof access_token !== "string" || typeof refresh_token !== "string" || typeof expires_in !== "number" || Number.isNaN(expires_in)) return null;
  if (!isFiniteNumber(receivedAt) || !isFiniteNumber(expiresAt)) return null;
  return { tokens: { access_token, refresh_token, expires_in }, receivedAt, expiresAt };
}

export async function readSession(): Promise<Session | null> {
  const raw = localStorage.getItem(KEY);
  if (raw === null) return null;
  const session = parseStoredSession(raw);
  if (session === null) localStorage.removeItem(KEY);
  return session;
}

export function writeSession(session: Session): void {
  localStorage.setItem(KEY, JSON.stringify(session));
}

export function clearSession(): void {
  localStorage.removeItem(KEY);
}
