/**
 * Who may see and open what (spec §2, §4, §6): the side menu, route permissions, the top-bar
 * buttons, the permission store toggle, and the brand, channel and year choices.
 */
import { DateTime } from "luxon";
import { BUSINESS_ZONE } from "./dates";
import { PermissionCodes, type AccountTimeEntry, type PermissionCode, type SocialChannel } from "./entities";

/** One side-menu entry: its label, the route it opens and the permission that enables it. */
export interface MenuItem {
  readonly label: string;
  readonly path: string;
  readonly permission: PermissionCode;
}

/** The side menu of spec §2, in display order. CRM and Affiliate share permission 8 (spec §6). */
export const MENU_ITEMS: readonly MenuItem[] = Object.freeze([
  { label: "Brand Experience", path: "/brandEx", permission: "1" },
  { label: "CIR", path: "/cir", permission: "2" },
  { label: "Facebook MA", path: "/ma", permission: "3" },
  { label: "Admin", path: "/admin", permission: "4" },
  { label: "Ads & Automation", path: "/ads", permission: "5" },
  { label: "KOL Campaign", path: "/campaign", permission: "6" },
  { label: "E-Commerce", path: "/e-commerce", permission: "7" },
  { label: "CRM", path: "/crm", permission: "8" },
  { label: "Affiliate", path: "/affiliate", permission: "8" },
].map((item) => Object.freeze(item as MenuItem)));

/**
 * The o2o visitor analytics page: no permission code guards it (spec §6); a user has access when
 * the user data lists o2o campaigns (`listO2O`). Its menu item comes after Affiliate.
 */
export const O2O_MENU_ITEM = Object.freeze({ label: "O2O", path: "/o2o" });

/** One entry of the side menu as shown: its label, path and whether it can be clicked. */
export interface MenuEntry {
  readonly label: string;
  readonly path: string;
  readonly enabled: boolean;
}

/**
 * The side menu a user sees: the nine items of spec §2, enabled by permission, then O2O for a
 * user with o2o campaigns (never shown, not even disabled, to others: it is not a module they
 * could be granted by a permission code).
 */
export function sideMenuEntries(permissions: readonly PermissionCode[], o2oCampaigns: number): MenuEntry[] {
  const entries = MENU_ITEMS.map((item) => ({ label: item.label, path: item.path, enabled: isMenuItemEnabled(item, permissions) }));
  return o2oCampaigns > 0 ? [...entries, { ...O2O_MENU_ITEM, enabled: true }] : entries;
}

/** The permission behind the KPI and Clear Filter buttons (spec §6). */
export const KPI_PERMISSION: PermissionCode = "9";

/**
 * Whether a side-menu item is clickable (spec §5): only when the user holds its code.
 */
export function isMenuItemEnabled(item: MenuItem, permissions: readonly PermissionCode[]): boolean {
  return permissions.includes(item.permission);
}

/**
 * The first path segment, lower-cased: the router matches paths case-insensitively and
 * ignores a trailing slash, query and hash, so the rules must see "/CIR/7/?x" as "cir".
 */
function pageOf(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? "";
  const first = bare.split("/").find((segment) => segment.length > 0) ?? "";
  return first.toLowerCase();
}

/** Routes outside the side menu that a module's permission guards: /formAC is Admin's (adds an account to a brand). */
const EXTRA_ROUTE_PERMISSIONS: readonly (readonly [string, PermissionCode])[] = [["/formAC", "4"]];

const PERMISSION_BY_PAGE: ReadonlyMap<string, PermissionCode> = new Map(
  [...MENU_ITEMS.map((item) => [item.path, item.permission] as const), ...EXTRA_ROUTE_PERMISSIONS].map(([path, code]) => [pageOf(path), code]),
);

/**
 * The permission a route needs (spec §6). Everything under a module's path needs the
 * module's code, so /cir/123 needs "2" and no sub-path slips past the guard.
 *
 * @param path - a route path, possibly with an id, trailing slash, query or hash
 * @returns the code, or null for routes no permission guards (/, /login, /o2o, /report …);
 *   /formAC, outside the menu, needs Admin's "4"
 */
export function routePermission(path: string): PermissionCode | null {
  return PERMISSION_BY_PAGE.get(pageOf(path)) ?? null;
}

