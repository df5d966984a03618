/**
 * Signing in for specs that are not about signing in: tokens from the API, put where the app
 * keeps its session before the first page script runs. Seeded once per tab, so a reload keeps
 * the tokens the app has rotated since (re-seeding the first ones would replay a used refresh
 * token, which revokes the session).
 */
import { expect, type Page } from "@playwright/test";
import type { E2eUser } from "./users";

export async function signInQuickly(page: Page, user: E2eUser): Promise<void> {
  const login = await page.request.post("/auth/login-user", { data: { email: user.email, password: user.password } });
  expect(login.status()).toBe(200);
  const { Tokens } = (await login.json()).user;
  await page.addInitScript((tokens) => {
    if (sessionStorage.getItem("e2e.seeded") !== null) return;
    sessionStorage.setItem("e2e.seeded", "1");
    const now = Date.now();
    localStorage.setItem(
      "brand-dashboard.session",
      JSON.stringify({ tokens, receivedAt: now, expiresAt: now + tokens.expires_in * 1000 }),
    );
  }, Tokens);
}

/** Signs in through the form on the sign-in page (already open). */
export async function signInWithForm(page: Page, user: E2eUser): Promise<void> {
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}
