/**
 * The forms of /admin and /formAC (issue 17) and their field checks: what a person types, the
 * problems shown under each field (field → message), and the requests built from a valid form.
 * The checks mirror the contract's (domain/adminContract.ts), which the server answers its 400s
 * with, so a form and the server agree; a field the server still refuses shows under that field.
 */
import {
  CHANNEL_START_YEAR_MAX, CHANNEL_START_YEAR_MIN, type AdminAccount, type AdminBrand, type AdminUser, type BrandChannel,
} from "../../domain/adminContract";
import type { MaLabel, PermissionCode, SocialChannel } from "../../domain/entities";
import type { Problems } from "../kolEditors/kolChecks";

/** The message under each field that is wrong (fields left out are fine): the KOL dialogs' type. */
export type { Problems };

const blank = (s: string) => s.trim().length === 0;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PLATFORM_ID = /^[A-Za-z0-9_.-]{1,64}$/;
export const PLATFORM_ID_RULE = "1–64 letters, digits, _ - or .";

function nameProblem(name: string, what: string): string | undefined {
  if (blank(name)) return `${what} is required.`;
  if (name.trim().length > 100) return `${what} must be at most 100 characters.`;
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// User

export interface UserForm {
  /** Whether the form adds a user (email and password then asked). */
  readonly isNew: boolean;
  /** The user is the signed-in admin: permission 4 and Disabled cannot be changed. */
  readonly self: boolean;
  readonly version: number;
  readonly email: string;
  readonly name: string;
  readonly password: string;
  readonly permissions: readonly PermissionCode[];
  readonly brands: readonly string[];
  readonly disabled: boolean;
}

export const EMPTY_USER_FORM: UserForm = {
  isNew: true, self: false, version: 0, email: "", name: "", password: "", permissions: [], brands: [], disabled: false,
};

export function userFormOf(user: AdminUser | null, selfEmail: string): UserForm {
  if (user === null) return EMPTY_USER_FORM;
  return {
    isNew: false, self: user.email.toLowerCase() === selfEmail.toLowerCase(), version: user.version, email: user.email, name: user.name,
    password: "", permissions: [...user.permissions], brands: [...user.brands], disabled: user.disabled,
  };
}

export function userFormProblems(form: UserForm): Problems<keyof UserForm> {
  const p: Problems<keyof UserForm> = {};
  if (form.isNew) {
    if (blank(form.email)) p.email = "Email is required.";
    else if (!EMAIL.test(form.email.trim()) || form.email.trim().length > 254) p.email = "Enter an email address such as name@example.com.";
    if (form.password.length < 8) p.password = "The password needs at least 8 characters.";
    else if (form.password.length > 200) p.password = "The password must be at most 200 characters.";
  }
  const name = nameProblem(form.name, "Name");
  if (name !== undefined) p.name = name;
  if (form.self && !form.permissions.includes("4")) p.permissions = "You cannot take away your own permission 4 (Admin).";
  if (form.self && form.disabled) p.disabled = "You cannot disable yourself.";
  return p;
}

const sortedCodes = (codes: readonly PermissionCode[]) => [...new Set(codes)].sort();

export const addUserRequestOf = (form: UserForm) => ({
  email: form.email.trim(), name: form.name.trim(), password: form.password, permissions: sortedCodes(form.permissions), brands: [...form.brands],
});

export const updateUserRequestOf = (id: number, form: UserForm) => ({
  id, version: form.version, name: form.name.trim(), permissions: sortedCodes(form.permissions), brands: [...form.brands],
  ...(form.self ? {} : { disabled: form.disabled }),
});

// ---------------------------------------------------------------------------------------------
// Password

export interface PasswordForm {
  readonly password: string;
  readonly confirm: string;
}

export const EMPTY_PASSWORD_FORM: PasswordForm = { password: "", confirm: "" };

export function passwordFormProblems(form: PasswordForm): Problems<keyof PasswordForm> {
  const p: Problems<keyof PasswordForm> = {};
  if (form.password.length < 8) p.password = "The password needs at least 8 characters.";
  else if (form.password.length > 200) p.password = "The password must be at most 200 characters.";
  if (form.confirm !== form.password) p.confirm = "The two passwords differ.";
  return p;
}

// ---------------------------------------------------------------------------------------------
// Brand

export const CHANNELS: readonly SocialChannel[] = ["facebook", "tiktok"];
export const CHANNEL_LABELS: Readonly<Record<SocialChannel, string>> = { facebook: "Facebook", tiktok: "TikTok" };

export interface BrandForm {
  readonly version: number;
  readonly name: string;
  readonly maLabel: MaLabel;
  /** Each channel's start year as typed; null: the brand is not on the channel. */
  readonly channels: Readonly<Record<SocialChannel, string | null>>;
  readonly o2oCampaigns: readonly number[];
  /** Whether a token is stored (the server never sends it back). */
  readonly hasToken: boolean;
  /** A new token typed; "" keeps the stored one. */
  readonly token: string;
  /** Clear the stored token on save. */
  readonly clearToken: boolean;
}

export const EMPTY_BRAND_FORM: BrandForm = {
  version: 0, name: "", maLabel: "Facebook MA", channels: { facebook: null, tiktok: null },
  o2oCampaigns: [], hasToken: false, token: "", clearToken: false,
};

export function brandFormOf(brand: AdminBrand | null): BrandForm {
  if (brand === null) return EMPTY_BRAND_FORM;
  const year = (c: SocialChannel) => {
    const entry = brand.channels.find((x) => x.channel === c);
    return entry === undefined ? null : String(entry.startYear);
  };
  return {
    version: brand.version, name: brand.name, maLabel: brand.maLabel, channels: { facebook: year("facebook"), tiktok: year("tiktok") },
    o2oCampaigns: brand.o2o.campaigns.map((c) => c.id), hasToken: brand.o2o.hasToken, token: "", clearToken: false,
  };
}

export function brandFormProblems(form: BrandForm): Problems<keyof BrandForm> {
  const p: Problems<keyof BrandForm> = {};
  const name = nameProblem(form.name, "Brand name");
  if (name !== undefined) p.name = name;
  for (const c of CHANNELS) {
    const typed = form.channels[c];
    if (typed === null) continue;
    const year = Number(typed.trim());
    if (!/^\d{4}$/.test(typed.trim()) || year < CHANNEL_START_YEAR_MIN || year > CHANNEL_START_YEAR_MAX) {
      p.channels = `${CHANNEL_LABELS[c]}: the start year must be a year from ${CHANNEL_START_YEAR_MIN} to ${CHANNEL_START_YEAR_MAX}.`;
      break;
    }
  }
  if (form.token.length > 500) p.token = "The token must be at most 500 characters.";
  return p;
}

export function brandChannelsOf(form: BrandForm): BrandChannel[] {
  return CHANNELS.flatMap((channel) => {
    const typed = form.channels[channel];
    return typed === null ? [] : [{ channel, startYear: Number(typed.trim()) }];
  });
}

export const addBrandRequestOf = (form: BrandForm) => ({ name: form.name.trim(), maLabel: form.maLabel, channels: brandChannelsOf(form) });

export function updateBrandRequestOf(id: number, form: BrandForm) {
  const token = form.clearToken ? { o2oToken: "" } : form.token.length > 0 ? { o2oToken: form.token } : {};
  return {
    id, version: form.version, name: form.name.trim(), maLabel: form.maLabel, channels: brandChannelsOf(form),
    o2oCampaigns: [...form.o2oCampaigns], ...token,
  };
}

// ---------------------------------------------------------------------------------------------
// Account (bag) with its pages: /formAC, and the account's edit dialog in Admin

export interface PageRow {
  readonly id: string;
  readonly name: string;
}

export interface AccountForm {
  /** Whether the form adds an account (/formAC): brand, channel and account id are then chosen. */
  readonly isNew: boolean;
  /** The brand's id; null before one is chosen. */
  readonly brandId: number | null;
  /** The chosen brand's channels (the channel must be one of them). */
  readonly brandChannels: readonly SocialChannel[];
  readonly channel: SocialChannel | null;
  readonly id: string;
  readonly name: string;
  readonly pages: readonly PageRow[];
}

export const EMPTY_ACCOUNT_FORM: AccountForm = {
  isNew: true, brandId: null, brandChannels: [], channel: null, id: "", name: "", pages: [{ id: "", name: "" }],
};

/** The form of /formAC for a brand (its first channel chosen). */
export function newAccountFormOf(brand: AdminBrand | null): AccountForm {
  if (brand === null) return EMPTY_ACCOUNT_FORM;
  const channels = brand.channels.map((c) => c.channel);
  return { ...EMPTY_ACCOUNT_FORM, brandId: brand.id, brandChannels: channels, channel: channels[0] ?? null };
}

export function accountFormOf(brand: AdminBrand, account: AdminAccount): AccountForm {
  return {
    isNew: false, brandId: brand.id, brandChannels: brand.channels.map((c) => c.channel), channel: account.channel,
    id: account.id, name: account.name, pages: account.pages.map((p) => ({ id: p.id, name: p.name })),
  };
}

/** The page ids that appear more than once in the form (trimmed). */
export function duplicatePageIds(pages: readonly PageRow[]): ReadonlySet<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const row of pages) {
    const id = row.id.trim();
    if (id === "") continue;
    if (seen.has(id)) twice.add(id);
    seen.add(id);
  }
  return twice;
}

