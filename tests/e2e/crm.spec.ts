/**
 * The CRM page (issue 6) on the demo orders: RFM segments with their counts (Unassigned
 * included), the R × F grid and the segment movement from the previous period; the customer
 * table (pages, sorting, search, one segment); the CSV export; the scores of a KPI template's
 * weights against equal weights; and who may not open the page.
 */
import { readFile } from "node:fs/promises";
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import type { KpiTemplate } from "../../domain/entities";
import { bangkokDay } from "../../domain/dates";
import { emptyKpiTemplate } from "../../domain/kpi";
import { trackPageProblems } from "./models/pageProblems";
import { signInQuickly } from "./support/session";
import { DEMO, LIMITED, NO_KPI } from "./support/users";

trackPageProblems(test);

/** A day as YYYY-MM-DD, `days` after a day given the same way. */
const dayAfter = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/**
 * Last calendar month, and the period of equal length before it: both among the recent months
 * the demo seed writes at once (older ones come in the background, later).
 */
const TODAY = bangkokDay(Date.now());
const START = `${dayAfter(`${TODAY.slice(0, 7)}-01`, -1).slice(0, 7)}-01`;
const END = dayAfter(`${TODAY.slice(0, 7)}-01`, -1);
const DAYS = (Date.parse(END) - Date.parse(START)) / 86_400_000 + 1;
const PREVIOUS = { start: dayAfter(START, -DAYS), end: dayAfter(START, -1) };
const MONTH = `start=${START}&end=${END}&brand=Tipco`;
const TITLE = "E2E CRM recency first";
const DEFAULT_SEGMENTS = [
  "Champions", "Loyal Customers", "Potential Loyallists", "New Customers", "Promising", "About To Sleep", "Can't Lose Them", "At Risk", "Hibernating",
];

async function demoToken(request: APIRequestContext): Promise<string> {
  const login = await request.post("/auth/login-user", { data: { email: DEMO.email, password: DEMO.password } });
  expect(login.status()).toBe(200);
  return (await login.json()).user.Tokens.access_token as string;
}

async function saveKpiTemplate(request: APIRequestContext, template: KpiTemplate): Promise<void> {
  const token = await demoToken(request);
  const saved = await request.post("/user/upsert-kpi-template", { headers: { Authorization: `Bearer ${token}` }, data: { template } });
  expect(saved.status()).toBe(200);
}

// A fresh e2e server is busy writing the older demo months for a while, and its access tokens
// live 6 s: asking for the month's customers once first keeps the first page visit within them.
test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  const token = await demoToken(request);
  const customers = await request.post("/user/commerce-customers", {
    headers: { Authorization: `Bearer ${token}` },
    data: { brand: "Tipco", start: START, end: END, channel: "All channel", filter: {} },
    timeout: 100_000,
  });
  expect(customers.status()).toBe(200);
  expect((await request.get("/crm", { timeout: 100_000 })).status()).toBe(200);
});

function recencyFirst(): KpiTemplate {
  const t = emptyKpiTemplate(TITLE);
  return { ...t, RFM: [{ setting: [{ name: "Recency", weight: "80" }, { name: "Frequency", weight: "10" }, { name: "Monetary", weight: "10" }] }, t.RFM[1]!] };
}

const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const segmentTable = (page: Page) => page.getByRole("table", { name: "Segment sizes and revenue" });
const customerTable = (page: Page) => page.getByRole("table", { name: /^Customers with their scores and segment/ });
const pager = (page: Page) => page.getByRole("navigation", { name: "Customer table pages" });
const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search customer ID" });
const number = (text: string) => Number(text.replaceAll(",", ""));

/** The row of a row header in a table. */
const row = (table: Locator, header: string) => table.getByRole("row").filter({ has: table.page().getByRole("rowheader", { name: header, exact: true }) });

