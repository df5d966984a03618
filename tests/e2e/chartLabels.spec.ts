/**
 * User text in a chart shows as text (issue 13): Plotly draws labels through its own
 * pseudo-HTML, so a product or segment named `<a href=…>` would be a live link and
 * `<b style="font-size:60px">` huge bold text. A product imported with such names (E-Commerce)
 * and a KPI template's segments named so (CRM) must show literally in the axis and the hover,
 * with no link and no bold text in the plot; a click still filters by the name as given, and
 * the CSV keeps it.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import type { KpiTemplate } from "../../domain/entities";
import { bangkokDay } from "../../domain/dates";
import { emptyKpiTemplate } from "../../domain/kpi";
import { trackPageProblems } from "./models/pageProblems";
import { signInQuickly } from "./support/session";
import { DEMO } from "./support/users";

trackPageProblems(test);

const LINK = '<a href="https://example.invalid/x">Evil link</a>';
const BIG = '<b style="font-size:60px">Huge</b>';
/** Entities and a line break typed as text: shown as typed, not decoded. */
const TYPED = "A &lt; B &amp; C<br>two";

async function demoToken(request: APIRequestContext): Promise<string> {
  const login = await request.post("/auth/login-user", { data: { email: DEMO.email, password: DEMO.password } });
  expect(login.status()).toBe(200);
  return (await login.json()).user.Tokens.access_token as string;
}

/** No link, no bold and no 60 px text anywhere in the plot (axis, legend, hover). */
async function expectNoMarkup(plot: Locator): Promise<void> {
  await expect(plot.locator("a")).toHaveCount(0);
  const styled = await plot.locator("text, tspan").evaluateAll((nodes) =>
    nodes
      .filter((n) => {
        const style = (n.getAttribute("style") ?? "").replaceAll(" ", "");
        return style.includes("font-weight:bold") || style.includes("font-size:60px");
      })
      .map((n) => n.textContent),
  );
  expect(styled).toEqual([]);
}

