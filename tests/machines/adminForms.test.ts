// The Admin forms' field checks and requests (machines/admin/adminForms.ts): what each form says
// under its fields, and what it sends (trimmed names, sorted permission codes, the o2o token
// written only when typed or cleared, the admin's own Disabled never sent).
import { describe, expect, it } from "vitest";
import type { AdminBrand, AdminUser } from "../../domain/adminContract";
import {
  EMPTY_USER_FORM, accountFormOf, accountFormProblems, addAccountRequestOf, addUserRequestOf, brandFormOf, brandFormProblems, duplicatePageIds,
  newAccountFormOf, passwordFormProblems, updateBrandRequestOf, updateUserRequestOf, userFormOf, userFormProblems,
} from "../../machines/admin/adminForms";

const user: AdminUser = {
  id: 7, email: "Ploy@example.com", name: "Ploy", permissions: ["4", "7"], brands: ["Tipco"], disabled: false,
  createdAt: "2026-01-05T10:00:00.000+07:00", lastSignInAt: null, version: 3,
};
const brand: AdminBrand = {
  id: 2, name: "Tipco", maLabel: "Facebook MA", channels: [{ channel: "tiktok", startYear: 2023 }],
  accounts: [{ id: "tipco.tt", name: "Tipco TikTok", channel: "tiktok", pages: [{ id: "2001", name: "Tipco Shop" }] }],
  o2o: { campaigns: [{ id: 5, name: "Songkran" }], hasToken: true }, users: 2, version: 4,
};

describe("the user form", () => {
  it("asks a new user's email, name and a password of 8 characters or more", () => {
    expect(userFormProblems(EMPTY_USER_FORM)).toEqual({
      email: "Email is required.", name: "Name is required.", password: "The password needs at least 8 characters.",
    });
    expect(userFormProblems({ ...EMPTY_USER_FORM, email: "ploy@", name: "Ploy", password: "12345678" })).toEqual({
      email: "Enter an email address such as name@example.com.",
    });
  });

  it("does not ask an existing user's email or password; a name of spaces is no name", () => {
    const form = userFormOf(user, "demo@example.com");
    expect(userFormProblems(form)).toEqual({});
    expect(userFormProblems({ ...form, name: "   " })).toEqual({ name: "Name is required." });
  });

  it("knows the signed-in admin (email in any case) and refuses their losing 4 or being disabled", () => {
    const self = userFormOf(user, "ploy@EXAMPLE.com");
    expect(self.self).toBe(true);
    expect(userFormProblems({ ...self, permissions: ["7"], disabled: true })).toEqual({
      permissions: "You cannot take away your own permission 4 (Admin).", disabled: "You cannot disable yourself.",
    });
    expect(userFormOf(user, "demo@example.com").self).toBe(false);
  });

  it("sends trimmed text, the codes sorted once each, and the version the form was opened on", () => {
    const form = { ...userFormOf(user, "demo@example.com"), name: " Ploy C. ", permissions: ["9", "7", "4", "7"] as const, disabled: true };
    expect(updateUserRequestOf(7, form)).toEqual({ id: 7, version: 3, name: "Ploy C.", permissions: ["4", "7", "9"], brands: ["Tipco"], disabled: true });
    expect(addUserRequestOf({ ...EMPTY_USER_FORM, email: " new@example.com ", name: "New", password: "Secret2026", permissions: ["8", "7"] })).toEqual({
      email: "new@example.com", name: "New", password: "Secret2026", permissions: ["7", "8"], brands: [],
    });
  });

  it("never sends Disabled for the admin themselves", () => {
    expect(updateUserRequestOf(7, userFormOf(user, "ploy@example.com"))).not.toHaveProperty("disabled");
  });
});

describe("the password form", () => {
  it("wants 8 characters or more, typed the same twice", () => {
    expect(passwordFormProblems({ password: "short", confirm: "short" })).toEqual({ password: "The password needs at least 8 characters." });
    expect(passwordFormProblems({ password: "Secret2026", confirm: "Secret2027" })).toEqual({ confirm: "The two passwords differ." });
    expect(passwordFormProblems({ password: "Secret2026", confirm: "Secret2026" })).toEqual({});
  });
});

