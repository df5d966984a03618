/**
 * The E-Commerce page (issue 6) on the demo orders: the figures of a month, the channel
 * selector, a filter template made in the drawer, chart clicks (a bar and a table's "Filter by"
 * button) with undo, the top bar's Clear Filter, CSV and PNG exports, and the orders import of
 * the documented CSV (docs/orders-import.md), accepted and refused.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { bangkokDay } from "../../domain/dates";
import { previousPeriod } from "../../domain/periodChange";
import { choose, createTemplate, deleteAllTemplates, dialog, drawer, openDrawer } from "./models/filterUi";
import { trackPageProblems } from "./models/pageProblems";
import { signInQuickly } from "./support/session";
import { DEMO } from "./support/users";

trackPageProblems(test);

test.beforeEach(async ({ request }) => {
  await deleteAllTemplates(request);
});

/**
 * Last month (Bangkok): the seed writes the demo orders of the last four months at once (older
 * ones come later, in the background), so its figures are all there when the server starts.
 */
function lastMonth(): string {
  const [y, m] = bangkokDay(Date.now()).split("-").map(Number) as [number, number];
  const year = m === 1 ? y - 1 : y;
  const month = m === 1 ? 12 : m - 1;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, "0");
  return `start=${year}-${mm}-01&end=${year}-${mm}-${days}`;
}
const MONTH = lastMonth();
/** A month before any demo order: only what the import writes. */
const EMPTY_MONTH = "start=2020-01-01&end=2020-01-31";
/** Another month before the demo, which no test imports into (the bad file must leave it empty). */
const OTHER_EMPTY_MONTH = "start=2019-06-01&end=2019-06-30";

const keyFigures = (page: Page) => page.getByRole("region", { name: "Key figures", exact: true });

/** The value shown for a key figure ("GMV", "NMV", "Orders", …), without its note. */
async function figure(page: Page, name: string): Promise<string> {
  const box = keyFigures(page).locator("div").filter({ has: page.getByRole("term").filter({ hasText: new RegExp(`^${name}$`) }) });
  // The value is the first description (the change and the definition follow it: docs/figures.md).
  const text = await box.getByRole("definition").first().evaluate((dd) => dd.firstChild?.textContent ?? "");
  return text.trim();
}

/** Waits until no load is in flight and the figures are shown. */
async function settled(page: Page): Promise<void> {
  await expect(keyFigures(page)).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

async function gmvAfterChange(page: Page, before: string): Promise<string> {
  await expect.poll(() => figure(page, "GMV")).not.toBe(before);
  await settled(page);
  return figure(page, "GMV");
}

const chart = (page: Page, title: string) => page.getByRole("region", { name: title, exact: true });

/** The figures table under a chart, opened. */
async function chartTable(page: Page, title: string): Promise<Locator> {
  const c = chart(page, title);
  const details = c.locator("details");
  if ((await details.getAttribute("open")) === null) await c.getByText("Show the figures as a table").click();
  return c.getByRole("table");
}

/** The GMV a chart's table shows for a row ("Shopee", "Central"). */
async function rowGmv(page: Page, title: string, row: string): Promise<string> {
  const table = await chartTable(page, title);
  return (await table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: row, exact: true }) }).getByRole("cell").first().innerText()).trim();
}

/** Creates a template in the drawer, sets its values in Edit Filter, switches it on and closes the drawer. */
async function activeTemplate(page: Page, title: string, set: (edit: Locator) => Promise<void>): Promise<void> {
  const d = await openDrawer(page);
  await d.tab("Template").click();
  await createTemplate(page, title);
  await d.editButton(title).click();
  const edit = dialog(page, "Edit Filter");
  await set(edit);
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit).toBeHidden();
  await d.templateSwitch(title).click();
  await expect(d.templateSwitch(title)).toBeChecked();
  await drawer(page).closeButton.click();
}

async function open(page: Page, search = MONTH): Promise<void> {
  await signInQuickly(page, DEMO);
  await page.goto(`/e-commerce?${search}`);
  await expect(page.getByRole("heading", { level: 1, name: "E-Commerce" })).toBeVisible();
  await settled(page);
}

