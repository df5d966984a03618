/**
 * The Ads & Automation page (issue 15) on the demo campaigns: the figures of a month as the API
 * gives them, with the line that nothing is sent to the ad platforms; the campaign table drilled
 * down campaign → ad set → ad and back up by the breadcrumb and by the browser's Back; a sort by
 * a column header; a chart click that filters every figure, taken back by the top bar's Clear
 * Filter; at 390 px, with the pacing against a KPI template, nothing wider than the screen.
 */
import { readFile } from "node:fs/promises";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import type { AdsFigures } from "../../domain/adsContract";
import type { KpiTemplate } from "../../domain/entities";
import { emptyKpiTemplate } from "../../domain/kpi";
import { trackPageProblems } from "./models/pageProblems";
import { signInQuickly } from "./support/session";
import { DEMO } from "./support/users";

trackPageProblems(test);

const MARCH = { brand: "Tipco", start: "2024-03-01", end: "2024-03-31", channel: "All Channel" } as const;
const ADS_URL = `/ads?brand=${MARCH.brand}&start=${MARCH.start}&end=${MARCH.end}`;

async function adsFigures(request: APIRequestContext, extra: object = {}): Promise<AdsFigures> {
  const login = await request.post("/auth/login-user", { data: { email: DEMO.email, password: DEMO.password } });
  const token = (await login.json()).user.Tokens.access_token as string;
  const res = await request.post("/user/ads-figures", { data: { ...MARCH, ...extra }, headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()).data as AdsFigures;
}

const money = (n: number) => `฿${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const keyFigures = (page: Page) => page.getByRole("region", { name: "Key figures", exact: true });
const breadcrumb = (page: Page) => page.getByRole("navigation", { name: "Breadcrumb" });
const rowNames = (page: Page, level: "Campaigns" | "Ad sets" | "Ads") => page.getByRole("region", { name: `${level} table` }).locator("tbody th");

async function figure(page: Page, name: string): Promise<string> {
  const box = keyFigures(page).locator(".figure-card").filter({ has: page.getByRole("term").filter({ hasText: new RegExp(`^${name}$`) }) });
  return (await box.getByRole("definition").first().innerText()).trim();
}

async function settled(page: Page): Promise<void> {
  await expect(keyFigures(page)).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test("shows the month's ad figures as the API gives them, and says nothing is sent to the ad platforms", async ({ page, request }) => {
  const march = await adsFigures(request);
  await signInQuickly(page, DEMO);
  await page.goto(ADS_URL);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ads & Automation");
  await settled(page);
  expect(await figure(page, "Spend")).toBe(money(march.totals.spend));
  expect(await figure(page, "Impressions")).toBe(march.totals.impressions.toLocaleString("en-US"));
  await expect(keyFigures(page)).toContainText("Spend ÷ impressions × 1,000");
  await expect(page.getByText("Nothing is sent to the ad platforms: rules only raise alerts here; act on them in Ads Manager.")).toBeVisible();
  for (const title of ["Spend and results over time", "Spend by channel", "Spend by objective"]) {
    // A chart draws once its box nears the viewport (LazyPlot): scroll to it, as a reader does.
    const card = page.getByRole("region", { name: title, exact: true });
    await card.scrollIntoViewIfNeeded();
    await expect(card.locator(".js-plotly-plot")).toBeVisible();
  }
  await expect(page.getByRole("region", { name: "Pacing against the KPI plan" })).toContainText("No KPI template is selected");
});

test("drills down campaign → ad set → ad, and back up by the breadcrumb and the browser's Back", async ({ page, request }) => {
  const march = await adsFigures(request);
  const campaign = march.table.rows[0]!;
  const sets = await adsFigures(request, { level: "adSet", parent: campaign.id });
  const adSet = sets.table.rows[0]!;
  const ads = await adsFigures(request, { level: "ad", parent: adSet.id });
  await signInQuickly(page, DEMO);
  await page.goto(ADS_URL);
  await settled(page);
  await expect(breadcrumb(page)).toHaveText("All campaigns");
  await expect(rowNames(page, "Campaigns").first()).toContainText(campaign.name);

  await page.getByRole("button", { name: campaign.name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Ad sets" })).toBeVisible();
  await expect(breadcrumb(page)).toHaveText(`All campaigns›${campaign.name}`);
  await expect(rowNames(page, "Ad sets")).toHaveCount(Math.min(20, sets.table.total));
  await expect(rowNames(page, "Ad sets").first()).toContainText(adSet.name);
  expect(new URL(page.url()).searchParams.get("lvl")).toBe("adSet");

  await page.getByRole("button", { name: adSet.name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Ads", exact: true })).toBeVisible();
  await expect(breadcrumb(page)).toHaveText(`All campaigns›${campaign.name}›${adSet.name}`);
  await expect(breadcrumb(page).locator('[aria-current="page"]')).toHaveText(adSet.name);
  await expect(rowNames(page, "Ads")).toHaveCount(Math.min(20, ads.table.total));
  await expect(rowNames(page, "Ads").first()).toContainText(ads.table.rows[0]!.name);

  // The browser's Back goes up a level.
  await page.goBack();
  await expect(page.getByRole("heading", { level: 2, name: "Ad sets" })).toBeVisible();
  await expect(breadcrumb(page)).toHaveText(`All campaigns›${campaign.name}`);
  await page.goForward();
  await expect(page.getByRole("heading", { level: 2, name: "Ads", exact: true })).toBeVisible();

  // The breadcrumb goes up: to the campaign's ad sets, then to every campaign.
  await breadcrumb(page).getByRole("button", { name: campaign.name }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Ad sets" })).toBeVisible();
  await breadcrumb(page).getByRole("button", { name: "All campaigns" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Campaigns" })).toBeVisible();
  await expect(breadcrumb(page)).toHaveText("All campaigns");
  expect(new URL(page.url()).searchParams.has("lvl")).toBe(false);
  // The figures stayed those of every campaign all along.
  expect(await figure(page, "Spend")).toBe(money(march.totals.spend));
});

test("sorts the campaigns by a column header, and back the other way", async ({ page, request }) => {
  const byCtr = await adsFigures(request, { sort: "ctr", order: "desc", pageSize: 100 });
  const byCtrAsc = await adsFigures(request, { sort: "ctr", order: "asc" });
  await signInQuickly(page, DEMO);
  await page.goto(ADS_URL);
  await settled(page);
  const table = page.getByRole("region", { name: "Campaigns table" });
  await table.getByRole("button", { name: "CTR" }).click();
  await expect(table.getByRole("columnheader", { name: "CTR" })).toHaveAttribute("aria-sort", "descending");
  await expect(rowNames(page, "Campaigns").first()).toContainText(byCtr.table.rows[0]!.name);
  expect(new URL(page.url()).searchParams.get("sort")).toBe("ctr");
  await table.getByRole("button", { name: "CTR" }).click();
  await expect(table.getByRole("columnheader", { name: "CTR" })).toHaveAttribute("aria-sort", "ascending");
  await expect(rowNames(page, "Campaigns").first()).toContainText(byCtrAsc.table.rows[0]!.name);
  // Back undoes the sort.
  await page.goBack();
  await expect(table.getByRole("columnheader", { name: "CTR" })).toHaveAttribute("aria-sort", "descending");

  // The CSV holds every campaign of the table, in its order, with every figure.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download the campaigns table as CSV" }).click()]);
  expect(download.suggestedFilename()).toBe("Tipco-campaigns-2024-03-01-2024-03-31.csv");
  const records = parse(await readFile((await download.path())!, "utf8"), { bom: true }) as string[][];
  expect(records[0]!.slice(0, 4)).toEqual(["Name", "ID", "Campaign ID", "Channel"]);
  expect(records).toHaveLength(byCtr.table.total + 1);
  expect(records.slice(1).map((r) => r[1])).toEqual(byCtr.table.rows.map((r) => r.id));
  const ctr = records[0]!.indexOf("CTR");
  expect(Number(records[1]![ctr])).toBeCloseTo(byCtr.table.rows[0]!.ctr!, 10);
});

test("a channel bar click filters every figure; the top bar's Clear Filter takes it back", async ({ page, request }) => {
  const march = await adsFigures(request);
  const tiktok = await adsFigures(request, { channel: "TikTok" });
  await signInQuickly(page, DEMO);
  await page.goto(ADS_URL);
  await settled(page);
  const chips = page.getByRole("list", { name: "Chart filters:" });

  const channels = page.getByRole("region", { name: "Spend by channel", exact: true });
  // The chart draws once its box nears the viewport.
  await channels.scrollIntoViewIfNeeded();
  await channels.getByText("Show the figures as a table").click();
  const order = await channels.getByRole("table").getByRole("rowheader").allInnerTexts();
  const bar = channels.locator(".js-plotly-plot .bars .point path").nth(order.indexOf("TikTok"));
  await bar.scrollIntoViewIfNeeded();
  const box = (await bar.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height * 0.75);
  await expect(chips.getByRole("listitem")).toHaveCount(1);
  await expect(chips.getByRole("listitem").first()).toContainText(/Channel: TikTok\s*\d\d:\d\d:\d\d/);
  await expect.poll(() => figure(page, "Spend")).toBe(money(tiktok.totals.spend));
  await settled(page);
  await expect(channels.getByRole("table").getByRole("rowheader")).toHaveText(["TikTok"]);
  await expect(rowNames(page, "Campaigns")).toHaveCount(Math.min(20, tiktok.table.total));

  await page.getByRole("banner").getByRole("button", { name: "Clear Filter" }).click();
  await expect(chips).toHaveCount(0);
  await expect.poll(() => figure(page, "Spend")).toBe(money(march.totals.spend));
});

test("at 390 px the page, with the pacing of a KPI template, stays within the screen", async ({ page, request }) => {
  const title = "E2E ads pacing plan";
  const login = await request.post("/auth/login-user", { data: { email: DEMO.email, password: DEMO.password } });
  const headers = { authorization: `Bearer ${(await login.json()).user.Tokens.access_token as string}` };
  const t = emptyKpiTemplate(title);
  const template: KpiTemplate = { ...t, Budget: "900000", ADS: { ...t.ADS, impression: { kpi: "12000000", budget: "500000" }, click: { kpi: "150000", budget: "300000" }, engagement: { kpi: "50000", budget: "" } } };
  expect((await request.post("/user/upsert-kpi-template", { headers, data: { template } })).status()).toBe(200);
  try {
    const march = await adsFigures(request);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInQuickly(page, DEMO);
    await page.goto(`${ADS_URL}&kpi=${encodeURIComponent(title)}`);
    await settled(page);
    const pacing = page.getByRole("region", { name: "Pacing against the KPI plan" });
    await expect(pacing).toContainText(`Template ${title}: the range has ended (31 days).`);
    // The whole range has elapsed: the spend expected by now is the budget.
    await expect(pacing.getByRole("definition").filter({ hasText: "฿800,000.00" })).toHaveCount(2);
    await expect(pacing).toContainText(money(march.totals.spend));
    await expect(pacing.getByRole("row", { name: /^Click/ })).toContainText(march.totals.clicks.toLocaleString("en-US"));
    await expect(pacing.getByRole("row", { name: /^Engagement/ })).toContainText("—");
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  } finally {
    await request.post("/user/delete-kpi-template", { headers, data: { title } });
  }
});
