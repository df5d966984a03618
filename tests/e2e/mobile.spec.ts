/**
 * Phones (390 × 844, issue 12 defect 6): the sticky top bar keeps to at most 12 % of the screen
 * with its controls folded behind "View options" (and reachable through it), and the charts whose
 * axis labels used to run into each other (E-Commerce "Top products" and "GMV by region", CRM
 * "Segments") draw no two tick labels over each other.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { bangkokDay } from "../../domain/dates";
import { trackPageProblems } from "./models/pageProblems";
import { holdCall } from "./support/holdCall";
import { signInQuickly } from "./support/session";
import { DEMO } from "./support/users";

trackPageProblems(test);
test.use({ viewport: { width: 390, height: 844 } });

/** Last calendar month (Bangkok): among the months the demo seed writes at once. */
function lastMonth(): string {
  const [y, m] = bangkokDay(Date.now()).split("-").map(Number) as [number, number];
  const year = m === 1 ? y - 1 : y;
  const month = m === 1 ? 12 : m - 1;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, "0");
  return `start=${year}-${mm}-01&end=${year}-${mm}-${days}&brand=Tipco`;
}
const MONTH = lastMonth();

const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

interface Box {
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** The boxes of the tick labels a chart draws (x and y axes, both sides). */
async function tickBoxes(chart: Locator): Promise<Box[]> {
  const plot = chart.locator(".js-plotly-plot");
  await expect(plot).toBeVisible();
  await expect(plot.locator("g.xtick text, g.ytick text").first()).toBeAttached();
  return plot.locator("g.xtick text, g.ytick text, g.y2tick text").evaluateAll((nodes) =>
    nodes
      .map((n) => {
        const r = n.getBoundingClientRect();
        return { text: n.textContent ?? "", x: r.x, y: r.y, width: r.width, height: r.height };
      })
      .filter((b) => b.text !== "" && b.width > 0),
  );
}

/** Pairs of tick labels whose boxes overlap (by more than half a pixel each way). */
function overlaps(boxes: readonly Box[]): string[] {
  const found: string[] = [];
  boxes.forEach((a, i) =>
    boxes.slice(i + 1).forEach((b) => {
      const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
      const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
      if (w > 0.5 && h > 0.5) found.push(`"${a.text}" over "${b.text}"`);
    }),
  );
  return found;
}

test("the top bar folds its controls behind View options and stays within 12 % of the screen", async ({ page }) => {
  await signInQuickly(page, DEMO);
  await page.goto(`/e-commerce?${MONTH}`);
  await expect(page.getByRole("heading", { level: 1, name: "E-Commerce" })).toBeVisible();
  const bar = page.locator(".top-bar");
  const fold = page.getByRole("button", { name: "View options" });
  await expect(fold).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("combobox", { name: "Brand" })).toBeHidden();
  const height = (await bar.boundingBox())?.height ?? Infinity;
  expect(height).toBeLessThanOrEqual(844 * 0.12);
  // Menu, the brand-and-range summary and View options sit side by side: none over another, and
  // each shows its whole content (the summary's range may end in an ellipsis, the buttons not).
  const boxes = await page.locator(".top-bar-inner > .menu-toggle, .top-bar-inner > .top-summary, .top-bar-inner > .top-controls-toggle").evaluateAll((nodes) =>
    nodes.map((n) => {
      const r = n.getBoundingClientRect();
      return { text: n.textContent ?? "", x: r.x, y: r.y, width: r.width, height: r.height, clipped: n.scrollWidth > n.clientWidth + 1 && !n.classList.contains("top-summary") };
    }));
  expect(boxes).toHaveLength(3);
  expect(overlaps(boxes)).toEqual([]);
  expect(boxes.filter((b) => b.clipped).map((b) => b.text)).toEqual([]);

  await fold.click();
  await expect(fold).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("combobox", { name: "Brand" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Channel", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Date range/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Filter", exact: true })).toBeVisible();

  await fold.click();
  await expect(page.getByRole("combobox", { name: "Brand" })).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});

/**
 * Opens `path` with its figures' call held, then lets the answer through: where the key figures'
 * cards were before and after, and the layout shifts the browser counted meanwhile inside the
 * key figures' section once the answer was let through (Layout Instability API: an element of it
 * that moved).
 */
async function figuresLoad(page: Page, path: string, call: string) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: string[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{ sources?: Array<{ node?: Node | null }> }>) {
        for (const source of entry.sources ?? []) {
          const el = source.node instanceof Element ? source.node : source.node?.parentElement;
          if (el?.closest("section[aria-labelledby$='figures-title']")) w.__shifts.push(`${el.tagName}.${el.className}`);
        }
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  const release = await holdCall(page, `**${call}`);
  await page.goto(`${path}?${MONTH}`);
  const figures = page.getByRole("region", { name: "Key figures", exact: true });
  const cards = figures.locator("dl").first();
  await expect(figures.getByRole("progressbar")).toBeVisible();
  const before = (await cards.boundingBox())!;
  // Only what the answer moves: the fonts' swap, before it, is checked in shellDefects.spec.ts.
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100)));
    (window as unknown as { __shifts: string[] }).__shifts = [];
  });
  release();
  await expect(figures.getByRole("progressbar")).toHaveCount(0);
  await expect(figures.getByRole("button", { name: /CSV/ })).toBeVisible();
  const after = (await cards.boundingBox())!;
  // A frame for the last shift to be reported.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts);
  return { moved: Math.abs(after.y - before.y), shifts };
}

