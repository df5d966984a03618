/**
 * KPI progress on /brandEx (issue 4): the selected KPI template's targets against the demo
 * figures, as tables and charts (Plotly, fetched only then), and what users without a template,
 * with a template that is gone, or without KPI access see.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import type { KpiTemplate } from "../../domain/entities";
import { emptyKpiTemplate } from "../../domain/kpi";
import { trackPageProblems } from "./models/pageProblems";
import { signInQuickly } from "./support/session";
import { DEMO, NO_KPI } from "./support/users";

trackPageProblems(test);

const TITLE = "E2E progress plan";
// A past month of the deterministic demo figures: the whole range has elapsed.
const RANGE = "start=2024-01-01&end=2024-01-31&brand=Tipco";

async function saveKpiTemplate(request: APIRequestContext, template: KpiTemplate): Promise<void> {
  const login = await request.post("/auth/login-user", { data: { email: DEMO.email, password: DEMO.password } });
  expect(login.status()).toBe(200);
  const token = (await login.json()).user.Tokens.access_token as string;
  const saved = await request.post("/user/upsert-kpi-template", { headers: { Authorization: `Bearer ${token}` }, data: { template } });
  expect(saved.status()).toBe(200);
}

function progressPlan(): KpiTemplate {
  const t = emptyKpiTemplate(TITLE);
  return {
    ...t,
    Budget: "100000",
    MA: { ...t.MA, reach: { kpi: "500000", budget: "20000" }, engagement: { kpi: "20000", budget: "" } },
    ADS: { ...t.ADS, impression: { kpi: "3000000", budget: "30000" }, click: { kpi: "12000", budget: "15000" } },
  };
}

const kpiSection = (page: Page) => page.getByRole("region", { name: "KPI progress" });
const isPlotly = (url: string) => /plotly/i.test(new URL(url).pathname);

test("shows the selected template's targets against the demo figures, with a chart per plan", async ({ page, request }) => {
  await saveKpiTemplate(request, progressPlan());
  await signInQuickly(page, DEMO);
  const plotlyLoaded = page.waitForResponse((r) => isPlotly(r.url()) && r.ok());
  await page.goto(`/brandEx?kpi=${encodeURIComponent(TITLE)}&${RANGE}`);

  const section = kpiSection(page);
  await expect(section.getByRole("heading", { level: 2, name: "KPI progress" })).toBeVisible();
  await expect(section.getByText(`Template ${TITLE}, 2024-01-01 to 2024-01-31`)).toBeVisible();

  const ma = section.getByRole("table", { name: "MA targets and actual figures, 2024-01-01 to 2024-01-31" });
  const reach = ma.getByRole("row", { name: /^Reach/ }).getByRole("cell");
  await expect(reach.nth(0)).toHaveText("500,000");
  await expect(reach.nth(1)).toHaveText(/^\d{1,3}(,\d{3})+$/);
  await expect(reach.nth(2)).toHaveText(/^[\d,.]+%$/);
  await expect(reach.nth(5)).toHaveText(/^(Ahead|On track|Behind)$/);
  await expect(reach.nth(7)).toHaveText("—not measured");

  const ads = section.getByRole("table", { name: /^Ads targets and actual figures/ });
  const impression = ads.getByRole("row", { name: /^Impression/ }).getByRole("cell");
  await expect(impression.nth(0)).toHaveText("3,000,000");
  await expect(impression.nth(1)).toHaveText(/^\d{1,3}(,\d{3})+$/);
  await expect(impression.nth(7)).toHaveText(/^฿[\d,]+\.\d{2}$/);
  await expect(impression.nth(8)).toHaveText("฿10.00 CPM");
  await expect(impression.nth(9)).toHaveText(/^฿[\d,]+\.\d{2} CPM$/);
  await expect(section.getByRole("definition").filter({ hasText: /^฿[\d,]+\.\d{2}$/ }).first()).toBeVisible();

  await plotlyLoaded;
  for (const name of [/^MA progress chart: .*Reach [\d,.]+% of target/, /^Ads progress chart: .*Impression [\d,.]+% of target/]) {
    const chart = section.getByRole("img", { name });
    // A chart draws once its box nears the viewport (LazyPlot): scroll to it, as a reader does.
    await chart.scrollIntoViewIfNeeded();
    await expect(chart).toBeVisible();
    await expect(chart.getByText("Target (even pace)")).toBeVisible();
    await expect(chart.getByText("Loading chart…")).toHaveCount(0);
  }
});

test("asks for a KPI template when none is selected, without fetching Plotly", async ({ page }) => {
  const plotly: string[] = [];
  page.on("request", (r) => {
    if (isPlotly(r.url())) plotly.push(r.url());
  });
  await signInQuickly(page, DEMO);
  await page.goto(`/brandEx?${RANGE}`);
  await expect(kpiSection(page).getByText("No KPI template selected")).toBeVisible();
  await expect(kpiSection(page).getByText(/Pick a KPI template in KPI Setting/)).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(plotly).toEqual([]);
});

test("says when the selected KPI template no longer exists", async ({ page }) => {
  await signInQuickly(page, DEMO);
  await page.goto(`/brandEx?kpi=${encodeURIComponent("Deleted long ago")}&${RANGE}`);
  await expect(kpiSection(page).getByRole("alert")).toHaveText(/The KPI template ‘Deleted long ago’ no longer exists/);
});

test("shows no KPI progress, and no error, to a user without KPI access", async ({ page }) => {
  await signInQuickly(page, NO_KPI);
  await page.goto(`/brandEx?kpi=${encodeURIComponent(TITLE)}&${RANGE}`);
  await expect(kpiSection(page).getByText("No KPI progress")).toBeVisible();
  await expect(kpiSection(page).getByText("Your account has no access to KPI templates.")).toBeVisible();
  // The page still loads: the applied view counts its pages.
  await expect(page.getByLabel("Applied view").getByRole("definition").filter({ hasText: /^\d+$/ })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page.getByRole("table")).toHaveCount(0);
});

test("selecting a template in KPI Setting shows its progress, and editing its target updates the figures at once", async ({ page, request }) => {
  const title = "E2E drawer plan";
  const t = emptyKpiTemplate(title);
  await saveKpiTemplate(request, { ...t, Budget: "1000", MA: { ...t.MA, reach: { kpi: "500000", budget: "" } } });
  await signInQuickly(page, DEMO);
  await page.goto(`/brandEx?${RANGE}`);
  await expect(kpiSection(page).getByText("No KPI template selected")).toBeVisible();

  await page.getByRole("button", { name: "KPI", exact: true }).click();
  const drawer = page.getByRole("dialog", { name: "KPI Setting" });
  await drawer.getByRole("button", { name: `Select ${title}`, exact: true }).click();
  const reach = kpiSection(page).getByRole("table", { name: /^MA targets/ }).getByRole("row", { name: /^Reach/ }).getByRole("cell");
  await expect(reach.nth(0)).toHaveText("500,000");

  await drawer.getByRole("button", { name: `Edit ${title}`, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Edit KPI Template" });
  await dialog.getByRole("tabpanel").getByRole("textbox", { name: "Reach KPI", exact: true }).fill("750000");
  await dialog.getByRole("button", { name: "Update", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(reach.nth(0)).toHaveText("750,000");
});

test("reads Ads spend far over budget as a warning, says a target hit many times over plainly, and caps the chart", async ({ page, request }) => {
  const title = "E2E overspent plan";
  const t = emptyKpiTemplate(title);
  // A ฿100 Ads budget the demo's January spend overruns many times; a click target of 1 the
  // demo's clicks pass thousands of times over; impressions at a target they stay near.
  await saveKpiTemplate(request, {
    ...t,
    Budget: "1000",
    ADS: { ...t.ADS, click: { kpi: "1", budget: "50" }, impression: { kpi: "1000000000", budget: "50" } },
  });
  await signInQuickly(page, DEMO);
  await page.goto(`/brandEx?kpi=${encodeURIComponent(title)}&${RANGE}`);

  const section = kpiSection(page);
  const ads = section.getByRole("table", { name: /^Ads targets and actual figures/ });
  const clickPace = ads.getByRole("row", { name: /^Click/ }).getByRole("cell").nth(5);
  await expect(clickPace).toContainText("Over budget");
  await expect(clickPace.getByText("Ahead", { exact: true })).toBeVisible();
  // The warning is not green, and "Ahead" is not shown as good news either.
  const colourOf = (text: string) => clickPace.getByText(text, { exact: true }).evaluate((el) => getComputedStyle(el).color);
  for (const text of ["Over budget", "Ahead"]) expect(await colourOf(text)).not.toBe("rgb(26, 107, 52)");

  const notes = section.getByRole("list", { name: "Ads notes" });
  await expect(notes.getByRole("listitem").filter({ hasText: /^Over budget: Ads spend ฿[\d,]+\.\d{2} against a budget of ฿100\.00 \([\d,.]+% of budget\)\.$/ })).toBeVisible();
  await expect(notes.getByRole("listitem").filter({ hasText: /^Click is at [\d,.]+× target\.$/ })).toBeVisible();
  await expect(section.getByRole("definition").filter({ hasText: "Over budget" })).toBeVisible();

  const chart = section.getByRole("img", { name: /^Ads progress chart: .*Click [\d,.]+% of target \([\d,.]+× target\).*The axis stops at 300%/ });
  await chart.scrollIntoViewIfNeeded();
  await expect(chart).toBeVisible();
  await expect(chart.getByText("Loading chart…")).toHaveCount(0);
  await expect(chart.getByText(/^Click [\d,.]+% ▲$/)).toBeVisible();
});

/** The boxes of a chart's labels of capped lines ("Reach 866% ▲"), once drawn. */
async function cappedLabelBoxes(chart: Locator) {
  const labels = chart.getByText(/^\S.* [\d,.]+% ▲$/);
  await expect(labels.first()).toBeVisible();
  return labels.evaluateAll((nodes) => nodes.map((n) => {
    const r = n.getBoundingClientRect();
    return { text: n.textContent ?? "", left: r.left, right: r.right, top: r.top, bottom: r.bottom };
  }));
}

