/**
 * The Admin page and /formAC (issue 17, src/features/admin), signed in as the demo admin
 * (permissions 1–9, brands Aura, Aura Move and Tipco):
 * - a brand is added, then a user holding only it with exactly permissions 7 and 8; after signing
 *   out, that user signs in and the side menu enables exactly E-Commerce, CRM and Affiliate;
 * - a user's permissions are edited in the dialog, and the Audit tab lists the change (who, before → after);
 * - /formAC, opened from a brand, adds an account with two pages after a page id given twice was
 *   refused under the pages, and a page id another account has is refused by the server;
 * - the admin is not offered Remove on themselves, nor can they untick their own permission 4;
 * - a brand is renamed, its o2o token set (only "Token set" shows) and cleared; a user's password is
 *   reset (the old one no longer signs in) and the user removed after a confirmation;
 * - a user changed elsewhere while their dialog is open is not overwritten (the server's 409 said in
 *   the dialog); opened again, the dialog shows the stored user;
 * - the users list is searched and paged in the URL;
 * - a user disabled in the dialog cannot sign in until enabled again.
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import type { AdminBrand, AdminUser } from "../../domain/adminContract";
import { trackPageProblems } from "./models/pageProblems";
import { signInQuickly, signInWithForm } from "./support/session";
import { DEMO } from "./support/users";

trackPageProblems(test);

const stamp = () => `${Date.now() % 1_000_000}`;
const menu = (page: Page) => page.getByRole("navigation", { name: "Modules" });
const MENU = ["Brand Experience", "CIR", "Facebook MA", "Admin", "Ads & Automation", "KOL Campaign", "E-Commerce", "CRM", "Affiliate"];

async function token(request: APIRequestContext): Promise<string> {
  const login = await request.post("/auth/login-user", { data: { email: DEMO.email, password: DEMO.password } });
  return (await login.json()).user.Tokens.access_token as string;
}
async function api<T>(request: APIRequestContext, method: "GET" | "POST", path: string, data?: object): Promise<T> {
  const headers = { authorization: `Bearer ${await token(request)}` };
  const res = method === "GET" ? await request.get(path, { headers }) : await request.post(path, { data, headers });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

/** Every toast shown from now on, by its summary (a toast lives 1.5 s; the page keeps the list). */
async function watchToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { shownToasts: string[] }).shownToasts = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll(".p-toast-summary")) {
        const text = el.textContent ?? "";
        if (!seen.includes(text)) seen.push(text);
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { shownToasts: string[] }).shownToasts);
}

// The other specs run on the same demo workspace after this one: give it back as they expect it,
// the demo admin holding only the demo brands, and those brands only their seeded accounts.
test.afterAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    const brands = (await api<{ data: AdminBrand[] }>(request, "GET", "/user/admin-brands")).data;
    for (const brand of brands.filter((b) => DEMO.brands.includes(b.name))) {
      for (const account of brand.accounts.filter((a) => !a.id.startsWith("bag-"))) {
        await api(request, "POST", "/user/remove-account", { brandId: brand.id, id: account.id });
      }
    }
    const me = (await api<{ data: AdminUser[] }>(request, "GET", `/user/admin-users?q=${encodeURIComponent(DEMO.email)}`)).data.find((u) => u.email === DEMO.email)!;
    await api(request, "POST", "/user/update-user", { id: me.id, version: me.version, brands: [...DEMO.brands] });
  } finally {
    await request.dispose();
  }
});

