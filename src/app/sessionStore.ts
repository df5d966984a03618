/**
 * The persisted session: one localStorage key, decoded with the machine's `Session` schema on
 * the way back in, because storage is input like any other (old versions, hand edits).
 */
import { Schema } from "effect";
import { Session } from "../../machines/auth/authSession";

const KEY = "brand-dashboard.session";
const decodeSession = Schema.decodeUnknownResult(Schema.fromJsonString(Session));

export function readSession(): Session | null {
  const raw = localStorage.getItem(KEY);
  if (raw === null) return null;
  const decoded = decodeSession(raw);
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
