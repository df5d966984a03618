/**
 * The social overview of the start page (issue 14): the demo brand's audience, reach and
 * engagement for the range, each figure as the API gives it with its change and definition, the
 * top posts with a link to each, and a new range changing all of it.
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { trackPageProblems } from "./models/pageProblems";
import { signInQuickly } from "./support/session";
import { DEMO } from "./support/users";

trackPageProblems(test);

const count = (n: number) => new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 }).format(n);

async function socialFigures(request: APIRequestContext, start: string, end: string) {
  const login = await request.post("/auth/login-user", { data: { email: DEMO.email, password: DEMO.password } });
  const token = (await login.json()).user.Tokens.access_token as string;
  const res = await request.post("/user/social-figures", {
    headers: { Authorization: `Bearer ${token}` },
    data: { brand: "Tipco", start, end, channel: "All Channel" },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).data as { totals: { followers: number; reach: number; posts: number; engagements: number } };
}

const figures = (page: Page) => page.getByLabel("Social figures");
const card = (page: Page, label: string) => figures(page).locator(".figure-card").filter({ has: page.getByRole("term").filter({ hasText: new RegExp(`^${label}$`) }) });

test("the start page shows the demo brand's social overview, and a new range changes it", async ({ page, request }) => {
  await signInQuickly(page, DEMO);
  const march = await socialFigures(request, "2024-03-01", "2024-03-31");
  await page.goto("/brandEx?brand=Tipco&start=2024-03-01&end=2024-03-31");
  const overview = page.getByRole("region", { name: "Social overview" });
  await expect(overview).toContainText("compared with 2024-01-30 to 2024-02-29");
  await expect(card(page, "Followers")).toContainText(count(march.totals.followers));
  await expect(card(page, "Post reach")).toContainText(count(march.totals.reach));
  await expect(card(page, "Posts")).toContainText(count(march.totals.posts));
  await expect(card(page, "Engagement rate \\(by reach\\)")).toContainText("Engagements ÷ post reach");
  // Each figure says how it moved against February.
  await expect(card(page, "Post reach").locator(".figure-change")).not.toBeEmpty();

  const top = overview.getByRole("list", { name: "Top posts by engagements" }).getByRole("listitem");
  await expect(top).toHaveCount(5);
  const link = top.first().getByRole("link", { name: /Open post on (Facebook|TikTok)/ });
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");

  const april = await socialFigures(request, "2024-04-01", "2024-04-30");
  expect(april.totals.reach).not.toBe(march.totals.reach);
  await page.goto("/brandEx?brand=Tipco&start=2024-04-01&end=2024-04-30");
  await expect(overview).toContainText("compared with 2024-03-02 to 2024-03-31");
  await expect(card(page, "Post reach")).toContainText(count(april.totals.reach));
  await expect(card(page, "Followers")).toContainText(count(april.totals.followers));
});
