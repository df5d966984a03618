import type { Page, PermissionCode, UserData } from "../../domain/entities";
import { PermissionCodes } from "../../domain/entities";
import type { Storage } from "../storage/storage";
import { hashPassword, passwordWeakness } from "../auth/passwords";
import type { ReadCaches } from "./cache";
import { appendEvent } from "./events";
import { ServiceError } from "./errors";

/** What `getdata` answers as `tokenO2O` for a user who has an o2o credential: never the credential itself. */
export const O2O_TOKEN_MASK = "stored-on-server";

const USER_DATA_SQL = `
SELECT u.name, u.email, u.img_profile AS "imgProfile", u.remember_token,
  -- The o2o credential stays on the server (the proxy uses it); the browser only learns whether there is one.
  CASE WHEN u.token_o2o = '' THEN '' ELSE '${O2O_TOKEN_MASK}' END AS "tokenO2O", u.permissions,
  coalesce((SELECT json_agg(b.name ORDER BY b.name) FROM user_brands ub JOIN brands b ON b.id = ub.brand_id
             WHERE ub.user_id = u.id), '[]'::json) AS brand,
  coalesce((SELECT json_agg(json_build_object('_id', g.id, 'name', g.name, 'channel', g.channel, 'brand', b.name) ORDER BY g.id)
              FROM user_brands ub JOIN brands b ON b.id = ub.brand_id JOIN bags g ON g.brand_id = ub.brand_id WHERE ub.user_id = u.id), '[]'::json) AS listbag,
  coalesce((SELECT json_agg(json_build_object('id', p.id, 'name', p.name, 'brand', b.name) ORDER BY p.id)
              FROM user_brands ub JOIN brands b ON b.id = ub.brand_id JOIN bags g ON g.brand_id = ub.brand_id JOIN pages p ON p.bag_id = g.id
             WHERE ub.user_id = u.id), '[]'::json) AS listpage,
  coalesce((SELECT json_agg(json_build_object('id', c.id, 'name', c.name) ORDER BY c.id)
              FROM user_o2o_campaigns uc JOIN o2o_campaigns c ON c.id = uc.campaign_id WHERE uc.user_id = u.id), '[]'::json) AS "listO2O",
  coalesce((SELECT json_agg(json_build_object('name', b.name, 'maLabel', b.ma_label) ORDER BY b.name)
              FROM user_brands ub JOIN brands b ON b.id = ub.brand_id WHERE ub.user_id = u.id), '[]'::json) AS "brandSettings",
  json_build_object('template', coalesce((SELECT json_agg(json_build_object('channel', t.channel, 'startYear', t.start_year) ORDER BY t.channel)
              FROM account_template t), '[]'::json)) AS "accountTime"
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

export interface NewUser {
  readonly email: string;
  readonly password: string;
  readonly name: string;
  readonly permissions: readonly PermissionCode[];
  readonly brands: readonly string[];
}

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

  private async brandIds(tx: Pick<Storage, "query">, names: readonly string[]): Promise<number[]> {
    if (names.length === 0) return [];
    const res = await tx.query<{ id: number; name: string }>("SELECT id, name FROM brands WHERE name = ANY($1::text[])", [names]);
    const missing = names.filter((n) => !res.rows.some((r) => r.name === n));
    if (missing.length > 0) throw new ServiceError("invalid", `unknown brand: ${missing.join(", ")}`, { field: "brands" });
    return res.rows.map((r) => r.id);
  }

  async create(input: NewUser, actor = "cli"): Promise<{ id: number }> {
    const email = normaliseEmail(input.email);
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new ServiceError("invalid", `"${input.email}" is not an email address`, { field: "email" });
    if (input.name.trim() === "") throw new ServiceError("invalid", "name must not be empty", { field: "name" });
    const weak = passwordWeakness(input.password);
    if (weak) throw new ServiceError("invalid", weak, { field: "password" });
    const hash = await hashPassword(input.password);
    return this.db.transaction(async (tx) => {
      const brandIds = await this.brandIds(tx, input.brands);
      const dup = await tx.query("SELECT 1 FROM users WHERE email = $1", [email]);
      if (dup.rows.length > 0) throw new ServiceError("conflict", `a user with email ${email} already exists`, { field: "email" });
      const res = await tx.query<{ id: number }>(
        "INSERT INTO users (email, name, password_hash, permissions) VALUES ($1, $2, $3, $4) RETURNING id",
        [email, input.name.trim(), hash, input.permissions],
      );
      const id = res.rows[0]!.id;
      for (const b of brandIds) await tx.query("INSERT INTO user_brands (user_id, brand_id) VALUES ($1, $2)", [id, b]);
      await appendEvent(tx, { userId: id, actor, type: "permissions.set", entity: "permissions", key: String(id), payload: { permissions: input.permissions } });
      return { id };
    });
  }

  async list(): Promise<Array<{ email: string; name: string; permissions: string[]; brands: string[] }>> {
    const res = await this.db.query<{ email: string; name: string; permissions: string[]; brands: string[] }>(
      `SELECT u.email, u.name, u.permissions,
              coalesce(array_agg(b.name ORDER BY b.name) FILTER (WHERE b.name IS NOT NULL), '{}') AS brands
         FROM users u LEFT JOIN user_brands ub ON ub.user_id = u.id LEFT JOIN brands b ON b.id = ub.brand_id
        GROUP BY u.id ORDER BY u.email`,
    );
    return res.rows;
  }

  private async idOf(tx: Pick<Storage, "query">, email: string): Promise<number> {
    const res = await tx.query<{ id: number }>("SELECT id FROM users WHERE email = $1", [normaliseEmail(email)]);
    const id = res.rows[0]?.id;
    if (id === undefined) throw new ServiceError("not_found", `no user with email ${normaliseEmail(email)}`, { field: "email" });
    return id;
  }

  async setPermissions(email: string, permissions: readonly PermissionCode[], actor = "cli"): Promise<void> {
    const id = await this.db.transaction(async (tx) => {
      const id = await this.idOf(tx, email);
      await tx.query("UPDATE users SET permissions = $2 WHERE id = $1", [id, permissions]);
      await appendEvent(tx, { userId: id, actor, type: "permissions.set", entity: "permissions", key: String(id), payload: { permissions } });
      return id;
    });
    this.caches.forgetUser(id);
  }

  /** Sets a new password and ends every session of the user. */
  async resetPassword(email: string, password: string): Promise<void> {
    const weak = passwordWeakness(password);
    if (weak) throw new ServiceError("invalid", weak, { field: "password" });
    const hash = await hashPassword(password);
    const id = await this.db.transaction(async (tx) => {
      const id = await this.idOf(tx, email);
      await tx.query("UPDATE users SET password_hash = $2 WHERE id = $1", [id, hash]);
      await tx.query("UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL", [id]);
      return id;
    });
    this.caches.forgetUser(id);
  }

  async remove(email: string): Promise<void> {
    const id = await this.db.transaction(async (tx) => {
      const id = await this.idOf(tx, email);
      await tx.query("DELETE FROM users WHERE id = $1", [id]);
      return id;
    });
    this.caches.forgetUser(id);
  }
}
