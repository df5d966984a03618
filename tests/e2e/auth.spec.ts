import { expect, test, type Page, type Response } from "@playwright/test";

const DEMO = { email: "demo@example.com", password: "demo1234", name: "Demo User" };
// The web server runs with ACCESS_TOKEN_TTL=6: tokens are refreshed at 80 % of that, 4.8 s.
const ACCESS_TOKEN_TTL_MS = 6_000;

async function signIn(page: Page, password = DEMO.password) {
  await page.getByLabel("Email").fill(DEMO.email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

async function expectBrandExperience(page: Page) {
  await expect(page.getByRole("heading", { name: "Brand Experience" })).toBeVisible();
  await expect(page.getByText(`Signed in as ${DEMO.name}`)).toBeVisible();
}

const pageProblems = new WeakMap<Page, string[]>();

// Every test: no script errors, and nothing fetched from another origin (no CDN fonts).
test.beforeEach(async ({ page, baseURL }) => {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("request", (request) => {
    if (!request.url().startsWith(`${baseURL}/`) && !request.url().startsWith("data:")) problems.push(`external request: ${request.url()}`);
  });
  page.on("console", (message) => {
    // Chromium logs every refused call (e.g. 401 on a wrong password) as a console error.
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) problems.push(`console: ${message.text()}`);
  });
  pageProblems.set(page, problems);
});

test.afterEach(async ({ page }) => {
  expect(pageProblems.get(page) ?? []).toEqual([]);
});

const isCall = (method: string, path: string) => (response: Response) =>
  new URL(response.url()).pathname === path && response.request().method() === method;

test("signs in, stays signed in across reloads and token refreshes, and signs out", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  const refreshed = page.waitForResponse(isCall("POST", "/auth/refresh-token"), { timeout: ACCESS_TOKEN_TTL_MS + 5_000 });
  await signIn(page);

  await expect(page).toHaveURL("/brandEx");
  await expectBrandExperience(page);
  const signedInAt = Date.now();

  await page.reload();
  await expectBrandExperience(page);

  expect((await refreshed).status()).toBe(200);

  // Past the first access token's lifetime: only a refreshed token can still load the user.
  await page.waitForTimeout(Math.max(0, signedInAt + ACCESS_TOKEN_TTL_MS + 3_000 - Date.now()));
  const userLoaded = page.waitForResponse(isCall("GET", "/user/getdata"));
  await page.reload();
  expect((await userLoaded).status()).toBe(200);
  await expectBrandExperience(page);

  await page.goto("/");
  await expect(page).toHaveURL("/brandEx");

  await page.getByRole("link", { name: "Logout" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();

  await page.goto("/brandEx");
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
});

test("returns to the page asked for after signing in", async ({ page }) => {
  await page.goto("/brandEx?x=1");
  await expect(page).toHaveURL("/");
  await signIn(page);
  await expect(page).toHaveURL("/brandEx?x=1");
  await expectBrandExperience(page);
});

test("shows why signing in failed", async ({ page }) => {
  await page.goto("/");
  await signIn(page, "not-the-password");
  await expect(page.getByRole("alert")).toHaveText(/incorrect/i);
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
});

test("asks to sign in again when the session cannot be refreshed, then returns to the page", async ({ page }) => {
  await page.goto("/brandEx?tab=2");
  await signIn(page);
  await expectBrandExperience(page);

  // A stored session whose access token has expired and whose refresh token the server refuses.
  await page.evaluate(() => {
    const key = "brand-dashboard.session";
    const session = JSON.parse(localStorage.getItem(key) ?? "null");
    session.tokens.refresh_token = "revoked";
    session.expiresAt = Date.now() - 1_000;
    localStorage.setItem(key, JSON.stringify(session));
  });
  await page.reload();

  await expect(page).toHaveURL("/");
  await expect(page.getByRole("alert")).toHaveText("Your session has ended. Please sign in again.");
  await signIn(page);
  await expect(page).toHaveURL("/brandEx?tab=2");
  await expectBrandExperience(page);
});

test("accepts tokens handed over in the /login fragment", async ({ page, request }) => {
  const login = await request.post("/auth/login-user", { data: { email: DEMO.email, password: DEMO.password } });
  expect(login.status()).toBe(200);
  const { access_token, refresh_token, expires_in } = (await login.json()).user.Tokens;
  const fragment = new URLSearchParams({ access_token, refresh_token, expires_in: String(expires_in) });

  await page.goto(`/login#${fragment}`);
  await expect(page).toHaveURL("/brandEx");
  await expectBrandExperience(page);
});

test("says so when a /login link carries no tokens", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("alert")).toHaveText("This sign-in link is incomplete or has expired.");
  await expect(page.getByRole("link", { name: "Sign in with email" })).toBeVisible();
});

test("shows a 404 page for an unknown path", async ({ page }) => {
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { name: "404 Not Found" })).toBeVisible();
  await expect(page.getByText("This page could not be found")).toBeVisible();
  await expect(page.getByRole("link", { name: "Home page" })).toBeVisible();
});
