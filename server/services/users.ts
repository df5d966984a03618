import type { Page, PermissionCode, UserData } from "../../domain/entities";
import type { LocalePreference } from "../../domain/locale";
import { PermissionCodes } from "../../domain/entities";
import type { Queryable, Storage } from "../storage/storage";
import { hashPassword, passwordWeakness } from "../auth/passwords";
import type { ReadCaches } from "./cache";
import { appendEvent } from "./events";
import { ServiceError } from "./errors";

/** What `getdata` answers as `tokenO2O` for a user who has an o2o credential: never the credential itself. */
export const O2O_TOKEN_MASK = "stored-on-server";

/**
 * The body of `GET /user/getdata`. The o2o campaigns are the user's own and those of the brands
 * they hold; `tokenO2O` is masked when the user or one of their brands has an o2o credential; the
 * account template is the earliest start year per channel over the user's brands' channels (a
 * brand without channels, or a user without brands, falls back to the global `account_template`).
 */
const USER_DATA_SQL = `
SELECT u.name, u.email, u.img_profile AS "imgProfile", u.remember_token, u.language, u.calendar,
  -- The o2o credential stays on the server (the proxy uses it); the browser only learns whether there is one.
  CASE WHEN u.token_o2o <> '' OR EXISTS (SELECT 1 FROM user_brands ub JOIN brands b ON b.id = ub.brand_id WHERE ub.user_id = u.id AND b.o2o_token <> '')
       THEN '${O2O_TOKEN_MASK}' ELSE '' END AS "tokenO2O", u.permissions,
  coalesce((SELECT json_agg(b.name ORDER BY b.name) FROM user_brands ub JOIN brands b ON b.id = ub.brand_id
             WHERE ub.user_id = u.id), '[]'::json) AS brand,
  coalesce((SELECT json_agg(json_build_object('_id', g.id, 'name', g.name, 'channel', g.channel, 'brand', b.name) ORDER BY g.id)
              FROM user_brands ub JOIN brands b ON b.id = ub.brand_id JOIN bags g ON g.brand_id = ub.brand_id WHERE ub.user_id = u.id), '[]'::json) AS listbag,
  coalesce((SELECT json_agg(json_build_object('id', p.id, 'name', p.name, 'brand', b.name) ORDER BY p.id)
              FROM user_brands ub JOIN brands b ON b.id = ub.brand_id JOIN bags g ON g.brand_id = ub.brand_id JOIN pages p ON p.bag_id = g.id
             WHERE ub.user_id = u.id), '[]'::json) AS listpage,
  coalesce((SELECT json_agg(json_build_object('id', c.id, 'name', c.name) ORDER BY c.id)
              FROM o2o_campaigns c
             WHERE c.id IN (SELECT uc.campaign_id FROM user_o2o_campaigns uc WHERE uc.user_id = u.id
                            UNION SELECT bc.campaign_id FROM brand_o2o_campaigns bc JOIN user_brands ub ON ub.brand_id = bc.brand_id WHERE ub.user_id = u.id)), '[]'::json) AS "listO2O",
  coalesce((SELECT json_agg(json_build_object('name', b.name, 'maLabel', b.ma_label) ORDER BY b.name)
              FROM user_brands ub JOIN brands b ON b.id = ub.brand_id WHERE ub.user_id = u.id), '[]'::json) AS "brandSettings",
  json_build_object('template', coalesce((
    SELECT json_agg(json_build_object('channel', e.channel, 'startYear', e.start_year) ORDER BY e.channel)
      FROM (SELECT x.channel, min(x.start_year) AS start_year
              FROM (SELECT bc.channel, bc.start_year FROM brand_channels bc JOIN user_brands ub ON ub.brand_id = bc.brand_id WHERE ub.user_id = u.id
                    UNION ALL
                    SELECT t.channel, t.start_year FROM account_template t
                     WHERE NOT EXISTS (SELECT 1 FROM user_brands ub WHERE ub.user_id = u.id)
                        OR EXISTS (SELECT 1 FROM user_brands ub WHERE ub.user_id = u.id
                                     AND NOT EXISTS (SELECT 1 FROM brand_channels bc WHERE bc.brand_id = ub.brand_id))) x
             GROUP BY x.channel) e), '[]'::json)) AS "accountTime"
FROM users u WHERE u.id = $1`;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function parsePermissions(list: string): PermissionCode[] {
  const codes = list.split(",").map((s) => s.trim()).filter((s) => s !== "");
  for (const c of codes) {
    if (!(PermissionCodes as readonly string[]).includes(c)) throw new ServiceError("invalid", `unknown permission code "${c}" (use 0-9)`, { field: "permissions" });
  }
  return [...new Set(codes as PermissionCode[])].sort();
}