async function open(page: Page, search = MONTH): Promise<void> {
  await signInQuickly(page, DEMO);
  await page.goto(`/crm?${search}`);
  await expect(page.getByRole("heading", { level: 1, name: "CRM" })).toBeVisible();
  // The first visit on a fresh server may wait for the demo orders of older months to be written.
  await expect(customerTable(page)).toHaveAccessibleName(/Customers 1–25 of [\d,]+$/, { timeout: 60_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** How many customers the page scored. */
async function customerCount(page: Page): Promise<number> {
  const name = await customerTable(page).locator("caption").innerText();
  return number(/of ([\d,]+)$/.exec(name)![1]!);
}

/** The customer IDs of the page of the table shown. */
const shownIds = (page: Page) => customerTable(page).getByRole("rowheader").allInnerTexts();

test("shows the demo customers' segments with counts, Unassigned included, the R × F grid and the segment movement", async ({ page }) => {
  await open(page);
  await expect(page.getByText(`RFM scoring of Tipco’s customers, ${START} to ${END}. Compared with ${PREVIOUS.start} to ${PREVIOUS.end}`)).toBeVisible();
  const source = page.getByRole("region", { name: "Weights and segments" });
  await expect(source).toContainText("No KPI template selected: equal weights and the default segments.");
  await expect(source).toContainText("Recency 33.3%, Frequency 33.3%, Monetary 33.3%");
  // A key figure's change against the previous period, said in words (docs/figures.md).
  const customersCard = page.getByLabel("CRM figures").locator("div").filter({ has: page.getByRole("term").getByText("Customers", { exact: true }) }).getByRole("definition");
  await expect(customersCard.first()).toHaveText(/^\d{1,3}(,\d{3})*$/);
  await expect(customersCard.nth(1)).toHaveText(new RegExp(`(up|down) [\\d,]+\\.\\d % on the previous \\d+ days \\(${PREVIOUS.start} – ${PREVIOUS.end}\\), (good|bad)$|no change on the previous`));

  const segments = segmentTable(page);
  await expect(segments.getByRole("rowheader")).toHaveText([...DEFAULT_SEGMENTS, "Unassigned"]);
  const counts: Record<string, number> = {};
  for (const name of [...DEFAULT_SEGMENTS, "Unassigned"]) {
    const customers = await row(segments, name).getByRole("cell").nth(1).innerText();
    expect(customers, name).toMatch(/^\d{1,3}(,\d{3})*$/);
    counts[name] = number(customers);
  }
  // One-off buyers are most of a month's customers, yet two- and three-order buyers are F 2–3.
  for (const name of ["Champions", "Potential Loyallists", "New Customers", "Promising", "About To Sleep", "Hibernating"]) {
    expect(counts[name], name).toBeGreaterThan(0);
  }
  const total = await customerCount(page);
  expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(total);
  await expect(row(segments, "Champions").getByRole("cell").nth(3)).toHaveText(/^฿[\d,]+\.\d\d$/);
  const bars = region(page, "Segments").getByRole("img", { name: /^Customers and revenue per segment, [\d,]+ customers in all\./ });
  await expect(bars).toBeVisible();
  await bars.scrollIntoViewIfNeeded();
  await expect(bars.getByText("Loading chart…")).toHaveCount(0);

  const grid = region(page, "Recency × frequency grid");
  await expect(grid.getByRole("heading", { level: 2, name: "Recency × frequency grid" })).toBeVisible();
  await expect(grid.getByRole("img", { name: /^Customers by recency score \(rows, 1 to 5\) and frequency score \(columns, 1 to 5\)\. Most customers at R \d, F \d/ })).toBeVisible();
  const gridTable = grid.getByRole("table", { name: "Customers by recency score (rows) and frequency score (columns)" });
  await expect(gridTable.getByRole("rowheader")).toHaveText(["R 5", "R 4", "R 3", "R 2", "R 1"]);
  await expect(gridTable.getByRole("columnheader")).toHaveText(["Recency score", "F 1", "F 2", "F 3", "F 4", "F 5"]);
  const cells = (await gridTable.getByRole("cell").allInnerTexts()).map(number);
  expect(cells).toHaveLength(25);
  expect(cells.reduce((a, b) => a + b, 0)).toBe(total);
  // every frequency score has customers: F 1 to F 5 are columns 0 to 4 of each row
  expect([0, 1, 2, 3, 4].map((f) => cells.filter((_, i) => i % 5 === f).reduce((a, b) => a + b, 0)).every((n) => n > 0)).toBe(true);

  const movement = region(page, "Segment movement").getByRole("table", { name: /^Customers by segment in the previous period \(rows\) and in this period \(columns\)/ });
  await expect(movement.getByRole("rowheader")).toHaveText([...DEFAULT_SEGMENTS, "Unassigned", "New", "Total"]);
  await expect(movement.getByRole("columnheader")).toHaveText([...DEFAULT_SEGMENTS, "Unassigned", "Gone", "Total"]);
  // Every customer of this period is in a column: the Total row's cells up to Unassigned add up to them.
  const totals = (await row(movement, "Total").getByRole("cell").allInnerTexts()).map(number);
  expect(totals.slice(0, DEFAULT_SEGMENTS.length + 1).reduce((a, b) => a + b, 0)).toBe(total);
  expect(number(await row(movement, "New").getByRole("cell").last().innerText())).toBeGreaterThan(0);
  expect(totals.at(-2)).toBeGreaterThan(0); // some customers of the previous period did not buy again
});

test("the customer table pages, sorts by a column header and searches by customer ID", async ({ page }) => {
  await open(page);
  const table = customerTable(page);
  await expect(table.getByRole("columnheader", { name: "Score" })).toHaveAttribute("aria-sort", "descending");
  const scores = (await table.getByRole("row").filter({ has: page.getByRole("rowheader") }).evaluateAll((rows) =>
    rows.map((r) => Number(r.querySelectorAll("td")[6]?.textContent)))) as number[];
  expect(scores).toHaveLength(25);
  expect([...scores].sort((a, b) => b - a)).toEqual(scores);

  const first = await shownIds(page);
  await pager(page).getByRole("button", { name: "Next page" }).click();
  await expect(table).toHaveAccessibleName(/Customers 26–50 of/);
  await expect(pager(page)).toContainText(/Page 2 of \d+/);
  expect((await shownIds(page)).some((id) => first.includes(id))).toBe(false);
  await pager(page).getByRole("button", { name: "First page" }).click();
  await expect(table).toHaveAccessibleName(/Customers 1–25 of/);

  await table.getByRole("button", { name: "Customer ID" }).click();
  await expect(table.getByRole("columnheader", { name: "Customer ID" })).toHaveAttribute("aria-sort", "ascending");
  await expect(table.getByRole("columnheader", { name: "Score" })).toHaveAttribute("aria-sort", "none");
  const ascending = await shownIds(page);
  expect([...ascending].sort()).toEqual(ascending);
  await table.getByRole("button", { name: "Customer ID" }).click();
  await expect(table.getByRole("columnheader", { name: "Customer ID" })).toHaveAttribute("aria-sort", "descending");
  await expect.poll(async () => (await shownIds(page))[0]).not.toBe(ascending[0]);

  const id = (await shownIds(page))[3]!;
  await searchBox(page).fill(id);
  await expect(table).toHaveAccessibleName(/Customers 1–\d+ of \d+$/);
  const found = await shownIds(page);
  expect(found).toContain(id);
  expect(found.every((f) => f.toLowerCase().includes(id.toLowerCase()))).toBe(true);
  await searchBox(page).fill("no-such-customer");
  await expect(table.getByText("No customer ID contains ‘no-such-customer’.")).toBeVisible();
});

test("the table's sort and page live in the URL: a reload and Back show the same rows (issue 12)", async ({ page }) => {
  await open(page);
  const table = customerTable(page);
  await table.getByRole("button", { name: "Customer ID" }).click();
  await expect(table.getByRole("columnheader", { name: "Customer ID" })).toHaveAttribute("aria-sort", "ascending");
  await pager(page).getByRole("button", { name: "Next page" }).click();
  await expect(table).toHaveAccessibleName(/Customers 26–50 of/);
  await expect.poll(() => new URL(page.url()).searchParams.get("sort")).toBe("id");
  expect(new URL(page.url()).searchParams.get("pg")).toBe("2");
  const shown = await shownIds(page);

  await page.reload();
  await expect(customerTable(page)).toHaveAccessibleName(/Customers 26–50 of/);
  await expect(customerTable(page).getByRole("columnheader", { name: "Customer ID" })).toHaveAttribute("aria-sort", "ascending");
  expect(await shownIds(page)).toEqual(shown);

  await page.goBack();
  await expect(customerTable(page)).toHaveAccessibleName(/Customers 1–25 of/);
});

test("a segment's List button narrows the customer table to it, and its chip shows every segment again", async ({ page }) => {
  await open(page);
  const total = await customerCount(page);
  const hibernating = number(await row(segmentTable(page), "Hibernating").getByRole("cell").nth(1).innerText());
  await page.getByRole("button", { name: "List the customers of Hibernating" }).click();
  const table = customerTable(page);
  await expect(table).toHaveAccessibleName(new RegExp(`of ${hibernating.toLocaleString("en-US")}$`));
  await expect(page.getByText("Segment: Hibernating")).toBeVisible();
  const segmentCells = await table.getByRole("row").filter({ has: page.getByRole("rowheader") }).evaluateAll((rows) =>
    rows.map((r) => r.querySelectorAll("td")[7]?.textContent));
  expect(segmentCells.length).toBeGreaterThan(0);
  expect(new Set(segmentCells)).toEqual(new Set(["Hibernating"]));
  await page.getByRole("button", { name: "Show every segment, not only Hibernating" }).click();
  await expect(table).toHaveAccessibleName(new RegExp(`of ${total.toLocaleString("en-US")}$`));
});

test("Export CSV downloads every customer with their scores and segment", async ({ page }) => {
  await open(page);
  const total = await customerCount(page);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV", exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`CRM-customers-Tipco-${START}-${END}.csv`);
  const text = await readFile((await file.path())!, "utf8");
  const lines = text.replace(/^\uFEFF/, "").trimEnd().split("\r\n");
  expect(lines[0]).toBe("customer_id,recency_days,frequency,monetary,r,f,m,score,segment");
  expect(lines).toHaveLength(total + 1);
  expect(lines[1]).toMatch(/^[^,]+,\d+,\d+,[\d.]+,[1-5],[1-5],[1-5],\d\.\d\d,[^,]+$/);
});

test("the selected KPI template's weights change the customers' scores", async ({ page, request }) => {
  await saveKpiTemplate(request, recencyFirst());
  await open(page);
  // The best scores (first by default) are mostly 5-5-5; in customer ID order they are mixed.
  await customerTable(page).getByRole("button", { name: "Customer ID" }).click();
  await expect(customerTable(page).getByRole("columnheader", { name: "Customer ID" })).toHaveAttribute("aria-sort", "ascending");
  // A customer whose recency score differs from the mean of the other two: weights move their score.
  const rows = await customerTable(page).getByRole("row").filter({ has: page.getByRole("rowheader") }).evaluateAll((trs) =>
    trs.map((tr) => {
      const td = [...tr.querySelectorAll("td")].map((c) => c.textContent ?? "");
      return { id: tr.querySelector("th")?.textContent ?? "", r: Number(td[3]), f: Number(td[4]), m: Number(td[5]), score: td[6]! };
    }));
  const customer = rows.find((c) => 2 * c.r !== c.f + c.m)!;
  expect(customer, "a customer whose score depends on the weights").toBeDefined();
  expect(customer.score).toBe(((customer.r + customer.f + customer.m) / 3).toFixed(2));

  await page.goto(`/crm?${MONTH}&kpi=${encodeURIComponent(TITLE)}`);
  const source = page.getByRole("region", { name: "Weights and segments" });
  await expect(source).toContainText(`KPI template ‘${TITLE}’: its RFM weights and its 9 segments.`, { timeout: 60_000 });
  await expect(source).toContainText("Recency 80%, Frequency 10%, Monetary 10%");
  await searchBox(page).fill(customer.id);
  const scored = row(customerTable(page), customer.id).getByRole("cell");
  const weighted = (0.8 * customer.r + 0.1 * customer.f + 0.1 * customer.m).toFixed(2);
  await expect(scored.nth(6)).toHaveText(weighted);
  expect(weighted).not.toBe(customer.score);
  // The same R, F and M scores: only their weights changed.
  await expect(scored.nth(3)).toHaveText(String(customer.r));
  await expect(scored.nth(4)).toHaveText(String(customer.f));
  await expect(scored.nth(5)).toHaveText(String(customer.m));
});

test("a user without KPI access gets equal weights, and is told why", async ({ page }) => {
  await signInQuickly(page, NO_KPI);
  await page.goto(`/crm?${MONTH}&kpi=${encodeURIComponent(TITLE)}`);
  await expect(page.getByRole("region", { name: "Weights and segments" })).toContainText(
    "Your account has no access to KPI templates: equal weights and the default segments.",
  );
  await expect(segmentTable(page).getByRole("rowheader")).toHaveText([...DEFAULT_SEGMENTS, "Unassigned"]);
});

test("a user without the CRM permission (8) cannot open /crm", async ({ page }) => {
  await signInQuickly(page, LIMITED);
  await page.goto(`/crm?${MONTH}`);
  await expect(page).toHaveURL("/errorPermission");
  await expect(page.getByRole("heading", { name: "You do not have permission to open this page" })).toBeVisible();
});
