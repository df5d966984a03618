/**
 * KPI planning in the real app (issue 4; spec §2 KPI Setting drawer and KPI template dialog,
 * §4, §5, §7): create, edit, rename, select and delete KPI templates, the figures the dialog
 * computes and the warnings it shows. Every test starts with the demo user holding no KPI
 * templates.
 */
import { expect, test } from "@playwright/test";
import { signIn } from "./models/filterUi";
import {
  deleteAllKpiTemplates, kpiDeleteDialog, kpiDialog, kpiTemplatesOnServer, openKpiDrawer, selectCard,
} from "./models/kpiUi";
import { trackPageProblems } from "./models/pageProblems";

trackPageProblems(test);

test.beforeEach(async ({ request }) => {
  await deleteAllKpiTemplates(request);
});

test("creates a plan with two MA and one Ads parameter, edits it with the same values, renames it and deletes it", async ({ page, request }) => {
  await signIn(page);
  const drawer = await openKpiDrawer(page);
  await expect(drawer.root.getByText("No KPI templates yet")).toBeVisible();
  await drawer.createButton.click();

  const d = kpiDialog(page);
  await expect(d.root).toBeVisible();
  await d.name.fill("Q1 Launch");
  await d.budget.fill("100000");

  await selectCard(d.card("MA", "Reach"));
  await selectCard(d.card("MA", "Impression"));
  await d.paramBudget("Reach").fill("20000");
  await d.paramKpi("Reach").fill("400000");
  await d.paramBudget("Impression").fill("15000");
  await d.paramKpi("Impression").fill("3000000");
  await expect(d.costPerUnit("Reach")).toHaveText("0.05");
  await expect(d.costPerUnit("Impression", "CPM")).toHaveText("5.00");
  await expect(d.remainingBudget).toHaveText("฿65,000.00");

  await d.tab("Ads").click();
  await selectCard(d.card("Ads", "Click"));
  await d.paramBudget("Click").fill("30000");
  await d.paramKpi("Click").fill("12000");
  await expect(d.costPerUnit("Click")).toHaveText("2.50");
  await expect(d.remainingBudget).toHaveText("฿35,000.00");
  await d.adsStart.fill("2026-01-16");
  await d.adsEnd.fill("2026-03-15");
  // 16 days of January, 28 of February, 15 of March: 59 days for ฿30,000.
  await expect(d.monthBudget("January 2026")).toHaveValue("8135.59");
  await expect(d.monthBudget("February 2026")).toHaveValue("14237.29");
  await expect(d.monthBudget("March 2026")).toHaveValue("7627.12");

  await d.save.click();
  await expect(d.root).toBeHidden();
  await expect(drawer.selectButton("Q1 Launch")).toBeVisible();

  const [stored] = await kpiTemplatesOnServer(request);
  expect(stored).toMatchObject({
    title: "Q1 Launch",
    Budget: "100000",
    MA: { reach: { kpi: "400000", budget: "20000" }, impression: { kpi: "3000000", budget: "15000" }, click: { kpi: "", budget: "" }, setMonth: [] },
    ADS: {
      click: { kpi: "12000", budget: "30000" },
      setMonth: [
        { startDate: "2026-01-16", endDate: "2026-01-31", budget: 8135.59 },
        { startDate: "2026-02-01", endDate: "2026-02-28", budget: 14237.29 },
        { startDate: "2026-03-01", endDate: "2026-03-15", budget: 7627.12 },
      ],
    },
  });

  // Edit mode: the same values, the parameters with a KPI value pre-selected.
  await drawer.editButton("Q1 Launch").click();
  const e = kpiDialog(page, "Edit KPI Template");
  await expect(e.root).toBeVisible();
  await expect(e.name).toHaveValue("Q1 Launch");
  await expect(e.budget).toHaveValue("100000");
  await expect(e.card("MA", "Reach")).toHaveAttribute("aria-pressed", "true");
  await expect(e.card("MA", "Impression")).toHaveAttribute("aria-pressed", "true");
  await expect(e.card("MA", "Click")).toHaveAttribute("aria-pressed", "false");
  await expect(e.paramKpi("Reach")).toHaveValue("400000");
  await expect(e.remainingBudget).toHaveText("฿35,000.00");
  await e.tab("Ads").click();
  await expect(e.card("Ads", "Click")).toHaveAttribute("aria-pressed", "true");
  await expect(e.paramBudget("Click")).toHaveValue("30000");
  await expect(e.adsStart).toHaveValue("2026-01-16");

  // Rename: the old title goes with the update, so the template is renamed, not copied.
  await e.name.fill("Q1 Launch (revised)");
  await e.update.click();
  await expect(e.root).toBeHidden();
  await expect(drawer.selectButton("Q1 Launch (revised)")).toBeVisible();
  await expect(drawer.selectButton("Q1 Launch")).toBeHidden();
  expect((await kpiTemplatesOnServer(request)).map((t) => t.title)).toEqual(["Q1 Launch (revised)"]);

  // Delete, after the confirmation.
  await drawer.deleteButton("Q1 Launch (revised)").click();
  const confirm = kpiDeleteDialog(page);
  await expect(confirm.root.getByText("Are you sure to delete this?")).toBeVisible();
  await confirm.cancel.click();
  await expect(drawer.selectButton("Q1 Launch (revised)")).toBeVisible();
  await drawer.deleteButton("Q1 Launch (revised)").click();
  await confirm.confirm.click();
  await expect(confirm.root).toBeHidden();
  await expect(drawer.root.getByText("No KPI templates yet")).toBeVisible();
  expect(await kpiTemplatesOnServer(request)).toEqual([]);
});