/** Sorted, without repeats: how permissions are stored. */
export const normalisePermissions = (codes: readonly PermissionCode[]): PermissionCode[] => [...new Set(codes)].sort();

export interface NewUser {
  readonly email: string;
  readonly password: string;
  readonly name: string;
  readonly permissions: readonly PermissionCode[];
  readonly brands: readonly string[];
}

/** A user as the admin calls and the audit see them (never a password or token). */
export interface UserRow {
  readonly id: number;
  readonly email: string;
  readonly name: string;
  readonly permissions: PermissionCode[];
  readonly brands: string[];
  readonly brandIds: number[];
  readonly disabled: boolean;
  readonly createdAt: string;
  readonly lastSignInAt: string | null;
  readonly version: number;
}

/** A time as ISO 8601 in Bangkok with its offset. */
export const bangkokIso = (col: string) => `to_char(${col} AT TIME ZONE 'Asia/Bangkok', 'YYYY-MM-DD"T"HH24:MI:SS"+07:00"')`;

export const USER_ROW_SQL = `
SELECT u.id, u.email, u.name, u.permissions, u.disabled, u.version,
       ${bangkokIso("u.created_at")} AS "createdAt",
       CASE WHEN u.last_sign_in_at IS NULL THEN NULL ELSE ${bangkokIso("u.last_sign_in_at")} END AS "lastSignInAt",
       array(SELECT b.name FROM user_brands ub JOIN brands b ON b.id = ub.brand_id WHERE ub.user_id = u.id ORDER BY b.name) AS brands,
       array(SELECT ub.brand_id FROM user_brands ub JOIN brands b ON b.id = ub.brand_id WHERE ub.user_id = u.id ORDER BY b.name) AS "brandIds"
  FROM users u`;

const toRow = (r: UserRow): UserRow => ({
  ...r, id: Number(r.id), version: Number(r.version), brandIds: r.brandIds.map(Number), permissions: [...r.permissions], brands: [...r.brands],
});

/** What the audit keeps of a user: never the password. */
export const auditedUser = (u: UserRow) => ({ email: u.email, name: u.name, permissions: u.permissions, brands: u.brands, disabled: u.disabled });

const list = (xs: readonly string[]) => (xs.length === 0 ? "(none)" : xs.join(", "));

/** One line in words of what changed between two states of a user. */
export function userChangeSummary(before: UserRow | null, after: UserRow | null): string {
  if (!before && after) return `added ${after.email}: permissions ${list(after.permissions)}; brands ${list(after.brands)}`;
  if (before && !after) return `removed ${before.email}`;
  if (!before || !after) return "";
  const parts: string[] = [];
  if (before.name !== after.name) parts.push(`name ${before.name} → ${after.name}`);
  if (before.permissions.join(",") !== after.permissions.join(",")) parts.push(`permissions ${list(before.permissions)} → ${list(after.permissions)}`);
  if (before.brands.join(",") !== after.brands.join(",")) parts.push(`brands ${list(before.brands)} → ${list(after.brands)}`);
  if (before.disabled !== after.disabled) parts.push(after.disabled ? "disabled" : "enabled");
  return parts.length === 0 ? "no change" : parts.join("; ");
}