/**
 * Whether the user may open a route: routes without a permission are open to every
 * signed-in user; module routes need the module's code.
 */
export function canOpenRoute(path: string, permissions: readonly PermissionCode[]): boolean {
  const needed = routePermission(path);
  return needed === null || permissions.includes(needed);
}

const O2O_PAGE = "o2o";
const CLEAR_FILTER_PAGES: ReadonlySet<string> = new Set(["crm", "e-commerce", "cir", "ads"]);
const NO_KPI_PAGES: ReadonlySet<string> = new Set(["crm", "e-commerce", "campaign"]);

/** Whether the top bar shows the date-range picker (spec §2): everywhere but o2o, which has its own range. */
export function showDatePicker(path: string): boolean {
  return pageOf(path) !== O2O_PAGE;
}

/**
 * Whether the top bar shows Clear Filter (spec §2): with permission 9 on the pages that
 * keep filter state (crm, e-commerce, cir including /cir/:id, ads); never on o2o.
 */
export function showClearFilter(path: string, permissions: readonly PermissionCode[]): boolean {
  return permissions.includes(KPI_PERMISSION) && CLEAR_FILTER_PAGES.has(pageOf(path));
}

/**
 * Whether the top bar shows the KPI button (spec §2): with permission 9 on every page but
 * crm, e-commerce and campaign; never on o2o.
 */
export function showKpiButton(path: string, permissions: readonly PermissionCode[]): boolean {
  const page = pageOf(path);
  return permissions.includes(KPI_PERMISSION) && page !== O2O_PAGE && !NO_KPI_PAGES.has(page);
}

/**
 * The permission store toggle (spec §4): status 1 grants the code, any other status revokes it.
 *
 * @returns a new list without duplicates, in code order, whatever the order of `list`
 */
export function togglePermission(
  list: readonly PermissionCode[],
  code: PermissionCode,
  status: number,
): PermissionCode[] {
  const held = new Set<PermissionCode>(list);
  if (status === 1) held.add(code);
  else held.delete(code);
  return PermissionCodes.filter((c) => held.has(c));
}

/** How each account channel is named in the channel select. */
export const CHANNEL_LABELS: Readonly<Record<SocialChannel, string>> = Object.freeze({
  facebook: "Facebook",
  tiktok: "TikTok",
});

/** The channel option that stands for every channel (spec §3 default selectCh). */
export const ALL_CHANNEL = "All Channel";

/**
 * The channel select options (spec §4): All Channel, then the channels of the account
 * template in its order. On /ma (Facebook MA) the last channel is dropped; All Channel
 * itself is never dropped. A channel listed twice is offered once.
 */
export function channelOptions(accountTemplate: readonly AccountTimeEntry[], path: string): string[] {
  const channels = [...new Set(accountTemplate.map((entry) => CHANNEL_LABELS[entry.channel]))];
  if (pageOf(path) === "ma") channels.pop();
  return [ALL_CHANNEL, ...channels];
}

/** The account template the store starts with (spec §3): Facebook and TikTok since 2021. */
export const DEFAULT_ACCOUNT_TEMPLATE: readonly AccountTimeEntry[] = Object.freeze([
  Object.freeze({ channel: "facebook", startYear: 2021 } as const),
  Object.freeze({ channel: "tiktok", startYear: 2021 } as const),
]);

/** The brands offered when the user record lists none (spec §9). */
export const DEFAULT_BRANDS = Object.freeze(["Tipco", "Aura", "Aura Move"] as const);

/**
 * The years a channel can be viewed for (spec §9): its start year up to the current year in
 * Bangkok, so a New Year's Eve evening in UTC already offers the Thai new year.
 *
 * @returns ascending years; empty when startYear is after the current year
 * @throws RangeError when startYear is not an integer or `now` is not a valid instant
 */
export function selectableYears(startYear: number, now: Date | number): number[] {
  if (!Number.isInteger(startYear)) throw new RangeError(`startYear must be an integer, got ${startYear}`);
  const current = DateTime.fromMillis(typeof now === "number" ? now : now.getTime(), { zone: BUSINESS_ZONE });
  if (!current.isValid) throw new RangeError(`Invalid instant: ${String(now)}`);
  const years: number[] = [];
  for (let year = startYear; year <= current.year; year++) years.push(year);
  return years;
}
