/**
 * The KPI template dialog's layout on a desktop (1440 px) and a phone (390 px) (issue 12): the
 * segment cards of RFM Setting → Segment wrap without one card's fields over another's, the
 * dialog stays within the screen, and the MA/Ads budget and KPI inputs stay wide enough to read
 * an amount. Screenshots of both widths go to the test's output folder.
 */
import { expect, test, type Locator } from "@playwright/test";
import { signIn } from "./models/filterUi";
import { deleteAllKpiTemplates, kpiDialog, openKpiDrawer, selectCard } from "./models/kpiUi";
import { trackPageProblems } from "./models/pageProblems";

trackPageProblems(test);

test.beforeEach(async ({ request }) => {
  await deleteAllKpiTemplates(request);
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (box === null) throw new Error("not rendered");
  return box;
}

/** The boxes of every field and button of each segment card. */
async function controlsPerCard(cards: Locator): Promise<Box[][]> {
  const result: Box[][] = [];
  for (const card of await cards.all()) {
    const controls = card.getByRole("textbox").or(card.getByRole("button"));
    const boxes: Box[] = [];
    for (const control of await controls.all()) if (await control.isVisible()) boxes.push(await boxOf(control));
    result.push(boxes);
  }
  return result;
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px the segment cards do not overlap, the dialog fits the screen and the amount inputs are readable`, async ({ page }, info) => {
    await page.setViewportSize(viewport);
    await signIn(page);
    const drawer = await openKpiDrawer(page);
    await drawer.createButton.click();
    const d = kpiDialog(page);
    await expect(d.root).toBeVisible();

    await d.tab("RFM Setting").click();
    await d.tab("Segment").click();
    await expect(d.segments).toHaveCount(9);
    await page.screenshot({ path: info.outputPath(`segments-${viewport.width}.png`), fullPage: false });

    const dialog = await boxOf(d.root);
    expect(dialog.x).toBeGreaterThanOrEqual(0);
    expect(dialog.x + dialog.width).toBeLessThanOrEqual(viewport.width);
    // Nothing inside the dialog is wider than the dialog (a wide row would scroll it sideways).
    const overflow = await d.root.locator(".p-dialog-content").evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    const cards = await controlsPerCard(d.segments);
    for (const [i, own] of cards.entries()) {
      expect(own.length, `card ${i + 1} shows its name, rank and delete button`).toBeGreaterThanOrEqual(3);
      const cardBox = await boxOf(d.segments.nth(i));
      for (const control of own) {
        expect(control.x, `card ${i + 1}'s controls stay inside it`).toBeGreaterThanOrEqual(cardBox.x);
        expect(control.x + control.width).toBeLessThanOrEqual(cardBox.x + cardBox.width + 0.5);
        expect(control.x + control.width, `card ${i + 1}'s controls stay inside the dialog`).toBeLessThanOrEqual(dialog.x + dialog.width);
      }
      for (const [j, other] of cards.entries()) {
        if (j <= i) continue;
        for (const a of own) for (const b of other) expect(intersects(a, b), `a control of card ${i + 1} lies over one of card ${j + 1}`).toBe(false);
      }
    }

    for (const plan of ["MA", "Ads"] as const) {
      await d.tab(plan).click();
      await selectCard(d.card(plan, "Reach"));
      await selectCard(d.card(plan, "Impression"));
      for (const input of [d.paramBudget("Reach"), d.paramKpi("Reach"), d.paramBudget("Impression"), d.paramKpi("Impression")]) {
        const box = await boxOf(input);
        expect(box.width, `${plan} amount input width`).toBeGreaterThanOrEqual(120);
        expect(box.x + box.width).toBeLessThanOrEqual(dialog.x + dialog.width);
      }
    }
    await page.screenshot({ path: info.outputPath(`ads-${viewport.width}.png`), fullPage: false });
    const after = await boxOf(d.root);
    expect(after.x + after.width).toBeLessThanOrEqual(viewport.width);
  });
}
