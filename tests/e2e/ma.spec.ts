/**
 * The Facebook MA page (issue 14) on the demo posts and page figures: the key figures of a month
 * as the API gives them, with their change; the charts, the pages compared and the posts table
 * (sort, search, type, pages); a heatmap cell click narrows the posts table to the posts
 * published then; a post type click filters every post figure, undone by Undo last and by Remove
 * chart filters (the top bar's Clear Filter is not on /ma: spec §2).
 */
import { readFile } from "node:fs/promises";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import type { SocialFigures, SocialPosts } from "../../domain/social";
import { trackPageProblems } from "./models/pageProblems";
import { signInQuickly } from "./support/session";
import { DEMO } from "./support/users";

trackPageProblems(test);

const MARCH = { brand: "Tipco", start: "2024-03-01", end: "2024-03-31", channel: "All Channel", pages: [], accounts: [] } as const;
const URL = `/ma?brand=${MARCH.brand}&start=${MARCH.start}&end=${MARCH.end}`;

async function token(request: APIRequestContext): Promise<string> {
  const login = await request.post("/auth/login-user", { data: { email: DEMO.email, password: DEMO.password } });
  return (await login.json()).user.Tokens.access_token as string;
}

async function api<T>(request: APIRequestContext, path: string, body: object): Promise<T> {
  const res = await request.post(path, { data: body, headers: { authorization: `Bearer ${await token(request)}` } });
  expect(res.status()).toBe(200);
  return (await res.json()).data as T;
}

const socialFigures = (request: APIRequestContext, extra: object = {}) => api<SocialFigures>(request, "/user/social-figures", { ...MARCH, ...extra });
const socialPosts = (request: APIRequestContext, extra: object = {}) =>
  api<SocialPosts>(request, "/user/social-posts", { ...MARCH, sort: "published", order: "desc", page: 1, pageSize: 20, search: "", ...extra });

const count = (n: number) => n.toLocaleString("en-US");
const keyFigures = (page: Page) => page.getByRole("region", { name: "Key figures", exact: true });

/** The value shown for a key figure ("Posts", "Post reach", …). */
async function figure(page: Page, name: string): Promise<string> {
  const box = keyFigures(page).locator(".figure-card").filter({ has: page.getByRole("term").filter({ hasText: new RegExp(`^${name}$`) }) });
  return (await box.getByRole("definition").first().innerText()).trim();
}

