// @vitest-environment happy-dom
// The MA page's view (issue 14): its key figures with value, change and definition; the charts'
// tables and the clicks they stand for (post type bars, heatmap cells, pages); the posts table's
// sort, search, type and pages; the empty and failed states.
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { beforeAll, afterEach, describe, expect, it, vi } from "vitest";
import { activateLocale, loadAppMessages, loadLanguage } from "@/i18n/i18n";
import type { SocialFigures, SocialPost, SocialPosts, SocialTotals } from "../../domain/social";
import { FIRST_POSTS_QUERY, type PostsTableQuery } from "../../domain/socialFilter";
import { clickOfPoint } from "@/components/charts/chartCard";
import { formatPeriod } from "@/components/format/periods";
import { heatmapCard, keyFiguresTable, maCards, pagesTable, typesCard } from "@/features/ma/maFormat";
import { MaView, NO_SOCIAL_DATA, type MaViewProps } from "@/features/ma/MaView";
import { PostsTable } from "@/features/ma/PostsTable";
import type { PagePhase } from "../../machines/shared/pageLoad";

// The module pages' messages, as the app's layout route loads them.
beforeAll(() => loadAppMessages());

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// Plotly is not drawn here: the charts are checked through their tables and words.
vi.mock("@/components/charts/LazyPlot", () => ({ LazyPlot: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));

const totals = (over: Partial<SocialTotals> = {}): SocialTotals => ({
  posts: 40, reach: 200_000, impressions: 260_000, engagements: 8_000, engagementRate: 0.04, videoViews: 50_000,
  followers: 120_000, netFollowers: 900, follows: 1_200, unfollows: 300, pageViews: 4_000, pageReach: 300_000, ...over,
});

const cell = (weekday: number, hour: number, posts = 0, reach = 0, engagements = 0) => ({
  weekday, hour, posts, reach, engagements, engagementRate: reach > 0 ? engagements / reach : null,
});

const figures = (current: Partial<SocialTotals> = {}, previous: Partial<SocialTotals> = {}): SocialFigures => ({
  range: { start: "2024-03-01", end: "2024-03-31", days: 31 },
  previous: { start: "2024-01-30", end: "2024-02-29" },
  totals: totals(current),
  previousTotals: totals(previous),
  granularity: "week",
  series: [
    { start: "2024-03-01", posts: 10, reach: 50_000, impressions: 60_000, engagements: 2_000, engagementRate: 0.04, videoViews: 9_000, netFollowers: 200, follows: 260, unfollows: 60, followers: 119_300, pageReach: 70_000 },
    { start: "2024-03-04", posts: 30, reach: 150_000, impressions: 200_000, engagements: 6_000, engagementRate: 0.04, videoViews: 41_000, netFollowers: 700, follows: 940, unfollows: 240, followers: 120_000, pageReach: 230_000 },
  ],
  pages: [
    { pageId: "p1", page: "Tipco Thailand", channel: "facebook", posts: 25, reach: 80_000, impressions: 100_000, engagements: 3_000, engagementRate: 0.0375, videoViews: 20_000, followers: 100_000, netFollowers: 600 },
    { pageId: "p2", page: "@tipcojuice", channel: "tiktok", posts: 15, reach: 120_000, impressions: 160_000, engagements: 5_000, engagementRate: 5_000 / 120_000, videoViews: 30_000, followers: 20_000, netFollowers: 300 },
  ],
  types: [
    { type: "photo", posts: 20, reach: 60_000, impressions: 70_000, engagements: 1_800, engagementRate: 0.03, videoViews: 0 },
    { type: "reel", posts: 20, reach: 140_000, impressions: 190_000, engagements: 6_200, engagementRate: 6_200 / 140_000, videoViews: 50_000 },
  ],
  heatmap: Array.from({ length: 168 }, (_, i) => (i === 4 * 24 + 20 ? cell(4, 20, 3, 9_000, 900) : i === 0 ? cell(0, 0, 1, 1_000, 20) : cell(Math.floor(i / 24), i % 24))),
});

const post = (over: Partial<SocialPost> = {}): SocialPost => ({
  postId: "p1", pageId: "p1", page: "Tipco Thailand", channel: "facebook", publishedAt: "2024-03-04T00:30:00+07:00", type: "reel",
  caption: "<b>สดชื่นทุกเช้า</b>", permalink: "https://www.facebook.com/1/posts/2", reach: 10_000, impressions: 13_000, reactions: 500, comments: 60,
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

const noop = () => {};
const props = (over: Partial<MaViewProps> = {}): MaViewProps => ({
  title: "Facebook MA", brand: "Tipco", channel: "All Channel", start: "2024-03-01", end: "2024-03-31", clicks: [], canUndo: false, canRedo: false,
  figures: figures(), nothingMatches: false, phase: { kind: "ready" }, posts: null, onFilter: noop, onRemoveClick: noop, onUndo: noop,
  onRedo: noop, onClearClicks: noop, onRetry: noop, ...over,
});

function cards(host: HTMLElement): Map<string, string[]> {
  const list = host.querySelector('dl[aria-label="Key figures"]')!;
  return new Map([...list.querySelectorAll(".figure-card")].map((c) => [c.querySelector("dt")!.textContent!, [...c.querySelectorAll("dd")].map((dd) => dd.textContent!.trim())]));
}

describe("the MA key figures", () => {
  it("show every figure with its value, its change against the previous period and its definition", async () => {
    const host = await render(<MaView {...props({ figures: figures({ unfollows: 600, followers: 132_000 }, { unfollows: 300, followers: 120_000 }) })} />);
    const c = cards(host);
    expect([...c.keys()]).toEqual([
      "Followers", "Net followers", "New follows", "Unfollows", "Page reach", "Post reach", "Impressions", "Engagements",
      "Engagement rate (by reach)", "Video views", "Posts", "Page views",
    ]);
    expect(c.get("Followers")![0]).toBe("132,000");
    expect(c.get("Followers")![1]).toMatch(/10(\.0)?\s*%/);
    expect(c.get("Net followers")![0]).toBe("+900");
    expect(c.get("Engagement rate (by reach)")![0]).toBe("4%");
    expect(c.get("Engagement rate (by reach)")![2]).toContain("Engagements ÷ post reach");
    // Twice the unfollows reads as bad news: the badge says so in words.
    const unfollows = host.querySelectorAll(".figure-card")[3]!;
    expect(unfollows.querySelector(".figure-change")!.innerHTML).toMatch(/bad|worse/i);
    expect(host.textContent).toContain("Compared with 2024-01-30 to 2024-02-29, the 31 days before.");
  });

  it("say why a figure has no value", async () => {
    const host = await render(<MaView {...props({ figures: figures({ followers: null, engagementRate: null }) })} />);
    expect(cards(host).get("Followers")![0]).toBe("—no follower count");
    expect(cards(host).get("Engagement rate (by reach)")![0]).toBe("—no reach");
  });

  it("export this range against the previous one", () => {
    const t = keyFiguresTable(figures({ posts: 40 }, { posts: 35 }));
    expect(t.columns.map((c) => c.header)).toEqual(["2024-03-01 to 2024-03-31", "2024-01-30 to 2024-02-29"]);
    expect(t.rows.find((r) => r.label === "Posts")!.values).toEqual([40, 35]);
  });
});

describe("the MA page before its first answer (issue 19)", () => {
  it("paints the layout: the key figures' heading, actions, comparison and busy cards with their labels and definitions, a block per chart, the posts table", async () => {
    const host = await render(<MaView {...props({ figures: null, phase: { kind: "loading" }, posts: <p id="the-posts">posts</p> })} />);
    expect(host.querySelector('progress[aria-label="Loading the social figures"]')).not.toBeNull();
    expect(host.querySelector("#ma-figures-title")!.textContent).toBe("Key figures");
    expect(host.textContent).toContain("Compared with 2024-01-30 to 2024-02-29, the 31 days before.");
    const list = host.querySelector('dl[aria-label="Key figures"]')!;
    expect(list.getAttribute("aria-busy")).toBe("true");
    const c = cards(host);
    expect([...c.keys()]).toEqual([
      "Followers", "Net followers", "New follows", "Unfollows", "Page reach", "Post reach", "Impressions", "Engagements",
      "Engagement rate (by reach)", "Video views", "Posts", "Page views",
    ]);
    // Value and change are placeholders; the definition is the card's own.
    expect(c.get("Engagement rate (by reach)")![0]).toBe("");
    expect(c.get("Engagement rate (by reach)")![2]).toContain("Engagements ÷ post reach");
    expect(host.querySelector<HTMLButtonElement>('button[aria-label="Download the key figures as CSV"]')!.disabled).toBe(true);
    expect(host.querySelectorAll(".ma-chart-skeleton")).toHaveLength(6);
    expect(host.querySelector("#the-posts")).not.toBeNull();
    expect(host.querySelector('[role="img"]')).toBeNull();
  });

  it("keeps the comparison, the cards' definitions and the posts table as the same elements when the figures come: they do not paint again", async () => {
    const posts = <p id="the-posts">posts</p>;
    const host = await render(<MaView {...props({ figures: null, phase: { kind: "loading" }, posts })} />);
    const compared = host.querySelector(".ma-compared");
    const definition = host.querySelector(".figure-definition");
    const table = host.querySelector("#the-posts");
    await act(async () => root?.render(<MaView {...props({ posts })} />));
    expect(host.querySelector('dl[aria-label="Key figures"]')!.getAttribute("aria-busy")).toBeNull();
    expect(host.querySelector(".figure-card-pending")).toBeNull();
    expect(host.querySelector(".ma-compared")).toBe(compared);
    expect(host.querySelector(".figure-definition")).toBe(definition);
    expect(host.querySelector("#the-posts")).toBe(table);
  });
});

describe("the MA charts", () => {
  it("are the followers, reach, engagement, post type and heatmap charts, named by their figures", async () => {
    const host = await render(<MaView {...props()} />);
    expect([...host.querySelectorAll(".chart-card h2")].map((h) => h.textContent)).toEqual([
      "Followers over time", "Reach and impressions", "Engagement over time", "Content by post type", "Best time to post", "Pages compared",
    ]);
    expect(host.querySelector('[role="img"][aria-label^="Followers per week"]')!.getAttribute("aria-label")).toBe(
      "Followers per week, 2024-03-01 to 2024-03-31: 1,200 new follows and 300 unfollows, net +900; 120,000 followers at the end.",
    );
  });

  it.each([
    ["2024-03-04", "day", "2024-03-04"],
    ["2024-03-04", "week", "Week of 2024-03-04"],
    ["2024-03-01", "month", "March 2024"],
  ] as const)("a period starting %s by %s reads %s", (start, granularity, text) => {
    expect(formatPeriod(start, granularity)).toBe(text);
  });

  it("list the post types by engagement rate, each bar standing for its type's click", () => {
    const card = typesCard(figures());
    expect(card.table.rows.map((r) => [r.label, r.values[0]])).toEqual([["Reel", 6_200 / 140_000], ["Photo", 0.03]]);
    expect(clickOfPoint(card, { customdata: 0, pointIndex: 0 })).toEqual({ field: "postTypes", value: "reel", label: "Reel" });
  });

  it("list the heatmap cells with posts (Bangkok time), a clicked cell standing for its weekday and hour", () => {
    const card = heatmapCard(figures());
    expect(card.table.rows.map((r) => r.label)).toEqual(["Mon 00:00–00:59", "Fri 20:00–20:59"]);
    expect(card.table.rows[1]!.values).toEqual([0.1, 3, 9_000, 900]);
    expect(clickOfPoint(card, { x: "20:00", y: "Fri", customdata: undefined, pointIndex: -1 })).toEqual({ field: "slots", value: "4-20", label: "Fri 20:00–20:59" });
    // A cell without posts, or a point outside the grid, filters nothing.
    expect(clickOfPoint(card, { x: "21:00", y: "Fri", customdata: undefined, pointIndex: -1 })).toBeNull();
    expect(clickOfPoint(card, { x: "23:00", y: "Sun?", customdata: undefined, pointIndex: -1 })).toBeNull();
    expect(card.chart.label).toContain("the best is Fri 20:00–20:59 at 10% over 3 posts");
  });

  it("compare the pages by post reach; a page's Filter button adds its click", async () => {
    const t = pagesTable(figures());
    expect(t.rows.map((r) => r.label)).toEqual(["@tipcojuice (TikTok)", "Tipco Thailand (Facebook)"]);
    const onFilter = vi.fn();
    const host = await render(<MaView {...props({ onFilter })} />);
    const button = host.querySelector<HTMLButtonElement>('button[aria-label="Filter by Tipco Thailand (Facebook)"]')!;
    await act(async () => button.click());
    expect(onFilter).toHaveBeenCalledWith({ field: "pages", value: "p1", label: "Tipco Thailand" });
  });

  it("show nothing to chart when no post or page figure is in the range", async () => {
    const host = await render(<MaView {...props({ figures: figures({ posts: 0, followers: null, pageReach: 0 }) })} />);
    expect(host.textContent).toContain(NO_SOCIAL_DATA);
    expect(host.querySelectorAll(".chart-card")).toHaveLength(0);
    expect(maCards(figures()).every((c) => c.table.rows.length > 0)).toBe(true);
  });

  it("offer Try again when the figures could not be loaded", async () => {
    const onRetry = vi.fn();
    const host = await render(<MaView {...props({ figures: null, phase: { kind: "failed", error: "The server could not be reached." }, onRetry })} />);
    expect(host.querySelector('[role="alert"]')!.textContent).toContain("The server could not be reached.");
    await act(async () => [...host.querySelectorAll("button")].find((b) => b.textContent?.includes("Try again"))!.click());
    expect(onRetry).toHaveBeenCalled();
  });
});

describe("the posts table", () => {
  const page = (rows: SocialPost[], total: number, pageNo = 1): PagePhase<SocialPosts> => ({ kind: "loaded", data: { total, page: pageNo, pageSize: 20, rows } });
  const table = (over: { query?: PostsTableQuery; phase?: PagePhase<SocialPosts>; onQuery?: (q: PostsTableQuery) => void; onSort?: (s: string) => void } = {}) => (
    <PostsTable query={over.query ?? FIRST_POSTS_QUERY} phase={over.phase ?? page([post()], 45)} onQuery={over.onQuery ?? noop} onSort={over.onSort ?? noop} onRetry={noop} onExport={noop} exporting={false} />
  );

  it("shows a page of posts: caption as text, Bangkok time, figures and a safe link", async () => {
    const host = await render(table());
    expect(host.querySelector(".posts-count")!.textContent).toBe("Posts 1–20 of 45");
    const row = host.querySelector("tbody tr")!;
    expect(row.querySelector("time")!.textContent).toBe("2024-03-04 00:30");
    expect(row.querySelector(".posts-caption")!.textContent).toBe("<b>สดชื่นทุกเช้า</b>");
    expect(row.querySelector("b")).toBeNull();
    expect([...row.querySelectorAll("td")].map((td) => td.textContent)).toEqual(["2024-03-04 00:30", "10,000", "13,000", "600", "6%", "60", "40", "6,000"]);
    const link = row.querySelector("a")!;
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(host.querySelector('nav[aria-label="Pages of posts"]')!.textContent).toContain("Page 1 of 3");
  });

  it("says which column sorts and how; a header click asks for that sort", async () => {
    const onSort = vi.fn();
    const host = await render(table({ query: { ...FIRST_POSTS_QUERY, sort: "reach", order: "asc" }, onSort }));
    const reach = [...host.querySelectorAll("th")].find((th) => th.textContent === "Reach")!;
    expect(reach.getAttribute("aria-sort")).toBe("ascending");
    expect([...host.querySelectorAll("th")].find((th) => th.textContent === "Published")!.getAttribute("aria-sort")).toBe("none");
    await act(async () => reach.querySelector("button")!.click());
    expect(onSort).toHaveBeenCalledWith("reach");
  });

  it("searches captions and moves between pages, back to page 1 on a new search", async () => {
    const onQuery = vi.fn();
    const host = await render(table({ query: { ...FIRST_POSTS_QUERY, page: 2 }, phase: page([post()], 45, 2), onQuery }));
    const next = [...host.querySelectorAll("button")].find((b) => b.textContent?.includes("Next"))!;
    await act(async () => next.click());
    expect(onQuery).toHaveBeenLastCalledWith({ ...FIRST_POSTS_QUERY, page: 3 });
    const input = host.querySelector<HTMLInputElement>('input[type="search"]')!;
    await act(async () => {
      const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
      set.call(input, "  ส้ม ");
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await act(async () => host.querySelector("form")!.requestSubmit());
    expect(onQuery).toHaveBeenLastCalledWith({ ...FIRST_POSTS_QUERY, search: "ส้ม", page: 1 });
  });

  it("narrows by type, back to page 1", async () => {
    const onQuery = vi.fn();
    const host = await render(table({ query: { ...FIRST_POSTS_QUERY, page: 2 }, onQuery }));
    const select = host.querySelector<HTMLSelectElement>('select[aria-label="Post type"]')!;
    await act(async () => {
      select.value = "Reel";
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
    expect(onQuery).toHaveBeenLastCalledWith({ ...FIRST_POSTS_QUERY, type: "reel", page: 1 });
  });

  it("says when a page is past the last one (a filter undone elsewhere), with the way back", async () => {
    const onQuery = vi.fn();
    const host = await render(table({ query: { ...FIRST_POSTS_QUERY, page: 5 }, phase: page([], 3, 5), onQuery }));
    expect(host.querySelector(".posts-count")!.textContent).toBe("Page 5 is past the last page of 3 posts.");
    await act(async () => [...host.querySelectorAll("button")].find((b) => b.textContent?.includes("Previous"))!.click());
    // Back to the last page there is.
    expect(onQuery).toHaveBeenLastCalledWith({ ...FIRST_POSTS_QUERY, page: 1 });
  });

  it("says when nothing matches a search", async () => {
    const host = await render(table({ query: { ...FIRST_POSTS_QUERY, search: "xyz" }, phase: page([], 0) }));
    expect(host.querySelector(".posts-count")!.textContent).toBe("No posts match “xyz”.");
    expect(host.querySelector("table")).toBeNull();
  });
});

describe("in Thai and the Buddhist Era (issue 18)", () => {
  afterEach(() => activateLocale({ language: "en", calendar: "gregorian" }));

  it("shows the page's words in Thai, its days in BE and its figures with the same numbers", async () => {
    await loadLanguage("th");
    activateLocale({ language: "th", calendar: "buddhist" });
    const host = await render(<MaView {...props()} />);
    const text = host.textContent ?? "";
    expect(text).toMatch(/[\u0E00-\u0E7F]{4}/);
    // March 2024 is 2567 BE; no Gregorian year of the range is left on the page.
    expect(text).toContain("2567");
    expect(text).not.toMatch(/2024-03-0?1/);
    // Western digits and separators in Thai too.
    expect(text).toContain("120,000");
    const rows = [...host.querySelectorAll("tbody th")].map((th) => th.textContent ?? "");
    expect(rows.some((r) => /ก\.พ\.|มี\.ค\./.test(r) || r.includes("2567"))).toBe(true);
  });
});
