/**
 * Thai and the Buddhist Era in the real app (issue 18): a user picks Thai and BE in the Account
 * dialog; the side menu, the top bar's range, a chart's date axis and a CSV export follow; the
 * choice outlasts a reload and a new sign-in (it is kept on the server); the URL keeps ISO
 * Gregorian days, so the same link opens the same range for a user who reads English and CE.
 */
import { readFileSync } from "node:fs";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { trackPageProblems } from "./models/pageProblems";
import { signInQuickly, signInWithForm } from "./support/session";
import { DEMO, LOCALE_USER } from "./support/users";

trackPageProblems(test);

const catalogue = (language: "en" | "th", ns: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${language}/${ns}.json`, import.meta.url), "utf8")) as Record<string, string>;
const thCommon = catalogue("th", "common");
const thSale = catalogue("th", "sale");
const th = (key: string): string => {
  const value = thCommon[key] ?? thSale[key];
  if (value === undefined) throw new Error(`no Thai message ${key}`);
  return value;
};

/** February 2025 on Tipco's Sale page: 2568 in the Buddhist Era. */
const SHARED_URL = "/sale?brand=Tipco&start=2025-02-01&end=2025-02-28";

async function putBackEnglish(browser: Browser): Promise<void> {
  const context = await browser.newContext();
  const login = await context.request.post("/auth/login-user", { data: { email: LOCALE_USER.email, password: LOCALE_USER.password } });
  const token = (await login.json()).user.Tokens.access_token as string;
  await context.request.post("/user/update-locale", { data: { language: "en", calendar: "gregorian" }, headers: { authorization: `Bearer ${token}` } });
  await context.close();
}

test.afterAll(async ({ browser }) => putBackEnglish(browser));

async function chooseThaiAndBuddhist(page: Page): Promise<void> {
  await page.getByRole("complementary", { name: "Side menu" }).getByRole("button", { name: "Account" }).click();
  const account = page.getByRole("dialog", { name: "Account Detail" });
  await account.getByRole("combobox", { name: "Language" }).selectOption("th");
  // The app re-renders in Thai; the dialog stays open.
  const thaiAccount = page.getByRole("dialog", { name: th("common.account.title") });
  await expect(thaiAccount).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "th");
  await thaiAccount.getByRole("combobox", { name: th("common.locale.calendar") }).selectOption("buddhist");
  await expect(page.getByRole("dialog", { name: th("common.account.title") }).getByRole("combobox", { name: th("common.locale.calendar") })).toHaveValue("buddhist");
  await page.getByRole("dialog", { name: th("common.account.title") }).getByRole("button", { name: th("common.action.close") }).first().click();
}

test("a user reads the dashboard in Thai and the Buddhist Era; a shared link opens the same range in English and CE", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.goto("/");
  await signInWithForm(page, LOCALE_USER);
  await expect(page.getByRole("heading", { level: 1, name: "Brand Experience" })).toBeVisible();
  await page.goto(SHARED_URL);
  await expect(page.getByRole("heading", { level: 1, name: "Sale" })).toBeVisible();

  await chooseThaiAndBuddhist(page);

  // Side menu and top bar.
  const menu = page.getByRole("complementary", { name: th("common.shell.sideMenu") });
  await expect(menu.getByText(th("common.menu.brandEx"))).toBeVisible();
  await expect(menu.getByText(th("common.menu.kol"))).toBeVisible();
  await expect(page.getByRole("banner").getByRole("button", { name: /2568-02-01 - 2568-02-28/ })).toBeVisible();
  // The URL keeps ISO Gregorian days.
  expect(new URL(page.url()).searchParams.get("start")).toBe("2025-02-01");

  // A chart's date axis: Thai month names.
  const daily = page.getByRole("region", { name: th("sale.chart.daily.title") });
  // A chart draws once it comes near the viewport (issue 19): scroll to it, as a reader does.
  await daily.getByRole("img").first().scrollIntoViewIfNeeded({ timeout: 30_000 });
  await expect(daily.locator(".xtick text").first()).toBeVisible({ timeout: 30_000 });
  await expect(daily.locator(".xtick text").first()).toHaveText(/ก\.พ\./);

  // Its CSV: days in BE, the header says so.
  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    daily.getByRole("button", { name: th("common.export.downloadCsv").replace("{title}", th("sale.chart.daily.title")) }).click(),
  ]);
  const text = (await (await csv.createReadStream()).toArray()).map(String).join("");
  const [header, first] = text.replace(/^\uFEFF/, "").split("\r\n");
  expect(header?.split(",")[0]).toBe(`${th("sale.chart.daily.rowHeader")} (พ.ศ.)`);
  expect(first?.startsWith("2568-02-01,")).toBe(true);

  // The choice stays: after a reload, and in a new sign-in elsewhere (kept on the server).
  await page.reload();
  await expect(page.getByRole("complementary", { name: th("common.shell.sideMenu") })).toBeVisible();
  const elsewhere = await browser.newContext();
  const second = await elsewhere.newPage();
  await second.goto("/");
  await signInWithForm(second, LOCALE_USER);
  await expect(second.getByRole("complementary", { name: th("common.shell.sideMenu") })).toBeVisible();
  await elsewhere.close();

  // The same link for a user in English and the Gregorian calendar: the same range, in CE.
  const english = await browser.newContext();
  const other = await english.newPage();
  await signInQuickly(other, DEMO);
  await other.goto(SHARED_URL);
  await expect(other.getByRole("heading", { level: 1, name: "Sale" })).toBeVisible();
  await expect(other.getByRole("complementary", { name: "Side menu" }).getByText("Brand Experience")).toBeVisible();
  await expect(other.getByRole("banner").getByRole("button", { name: /2025-02-01 - 2025-02-28/ })).toBeVisible();
  await expect(other.getByText("2568-02-01")).toHaveCount(0);
  await english.close();
});
