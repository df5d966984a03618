/**
 * The Affiliate page (issue 16) on the demo brand Aura: last month's figures as the API gives
 * them (GMV with its change against the previous period, the leaderboard, the charts); a
 * leaderboard "Filter by" narrowing every figure and the series to one affiliate (a chip says so,
 * the URL carries it, Show every affiliate takes it back); at 390 px nothing wider than the
 * screen; then a Shopee Affiliate report imported through the dialog (its summary, then its
 * affiliate on the leaderboard of the file's range). The import runs last: it replaces Aura's
 * Shopee demo conversions.
 */
import { readFile } from "node:fs/promises";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import type { AffiliateFiguresAnswer } from "../../domain/affiliateContract";
import { bangkokDay } from "../../domain/dates";
import { trackPageProblems } from "./models/pageProblems";
import { signInQuickly } from "./support/session";
import { DEMO } from "./support/users";

trackPageProblems(test);

/** Last month (Bangkok): the seed writes the demo orders (and their affiliate conversions) of the last four months at once. */
function lastMonth(): { start: string; end: string } {
  const [y, m] = bangkokDay(Date.now()).split("-").map(Number) as [number, number];
  const year = m === 1 ? y - 1 : y;
  const month = m === 1 ? 12 : m - 1;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, "0");
  return { start: `${year}-${mm}-01`, end: `${year}-${mm}-${days}` };
}
const MONTH = { brand: "Aura", ...lastMonth() };
const URL_OF_MONTH = `/affiliate?brand=${MONTH.brand}&start=${MONTH.start}&end=${MONTH.end}`;