describe("the brand form", () => {
  it("opens on the brand's channels and campaigns, with the token only as set or not", () => {
    const form = brandFormOf(brand);
    expect(form.channels).toEqual({ facebook: null, tiktok: "2023" });
    expect(form.o2oCampaigns).toEqual([5]);
    expect(form.hasToken).toBe(true);
    expect(form.token).toBe("");
  });

  it("wants a name and start years from 2004 to 2100", () => {
    expect(brandFormProblems({ ...brandFormOf(null), name: " " })).toEqual({ name: "Brand name is required." });
    expect(brandFormProblems({ ...brandFormOf(brand), channels: { facebook: "1999", tiktok: "2023" } })).toEqual({
      channels: "Facebook: the start year must be a year from 2004 to 2100.",
    });
    expect(brandFormProblems({ ...brandFormOf(brand), channels: { facebook: "20x4", tiktok: "2023" } }).channels).toMatch(/^Facebook/);
  });

  it("sends the token only when one is typed (replace) or Clear was pressed (\"\"), never otherwise", () => {
    const form = brandFormOf(brand);
    expect(updateBrandRequestOf(2, form)).not.toHaveProperty("o2oToken");
    expect(updateBrandRequestOf(2, { ...form, token: "t0ken" }).o2oToken).toBe("t0ken");
    expect(updateBrandRequestOf(2, { ...form, clearToken: true }).o2oToken).toBe("");
    expect(updateBrandRequestOf(2, { ...form, channels: { facebook: " 2024 ", tiktok: "2023" } }).channels).toEqual([
      { channel: "facebook", startYear: 2024 }, { channel: "tiktok", startYear: 2023 },
    ]);
  });
});

describe("the account form (/formAC)", () => {
  const ok = { ...newAccountFormOf(brand), id: "tipco.tt2", name: "Tipco TikTok 2", pages: [{ id: "3001", name: "Shop" }, { id: "3002", name: "Outlet" }] };

  it("starts on the brand's first channel; a form filled right has no problem", () => {
    expect(newAccountFormOf(brand).channel).toBe("tiktok");
    expect(accountFormProblems(ok)).toEqual({});
  });

  it("names each missing field under it", () => {
    expect(accountFormProblems(newAccountFormOf(null))).toEqual({
      brandId: "Choose the brand.", channel: "Choose the channel.", id: "Account id is required.", name: "Account name is required.",
      pages: "Page 1: the page id is required.",
    });
  });

  it("refuses a channel the brand is not on, and says so when the brand has none", () => {
    expect(accountFormProblems({ ...ok, channel: "facebook" }).channel).toBe("The channel must be one of the brand's channels.");
    expect(accountFormProblems({ ...ok, brandChannels: [], channel: null }).channel).toBe("The brand has no channel: add one in Admin first.");
  });

  it("refuses a page id given twice (trimmed), and ids with other characters", () => {
    const twice = { ...ok, pages: [{ id: "3001", name: "Shop" }, { id: " 3001 ", name: "Outlet" }] };
    expect(duplicatePageIds(twice.pages)).toEqual(new Set(["3001"]));
    expect(accountFormProblems(twice).pages).toBe("Page id 3001 appears more than once.");
    expect(accountFormProblems({ ...ok, id: "tipco tt" }).id).toMatch(/^The account id must be 1–64 letters/);
    expect(accountFormProblems({ ...ok, pages: [{ id: "a/b", name: "Shop" }] }).pages).toMatch(/^Page 1: the page id must be/);
    expect(accountFormProblems({ ...ok, pages: [{ id: "3001", name: "" }] }).pages).toBe("Page 1: the page name is required.");
  });

  it("sends the account with trimmed ids and names; an edit sends only name and pages", () => {
    expect(addAccountRequestOf({ ...ok, id: " tipco.tt2 " })).toEqual({
      brandId: 2, account: { id: "tipco.tt2", name: "Tipco TikTok 2", channel: "tiktok", pages: [{ id: "3001", name: "Shop" }, { id: "3002", name: "Outlet" }] },
    });
    const edit = accountFormOf(brand, brand.accounts[0]!);
    expect(edit.isNew).toBe(false);
    expect(accountFormProblems({ ...edit, id: "" })).toEqual({});
  });
});
