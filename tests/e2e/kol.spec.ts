/**
 * The KOL Campaign page (issue 16), reading side, on the demo campaigns: the overview of two
 * years lists the brand's campaigns with the figures the API gives; a campaign's name opens it
 * (`?c=ID`) with its leaderboard; a column header sorts the leaderboard (the first KOL changes,
 * and the browser's Back undoes it); a tier filter and a dot of the cost-efficiency scatter
 * narrow the content table to the KOLs shown; at 390 px nothing is wider than the screen.
 * (Creating a campaign, its bookings and the import of its tracking sheet: kolEdit.spec.ts.)
 */
import { readFile } from "node:fs/promises";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import type { KolCampaignDetail, KolOverview, KolRow } from "../../domain/kolContract";
import { trackPageProblems } from "./models/pageProblems";
import { signInQuickly } from "./support/session";
import { DEMO } from "./support/users";

trackPageProblems(test);

const BRAND = "Tipco";
const RANGE = { start: "2024-01-01", end: "2025-12-31" } as const;
const OVERVIEW_URL = `/campaign?brand=${BRAND}&start=${RANGE.start}&end=${RANGE.end}`;

async function call<T>(request: APIRequestContext, path: string, data: object): Promise<T> {
  const login = await request.post("/auth/login-user", { data: { email: DEMO.email, password: DEMO.password } });
  const token = (await login.json()).user.Tokens.access_token as string;
  const res = await request.post(path, { data, headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as T;
}
const overviewOf = (request: APIRequestContext) => call<KolOverview>(request, "/user/kol-overview", { brand: BRAND, ...RANGE });
const campaignOf = (request: APIRequestContext, id: number) => call<KolCampaignDetail>(request, "/user/kol-campaign", { brand: BRAND, id });

const money = (n: number) => `฿${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const keyFigures = (page: Page) => page.getByRole("region", { name: "Key figures", exact: true });
const leaderboard = (page: Page) => page.getByRole("region", { name: "KOL leaderboard" });
const leaderboardNames = (page: Page) => leaderboard(page).locator(".kol-lb-name > :first-child");
const contentRows = (page: Page) => page.getByRole("region", { name: "Content table" }).locator("tbody tr");

async function figure(page: Page, name: string): Promise<string> {
  const box = keyFigures(page).locator(".figure-card").filter({ has: page.getByRole("term").filter({ hasText: new RegExp(`^${name}$`) }) });
  return (await box.getByRole("definition").first().innerText()).trim();
}

async function settled(page: Page): Promise<void> {
  await expect(keyFigures(page)).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** The campaign with the most KOLs (so sorts and filters have something to order). */
async function biggestCampaign(request: APIRequestContext): Promise<KolCampaignDetail> {
  const o = await overviewOf(request);
  const id = [...o.campaigns].sort((a, b) => b.figures.kols - a.figures.kols)[0]!.id;
  return campaignOf(request, id);
}

/** The leaderboard's first KOL for a sort, as the page orders it (no value last, ties by name). */
function firstBy(kols: readonly KolRow[], key: "cpe" | "views", order: "asc" | "desc"): string {
  const valued = kols.filter((k) => k[key] !== null);
  const sign = order === "asc" ? 1 : -1;
  return [...valued].sort((a, b) => sign * (a[key]! - b[key]!) || a.name.localeCompare(b.name, "en") || a.kolId - b.kolId)[0]!.name;
}

test("the demo brand's overview lists its campaigns with the API's figures, and a name opens the campaign", async ({ page, request }) => {
  const o = await overviewOf(request);
  expect(o.campaigns.length).toBeGreaterThanOrEqual(3);
  await signInQuickly(page, DEMO);
  await page.goto(OVERVIEW_URL);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("KOL Campaign");
  await settled(page);
  expect(await figure(page, "Cost")).toBe(money(o.totals.cost));
  expect(await figure(page, "Posts")).toBe(o.totals.posts.toLocaleString("en-US"));
  await expect(keyFigures(page)).toContainText("Cost per engagement: cost ÷ engagements.");
  const table = page.getByRole("region", { name: "Campaigns table" });
  await expect(table.locator("tbody tr")).toHaveCount(o.campaigns.length);
  for (const c of o.campaigns) await expect(table.getByRole("link", { name: c.name, exact: true })).toBeVisible();
  for (const title of ["Cost and views over time", "By platform", "By tier"]) {
    // A chart draws once its box nears the viewport (LazyPlot): scroll to it, as a reader does.
    const card = page.getByRole("region", { name: title, exact: true });
    await card.scrollIntoViewIfNeeded();
    await expect(card.locator(".js-plotly-plot")).toBeVisible();
  }
  // No KPI button on /campaign (spec: not on crm, e-commerce and campaign).
  await expect(page.getByRole("banner").getByRole("button", { name: /^KPI/ })).toHaveCount(0);

  const first = o.campaigns[0]!;
  const detail = await campaignOf(request, first.id);
  await table.getByRole("link", { name: first.name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(first.name);
  expect(new URL(page.url()).searchParams.get("c")).toBe(String(first.id));
  await settled(page);
  await expect(leaderboardNames(page)).toHaveCount(detail.kols.length);
  expect(await figure(page, "Cost")).toBe(money(detail.figures.cost));
  await expect(keyFigures(page)).toContainText(detail.previousCampaign === null ? "no previous campaign to compare with" : `vs ${detail.previousCampaign.name}`);
  await expect(page.getByRole("region", { name: "Bookings table" }).locator("tbody tr")).toHaveCount(detail.bookings.length);

  // Back to every campaign.
  await page.getByRole("link", { name: "All campaigns" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("KOL Campaign");
  expect(new URL(page.url()).searchParams.has("c")).toBe(false);
});

test("a platform of the By platform chart narrows every figure of the overview to its KOLs", async ({ page, request }) => {
  const tiktok = await call<KolOverview>(request, "/user/kol-overview", { brand: BRAND, ...RANGE, platform: "tiktok" });
  await signInQuickly(page, DEMO);
  await page.goto(OVERVIEW_URL);
  await settled(page);
  const byPlatform = page.getByRole("region", { name: "By platform", exact: true });
  await byPlatform.getByText("Show the figures as a table").click();
  await byPlatform.getByRole("button", { name: "Filter by TikTok" }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get("kp")).toBe("tiktok");
  await expect(page.getByRole("combobox", { name: "Platform" })).toHaveValue("TikTok");
  await expect.poll(() => figure(page, "Cost")).toBe(money(tiktok.totals.cost));
  await settled(page);
  expect(await figure(page, "KOLs")).toBe(tiktok.totals.kols.toLocaleString("en-US"));
  await page.getByRole("combobox", { name: "Platform" }).selectOption("All platforms");
  await expect.poll(() => new URL(page.url()).searchParams.has("kp")).toBe(false);
});

test("a column header sorts the leaderboard: the first KOL changes, and Back undoes it", async ({ page, request }) => {
  const detail = await biggestCampaign(request);
  const byCostFirst = [...detail.kols].sort((a, b) => b.cost - a.cost || a.name.localeCompare(b.name, "en") || a.kolId - b.kolId)[0]!.name;
  const byCpe = firstBy(detail.kols, "cpe", "asc");
  const byCpeDesc = firstBy(detail.kols, "cpe", "desc");
  await signInQuickly(page, DEMO);
  await page.goto(`${OVERVIEW_URL}&c=${detail.campaign.id}`);
  await settled(page);
  // By cost, high to low, first.
  await expect(leaderboardNames(page).first()).toHaveText(byCostFirst);
  const header = leaderboard(page).getByRole("columnheader", { name: "CPE" });
  await header.click();
  await expect(header).toHaveAttribute("aria-sort", "ascending");
  await expect(leaderboardNames(page).first()).toHaveText(byCpe);
  expect(new URL(page.url()).searchParams.get("ks")).toBe("cpe");
  expect(byCpe).not.toBe(byCostFirst);
  // The CSV holds the leaderboard as shown: every KOL, in its order, figures as plain numbers.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download the KOL leaderboard as CSV" }).click()]);
  const records = parse(await readFile((await download.path())!, "utf8"), { bom: true }) as string[][];
  expect(records[0]!.slice(0, 4)).toEqual(["KOL", "Handle", "Platform", "Tier"]);
  expect(records).toHaveLength(detail.kols.length + 1);
  expect(records[1]![0]).toBe(byCpe);
  const cpe = records[0]!.indexOf("CPE (THB)");
  expect(Number(records[1]![cpe])).toBeCloseTo(detail.kols.find((k) => k.name === byCpe)!.cpe!, 6);
  await header.click();
  await expect(header).toHaveAttribute("aria-sort", "descending");
  await expect(leaderboardNames(page).first()).toHaveText(byCpeDesc);
  // A figure without a column, from "Sort by".
  await leaderboard(page).getByRole("combobox", { name: "Sort by" }).selectOption("Views");
  await expect(leaderboardNames(page).first()).toHaveText(firstBy(detail.kols, "views", "desc"));
  await page.goBack();
  await expect(leaderboardNames(page).first()).toHaveText(byCpeDesc);
});

test("a tier filter and a dot of the scatter narrow the content table to the KOLs shown", async ({ page, request }) => {
  const detail = await biggestCampaign(request);
  const tiers = [...new Set(detail.kols.map((k) => k.tier).filter((t) => t !== null))];
  // The tier with posts but not every post.
  const postsOf = (ids: Set<number>) => detail.posts.filter((p) => ids.has(p.kolId)).length;
  const tier = tiers.find((t) => {
    const n = postsOf(new Set(detail.kols.filter((k) => k.tier === t).map((k) => k.kolId)));
    return n > 0 && n < detail.posts.length;
  })!;
  const ofTier = detail.kols.filter((k) => k.tier === tier);
  await signInQuickly(page, DEMO);
  await page.goto(`${OVERVIEW_URL}&c=${detail.campaign.id}`);
  await settled(page);
  await expect(contentRows(page)).toHaveCount(detail.posts.length);

  const label = tier.charAt(0).toUpperCase() + tier.slice(1);
  await leaderboard(page).getByRole("combobox", { name: "Tier" }).selectOption(label);
  await expect(leaderboardNames(page)).toHaveCount(ofTier.length);
  await expect(contentRows(page)).toHaveCount(postsOf(new Set(ofTier.map((k) => k.kolId))));
  expect(new URL(page.url()).searchParams.get("kt")).toBe(tier);
  await leaderboard(page).getByRole("button", { name: "Show every KOL", exact: true }).click();
  await expect(contentRows(page)).toHaveCount(detail.posts.length);

  // A dot of the scatter: the KOL it stands for alone, on the leaderboard and in the content.
  const scatter = page.getByRole("region", { name: "Cost efficiency: CPE against reach" });
  // The chart draws once its box nears the viewport.
  await scatter.scrollIntoViewIfNeeded();
  const dot = scatter.locator(".js-plotly-plot .scatterlayer .points path").first();
  await dot.scrollIntoViewIfNeeded();
  const box = (await dot.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect.poll(() => new URL(page.url()).searchParams.get("kk")).not.toBeNull();
  const picked = detail.kols.find((k) => k.kolId === Number(new URL(page.url()).searchParams.get("kk")))!;
  await expect(leaderboardNames(page)).toHaveText([picked.name]);
  await expect(contentRows(page)).toHaveCount(detail.posts.filter((p) => p.kolId === picked.kolId).length);
  await expect(contentRows(page).locator("th").first()).toContainText(picked.name);
  // Each post opens in a new tab, without handing this page over.
  const link = contentRows(page).first().getByRole("link");
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  await leaderboard(page).getByRole("button", { name: `Show every KOL, not only ${picked.name}` }).click();
  await expect(contentRows(page)).toHaveCount(detail.posts.length);
});

test("each action of the page opens its dialog, which Escape closes without writing", async ({ page, request }) => {
  const detail = await biggestCampaign(request);
  const booking = detail.bookings[0]!;
  await signInQuickly(page, DEMO);
  const opens = async (button: string, dialog: string, says?: string) => {
    await page.getByRole("button", { name: button, exact: true }).click();
    const box = page.getByRole("dialog", { name: dialog });
    await expect(box).toBeVisible();
    if (says !== undefined) await expect(box).toContainText(says);
    await page.keyboard.press("Escape");
    await expect(box).toBeHidden();
  };
  await page.goto(OVERVIEW_URL);
  await settled(page);
  await opens("New campaign", "New KOL campaign");
  await opens("EMV values", "EMV values");

  await page.goto(`${OVERVIEW_URL}&c=${detail.campaign.id}`);
  await settled(page);
  await opens("Edit campaign", "Edit KOL campaign");
  await opens("Import tracking sheet", "Import tracking sheet");
  await opens("Delete campaign", "Delete KOL campaign", detail.campaign.name);
  await opens("Add booking", "New booking");
  await opens(`Edit the booking of ${booking.kolName}`, "Edit booking");
  await opens(`Delete the booking of ${booking.kolName}`, "Delete booking", booking.kolName);
  // Nothing was written: the campaign is as it was.
  expect((await campaignOf(request, detail.campaign.id)).bookings).toHaveLength(detail.bookings.length);
});

test("a campaign created in its dialog opens; deleted, the page goes back to the overview without it", async ({ page }) => {
  const name = `E2E kolpage ${Date.now()}`;
  await signInQuickly(page, DEMO);
  // A month without campaigns: the page says so, with the New campaign button.
  await page.goto(`/campaign?brand=Aura%20Move&start=2025-06-01&end=2025-06-30`);
  const empty = page.getByRole("status").filter({ hasText: "No KOL campaigns in this range" });
  await expect(empty).toBeVisible();
  await empty.getByRole("button", { name: "New campaign", exact: true }).click();
  const form = page.getByRole("dialog", { name: "New KOL campaign" });
  await form.getByLabel("Campaign name").fill(name);
  await form.getByLabel("Budget (฿)").fill("50000");
  await form.getByLabel("Start").fill("2025-06-05");
  await form.getByLabel("End").fill("2025-06-25");
  await form.getByRole("button", { name: "Create campaign" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  expect(new URL(page.url()).searchParams.get("c")).toMatch(/^\d+$/);
  await expect(page.getByRole("status").filter({ hasText: "No bookings in this campaign yet" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Plan against actual" })).toContainText("฿50,000.00");

  await page.getByRole("button", { name: "Delete campaign", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Delete KOL campaign" });
  await expect(confirm).toContainText(name);
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("KOL Campaign");
  expect(new URL(page.url()).searchParams.has("c")).toBe(false);
  await expect(empty).toBeVisible();
  await expect(page.getByRole("link", { name, exact: true })).toHaveCount(0);
});

test("at 390 px the overview and a campaign stay within the screen", async ({ page, request }) => {
  const detail = await biggestCampaign(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInQuickly(page, DEMO);
  for (const url of [OVERVIEW_URL, `${OVERVIEW_URL}&c=${detail.campaign.id}`]) {
    await page.goto(url);
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  }
});
