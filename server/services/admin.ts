/**
 * Admin (issue 17, docs/admin.md): the calls of `/admin` and `/formAC` (permission 4). Users,
 * brands (name, MA label, channels, accounts and pages, o2o access) and the audit of every change.
 *
 * Scope: an admin manages the brands they hold, and the users who hold one of those brands or no
 * brand at all; an admin holding permission "0" manages every brand and every user. A user who
 * holds "0" is managed only by an admin holding "0" (otherwise an admin could lock out the one
 * who manages everything). Outside the scope a user or brand answers 404, as if it did not exist.
 *
 * Every write appends one event (entity user, brand or account) in its transaction; its payload
 * is `{subject, scope, before, after, summary}`, where `scope` lists the brand ids it concerns
 * (the audit shows an admin without "0" only the events of their brands, and of users without
 * brands). Passwords and o2o tokens never enter an event or an answer.
 */
import {
  ADMIN_USERS_PAGE_SIZE, AUDIT_PAGE_SIZE,
  type AddAccountRequest, type AddBrandRequest, type AddUserRequest, type AdminAccount, type AdminAuditRequest, type AdminAuditResponse,
  type AdminBrand, type AdminBrandsResponse, type AdminUser, type AdminUsersRequest, type AdminUsersResponse, type AuditEntry, type AuditKind,
  type BrandChannel, type ResetUserPasswordRequest, type UpdateAccountRequest, type UpdateBrandRequest, type UpdateUserRequest,
} from "../../domain/adminContract";
import type { MaLabel, O2OCampaignRef, PermissionCode } from "../../domain/entities";
import type { Queryable, Storage } from "../storage/storage";
import type { ReadCaches } from "./cache";
import { ServiceError } from "./errors";
import { appendEvent } from "./events";
import { bangkokIso, normalisePermissions, USER_ROW_SQL, type UserRow, type UserService } from "./users";

/** The signed-in admin as a write sees them, read fresh from the database. */
export interface AdminActor {
  readonly id: number;
  readonly email: string;
  /** Holds permission "0": every brand and user. */
  readonly all: boolean;
  readonly brandIds: ReadonlySet<number>;
}

const toAdminUser = (u: UserRow): AdminUser => ({
  id: u.id, email: u.email, name: u.name, permissions: u.permissions, brands: u.brands, disabled: u.disabled,
  createdAt: u.createdAt, lastSignInAt: u.lastSignInAt, version: u.version,
});