test("shows the month's figures, GMV and NMV defined, and every chart with its table", async ({ page }) => {
  await open(page);
  const gmv = await figure(page, "GMV");
  expect(gmv).toMatch(/^฿[\d,]+\.\d\d$/);
  expect(gmv).not.toBe("฿0.00");
  expect(await figure(page, "NMV")).toMatch(/^฿[\d,]+\.\d\d$/);
  expect(Number((await figure(page, "Orders")).replaceAll(",", ""))).toBeGreaterThan(0);
  expect(await figure(page, "New customers")).toMatch(/^[\d,]+$/);
  expect(await figure(page, "Average basket size")).toMatch(/^฿[\d,]+\.\d\d$/);
  await expect(page.getByText("NMV (net merchandise value): GMV less cancelled and returned orders.")).toBeVisible();
  await expect(page.getByText(/^GMV \(gross merchandise value\)/)).toBeVisible();
  for (const title of ["GMV and NMV over time", "New and old customers over time", "GMV by platform", "GMV by region", "Top products", "Basket-size distribution", "Orders by status"]) {
    await expect(chart(page, title).getByRole("heading", { level: 2, name: title })).toBeVisible();
  }
  // A chart draws once it is near the screen (LazyPlot): each is scrolled to, as a reader does.
  for (const title of ["GMV and NMV over time", "New and old customers over time", "GMV by platform", "GMV by region", "Top products", "Basket-size distribution", "Orders by status"]) {
    await chart(page, title).getByRole("img").first().scrollIntoViewIfNeeded();
    await expect(chart(page, title).locator(".js-plotly-plot")).toBeVisible();
  }
  await expect(page.getByText("Loading chart…")).toHaveCount(0);
  await expect(page.locator(".js-plotly-plot")).toHaveCount(7);
  await expect(page.getByRole("combobox", { name: "E-commerce channel" })).toHaveValue("All channel");
});

test("a key figure says its change against the previous month-long period in words", async ({ page }) => {
  await open(page);
  const [start, end] = [...MONTH.matchAll(/\d{4}-\d{2}-\d{2}/g)].map((m) => m[0]);
  const before = previousPeriod({ start: start!, end: end! });
  const gmv = keyFigures(page).locator("div").filter({ has: page.getByRole("term").filter({ hasText: /^GMV$/ }) });
  // Read out after the value, e.g. "up 12.3 % on the previous 31 days (2026-08-31 – 2026-09-30), good".
  const words = new RegExp(`^((up|down) [\\d,]+\\.\\d % on|no change on) the previous ${before.days} days \\(${before.start} – ${before.end}\\)(, good|, bad)?$`);
  await expect(gmv.getByRole("definition").nth(1).getByText(words)).toHaveCount(1);
});

test("the channel selector narrows the figures to Shopee, kept in the URL", async ({ page }) => {
  await open(page);
  const all = await figure(page, "GMV");
  const shopeeRow = await rowGmv(page, "GMV by platform", "Shopee");
  await choose(page.getByRole("combobox", { name: "E-commerce channel" }), "Shopee");
  const shopee = await gmvAfterChange(page, all);
  expect(shopee).toBe(shopeeRow);
  expect(new URL(page.url()).searchParams.get("ech")).toBe("Shopee");
  await expect((await chartTable(page, "GMV by platform")).getByRole("rowheader")).toHaveText(["Shopee"]);
});

test("a filter template made in the drawer (platform Lazada) narrows every figure", async ({ page }) => {
  await open(page);
  const all = await figure(page, "GMV");
  const lazadaRow = await rowGmv(page, "GMV by platform", "Lazada");

  await activeTemplate(page, "Lazada only", (edit) => choose(edit.getByRole("combobox", { name: "Platform" }), "Lazada"));

  expect(await gmvAfterChange(page, all)).toBe(lazadaRow);
  await expect(page.getByText("Filter template Lazada only: Platform: Lazada.")).toBeVisible();
  await expect((await chartTable(page, "GMV by platform")).getByRole("rowheader")).toHaveText(["Lazada"]);
});

