// @vitest-environment happy-dom
// The social overview of /brandEx (issue 14): every figure with its value, its change against the
// previous period and its definition; the top posts with their caption as text and a safe link.
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { beforeAll, afterEach, describe, expect, it } from "vitest";
import { activateLocale, loadAppMessages, loadLanguage } from "@/i18n/i18n";
import type { SocialFigures, SocialPost, SocialTotals } from "../../domain/social";
import { SocialOverviewView } from "@/features/brandEx/SocialOverviewView";

// The module pages' messages, as the app's layout route loads them.
beforeAll(() => loadAppMessages());

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const totals = (over: Partial<SocialTotals>): SocialTotals => ({
  posts: 40, reach: 200_000, impressions: 260_000, engagements: 8_000, engagementRate: 0.04, videoViews: 50_000,
  followers: 120_000, netFollowers: 900, follows: 1_200, unfollows: 300, pageViews: 4_000, pageReach: 300_000, ...over,
});

const figures = (current: Partial<SocialTotals>, previous: Partial<SocialTotals>): SocialFigures => ({
  range: { start: "2024-03-01", end: "2024-03-31", days: 31 },
  previous: { start: "2024-01-30", end: "2024-02-29" },
  totals: totals(current),
  previousTotals: totals(previous),
  granularity: "day",
  series: [],
  pages: [],
  types: [],
  heatmap: [],
});

const MARCH = { start: "2024-03-01", end: "2024-03-31" };

const post = (over: Partial<SocialPost>): SocialPost => ({
  postId: "p1", pageId: "page-1", page: "Tipco Thailand", channel: "facebook", publishedAt: "2024-03-04T00:30:00+07:00", type: "reel",
  caption: "สดชื่นทุกเช้า", permalink: "https://www.facebook.com/1/posts/2", reach: 10_000, impressions: 13_000, reactions: 500, comments: 60,
  shares: 40, saves: null, linkClicks: 20, videoViews: 6_000, avgWatchSeconds: 9.5, completionRate: 0.3, engagements: 600, engagementRate: 0.06, ...over,
});

let root: Root | null = null;

async function render(node: React.ReactNode): Promise<HTMLElement> {
  const host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root?.render(node));
  return host;
}

afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = "";
});

/** Each card as label → [value, change, definition]. */
function cards(host: HTMLElement): Map<string, string[]> {
  const list = host.querySelector('dl[aria-label="Social figures"]');
  if (!list) throw new Error("no 'Social figures' list");
  return new Map([...list.querySelectorAll(".figure-card")].map((card) => [
    card.querySelector("dt")!.textContent!, [...card.querySelectorAll("dd")].map((dd) => dd.textContent!.trim()),
  ]));
}

