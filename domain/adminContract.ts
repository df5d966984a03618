/**
 * Admin (issue 17): the shapes of the calls `/admin` and `/formAC` make (permission 4). Users,
 * brands (name, MA label, channels with their start year, accounts and pages, o2o access) and the
 * audit of every admin change. The server decodes requests with these schemas and the pages
 * decode answers with them; the words in docs/admin.md.
 *
 * Scope: an admin manages the brands they hold, and the users who hold one of those brands (or no
 * brand at all); an admin holding permission "0" manages every brand and every user.
 */
import { Schema } from "effect";
import { AccountTimeEntry, MaLabel, O2OCampaignRef, PermissionCode, PermissionCodes, SocialChannel } from "./entities";

const text = (max: number) => Schema.String.check(Schema.isMaxLength(max));
const Id = Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(1));
const Count = Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0));
/** A name as typed by a person: 1–100 characters, not only spaces. */
const Name = Schema.String.check(
  Schema.isMinLength(1),
  Schema.isMaxLength(100),
  Schema.makeFilter((s: string) => s.trim().length > 0 || "must not be blank"),
);
/** An ISO 8601 time with its offset. */
const Instant = Schema.String.check(Schema.isMaxLength(40));
/** A whole number written in a query string (1–9 digits). */
const QueryNumber = Schema.String.check(Schema.makeFilter((s: string) => /^[1-9]\d{0,8}$/.test(s) || "must be a whole number from 1, written in digits"));

/** What each permission code lets a user do (shown beside the check boxes of the user form). */
export const PERMISSION_MEANINGS: Readonly<Record<PermissionCode, string>> = {
  "0": "All brands: an admin with it manages every brand and user",
  "1": "Brand Experience",
  "2": "CIR (customer-insight reports)",
  "3": "Facebook MA",
  "4": "Admin",
  "5": "Ads & Automation",
  "6": "KOL Campaign",
  "7": "E-Commerce",
  "8": "CRM and Affiliate",
  "9": "KPI and Clear Filter buttons",
};
export const ALL_PERMISSION_CODES = PermissionCodes;

/** A password an admin types for a user: 8–200 characters (the server's strength rule then applies). */
export const NewPassword = Schema.String.check(Schema.isMinLength(8), Schema.isMaxLength(200));
const EmailText = Schema.String.check(Schema.isMaxLength(254), Schema.isPattern(/^[^\s@]+@[^\s@]+\.[^\s@]+$/));
const BrandName = Name;
const Permissions = Schema.Array(PermissionCode).check(Schema.isMaxLength(10));
const BrandNames = Schema.Array(BrandName).check(Schema.isMaxLength(200));

// ---------------------------------------------------------------------------------------------
// Users

/** A user as the Users tab lists it. `version` grows with every change (optimistic concurrency). */
export const AdminUser = Schema.Struct({
  id: Id,
  email: Schema.String,
  name: Schema.String,
  permissions: Schema.Array(PermissionCode),
  brands: Schema.Array(Schema.String),
  disabled: Schema.Boolean,
  createdAt: Instant,
  lastSignInAt: Schema.NullOr(Instant),
  version: Count,
});
export type AdminUser = typeof AdminUser.Type;

export const ADMIN_USERS_PAGE_SIZE = 20;

/** `GET /user/admin-users?q=&page=`: one page of the users the admin manages, by email; `q` matches email or name. */
export const AdminUsersRequest = Schema.Struct({
  q: Schema.optionalKey(text(100)),
  page: Schema.optionalKey(QueryNumber),
});
export type AdminUsersRequest = typeof AdminUsersRequest.Type;
export const AdminUsersResponse = Schema.Struct({
  data: Schema.Array(AdminUser),
  total: Count,
  page: Id,
  pageSize: Id,
});
export type AdminUsersResponse = typeof AdminUsersResponse.Type;

export const AddUserRequest = Schema.Struct({
  email: EmailText,
  name: Name,
  password: NewPassword,
  permissions: Permissions,
  brands: BrandNames,
});
export type AddUserRequest = typeof AddUserRequest.Type;

/**
 * A change to a user: the fields given change, the others stay. `version` is the one the form was
 * opened on; a stale one answers 409 (someone else changed the user meanwhile) and changes nothing.
 * `disabled: true` ends the user's sessions at once and refuses their sign-in.
 */
export const UpdateUserRequest = Schema.Struct({
  id: Id,
  version: Count,
  name: Schema.optionalKey(Name),
  permissions: Schema.optionalKey(Permissions),
  brands: Schema.optionalKey(BrandNames),
  disabled: Schema.optionalKey(Schema.Boolean),
});
export type UpdateUserRequest = typeof UpdateUserRequest.Type;

export const AdminUserResponse = Schema.Struct({ msg: Schema.String, data: AdminUser });
export type AdminUserResponse = typeof AdminUserResponse.Type;

/** Sets a new password and ends the user's sessions. */
export const ResetUserPasswordRequest = Schema.Struct({ id: Id, password: NewPassword });
export type ResetUserPasswordRequest = typeof ResetUserPasswordRequest.Type;

export const UserIdRequest = Schema.Struct({ id: Id });
export type UserIdRequest = typeof UserIdRequest.Type;

// ---------------------------------------------------------------------------------------------
// Brands, accounts (bags) and pages

/** A social account's or page's id as the platform gives it: 1–64 letters, digits, `_`, `-`, `.`. */
export const PlatformId = Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_.-]{1,64}$/));

export const AdminPage = Schema.Struct({ id: PlatformId, name: Name });
export type AdminPage = typeof AdminPage.Type;

