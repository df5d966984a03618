import { expect, test, type Locator, type Page, type Response } from "@playwright/test";
import { signInQuickly, signInWithForm } from "./support/session";
import { DEMO, LIMITED, NO_KPI } from "./support/users";

const MODULES = ["Brand Experience", "CIR", "Facebook MA", "Admin", "Ads & Automation", "KOL Campaign", "E-Commerce", "CRM", "Affiliate"];

const pageProblems = new WeakMap<Page, string[]>();
const expectedConsoleErrors = new WeakMap<Page, RegExp[]>();

/** A console error this test provokes on purpose. */
function expectConsoleError(page: Page, pattern: RegExp) {
  expectedConsoleErrors.set(page, [...(expectedConsoleErrors.get(page) ?? []), pattern]);
}

// Every test: no script errors and no request to another origin (fonts are self-hosted).
test.beforeEach(async ({ page, baseURL }) => {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("request", (request) => {
    if (!request.url().startsWith(`${baseURL}/`) && !request.url().startsWith("data:")) problems.push(`external request: ${request.url()}`);
  });
  page.on("console", (message) => {
    // Chromium logs every refused call (a 401 before a refresh, a 404 page) as a console error.
    const expected = (expectedConsoleErrors.get(page) ?? []).some((pattern) => pattern.test(message.text()));
    if (message.type() === "error" && !expected && !message.text().startsWith("Failed to load resource")) {
      problems.push(`console: ${message.text()}`);
    }
  });
  pageProblems.set(page, problems);
});

test.afterEach(async ({ page }) => {
  expect(pageProblems.get(page) ?? []).toEqual([]);
});

const isCall = (method: string, path: string) => (response: Response) =>
  new URL(response.url()).pathname === path && response.request().method() === method;

const menu = (page: Page) => page.getByRole("navigation", { name: "Modules" });
const topBar = (page: Page) => page.getByRole("banner");
// The top bar's, first in the page: /formAC has a Brand and a Channel field of its own.
const brandSelect = (page: Page) => page.getByRole("combobox", { name: "Brand", exact: true }).first();
const channelSelect = (page: Page) => page.getByRole("combobox", { name: "Channel", exact: true }).first();
const dateRange = (page: Page) => topBar(page).getByRole("button", { name: /^Date range/ });

