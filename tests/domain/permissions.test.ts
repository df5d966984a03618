import { describe, expect, it } from "vitest";
import { PermissionCodes, type AccountTimeEntry, type PermissionCode } from "../../domain/entities";
import {
  ALL_CHANNEL, CHANNEL_LABELS, DEFAULT_ACCOUNT_TEMPLATE, DEFAULT_BRANDS, KPI_PERMISSION, MENU_ITEMS,
  canOpenRoute, channelOptions, isMenuItemEnabled, routePermission, selectableYears, showClearFilter,
  showDatePicker, showKpiButton, sideMenuEntries, togglePermission, type MenuItem,
} from "../../domain/permissions";

const ALL: readonly PermissionCode[] = PermissionCodes;
const WITHOUT_9: readonly PermissionCode[] = PermissionCodes.filter((c) => c !== "9");
const ONLY_9: readonly PermissionCode[] = ["9"];

describe("MENU_ITEMS", () => {
  it.each([
    [0, "Brand Experience", "/brandEx", "1"],
    [1, "CIR", "/cir", "2"],
    [2, "Facebook MA", "/ma", "3"],
    [3, "Admin", "/admin", "4"],
    [4, "Ads & Automation", "/ads", "5"],
    [5, "KOL Campaign", "/campaign", "6"],
    [6, "E-Commerce", "/e-commerce", "7"],
    [7, "CRM", "/crm", "8"],
    [8, "Affiliate", "/affiliate", "8"],
  ] as const)("lists item %i as %s at %s, enabled by permission %s", (index, label, path, permission) => {
    expect(MENU_ITEMS[index]).toEqual({ label, path, permission });
  });

  it("has exactly the nine items of the spec", () => {
    expect(MENU_ITEMS).toHaveLength(9);
  });

  it("cannot be changed by a caller", () => {
    expect(Object.isFrozen(MENU_ITEMS) && MENU_ITEMS.every((item) => Object.isFrozen(item))).toBe(true);
  });
});

describe("sideMenuEntries: the menu a user sees", () => {
  it("ends with O2O after Affiliate for a user with o2o campaigns, enabled whatever the permission codes", () => {
    const entries = sideMenuEntries(["1"], 2);
    expect(entries.map((e) => e.label).slice(-2)).toEqual(["Affiliate", "O2O"]);
    expect(entries.at(-1)).toEqual({ label: "O2O", path: "/o2o", enabled: true });
    expect(entries.find((e) => e.label === "CIR")?.enabled).toBe(false);
  });

  it("has no O2O item for a user without o2o campaigns", () => {
    expect(sideMenuEntries(ALL, 0).map((e) => e.path)).not.toContain("/o2o");
    expect(sideMenuEntries(ALL, 0)).toHaveLength(9);
  });
});

describe("isMenuItemEnabled", () => {
  const item = (path: string): MenuItem => {
    const found = MENU_ITEMS.find((i) => i.path === path);
    if (!found) throw new Error(`no menu item ${path}`);
    return found;
  };
  it.each<{ behaviour: string; path: string; permissions: readonly PermissionCode[]; expected: boolean }>([
    { behaviour: "enables an item whose code the user holds", path: "/cir", permissions: ["2"], expected: true },
    { behaviour: "disables an item whose code the user lacks", path: "/cir", permissions: ["1", "3"], expected: false },
    { behaviour: "disables every item for a user without permissions", path: "/brandEx", permissions: [], expected: false },
    { behaviour: "enables CRM with permission 8", path: "/crm", permissions: ["8"], expected: true },
    { behaviour: "enables Affiliate with the same permission 8 as CRM", path: "/affiliate", permissions: ["8"], expected: true },
    { behaviour: "does not treat permission 9 as a menu permission", path: "/admin", permissions: ["9"], expected: false },
    { behaviour: "enables every item with the default all-granted list", path: "/e-commerce", permissions: ALL, expected: true },
  ])("$behaviour", ({ path, permissions, expected }) => {
    expect(isMenuItemEnabled(item(path), permissions)).toBe(expected);
  });
});

