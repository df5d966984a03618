/** Words of /admin: times in Bangkok, permission lists, event types. */
import { DateTime } from "luxon";
import { BUSINESS_ZONE } from "../../../domain/dates";
import type { PermissionCode } from "../../../domain/entities";
import { formatDayLong } from "@/components/format/dates";
import { t, translateMessage, type MessageKey } from "@/i18n/i18n";

/** "5 Jan 2026, 10:00" in Bangkok time ("5 ม.ค. 2569, 10:00" in Thai with BE); "—" for none. */
export function formatBangkok(iso: string | null): string {
  if (iso === null) return "—";
  const at = DateTime.fromISO(iso, { zone: BUSINESS_ZONE });
  return at.isValid ? `${formatDayLong(at.toFormat("yyyy-MM-dd"))}, ${at.toFormat("HH:mm")}` : iso;
}

const PERMISSION_LABEL = {
  "0": "admin.permission.code0",
  "1": "admin.permission.code1",
  "2": "admin.permission.code2",
  "3": "admin.permission.code3",
  "4": "admin.permission.code4",
  "5": "admin.permission.code5",
  "6": "admin.permission.code6",
  "7": "admin.permission.code7",
  "8": "admin.permission.code8",
  "9": "admin.permission.code9",
} as const satisfies Record<PermissionCode, MessageKey>;

/** "4 · Admin": the code and its meaning (domain/adminContract.ts PERMISSION_MEANINGS, in the active language). */
export const permissionLabel = (code: PermissionCode) => `${code} · ${t(PERMISSION_LABEL[code])}`;

export const formatCodes = (codes: readonly string[]) => (codes.length === 0 ? t("admin.none") : [...codes].sort().join(", "));

const EVENT_WORDS: Readonly<Record<string, MessageKey>> = {
  "user.added": "admin.event.userAdded",
  "user.updated": "admin.event.userUpdated",
  "user.password_reset": "admin.event.passwordReset",
  "user.removed": "admin.event.userRemoved",
  "brand.added": "admin.event.brandAdded",
  "brand.updated": "admin.event.brandUpdated",
  "account.added": "admin.event.accountAdded",
  "account.updated": "admin.event.accountUpdated",
  "account.removed": "admin.event.accountRemoved",
};

export const eventWords = (type: string) => {
  const key = EVENT_WORDS[type];
  return key === undefined ? type : t(key);
};

/**
 * A server's refusal as a person reads it: without the field path it starts with
 * ("version: Tipco was changed…" → "Tipco was changed…"), first letter capitalised, in the
 * active language when the catalogue knows it.
 */
export function readableError(message: string): string {
  const text = message.replace(/^[A-Za-z_$][\w$]*(?:\.[\w$]+|\[\d+\])*: /, "");
  return translateMessage(text.charAt(0).toUpperCase() + text.slice(1));
}
