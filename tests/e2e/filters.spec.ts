/**
 * The filter drawer and its templates in the real app (issue 3, spec §2, §4, §5, §8): width,
 * the tab it opens on, the Filter tab's Search, and creating, switching, editing and deleting
 * templates. Every test starts with the demo user holding no templates.
 */
import { expect, test, type Page } from "@playwright/test";
import {
  choose, closeSelect, createTemplate, deleteAllTemplates, dialog, drawer, openDrawer, openSelect, reloadBetweenRefreshes, selectedTab, signIn, tick,
} from "./models/filterUi";
import { trackPageProblems } from "./models/pageProblems";

trackPageProblems(test);

test.beforeEach(async ({ request }) => {
  await deleteAllTemplates(request);
});

const searchParams = (page: Page) => new URL(page.url()).searchParams;

async function drawerWidth(page: Page): Promise<number> {
  const box = await drawer(page).root.boundingBox();
  return Math.round(box?.width ?? 0);
}

test("is 420 px wide when the window is wider than 600 px, 356 px otherwise, following resizes", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page);
  await openDrawer(page);
  expect(await drawerWidth(page)).toBe(420);

  await page.setViewportSize({ width: 500, height: 800 });
  await expect.poll(() => drawerWidth(page)).toBe(356);

  await page.setViewportSize({ width: 601, height: 800 });
  await expect.poll(() => drawerWidth(page)).toBe(420);
  await page.setViewportSize({ width: 600, height: 800 });
  await expect.poll(() => drawerWidth(page)).toBe(356);
});

test("opens at 500 px already at 356 px wide", async ({ page }) => {
  await page.setViewportSize({ width: 500, height: 800 });
  await signIn(page);
  await openDrawer(page);
  expect(await drawerWidth(page)).toBe(356);
});

test("opens on Filter for a user without templates, and on Template once they have one", async ({ page }) => {
  await signIn(page);
  const d = await openDrawer(page);
  expect(await selectedTab(page)).toBe("Filter");
  await expect(d.searchButton).toBeVisible();

  await d.tab("Template").click();
  await expect(d.root.getByText("No templates yet")).toBeVisible();
  await createTemplate(page, "Weekend Shopee");
  await expect(d.templateSwitch("Weekend Shopee")).toBeVisible();
  await expect(page.getByText("Template saved")).toBeVisible();

  await d.closeButton.click();
  await expect(d.root).toBeHidden();
  await openDrawer(page);
  expect(await selectedTab(page)).toBe("Template");

  // Also after a reload: the templates are the server's, not the page's.
  await reloadBetweenRefreshes(page);
  await openDrawer(page);
  expect(await selectedTab(page)).toBe("Template");
});

test("the Create Template dialog needs a name: 'Field is required'", async ({ page }) => {
  await signIn(page);
  const d = await openDrawer(page);
  await d.tab("Template").click();
  await d.createButton.click();
  const dlg = dialog(page, "Create Template");
  await expect(dlg).toBeVisible();
  // Spec §9 dialog widths: Create Template is the 500 px one.
  await expect.poll(async () => Math.round((await dlg.boundingBox())?.width ?? 0)).toBe(500);
  await expect(dlg.getByText("Field is required")).toBeHidden();

  await dlg.getByRole("button", { name: "Save" }).click();
  await expect(dlg.getByText("Field is required")).toBeVisible();
  await expect(dlg.getByLabel("Template name")).toHaveAttribute("aria-invalid", "true");

  await dlg.getByLabel("Template name").fill("   ");
  await dlg.getByRole("button", { name: "Save" }).click();
  await expect(dlg.getByText("Field is required")).toBeVisible();

  await dlg.getByLabel("Template name").fill("Named at last");
  await expect(dlg.getByText("Field is required")).toBeHidden();
  await dlg.getByRole("button", { name: "Save" }).click();
  await expect(dlg).toBeHidden();
  await expect(d.templateSwitch("Named at last")).toBeVisible();
});

test("'Upsert Fail!!' closes the dialog without adding the template and tells the user", async ({ page }) => {
  await signIn(page);
  const d = await openDrawer(page);
  await d.tab("Template").click();
  await createTemplate(page, "Kept");
  const refused = page.waitForResponse((r) => new URL(r.url()).pathname === "/user/upsert-template" && r.status() === 400);

  // A real refusal: the server allows titles of at most 100 characters.
  const longTitle = "x".repeat(101);
  await d.createButton.click();
  const dlg = dialog(page, "Create Template");
  await dlg.getByLabel("Template name").fill(longTitle);
  await dlg.getByRole("button", { name: "Save" }).click();
  expect((await (await refused).json()).msg).toBe("Upsert Fail!!");

  await expect(dlg).toBeHidden();
  await expect(page.getByText("Upsert Fail!!")).toBeVisible();
  await expect(d.templateSwitch(longTitle)).toHaveCount(0);
  await expect(d.root.getByRole("switch")).toHaveCount(1);
});

