/**
 * CIR reports (issue 17) in the browser: a report built from two charts ("Add to report" on
 * /e-commerce, a new report; then on /ads, into the same report), its sections reordered by
 * keyboard (Move up), shared with the brand and saved; renamed, and the earlier title brought back
 * from the history; its PDF exported (the text names the brand and the range); and another user of
 * the brand (permission 2) opening it read-only: no edit controls, the figures shown.
 */
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { extractText } from "unpdf";
import { bangkokDay } from "../../domain/dates";
import { trackPageProblems } from "./models/pageProblems";
import { signInQuickly } from "./support/session";
import { DEMO, NO_KPI } from "./support/users";

trackPageProblems(test);

/** Last month in Bangkok: the demo orders of the last months are there when the server starts. */
function lastMonth(): { start: string; end: string } {
  const [y, m] = bangkokDay(Date.now()).split("-").map(Number) as [number, number];
  const year = m === 1 ? y - 1 : y;
  const month = m === 1 ? 12 : m - 1;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, "0");
  return { start: `${year}-${mm}-01`, end: `${year}-${mm}-${days}` };
}
const MONTH = lastMonth();
const ADS = { start: "2024-03-01", end: "2024-03-31" };

const addDialog = (page: Page) => page.getByRole("dialog", { name: "Add to report" });
const sectionHeadings = (page: Page) => page.getByRole("list", { name: "Sections" }).getByRole("heading", { level: 2 });

test("a report built from two charts, reordered, shared, restored from its history, exported to PDF and read by another user of the brand", async ({ page, browser }) => {
  const title = `Tipco review ${Date.now().toString(36)}`;
  await signInQuickly(page, DEMO);

  // 1. /e-commerce: GMV and NMV over time into a new report.
  await page.goto(`/e-commerce?brand=Tipco&start=${MONTH.start}&end=${MONTH.end}`);
  await page.getByRole("button", { name: "Add GMV and NMV over time to a report" }).click();
  await expect(addDialog(page)).toBeVisible();
  await addDialog(page).getByRole("radio", { name: "New report" }).check();
  await addDialog(page).getByLabel("Title").fill(title);
  await addDialog(page).getByRole("button", { name: "Add", exact: true }).click();
  await expect(addDialog(page).getByRole("status")).toContainText(`Added to “${title}”`);
  await addDialog(page).getByRole("button", { name: "Done" }).click();

  // 2. /ads: Spend and results over time into the same report.
  await page.goto(`/ads?brand=Tipco&start=${ADS.start}&end=${ADS.end}`);
  await page.getByRole("button", { name: "Add Spend and results over time to a report" }).click();
  await addDialog(page).getByRole("radio", { name: new RegExp(`^${title}`) }).check();
  await addDialog(page).getByRole("button", { name: "Add", exact: true }).click();
  await expect(addDialog(page).getByRole("status")).toContainText(`Added to “${title}”`);
  await addDialog(page).getByRole("link", { name: "Open report" }).click();

  // 3. The report: two sections in the order added.
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(sectionHeadings(page)).toHaveText(["GMV and NMV over time", "Ads spend over time"]);
  const id = /\/cir\/(\d+)/.exec(page.url())?.[1];
  expect(id).toBeDefined();

  // 4. Reorder by keyboard, share with the brand, save.
  await page.getByRole("button", { name: "Edit" }).click();
  const moveUp = page.getByRole("button", { name: "Move Ads spend over time up" });
  await moveUp.focus();
  await page.keyboard.press("Enter");
  await expect(sectionHeadings(page)).toHaveText(["Ads spend over time", "GMV and NMV over time"]);
  await page.getByRole("checkbox", { name: /Share with the users of Tipco/ }).check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "Shared with the users of Tipco (read-only)" })).toBeVisible();

  // 5. Rename, then bring the earlier title back from the history.
  await page.getByRole("button", { name: "Edit" }).click();
  await page.getByLabel("Report title").fill(`${title} (renamed)`);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `${title} (renamed)` })).toBeVisible();
  await page.getByRole("button", { name: "History" }).click();
  const history = page.getByRole("dialog", { name: "History" });
  const restores = history.getByRole("button", { name: /^Restore/ });
  await expect(restores.first()).toBeVisible();
  // Oldest first: the one before the last is the report as saved before the rename.
  const count = await restores.count();
  expect(count).toBeGreaterThanOrEqual(2);
  await restores.nth(count - 2).click();
  await expect(page.getByRole("heading", { level: 1, name: title, exact: true })).toBeVisible();
  await expect(sectionHeadings(page)).toHaveText(["Ads spend over time", "GMV and NMV over time"]);

  // 6. The PDF names the brand and the range.
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export PDF" }).click();
  const download = await downloading;
  const file = await download.path();
  const { text } = await extractText(new Uint8Array(await readFile(file)), { mergePages: true });
  expect(text).toContain("Tipco");
  expect(text).toContain(MONTH.start);
  expect(text).toContain(MONTH.end);

  // 7. Another user of Tipco with permission 2 reads it: no edit controls, the figures shown.
  const other = await browser.newContext();
  const reader = await other.newPage();
  await signInQuickly(reader, NO_KPI);
  await reader.goto(`/cir/${id}`);
  await expect(reader.getByRole("heading", { level: 1, name: title, exact: true })).toBeVisible();
  await expect(reader.getByText("Shared with you by Demo User: read-only.")).toBeVisible();
  await expect(sectionHeadings(reader)).toHaveText(["Ads spend over time", "GMV and NMV over time"]);
  for (const name of ["Edit", "Delete", "History"]) await expect(reader.getByRole("button", { name, exact: true })).toHaveCount(0);
  await expect(reader.getByRole("button", { name: /^Move / })).toHaveCount(0);
  await expect(reader.getByRole("img", { name: /^Ads spend over time/ })).toBeVisible();
  await expect(reader.getByRole("img", { name: /^GMV and NMV over time/ })).toBeVisible();
  await expect(reader.locator(".cir-unavailable")).toHaveCount(0);
  // The list shows it among the reports shared with them.
  await reader.goto("/cir?own=others");
  await expect(reader.getByRole("link", { name: title, exact: true })).toBeVisible();
  await other.close();
});