/** What a change of a user may set; absent fields stay. */
export interface UserChange {
  readonly name?: string;
  readonly permissions?: readonly PermissionCode[];
  /** Brand ids (already checked to exist). */
  readonly brandIds?: readonly number[];
  readonly disabled?: boolean;
}

/**
 * A check run inside a write's transaction on the user as it stands (locked): the admin scope
 * rules. It throws a ServiceError to refuse.
 */
export type UserGuard = (before: UserRow, tx: Queryable) => Promise<UserChange | void> | UserChange | void;

/** The user's brand ids as strings: the audit's scope of an event about them. */
const scopeOf = (...rows: Array<UserRow | null>) => [...new Set(rows.flatMap((r) => r?.brandIds ?? []).map(String))].sort();

export class UserService {
  constructor(private readonly db: Storage, private readonly caches: ReadCaches) {}

  async userData(userId: number): Promise<UserData> {
    const data = await this.caches.userData.get(userId, async () => {
      const res = await this.db.query<UserData>(USER_DATA_SQL, [userId]);
      return res.rows[0] ?? null;
    });
    if (!data) throw new ServiceError("unauthorized", "User no longer exists");
    return data as UserData;
  }

  /** Pages of the given accounts, limited to the user's brands; all of the user's pages when the list is empty. */
  async pagesOf(userId: number, bagIds: readonly string[]): Promise<Page[]> {
    const res = await this.db.query<Page>(
      `SELECT p.id, p.name, b.name AS brand
         FROM user_brands ub JOIN brands b ON b.id = ub.brand_id JOIN bags g ON g.brand_id = ub.brand_id JOIN pages p ON p.bag_id = g.id
        WHERE ub.user_id = $1 AND (cardinality($2::text[]) = 0 OR g.id = ANY($2::text[]))
        ORDER BY p.id`,
      [userId, bagIds],
    );
    return res.rows;
  }