describe("the social overview", () => {
  it("shows every figure with its value, its change against the previous period and its definition", async () => {
    const host = await render(<SocialOverviewView range={MARCH} social={{
      kind: "ready", figures: figures({}, { followers: 100_000, netFollowers: 1_800, engagementRate: 0.05, posts: 40 }), top: [],
    }} />);
    const c = cards(host);
    expect([...c.keys()]).toEqual(["Followers", "Net followers", "Post reach", "Engagements", "Engagement rate (by reach)", "Video views", "Posts"]);
    expect(c.get("Followers")![0]).toBe("120,000");
    expect(c.get("Followers")![1]).toMatch(/20/);
    expect(c.get("Net followers")![0]).toBe("+900");
    expect(c.get("Net followers")![1]).toMatch(/50/);
    expect(c.get("Engagement rate (by reach)")![0]).toBe("4%");
    expect(c.get("Engagement rate (by reach)")![2]).toBe("Engagements ÷ post reach, over all the posts together.");
    // A fall of a figure where higher is better reads as bad news, not good.
    const rate = host.querySelectorAll(".figure-card")[4]!;
    expect(rate.querySelector(".figure-change")!.innerHTML).toMatch(/bad/);
    expect(host.textContent).toContain("compared with 2024-01-30 to 2024-02-29");
  });

  it("says there is no value rather than 0 when a figure is not measured", async () => {
    const host = await render(<SocialOverviewView range={MARCH} social={{
      kind: "ready", figures: figures({ followers: null, engagementRate: null, reach: 0, posts: 0 }, {}), top: [],
    }} />);
    expect(cards(host).get("Followers")![0]).toBe("—no follower count");
    expect(cards(host).get("Engagement rate (by reach)")![0]).toBe("—no reach");
    expect(host.textContent).toContain("No posts were published in this range");
  });

  it("lists the top posts with their captions as text and a link that opens safely in a new tab", async () => {
    const host = await render(<SocialOverviewView range={MARCH} social={{
      kind: "ready", figures: figures({}, {}),
      top: [post({}), post({ postId: "p2", channel: "tiktok", page: "@tipcojuice", type: "video", caption: "<b>bold</b> <a href=\"x\">link</a>", permalink: "https://www.tiktok.com/@tipcojuice/video/7" })],
    }} />);
    const items = [...host.querySelectorAll("ol.top-posts > li")];
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain("Tipco Thailand · Reel · 2024-03-04 00:30");
    expect(items[0]!.textContent).toContain("600 engagements");
    expect(items[0]!.textContent).toContain("6% engagement rate");
    expect(items[1]!.querySelector(".top-post-caption")!.textContent).toBe("<b>bold</b> <a href=\"x\">link</a>");
    expect(items[1]!.querySelector(".top-post-caption b")).toBeNull();
    const link = items[1]!.querySelector("a.top-post-link")!;
    expect(link.textContent).toContain("Open post on TikTok");
    expect(link.getAttribute("href")).toBe("https://www.tiktok.com/@tipcojuice/video/7");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("says the range and the period compared before the figures arrive", async () => {
    const host = await render(<SocialOverviewView range={{ start: "2024-02-01", end: "2024-02-29" }} social={null} />);
    expect(host.textContent).toContain("Facebook pages and TikTok accounts in view, 2024-02-01 to 2024-02-29, compared with 2024-01-03 to 2024-01-31.");
    expect(host.querySelector('[role="status"]')!.textContent).toBe("Loading the social figures…");
    // The layout before the data (issue 19): the cards with their labels and definitions, busy, a placeholder for each value.
    const list = host.querySelector('dl[aria-label="Social figures"]')!;
    expect(list.getAttribute("aria-busy")).toBe("true");
    expect([...list.querySelectorAll("dt")].map((d) => d.textContent)).toEqual([
      "Followers", "Net followers", "Post reach", "Engagements", "Engagement rate (by reach)", "Video views", "Posts",
    ]);
    expect(list.querySelectorAll(".figure-definition")).toHaveLength(7);
    expect(list.querySelectorAll('.figure-value .skeleton-line[aria-hidden="true"]')).toHaveLength(7);
    expect(host.querySelector("#top-posts-title")!.textContent).toBe("Top posts by engagements");
    expect(host.querySelector('[role="img"]')).toBeNull();
  });

  it("says why when the figures could not be loaded", async () => {
    const host = await render(<SocialOverviewView range={MARCH} social={{ kind: "failed", message: "The server could not be reached." }} />);
    expect(host.querySelector('[role="alert"]')!.textContent).toBe("The social figures could not be loaded: The server could not be reached.");
  });
});

describe("the social overview in Thai and the Buddhist Era (issue 18)", () => {
  afterEach(() => activateLocale({ language: "en", calendar: "gregorian" }));

  it("names its figures in Thai, keeps their numbers, and says the compared period in BE", async () => {
    await loadLanguage("th");
    activateLocale({ language: "th", calendar: "buddhist" });
    const host = await render(<SocialOverviewView range={MARCH} social={{
      kind: "ready", figures: figures({}, { followers: 100_000, netFollowers: 1_800, engagementRate: 0.05, posts: 40 }), top: [],
    }} />);
    const text = host.textContent ?? "";
    expect(text).toMatch(/[\u0E00-\u0E7F]{4}/);
    expect(text).not.toContain("Followers");
    expect(text).toContain("120,000");
    expect(text).toContain("2567-01-30");
    expect(text).not.toContain("2024-01-30");
  });
});