async function settled(page: Page): Promise<void> {
  await expect(keyFigures(page)).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

const postsCount = (page: Page) => page.getByRole("region", { name: "Posts", exact: true }).locator(".posts-count");
const chips = (page: Page) => page.getByRole("list", { name: "Chart filters:" });

test("shows the month's social figures, charts, pages and posts as the API gives them", async ({ page, request }) => {
  const march = await socialFigures(request);
  await signInQuickly(page, DEMO);
  await page.goto(URL);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Facebook MA");
  await settled(page);
  expect(await figure(page, "Posts")).toBe(count(march.totals.posts));
  expect(await figure(page, "Post reach")).toBe(count(march.totals.reach));
  expect(await figure(page, "Followers")).toBe(count(march.totals.followers!));
  await expect(keyFigures(page)).toContainText("Compared with 2024-01-30 to 2024-02-29");
  await expect(keyFigures(page)).toContainText("Engagements ÷ post reach");

  for (const title of ["Followers over time", "Reach and impressions", "Engagement over time", "Content by post type", "Best time to post"]) {
    // A chart draws once its box nears the viewport (LazyPlot): scroll to it, as a reader does.
    const card = page.getByRole("region", { name: title, exact: true });
    await card.scrollIntoViewIfNeeded();
    await expect(card.locator(".js-plotly-plot")).toBeVisible();
  }
  const pages = page.getByRole("region", { name: "Pages compared" }).getByRole("table");
  await expect(pages.getByRole("row")).toHaveCount(march.pages.length + 1);

  // The posts table: newest first, 20 a page, then sorted by reach.
  await expect(postsCount(page)).toHaveText(`Posts 1–20 of ${count(march.totals.posts)}`);
  const byReach = await socialPosts(request, { sort: "reach" });
  const table = page.getByRole("region", { name: "Posts table" });
  await table.getByRole("button", { name: "Reach" }).click();
  await expect(page).toHaveURL(/sort=reach/);
  await expect(table.getByRole("columnheader", { name: "Reach" })).toHaveAttribute("aria-sort", "descending");
  await expect(table.getByRole("row").nth(1).getByRole("cell").nth(1)).toHaveText(count(byReach.rows[0]!.reach));
  await page.getByRole("button", { name: "Next" }).click();
  await expect(postsCount(page)).toHaveText(`Posts 21–40 of ${count(march.totals.posts)}`);
  const link = table.getByRole("link", { name: /^Open post/ }).first();
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");

  // A type in the table's own choice narrows the table only.
  const reels = await socialPosts(request, { types: ["reel"] });
  await page.getByRole("combobox", { name: "Post type" }).selectOption("Reel");
  await expect(postsCount(page)).toHaveText(`Posts 1–20 of ${count(reels.total)}`);
  expect(await figure(page, "Posts")).toBe(count(march.totals.posts));

  // The CSV holds every post of the table's filter (all pages of it), in its order.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download the posts as CSV" }).click()]);
  expect(download.suggestedFilename()).toBe("Tipco-posts-2024-03-01-2024-03-31.csv");
  const records = parse(await readFile((await download.path())!, "utf8"), { bom: true }) as string[][];
  expect(records[0]!.slice(0, 5)).toEqual(["Published (Bangkok)", "Page", "Channel", "Post ID", "Type"]);
  expect(records).toHaveLength(reels.total + 1);
  expect(new Set(records.slice(1).map((r) => r[4]))).toEqual(new Set(["Reel"]));
  const byReachAll = await socialPosts(request, { types: ["reel"], sort: "reach", pageSize: 100 });
  expect(records.slice(1, byReachAll.rows.length + 1).map((r) => r[3])).toEqual(byReachAll.rows.map((p) => p.postId));
});

test("a heatmap cell click narrows the posts table to the posts published then", async ({ page, request }) => {
  const march = await socialFigures(request);
  const cell = [...march.heatmap].sort((a, b) => b.posts - a.posts)[0]!;
  const weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
  const hh = String(cell.hour).padStart(2, "0");
  await signInQuickly(page, DEMO);
  await page.goto(URL);
  await settled(page);

  const heatmap = page.getByRole("region", { name: "Best time to post", exact: true });
  // The chart draws once its box nears the viewport, and the mouse clicks in the viewport: scroll to it first.
  await heatmap.scrollIntoViewIfNeeded();
  const plot = heatmap.locator(".js-plotly-plot .nsewdrag").first();
  await plot.scrollIntoViewIfNeeded();
  const box = (await plot.boundingBox())!;
  // 24 hour columns, 7 weekday rows with Monday on top.
  await page.mouse.click(box.x + ((cell.hour + 0.5) / 24) * box.width, box.y + ((cell.weekday + 0.5) / 7) * box.height);
  await expect(chips(page).getByRole("listitem")).toHaveCount(1);
  await expect(chips(page).getByRole("listitem").first()).toContainText(`Posted: ${weekdays[cell.weekday]} ${hh}:00–${hh}:59`);
  await expect(postsCount(page)).toHaveText(cell.posts > 20 ? `Posts 1–20 of ${count(cell.posts)}` : `Posts 1–${cell.posts} of ${cell.posts}`);
  await settled(page);
  expect(await figure(page, "Posts")).toBe(count(cell.posts));
  const when = await page.getByRole("region", { name: "Posts table" }).locator("time").allInnerTexts();
  expect(when.every((t) => t.endsWith(` ${hh}:${t.slice(-2)}`) && t.slice(11, 13) === hh)).toBe(true);
});

test("a post type click filters every post figure; Undo last and Remove chart filters take it back", async ({ page, request }) => {
  const march = await socialFigures(request);
  const reelFigures = await socialFigures(request, { types: ["reel"] });
  await signInQuickly(page, DEMO);
  await page.goto(URL);
  await settled(page);

  const typesChart = page.getByRole("region", { name: "Content by post type", exact: true });
  await typesChart.scrollIntoViewIfNeeded();
  await typesChart.getByText("Show the figures as a table").click();
  const order = await typesChart.getByRole("table").getByRole("rowheader").allInnerTexts();
  const bar = typesChart.locator(".js-plotly-plot .bars .point path").nth(order.indexOf("Reel"));
  await bar.scrollIntoViewIfNeeded();
  const box = (await bar.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height * 0.75);
  await expect(chips(page).getByRole("listitem").first()).toContainText("Post type: Reel");
  await expect.poll(() => figure(page, "Posts")).toBe(count(reelFigures.totals.posts));
  await settled(page);
  expect(await figure(page, "Post reach")).toBe(count(reelFigures.totals.reach));
  expect(await figure(page, "Engagements")).toBe(count(reelFigures.totals.engagements));
  expect(await figure(page, "Video views")).toBe(count(reelFigures.totals.videoViews));
  await expect(postsCount(page)).toHaveText(`Posts 1–20 of ${count(reelFigures.totals.posts)}`);
  // The other charts follow: the types chart shows the reels only.
  await expect(typesChart.getByRole("table").getByRole("rowheader")).toHaveText(["Reel"]);

  await page.getByRole("button", { name: "Undo last" }).click();
  await expect.poll(() => figure(page, "Posts")).toBe(count(march.totals.posts));
  await page.getByRole("button", { name: "Redo" }).click();
  await expect.poll(() => figure(page, "Posts")).toBe(count(reelFigures.totals.posts));
  // Clear Filter of the top bar is not on /ma (spec §2: crm, e-commerce, cir and ads only): the page's own button clears.
  await expect(page.getByRole("button", { name: "Clear Filter" })).toHaveCount(0);
  await page.getByRole("button", { name: "Remove chart filters" }).click();
  await expect(chips(page)).toHaveCount(0);
  await expect.poll(() => figure(page, "Posts")).toBe(count(march.totals.posts));
});

test("imports a documented posts CSV for an account's page, and lists every bad line of a refused one", async ({ page }) => {
  await signInQuickly(page, DEMO);
  // January 2020 is before the demo: only what the import writes.
  await page.goto("/ma?brand=Aura%20Move&start=2020-01-01&end=2020-01-31");
  await expect(page.getByText("No posts or page figures in this range.")).toBeVisible();

  // The first read of the account's pages fails: the dialog says so and reads again on Try again.
  let failPages = true;
  await page.route("**/user/filter-page", (route) => (failPages ? route.abort("failed") : route.fallback()));
  await page.getByRole("button", { name: "Import posts" }).click();
  const dialog = page.getByRole("dialog", { name: "Import posts" });
  await dialog.getByRole("combobox", { name: "Account" }).selectOption("Aura Move Official (Facebook)");
  await expect(dialog.getByRole("alert")).toBeVisible();
  await expect(dialog.getByRole("combobox", { name: "Page" })).toHaveCount(0);
  failPages = false;
  await dialog.getByRole("button", { name: "Try again" }).click();
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  // The account has two pages: the dialog asks which one.
  await dialog.getByRole("combobox", { name: "Page" }).selectOption("Aura Move Runners");
  const bad = [
    "post_id,published_at,type,caption,reach,impressions,reactions,comments,shares",
    "am-1,2020-01-05 19:30,reel,Sunday run,1000,1200,50,5,2",
    "am-2,2020-01-06 08:00,story,New shoes,500,600,10,1,0",
    "am-3,not a time,photo,Rest day,-3,100,1,0,0",
  ].join("\n");
  await dialog.getByLabel("Export file").setInputFiles({ name: "posts.csv", mimeType: "text/csv", buffer: Buffer.from(bad) });
  await dialog.getByRole("button", { name: "Import" }).click();
  await expect(dialog.getByRole("alert")).toContainText("The file was refused: nothing was imported.");
  const refused = dialog.getByRole("region", { name: /^Lines refused/ });
  await expect(refused.getByRole("rowheader")).toHaveText(["3", "4"]);

  const good = [
    "post_id,published_at,type,caption,permalink,reach,impressions,reactions,comments,shares,video_views",
    'am-1,2020-01-05 19:30,reel,"Sunday run, 6am",https://www.facebook.com/auramove/posts/1,1000,1200,50,5,2,700',
    "am-2,2020-01-06 08:00,photo,รองเท้าใหม่,,500,600,10,1,0,",
    "am-3,2020-01-07 12:15,video,Rest day stretch,,2000,2500,80,6,4,1500",
  ].join("\n");
  await dialog.getByLabel("Export file").setInputFiles({ name: "posts.csv", mimeType: "text/csv", buffer: Buffer.from(good) });
  await dialog.getByRole("button", { name: "Import" }).click();
  await expect(dialog.getByRole("status")).toContainText("Read 3 posts from 2020-01-05 to 2020-01-07 (the documented posts CSV): 3 new, 0 updated, 0 unchanged");
  // The form's Close (the dialog's × is named Close too).
  await dialog.locator(".dialog-actions").getByRole("button", { name: "Close" }).click();
  await expect(dialog).toHaveCount(0);

  await settled(page);
  expect(await figure(page, "Posts")).toBe("3");
  expect(await figure(page, "Post reach")).toBe("3,500");
  await expect(postsCount(page)).toHaveText("Posts 1–3 of 3");
  await expect(page.getByRole("region", { name: "Posts table" })).toContainText("รองเท้าใหม่");
});