/** The middle of a bar, scrolled into view (Plotly's drag layer takes the pointer events over the bars). */
async function middleOf(bar: Locator): Promise<{ x: number; y: number }> {
  await bar.scrollIntoViewIfNeeded();
  const box = (await bar.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** The texts of the plot's category ticks. */
const tickTexts = (plot: Locator) => plot.locator(".xtick text, .ytick text").allTextContents();

// ---------------------------------------------------------------------------------------------
// E-Commerce: product names from an orders import

/** A month before the demo orders that no other spec imports into. */
const MONTH = "start=2018-03-01&end=2018-03-31&brand=Tipco";
const csvCell = (text: string) => `"${text.replaceAll('"', '""')}"`;
const ORDERS = [
  "order_id,platform,customer_id,ordered_at,status,product,sku,quantity,price,province,region",
  `LBL-1,Shopee,lbl-cust-1,2018-03-05 10:00,completed,${csvCell(LINK)},LBL-A,1,300,Bangkok,Bangkok and Vicinity`,
  `LBL-2,Shopee,lbl-cust-2,2018-03-06 10:00,completed,${csvCell(BIG)},LBL-B,1,200,Bangkok,Bangkok and Vicinity`,
  `LBL-3,Lazada,lbl-cust-3,2018-03-07 10:00,completed,${csvCell(TYPED)},LBL-C,1,100,Bangkok,Bangkok and Vicinity`,
].join("\n");

test.describe("E-Commerce", () => {
  test.beforeAll(async ({ request }) => {
    const token = await demoToken(request);
    const imported = await request.post("/user/import-orders", {
      headers: { Authorization: `Bearer ${token}` },
      multipart: { file: { name: "labels.csv", mimeType: "text/csv", buffer: Buffer.from(ORDERS) }, brand: "Tipco" },
    });
    expect(imported.status(), await imported.text()).toBe(200);
  });

  const topProducts = (page: Page) => page.getByRole("region", { name: "Top products", exact: true });
  const gmv = (page: Page) =>
    page.getByRole("region", { name: "Key figures", exact: true }).locator("div").filter({ has: page.getByRole("term").filter({ hasText: /^GMV$/ }) }).getByRole("definition").first();

  test("product names show as text in the Top products chart; a click filters by the name as given; the CSV keeps it", async ({ page }) => {
    await signInQuickly(page, DEMO);
    await page.goto(`/e-commerce?${MONTH}`);
    await expect(gmv(page)).toHaveText(/^฿600\.00/);
    await topProducts(page).getByRole("img").first().scrollIntoViewIfNeeded();
    const plot = topProducts(page).locator(".js-plotly-plot");
    // Charts draw one after another: on a busy machine the fifth takes a while.
    await expect(plot.locator(".ytick text")).toHaveCount(3, { timeout: 30_000 });
    expect(await tickTexts(plot)).toEqual(expect.arrayContaining([LINK, BIG, TYPED]));
    await expectNoMarkup(plot);

    // The hover shows the whole name as text too.
    const bar = await middleOf(plot.locator(".bars .point path").first());
    await page.mouse.move(bar.x, bar.y);
    await expect(plot.locator(".hoverlayer")).toContainText(`${LINK}: ฿300.00`);
    await expectNoMarkup(plot);

    // Clicking the bar filters by the product as imported.
    await page.mouse.click(bar.x, bar.y);
    const chips = page.getByRole("list", { name: "Chart filters:" });
    await expect(chips.getByRole("listitem")).toHaveCount(1);
    await expect(chips.getByRole("listitem").first()).toContainText(`Product: ${LINK}`);
    await expect(gmv(page)).toHaveText(/^฿300\.00/);
    await page.getByRole("button", { name: "Undo last" }).click();
    await expect(gmv(page)).toHaveText(/^฿600\.00/);

    // The CSV holds the names as imported.
    const [csv] = await Promise.all([page.waitForEvent("download"), topProducts(page).getByRole("button", { name: "Download Top products as CSV" }).click()]);
    const text = (await (await csv.createReadStream()).toArray()).map(String).join("");
    expect(text).toContain(`\r\n${csvCell(LINK)},300,1,1\r\n`);
    expect(text).toContain(`\r\n${csvCell(BIG)},200,1,1\r\n`);
    expect(text).toContain(`\r\n${TYPED},100,1,1\r\n`);

    // The PNG is drawn from the same escaped figures (kept with the results, to look at).
    const [png] = await Promise.all([page.waitForEvent("download"), topProducts(page).getByRole("button", { name: "Download Top products as PNG" }).click()]);
    await png.saveAs(test.info().outputPath("top-products.png"));
    expect(png.suggestedFilename()).toBe("Top-products.png");
  });
});

// ---------------------------------------------------------------------------------------------
// CRM: segment names of a KPI template

const TODAY = bangkokDay(Date.now());
const dayAfter = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const END = dayAfter(`${TODAY.slice(0, 7)}-01`, -1);
const START = `${END.slice(0, 7)}-01`;
const TITLE = "E2E chart labels";
const CRM_LINK = '<a href="https://example.invalid/crm">Recent</a>';

function htmlSegments(): KpiTemplate {
  const t = emptyKpiTemplate(TITLE);
  return {
    ...t,
    RFM: [
      { setting: [{ name: "Recency", weight: "34" }, { name: "Frequency", weight: "33" }, { name: "Monetary", weight: "33" }] },
      {
        segment: [
          { name: CRM_LINK, rank: 2, setting: [{ name: "Recency", min: 4, max: null }] },
          { name: BIG, rank: 1, setting: [{ name: "Recency", min: null, max: 3 }] },
        ],
      },
    ],
  };
}

test.describe("CRM", () => {
  // A fresh server writes the older demo months for a while: ask for the month once first.
  test.beforeAll(async ({ request }) => {
    test.setTimeout(120_000);
    const token = await demoToken(request);
    const saved = await request.post("/user/upsert-kpi-template", { headers: { Authorization: `Bearer ${token}` }, data: { template: htmlSegments() } });
    expect(saved.status()).toBe(200);
    const customers = await request.post("/user/commerce-customers", {
      headers: { Authorization: `Bearer ${token}` },
      data: { brand: "Tipco", start: START, end: END, channel: "All channel", filter: {} },
      timeout: 100_000,
    });
    expect(customers.status()).toBe(200);
  });

  test("a KPI template's segment names show as text in the segment chart; a click narrows the table to that segment", async ({ page }) => {
    await signInQuickly(page, DEMO);
    await page.goto(`/crm?start=${START}&end=${END}&brand=Tipco&kpi=${encodeURIComponent(TITLE)}`);
    await expect(page.getByRole("region", { name: "Weights and segments" })).toContainText(`KPI template ‘${TITLE}’`, { timeout: 60_000 });
    await page.getByRole("region", { name: "Segments", exact: true }).getByRole("img").first().scrollIntoViewIfNeeded({ timeout: 60_000 });
    const plot = page.getByRole("region", { name: "Segments", exact: true }).locator(".js-plotly-plot");
    await expect(plot.locator(".xtick text")).toHaveCount(3, { timeout: 30_000 });
    expect(await tickTexts(plot)).toEqual(expect.arrayContaining([CRM_LINK, BIG, "Unassigned"]));
    await expectNoMarkup(plot);

    const bar = await middleOf(plot.locator(".bars .point path").first());
    await page.mouse.move(bar.x, bar.y);
    await expect(plot.locator(".hoverlayer")).toContainText(`${CRM_LINK}: `);
    await expectNoMarkup(plot);

    await page.mouse.click(bar.x, bar.y);
    await expect(page.getByRole("button", { name: `Show every segment, not only ${CRM_LINK}` })).toBeVisible();
  });
});