describe("routePermission", () => {
  it.each<{ behaviour: string; path: string; expected: PermissionCode | null }>([
    { behaviour: "needs 1 for Brand Experience", path: "/brandEx", expected: "1" },
    { behaviour: "needs 2 for CIR", path: "/cir", expected: "2" },
    { behaviour: "needs 2 for a CIR detail page", path: "/cir/123", expected: "2" },
    { behaviour: "needs 3 for Facebook MA", path: "/ma", expected: "3" },
    { behaviour: "needs 4 for Admin", path: "/admin", expected: "4" },
    { behaviour: "needs 5 for Ads & Automation", path: "/ads", expected: "5" },
    { behaviour: "needs 6 for KOL Campaign", path: "/campaign", expected: "6" },
    { behaviour: "needs 7 for E-Commerce", path: "/e-commerce", expected: "7" },
    { behaviour: "needs 8 for CRM", path: "/crm", expected: "8" },
    { behaviour: "needs 8 for Affiliate", path: "/affiliate", expected: "8" },
    { behaviour: "ignores a trailing slash", path: "/ma/", expected: "3" },
    { behaviour: "ignores the query string and hash", path: "/cir/123?tab=2#top", expected: "2" },
    { behaviour: "matches regardless of letter case, like the router", path: "/BRANDEX", expected: "1" },
    { behaviour: "guards any sub-path of a module so it cannot slip past", path: "/admin/users", expected: "4" },
    { behaviour: "needs Admin's 4 for the add-account form, which is outside the menu", path: "/formAC", expected: "4" },
    { behaviour: "needs 4 for the add-account form with its brand in the query, in any letter case", path: "/FORMAC?b=3", expected: "4" },
    { behaviour: "does not mistake a path that only starts with a module name", path: "/mail", expected: null },
    { behaviour: "does not mistake /adsx for /ads", path: "/adsx", expected: null },
    { behaviour: "needs nothing for the index", path: "/", expected: null },
    { behaviour: "needs nothing for an empty path", path: "", expected: null },
    { behaviour: "needs nothing for login", path: "/login", expected: null },
    { behaviour: "needs nothing for logout", path: "/logout", expected: null },
    { behaviour: "needs nothing for o2o", path: "/o2o", expected: null },
    { behaviour: "needs nothing for report", path: "/report", expected: null },
    { behaviour: "needs nothing for the permission error page", path: "/errorPermission", expected: null },
    { behaviour: "needs nothing for an unknown route", path: "/nowhere", expected: null },
  ])("$behaviour", ({ path, expected }) => {
    expect(routePermission(path)).toBe(expected);
  });
});

describe("canOpenRoute", () => {
  it.each<{ behaviour: string; path: string; permissions: readonly PermissionCode[]; expected: boolean }>([
    { behaviour: "opens a module route whose code the user holds", path: "/ads", permissions: ["5"], expected: true },
    { behaviour: "refuses a module route whose code the user lacks", path: "/ads", permissions: ["1", "2"], expected: false },
    { behaviour: "refuses a CIR detail page without permission 2", path: "/cir/42", permissions: ["1"], expected: false },
    { behaviour: "opens a CIR detail page with permission 2", path: "/cir/42", permissions: ["2"], expected: true },
    { behaviour: "refuses an upper-case spelling of a guarded route", path: "/Admin", permissions: ["1"], expected: false },
    { behaviour: "opens a route without a permission to a user with none", path: "/o2o", permissions: [], expected: true },
    { behaviour: "opens the index to a user with none", path: "/", permissions: [], expected: true },
    { behaviour: "opens Affiliate with the CRM permission", path: "/affiliate", permissions: ["8"], expected: true },
    { behaviour: "refuses the add-account form without permission 4", path: "/formAC", permissions: ["1", "2", "3", "5", "6", "7", "8", "9"], expected: false },
    { behaviour: "opens the add-account form with permission 4", path: "/formAC", permissions: ["4"], expected: true },
  ])("$behaviour", ({ path, permissions, expected }) => {
    expect(canOpenRoute(path, permissions)).toBe(expected);
  });
});