/** `%` and `_` typed in a search mean themselves. */
const likePattern = (q: string) => `%${q.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export class AdminService {
  constructor(private readonly db: Storage, private readonly caches: ReadCaches, private readonly users: UserService) {}

  /** The admin behind a call, fresh: their permissions and brands as they stand now. */
  async actor(adminId: number, tx: Queryable = this.db): Promise<AdminActor> {
    const res = await tx.query<{ email: string; permissions: string[]; brand_ids: number[]; disabled: boolean }>(
      `SELECT u.email, u.permissions, u.disabled, array(SELECT ub.brand_id FROM user_brands ub WHERE ub.user_id = u.id) AS brand_ids
         FROM users u WHERE u.id = $1`,
      [adminId],
    );
    const row = res.rows[0];
    if (!row || row.disabled) throw new ServiceError("unauthorized", "User no longer exists");
    // The session cache may be up to 2 s behind a change of the admin's own permissions.
    if (!row.permissions.includes("4")) throw new ServiceError("forbidden", "permission 4 is required");
    return { id: adminId, email: row.email, all: row.permissions.includes("0"), brandIds: new Set(row.brand_ids.map(Number)) };
  }

  /** Whether the admin manages this user. */
  private manages(admin: AdminActor, u: Pick<UserRow, "brandIds" | "permissions">): boolean {
    if (admin.all) return true;
    if (u.permissions.includes("0")) return false;
    return u.brandIds.length === 0 || u.brandIds.some((b) => admin.brandIds.has(b));
  }

  private userGuard(admin: AdminActor) {
    return (before: UserRow) => {
      if (!this.manages(admin, before)) throw new ServiceError("not_found", `no user ${before.id} among the users you manage`, { field: "id" });
    };
  }

  /** Only an admin holding "0" gives or takes permission "0". */
  private checkZero(admin: AdminActor, before: readonly PermissionCode[], after: readonly PermissionCode[]): void {
    if (admin.all || before.includes("0") === after.includes("0")) return;
    throw new ServiceError("forbidden", "only an admin holding permission 0 can give or take permission 0", { field: "permissions" });
  }

  /**
   * The brands a user ends up with when an admin sets `names`: the named brands the admin holds,
   * plus the brands outside the admin's scope that the user already holds (an admin neither gives
   * nor takes a brand they do not hold). Naming a brand outside the scope the user does not hold
   * yet is refused (403); a name that is no brand is 400.
   */
  private async brandsFor(tx: Queryable, admin: AdminActor, names: readonly string[], current: readonly number[]): Promise<number[]> {
    const ids = await this.users.brandIds(tx, names);
    if (admin.all) return ids;
    const foreign = ids.filter((id) => !admin.brandIds.has(id) && !current.includes(id));
    if (foreign.length > 0) {
      const res = await tx.query<{ name: string }>("SELECT name FROM brands WHERE id = ANY($1::int[]) ORDER BY name", [foreign]);
      throw new ServiceError("forbidden", `you cannot give brand ${res.rows.map((r) => r.name).join(", ")}: you do not hold it`, { field: "brands" });
    }
    const kept = current.filter((id) => !admin.brandIds.has(id));
    return [...new Set([...ids.filter((id) => admin.brandIds.has(id)), ...kept])];
  }

  // -------------------------------------------------------------------------------------------
  // Users

  async listUsers(adminId: number, req: AdminUsersRequest): Promise<AdminUsersResponse> {
    const admin = await this.actor(adminId);
    const page = req.page === undefined ? 1 : Number(req.page);
    const q = (req.q ?? "").trim();
    const where = `
      WHERE ($1::boolean OR (NOT ('0' = ANY(u.permissions))
               AND (NOT EXISTS (SELECT 1 FROM user_brands x WHERE x.user_id = u.id)
                    OR EXISTS (SELECT 1 FROM user_brands x WHERE x.user_id = u.id AND x.brand_id = ANY($2::int[])))))
        AND ($3 = '' OR u.email LIKE $4 OR lower(u.name) LIKE $4)`;
    const params = [admin.all, [...admin.brandIds], q, likePattern(q)];
    const [rows, total] = await Promise.all([
      this.db.query<UserRow>(`${USER_ROW_SQL} ${where} ORDER BY u.email LIMIT ${ADMIN_USERS_PAGE_SIZE} OFFSET $5`, [...params, (page - 1) * ADMIN_USERS_PAGE_SIZE]),
      this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users u ${where}`, params),
    ]);
    return {
      data: rows.rows.map((r) => toAdminUser({ ...r, id: Number(r.id), version: Number(r.version), brandIds: r.brandIds.map(Number) })),
      total: Number(total.rows[0]?.n ?? 0), page, pageSize: ADMIN_USERS_PAGE_SIZE,
    };
  }

  async addUser(adminId: number, req: AddUserRequest): Promise<AdminUser> {
    const admin = await this.actor(adminId);
    const permissions = normalisePermissions(req.permissions);
    this.checkZero(admin, [], permissions);
    const row = await this.users.create({ ...req, permissions }, admin.email, async (_ids, tx) => {
      await this.brandsFor(tx, admin, req.brands, []);
    });
    return toAdminUser(row);
  }

  async updateUser(adminId: number, req: UpdateUserRequest): Promise<AdminUser> {
    const admin = await this.actor(adminId);
    const self = req.id === adminId;
    if (self && req.disabled === true) throw new ServiceError("invalid", "you cannot disable yourself", { field: "disabled" });
    if (self && req.permissions && !req.permissions.includes("4")) {
      throw new ServiceError("invalid", "you cannot take permission 4 (Admin) from yourself", { field: "permissions" });
    }
    // The brands are resolved in the guard, inside the transaction, against the user as it stands.
    const guard = async (before: UserRow, tx: Queryable) => {
      this.userGuard(admin)(before);
      if (req.permissions) this.checkZero(admin, before.permissions, req.permissions);
      return req.brands ? { brandIds: await this.brandsFor(tx, admin, req.brands, before.brandIds) } : {};
    };
    const row = await this.users.update(req.id, req.version, {
      ...(req.name !== undefined ? { name: req.name } : {}),
      ...(req.permissions !== undefined ? { permissions: req.permissions } : {}),
      ...(req.disabled !== undefined ? { disabled: req.disabled } : {}),
    }, admin.email, guard);
    return toAdminUser(row);
  }

  async resetUserPassword(adminId: number, req: ResetUserPasswordRequest): Promise<void> {
    const admin = await this.actor(adminId);
    await this.users.resetPasswordOf(req.id, req.password, admin.email, this.userGuard(admin));
  }

  async removeUser(adminId: number, id: number): Promise<void> {
    const admin = await this.actor(adminId);
    if (id === adminId) throw new ServiceError("invalid", "you cannot remove yourself", { field: "id" });
    await this.users.removeById(id, admin.email, this.userGuard(admin));
  }

  // -------------------------------------------------------------------------------------------
  // Audit

  /**
   * The admin events, newest first, `AUDIT_PAGE_SIZE` a page; `after` is the `next` of the page
   * before. An admin without "0" sees the events about their brands and about users without brands.
   */
  async audit(adminId: number, req: AdminAuditRequest): Promise<AdminAuditResponse> {
    const admin = await this.actor(adminId);
    const res = await this.db.query<{ id: number; at: string; actor: string; type: string; entity: AuditKind; payload: AuditPayload }>(
      `SELECT id::int AS id, ${bangkokIso("at")} AS at, actor, type, entity, payload
         FROM events
        WHERE entity IN ('user', 'brand', 'account')
          AND ($1::bigint IS NULL OR id < $1)
          AND ($2::text IS NULL OR actor = $2)
          AND ($3::text IS NULL OR entity = $3)
          AND ($4::boolean OR jsonb_array_length(coalesce(payload->'scope', '[]'::jsonb)) = 0 OR payload->'scope' ?| $5::text[])
        ORDER BY id DESC
        LIMIT ${AUDIT_PAGE_SIZE + 1}`,
      [req.after === undefined ? null : Number(req.after), req.actor?.trim().toLowerCase() || null, req.kind ?? null, admin.all, [...admin.brandIds].map(String)],
    );
    const rows = res.rows.slice(0, AUDIT_PAGE_SIZE);
    const data: AuditEntry[] = rows.map((r) => ({
      id: Number(r.id), at: r.at, actor: r.actor, type: r.type, kind: r.entity,
      subject: r.payload.subject ?? "", before: r.payload.before ?? null, after: r.payload.after ?? null, summary: r.payload.summary ?? "",
    }));
    return { data, next: res.rows.length > AUDIT_PAGE_SIZE ? data.at(-1)!.id : null };
  }
}

/** What an admin event carries (see the file's comment). */
interface AuditPayload { subject?: string; scope?: string[]; before?: unknown; after?: unknown; summary?: string }