test("an admin adds a brand and a user with permissions 7 and 8; that user's menu enables exactly those modules", async ({ page }) => {
  const brand = `Nova ${stamp()}`;
  const email = `ecom.${stamp()}@example.com`;
  await page.goto("/");
  await signInWithForm(page, DEMO);
  await expect(page).toHaveURL(/\/brandEx/);
  await menu(page).getByRole("link", { name: "Admin", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin");
  const toasts = await watchToasts(page);

  // --- A brand, on Facebook from 2024.
  await page.getByRole("tab", { name: "Brands" }).click();
  await expect(page).toHaveURL(/tab=brands/);
  await page.getByRole("button", { name: "Add brand" }).click();
  const brandDialog = page.getByRole("dialog", { name: "Add brand" });
  const brandName = brandDialog.getByRole("textbox", { name: "Brand name" });
  // Without a name: said under the field, nothing sent.
  await brandDialog.getByRole("button", { name: "Add brand" }).click();
  await expect(brandName).toHaveAccessibleDescription("Brand name is required.");
  await brandName.fill(brand);
  await brandDialog.getByRole("checkbox", { name: "Facebook" }).check();
  await brandDialog.getByRole("textbox", { name: "Facebook start year" }).fill("2024");
  await brandDialog.getByRole("button", { name: "Add brand" }).click();
  await expect(brandDialog).toBeHidden();
  await expect.poll(toasts).toContain(`Brand added: ${brand}`);
  const opened = page.getByRole("article", { name: brand });
  await expect(opened).toBeVisible();
  await expect(opened).toContainText("Facebook from 2024");

  // --- The user: two permissions, the new brand.
  await page.getByRole("tab", { name: "Users" }).click();
  await page.getByRole("button", { name: "Add user" }).click();
  const userDialog = page.getByRole("dialog", { name: "Add user" });
  await expect(userDialog.getByRole("group", { name: "Permissions" }).getByRole("checkbox")).toHaveCount(10);
  await userDialog.getByRole("textbox", { name: "Email" }).fill(email);
  await userDialog.getByRole("textbox", { name: "Name" }).fill("Ecom Only");
  await userDialog.getByLabel("Password", { exact: true }).fill("Ecom2026only");
  await userDialog.getByRole("group", { name: "Brands" }).getByRole("checkbox", { name: brand }).check();
  await userDialog.getByRole("checkbox", { name: "7 · E-Commerce" }).check();
  await userDialog.getByRole("checkbox", { name: "8 · CRM and Affiliate" }).check();
  await userDialog.getByRole("button", { name: "Add user" }).click();
  await expect(userDialog).toBeHidden();
  await expect.poll(toasts).toContain(`User added: ${email}`);
  await page.getByRole("textbox", { name: "Search users by email or name" }).fill(email);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const row = page.getByRole("table", { name: "Users table" }).getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("7, 8");
  await expect(row).toContainText(brand);

  // --- Sign out; the new user signs in.
  await page.goto("/logout");
  await expect(page.getByLabel("Email")).toBeVisible();
  await signInWithForm(page, { ...DEMO, email, password: "Ecom2026only" });
  // Signed in (wherever the app lands them), their E-Commerce page shows the side menu.
  await expect(page.getByLabel("Email")).toBeHidden();
  await page.goto("/e-commerce");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("E-Commerce");
  // The new brand is theirs, and theirs only.
  await expect(page.getByRole("combobox", { name: "Brand" }).locator("option")).toHaveText([brand]);
  const enabled = new Set(["E-Commerce", "CRM", "Affiliate"]);
  for (const label of MENU) {
    const item = menu(page).getByRole("link", { name: label, exact: true });
    await expect(item).toBeVisible();
    if (enabled.has(label)) await expect(item, label).toHaveAttribute("href", /^\//);
    else await expect(item, label).toHaveAttribute("aria-disabled", "true");
  }
  // Admin is not theirs: the route sends them to the permission page.
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/errorPermission/);
  await page.goto("/formAC");
  await expect(page).toHaveURL(/\/errorPermission/);
});

test("a user's permissions are edited, and the audit lists the change with who made it", async ({ page, request }) => {
  const email = `audit.${stamp()}@example.com`;
  await api<{ data: AdminUser }>(request, "POST", "/user/add-user", { email, name: "Audit Me", password: "Audit2026me", permissions: ["1", "7"], brands: ["Tipco"] });
  await signInQuickly(page, DEMO);
  await page.goto(`/admin?q=${encodeURIComponent(email)}`);
  const table = page.getByRole("table", { name: "Users table" });
  await expect(table.getByRole("row").filter({ hasText: email })).toContainText("1, 7");
  await page.getByRole("button", { name: `Edit ${email}` }).click();
  const dialog = page.getByRole("dialog", { name: `Edit user ${email}` });
  await expect(dialog.getByRole("checkbox", { name: "7 · E-Commerce" })).toBeChecked();
  await dialog.getByRole("checkbox", { name: "9 · KPI and Clear Filter buttons" }).check();
  await dialog.getByRole("checkbox", { name: "1 · Brand Experience" }).uncheck();
  await dialog.getByRole("button", { name: "Save user" }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole("row").filter({ hasText: email })).toContainText("7, 9");

  await page.getByRole("tab", { name: "Audit" }).click();
  const audit = page.getByRole("table", { name: "Audit table" });
  const change = audit.getByRole("row").filter({ hasText: email }).filter({ hasText: "User changed" }).first();
  await expect(change).toContainText(DEMO.email);
  await expect(change).toContainText(/1,\s?7.*→.*7,\s?9/);
  // Filtered by kind Brands, the user's change is not listed; by who made it, it is.
  const filters = page.getByRole("form", { name: "Audit filters" });
  await filters.getByRole("combobox", { name: "Kind" }).selectOption("Brands");
  await expect(page).toHaveURL(/ak=brand/);
  await expect(audit.getByRole("row").filter({ hasText: email })).toHaveCount(0);
  await filters.getByRole("combobox", { name: "Kind" }).selectOption("Users");
  await filters.getByRole("textbox", { name: "Changed by" }).fill(DEMO.email);
  await filters.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(page).toHaveURL(/au=demo%40example.com|au=demo@example.com/);
  await expect(audit.getByRole("row").filter({ hasText: email }).first()).toBeVisible();
});

test("/formAC adds an account with two pages to a brand; a page id given twice, or held by another account, is refused under the pages", async ({ page, request }) => {
  const brands = (await api<{ data: AdminBrand[] }>(request, "GET", "/user/admin-brands")).data;
  const tipco = brands.find((b) => b.name === "Tipco")!;
  const taken = brands.flatMap((b) => b.accounts.flatMap((a) => a.pages.map((p) => p.id)))[0]!;
  const accountId = `tipco.e2e.${stamp()}`;
  const [p1, p2] = [`9${stamp()}1`, `9${stamp()}2`];
  await signInQuickly(page, DEMO);
  await page.goto(`/admin?tab=brands&b=${tipco.id}`);
  const toasts = await watchToasts(page);
  await page.getByRole("article", { name: "Tipco" }).getByRole("link", { name: "Add account" }).click();
  await expect(page).toHaveURL(new RegExp(`/formAC\\?b=${tipco.id}`));
  const form = page.getByRole("region", { name: "Add a social account" });
  await expect(form.getByRole("combobox", { name: "Brand" })).toHaveValue(String(tipco.id));
  // Only the brand's channels are offered.
  const channels = await form.getByRole("combobox", { name: "Channel" }).locator("option").allTextContents();
  expect(channels.filter((c) => c !== "Choose a channel").sort()).toEqual(tipco.channels.map((c) => (c.channel === "facebook" ? "Facebook" : "TikTok")).sort());

  // Save with nothing: the name named under its field.
  await form.getByRole("button", { name: "Add account" }).click();
  await expect(form.getByRole("textbox", { name: "Account name" })).toHaveAccessibleDescription("Account name is required.");
  await form.getByRole("textbox", { name: "Account id" }).fill(accountId);
  await form.getByRole("textbox", { name: "Account name" }).fill("Tipco E2E");
  await form.getByRole("textbox", { name: "Page 1 id" }).fill(p1);
  await form.getByRole("textbox", { name: "Page 1 name" }).fill("Tipco Shop");
  await form.getByRole("button", { name: "Add page" }).click();
  await form.getByRole("textbox", { name: "Page 2 id" }).fill(p1);
  await form.getByRole("textbox", { name: "Page 2 name" }).fill("Tipco Outlet");
  await form.getByRole("button", { name: "Add account" }).click();
  await expect(form.getByRole("textbox", { name: "Page 2 id" })).toHaveAccessibleDescription(`Page id ${p1} appears more than once.`);
  await expect(form.getByRole("textbox", { name: "Page 2 id" })).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/formAC/);

  // A page id another account holds: refused by the server, said under the pages.
  await form.getByRole("textbox", { name: "Page 2 id" }).fill(taken);
  await form.getByRole("button", { name: "Add account" }).click();
  await expect(form.getByRole("textbox", { name: "Page 2 id" })).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByRole("textbox", { name: "Page 2 id" })).toHaveAccessibleDescription(new RegExp(taken));
  await expect(page).toHaveURL(/\/formAC/);

  await form.getByRole("textbox", { name: "Page 2 id" }).fill(p2);
  await form.getByRole("button", { name: "Add account" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin\\?.*tab=brands`));
  await expect.poll(toasts).toContain("Account added to Tipco");
  const account = page.getByRole("list", { name: "Accounts of Tipco" }).getByRole("listitem").filter({ hasText: "Tipco E2E" }).first();
  await expect(account).toContainText(accountId);
  await expect(account).toContainText(`Tipco Shop (${p1})`);
  await expect(account).toContainText(`Tipco Outlet (${p2})`);
});

test("the admin is not offered Remove on themselves, nor to untick their own permission 4", async ({ page }) => {
  await signInQuickly(page, DEMO);
  await page.goto(`/admin?q=${encodeURIComponent(DEMO.email)}`);
  const row = page.getByRole("table", { name: "Users table" }).getByRole("row").filter({ hasText: DEMO.email });
  await expect(row).toContainText("(you)");
  await expect(row).toContainText("You cannot remove yourself");
  await expect(page.getByRole("button", { name: `Remove ${DEMO.email}` })).toHaveCount(0);
  await page.getByRole("button", { name: `Edit ${DEMO.email}` }).click();
  const dialog = page.getByRole("dialog", { name: `Edit user ${DEMO.email}` });
  const admin = dialog.getByRole("checkbox", { name: "4 · Admin" });
  await expect(admin).toBeChecked();
  await expect(admin).toBeDisabled();
  await expect(admin).toHaveAccessibleDescription(/you cannot take away your own permission 4/);
  await expect(dialog.getByRole("checkbox", { name: /^Disabled/ })).toBeDisabled();
});

test("a brand is renamed and its o2o token set and cleared (never shown back); a user's password is reset, then the user is removed", async ({ page, request }) => {
  const name = `Lumen ${stamp()}`;
  const brand = (await api<{ data: AdminBrand }>(request, "POST", "/user/add-brand", { name, channels: [{ channel: "facebook", startYear: 2023 }] })).data;
  const email = `reset.${stamp()}@example.com`;
  await api(request, "POST", "/user/add-user", { email, name: "Reset Me", password: "Reset2026me", permissions: ["1"], brands: [name] });
  await signInQuickly(page, DEMO);
  await page.goto(`/admin?tab=brands&b=${brand.id}`);
  const toasts = await watchToasts(page);
  const card = page.getByRole("article", { name });
  await expect(card).toContainText("No token");

  // Rename and set a token: the token is not in the page afterwards, only that one is set.
  await card.getByRole("button", { name: `Edit brand ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Edit brand ${name}` });
  await expect(dialog.getByRole("status")).toHaveText("No token");
  await dialog.getByRole("textbox", { name: "Brand name" }).fill(`${name} Co`);
  await dialog.getByLabel("o2o token").fill("s3cret-upstream-token");
  await expect(dialog.getByRole("status")).toHaveText("A new token replaces the stored one on Save");
  await dialog.getByRole("button", { name: "Save brand" }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(toasts).toContain(`Brand saved: ${name} Co`);
  const renamed = page.getByRole("article", { name: `${name} Co` });
  await expect(renamed).toContainText("Token set");
  await expect(page.locator("body")).not.toContainText("s3cret-upstream-token");
  await renamed.getByRole("button", { name: `Edit brand ${name} Co` }).click();
  const again = page.getByRole("dialog", { name: `Edit brand ${name} Co` });
  await expect(again.getByLabel("o2o token")).toHaveValue("");
  await expect(again.getByRole("status")).toHaveText("Token set");
  await again.getByRole("button", { name: "Clear" }).click();
  await expect(again.getByRole("status")).toHaveText("The token is cleared on Save");
  await again.getByRole("button", { name: "Save brand" }).click();
  await expect(again).toBeHidden();
  await expect(renamed).toContainText("No token");

  // Reset the user's password: two different ones are refused under the second.
  await page.goto(`/admin?q=${encodeURIComponent(email)}`);
  const userToasts = await watchToasts(page);
  await page.getByRole("button", { name: `Reset password of ${email}` }).click();
  const reset = page.getByRole("dialog", { name: `Reset password of ${email}` });
  await reset.getByLabel("New password", { exact: true }).fill("Brand2026new");
  await reset.getByLabel("Repeat the new password").fill("Brand2026neW");
  await reset.getByRole("button", { name: "Reset password" }).click();
  await expect(reset.getByLabel("Repeat the new password")).toHaveAccessibleDescription("The two passwords differ.");
  await reset.getByLabel("Repeat the new password").fill("Brand2026new");
  await reset.getByRole("button", { name: "Reset password" }).click();
  await expect(reset).toBeHidden();
  await expect.poll(userToasts).toContain(`Password reset for ${email}`);
  const old = await request.post("/auth/login-user", { data: { email, password: "Reset2026me" } });
  expect(old.status()).not.toBe(200);
  const fresh = await request.post("/auth/login-user", { data: { email, password: "Brand2026new" } });
  expect(fresh.status()).toBe(200);

  // Remove, after a confirmation naming the user.
  await page.getByRole("button", { name: `Remove ${email}` }).click();
  const confirm = page.getByRole("dialog", { name: `Remove user ${email}?` });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(confirm).toBeHidden();
  await expect.poll(userToasts).toContain(`User removed: ${email}`);
  await expect(page.getByRole("status").filter({ hasText: `No user matches “${email}”.` })).toBeVisible();
});

test("a user changed by someone else while the dialog is open is not overwritten: the dialog says so, and opens again on the stored user", async ({ page, request }) => {
  const email = `stale.${stamp()}@example.com`;
  const added = (await api<{ data: AdminUser }>(request, "POST", "/user/add-user", { email, name: "Stale One", password: "Stale2026one", permissions: ["1"], brands: ["Tipco"] })).data;
  await signInQuickly(page, DEMO);
  await page.goto(`/admin?q=${encodeURIComponent(email)}`);
  await page.getByRole("button", { name: `Edit ${email}` }).click();
  const dialog = page.getByRole("dialog", { name: `Edit user ${email}` });
  await dialog.getByRole("checkbox", { name: "3 · Facebook MA" }).check();
  // Meanwhile another admin renames the user.
  await api(request, "POST", "/user/update-user", { id: added.id, version: added.version, name: "Renamed Elsewhere" });
  await dialog.getByRole("button", { name: "Save user" }).click();
  await expect(dialog.getByRole("alert")).toContainText(/^The user was not saved: .*changed by someone else/);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  const row = page.getByRole("table", { name: "Users table" }).getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Renamed Elsewhere");
  await expect(row).not.toContainText("1, 3");
  await page.getByRole("button", { name: `Edit ${email}` }).click();
  await expect(dialog.getByRole("textbox", { name: "Name" })).toHaveValue("Renamed Elsewhere");
  await dialog.getByRole("checkbox", { name: "3 · Facebook MA" }).check();
  await dialog.getByRole("button", { name: "Save user" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("1, 3");
});

test("the users list is searched and paged in the URL (20 a page), Back returns to the page before", async ({ page, request }) => {
  const tag = `pg${stamp()}`;
  for (let i = 1; i <= 21; i += 1) {
    await api(request, "POST", "/user/add-user", { email: `${tag}.${String(i).padStart(2, "0")}@example.com`, name: `Paged ${i}`, password: "Paged2026user", permissions: ["1"], brands: ["Aura"] });
  }
  await signInQuickly(page, DEMO);
  await page.goto("/admin");
  await page.getByRole("textbox", { name: "Search users by email or name" }).fill(tag);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  const rows = page.getByRole("table", { name: "Users table" }).locator("tbody tr");
  const pager = page.getByRole("navigation", { name: "Users pages" });
  await expect(pager).toContainText("Page 1 of 2 · 21 users");
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText(`${tag}.01@example.com`);
  await pager.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/pg=2/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`${tag}.21@example.com`);
  await expect(pager.getByRole("button", { name: "Next" })).toBeDisabled();
  await page.goBack();
  await expect(rows).toHaveCount(20);
  await expect(pager).toContainText("Page 1 of 2");
});

test("a user disabled in the dialog shows as Disabled and can no longer sign in; enabled, they can", async ({ page, request }) => {
  const email = `off.${stamp()}@example.com`;
  await api(request, "POST", "/user/add-user", { email, name: "Off Switch", password: "Off2026switch", permissions: ["1"], brands: ["Aura"] });
  await signInQuickly(page, DEMO);
  await page.goto(`/admin?q=${encodeURIComponent(email)}`);
  const row = page.getByRole("table", { name: "Users table" }).getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Active");
  const dialog = page.getByRole("dialog", { name: `Edit user ${email}` });
  await page.getByRole("button", { name: `Edit ${email}` }).click();
  await dialog.getByRole("checkbox", { name: /^Disabled/ }).check();
  await dialog.getByRole("button", { name: "Save user" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("Disabled");
  const refused = await request.post("/auth/login-user", { data: { email, password: "Off2026switch" } });
  expect(refused.status()).toBe(401);
  await page.getByRole("button", { name: `Edit ${email}` }).click();
  await dialog.getByRole("checkbox", { name: /^Disabled/ }).uncheck();
  await dialog.getByRole("button", { name: "Save user" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("Active");
  const allowed = await request.post("/auth/login-user", { data: { email, password: "Off2026switch" } });
  expect(allowed.status()).toBe(200);
});