  async setProfileImage(userId: number, url: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query("UPDATE users SET img_profile = $2 WHERE id = $1", [userId, url]);
      await appendEvent(tx, { userId, actor: `user:${userId}`, type: "profileImage.set", entity: "profile_image", key: String(userId), payload: { url } });
    });
    this.caches.forgetUser(userId);
  }

  /** The user's language and calendar (issue 18), kept with an event like every change a user makes. */
  async setLocale(userId: number, pref: LocalePreference): Promise<LocalePreference> {
    await this.db.transaction(async (tx) => {
      await tx.query("UPDATE users SET language = $2, calendar = $3 WHERE id = $1", [userId, pref.language, pref.calendar]);
      await appendEvent(tx, { userId, actor: `user:${userId}`, type: "locale.set", entity: "user_locale", key: String(userId), payload: { language: pref.language, calendar: pref.calendar } });
    });
    this.caches.forgetUser(userId);
    return { language: pref.language, calendar: pref.calendar };
  }

  /** The ids of brands named; 400 naming `brands` for a name that is no brand. */
  async brandIds(tx: Queryable, names: readonly string[]): Promise<number[]> {
    if (names.length === 0) return [];
    const res = await tx.query<{ id: number; name: string }>("SELECT id, name FROM brands WHERE name = ANY($1::text[]) ORDER BY name", [[...new Set(names)]]);
    const missing = [...new Set(names)].filter((n) => !res.rows.some((r) => r.name === n));
    if (missing.length > 0) throw new ServiceError("invalid", `unknown brand: ${missing.join(", ")}`, { field: "brands" });
    return res.rows.map((r) => Number(r.id));
  }

  /** One user as the admin calls see them, or null. */
  async row(id: number, tx: Queryable = this.db, lock = false): Promise<UserRow | null> {
    if (lock) await tx.query("SELECT 1 FROM users WHERE id = $1 FOR UPDATE", [id]);
    const res = await tx.query<UserRow>(`${USER_ROW_SQL} WHERE u.id = $1`, [id]);
    return res.rows[0] ? toRow(res.rows[0]) : null;
  }

  private async write(tx: Queryable, actor: string, type: string, before: UserRow | null, after: UserRow | null): Promise<void> {
    const subject = (after ?? before)!;
    await appendEvent(tx, {
      userId: subject.id, actor, type, entity: "user", key: String(subject.id),
      payload: {
        subject: subject.email, scope: scopeOf(before, after),
        before: before ? auditedUser(before) : null, after: after ? auditedUser(after) : null,
        summary: userChangeSummary(before, after),
      },
    });
  }

  /**
   * Adds a user, with a `user.added` event by `actor` in the same transaction.
   *
   * @throws ServiceError invalid (400) naming the field: email not an address or already used,
   *   blank name, weak password, unknown brand
   */
  async create(input: NewUser, actor = "cli", guard?: (brandIds: readonly number[], tx: Queryable) => Promise<void> | void): Promise<UserRow> {
    const email = normaliseEmail(input.email);
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new ServiceError("invalid", `"${input.email}" is not an email address`, { field: "email" });
    if (input.name.trim() === "") throw new ServiceError("invalid", "name must not be empty", { field: "name" });
    const weak = passwordWeakness(input.password);
    if (weak) throw new ServiceError("invalid", weak, { field: "password" });
    const hash = await hashPassword(input.password);
    return this.db.transaction(async (tx) => {
      const brandIds = await this.brandIds(tx, input.brands);
      await guard?.(brandIds, tx);
      const dup = await tx.query("SELECT 1 FROM users WHERE email = $1", [email]);
      if (dup.rows.length > 0) throw new ServiceError("invalid", `${email} is already used by another user`, { field: "email" });
      const res = await tx.query<{ id: number }>(
        "INSERT INTO users (email, name, password_hash, permissions) VALUES ($1, $2, $3, $4) ON CONFLICT (email) DO NOTHING RETURNING id",
        [email, input.name.trim(), hash, normalisePermissions(input.permissions)],
      );
      // Two adds of one email at once: the second finds the first's row at its insert.
      if (res.rows.length === 0) throw new ServiceError("invalid", `${email} is already used by another user`, { field: "email" });
      const id = Number(res.rows[0]!.id);
      for (const b of brandIds) await tx.query("INSERT INTO user_brands (user_id, brand_id) VALUES ($1, $2)", [id, b]);
      const after = (await this.row(id, tx))!;
      await this.write(tx, actor, "user.added", null, after);
      return after;
    });
  }

  async list(): Promise<Array<{ email: string; name: string; permissions: string[]; brands: string[]; disabled: boolean }>> {
    const res = await this.db.query<{ email: string; name: string; permissions: string[]; brands: string[]; disabled: boolean }>(
      `SELECT u.email, u.name, u.permissions, u.disabled,
              coalesce(array_agg(b.name ORDER BY b.name) FILTER (WHERE b.name IS NOT NULL), '{}') AS brands
         FROM users u LEFT JOIN user_brands ub ON ub.user_id = u.id LEFT JOIN brands b ON b.id = ub.brand_id
        GROUP BY u.id ORDER BY u.email`,
    );
    return res.rows;
  }

  async idOf(email: string, tx: Queryable = this.db): Promise<number> {
    const res = await tx.query<{ id: number }>("SELECT id FROM users WHERE email = $1", [normaliseEmail(email)]);
    const id = res.rows[0]?.id;
    if (id === undefined) throw new ServiceError("not_found", `no user with email ${normaliseEmail(email)}`, { field: "email" });
    return Number(id);
  }

  /** The user locked for a write, or 404; then the version check (409) and the guard. */
  private async lockedRow(tx: Queryable, id: number, version: number | null, guard?: UserGuard): Promise<[UserRow, UserChange]> {
    const before = await this.row(id, tx, true);
    if (!before) throw new ServiceError("not_found", `no user ${id}`, { field: "id" });
    const more = (await guard?.(before, tx)) ?? {};
    if (version !== null && before.version !== version) {
      throw new ServiceError("conflict", `${before.email} was changed by someone else meanwhile (version ${before.version}, yours ${version}): reload and try again`, { field: "version" });
    }
    return [before, more];
  }

  /**
   * Changes a user: the fields given change, the others stay; `version` (null: any) must be the
   * current one. Disabling ends the user's sessions. One `user.updated` event. What the guard
   * returns is added to the change (the admin calls resolve the brands there).
   */
  async update(id: number, version: number | null, changeIn: UserChange, actor: string, guard?: UserGuard): Promise<UserRow> {
    if (changeIn.name !== undefined && changeIn.name.trim() === "") throw new ServiceError("invalid", "name must not be empty", { field: "name" });
    const after = await this.db.transaction(async (tx) => {
      const [before, more] = await this.lockedRow(tx, id, version, guard);
      const change = { ...changeIn, ...more };
      await tx.query(
        `UPDATE users SET name = coalesce($2, name), permissions = coalesce($3, permissions), disabled = coalesce($4, disabled), version = version + 1
          WHERE id = $1`,
        [id, change.name?.trim() ?? null, change.permissions ? normalisePermissions(change.permissions) : null, change.disabled ?? null],
      );
      if (change.brandIds) {
        await tx.query("DELETE FROM user_brands WHERE user_id = $1 AND NOT (brand_id = ANY($2::int[]))", [id, change.brandIds]);
        await tx.query("INSERT INTO user_brands (user_id, brand_id) SELECT $1, b FROM unnest($2::int[]) AS b ON CONFLICT DO NOTHING", [id, change.brandIds]);
      }
      if (change.disabled === true) await tx.query("UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL", [id]);
      const after = (await this.row(id, tx))!;
      await this.write(tx, actor, "user.updated", before, after);
      return after;
    });
    this.caches.forgetUser(id);
    return after;
  }

  /** The users CLI's `set-permissions`. */
  async setPermissions(email: string, permissions: readonly PermissionCode[], actor = "cli"): Promise<void> {
    await this.update(await this.idOf(email), null, { permissions }, actor);
  }

  /** Sets a new password and ends every session of the user; a `user.password_reset` event (without the password). */
  async resetPasswordOf(id: number, password: string, actor: string, guard?: UserGuard): Promise<UserRow> {
    const weak = passwordWeakness(password);
    if (weak) throw new ServiceError("invalid", weak, { field: "password" });
    const hash = await hashPassword(password);
    const row = await this.db.transaction(async (tx) => {
      const [before] = await this.lockedRow(tx, id, null, guard);
      await tx.query("UPDATE users SET password_hash = $2, version = version + 1 WHERE id = $1", [id, hash]);
      await tx.query("UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL", [id]);
      await appendEvent(tx, {
        userId: id, actor, type: "user.password_reset", entity: "user", key: String(id),
        payload: { subject: before.email, scope: scopeOf(before), before: { password: "(old)" }, after: { password: "(changed)" }, summary: "password reset; sessions ended" },
      });
      return before;
    });
    this.caches.forgetUser(id);
    return row;
  }

  /** The users CLI's `reset-password`. */
  async resetPassword(email: string, password: string, actor = "cli"): Promise<void> {
    const weak = passwordWeakness(password);
    if (weak) throw new ServiceError("invalid", weak, { field: "password" });
    await this.resetPasswordOf(await this.idOf(email), password, actor);
  }

  /** Removes a user (their sessions and data go with them); a `user.removed` event. */
  async removeById(id: number, actor: string, guard?: UserGuard): Promise<UserRow> {
    const before = await this.db.transaction(async (tx) => {
      const [before] = await this.lockedRow(tx, id, null, guard);
      await tx.query("DELETE FROM users WHERE id = $1", [id]);
      await this.write(tx, actor, "user.removed", before, null);
      return before;
    });
    this.caches.forgetUser(id);
    return before;
  }

  /** The users CLI's `remove`. */
  async remove(email: string, actor = "cli"): Promise<void> {
    await this.removeById(await this.idOf(email), actor);
  }
}
