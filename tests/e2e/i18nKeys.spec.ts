/**
 * Every module page shows its words, never a catalogue key (issue 19): a page loads only the
 * English messages of the namespaces its code uses (docs/i18n.md), so each page is opened afresh,
 * in English and in Thai, and its text, labels and titles are searched for the keys of every
 * namespace.
 */
import { readdirSync, readFileSync } from "node:fs";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { trackPageProblems } from "./models/pageProblems";
import { signInQuickly } from "./support/session";
import { DEMO, LOCALE_USER, type E2eUser } from "./support/users";

trackPageProblems(test);

const LOCALES = new URL("../../src/i18n/locales/", import.meta.url);
const catalogue = (language: "en" | "th", ns: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`${language}/${ns}.json`, LOCALES), "utf8")) as Record<string, string>;
const NAMESPACES = readdirSync(new URL("en/", LOCALES)).filter((f) => f.endsWith(".json")).map((f) => f.slice(0, -".json".length));
const KEYS = new Set(NAMESPACES.flatMap((ns) => Object.keys(catalogue("en", ns))));
const ROUTES = ["/brandEx", "/ma", "/ads", "/campaign", "/e-commerce", "/crm", "/affiliate", "/o2o", "/sale", "/report", "/cir", "/admin", "/formAC"];

async function setLocale(browser: Browser, user: E2eUser, language: "en" | "th"): Promise<void> {
  const context = await browser.newContext();
  const login = await context.request.post("/auth/login-user", { data: { email: user.email, password: user.password } });
  const token = (await login.json()).user.Tokens.access_token as string;
  const calendar = language === "th" ? "buddhist" : "gregorian";
  const answer = await context.request.post("/user/update-locale", { data: { language, calendar }, headers: { authorization: `Bearer ${token}` } });
  expect(answer.ok()).toBe(true);
  await context.close();
}

/** The keys the page shows: in its text, or in a label, title or placeholder. */
async function keysShown(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => [
    document.body.innerText,
    ...[...document.querySelectorAll("[aria-label], [title], [placeholder], [alt]")].flatMap((el) =>
      ["aria-label", "title", "placeholder", "alt"].map((name) => el.getAttribute(name) ?? "")),
  ]);
  return [...new Set(texts.join("\n").match(/[A-Za-z]+(?:\.[A-Za-z0-9_]+)+/g) ?? [])].filter((word) => KEYS.has(word));
}

test("every module page opened afresh in English shows no catalogue key", async ({ page }) => {
  test.setTimeout(240_000);
  await signInQuickly(page, DEMO);
  for (const route of ROUTES) {
    await page.goto(route);
    await expect(page.getByRole("heading", { level: 1 }).first(), route).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState("networkidle");
    expect(await keysShown(page), `keys shown on ${route}`).toEqual([]);
  }
});

test.describe("in Thai", () => {
  test.afterAll(async ({ browser }) => setLocale(browser, LOCALE_USER, "en"));

  test("every module page opened afresh shows Thai from its first render, and no catalogue key", async ({ page, browser }) => {
    test.setTimeout(240_000);
    await setLocale(browser, LOCALE_USER, "th");
    await signInQuickly(page, LOCALE_USER);
    // Every heading the page ever shows, from the first render on.
    await page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { headingsSeen: string[] }).headingsSeen = []);
      new MutationObserver(() => {
        for (const h of document.querySelectorAll("h1")) if (!seen.includes(h.textContent ?? "")) seen.push(h.textContent ?? "");
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    const titles = (ns: string) => [catalogue("th", ns)[`${ns}.title`]!, catalogue("en", ns)[`${ns}.title`]!] as const;
    const thTitle: Record<string, readonly [string, string]> = { "/ads": titles("ads"), "/sale": titles("sale") };
    for (const route of ROUTES) {
      await page.goto(route);
      const h1 = page.getByRole("heading", { level: 1 }).first();
      await expect(h1, route).toBeVisible({ timeout: 30_000 });
      const title = thTitle[route];
      if (title !== undefined) {
        await expect(h1, route).toHaveText(title[0]);
        // Never the English title first: the route awaits the Thai messages before it renders.
        expect(await page.evaluate(() => (window as unknown as { headingsSeen: string[] }).headingsSeen), route).not.toContain(title[1]);
      }
      await page.waitForLoadState("networkidle");
      expect(await keysShown(page), `keys shown on ${route}`).toEqual([]);
    }
    await expect(page.locator("html")).toHaveAttribute("lang", "th");
  });
});
