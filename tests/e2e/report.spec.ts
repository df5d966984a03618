/**
 * `/report` (issue 17, docs/reports.md) in the browser: a demo report scheduled weekly shows its
 * next run on a Monday at 07:00 (Bangkok), and a frequency change moves it; a report saved to the
 * library now is listed (saved by hand) and downloaded: a PDF whose text has the report's title
 * and brand; then the file deleted and the schedule removed, each after a confirmation.
 */
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { extractText } from "unpdf";
import { trackPageProblems } from "./models/pageProblems";
import { signInQuickly } from "./support/session";
import { DEMO } from "./support/users";

trackPageProblems(test);

const REPORT = "Tipco Q1 2024";

test("a demo report scheduled weekly (next run a Monday 07:00), saved to the library and downloaded as a PDF with its brand", async ({ page }) => {
  await signInQuickly(page, DEMO);
  await page.goto("/report");
  await expect(page.getByRole("heading", { level: 1, name: "Report library" })).toBeVisible();

  // 1. Schedule it weekly.
  await page.getByRole("button", { name: "Schedule a report" }).click();
  const scheduleDialog = page.getByRole("dialog", { name: "Schedule a report" });
  await scheduleDialog.getByLabel("Report").selectOption({ label: `${REPORT} (Tipco)` });
  await scheduleDialog.getByLabel("Frequency").selectOption({ label: "Weekly on Monday" });
  await scheduleDialog.getByRole("button", { name: "Schedule" }).click();
  await expect(scheduleDialog).toBeHidden();
  const schedules = page.getByRole("region", { name: "Schedules", exact: true });
  const row = schedules.getByRole("row", { name: new RegExp(REPORT) });
  await expect(row).toBeVisible();
  const nextRun = row.getByRole("cell").nth(1);
  await expect(nextRun).toHaveText(/^Mon, \d{1,2} \w{3} \d{4}, 07:00$/);
  await expect(row.getByRole("cell").nth(2)).toHaveText("Not yet");

  // A new frequency moves the next run: monthly, on a 1st at 07:00.
  await row.getByLabel(`Frequency of ${REPORT}`).selectOption({ label: "Monthly on the 1st" });
  await expect(nextRun).toHaveText(/^\w{3}, 1 \w{3} \d{4}, 07:00$/);

  // 2. Save it to the library now, then download it.
  await page.getByRole("button", { name: "Save a report now" }).click();
  const saveDialog = page.getByRole("dialog", { name: "Save a report to the library" });
  await saveDialog.getByLabel("Report").selectOption({ label: `${REPORT} (Tipco)` });
  await saveDialog.getByRole("button", { name: "Save to library" }).click();
  // The PDF is made while the dialog waits (its speed is measured by npm run bench:reports, not here).
  await expect(saveDialog).toBeHidden({ timeout: 60_000 });
  const files = page.getByRole("region", { name: "Library", exact: true });
  const file = files.getByRole("row", { name: new RegExp(REPORT) });
  await expect(file).toBeVisible();
  await expect(file).toContainText("Saved by hand");
  await expect(file).toContainText("2024-01-01 – 2024-03-31");

  const downloading = page.waitForEvent("download");
  await file.getByRole("button", { name: /^Download / }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${REPORT} 2024-01-01–2024-03-31.pdf`);
  const bytes = new Uint8Array(await readFile((await download.path())!));
  const { text } = await extractText(bytes, { mergePages: true });
  expect(text).toContain(REPORT);
  expect(text).toContain("Tipco");
  expect(text).toContain("2024-01-01 – 2024-03-31");
  expect(text).toContain("Page 1 of");

  // 3. Delete the file and remove the schedule, each after a confirmation.
  await file.getByRole("button", { name: /^Delete / }).click();
  const confirmDelete = page.getByRole("dialog", { name: "Delete this PDF?" });
  await confirmDelete.getByRole("button", { name: "Delete" }).click();
  await expect(confirmDelete).toBeHidden();
  await expect(files.getByRole("row", { name: new RegExp(REPORT) })).toHaveCount(0);

  await row.getByRole("button", { name: `Remove the schedule of ${REPORT}` }).click();
  const confirmRemove = page.getByRole("dialog", { name: "Remove this schedule?" });
  await confirmRemove.getByRole("button", { name: "Delete" }).click();
  await expect(confirmRemove).toBeHidden();
  await expect(page.getByText("No report is scheduled.")).toBeVisible();
});
