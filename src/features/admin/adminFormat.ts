/** Words of /admin: times in Bangkok, permission lists, event types. */
import { PERMISSION_MEANINGS } from "../../../domain/adminContract";
import type { PermissionCode } from "../../../domain/entities";

const BANGKOK = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Asia/Bangkok", year: "numeric", month: "short", day: "2-digit", hour: "2-digit", minute: "2-digit", hour12: false,
});

/** "05 Jan 2026, 10:00" in Bangkok time; "—" for none. */
export function formatBangkok(iso: string | null): string {
  if (iso === null) return "—";
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : BANGKOK.format(at);
}

export const permissionLabel = (code: PermissionCode) => `${code} · ${PERMISSION_MEANINGS[code]}`;

export const formatCodes = (codes: readonly string[]) => (codes.length === 0 ? "none" : [...codes].sort().join(", "));

const EVENT_WORDS: Readonly<Record<string, string>> = {
  "user.added": "User added",
  "user.updated": "User changed",
  "user.password_reset": "Password reset",
  "user.removed": "User removed",
  "brand.added": "Brand added",
  "brand.updated": "Brand changed",
  "account.added": "Account added",
  "account.updated": "Account changed",
  "account.removed": "Account removed",
};

export const eventWords = (type: string) => EVENT_WORDS[type] ?? type;

/**
 * A server's refusal as a person reads it: without the field path it starts with
 * ("version: Tipco was changed…" → "Tipco was changed…"), first letter capitalised.
 */
export function readableError(message: string): string {
  const text = message.replace(/^[A-Za-z_$][\w$]*(?:\.[\w$]+|\[\d+\])*: /, "");
  return text.charAt(0).toUpperCase() + text.slice(1);
}
