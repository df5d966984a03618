/**
 * The /o2o page (issue 5) on the built-in visitor analytics service and its demo data: the
 * Visitors insight tab it opens on, every tab's charts, that a tab asks only for its own paths
 * (and nothing when shown again), the page's own date range in the URL, and what a user without
 * o2o campaigns sees.
 */
import { expect, test, type Page } from "@playwright/test";
import { bangkokDay } from "../../domain/dates";
import { trackPageProblems } from "./models/pageProblems";
import { signInQuickly } from "./support/session";
import { DEMO, LIMITED, NO_BRAND } from "./support/users";

trackPageProblems(test);

interface ProxyRequest {
  url: string;
  name: string;
  payload: { campaigns?: number[]; ranges?: { from: number; to: number }[]; from?: number; to?: number };
}

/** The bodies of the o2o proxy calls the page makes from now on. */
function recordO2oCalls(page: Page): ProxyRequest[] {
  const calls: ProxyRequest[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/api/o2o/get-data") calls.push(r.postDataJSON() as ProxyRequest);
  });
  return calls;
}

const TAB_PATHS = {
  "Visitors insight": ["/stats/visitor_view/attention", "/stats/visitor_view/audience", "/stats/visitor_view/heatmap"],
  "Leads & bounced": ["/stats/visitor_view/engagement"],
  "Views conversion": ["/stats/graph"],
  "Views demographic": ["/stats/visitor_view/age", "/stats/visitor_view/emotion", "/stats/visitor_view/sex", "/stats/visitor_view/sex_age"],
  "Views dwell time": ["/stats/visitor_view/freqattention"],
} as const;
type TabLabel = keyof typeof TAB_PATHS;

const TAB_CHARTS: Record<TabLabel, readonly string[]> = {
  "Visitors insight": ["Shows and views per day", "Average shows by weekday and hour"],
  "Leads & bounced": ["Leads and bounced per day"],
  "Views conversion": ["Shows and views per month", "Views per content"],
  "Views demographic": ["Men and women", "Age bands", "Men and women by age band", "Emotions"],
  "Views dwell time": ["Dwell time"],
};

const paths = (calls: readonly ProxyRequest[]) => [...new Set(calls.map((c) => c.url))].sort();
const panel = (page: Page) => page.getByRole("tabpanel");

/** Waits until the tab shows its charts, drawn by Plotly. */
async function expectCharts(page: Page, tab: TabLabel): Promise<void> {
  await expect(page.getByRole("tab", { name: tab, exact: true })).toHaveAttribute("aria-selected", "true");
  for (const heading of TAB_CHARTS[tab]) {
    const chart = panel(page).getByRole("region", { name: heading, exact: true });
    await expect(chart.getByRole("heading", { level: 2, name: heading, exact: true })).toBeVisible();
    await expect(chart.getByRole("img").first()).toBeVisible();
    // A chart draws once it is near the screen (LazyPlot): scrolled to, as a reader does.
    await chart.getByRole("img").first().scrollIntoViewIfNeeded();
    await expect(chart.locator(".js-plotly-plot")).toBeVisible();
  }
  await expect(panel(page).getByText("Loading chart…")).toHaveCount(0);
  await expect(panel(page).locator(".js-plotly-plot")).toHaveCount(TAB_CHARTS[tab].length);
}

/** A Bangkok day `days` before today, as YYYY-MM-DD. */
const daysAgo = (days: number) => bangkokDay(Date.now() - days * 86_400_000);
/** Bangkok midnight of a day, in unix seconds. */
const bangkokMidnight = (day: string) => Date.parse(`${day}T00:00:00+07:00`) / 1000;

