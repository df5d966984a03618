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
  ADMIN_USERS_PAGE_SIZE, AUDIT_PAGE_SIZE, CHANNEL_START_YEAR_MAX, CHANNEL_START_YEAR_MIN,
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

/** The users CLI as an actor: every brand; it holds none. */
const CLI: AdminActor = { id: 0, email: "cli", all: true, brandIds: new Set() };

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
  // Brands, accounts and pages

  /** The brands in the admin's scope, whole, ordered by name (one brand when `only` is given). */
  private async brandRows(tx: Queryable, admin: AdminActor, only?: number): Promise<AdminBrand[]> {
    const res = await tx.query<BrandRow>(
      `SELECT b.id, b.name, b.ma_label AS "maLabel", b.version, b.o2o_token <> '' AS "hasToken",
              (SELECT count(*)::int FROM user_brands ub WHERE ub.brand_id = b.id) AS users,
              coalesce((SELECT json_agg(json_build_object('channel', c.channel, 'startYear', c.start_year) ORDER BY c.channel)
                          FROM brand_channels c WHERE c.brand_id = b.id), '[]'::json) AS channels,
              coalesce((SELECT json_agg(json_build_object('id', g.id, 'name', g.name, 'channel', g.channel,
                                 'pages', coalesce((SELECT json_agg(json_build_object('id', p.id, 'name', p.name) ORDER BY p.id) FROM pages p WHERE p.bag_id = g.id), '[]'::json))
                                 ORDER BY g.id)
                          FROM bags g WHERE g.brand_id = b.id), '[]'::json) AS accounts,
              coalesce((SELECT json_agg(json_build_object('id', o.id, 'name', o.name) ORDER BY o.id)
                          FROM brand_o2o_campaigns bo JOIN o2o_campaigns o ON o.id = bo.campaign_id WHERE bo.brand_id = b.id), '[]'::json) AS campaigns
         FROM brands b
        WHERE ($1::boolean OR b.id = ANY($2::int[])) AND ($3::int IS NULL OR b.id = $3)
        ORDER BY b.name`,
      [admin.all, [...admin.brandIds], only ?? null],
    );
    return res.rows.map((r) => ({
      id: Number(r.id), name: r.name, maLabel: r.maLabel, channels: r.channels, accounts: r.accounts,
      o2o: { campaigns: r.campaigns.map((c) => ({ id: Number(c.id), name: c.name })), hasToken: r.hasToken },
      users: Number(r.users), version: Number(r.version),
    }));
  }

  /** One brand of the admin's scope, locked for a write; 404 outside the scope; 409 on a stale version. */
  private async lockedBrand(tx: Queryable, admin: AdminActor, id: number, version: number | null, field = "id"): Promise<AdminBrand> {
    await tx.query("SELECT 1 FROM brands WHERE id = $1 FOR UPDATE", [id]);
    const brand = (await this.brandRows(tx, admin, id))[0];
    if (!brand) throw new ServiceError("not_found", `no brand ${id} among the brands you manage`, { field });
    if (version !== null && brand.version !== version) {
      throw new ServiceError("conflict", `${brand.name} was changed by someone else meanwhile (version ${brand.version}, yours ${version}): reload and try again`, { field: "version" });
    }
    return brand;
  }

  /**
   * The o2o campaigns an admin may give their brands: all of them with "0"; otherwise those no
   * brand outside their scope reads.
   */
  private async assignableCampaigns(tx: Queryable, admin: AdminActor): Promise<O2OCampaignRef[]> {
    const res = await tx.query<O2OCampaignRef>(
      `SELECT c.id, c.name FROM o2o_campaigns c
        WHERE $1::boolean OR NOT EXISTS (SELECT 1 FROM brand_o2o_campaigns bo WHERE bo.campaign_id = c.id AND NOT (bo.brand_id = ANY($2::int[])))
        ORDER BY c.id`,
      [admin.all, [...admin.brandIds]],
    );
    return res.rows.map((r) => ({ id: Number(r.id), name: r.name }));
  }

  async brands(adminId: number): Promise<AdminBrandsResponse> {
    const admin = await this.actor(adminId);
    const [data, o2oCampaigns] = await Promise.all([this.brandRows(this.db, admin), this.assignableCampaigns(this.db, admin)]);
    return { data, o2oCampaigns };
  }

  private async checkBrandName(tx: Queryable, name: string, except: number | null): Promise<string> {
    const trimmed = name.trim();
    // The HTTP calls' schema checks this already; the CLI's names come here unchecked.
    if (trimmed === "" || trimmed.length > 100) throw new ServiceError("invalid", "must be 1 to 100 characters, not only spaces", { field: "name" });
    const dup = await tx.query<{ name: string }>("SELECT name FROM brands WHERE lower(name) = lower($1) AND id IS DISTINCT FROM $2", [trimmed, except]);
    if (dup.rows[0]) throw new ServiceError("invalid", `a brand named ${dup.rows[0].name} already exists`, { field: "name" });
    return trimmed;
  }

  private checkChannels(channels: readonly BrandChannel[]): void {
    channels.forEach((c, i) => {
      if (!Number.isInteger(c.startYear) || c.startYear < CHANNEL_START_YEAR_MIN || c.startYear > CHANNEL_START_YEAR_MAX) {
        throw new ServiceError("invalid", `must be a year from ${CHANNEL_START_YEAR_MIN} to ${CHANNEL_START_YEAR_MAX}`, { field: `channels.${i}.startYear` });
      }
      if (channels.findIndex((d) => d.channel === c.channel) !== i) throw new ServiceError("invalid", `${c.channel} is listed twice`, { field: `channels.${i}.channel` });
    });
  }

  private async setChannels(tx: Queryable, brandId: number, channels: readonly BrandChannel[]): Promise<void> {
    await tx.query("DELETE FROM brand_channels WHERE brand_id = $1", [brandId]);
    for (const c of channels) await tx.query("INSERT INTO brand_channels (brand_id, channel, start_year) VALUES ($1, $2, $3)", [brandId, c.channel, c.startYear]);
  }

  private async brandEvent(tx: Queryable, admin: AdminActor, type: string, before: AdminBrand | null, after: AdminBrand, tokenChanged = false): Promise<void> {
    await appendEvent(tx, {
      userId: null, actor: admin.email, type, entity: "brand", key: String(after.id),
      payload: {
        subject: after.name, scope: [String(after.id)],
        before: before ? auditedBrand(before) : null, after: auditedBrand(after, tokenChanged),
        summary: brandChangeSummary(before, after, tokenChanged),
      },
    });
  }

  /** A new brand; the admin holds it at once. Without channels it takes the global account template's. */
  async addBrand(adminId: number, req: AddBrandRequest): Promise<AdminBrand> {
    const brand = await this.addBrandAs((tx) => this.actor(adminId, tx), req);
    this.caches.forgetUser(adminId);
    return brand;
  }

  private async addBrandAs(who: (tx: Queryable) => Promise<AdminActor>, req: AddBrandRequest): Promise<AdminBrand> {
    if (req.channels) this.checkChannels(req.channels);
    return this.db.transaction(async (tx) => {
      const admin = await who(tx);
      const name = await this.checkBrandName(tx, req.name, null);
      const res = await tx.query<{ id: number }>(
        "INSERT INTO brands (name, ma_label) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING RETURNING id", [name, req.maLabel ?? "Facebook MA"],
      );
      if (!res.rows[0]) throw new ServiceError("invalid", `a brand named ${name} already exists`, { field: "name" });
      const id = Number(res.rows[0].id);
      if (req.channels) await this.setChannels(tx, id, req.channels);
      else await tx.query("INSERT INTO brand_channels (brand_id, channel, start_year) SELECT $1, channel, start_year FROM account_template", [id]);
      if (admin.id !== CLI.id) await tx.query("INSERT INTO user_brands (user_id, brand_id) VALUES ($1, $2) ON CONFLICT DO NOTHING", [admin.id, id]);
      const after = (await this.brandRows(tx, { ...admin, all: true }, id))[0]!;
      await this.brandEvent(tx, admin, "brand.added", null, after);
      return after;
    });
  }

  /**
   * Renames a brand, sets its MA label, channels, o2o campaigns and o2o token (write-only). A
   * channel its accounts use cannot be taken away.
   */
  async updateBrand(adminId: number, req: UpdateBrandRequest): Promise<AdminBrand> {
    return this.updateBrandAs((tx) => this.actor(adminId, tx), req);
  }

  private async updateBrandAs(who: (tx: Queryable) => Promise<AdminActor>, req: UpdateBrandRequest): Promise<AdminBrand> {
    if (req.channels) this.checkChannels(req.channels);
    const brand = await this.db.transaction(async (tx) => {
      const admin = await who(tx);
      const before = await this.lockedBrand(tx, admin, req.id, req.version);
      const name = req.name === undefined ? before.name : await this.checkBrandName(tx, req.name, before.id);
      if (req.channels) {
        const kept = new Set(req.channels.map((c) => c.channel));
        const orphan = before.accounts.find((a) => !kept.has(a.channel));
        if (orphan) throw new ServiceError("invalid", `${orphan.channel} is used by the account ${orphan.name} (${orphan.id}): remove the account first`, { field: "channels" });
        await this.setChannels(tx, before.id, req.channels);
      }
      if (req.o2oCampaigns) {
        const ids = [...new Set(req.o2oCampaigns)];
        const allowed = new Set((await this.assignableCampaigns(tx, admin)).map((c) => c.id));
        const current = new Set(before.o2o.campaigns.map((c) => c.id));
        const bad = ids.find((id) => !allowed.has(id) && !current.has(id));
        if (bad !== undefined) throw new ServiceError("invalid", `unknown o2o campaign ${bad}`, { field: "o2oCampaigns" });
        await tx.query("DELETE FROM brand_o2o_campaigns WHERE brand_id = $1", [before.id]);
        await tx.query("INSERT INTO brand_o2o_campaigns (brand_id, campaign_id) SELECT $1, c FROM unnest($2::int[]) AS c", [before.id, ids]);
      }
      const token = req.o2oToken?.trim();
      await tx.query(
        "UPDATE brands SET name = $2, ma_label = coalesce($3, ma_label), o2o_token = coalesce($4, o2o_token), version = version + 1 WHERE id = $1",
        [before.id, name, req.maLabel ?? null, token ?? null],
      );
      const after = (await this.brandRows(tx, { ...admin, all: true }, before.id))[0]!;
      await this.brandEvent(tx, admin, "brand.updated", before, after, token !== undefined && token !== "");
      return after;
    });
    // Every holder's getdata shows the brand (name, MA label, channels, campaigns).
    this.caches.userData.clear();
    return brand;
  }

  private async accountEvent(tx: Queryable, admin: AdminActor, type: string, brand: AdminBrand, before: AdminAccount | null, after: AdminAccount | null): Promise<void> {
    const id = (after ?? before)!.id;
    await appendEvent(tx, {
      userId: null, actor: admin.email, type, entity: "account", key: `${brand.id}/${id}`,
      payload: { subject: `${brand.name} / ${id}`, scope: [String(brand.id)], before, after, summary: accountChangeSummary(before, after) },
    });
  }

  /** Page ids must be new: not twice in the request, not on another account (of any brand). */
  private async checkPages(tx: Queryable, pages: readonly { id: string }[], account: string, prefix: string): Promise<void> {
    pages.forEach((p, i) => {
      if (pages.findIndex((q) => q.id === p.id) !== i) throw new ServiceError("invalid", `page id ${p.id} is listed twice`, { field: `${prefix}.${i}.id` });
    });
    if (pages.length === 0) return;
    const taken = await tx.query<{ id: string }>("SELECT id FROM pages WHERE id = ANY($1::text[]) AND bag_id <> $2", [pages.map((p) => p.id), account]);
    const first = pages.findIndex((p) => taken.rows.some((t) => t.id === p.id));
    if (first >= 0) throw new ServiceError("invalid", `page id ${pages[first]!.id} already exists`, { field: `${prefix}.${first}.id` });
  }

  private async writePages(tx: Queryable, account: string, pages: readonly { id: string; name: string }[]): Promise<void> {
    await tx.query("DELETE FROM pages WHERE bag_id = $1 AND NOT (id = ANY($2::text[]))", [account, pages.map((p) => p.id)]);
    for (const p of pages) {
      await tx.query("INSERT INTO pages (id, bag_id, name) VALUES ($1, $2, $3) ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name", [p.id, account, p.name.trim()]);
    }
  }

  private async accountWrite(adminId: number, brandId: number, write: (tx: Queryable, admin: AdminActor, brand: AdminBrand) => Promise<void>): Promise<AdminBrand> {
    const brand = await this.db.transaction(async (tx) => {
      const admin = await this.actor(adminId, tx);
      const brand = await this.lockedBrand(tx, admin, brandId, null, "brandId");
      await write(tx, admin, brand);
      return (await this.brandRows(tx, { ...admin, all: true }, brandId))[0]!;
    });
    this.caches.userData.clear();
    return brand;
  }

  /** `/formAC`: a social account (bag) with its pages; its channel one of the brand's, its ids new. */
  async addAccount(adminId: number, req: AddAccountRequest): Promise<AdminBrand> {
    return this.accountWrite(adminId, req.brandId, async (tx, admin, brand) => {
      const a = req.account;
      if (!brand.channels.some((c) => c.channel === a.channel)) {
        const list = brand.channels.map((c) => c.channel).join(", ") || "none yet";
        throw new ServiceError("invalid", `must be one of the brand's channels (${list})`, { field: "account.channel" });
      }
      const res = await tx.query("INSERT INTO bags (id, brand_id, name, channel) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING", [a.id, brand.id, a.name.trim(), a.channel]);
      if (res.affectedRows === 0) throw new ServiceError("invalid", `account id ${a.id} already exists`, { field: "account.id" });
      await this.checkPages(tx, a.pages, a.id, "account.pages");
      await this.writePages(tx, a.id, a.pages);
      await this.accountEvent(tx, admin, "account.added", brand, null, { ...a, name: a.name.trim() });
    });
  }

  /** Renames an account and replaces its pages (a page left out is removed with its data). */
  async updateAccount(adminId: number, req: UpdateAccountRequest): Promise<AdminBrand> {
    return this.accountWrite(adminId, req.brandId, async (tx, admin, brand) => {
      const before = brand.accounts.find((a) => a.id === req.id);
      if (!before) throw new ServiceError("not_found", `${brand.name} has no account ${req.id}`, { field: "id" });
      await this.checkPages(tx, req.pages, req.id, "pages");
      await tx.query("UPDATE bags SET name = $2 WHERE id = $1", [req.id, req.name.trim()]);
      await this.writePages(tx, req.id, req.pages);
      await this.accountEvent(tx, admin, "account.updated", brand, before, { ...before, name: req.name.trim(), pages: req.pages.map((p) => ({ id: p.id, name: p.name.trim() })) });
    });
  }

  async removeAccount(adminId: number, brandId: number, id: string): Promise<AdminBrand> {
    return this.accountWrite(adminId, brandId, async (tx, admin, brand) => {
      const before = brand.accounts.find((a) => a.id === id);
      if (!before) throw new ServiceError("not_found", `${brand.name} has no account ${id}`, { field: "id" });
      await tx.query("DELETE FROM bags WHERE id = $1", [id]);
      await this.accountEvent(tx, admin, "account.removed", brand, before, null);
    });
  }

  // -------------------------------------------------------------------------------------------
  // The users CLI's brands commands (actor "cli", every brand)

  /** `brands add --name N [--ma-label MA]`. */
  async cliAddBrand(name: string, maLabel?: MaLabel): Promise<AdminBrand> {
    const brand = await this.addBrandAs(async () => CLI, { name, ...(maLabel ? { maLabel } : {}) });
    this.caches.userData.clear();
    return brand;
  }

  /** `brands rename --name OLD --to NEW`. */
  async cliRenameBrand(from: string, to: string): Promise<AdminBrand> {
    const res = await this.db.query<{ id: number; version: number }>("SELECT id, version FROM brands WHERE name = $1", [from.trim()]);
    const row = res.rows[0];
    if (!row) throw new ServiceError("not_found", `no brand named ${from.trim()}`, { field: "name" });
    return this.updateBrandAs(async () => CLI, { id: Number(row.id), version: Number(row.version), name: to });
  }

  /** `brands list`: every brand. */
  async cliBrands(): Promise<AdminBrand[]> {
    return this.brandRows(this.db, CLI);
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

interface BrandRow {
  id: number; name: string; maLabel: MaLabel; version: number; hasToken: boolean; users: number;
  channels: BrandChannel[]; accounts: AdminAccount[]; campaigns: O2OCampaignRef[];
}

/** What the audit keeps of a brand: never the o2o token, only whether there is one (and that it changed). */
const auditedBrand = (b: AdminBrand, tokenChanged = false) => ({
  name: b.name, maLabel: b.maLabel, channels: b.channels, o2oCampaigns: b.o2o.campaigns.map((c) => c.name), hasToken: b.o2o.hasToken,
  ...(tokenChanged ? { o2oToken: "(changed)" } : {}),
});

const channelsText = (cs: readonly BrandChannel[]) => (cs.length === 0 ? "(none)" : cs.map((c) => `${c.channel} from ${c.startYear}`).join(", "));
const namesText = (xs: readonly string[]) => (xs.length === 0 ? "(none)" : xs.join(", "));

function brandChangeSummary(before: AdminBrand | null, after: AdminBrand, tokenChanged: boolean): string {
  if (!before) return `added ${after.name}: MA label ${after.maLabel}; channels ${channelsText(after.channels)}`;
  const parts: string[] = [];
  if (before.name !== after.name) parts.push(`name ${before.name} → ${after.name}`);
  if (before.maLabel !== after.maLabel) parts.push(`MA label ${before.maLabel} → ${after.maLabel}`);
  if (channelsText(before.channels) !== channelsText(after.channels)) parts.push(`channels ${channelsText(before.channels)} → ${channelsText(after.channels)}`);
  const camp = (b: AdminBrand) => namesText(b.o2o.campaigns.map((c) => c.name));
  if (camp(before) !== camp(after)) parts.push(`o2o campaigns ${camp(before)} → ${camp(after)}`);
  if (before.o2o.hasToken && !after.o2o.hasToken) parts.push("o2o token cleared");
  else if (tokenChanged) parts.push(before.o2o.hasToken ? "o2o token changed" : "o2o token set");
  return parts.length === 0 ? "no change" : parts.join("; ");
}

function accountChangeSummary(before: AdminAccount | null, after: AdminAccount | null): string {
  const pages = (a: AdminAccount) => namesText(a.pages.map((p) => `${p.name} (${p.id})`));
  if (!before && after) return `added ${after.name} (${after.channel}): pages ${pages(after)}`;
  if (before && !after) return `removed ${before.name} (${before.channel}) with its pages`;
  if (!before || !after) return "";
  const parts: string[] = [];
  if (before.name !== after.name) parts.push(`name ${before.name} → ${after.name}`);
  if (pages(before) !== pages(after)) parts.push(`pages ${pages(before)} → ${pages(after)}`);
  return parts.length === 0 ? "no change" : parts.join("; ");
}