async function expectMenuItem(item: Locator, enabled: boolean) {
  await expect(item).toBeVisible();
  if (enabled) await expect(item).toHaveAttribute("href", /^\//);
  else {
    await expect(item).toHaveAttribute("aria-disabled", "true");
    await expect(item).not.toHaveAttribute("href");
  }
}

test.describe("side menu", () => {
  test("enables only the modules of the user's permissions (1, 2, 9)", async ({ page }) => {
    await signInQuickly(page, LIMITED);
    await page.goto("/brandEx");
    // Limited's only brand is Aura, which calls the Facebook MA module "MA".
    const labels = MODULES.map((label) => (label === "Facebook MA" ? "MA" : label));
    for (const label of labels) {
      await expectMenuItem(menu(page).getByRole("link", { name: label, exact: true }), label === "Brand Experience" || label === "CIR");
    }
    await expect(page.getByRole("button", { name: "Account" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Logout" })).toBeVisible();

    await menu(page).getByRole("link", { name: "CIR", exact: true }).click();
    await expect(page).toHaveURL(/\/cir/);
    await expect(page.getByRole("heading", { level: 1, name: "CIR" })).toBeVisible();
  });

  test("enables every module for a user with permissions 1-9, and labels MA by brand", async ({ page }) => {
    await signInQuickly(page, DEMO);
    await page.goto("/brandEx?brand=Tipco");
    for (const label of MODULES) await expectMenuItem(menu(page).getByRole("link", { name: label, exact: true }), true);

    await brandSelect(page).selectOption("Aura");
    await expect(menu(page).getByRole("link", { name: "MA", exact: true })).toBeVisible();
    await expect(menu(page).getByRole("link", { name: "Facebook MA" })).toHaveCount(0);
    await menu(page).getByRole("link", { name: "MA", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "MA" })).toBeVisible();

    await brandSelect(page).selectOption("Tipco");
    await expect(menu(page).getByRole("link", { name: "Facebook MA", exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Facebook MA" })).toBeVisible();
  });

  test("sends a user without the module's permission to the permission page, with a way home", async ({ page }) => {
    await signInQuickly(page, LIMITED);
    await page.goto("/ma");
    await expect(page).toHaveURL("/errorPermission");
    await expect(page.getByRole("heading", { name: "You do not have permission to open this page" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Modules" })).toHaveCount(0);
    await page.getByRole("link", { name: "Home page" }).click();
    await expect(page).toHaveURL("/brandEx");
  });
});

test.describe("top bar", () => {
  // [path, Clear Filter shown with permission 9, KPI shown with permission 9, date picker shown]
  const ROUTES: ReadonlyArray<[string, boolean, boolean, boolean]> = [
    ["/brandEx", false, true, true],
    ["/cir", true, true, true],
    ["/cir/7", true, true, true],
    ["/ma", false, true, true],
    ["/ads", true, true, true],
    ["/admin", false, true, true],
    ["/campaign", false, false, true],
    ["/e-commerce", true, false, true],
    ["/crm", true, false, true],
    ["/affiliate", false, true, true],
    ["/o2o", false, false, false],
    ["/report", false, true, true],
    ["/sale", false, true, true],
    ["/formAC", false, true, true],
  ];

  async function expectTopBar(page: Page, clear: boolean, kpi: boolean, date: boolean) {
    await expect(brandSelect(page)).toBeVisible();
    await expect(channelSelect(page)).toBeVisible();
    await expect(topBar(page).getByRole("button", { name: "Filter", exact: true })).toBeVisible();
    await expect(topBar(page).getByRole("button", { name: "Clear Filter" })).toHaveCount(clear ? 1 : 0);
    await expect(topBar(page).getByRole("button", { name: "KPI", exact: true })).toHaveCount(kpi ? 1 : 0);
    await expect(dateRange(page)).toHaveCount(date ? 1 : 0);
  }

  test("shows Clear Filter, KPI and the date picker per route with permission 9", async ({ page }) => {
    await signInQuickly(page, DEMO);
    for (const [path, clear, kpi, date] of ROUTES) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await test.step(path, () => expectTopBar(page, clear, kpi, date));
    }
  });

  test("never shows Clear Filter or KPI without permission 9", async ({ page }) => {
    await signInQuickly(page, NO_KPI);
    for (const [path, , , date] of ROUTES) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await test.step(path, () => expectTopBar(page, false, false, date));
    }
  });

  test("offers the user's brands and the channels of the account template, without the last on /ma", async ({ page }) => {
    await signInQuickly(page, DEMO);
    await page.goto("/brandEx");
    await expect(brandSelect(page).getByRole("option")).toHaveText(["Aura", "Aura Move", "Tipco"]);
    await expect(channelSelect(page).getByRole("option")).toHaveText(["All Channel", "Facebook", "TikTok"]);
    await page.goto("/ma");
    await expect(channelSelect(page).getByRole("option")).toHaveText(["All Channel", "Facebook"]);
  });

  test("Clear Filter drops the page's filters and the active template from the view", async ({ page }) => {
    await signInQuickly(page, DEMO);
    await page.goto('/cir?brand=Tipco&tpl=Q1&pages=["p1"]&bags=["b1"]');
    await topBar(page).getByRole("button", { name: "Clear Filter" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/cir" && url.searchParams.get("brand") === "Tipco" && !["tpl", "pages", "bags"].some((k) => url.searchParams.has(k)));
  });

  test("the KPI button opens the KPI Setting drawer, which keeps focus inside and closes on Escape", async ({ page }) => {
    await signInQuickly(page, DEMO);
    await page.goto("/brandEx");
    const kpi = topBar(page).getByRole("button", { name: "KPI", exact: true });
    await kpi.click();
    const drawer = page.getByRole("dialog", { name: "KPI Setting" });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("heading", { name: "KPI Setting" })).toBeVisible();
    await expect(drawer.getByRole("button", { name: "+ Create KPI" })).toBeEnabled();
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press("Tab");
      await expect(drawer.locator(":focus")).toHaveCount(1);
    }
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(kpi).toBeFocused();
  });
});

test.describe("the applied view", () => {
  test("survives a reload: brand, channel and date range", async ({ page }) => {
    await signInQuickly(page, DEMO);
    await page.goto("/brandEx");
    await brandSelect(page).selectOption("Aura Move");
    await channelSelect(page).selectOption("TikTok");
    await dateRange(page).click();
    await page.getByRole("dialog", { name: "Choose a date range" }).getByRole("button", { name: "Last month" }).click();
    await expect(page).toHaveURL(/start=\d{4}-\d{2}-\d{2}/);
    const label = await dateRange(page).getAttribute("aria-label");
    expect(label).not.toBe("Date range 2024-01-01 - 2024-03-30");

    await page.reload();
    await expect(brandSelect(page)).toHaveValue("Aura Move");
    await expect(channelSelect(page)).toHaveValue("TikTok");
    await expect(dateRange(page)).toHaveAttribute("aria-label", label!);

    // Brand and channel are also remembered without the URL (spec §4).
    await page.goto("/cir");
    await expect(brandSelect(page)).toHaveValue("Aura Move");
    await expect(channelSelect(page)).toHaveValue("TikTok");
  });

  test("picks a range on the calendar by keyboard and applies it to the URL", async ({ page }) => {
    await signInQuickly(page, DEMO);
    await page.goto("/brandEx?start=2024-02-01&end=2024-02-29");
    await expect(dateRange(page)).toHaveAttribute("aria-label", "Date range 2024-02-01 - 2024-02-29");
    await dateRange(page).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Choose a date range" });
    await expect(dialog).toBeVisible();
    await dialog.getByText("10", { exact: true }).click();
    await dialog.getByText("20", { exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/start=2024-02-10&end=2024-02-20/);
    await expect(dateRange(page)).toBeFocused();

    await dateRange(page).press("Enter");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/start=2024-02-10&end=2024-02-20/);
  });

  test("reloads the page's data exactly once per change of brand, channel or range", async ({ page }) => {
    await signInQuickly(page, DEMO);
    let loads = 0;
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/user/filter-page") loads += 1;
    });
    await page.goto("/brandEx?brand=Tipco");
    await expect(page.getByText("Pages in view", { exact: true })).toBeVisible();
    await expect.poll(() => loads).toBe(1);

    await brandSelect(page).selectOption("Aura");
    await expect(page.getByLabel("Applied view")).toContainText("Aura");
    await page.waitForTimeout(300);
    expect(loads).toBe(2);

    await channelSelect(page).selectOption("Facebook");
    await page.waitForTimeout(300);
    expect(loads).toBe(3);

    await dateRange(page).click();
    await page.getByRole("button", { name: "Yesterday" }).click();
    await page.waitForTimeout(300);
    expect(loads).toBe(4);

    // Back undoes the range: one more load, for the previous view.
    await page.goBack();
    await page.waitForTimeout(300);
    expect(loads).toBe(5);
  });

  test("shows the loading bar only for a load slower than 200 ms", async ({ page }) => {
    await signInQuickly(page, DEMO);
    // The page's clock is Playwright's: below it stands still, and only the time the test lets
    // pass counts toward the 200 ms throttle. How slow a busy machine makes the calls, the
    // renders or Playwright's own routing must not decide whether the bar shows.
    await page.clock.install();
    // The page's calls (its data, and the other modules' lines: metrics summary, E-Commerce
    // figures, o2o) answer with the server's own answers, recorded on their first call and given
    // again after; while `held` is set they wait for it.
    let held: Promise<void> | null = null;
    let inFlight = 0;
    const recorded = new Map<string, { status: number; headers: Record<string, string>; body: string }>();
    await page.route(/\/(user\/(filter-page|social-figures|social-posts|commerce-figures|metrics-summary)|api\/o2o\/get-data)(\?|$)/, async (route) => {
      inFlight += 1;
      try {
        const key = `${route.request().url()} ${route.request().postData() ?? ""}`;
        let answer = recorded.get(key);
        if (answer === undefined) {
          const res = await route.fetch();
          answer = { status: res.status(), headers: res.headers(), body: await res.text() };
          if (answer.status === 200) recorded.set(key, answer);
        }
        if (held !== null) await held;
        await route.fulfill(answer);
      } finally {
        inFlight -= 1;
      }
    });
    await page.goto("/brandEx?brand=Tipco");
    await expect(page.getByLabel("Applied view")).toContainText("Tipco");
    await expect(page.getByRole("region", { name: "From the other modules" })).toContainText("GMV", { timeout: 30_000 });
    // Aura once, to record its answers, then back to Tipco.
    await brandSelect(page).selectOption("Aura");
    await expect(page.getByLabel("Applied view")).toContainText("Aura");
    await expect(page.getByRole("region", { name: "Social overview" })).toContainText("compared with");
    await expect(page.getByRole("region", { name: "From the other modules" })).toContainText("GMV", { timeout: 30_000 });
    await brandSelect(page).selectOption("Tipco");
    await expect(page.getByLabel("Applied view")).toContainText("Tipco");
    await expect(page.getByRole("progressbar", { name: "Loading page data" })).toHaveCount(0);
    await page.evaluate(() => {
      const w = window as unknown as { bars: number };
      w.bars = 0;
      new MutationObserver(() => {
        if (document.querySelector('[role="progressbar"]') !== null) w.bars += 1;
      }).observe(document.body, { childList: true, subtree: true });
    });
    const bars = () => page.evaluate(() => (window as unknown as { bars: number }).bars);
    // From here the page's clock stands still.
    await page.clock.pauseAt(Date.now() + 1_000);

    // A load that settles before 200 ms have passed shows no bar, neither then nor later.
    await brandSelect(page).selectOption("Aura");
    await expect(page.getByLabel("Applied view")).toContainText("Aura");
    await expect(page.getByRole("region", { name: "From the other modules" })).toContainText("GMV");
    await expect.poll(() => inFlight).toBe(0);
    await page.waitForTimeout(300);
    await expect.poll(() => inFlight).toBe(0);
    // Its answers are in: the throttle's timer went with it.
    await page.clock.runFor(600);
    expect(await bars()).toBe(0);

    // A load still running at 200 ms shows the bar then, not before, until it settles.
    let release = () => {};
    held = new Promise<void>((resolve) => { release = resolve; });
    const asked = page.waitForRequest((request) => new URL(request.url()).pathname === "/user/social-figures");
    await brandSelect(page).selectOption("Aura Move");
    await asked;
    await page.clock.runFor(190);
    expect(await bars()).toBe(0);
    await page.clock.runFor(20);
    await expect(page.getByRole("progressbar", { name: "Loading page data" })).toBeVisible();
    release();
    await expect(page.getByRole("progressbar", { name: "Loading page data" })).toBeHidden();
    await expect(page.getByLabel("Applied view")).toContainText("Aura Move");
  });
});

test.describe("sign-in and session", () => {
  test("a deep link to a protected page comes back after signing in, with its view", async ({ page }) => {
    await page.goto("/cir/42?brand=Aura%20Move&ch=TikTok");
    await expect(page).toHaveURL("/");
    await signInWithForm(page, DEMO);
    await expect(page).toHaveURL(
      (url) => url.pathname === "/cir/42" && url.searchParams.get("brand") === "Aura Move" && url.searchParams.get("ch") === "TikTok",
    );
    // There is no report 42: the page says so under its heading, in the view of the link.
    await expect(page.getByRole("heading", { level: 1, name: "Report not available" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("No report 42 that you may read.");
    await expect(brandSelect(page)).toHaveValue("Aura Move");
    await expect(channelSelect(page)).toHaveValue("TikTok");
  });

  test("a call refused because the access token expired refreshes the token once and succeeds", async ({ page }) => {
    await signInQuickly(page, DEMO);
    // The browser's clock stops, so the app's scheduled refresh never fires; the server's does
    // not, so the access token (ACCESS_TOKEN_TTL=6) really expires.
    await page.clock.install();
    await page.goto("/brandEx?brand=Tipco");
    await expect(page.getByText("Pages in view", { exact: true })).toBeVisible();
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.waitForTimeout(7_500);

    const statuses: number[] = [];
    page.on("response", (response) => {
      if (isCall("POST", "/user/filter-page")(response)) statuses.push(response.status());
    });
    const refreshed = page.waitForResponse(isCall("POST", "/auth/refresh-token"));
    await brandSelect(page).selectOption("Aura");
    expect((await refreshed).status()).toBe(200);
    await expect.poll(() => statuses).toEqual([401, 200]);
    await expect(page.getByLabel("Applied view")).toContainText("Aura");
    await expect(page.getByRole("alert")).toHaveCount(0);
  });

  test("a reload whose stored access token the server refuses renews it instead of signing out", async ({ page }) => {
    await signInQuickly(page, DEMO);
    await page.goto("/brandEx?brand=Tipco");
    await expect(page.getByText("Pages in view", { exact: true })).toBeVisible();
    // The token the app holds as fresh is one the server refuses, as near the end of its life (the
    // server counts whole seconds from signing it) or after the server's signing key changed.
    await page.evaluate(() => {
      const key = "brand-dashboard.session";
      const session = JSON.parse(localStorage.getItem(key) ?? "null") as { tokens: { access_token: string }; expiresAt: number };
      const [header, payload] = session.tokens.access_token.split(".");
      session.tokens.access_token = `${header}.${payload}.not-the-server-signature`;
      session.expiresAt = Date.now() + 3_600_000;
      localStorage.setItem(key, JSON.stringify(session));
    });
    const refreshed = page.waitForResponse(isCall("POST", "/auth/refresh-token"), { timeout: 10_000 });
    await page.reload();
    expect((await refreshed).status()).toBe(200);
    await expect(page.getByText("Pages in view", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Sign in" })).toHaveCount(0);
    await expect(brandSelect(page)).toHaveValue("Tipco");
  });
});

test.describe("error pages", () => {
  test("an unknown path shows the 404 page with a link home", async ({ page }) => {
    await signInQuickly(page, DEMO);
    await page.goto("/brandEx/nothing-here");
    await expect(page.getByRole("heading", { name: "404 Not Found" })).toBeVisible();
    await expect(page.getByText("This page could not be found")).toBeVisible();
    await page.getByRole("link", { name: "Home page" }).click();
    await expect(page).toHaveURL("/brandEx");
  });

  test("a page whose code fails to load reloads once, then shows the error page", async ({ page }) => {
    await signInQuickly(page, DEMO);
    // React reports the error the route's error boundary caught.
    expectConsoleError(page, /^ChunkLoadFailedError/);
    await page.goto("/brandEx");
    await expect(page.getByRole("heading", { level: 1, name: "Brand Experience" })).toBeVisible();
    await page.route(/\/assets\/CirPage-[^/]*\.js$/, (route) => route.abort());
    let documents = 0;
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents += 1;
    });

    await menu(page).getByRole("link", { name: "CIR", exact: true }).click();
    await expect(page.getByRole("heading", { name: "An error occurred" })).toBeVisible();
    expect(documents).toBe(1);
    await expect(page).toHaveURL("/cir");

    await page.unroute(/\/assets\/CirPage-[^/]*\.js$/);
    await page.getByRole("link", { name: "Home page" }).click();
    await expect(page).toHaveURL("/brandEx");
  });
});

for (const width of [1440, 1024, 390]) {
  test(`fits a ${width} px wide window without sideways scrolling`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signInQuickly(page, DEMO);
    await page.goto("/cir");
    await expect(page.getByRole("heading", { level: 1, name: "CIR" })).toBeVisible();
    // On a phone the top bar's controls fold behind "View options" (issue 12).
    if (width <= 600) await page.getByRole("button", { name: "View options" }).click();
    await expect(brandSelect(page)).toBeVisible();
    await expect(dateRange(page)).toBeVisible();
    // The side menu is part of the page down to tablet width, an overlay below.
    await expect(menu(page)).toBeVisible({ visible: width > 768 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  });
}

test.describe("narrow screens", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the side menu hides behind a Menu button", async ({ page }) => {
    await signInQuickly(page, DEMO);
    await page.goto("/brandEx");
    const toggle = page.getByRole("button", { name: "Menu" });
    await expect(menu(page)).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await menu(page).getByRole("link", { name: "CIR", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "CIR" })).toBeVisible();
    await expect(menu(page)).toBeHidden();

    await toggle.click();
    await expect(menu(page)).toBeVisible();
    await expect(menu(page).getByRole("link", { name: "Brand Experience" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu(page)).toBeHidden();
    await expect(toggle).toBeFocused();
  });
});