async function affiliateFigures(request: APIRequestContext, extra: object = {}): Promise<AffiliateFiguresAnswer> {
  const login = await request.post("/auth/login-user", { data: { email: DEMO.email, password: DEMO.password } });
  const token = (await login.json()).user.Tokens.access_token as string;
  const res = await request.post("/user/affiliate-figures", { data: { ...MONTH, ...extra }, headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()).data as AffiliateFiguresAnswer;
}

const money = (n: number) => `฿${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const keyFigures = (page: Page) => page.getByRole("region", { name: "Key figures", exact: true });
const leaderboard = (page: Page) => page.getByRole("region", { name: "Affiliate leaderboard table" });

function card(page: Page, name: string) {
  return keyFigures(page).locator(".figure-card").filter({ has: page.getByRole("term").filter({ hasText: new RegExp(`^${name}$`) }) });
}
async function figure(page: Page, name: string): Promise<string> {
  return (await card(page, name).getByRole("definition").first().innerText()).trim();
}

async function settled(page: Page): Promise<void> {
  await expect(keyFigures(page)).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test("shows the demo brand's affiliate figures as the API gives them, with their change and definitions", async ({ page, request }) => {
  const month = await affiliateFigures(request);
  expect(month.totals.orders).toBeGreaterThan(0);
  await signInQuickly(page, DEMO);
  await page.goto(URL_OF_MONTH);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Affiliate");
  await settled(page);
  expect(await figure(page, "GMV")).toBe(money(month.totals.gmv));
  expect(await figure(page, "Orders")).toBe(month.totals.orders.toLocaleString("en-US"));
  expect(await figure(page, "Commission")).toBe(money(month.totals.commission));
  // The change against the previous period, in words for screen readers.
  await expect(card(page, "GMV").locator(".change-badge")).toContainText(/(up|down) [\d,]+\.\d % on the previous \d+ days|no change on the previous/);
  await expect(keyFigures(page)).toContainText("(GMV − commission) ÷ commission");
  for (const title of ["GMV and commission over time", "Orders over time", "GMV and commission by platform", "Top products through affiliates", "New and returning customers"]) {
    // A chart draws once it is near the screen (LazyPlot): scrolled to, as a reader does.
    await page.getByRole("region", { name: title, exact: true }).getByRole("img").first().scrollIntoViewIfNeeded();
    await expect(page.getByRole("region", { name: title, exact: true }).locator(".js-plotly-plot")).toBeVisible();
  }
  await expect(leaderboard(page).locator("tbody th").first()).toHaveText(month.byAffiliate[0]!.affiliate);

  // One marketplace: the figures are Lazada's, in the URL.
  const lazada = await affiliateFigures(request, { platform: "Lazada" });
  await page.getByRole("combobox", { name: "Platform" }).selectOption("Lazada");
  await expect.poll(() => figure(page, "GMV")).toBe(money(lazada.totals.gmv));
  expect(new URL(page.url()).searchParams.get("ap")).toBe("Lazada");
});

test("a leaderboard Filter by narrows the figures and the series to that affiliate; Show every affiliate takes it back", async ({ page, request }) => {
  const month = await affiliateFigures(request);
  // The biggest affiliate whose name is on one marketplace only (a name on both has its platform in its button's name).
  const names = month.byAffiliate.map((r) => r.affiliate);
  const top = names.find((n) => names.indexOf(n) === names.lastIndexOf(n))!;
  const one = await affiliateFigures(request, { affiliates: [top] });
  expect(one.totals.gmv).toBeLessThan(month.totals.gmv);
  await signInQuickly(page, DEMO);
  await page.goto(URL_OF_MONTH);
  await settled(page);
  const series = page.getByRole("region", { name: "GMV and commission over time", exact: true });
  await series.getByText("Show the figures as a table").click();
  const firstPeriodGmv = series.getByRole("table").locator("tbody tr").first().locator("td").first();
  await expect(firstPeriodGmv).toHaveText(money(month.series[0]!.gmv));

  await leaderboard(page).getByRole("button", { name: `Filter by ${top}`, exact: true }).click();
  const chips = page.getByRole("list", { name: "Affiliates:" });
  await expect(chips.getByRole("listitem")).toHaveText([`Affiliate: ${top}`]);
  await expect.poll(() => figure(page, "GMV")).toBe(money(one.totals.gmv));
  await settled(page);
  expect(await figure(page, "Affiliates")).toBe(one.totals.affiliates.toLocaleString("en-US"));
  await expect(firstPeriodGmv).toHaveText(money(one.series[0]!.gmv));
  await expect(leaderboard(page).getByRole("button", { name: `Filter by ${top}`, exact: true })).toHaveAttribute("aria-pressed", "true");
  expect(JSON.parse(new URL(page.url()).searchParams.get("aff")!)).toEqual([top]);
  // The leaderboard stays whole.
  await expect(leaderboard(page).locator("tbody tr")).toHaveCount(month.byAffiliate.length);

  await page.getByRole("button", { name: "Show every affiliate" }).click();
  await expect(chips).toHaveCount(0);
  await expect.poll(() => figure(page, "GMV")).toBe(money(month.totals.gmv));
  await expect(firstPeriodGmv).toHaveText(money(month.series[0]!.gmv));
  expect(new URL(page.url()).searchParams.has("aff")).toBe(false);
});

test("at 390 px the page stays within the screen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInQuickly(page, DEMO);
  await page.goto(URL_OF_MONTH);
  await settled(page);
  await expect(leaderboard(page)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});

test("imports a Shopee Affiliate report through the dialog; its affiliate shows on the leaderboard of the file's range", async ({ page }) => {
  const body = await readFile("tests/fixtures/affiliate/shopee-affiliate.csv");
  await signInQuickly(page, DEMO);
  await page.goto(URL_OF_MONTH);
  await settled(page);
  await page.getByRole("button", { name: "Import affiliate report" }).click();
  const dialog = page.getByRole("dialog", { name: "Import affiliate report" });
  await dialog.getByLabel("Report file").setInputFiles({ name: "shopee-affiliate.csv", mimeType: "text/csv", buffer: body });
  await dialog.getByRole("button", { name: "Import" }).click();
  await expect(dialog.getByText("Affiliate report imported")).toBeVisible();
  await expect(dialog).toContainText(/Read 6 rows \(a Shopee Affiliate report\) as 5 orders, \d+ matched to Aura's orders: 6 new, 0 updated, 0 unchanged\./);
  await expect(dialog).toContainText("Orders from 2026-11-02 to 2026-11-18.");

  await dialog.getByRole("button", { name: "Show 2026-11-02 to 2026-11-18" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/start=2026-11-02.*end=2026-11-18|end=2026-11-18.*start=2026-11-02/);
  await settled(page);
  await expect(leaderboard(page).getByRole("rowheader", { name: "import_test_affiliate", exact: true })).toBeVisible();
  await expect(leaderboard(page).getByRole("button", { name: "Filter by import_test_affiliate", exact: true })).toBeVisible();
});