test("opens on Visitors insight with the demo figures, the daily chart and the heatmap", async ({ page }) => {
  const calls = recordO2oCalls(page);
  await signInQuickly(page, DEMO);
  await page.goto("/o2o");

  await expect(page.getByRole("heading", { level: 1, name: "O2O visitor analytics" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Campaign" })).toHaveValue(/^\d+$/);
  const range = page.getByRole("group", { name: "Date range" });
  await expect(range.getByLabel("To")).toHaveValue(bangkokDay(Date.now()));
  await expect(page.getByRole("tablist", { name: "O2O views" }).getByRole("tab")).toHaveText(Object.keys(TAB_PATHS));

  await expectCharts(page, "Visitors insight");
  const figures = page.getByRole("definition");
  // A card describes its term with the value first, then the change against the previous period and a definition.
  const card = (term: string) => page.getByLabel("Visitors insight figures").locator("div").filter({ has: page.getByRole("term").getByText(term, { exact: true }) }).getByRole("definition");
  const figure = (term: string) => card(term).first();
  await expect(figure("Shows")).toHaveText(/^\d{1,3}(,\d{3})+$/);
  await expect(figure("Views")).toHaveText(/^\d{1,3}(,\d{3})+$/);
  await expect(figure("Views conversion")).toHaveText(/^\d+\.\d%$/);
  await expect(figure("Average dwell time")).toHaveText(/^\d+(\.\d)? s$/);
  await expect(figure("Average attention time")).toHaveText(/^\d+(\.\d)? s$/);
  await expect(figures.filter({ hasText: "—" })).toHaveCount(0);
  // The demo measured the three months before too: each total says how it changed, in words.
  await expect(card("Shows").nth(1)).toHaveText(/(up|down) [\d,]+\.\d % on the previous \d+ days \(\d{4}-\d\d-\d\d – \d{4}-\d\d-\d\d\), (good|bad)$|no change on the previous/);
  await expect(page.getByRole("img", { name: /^Average shows by weekday \(Monday first\) and Bangkok hour\. Busiest: \w+day \d\d:00/ })).toBeVisible();
  // The header's two report buttons say which is which, in words a sighted user reads too.
  await expect(page.getByRole("button", { name: "Add the store screen figures to a report" })).toHaveText("Add figures to report");
  await expect(page.getByRole("button", { name: "Add views over time to a report" })).toHaveText("Add views to report");

  expect(paths(calls)).toEqual(["/campaign/structure", ...TAB_PATHS["Visitors insight"]].sort());
  // The three months to today: one range per day for the daily chart and the heatmap.
  const daily = calls.find((c) => c.name === "audience_daily")!;
  expect(daily.payload.ranges!.length).toBeGreaterThanOrEqual(89);
  expect(daily.payload.ranges!.at(-1)!.from).toBe(bangkokMidnight(bangkokDay(Date.now())));
});

test("each tab shows its charts and asks only for its own paths; a tab shown before asks nothing again", async ({ page }) => {
  const calls = recordO2oCalls(page);
  await signInQuickly(page, DEMO);
  await page.goto("/o2o");
  await expectCharts(page, "Visitors insight");

  for (const tab of ["Leads & bounced", "Views conversion", "Views demographic", "Views dwell time"] as const) {
    calls.length = 0;
    await page.getByRole("tab", { name: tab, exact: true }).click();
    await expectCharts(page, tab);
    expect(paths(calls), tab).toEqual([...TAB_PATHS[tab]].sort());
    await expect(page).toHaveURL(/[?&]tab=\w+/);
  }
  await expect(page.getByLabel("Dwell time figures").getByRole("definition").first()).toHaveText(/^\d{1,3}(,\d{3})*$/);

  calls.length = 0;
  await page.getByRole("tab", { name: "Leads & bounced", exact: true }).click();
  await expectCharts(page, "Leads & bounced");
  await page.getByRole("tab", { name: "Visitors insight", exact: true }).click();
  await expectCharts(page, "Visitors insight");
  await page.waitForLoadState("networkidle");
  expect(calls).toEqual([]);

  // Back goes to the tab shown before, still without asking again.
  await page.goBack();
  await expect(page.getByRole("tab", { name: "Leads & bounced", exact: true })).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(/[?&]tab=leads_bounced/);
  await expectCharts(page, "Leads & bounced");
  expect(calls).toEqual([]);
});

test("a new range reloads the tab with it, goes into the URL, and Back returns to the range before", async ({ page }) => {
  const calls = recordO2oCalls(page);
  await signInQuickly(page, DEMO);
  await page.goto("/o2o?tab=leads_bounced");
  await expectCharts(page, "Leads & bounced");
  const range = page.getByRole("group", { name: "Date range" });
  const openedFrom = await range.getByLabel("From").inputValue();

  const from = daysAgo(40);
  const to = daysAgo(10);
  calls.length = 0;
  await range.getByLabel("From").fill(from);
  await range.getByLabel("To").fill(to);
  await range.getByRole("button", { name: "Apply" }).click();

  await expect(page).toHaveURL(new RegExp(`[?&]from=${from}`));
  await expect(page).toHaveURL(new RegExp(`[?&]to=${to}`));
  await expect(page).toHaveURL(/[?&]tab=leads_bounced/);
  await expectCharts(page, "Leads & bounced");
  expect(paths(calls)).toEqual(["/stats/visitor_view/engagement"]);
  const daily = calls.find((c) => c.name === "engagement_daily")!;
  expect(daily.payload.ranges).toHaveLength(31);
  expect(daily.payload.ranges![0]!.from).toBe(bangkokMidnight(from));
  expect(calls.find((c) => c.name === "engagement_total")!.payload).toMatchObject({ from: bangkokMidnight(from), to: bangkokMidnight(to) + 86_399 });

  // Another tab loads for the new range too.
  calls.length = 0;
  await page.getByRole("tab", { name: "Visitors insight", exact: true }).click();
  await expectCharts(page, "Visitors insight");
  expect(calls.find((c) => c.name === "audience_total")!.payload).toMatchObject({ from: bangkokMidnight(from) });
  await expect(page).toHaveURL(/[?&]tab=vistors_insight/);
  await expect(page).toHaveURL(new RegExp(`[?&]from=${from}`));

  await page.goBack();
  await page.goBack();
  await expect(range.getByLabel("From")).toHaveValue(openedFrom);
  await expectCharts(page, "Leads & bounced");
});

test("choosing another campaign reloads the tab shown for it, and puts it in the URL", async ({ page }) => {
  const calls = recordO2oCalls(page);
  await signInQuickly(page, DEMO);
  await page.goto("/o2o?tab=views_demographic");
  await expectCharts(page, "Views demographic");
  const campaign = page.getByRole("combobox", { name: "Campaign" });
  const options = await campaign.getByRole("option").allTextContents();
  expect(options.length).toBeGreaterThan(1);

  calls.length = 0;
  await campaign.selectOption({ label: options[1]! });
  const id = Number(await campaign.inputValue());
  await expect(page).toHaveURL(new RegExp(`[?&]campaign=${id}`));
  await expectCharts(page, "Views demographic");
  expect(paths(calls)).toEqual([...TAB_PATHS["Views demographic"]].sort());
  expect(calls.every((c) => JSON.stringify(c.payload.campaigns) === JSON.stringify([id]))).toBe(true);
});

test("refuses a range that ends before it starts, and says why", async ({ page }) => {
  await signInQuickly(page, DEMO);
  await page.goto("/o2o");
  await expectCharts(page, "Visitors insight");
  const range = page.getByRole("group", { name: "Date range" });
  await range.getByLabel("From").fill(daysAgo(5));
  await range.getByLabel("To").fill(daysAgo(20));
  await range.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("alert")).toHaveText("The end date must not be before the start date.");
  await expect(page).not.toHaveURL(/from=/);
});

test("a link opens the tab, range and campaign it names; unknown values fall back to the defaults", async ({ page }) => {
  await signInQuickly(page, DEMO);
  const from = daysAgo(30);
  const to = daysAgo(1);
  await page.goto(`/o2o?tab=views_dwell_time&from=${from}&to=${to}&campaign=2`);
  await expectCharts(page, "Views dwell time");
  await expect(page.getByRole("combobox", { name: "Campaign" })).toHaveValue("2");
  await expect(page.getByRole("group", { name: "Date range" }).getByLabel("From")).toHaveValue(from);

  await page.goto("/o2o?tab=nonsense&from=2024-13-01&to=yesterday&campaign=9999");
  await expectCharts(page, "Visitors insight");
  await expect(page.getByRole("group", { name: "Date range" }).getByLabel("To")).toHaveValue(bangkokDay(Date.now()));
});

test("a user without o2o campaigns (none of their own, no brand) is told so plainly", async ({ page }) => {
  await signInQuickly(page, NO_BRAND);
  await page.goto("/o2o");
  await expect(page.getByRole("heading", { level: 1, name: "O2O visitor analytics" })).toBeVisible();
  await expect(page.getByText("You have no o2o campaigns yet.")).toBeVisible();
  await expect(page.getByRole("tablist")).toHaveCount(0);
  await expect(page.getByRole("alert")).toHaveCount(0);
});

test("a brand's users read the brand's o2o campaigns, and only those (limited@example.com holds Aura)", async ({ page }) => {
  await signInQuickly(page, LIMITED);
  await page.goto("/o2o");
  await expect(page.getByRole("tablist")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Campaign" }).getByRole("option")).toHaveText(["Aura Glow Serum"]);
  await expect(page.getByRole("alert")).toHaveCount(0);
});