test("Save without a name shows the red toast 'Please fill the template name.' and sends nothing", async ({ page }) => {
  await signIn(page);
  const drawer = await openKpiDrawer(page);
  await drawer.createButton.click();
  const d = kpiDialog(page);
  await d.budget.fill("500");
  const sent: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/user/upsert-kpi-template") sent.push(r.method());
  });
  await d.save.click();
  const toast = page.locator(".p-toast-message-error").filter({ hasText: "Please fill the template name." });
  await expect(toast).toBeVisible();
  // Spec §2: top right.
  const box = await toast.boundingBox();
  const viewport = page.viewportSize();
  expect(box !== null && viewport !== null && box.x + box.width > viewport.width / 2 && box.y < viewport.height / 2).toBe(true);
  // Below the top bar, so that it never covers (and, while hovered, stays over) its buttons.
  const bar = await page.getByRole("banner").boundingBox();
  expect(box!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height);
  await expect(d.root).toBeVisible();
  await d.name.fill("   ");
  await d.save.click();
  await expect(toast.first()).toBeVisible();
  expect(sent).toEqual([]);
});

test("Save under the name of an existing template shows a red toast and replaces nothing", async ({ page, request }) => {
  await signIn(page);
  const drawer = await openKpiDrawer(page);
  await drawer.createButton.click();
  const first = kpiDialog(page);
  await first.name.fill("Plan A");
  await first.budget.fill("1000");
  await first.save.click();
  await expect(first.root).toBeHidden();
  await expect(drawer.selectButton("Plan A")).toBeVisible();

  const sent: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/user/upsert-kpi-template") sent.push(r.method());
  });
  await drawer.createButton.click();
  const d = kpiDialog(page);
  await expect(d.name).toHaveValue("");
  await d.name.fill(" Plan A ");
  await d.budget.fill("2000");
  await d.save.click();
  await expect(page.locator(".p-toast-message-error").filter({ hasText: 'A KPI template named "Plan A" already exists.' })).toBeVisible();
  // The dialog stays with what was typed, and says nothing of a failed save: nothing was sent.
  await expect(d.root).toBeVisible();
  await expect(d.name).toHaveValue(" Plan A ");
  await expect(d.budget).toHaveValue("2000");
  await expect(d.root.getByRole("alert")).toHaveCount(0);
  expect(sent).toEqual([]);
  const stored = await kpiTemplatesOnServer(request);
  expect(stored.map((t) => [t.title, t.Budget])).toEqual([["Plan A", "1000"]]);
});

test("amount inputs keep only digits and one decimal point: '12a.3.4' becomes '12.34'", async ({ page }) => {
  await signIn(page);
  const drawer = await openKpiDrawer(page);
  await drawer.createButton.click();
  const d = kpiDialog(page);
  await d.budget.pressSequentially("12a.3.4");
  await expect(d.budget).toHaveValue("12.34");
  await selectCard(d.card("MA", "Engagement"));
  await d.paramKpi("Engagement").pressSequentially("1,000x");
  await expect(d.paramKpi("Engagement")).toHaveValue("1000");
  await d.tab("RFM Setting").click();
  await d.weight("Recency").pressSequentially("-4o.5%");
  await expect(d.weight("Recency")).toHaveValue("4.5");
});

