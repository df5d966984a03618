/**
 * How a person works the filter drawer, its dialogs and the Account Detail dialog, written once
 * for the filter, account and model-driven specs: sign in, open the drawer, find things by role
 * and visible text. Also resets the demo user's templates through the API, so every test starts
 * from a known state.
 */
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";

export const DEMO = { email: "demo@example.com", password: "demo1234", name: "Demo User" };

/** Deletes every filter template of a user, through the API (not the UI under test). */
export async function deleteAllTemplates(request: APIRequestContext, user = DEMO): Promise<void> {
  const login = await request.post("/auth/login-user", { data: { email: user.email, password: user.password } });
  expect(login.status()).toBe(200);
  const { access_token } = (await login.json()).user.Tokens as { access_token: string };
  const headers = { Authorization: `Bearer ${access_token}` };
  const list = await request.get("/user/get-template", { headers });
  expect(list.status()).toBe(200);
  for (const t of (await list.json()).data as Array<{ title: string }>) {
    const del = await request.post("/user/delete-template", { headers, data: { title: t.title } });
    expect(del.status()).toBe(200);
  }
  await request.post("/api/auth/logout", { headers, data: {} });
}

export async function signIn(page: Page, path = "/brandEx", user = DEMO): Promise<void> {
  await page.goto(path);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // Signed in once the top bar is there: its Filter button, or on a phone "View options".
  await expect(page.getByRole("button", { name: /^(Filter|View options)$/ })).toBeVisible();
}

/**
 * Reloads the page right after a token refresh has completed. The e2e server's tokens live 6 s
 * and are refreshed every 4.8 s; a reload that interrupts a refresh in flight loses the rotated
 * refresh token, and the next refresh (reusing the old one) ends the session. That race belongs
 * to the auth flow, not to what these specs check, so they reload when no refresh is in flight.
 */
export async function reloadBetweenRefreshes(page: Page): Promise<void> {
  await page.waitForResponse((r) => new URL(r.url()).pathname === "/auth/refresh-token" && r.ok(), { timeout: 15_000 });
  await page.reload();
}

/** The filter drawer and what is in it. */
export function drawer(page: Page) {
  const root = page.getByRole("dialog", { name: "Filters" });
  return {
    root,
    tab: (name: "Template" | "Filter") => root.getByRole("tab", { name, exact: true }),
    templateSwitch: (title: string) => root.getByRole("switch", { name: title, exact: true }),
    editButton: (title: string) => root.getByRole("button", { name: `Edit ${title}`, exact: true }),
    deleteButton: (title: string) => root.getByRole("button", { name: `Delete ${title}`, exact: true }),
    createButton: root.getByRole("button", { name: "Create Template" }),
    searchButton: root.getByRole("button", { name: "Search" }),
    closeButton: root.getByRole("button", { name: "Close" }),
    min: root.getByLabel("Minimum basket size"),
    max: root.getByLabel("Maximum basket size"),
    platform: root.getByRole("combobox", { name: "Platform" }),
    location: root.getByRole("combobox", { name: "Location" }),
    accounts: root.getByRole("combobox", { name: "Accounts" }),
    pages: root.getByRole("combobox", { name: "Pages" }),
  };
}

export async function openDrawer(page: Page): Promise<ReturnType<typeof drawer>> {
  // On a phone (600 px and under) the top bar's controls fold behind "View options".
  const fold = page.getByRole("button", { name: "View options" });
  if ((await fold.isVisible()) && (await fold.getAttribute("aria-expanded")) !== "true") await fold.click();
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  const d = drawer(page);
  await expect(d.root).toBeVisible();
  // Ready once one of the tabs is selected (templates read).
  await expect(d.root.getByRole("tab", { selected: true })).toBeVisible();
  return d;
}

export async function selectedTab(page: Page): Promise<string> {
  return (await drawer(page).root.getByRole("tab", { selected: true }).innerText()).trim();
}

export function dialog(page: Page, name: "Create Template" | "Edit Filter" | "Delete Template" | "Account Detail"): Locator {
  return page.getByRole("dialog", { name });
}

/** Opens a select (single or multiple) from the keyboard, as its combobox is a hidden input. */
export async function openSelect(page: Page, combobox: Locator): Promise<void> {
  await combobox.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("listbox").last()).toBeVisible();
}

/** Picks one option of a single select (a native select) by its visible text. */
export async function choose(select: Locator, option: string): Promise<void> {
  await select.selectOption({ label: option });
  await expect(select).toHaveValue(option);
}

/** Closes the list of a multiple select by clicking outside it (Escape would also close the drawer). */
export async function closeSelect(page: Page): Promise<void> {
  await drawer(page).root.getByRole("heading", { name: "Filters" }).click();
  await expect(page.getByRole("listbox")).toHaveCount(0);
}

/** Ticks options of a multiple select, then closes its list. */
export async function tick(page: Page, combobox: Locator, options: readonly string[]): Promise<void> {
  await openSelect(page, combobox);
  for (const option of options) await page.getByRole("option", { name: option, exact: true }).click();
  await closeSelect(page);
}

export async function createTemplate(page: Page, title: string): Promise<void> {
  const d = drawer(page);
  await d.createButton.click();
  const dlg = dialog(page, "Create Template");
  await expect(dlg).toBeVisible();
  await dlg.getByLabel("Template name").fill(title);
  await dlg.getByRole("button", { name: "Save" }).click();
  await expect(dlg).toBeHidden();
}