test("a template's status and product, set in Edit Filter, narrow every figure", async ({ page }) => {
  await open(page);
  const all = await figure(page, "GMV");
  // The status table's columns: orders, then GMV.
  const cancelledRow = (await (await chartTable(page, "Orders by status")).getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: "Cancelled", exact: true }) }).getByRole("cell").nth(1).innerText()).trim();
  const topProduct = ((await (await chartTable(page, "Top products")).getByRole("rowheader").allInnerTexts())[0] ?? "").trim();
  expect(topProduct).not.toBe("");

  await activeTemplate(page, "Cancelled orders", (edit) => choose(edit.getByRole("combobox", { name: "Status" }), "Cancelled"));

  const cancelled = await gmvAfterChange(page, all);
  expect(cancelled).toBe(cancelledRow);
  expect(await figure(page, "NMV")).toBe("฿0.00"); // NMV leaves cancelled orders out
  await expect(page.getByText("Filter template Cancelled orders: Status: Cancelled.")).toBeVisible();
  await expect((await chartTable(page, "Orders by status")).getByRole("rowheader")).toHaveText(["Cancelled"]);

  // The product too: the cancelled orders holding the month's top product.
  const d = await openDrawer(page);
  await expect(d.root.getByText("Any basket size · All Platform · All Location · Cancelled")).toBeVisible();
  await d.editButton("Cancelled orders").click();
  const edit = dialog(page, "Edit Filter");
  await expect(edit.getByRole("combobox", { name: "Status" })).toHaveValue("Cancelled");
  await edit.getByLabel("Product").fill(topProduct);
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit).toBeHidden();
  await drawer(page).closeButton.click();
  const withProduct = await gmvAfterChange(page, cancelled);
  expect(Number(withProduct.replace(/[฿,]/g, ""))).toBeLessThan(Number(cancelled.replace(/[฿,]/g, "")));
  await expect(page.getByText(`Filter template Cancelled orders: Status: Cancelled; Product: ${topProduct}.`)).toBeVisible();
  await expect((await chartTable(page, "Top products")).getByRole("rowheader").filter({ hasText: topProduct })).toHaveCount(1);
});

test("a chart click filters (with its time), undo restores, Clear Filter removes the clicks and the template", async ({ page }) => {
  await signInQuickly(page, DEMO);
  // An ad-hoc filter from the URL stands in for the active filter Clear Filter must drop too.
  await page.goto(`/e-commerce?${MONTH}&adhoc=${encodeURIComponent(JSON.stringify({ min: null, max: null, platform: "All Platform", location: "All Location" }))}`);
  await settled(page);
  const all = await figure(page, "GMV");
  const chips = page.getByRole("list", { name: "Chart filters:" });

  // The keyboard's way: the region table's "Filter by" button.
  const centralRow = await rowGmv(page, "GMV by region", "Central");
  await (await chartTable(page, "GMV by region")).getByRole("button", { name: "Filter by Central" }).click();
  await expect(chips.getByRole("listitem")).toHaveCount(1);
  await expect(chips.getByRole("listitem").first()).toContainText(/Region: Central\s*\d\d:\d\d:\d\d/);
  const central = await gmvAfterChange(page, all);
  expect(central).toBe(centralRow);

  // The pointer's way: a bar of GMV by platform.
  const platformChart = chart(page, "GMV by platform");
  await platformChart.getByRole("img").first().scrollIntoViewIfNeeded();
  const shopeeRow = await rowGmv(page, "GMV by platform", "Shopee");
  const bar = platformChart.locator(".js-plotly-plot .bars .point path").nth(
    (await (await chartTable(page, "GMV by platform")).getByRole("rowheader").allInnerTexts()).indexOf("Shopee"),
  );
  const box = (await bar.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height * 0.75);
  await expect(chips.getByRole("listitem")).toHaveCount(2);
  await expect(chips.getByRole("listitem").nth(1)).toContainText("Platform: Shopee");
  const both = await gmvAfterChange(page, central);
  expect(Number(both.replace(/[฿,]/g, ""))).toBeLessThanOrEqual(Number(shopeeRow.replace(/[฿,]/g, "")));

  await page.getByRole("button", { name: "Undo last" }).click();
  await expect(chips.getByRole("listitem")).toHaveCount(1);
  expect(await gmvAfterChange(page, both)).toBe(central);

  await page.getByRole("banner").getByRole("button", { name: "Clear Filter" }).click();
  await expect(chips).toHaveCount(0);
  await expect(page.getByText("No filter template is active.")).toBeVisible();
  expect(new URL(page.url()).searchParams.has("adhoc")).toBe(false);
  expect(await gmvAfterChange(page, central)).toBe(all);
});

test("a chip's × removes that filter", async ({ page }) => {
  await open(page);
  const all = await figure(page, "GMV");
  await (await chartTable(page, "Orders by status")).getByRole("button", { name: "Filter by Cancelled" }).click();
  const cancelled = await gmvAfterChange(page, all);
  await page.getByRole("button", { name: "Remove Status: Cancelled" }).click();
  expect(await gmvAfterChange(page, cancelled)).toBe(all);
});