test("starts with the default segments; '+ Add KPI Segment' adds a card and its delete button removes it", async ({ page }) => {
  await signIn(page);
  const drawer = await openKpiDrawer(page);
  await drawer.createButton.click();
  const d = kpiDialog(page);
  await expect(d.addSegment).toBeHidden();
  await d.tab("RFM Setting").click();
  await expect(d.addSegment).toBeVisible();
  await d.tab("Segment").click();
  await expect(d.segments).toHaveCount(9);
  await expect(d.segmentName(1)).toHaveValue("Champions");
  await expect(d.segmentRank(1)).toHaveValue("9");
  await expect(d.segmentName(9)).toHaveValue("Hibernating");

  await d.addSegment.click();
  await expect(d.segments).toHaveCount(10);
  await expect(d.segmentName(10)).toHaveValue("New Segment");
  await expect(d.segmentRank(10)).toHaveValue("10");
  await d.segmentName(10).fill("VIP Members");

  // A clash is flagged on both cards.
  await d.segmentName(10).fill("champions");
  await expect(d.segments.nth(0).getByText("Another segment has this name.")).toBeVisible();
  await expect(d.segments.nth(9).getByText("Another segment has this name.")).toBeVisible();
  await d.segmentRank(10).fill("9");
  await expect(d.segments.nth(9).getByText("Another segment has this rank.")).toBeVisible();

  await d.deleteSegment("champions").click();
  await expect(d.segments).toHaveCount(9);
  await expect(d.root.getByText("Another segment has this name.")).toBeHidden();
  await d.deleteSegment("Hibernating").click();
  await expect(d.segments).toHaveCount(8);
  await expect(d.segmentName(8)).toHaveValue("At Risk");
});

test("warns next to the figures when Remaining Budget or Remaining Percent goes below zero, without blocking Save", async ({ page, request }) => {
  await signIn(page);
  const drawer = await openKpiDrawer(page);
  await drawer.createButton.click();
  const d = kpiDialog(page);
  await d.name.fill("Stretch plan");
  await d.budget.fill("1000");
  await selectCard(d.card("MA", "Reach"));
  await d.paramBudget("Reach").fill("1500");
  await expect(d.remainingBudget).toHaveText("-฿500.00");
  await expect(d.root.getByText("Over budget by ฿500.00")).toBeVisible();

  await d.tab("RFM Setting").click();
  await d.weight("Recency").fill("50");
  await d.weight("Frequency").fill("40");
  await expect(d.remainingPercent).toHaveText("10.00%");
  await expect(d.root.getByText("The weights should total 100%.")).toBeVisible();
  await d.weight("Monetary").fill("30");
  await expect(d.remainingPercent).toHaveText("-20.00%");
  await expect(d.root.getByText("The weights exceed 100% by 20.00.")).toBeVisible();
  await d.weight("Monetary").fill("10");
  await expect(d.remainingPercent).toHaveText("0.00%");
  await expect(d.root.getByText(/The weights/)).toBeHidden();

  await d.save.click();
  await expect(d.root).toBeHidden();
  const [stored] = await kpiTemplatesOnServer(request);
  expect(stored?.RFM).toEqual([
    { setting: [{ name: "Recency", weight: "50" }, { name: "Frequency", weight: "40" }, { name: "Monetary", weight: "10" }] },
    { segment: expect.arrayContaining([{ name: "Champions", rank: 9 }]) },
  ]);
});

test("selecting a KPI template toggles it, at most one at a time, and the choice is in the URL", async ({ page }) => {
  await signIn(page);
  const drawer = await openKpiDrawer(page);
  for (const title of ["Plan A", "Plan B"]) {
    await drawer.createButton.click();
    const d = kpiDialog(page);
    await d.name.fill(title);
    await d.save.click();
    await expect(d.root).toBeHidden();
  }
  const kpiParam = () => new URL(page.url()).searchParams.get("kpi");
  await drawer.selectButton("Plan A").click();
  await expect(drawer.selectButton("Plan A")).toHaveAttribute("aria-pressed", "true");
  await expect.poll(kpiParam).toBe("Plan A");
  await drawer.selectButton("Plan B").click();
  await expect(drawer.selectButton("Plan B")).toHaveAttribute("aria-pressed", "true");
  await expect(drawer.selectButton("Plan A")).toHaveAttribute("aria-pressed", "false");
  await expect.poll(kpiParam).toBe("Plan B");
  await drawer.selectButton("Plan B").click();
  await expect(drawer.selectButton("Plan B")).toHaveAttribute("aria-pressed", "false");
  await expect.poll(kpiParam).toBeNull();

  // Deleting the selected template deselects it.
  await drawer.selectButton("Plan A").click();
  await expect.poll(kpiParam).toBe("Plan A");
  await drawer.deleteButton("Plan A").click();
  await kpiDeleteDialog(page).confirm.click();
  await expect(drawer.selectButton("Plan A")).toBeHidden();
  await expect.poll(kpiParam).toBeNull();
});

