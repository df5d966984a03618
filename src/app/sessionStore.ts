/**
 * The persisted session: one localStorage key, decoded with the machine's `Session` schema on
 * the way back in, because storage is input like any other (old versions, hand edits). The
 * schema (and effect's Schema with it) is loaded only when there is something to decode: the
 * signed-out sign-in page does without it.
 */
import type { Session } from "../../machines/auth/authSession";

const KEY = "brand-dashboard.session";

export async function readSession(): Promise<Session | null> {
  const raw = localStorage.getItem(KEY);
  if (raw === null) return null;
  const { decodeStoredSession } = await import("../../machines/auth/sessionSchema");
  const decoded = decodeStoredSession(raw);
  if (decoded._tag === "Success") return decoded.success;
  localStorage.removeItem(KEY);
  return null;
}

export function writeSession(session: Session): void {
  localStorage.setItem(KEY, JSON.stringify(session));
}

export function clearSession(): void {
  localStorage.removeItem(KEY);
}
