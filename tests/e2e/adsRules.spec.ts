/**
 * The automation section of /ads (issue 15) on the demo: a rule with a window of 0 days shows the
 * window's message under its field and is not sent; "Frequency above 3 over the last 7 days",
 * created in the form, raises alerts on Tipco's fatigued campaign (the demo's campaign whose
 * frequency rises as it ages: server/demo/adsDemo.ts) and only there; one is acknowledged and
 * moves to the history; the rule is edited to a threshold no day reaches (its open alerts go, the
 * acknowledged one stays); the rule is deleted, and its alerts with it.
 */
import { expect, test, type Page } from "@playwright/test";
import { addDays } from "../../domain/calendarDays";
import { bangkokDay } from "../../domain/dates";
import { trackPageProblems } from "./models/pageProblems";
import { signInQuickly } from "./support/session";
import { DEMO } from "./support/users";

trackPageProblems(test);

const FATIGUED = "Tipco Cold Pressed – Retarget ATC 14D";
const RULE = "Fatigue watch (e2e)";

const rulesList = (page: Page) => page.getByRole("list", { name: "Rules of Tipco" });
const alertsRegion = (page: Page, start: string, end: string) => page.getByRole("region", { name: `Alerts ${start} – ${end}` });
const dialog = (page: Page) => page.getByRole("dialog", { name: "New rule" });

/**
 * Every toast shown from now on, by its summary: a toast lives 1.5 s, which a busy machine can
 * let pass between two looks; the page keeps the list.
 */
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

test("a rule created in the form raises alerts on the fatigued campaign; one is acknowledged and moves to the history; the rule is edited, then deleted", async ({ page }) => {
  test.setTimeout(180_000);
  const end = bangkokDay(Date.now());
  const start = addDays(end, -29);
  await signInQuickly(page, DEMO);
  await page.goto(`/ads?brand=Tipco&start=${start}&end=${end}`);
  await expect(page.getByRole("heading", { level: 2, name: "Automation" })).toBeVisible();
  // The line is said once on the page.
  const toasts = await watchToasts(page);
  await expect(page.getByText("Nothing is sent to the ad platforms: rules only raise alerts here; act on them in Ads Manager.")).toHaveCount(1);

  // A bad rule: the window's message under its field, nothing sent.
  await page.getByRole("button", { name: "New rule" }).click();
  await expect(dialog(page)).toBeVisible();
  await dialog(page).getByLabel("Rule name").fill(RULE);
  await dialog(page).getByLabel("Threshold").fill("3");
  const window = dialog(page).getByLabel("Window (days, 1–90)");
  await window.fill("0");
  await dialog(page).getByRole("button", { name: "Save rule" }).click();
  await expect(window).toHaveAccessibleDescription("The window must be a whole number of days from 1 to 90.");
  await expect(window).toHaveAttribute("aria-invalid", "true");
  await expect(dialog(page)).toBeVisible();

  // Corrected: frequency above 3 over the last 7 days, on every campaign of the brand.
  await window.fill("7");
  await expect(window).toHaveAttribute("aria-invalid", "false");
  await expect(dialog(page).getByLabel("Metric")).toHaveValue("frequency");
  await expect(dialog(page).getByLabel("Condition")).toHaveValue("above");
  await expect(dialog(page).getByText("Frequency above 3 over the last 7 days")).toBeVisible();
  await dialog(page).getByRole("button", { name: "Save rule" }).click();
  // The server evaluates the rule over the last 365 days before it answers.
  await expect.poll(toasts, { timeout: 60_000 }).toContainEqual(expect.stringMatching(/^Rule saved: \d[\d,]* alerts? over the last 365 days$/));
  await expect(dialog(page)).toBeHidden();
  await expect(rulesList(page).getByRole("listitem").filter({ hasText: RULE })).toContainText("Frequency above 3 over the last 7 days");

  // The alerts of the range: the fatigued campaign's, and only its.
  const alerts = alertsRegion(page, start, end);
  await expect(alerts).toBeVisible();
  const rows = alerts.locator("tbody tr").filter({ hasText: RULE });
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  await expect(alerts.locator("tbody tr").filter({ hasText: RULE }).filter({ hasNotText: FATIGUED })).toHaveCount(0);
  // Newest day first: the last day of the range, its frequency above 3.
  const newest = rows.first();
  await expect(newest.locator("td").first()).toHaveText(end);
  await expect(newest).toContainText("above 3.00");
  const shown = Number((await newest.locator(".alerts-value").innerText()).replace(/,/g, ""));
  expect(shown).toBeGreaterThan(3);

  // Acknowledged: it leaves the open list and shows in the acknowledged ones.
  await newest.getByRole("button", { name: `Acknowledge the alert of ${RULE} on ${FATIGUED}, ${end}` }).click();
  await expect.poll(toasts, { timeout: 30_000 }).toContain("1 alert acknowledged");
  await expect(rows).toHaveCount(count - 1);
  await expect(alerts.getByRole("button", { name: `Acknowledge the alert of ${RULE} on ${FATIGUED}, ${end}` })).toHaveCount(0);
  await page.getByRole("radio", { name: "Acknowledged" }).check();
  const history = alertsRegion(page, start, end).locator("tbody tr").filter({ hasText: RULE });
  await expect(history).toHaveCount(1);
  await expect(history.first()).toContainText(FATIGUED);
  await expect(history.first()).toContainText(`Acknowledged ${end}`);
  await page.getByRole("radio", { name: "All (history)" }).check();
  await expect(alertsRegion(page, start, end).locator("tbody tr").filter({ hasText: RULE })).toHaveCount(count);

  // Edited: above 100 holds on no day, so the open alerts of the old condition go; the
  // acknowledged one stays, as history.
  await rulesList(page).getByRole("button", { name: `Edit rule ${RULE}` }).click();
  const editor = page.getByRole("dialog", { name: "Edit rule" });
  await expect(editor.getByLabel("Rule name")).toHaveValue(RULE);
  await expect(editor.getByLabel("Window (days, 1–90)")).toHaveValue("7");
  await editor.getByLabel("Threshold").fill("100");
  await expect(editor.getByText("Frequency above 100 over the last 7 days")).toBeVisible();
  await editor.getByRole("button", { name: "Update rule" }).click();
  await expect.poll(toasts, { timeout: 60_000 }).toContain("Rule saved: 0 alerts over the last 365 days");
  await expect(editor).toBeHidden();
  await expect(rulesList(page).getByRole("listitem").filter({ hasText: RULE })).toContainText("Frequency above 100 over the last 7 days");
  await expect(alertsRegion(page, start, end).locator("tbody tr").filter({ hasText: RULE })).toHaveCount(1);
  await expect(alertsRegion(page, start, end).locator("tbody tr").filter({ hasText: RULE }).first()).toContainText(`Acknowledged ${end}`);

  // Deleted, with its alerts.
  await rulesList(page).getByRole("button", { name: `Delete rule ${RULE}` }).click();
  const confirm = page.getByRole("dialog", { name: "Delete rule" });
  await expect(confirm).toContainText(RULE);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect.poll(toasts, { timeout: 30_000 }).toContain(`Rule deleted: ${RULE}`);
  await expect(page.getByRole("button", { name: `Delete rule ${RULE}` })).toHaveCount(0);
  await expect(alertsRegion(page, start, end).locator("tbody tr").filter({ hasText: RULE })).toHaveCount(0);
});