describe("showDatePicker", () => {
  it.each([
    { behaviour: "hides the date picker on o2o", path: "/o2o", expected: false },
    { behaviour: "hides the date picker on o2o with a trailing slash", path: "/o2o/", expected: false },
    { behaviour: "hides the date picker on o2o with a query", path: "/o2o?tab=leads_bounced", expected: false },
    { behaviour: "shows the date picker on Brand Experience", path: "/brandEx", expected: true },
    { behaviour: "shows the date picker on a CIR detail page", path: "/cir/7", expected: true },
    { behaviour: "shows the date picker on CRM", path: "/crm", expected: true },
  ])("$behaviour", ({ path, expected }) => {
    expect(showDatePicker(path)).toBe(expected);
  });
});

describe("showClearFilter", () => {
  it.each<{ behaviour: string; path: string; permissions: readonly PermissionCode[]; expected: boolean }>([
    { behaviour: "shows Clear Filter on crm with permission 9", path: "/crm", permissions: ONLY_9, expected: true },
    { behaviour: "shows Clear Filter on e-commerce with permission 9", path: "/e-commerce", permissions: ONLY_9, expected: true },
    { behaviour: "shows Clear Filter on cir with permission 9", path: "/cir", permissions: ONLY_9, expected: true },
    { behaviour: "shows Clear Filter on a CIR detail page with permission 9", path: "/cir/123", permissions: ONLY_9, expected: true },
    { behaviour: "shows Clear Filter on ads with permission 9", path: "/ads", permissions: ONLY_9, expected: true },
    { behaviour: "hides Clear Filter on crm without permission 9", path: "/crm", permissions: WITHOUT_9, expected: false },
    { behaviour: "hides Clear Filter on cir without permission 9", path: "/cir/123", permissions: WITHOUT_9, expected: false },
    { behaviour: "hides Clear Filter on Brand Experience even with permission 9", path: "/brandEx", permissions: ALL, expected: false },
    { behaviour: "hides Clear Filter on campaign even with permission 9", path: "/campaign", permissions: ALL, expected: false },
    { behaviour: "hides Clear Filter on Facebook MA even with permission 9", path: "/ma", permissions: ALL, expected: false },
    { behaviour: "hides Clear Filter on affiliate even though it shares CRM's permission", path: "/affiliate", permissions: ALL, expected: false },
    { behaviour: "never shows Clear Filter on o2o", path: "/o2o", permissions: ALL, expected: false },
    { behaviour: "shows Clear Filter whatever the letter case of the path", path: "/E-Commerce/", permissions: ONLY_9, expected: true },
  ])("$behaviour", ({ path, permissions, expected }) => {
    expect(showClearFilter(path, permissions)).toBe(expected);
  });
});