test("exports a table as CSV (UTF-8 with BOM) and a chart as PNG", async ({ page }) => {
  await open(page);
  const region = chart(page, "GMV by region");
  const [csv] = await Promise.all([page.waitForEvent("download"), region.getByRole("button", { name: "Download GMV by region as CSV" }).click()]);
  expect(csv.suggestedFilename()).toBe("GMV-by-region.csv");
  const text = (await (await csv.createReadStream()).toArray()).map(String).join("");
  expect(text.startsWith("\uFEFFRegion,GMV (THB),NMV (THB),Orders\r\n")).toBe(true);
  expect(text).toMatch(/\r\nCentral,\d+(\.\d+)?,\d+(\.\d+)?,\d+\r\n/);

  await region.getByRole("img").first().scrollIntoViewIfNeeded();
  await expect(region.locator(".js-plotly-plot")).toBeVisible();
  const [png] = await Promise.all([page.waitForEvent("download"), region.getByRole("button", { name: "Download GMV by region as PNG" }).click()]);
  expect(png.suggestedFilename()).toBe("GMV-by-region.png");
  const bytes = Buffer.concat((await (await png.createReadStream()).toArray()) as Buffer[]);
  expect([...bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
});

const GOOD_CSV = [
  "order_id,platform,customer_id,ordered_at,status,product,sku,quantity,price,province,region",
  "E2E-1001,Shopee,e2e-cust-1,2020-01-05 10:00,completed,E2E Soap,SOAP-1,2,150.25,Bangkok,Bangkok and Vicinity",
  "E2E-1001,Shopee,e2e-cust-1,2020-01-05 10:00,completed,E2E Shampoo,SHAM-1,1,99.50,Bangkok,Bangkok and Vicinity",
  "E2E-1002,Lazada,e2e-cust-2,2020-01-06 12:30,cancelled,E2E Soap,SOAP-1,1,150.25,Chiang Mai,Upper Northern",
].join("\n");

const BAD_CSV = [
  "order_id,platform,customer_id,ordered_at,status,product,sku,quantity,price,province,region",
  "E2E-2001,Shopee,e2e-cust-3,2019-06-07 09:00,completed,E2E Soap,SOAP-1,1,150,,",
  "E2E-2002,Shopee,e2e-cust-3,2019-06-07 09:00,shipped,E2E Soap,SOAP-1,1,abc,,",
].join("\n");

async function importFile(page: Page, name: string, body: string): Promise<Locator> {
  await page.getByRole("button", { name: "Import orders" }).click();
  const dlg = page.getByRole("dialog", { name: "Import orders" });
  await expect(dlg).toBeVisible();
  await dlg.getByLabel("Orders file").setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(body) });
  await dlg.getByRole("button", { name: "Import" }).click();
  return dlg;
}

test("imports the documented CSV: a summary, and the figures load again", async ({ page }) => {
  await open(page, EMPTY_MONTH);
  await expect(page.getByText("No orders in this range.")).toBeVisible();
  const dlg = await importFile(page, "orders.csv", GOOD_CSV);
  await expect(dlg.getByText("Orders imported")).toBeVisible();
  await expect(dlg.getByText("Read 3 rows (the documented CSV) as 2 orders: 2 new, 0 updated, 0 unchanged.")).toBeVisible();
  await dlg.getByRole("button", { name: "Close" }).last().click();
  await expect(dlg).toBeHidden();
  // 2 × 150.25 + 99.50 completed, 150.25 cancelled: GMV counts both, NMV the completed one.
  await expect.poll(() => figure(page, "GMV")).toBe("฿550.25");
  expect(await figure(page, "NMV")).toBe("฿400.00");
  expect(await figure(page, "Orders")).toBe("2");

  // The same file again: nothing new, nothing counted twice.
  const again = await importFile(page, "orders.csv", GOOD_CSV);
  await expect(again.getByText("Read 3 rows (the documented CSV) as 2 orders: 0 new, 0 updated, 2 unchanged.")).toBeVisible();
  await again.getByRole("button", { name: "Close" }).last().click();
  await settled(page);
  expect(await figure(page, "GMV")).toBe("฿550.25");
});

test("a bad file is refused with its lines and reasons, and nothing is written", async ({ page }) => {
  await open(page, OTHER_EMPTY_MONTH);
  const dlg = await importFile(page, "bad.csv", BAD_CSV);
  await expect(dlg.getByText("The file was refused: nothing was imported.")).toBeVisible();
  const refused = dlg.getByRole("table");
  await expect(refused.getByRole("rowheader")).toHaveText(["3"]);
  await expect(refused.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "3" }) })).toContainText(/status.*price|price.*status/s);
  await dlg.getByRole("button", { name: "Close" }).last().click();
  await settled(page);
  await expect(page.getByText("No orders in this range.")).toBeVisible();
});
