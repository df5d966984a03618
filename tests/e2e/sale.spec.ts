/**
 * The Sale page (issue 17) on the demo brand Tipco, whose o2o campaigns run in stores every day:
 * February 2025's figures as the API gives them (GMV, orders, buyers with their change and
 * definitions), the channel table, the two charts and the correlation sentence ("correlation, not
 * attribution"); a new range picked in the top bar changes the figures; a user without
 * permission 7 is told why there is nothing; at 390 px nothing is wider than the screen.
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import type { SaleSummary } from "../../domain/saleContract";
import { trackPageProblems } from "./models/pageProblems";
import { signInQuickly } from "./support/session";
import { DEMO, LIMITED } from "./support/users";

trackPageProblems(test);

const RANGE = { brand: "Tipco", start: "2025-02-01", end: "2025-02-28" };
const PAGE_URL = `/sale?brand=${RANGE.brand}&start=${RANGE.start}&end=${RANGE.end}`;

async function saleSummary(request: APIRequestContext, over: Partial<typeof RANGE> = {}): Promise<SaleSummary> {
  const login = await request.post("/auth/login-user", { data: { email: DEMO.email, password: DEMO.password } });
  const token = (await login.json()).user.Tokens.access_token as string;
  const res = await request.post("/user/sale-summary", { data: { ...RANGE, ...over }, headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()).data as SaleSummary;
}

const money = (n: number) => `฿${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const cards = (page: Page) => page.getByRole("region", { name: "Online sales", exact: true });

function card(page: Page, name: string) {
  return cards(page).locator(".figure-card").filter({ has: page.getByRole("term").filter({ hasText: new RegExp(`^${name}$`) }) });
}
async function figure(page: Page, name: string): Promise<string> {
  return (await card(page, name).getByRole("definition").first().innerText()).trim();
}
async function settled(page: Page): Promise<void> {
  await expect(cards(page)).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test("shows the demo brand's sales, channels and the correlation of store views with sales", async ({ page, request }) => {
  const s = await saleSummary(request);
  expect(s.totals.orders).toBeGreaterThan(0);
  expect(s.o2o.correlation).not.toBeNull();
  await signInQuickly(page, DEMO);
  await page.goto(PAGE_URL);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sale");
  await settled(page);

  expect(await figure(page, "GMV")).toBe(money(s.totals.gmv));
  expect(await figure(page, "NMV")).toBe(money(s.totals.nmv));
  expect(await figure(page, "Orders")).toBe(s.totals.orders.toLocaleString("en-US"));
  expect(await figure(page, "Buyers")).toBe(s.totals.buyers.toLocaleString("en-US"));
  await expect(card(page, "GMV").locator(".change-badge")).toContainText(/(up|down) [\d,]+\.\d % on the previous \d+ days|no change on the previous/);
  await expect(card(page, "AOV")).toContainText("GMV ÷ orders");

  // The channel table: one row per channel, by GMV.
  const table = page.getByRole("region", { name: /^Online sales by channel/ });
  const rows = table.getByRole("rowheader");
  await expect(rows).toHaveText(s.channels.map((c) => c.channel));
  await expect(table.getByRole("row").nth(1).getByRole("cell").first()).toHaveText(money(s.channels[0]!.gmv));

  for (const title of ["GMV by channel", "Daily GMV and o2o store views"]) {
    // A chart draws once it is near the screen (LazyPlot): scrolled to, as a reader does.
    await page.getByRole("region", { name: title, exact: true }).getByRole("img").first().scrollIntoViewIfNeeded();
    await expect(page.getByRole("region", { name: title, exact: true }).locator(".js-plotly-plot")).toBeVisible();
  }

  const correlation = page.getByRole("region", { name: "Store views and online sales" });
  await expect(correlation).toContainText(
    `Correlation, not attribution: r = ${s.o2o.correlation!.toFixed(2)} over ${s.o2o.days} days with both store views and orders.`,
  );
  await expect(correlation).toContainText("this does not show that the views caused the sales");
  await expect(correlation).toContainText("Tipco Fresh Mornings");
});

test("a range picked in the top bar changes the figures", async ({ page, request }) => {
  const before = await saleSummary(request);
  const after = await saleSummary(request, { start: "2025-02-10", end: "2025-02-20" });
  expect(after.totals.gmv).not.toBe(before.totals.gmv);
  await signInQuickly(page, DEMO);
  await page.goto(PAGE_URL);
  await settled(page);
  expect(await figure(page, "GMV")).toBe(money(before.totals.gmv));

  const dateRange = page.getByRole("banner").getByRole("button", { name: /^Date range/ });
  await dateRange.click();
  const dialog = page.getByRole("dialog", { name: "Choose a date range" });
  await expect(dialog).toBeVisible();
  await dialog.getByText("10", { exact: true }).click();
  await dialog.getByText("20", { exact: true }).click();
  await expect(page).toHaveURL(/start=2025-02-10&end=2025-02-20/);
  await expect.poll(() => figure(page, "GMV")).toBe(money(after.totals.gmv));
  await settled(page);
  expect(await figure(page, "Orders")).toBe(after.totals.orders.toLocaleString("en-US"));
  await expect(page.getByRole("region", { name: "Store views and online sales" })).toContainText(`over ${after.o2o.days} days`);
});

test("a user without permission 7 is told why, and no sales are asked for", async ({ page }) => {
  let calls = 0;
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/user/sale-summary") calls += 1;
  });
  await signInQuickly(page, LIMITED);
  await page.goto("/sale");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sale");
  await expect(page.getByText("You need E-Commerce access (permission 7) to see sales.")).toBeVisible();
  expect(calls).toBe(0);
});

test("at 390 px the page stays within the screen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInQuickly(page, DEMO);
  await page.goto(PAGE_URL);
  await settled(page);
  await expect(page.getByRole("region", { name: "Store views and online sales" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});