const FIGURE_CALLS = [["/affiliate", "/user/affiliate-figures"], ["/e-commerce", "/user/commerce-figures"]] as const;

for (const [path, call] of FIGURE_CALLS) {
  test(`${path}: the key figures do not move when their values come (the loading line keeps the head's height)`, async ({ page }) => {
    await signInQuickly(page, DEMO);
    const { moved, shifts } = await figuresLoad(page, path, call);
    expect(moved).toBeLessThan(1);
    expect(shifts).toEqual([]);
  });
}

test("/o2o: the tabs do not move when the campaigns come (the report buttons' place wraps as they do)", async ({ page }) => {
  await signInQuickly(page, DEMO);
  const release = await holdCall(page, "**/api/o2o/get-data");
  await page.goto("/o2o");
  const tabs = page.getByRole("tablist", { name: "O2O views" });
  await expect(tabs).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  const before = (await tabs.boundingBox())!;
  release();
  await expect(page.getByRole("button", { name: "Add views over time to a report" })).toBeVisible();
  const after = (await tabs.boundingBox())!;
  expect(Math.abs(after.y - before.y)).toBeLessThan(1);
});

test.describe("at 1440 px", () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  for (const [path, call] of FIGURE_CALLS) {
    test(`${path}: nothing in the key figures moves when their values come (the buttons replace the loading line)`, async ({ page }) => {
      await signInQuickly(page, DEMO);
      const { moved, shifts } = await figuresLoad(page, path, call);
      expect(moved).toBeLessThan(1);
      expect(shifts).toEqual([]);
    });
  }
});

test("E-Commerce Top products and GMV by region draw no tick label over another", async ({ page }, info) => {
  await signInQuickly(page, DEMO);
  await page.goto(`/e-commerce?${MONTH}`);
  await expect(page.getByRole("heading", { level: 1, name: "E-Commerce" })).toBeVisible();
  for (const title of ["Top products", "GMV by region"]) {
    const chart = region(page, title);
    await chart.scrollIntoViewIfNeeded();
    const boxes = await tickBoxes(chart);
    expect(boxes.length).toBeGreaterThan(3);
    await chart.screenshot({ path: info.outputPath(`${title}-390.png`) });
    expect(overlaps(boxes), title).toEqual([]);
    // Every label is inside the screen.
    for (const b of boxes) expect(b.x, b.text).toBeGreaterThanOrEqual(0);
  }
});

test("CRM Segments draws no tick label over another", async ({ page }, info) => {
  test.setTimeout(120_000);
  await signInQuickly(page, DEMO);
  await page.goto(`/crm?${MONTH}`);
  await expect(page.getByRole("heading", { level: 1, name: "CRM" })).toBeVisible();
  const chart = region(page, "Segments");
  // A chart draws once it is near the screen (LazyPlot): scrolled to, as a reader does.
  await chart.getByRole("img").first().scrollIntoViewIfNeeded({ timeout: 100_000 });
  await expect(chart.locator(".js-plotly-plot")).toBeVisible({ timeout: 100_000 });
  await chart.scrollIntoViewIfNeeded();
  const boxes = await tickBoxes(chart);
  expect(boxes.length).toBeGreaterThan(3);
  await chart.screenshot({ path: info.outputPath("segments-390.png") });
  expect(overlaps(boxes)).toEqual([]);
});

test.describe("PNG export", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("a chart's PNG is an image of deck size, taller than the chart by the title's room", async ({ page }, info) => {
    await signInQuickly(page, DEMO);
    await page.goto(`/e-commerce?${MONTH}`);
    const chart = region(page, "GMV by region");
    await chart.getByRole("img").first().scrollIntoViewIfNeeded();
    await expect(chart.locator(".js-plotly-plot")).toBeVisible();
    const [png] = await Promise.all([page.waitForEvent("download"), chart.getByRole("button", { name: "Download GMV by region as PNG" }).click()]);
    const bytes = Buffer.concat((await (await png.createReadStream()).toArray()) as Buffer[]);
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // Width and height from the IHDR chunk: at least 600 × 300 CSS px at scale 2.
    const width = bytes.readUInt32BE(16);
    const height = bytes.readUInt32BE(20);
    expect(width).toBeGreaterThanOrEqual(1200);
    // The chart is drawn 300 px high; the image adds the caption's 72 px, at scale 2.
    expect(height).toBeGreaterThanOrEqual(2 * (300 + 72));
    expect(bytes.length).toBeGreaterThan(10_000);
    // Kept with the test's output to look at; the title and the brand and range line are checked
    // by tests/components/imageLayout.test.ts.
    await png.saveAs(info.outputPath("gmv-by-region.png"));
  });
});