test("a toast lets the pointer through and goes in time even while the pointer rests on it", async ({ page }) => {
  await signIn(page);
  const drawer = await openKpiDrawer(page);
  await drawer.createButton.click();
  const d = kpiDialog(page);
  await d.name.fill("Plan A");
  await d.save.click();
  await expect(d.root).toBeHidden();
  const toast = page.getByRole("alert").filter({ hasText: "KPI template saved" });
  await expect(toast).toBeVisible();
  const box = await toast.boundingBox();
  if (box === null) throw new Error("the toast has no box");
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  // What a click at the toast's centre reaches: not the toast, but what lies under it.
  const hitsToast = await page.evaluate(([px, py]) => document.elementFromPoint(px!, py!)?.closest(".p-toast") !== null, [x, y]);
  expect(hitsToast).toBe(false);
  // PrimeReact holds a hovered toast open; this one still goes after its 1500 ms.
  await page.mouse.move(x, y);
  await expect(toast).toBeHidden({ timeout: 5_000 });
  // The button the toast covered takes the click at once.
  await drawer.createButton.click({ timeout: 2_000 });
  await expect(kpiDialog(page).root).toBeVisible();
});

test("deselecting a parameter empties its budget and KPI, so Remaining Budget gets it back", async ({ page }) => {
  await signIn(page);
  const drawer = await openKpiDrawer(page);
  await drawer.createButton.click();
  const d = kpiDialog(page);
  await d.budget.fill("1000");
  await selectCard(d.card("MA", "Inbox"));
  await d.paramBudget("Inbox").fill("400");
  await d.paramKpi("Inbox").fill("80");
  await expect(d.remainingBudget).toHaveText("฿600.00");
  await d.card("MA", "Inbox").click();
  await expect(d.paramBudget("Inbox")).toBeHidden();
  await expect(d.remainingBudget).toHaveText("฿1,000.00");
  await d.card("MA", "Inbox").click();
  await expect(d.paramBudget("Inbox")).toHaveValue("");
  await expect(d.paramKpi("Inbox")).toHaveValue("");
});

test("the Ads dates show and take YYYY-MM-DD, and say what is wrong with anything else", async ({ page }) => {
  await signIn(page);
  const drawer = await openKpiDrawer(page);
  await drawer.createButton.click();
  const d = kpiDialog(page);
  await d.tab("Ads").click();
  await selectCard(d.card("Ads", "Click"));
  await d.paramBudget("Click").fill("31000");
  await expect(d.adsStart).toHaveAttribute("placeholder", "YYYY-MM-DD");

  await d.adsStart.fill("01/16/2026");
  await expect(d.root.getByRole("alert").filter({ hasText: "Enter the date as YYYY-MM-DD, for example 2026-01-31." })).toBeVisible();
  await expect(d.adsStart).toHaveAttribute("aria-invalid", "true");
  await d.adsStart.fill("2026-02-30");
  await expect(d.root.getByRole("alert").filter({ hasText: "2026-02-30 is not a day of the calendar." })).toBeVisible();
  await expect(d.monthBudget("February 2026")).toHaveCount(0);

  await d.adsStart.fill("2026-01-01");
  await d.adsEnd.fill("2026-01-31");
  await expect(d.adsStart).toHaveValue("2026-01-01");
  await expect(d.adsEnd).toHaveValue("2026-01-31");
  await expect(d.monthBudget("January 2026")).toHaveValue("31000");
  await expect(d.root.getByRole("alert")).toHaveCount(0);

  await d.adsEnd.fill("2025-12-31");
  await expect(d.root.getByRole("alert").filter({ hasText: "The date must be on or after 2026-01-01." })).toBeVisible();
  await expect(d.monthBudget("December 2025")).toHaveCount(0);
});