for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("two lines past the capped axis are labelled apart, and the page does not scroll sideways", async ({ page, request }) => {
      await saveKpiTemplate(request, progressPlan());
      await signInQuickly(page, DEMO);
      await page.goto(`/brandEx?kpi=${encodeURIComponent(TITLE)}&${RANGE}`);
      const chart = kpiSection(page).getByRole("img", { name: /^MA progress chart: .*The axis stops at 300%/ });
      await chart.scrollIntoViewIfNeeded();
      // Reach and Engagement of the demo's January 2024 are both far past their targets.
      const boxes = await cappedLabelBoxes(chart);
      expect(boxes.map((b) => b.text.split(" ")[0]).sort()).toEqual(["Engagement", "Reach"]);
      const [a, b] = boxes as [typeof boxes[0], typeof boxes[0]];
      const overlap = Math.min(a.right, b.right) > Math.max(a.left, b.left) && Math.min(a.bottom, b.bottom) > Math.max(a.top, b.top);
      expect(overlap, `"${a.text}" and "${b.text}"`).toBe(false);
      // The wide tables scroll inside their box; the page itself is never wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      if (viewport.width >= 1440) {
        // On a desktop screen every column of both tables is in view, the last one included.
        const overflow = await page.locator(".kpi-table").evaluateAll((tables) => tables.map((t) => t.scrollWidth - t.parentElement!.clientWidth));
        expect(overflow).toHaveLength(2);
        for (const px of overflow) expect(px).toBeLessThanOrEqual(0);
      }
    });
  });
}