test("Import ads sends a report for the account chosen and lists every refused line with its number", async ({ page }) => {
  const end = bangkokDay(Date.now());
  await signInQuickly(page, DEMO);
  await page.goto(`/ads?brand=Tipco&start=${addDays(end, -29)}&end=${end}`);
  await page.getByRole("button", { name: "Import ads" }).click();
  const importDialog = page.getByRole("dialog", { name: "Import ads" });
  await expect(importDialog).toBeVisible();
  // The brand's Facebook and TikTok accounts; nothing to send before one is chosen.
  const account = importDialog.getByRole("combobox", { name: "Ad account" });
  await expect(account.locator("option")).toHaveText(["", "Tipco Official (Facebook)", "Tipco Shop (Facebook)", "Tipco TikTok (TikTok)"]);
  await importDialog.getByLabel("Report file").setInputFiles("tests/fixtures/ads/meta-ads-bad.csv");
  await expect(importDialog.getByRole("button", { name: "Import" })).toBeDisabled();
  await account.selectOption("Tipco Shop (Facebook)");
  await importDialog.getByRole("button", { name: "Import" }).click();
  await expect(importDialog.getByText("The file was refused: nothing was imported.")).toBeVisible({ timeout: 30_000 });
  await expect(importDialog.getByText("5 rows cannot be imported, so nothing was imported", { exact: true })).toBeVisible();
  const lines = importDialog.getByRole("region", { name: "Lines refused (5)" });
  await expect(lines.locator("tbody th")).toHaveText(["3", "4", "5", "6", "7"]);
  await expect(lines.locator("tbody tr").first()).toContainText('Amount spent (THB): "-5" is negative');
  await importDialog.locator("form").getByRole("button", { name: "Close" }).click();
  await expect(importDialog).toBeHidden();
});