describe("showKpiButton", () => {
  it.each<{ behaviour: string; path: string; permissions: readonly PermissionCode[]; expected: boolean }>([
    { behaviour: "shows KPI on Brand Experience with permission 9", path: "/brandEx", permissions: ONLY_9, expected: true },
    { behaviour: "shows KPI on cir with permission 9", path: "/cir", permissions: ONLY_9, expected: true },
    { behaviour: "shows KPI on a CIR detail page with permission 9", path: "/cir/9", permissions: ONLY_9, expected: true },
    { behaviour: "shows KPI on Facebook MA with permission 9", path: "/ma", permissions: ONLY_9, expected: true },
    { behaviour: "shows KPI on ads with permission 9", path: "/ads", permissions: ONLY_9, expected: true },
    { behaviour: "shows KPI on admin with permission 9", path: "/admin", permissions: ONLY_9, expected: true },
    { behaviour: "shows KPI on affiliate with permission 9", path: "/affiliate", permissions: ONLY_9, expected: true },
    { behaviour: "hides KPI on crm even with permission 9", path: "/crm", permissions: ALL, expected: false },
    { behaviour: "hides KPI on e-commerce even with permission 9", path: "/e-commerce", permissions: ALL, expected: false },
    { behaviour: "hides KPI on campaign even with permission 9", path: "/campaign", permissions: ALL, expected: false },
    { behaviour: "never shows KPI on o2o", path: "/o2o", permissions: ALL, expected: false },
    { behaviour: "hides KPI on Brand Experience without permission 9", path: "/brandEx", permissions: WITHOUT_9, expected: false },
    { behaviour: "hides KPI for a user with no permissions", path: "/ads", permissions: [], expected: false },
    { behaviour: "hides KPI on campaign whatever the letter case of the path", path: "/Campaign/", permissions: ALL, expected: false },
  ])("$behaviour", ({ path, permissions, expected }) => {
    expect(showKpiButton(path, permissions)).toBe(expected);
  });
});

describe("togglePermission", () => {
  it.each<{ behaviour: string; list: PermissionCode[]; code: PermissionCode; status: number; expected: PermissionCode[] }>([
    { behaviour: "adds a code with status 1", list: ["1", "3"], code: "2", status: 1, expected: ["1", "2", "3"] },
    { behaviour: "does not add a code twice", list: ["1", "2"], code: "2", status: 1, expected: ["1", "2"] },
    { behaviour: "removes a code with status 0", list: ["1", "2", "3"], code: "2", status: 0, expected: ["1", "3"] },
    { behaviour: "removes a code with any status other than 1", list: ["1", "9"], code: "9", status: 2, expected: ["1"] },
    { behaviour: "removes a code with a negative status", list: ["4"], code: "4", status: -1, expected: [] },
    { behaviour: "leaves the list as it was when removing a code it lacks", list: ["1", "2"], code: "7", status: 0, expected: ["1", "2"] },
    { behaviour: "adds to an empty list", list: [], code: "9", status: 1, expected: ["9"] },
    { behaviour: "sorts an unsorted list in code order", list: ["9", "3", "1"], code: "0", status: 1, expected: ["0", "1", "3", "9"] },
    { behaviour: "removes every copy of a duplicated code", list: ["5", "5", "6"], code: "5", status: 0, expected: ["6"] },
    { behaviour: "treats status 1.5 as not 1, so it removes", list: ["5"], code: "5", status: 1.5, expected: [] },
  ])("$behaviour", ({ list, code, status, expected }) => {
    const before = [...list];
    expect(togglePermission(list, code, status)).toEqual(expected);
    expect(list).toEqual(before);
  });
});

describe("KPI_PERMISSION", () => {
  it("is code 9", () => {
    expect(KPI_PERMISSION).toBe("9");
  });
});