/** An account (bag) of a brand, on one channel, with its pages. */
export const AdminAccount = Schema.Struct({
  id: PlatformId,
  name: Name,
  channel: SocialChannel,
  pages: Schema.Array(AdminPage).check(Schema.isMaxLength(200)),
});
export type AdminAccount = typeof AdminAccount.Type;

/** A brand's channel and the first year its data goes back to (`accountTime.template`). */
export const BrandChannel = AccountTimeEntry;
export type BrandChannel = typeof BrandChannel.Type;

/** Years a channel's start may take. */
export const CHANNEL_START_YEAR_MIN = 2004;
export const CHANNEL_START_YEAR_MAX = 2100;

export const AdminBrand = Schema.Struct({
  id: Id,
  name: Schema.String,
  maLabel: MaLabel,
  channels: Schema.Array(BrandChannel),
  accounts: Schema.Array(AdminAccount),
  /** The o2o campaigns the brand's users read, and whether an upstream token is set (never the token). */
  o2o: Schema.Struct({ campaigns: Schema.Array(O2OCampaignRef), hasToken: Schema.Boolean }),
  /** How many users hold the brand. */
  users: Count,
  version: Count,
});
export type AdminBrand = typeof AdminBrand.Type;

/** `GET /user/admin-brands`: the brands the admin manages, and the o2o campaigns they may assign. */
export const AdminBrandsResponse = Schema.Struct({
  data: Schema.Array(AdminBrand),
  o2oCampaigns: Schema.Array(O2OCampaignRef),
});
export type AdminBrandsResponse = typeof AdminBrandsResponse.Type;

const Channels = Schema.Array(BrandChannel).check(Schema.isMaxLength(2));

/** A new brand; the admin who adds it holds it at once. */
export const AddBrandRequest = Schema.Struct({
  name: BrandName,
  maLabel: Schema.optionalKey(MaLabel),
  channels: Schema.optionalKey(Channels),
});
export type AddBrandRequest = typeof AddBrandRequest.Type;

/**
 * A change to a brand: rename, MA label, channels, o2o campaigns, o2o token (write-only: a string
 * sets it, "" clears it, absent keeps it). Stale `version` → 409.
 */
export const UpdateBrandRequest = Schema.Struct({
  id: Id,
  version: Count,
  name: Schema.optionalKey(BrandName),
  maLabel: Schema.optionalKey(MaLabel),
  channels: Schema.optionalKey(Channels),
  o2oCampaigns: Schema.optionalKey(Schema.Array(Id).check(Schema.isMaxLength(500))),
  o2oToken: Schema.optionalKey(text(500)),
});
export type UpdateBrandRequest = typeof UpdateBrandRequest.Type;

export const AdminBrandResponse = Schema.Struct({ msg: Schema.String, data: AdminBrand });
export type AdminBrandResponse = typeof AdminBrandResponse.Type;

/**
 * `/formAC`: adds a social account (bag) with its pages to a brand. The channel must be one of the
 * brand's channels; the account id and the page ids must not exist yet (in any brand).
 */
export const AddAccountRequest = Schema.Struct({ brandId: Id, account: AdminAccount });
export type AddAccountRequest = typeof AddAccountRequest.Type;

/** Renames an account and replaces its pages (a page left out is removed with its data). */
export const UpdateAccountRequest = Schema.Struct({
  brandId: Id,
  id: PlatformId,
  name: Name,
  pages: Schema.Array(AdminPage).check(Schema.isMaxLength(200)),
});
export type UpdateAccountRequest = typeof UpdateAccountRequest.Type;

export const RemoveAccountRequest = Schema.Struct({ brandId: Id, id: PlatformId });
export type RemoveAccountRequest = typeof RemoveAccountRequest.Type;

// ---------------------------------------------------------------------------------------------
// Audit: the event log's admin entries

export const AUDIT_KINDS = ["user", "brand", "account"] as const;
export const AuditKind = Schema.Literals(AUDIT_KINDS);
export type AuditKind = typeof AuditKind.Type;
export const AUDIT_KIND_LABELS: Readonly<Record<AuditKind, string>> = { user: "Users", brand: "Brands", account: "Accounts" };

/**
 * The admin event types (entity = the kind). Every admin write appends one in the transaction
 * that makes the change; `payload` holds `{ before, after }` (a password never, only that it changed).
 */
export const ADMIN_EVENT_TYPES = [
  "user.added", "user.updated", "user.password_reset", "user.removed",
  "brand.added", "brand.updated",
  "account.added", "account.updated", "account.removed",
] as const;
export type AdminEventType = (typeof ADMIN_EVENT_TYPES)[number];

export const AuditEntry = Schema.Struct({
  id: Id,
  at: Instant,
  /** Who made the change: the admin's email, or "cli" for the users CLI. */
  actor: Schema.String,
  type: Schema.String,
  kind: AuditKind,
  /** The user's email, the brand's name, or `brand / account id`. */
  subject: Schema.String,
  before: Schema.Unknown,
  after: Schema.Unknown,
  /** One line in words: "permissions 1,7 → 1,7,9". */
  summary: Schema.String,
});
export type AuditEntry = typeof AuditEntry.Type;

export const AUDIT_PAGE_SIZE = 50;

/** `GET /user/admin-audit?actor=&kind=&after=`: newest first; `after` is the `next` of the page before. */
export const AdminAuditRequest = Schema.Struct({
  actor: Schema.optionalKey(text(254)),
  kind: Schema.optionalKey(AuditKind),
  after: Schema.optionalKey(QueryNumber),
});
export type AdminAuditRequest = typeof AdminAuditRequest.Type;
export const AdminAuditResponse = Schema.Struct({ data: Schema.Array(AuditEntry), next: Schema.NullOr(Id) });
export type AdminAuditResponse = typeof AdminAuditResponse.Type;