export function accountFormProblems(form: AccountForm): Problems<keyof AccountForm> {
  const p: Problems<keyof AccountForm> = {};
  if (form.isNew) {
    if (form.brandId === null) p.brandId = "Choose the brand.";
    if (form.channel === null) p.channel = form.brandId !== null && form.brandChannels.length === 0 ? "The brand has no channel: add one in Admin first." : "Choose the channel.";
    else if (!form.brandChannels.includes(form.channel)) p.channel = "The channel must be one of the brand's channels.";
    if (blank(form.id)) p.id = "Account id is required.";
    else if (!PLATFORM_ID.test(form.id.trim())) p.id = `The account id must be ${PLATFORM_ID_RULE}.`;
  }
  const name = nameProblem(form.name, "Account name");
  if (name !== undefined) p.name = name;
  p.pages = pagesProblem(form);
  if (p.pages === undefined) delete p.pages;
  return p;
}

function pagesProblem(form: AccountForm): string | undefined {
  for (const [i, row] of form.pages.entries()) {
    const n = i + 1;
    if (blank(row.id)) return `Page ${n}: the page id is required.`;
    if (!PLATFORM_ID.test(row.id.trim())) return `Page ${n}: the page id must be ${PLATFORM_ID_RULE}.`;
    const name = nameProblem(row.name, `Page ${n}: the page name`);
    if (name !== undefined) return name;
    if (form.isNew && row.id.trim() === form.id.trim()) return `Page ${n}: the page id is the account's id.`;
  }
  const twice = [...duplicatePageIds(form.pages)];
  if (twice.length > 0) return `Page id ${twice.join(", ")} appears more than once.`;
  if (form.pages.length > 200) return "At most 200 pages.";
  return undefined;
}

const pagesOf = (form: AccountForm) => form.pages.map((p) => ({ id: p.id.trim(), name: p.name.trim() }));

export const addAccountRequestOf = (form: AccountForm) => ({
  brandId: form.brandId ?? 0,
  account: { id: form.id.trim(), name: form.name.trim(), channel: form.channel ?? "facebook", pages: pagesOf(form) },
});

export const updateAccountRequestOf = (form: AccountForm) => ({ brandId: form.brandId ?? 0, id: form.id.trim(), name: form.name.trim(), pages: pagesOf(form) });