test("'Upsert Fail!!' on any refusal (interception of that one call)", async ({ page }) => {
  await signIn(page);
  await page.route("**/user/upsert-template", (route) =>
    route.fulfill({
      status: 409,
      contentType: "application/json",
      body: JSON.stringify({ error: "conflict", message: "template.title: try again later", msg: "Upsert Fail!!" }),
    }),
  );
  const d = await openDrawer(page);
  await d.tab("Template").click();
  await d.createButton.click();
  const dlg = dialog(page, "Create Template");
  await dlg.getByLabel("Template name").fill("Refused");
  await dlg.getByRole("button", { name: "Save" }).click();
  await expect(dlg).toBeHidden();
  await expect(page.getByText("Upsert Fail!!")).toBeVisible();
  await expect(page.getByText("template.title: try again later")).toBeVisible();
  await expect(d.templateSwitch("Refused")).toHaveCount(0);
});

test("switches templates on and off: at most one active, kept in the URL", async ({ page }) => {
  await signIn(page);
  const d = await openDrawer(page);
  await d.tab("Template").click();
  await createTemplate(page, "Alpha");
  await createTemplate(page, "Bravo");
  const alpha = d.templateSwitch("Alpha");
  const bravo = d.templateSwitch("Bravo");
  await expect(alpha).not.toBeChecked();
  await expect(bravo).not.toBeChecked();

  await alpha.click();
  await expect(alpha).toBeChecked();
  await expect.poll(() => searchParams(page).get("tpl")).toBe("Alpha");

  await bravo.click();
  await expect(bravo).toBeChecked();
  await expect(alpha).not.toBeChecked();
  await expect.poll(() => searchParams(page).get("tpl")).toBe("Bravo");

  await bravo.click();
  await expect(bravo).not.toBeChecked();
  await expect.poll(() => searchParams(page).get("tpl")).toBeNull();

  // A link with the template reproduces it; Back undoes the last switch.
  await alpha.click();
  await expect.poll(() => searchParams(page).get("tpl")).toBe("Alpha");
  await reloadBetweenRefreshes(page);
  await openDrawer(page);
  await expect(drawer(page).templateSwitch("Alpha")).toBeChecked();
  await drawer(page).closeButton.click();
  await page.goBack();
  await expect.poll(() => searchParams(page).get("tpl")).toBeNull();
  await openDrawer(page);
  await expect(drawer(page).templateSwitch("Alpha")).not.toBeChecked();
});

test("deletes a template after confirmation; deleting the active one clears it", async ({ page }) => {
  await signIn(page);
  const d = await openDrawer(page);
  await d.tab("Template").click();
  await createTemplate(page, "Alpha");
  await createTemplate(page, "Bravo");
  await d.templateSwitch("Alpha").click();
  await expect.poll(() => searchParams(page).get("tpl")).toBe("Alpha");

  await d.deleteButton("Bravo").click();
  const confirm = dialog(page, "Delete Template");
  await expect(confirm).toBeVisible();
  // Spec §9 dialog widths: the delete confirmation is the 550 px one.
  await expect.poll(async () => Math.round((await confirm.boundingBox())?.width ?? 0)).toBe(550);
  await expect(confirm).toContainText("Bravo");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(d.templateSwitch("Bravo")).toBeVisible();

  await d.deleteButton("Alpha").click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(confirm).toBeHidden();
  await expect(d.templateSwitch("Alpha")).toHaveCount(0);
  await expect(page.getByText("Template deleted")).toBeVisible();
  await expect.poll(() => searchParams(page).get("tpl")).toBeNull();

  await reloadBetweenRefreshes(page);
  await openDrawer(page);
  await expect(drawer(page).root.getByRole("switch")).toHaveCount(1);
  await expect(drawer(page).templateSwitch("Bravo")).toBeVisible();
});

test("a failed delete is shown in the dialog", async ({ page, request }) => {
  await signIn(page);
  const d = await openDrawer(page);
  await d.tab("Template").click();
  await createTemplate(page, "Gone elsewhere");
  // Deleted meanwhile (another tab, another device): the server answers 404.
  await deleteAllTemplates(request);

  await d.deleteButton("Gone elsewhere").click();
  const confirm = dialog(page, "Delete Template");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(confirm.getByRole("alert")).toContainText('no template titled "Gone elsewhere"');
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
});

test("Edit Filter: basket sizes keep only digits and one decimal point, and the edit is saved", async ({ page }) => {
  await signIn(page);
  const d = await openDrawer(page);
  await d.tab("Template").click();
  await createTemplate(page, "Editable");
  await d.editButton("Editable").click();
  const dlg = dialog(page, "Edit Filter");
  await expect(dlg).toBeVisible();
  await expect.poll(async () => Math.round((await dlg.boundingBox())?.width ?? 0)).toBe(800);

  const min = dlg.getByLabel("Minimum basket size");
  const max = dlg.getByLabel("Maximum basket size");
  await min.fill("12a.3.4");
  await expect(min).toHaveValue("12.34");
  // Typed key by key, too.
  await max.fill("");
  await max.pressSequentially("9x9.-5.0e");
  await expect(max).toHaveValue("99.50");
  await choose(dlg.getByRole("combobox", { name: "Platform" }), "Lazada");
  await dlg.getByRole("button", { name: "Save" }).click();
  await expect(dlg).toBeHidden();
  await expect(d.root.getByText("Basket 12.34–99.5 · Lazada · All Location")).toBeVisible();

  await reloadBetweenRefreshes(page);
  await openDrawer(page);
  await drawer(page).editButton("Editable").click();
  await expect(dlg.getByLabel("Minimum basket size")).toHaveValue("12.34");
  await expect(dlg.getByLabel("Maximum basket size")).toHaveValue("99.5");
  await dlg.getByRole("button", { name: "Cancel" }).click();
  await expect(dlg).toBeHidden();
});

