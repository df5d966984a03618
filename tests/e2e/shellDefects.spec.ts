/**
 * The shell's visible defects of issue 12, each checked the way a brand team meets it.
 */
import { expect, test, type Page } from "@playwright/test";
import { signInQuickly } from "./support/session";
import { DEMO, LIMITED } from "./support/users";

const menu = (page: Page) => page.getByRole("navigation", { name: "Modules" });

test.describe("O2O in the side menu (defect 5)", () => {
  test("a user with o2o campaigns finds O2O after Affiliate and reaches /o2o from it", async ({ page }) => {
    await signInQuickly(page, DEMO);
    await page.goto("/brandEx");
    const links = menu(page).getByRole("link");
    const labels = await links.allTextContents();
    expect(labels.map((l) => l.trim()).slice(-2)).toEqual(["Affiliate", "O2O"]);
    await menu(page).getByRole("link", { name: "O2O", exact: true }).click();
    await expect(page).toHaveURL(/\/o2o/);
    await expect(page.getByRole("heading", { level: 1, name: /o2o/i })).toBeVisible();
  });

  test("a user without o2o campaigns has no O2O item", async ({ page }) => {
    await signInQuickly(page, LIMITED);
    await page.goto("/brandEx");
    await expect(menu(page).getByRole("link", { name: "Brand Experience", exact: true })).toBeVisible();
    await expect(menu(page).getByRole("link", { name: "O2O", exact: true })).toHaveCount(0);
  });
});