describe("channelOptions", () => {
  const fb: AccountTimeEntry = { channel: "facebook", startYear: 2021 };
  const tt: AccountTimeEntry = { channel: "tiktok", startYear: 2022 };
  it.each<{ behaviour: string; template: readonly AccountTimeEntry[]; path: string; expected: string[] }>([
    { behaviour: "offers All Channel, Facebook and TikTok from the default template", template: DEFAULT_ACCOUNT_TEMPLATE, path: "/brandEx", expected: ["All Channel", "Facebook", "TikTok"] },
    { behaviour: "drops the last channel on /ma", template: DEFAULT_ACCOUNT_TEMPLATE, path: "/ma", expected: ["All Channel", "Facebook"] },
    { behaviour: "drops the last channel on /ma with a trailing slash or query", template: DEFAULT_ACCOUNT_TEMPLATE, path: "/ma/?x=1", expected: ["All Channel", "Facebook"] },
    { behaviour: "does not drop a channel on paths that only start with ma", template: DEFAULT_ACCOUNT_TEMPLATE, path: "/mail", expected: ["All Channel", "Facebook", "TikTok"] },
    { behaviour: "follows the order of the template", template: [tt, fb], path: "/ads", expected: ["All Channel", "TikTok", "Facebook"] },
    { behaviour: "drops whichever channel is last in the template on /ma", template: [tt, fb], path: "/ma", expected: ["All Channel", "TikTok"] },
    { behaviour: "offers only All Channel for an empty template", template: [], path: "/ads", expected: ["All Channel"] },
    { behaviour: "never drops All Channel on /ma", template: [], path: "/ma", expected: ["All Channel"] },
    { behaviour: "leaves only All Channel on /ma when the template has one channel", template: [fb], path: "/ma", expected: ["All Channel"] },
    { behaviour: "offers a channel listed twice only once", template: [fb, fb, tt], path: "/cir", expected: ["All Channel", "Facebook", "TikTok"] },
  ])("$behaviour", ({ template, path, expected }) => {
    expect(channelOptions(template, path)).toEqual(expected);
  });

  it.each([
    ["facebook", "Facebook"],
    ["tiktok", "TikTok"],
  ] as const)("labels the %s channel %s", (channel, label) => {
    expect(CHANNEL_LABELS[channel]).toBe(label);
  });

  it("calls the catch-all option All Channel", () => {
    expect(ALL_CHANNEL).toBe("All Channel");
  });
});

describe("defaults", () => {
  it("starts the account template with Facebook and TikTok, both from 2021", () => {
    expect(DEFAULT_ACCOUNT_TEMPLATE).toEqual([
      { channel: "facebook", startYear: 2021 },
      { channel: "tiktok", startYear: 2021 },
    ]);
  });

  it("offers Tipco, Aura and Aura Move as the default brands", () => {
    expect(DEFAULT_BRANDS).toEqual(["Tipco", "Aura", "Aura Move"]);
  });
});

describe("selectableYears", () => {
  it.each<{ behaviour: string; startYear: number; now: Date | number; expected: number[] }>([
    { behaviour: "runs from the start year to the current year", startYear: 2021, now: new Date("2024-06-15T03:00:00Z"), expected: [2021, 2022, 2023, 2024] },
    { behaviour: "offers only the current year when the channel started this year", startYear: 2024, now: new Date("2024-06-15T03:00:00Z"), expected: [2024] },
    { behaviour: "offers nothing when the start year is in the future", startYear: 2025, now: new Date("2024-06-15T03:00:00Z"), expected: [] },
    { behaviour: "already counts the new year in Bangkok while UTC is still on 31 December", startYear: 2023, now: new Date("2024-12-31T17:00:00Z"), expected: [2023, 2024, 2025] },
    { behaviour: "still counts the old year on the last second of 31 December in Bangkok", startYear: 2023, now: new Date("2024-12-31T16:59:59Z"), expected: [2023, 2024] },
    { behaviour: "accepts epoch milliseconds", startYear: 2022, now: Date.parse("2023-01-01T00:00:00Z"), expected: [2022, 2023] },
  ])("$behaviour", ({ startYear, now, expected }) => {
    expect(selectableYears(startYear, now)).toEqual(expected);
  });

  it.each([
    { behaviour: "rejects a fractional start year", startYear: 2021.5, now: new Date("2024-06-15T03:00:00Z") },
    { behaviour: "rejects a NaN start year", startYear: Number.NaN, now: new Date("2024-06-15T03:00:00Z") },
    { behaviour: "rejects an invalid current date", startYear: 2021, now: new Date("nope") },
  ])("$behaviour with a RangeError", ({ startYear, now }) => {
    expect(() => selectableYears(startYear, now)).toThrow(RangeError);
  });
});