test("Search makes an unnamed ad-hoc filter active, replacing the template, and applies pages and accounts", async ({ page }) => {
  // Tipco's accounts are offered when Tipco is the brand in the top bar (issue 12, defect 4).
  await signIn(page, "/brandEx?brand=Tipco");
  let d = await openDrawer(page);
  await d.tab("Template").click();
  await createTemplate(page, "Alpha");
  await d.templateSwitch("Alpha").click();
  await expect.poll(() => searchParams(page).get("tpl")).toBe("Alpha");

  await d.tab("Filter").click();
  const narrowed = page.waitForResponse((r) => new URL(r.url()).pathname === "/user/filter-page");
  await tick(page, d.accounts, ["Tipco TikTok (TikTok)"]);
  expect((await narrowed).request().postDataJSON()).toEqual({ filter: ["bag-tipco-tt-3"] });
  await expect(d.root).toBeVisible();

  // Only the pages of the chosen account are offered.
  await openSelect(page, d.pages);
  await expect(page.getByRole("option", { name: "@tipcothailand" })).toBeVisible();
  await expect(page.getByRole("option", { name: "Tipco Thailand", exact: true })).toHaveCount(0);
  await page.getByRole("option", { name: "@tipcojuice" }).click();
  await closeSelect(page);
  await expect(d.root).toBeVisible();

  await d.min.fill("100");
  await d.max.fill("2500");
  await choose(d.platform, "Shopee");
  await choose(d.location, "Upper Northeastern");
  await d.searchButton.click();
  await expect(d.root).toBeHidden();

  await expect.poll(() => searchParams(page).get("tpl")).toBeNull();
  const params = searchParams(page);
  expect(params.get("bags")).toContain("bag-tipco-tt-3");
  expect(params.get("pages")).toContain("bag-tipco-tt-3-p2");
  const adhoc = params.get("adhoc") ?? "";
  for (const part of ["100", "2500", "Shopee", "Upper Northeastern"]) expect(adhoc).toContain(part);

  // After a reload (the drawer's view is loaded anew) it starts from what the URL applies, and
  // no template is switched on.
  await reloadBetweenRefreshes(page);
  d = await openDrawer(page);
  await expect(d.templateSwitch("Alpha")).not.toBeChecked();
  await d.tab("Filter").click();
  await expect(d.min).toHaveValue("100");
  await expect(d.max).toHaveValue("2,500");
  await expect(d.platform).toHaveValue("Shopee");
  await expect(d.location).toHaveValue("Upper Northeastern");
  await expect(d.root.getByText("Tipco TikTok (TikTok)")).toBeVisible();
  await expect(d.root.getByText("@tipcojuice")).toBeVisible();
});

test("with no account chosen every page of the selected brand is offered, and no other brand's (issue 12, defect 4)", async ({ page }) => {
  await signIn(page, "/brandEx?brand=Tipco");
  const d = await openDrawer(page);
  await openSelect(page, d.pages);
  for (const name of ["Tipco Thailand", "@tipcothailand"]) {
    await expect(page.getByRole("option", { name, exact: true })).toBeVisible();
  }
  for (const name of ["Aura Thailand", "@auramovefit"]) await expect(page.getByRole("option", { name, exact: true })).toHaveCount(0);
  await closeSelect(page);
  await openSelect(page, d.accounts);
  await expect(page.getByRole("option", { name: "Tipco TikTok (TikTok)" })).toBeVisible();
  await expect(page.getByRole("listbox").getByRole("option", { name: /^Aura/ })).toHaveCount(0);
});

test("works by keyboard: focus stays in the drawer and its dialogs, Escape closes the top one", async ({ page }) => {
  await signIn(page);
  const filterButton = page.getByRole("button", { name: "Filter", exact: true });
  await filterButton.focus();
  await page.keyboard.press("Enter");
  const d = drawer(page);
  await expect(d.root.getByRole("tab", { selected: true })).toBeVisible();
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press("Tab");
    expect(await d.root.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }

  await d.tab("Template").click();
  await d.createButton.focus();
  await page.keyboard.press("Enter");
  const dlg = dialog(page, "Create Template");
  await expect(dlg.getByLabel("Template name")).toBeFocused();
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    expect(await dlg.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dlg).toBeHidden();
  await expect(d.root).toBeVisible();

  await page.keyboard.press("Escape");
  await expect(d.root).toBeHidden();
  await expect(filterButton).toBeFocused();
});
