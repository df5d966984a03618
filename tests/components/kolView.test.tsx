// @vitest-environment happy-dom
// The KOL Campaign page (issue 16), reading side: the leaderboard's order and filters
// (machines/kol/kolSelectors.ts), the URL's choices (kolSearch.ts), the formats and charts
// (kolFormat.ts: "—" for a ratio without a denominator, tracked figures only where tracked, the
// scatter's dots) and the view: the overview's cards and campaign list, a campaign against the
// previous one (named) or none, over budget shown as bad, post links in a new tab, empty states.
import { act, useState } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from "@tanstack/react-router";
import { DEFAULT_EMV_VALUES, type KolCampaignDetail, type KolFigures, type KolOverview, type KolPostRow, type KolRow } from "../../domain/kolContract";
import { DEFAULT_KOL_CHOICES, type KolChoices } from "../../machines/kol/kolMachine";
import { contentOf, dataFits, kolsInView, leaderboardOf } from "../../machines/kol/kolSelectors";
import { keyFiguresTable, orDash, money, platformCard, rate, roiText, scatterChart, shownFigures, spentText, timelineCard } from "@/features/kol/kolFormat";
import { campaignIdOf, choicesOf, defaultOrder, openCampaign, searchOfChoices, sortedBy } from "@/features/kol/kolSearch";
import { activateLocale, loadAppMessages, loadLanguage } from "@/i18n/i18n";
import { KolView, noCampaigns, type KolViewProps } from "@/features/kol/KolView";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
beforeAll(() => loadAppMessages());
// Plotly is not drawn here: the charts are checked through their tables and words.
vi.mock("@/components/charts/LazyPlot", () => ({ LazyPlot: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));

const figures = (over: Partial<KolFigures> = {}): KolFigures => ({
  cost: 100_000, posts: 20, kols: 10, reach: 500_000, views: 1_000_000, likes: 40_000, comments: 4_000, shares: 2_000, saves: 4_000, clicks: null,
  engagements: 50_000, engagementBase: 1_000_000, engagementRate: 0.05, cpv: 0.1, cpe: 2, cpm: 200, sales: null, roi: null, emv: 250_000, emvPerBaht: 2.5,
  ...over,
});

const kol = (kolId: number, name: string, over: Partial<KolRow> = {}): KolRow => ({
  kolId, name, handle: name.toLowerCase().replace(/\s+/g, "."), platform: "tiktok", followers: 50_000, tier: "micro", bookings: 1, ...figures(over), ...over,
});

const KOLS: KolRow[] = [
  kol(1, "Ploy Chanisa", { cost: 30_000, cpe: 1.5, reach: 300_000, platform: "instagram", tier: "macro", followers: 420_000 }),
  kol(2, "Mild Natcha", { cost: 8_000, cpe: 4, reach: 40_000, tier: "micro" }),
  kol(3, "Bank Thanakorn", { cost: 2_000, cpe: null, engagements: 0, reach: 5_000, tier: "nano", followers: 8_200 }),
  kol(4, "Aom Sirin", { cost: 60_000, cpe: 0.9, reach: 1_400_000, platform: "youtube", tier: "mega", followers: 2_100_000 }),
];

const post = (id: number, kolId: number, day: string, over: Partial<KolPostRow> = {}): KolPostRow => ({
  id, bookingId: kolId, kolId, kolName: KOLS.find((k) => k.kolId === kolId)!.name, platform: "tiktok", permalink: `https://www.tiktok.com/@x/video/${id}`,
  publishedAt: `${day}T19:00:00+07:00`, day, views: 10_000 * id, reach: 8_000, likes: 500, comments: 40, shares: 10, saves: 20, clicks: null, sales: null,
  engagements: 570, engagementRate: 0.057, emv: 1_500, ...over,
});
const POSTS = [post(1, 1, "2025-03-02"), post(2, 2, "2025-03-05"), post(3, 1, "2025-03-09"), post(4, 4, "2025-03-04")];

const choices = (over: Partial<KolChoices> = {}): KolChoices => ({ ...DEFAULT_KOL_CHOICES, ...over });
const names = (rows: readonly KolRow[]) => rows.map((r) => r.name);

describe("the overview before its first answer (issue 19)", () => {
  it("paints the layout: the key figures' heading, comparison and busy cards with their labels and definitions, the campaigns' heading, a block per chart", async () => {
    const host = await render({ overview: null, phase: { kind: "loading" } });
    expect(host.querySelector('progress[aria-label="Loading the KOL figures"]')).not.toBeNull();
    expect(host.querySelector("#kol-figures-title")!.textContent).toBe("Key figures");
    const list = host.querySelector('dl[aria-label="Key figures"]')!;
    expect(list.getAttribute("aria-busy")).toBe("true");
    const labels = [...list.querySelectorAll("dt")].map((d) => d.textContent);
    expect(labels).toEqual(["Cost", "Posts", "KOLs", "Reach", "Views", "Engagements", "Engagement rate", "CPV", "CPE", "CPM", "EMV", "EMV per baht"]);
    expect(card(host, "Engagement rate").querySelector(".figure-definition")!.textContent).toContain("÷ views on TikTok and YouTube posts, ÷ reach on Facebook and Instagram");
    expect(card(host, "Cost").querySelector(".figure-value")!.textContent).toBe("");
    expect(host.querySelector("#kol-campaigns-title")!.textContent).toBe("Campaigns");
    expect(host.querySelectorAll(".kol-chart-skeleton")).toHaveLength(3);
    expect(host.querySelector('[role="img"]')).toBeNull();
  });

  it("keeps the key figures' heading and comparison as the same elements when the figures come: they do not paint again", async () => {
    const host = await render({ overview: null, phase: { kind: "loading" } });
    const compared = host.querySelector(".kol-compared");
    const heading = host.querySelector("#kol-figures-title");
    expect(compared?.textContent).toContain("Compared with");
    await act(async () => swap({ overview: overview(), phase: { kind: "ready" } }));
    expect(host.querySelector('progress[aria-label="Loading the KOL figures"]')).toBeNull();
    expect(card(host, "Cost").querySelector(".figure-value")!.textContent).not.toBe("");
    expect(host.querySelector(".kol-compared")).toBe(compared);
    expect(host.querySelector("#kol-figures-title")).toBe(heading);
  });
});

describe("the leaderboard", () => {
  it("sorts by the chosen figure, high to low or low to high", () => {
    expect(names(leaderboardOf(KOLS, choices({ sort: "cost", order: "desc" })))).toEqual(["Aom Sirin", "Ploy Chanisa", "Mild Natcha", "Bank Thanakorn"]);
    expect(names(leaderboardOf(KOLS, choices({ sort: "reach", order: "asc" })))).toEqual(["Bank Thanakorn", "Mild Natcha", "Ploy Chanisa", "Aom Sirin"]);
    expect(names(leaderboardOf(KOLS, choices({ sort: "name", order: "asc" })))).toEqual(["Aom Sirin", "Bank Thanakorn", "Mild Natcha", "Ploy Chanisa"]);
  });

  it("puts a KOL without a value for the figure last, whichever the order", () => {
    expect(names(leaderboardOf(KOLS, choices({ sort: "cpe", order: "asc" })))).toEqual(["Aom Sirin", "Ploy Chanisa", "Mild Natcha", "Bank Thanakorn"]);
    expect(names(leaderboardOf(KOLS, choices({ sort: "cpe", order: "desc" })))).toEqual(["Mild Natcha", "Ploy Chanisa", "Aom Sirin", "Bank Thanakorn"]);
  });

  it("breaks ties by name, so the order never depends on the server's", () => {
    const tied = [kol(9, "Zin", { cost: 5 }), kol(8, "Ann", { cost: 5 })];
    expect(names(leaderboardOf(tied, choices({ sort: "cost", order: "desc" })))).toEqual(["Ann", "Zin"]);
  });

  it("keeps the tier and platform chosen; a picked KOL alone; the input untouched", () => {
    const before = names(KOLS);
    expect(names(leaderboardOf(KOLS, choices({ tier: "micro" })))).toEqual(["Mild Natcha"]);
    expect(names(leaderboardOf(KOLS, choices({ platform: "tiktok" })))).toEqual(["Mild Natcha", "Bank Thanakorn"]);
    expect(names(leaderboardOf(KOLS, choices({ kol: 4 })))).toEqual(["Aom Sirin"]);
    expect(names(kolsInView(KOLS, choices({ platform: "tiktok", kol: 2 })))).toEqual(["Mild Natcha", "Bank Thanakorn"]);
    expect(names(KOLS)).toEqual(before);
  });

  it("narrows the content to the KOLs shown, newest first", () => {
    expect(contentOf(POSTS, KOLS, choices()).map((p) => p.id)).toEqual([3, 2, 4, 1]);
    expect(contentOf(POSTS, KOLS, choices({ kol: 1 })).map((p) => p.id)).toEqual([3, 1]);
    expect(contentOf(POSTS, KOLS, choices({ tier: "mega" })).map((p) => p.id)).toEqual([4]);
    expect(contentOf(POSTS, KOLS, choices({ tier: "nano" }))).toEqual([]);
  });

  it("keeps a campaign's data on screen only while the same campaign loads", () => {
    const data = { kind: "campaign" as const, detail: { campaign: { id: 3 } } as unknown as KolCampaignDetail };
    expect(dataFits({ kind: "campaign", brand: "Tipco", id: 3 }, data)).toBe(true);
    expect(dataFits({ kind: "campaign", brand: "Tipco", id: 4 }, data)).toBe(false);
    expect(dataFits({ kind: "overview", brand: "Tipco", start: "2025-01-01", end: "2025-01-31", platform: null }, data)).toBe(false);
  });
});

describe("the URL's choices", () => {
  it("reads the defaults for what the URL leaves out or cannot be", () => {
    expect(choicesOf({})).toEqual(DEFAULT_KOL_CHOICES);
    expect(choicesOf({ ks: "cpe" })).toEqual({ ...DEFAULT_KOL_CHOICES, sort: "cpe", order: "asc" });
    expect(choicesOf({ ks: "nope", kt: "giga", kp: "myspace", kk: 0 } as never)).toEqual(DEFAULT_KOL_CHOICES);
    expect(choicesOf({ ks: "views", kd: "asc", kt: "nano", kp: "youtube", kk: 7 })).toEqual({ sort: "views", order: "asc", tier: "nano", platform: "youtube", kol: 7 });
    expect(campaignIdOf({ c: 12 })).toBe(12);
    expect(campaignIdOf({ c: 1.5 } as never)).toBeNull();
  });

  it("leaves defaults out of the URL, and reads back what it writes", () => {
    expect(searchOfChoices(DEFAULT_KOL_CHOICES)).toEqual({ ks: undefined, kd: undefined, kt: undefined, kp: undefined, kk: undefined });
    const c = choices({ sort: "engagementRate", order: "asc", tier: "macro", platform: "facebook", kol: 3 });
    const patch = searchOfChoices(c);
    expect(patch).toEqual({ ks: "engagementRate", kd: "asc", kt: "macro", kp: "facebook", kk: 3 });
    expect(choicesOf(patch as never)).toEqual(c);
  });

  it("flips the order on the same figure; another starts in its own order (costs per result low first)", () => {
    expect(sortedBy(choices(), "cost")).toMatchObject({ sort: "cost", order: "asc" });
    expect(sortedBy(choices(), "cpv")).toMatchObject({ sort: "cpv", order: "asc" });
    expect(sortedBy(choices(), "views")).toMatchObject({ sort: "views", order: "desc" });
    expect(defaultOrder("name")).toBe("asc");
    expect(defaultOrder("roi")).toBe("desc");
  });

  it("opens a campaign with a fresh leaderboard, keeping the platform", () => {
    expect(openCampaign(5, choices({ sort: "cpe", tier: "nano", platform: "tiktok", kol: 2 }))).toEqual({ c: 5, ks: undefined, kd: undefined, kt: undefined, kk: undefined, kp: "tiktok" });
    expect(openCampaign(null, choices())).toMatchObject({ c: undefined });
  });
});

describe("formats and charts", () => {
  it("shows — where a ratio has no value, and ratios as people read them", () => {
    expect(orDash(null, money)).toBe("—");
    expect(orDash(1.5, money)).toBe("฿1.50");
    expect(rate(0.04567)).toBe("4.57%");
    expect(roiText(-0.4)).toBe("-40%");
    expect(spentText(null)).toBe("no budget set");
    expect(spentText(0.724)).toBe("72.4% of the budget");
    expect(spentText(1.12)).toBe("112.0%, over budget");
  });

  it("shows sales and ROI only where they are tracked, now or in the compared figures", () => {
    const keys = (now: KolFigures, before: KolFigures | null) => shownFigures(DEFAULT_EMV_VALUES, now, before).map((k) => k.key);
    expect(keys(figures(), figures())).not.toContain("sales");
    expect(keys(figures(), figures())).not.toContain("clicks");
    expect(keys(figures({ sales: 0, roi: -1 }), null)).toEqual(expect.arrayContaining(["sales", "roi"]));
    expect(keys(figures(), figures({ sales: 5_000, roi: 0.2 }))).toContain("roi");
  });

  it("says the brand's EMV values next to EMV, and exports the figures with the compared ones", () => {
    const emv = shownFigures({ ...DEFAULT_EMV_VALUES, views: 0.25 }, figures(), null).find((k) => k.key === "emv")!;
    expect(emv.definition).toContain("฿0.25 a view");
    const t = keyFiguresTable(shownFigures(DEFAULT_EMV_VALUES, figures(), null), figures({ cpv: null }), "Songkran", figures(), "New Year");
    expect(t.columns.map((c) => c.header)).toEqual(["Songkran", "New Year"]);
    expect(t.rows.find((r) => r.label === "CPV")!.values).toEqual([null, 0.1]);
  });

  it("plots one dot per KOL with a CPE, each carrying its KOL id", () => {
    const chart = scatterChart(KOLS, 2, "Songkran");
    const dots = chart.data.flatMap((t) => (t as { customdata: number[] }).customdata);
    expect(dots.sort()).toEqual([1, 2, 4]);
    expect(chart.label).toContain("the lowest CPE is Aom Sirin's, ฿0.90");
    expect(scatterChart([KOLS[2]!], null, "X").label).toContain("no KOL has engagements, reach and a fee yet");
    // Log scales: a free (gifted) KOL has a CPE of 0 and no dot.
    const gifted = scatterChart([kol(5, "Gift", { cost: 0, cpe: 0 })], null, "X");
    expect(gifted.data).toEqual([]);
  });

  it("a platform bar narrows to the platform; the timeline lists the posts by day", () => {
    const o = { byPlatform: [{ platform: "tiktok", ...figures({ cost: 5 }) }, { platform: "youtube", ...figures({ cost: 9 }) }] } as unknown as KolOverview;
    const card = platformCard(o, "March");
    expect(card.table.rows.map((r) => r.click?.value)).toEqual(["youtube", "tiktok"]);
    expect(timelineCard(POSTS, "Songkran").table.rows.map((r) => r.label)).toEqual([
      "2025-03-02 Ploy Chanisa (TikTok)", "2025-03-04 Aom Sirin (TikTok)", "2025-03-05 Mild Natcha (TikTok)", "2025-03-09 Ploy Chanisa (TikTok)",
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// The view

const summary = (id: number, name: string, over: Partial<KolOverview["campaigns"][number]> = {}): KolOverview["campaigns"][number] => ({
  id, name, objective: "awareness", budget: 120_000, start: "2025-03-01", end: "2025-04-30", status: "active", updatedAt: "2025-03-01T10:00:00+07:00",
  spentShare: 0.5, figures: figures({ cost: 60_000 }), ...over,
});

const overview = (over: Partial<KolOverview> = {}): KolOverview => ({
  totals: figures({ cpv: null }), previous: figures({ cost: 80_000 }), unit: "week", series: [{ start: "2025-03-03", ...figures() }],
  byPlatform: [{ platform: "tiktok", ...figures() }], byTier: [{ tier: "micro", ...figures() }],
  campaigns: [summary(3, "Songkran Splash 2025"), summary(2, "New Year Glow", { spentShare: 1.2, status: "completed" })], emv: DEFAULT_EMV_VALUES, ...over,
});

const detail = (over: Partial<KolCampaignDetail> = {}): KolCampaignDetail => ({
  campaign: { id: 3, name: "Songkran Splash 2025", objective: "awareness", budget: 100_000, start: "2025-03-01", end: "2025-04-30", status: "active", updatedAt: "2025-03-01T10:00:00+07:00" },
  figures: figures(),
  previousCampaign: { id: 2, name: "New Year Glow", start: "2024-12-01", end: "2025-01-15", figures: figures({ cpe: 1 }) },
  plan: { budget: 100_000, cost: 112_000, remaining: -12_000, spentShare: 1.12 },
  kols: KOLS,
  bookings: [{ id: 11, campaignId: 3, kolId: 1, deliverables: "1 Reel + 3 stories", fee: 30_000, status: "delivered", updatedAt: "2025-03-01T10:00:00+07:00", kolName: "Ploy Chanisa", platform: "instagram", posts: 2 }],
  posts: POSTS,
  emv: DEFAULT_EMV_VALUES,
  ...over,
});

let root: Root | null = null;
/** Re-renders the view rendered last with other props (as the page does when its answer comes). */
let swap: (over: Partial<KolViewProps>) => void = () => undefined;

function Swappable({ initial }: { initial: KolViewProps }) {
  const [over, setOver] = useState<Partial<KolViewProps>>({});
  swap = setOver;
  return <KolView {...initial} {...over} />;
}

async function render(props: Partial<KolViewProps>): Promise<HTMLElement> {
  const host = document.createElement("div");
  document.body.append(host);
  const d = props.detail ?? null;
  const c = props.choices ?? choices();
  const all: KolViewProps = {
    brand: "Tipco", start: "2025-03-01", end: "2025-03-31", phase: { kind: "ready" }, campaignId: null, overview: null, detail: null, choices: c,
    leaderboard: d === null ? [] : leaderboardOf(d.kols, c), kolsInView: d === null ? [] : kolsInView(d.kols, c), content: d === null ? [] : contentOf(d.posts, d.kols, c),
    linkTo: (id) => (id === null ? {} : { c: id }), onSort: vi.fn(), onOrder: vi.fn(), onTier: vi.fn(), onPlatform: vi.fn(), onPickKol: vi.fn(), onClearFilters: vi.fn(), onRetry: vi.fn(),
    actions: { onNewCampaign: vi.fn(), onEditCampaign: vi.fn(), onDeleteCampaign: vi.fn(), onAddBooking: vi.fn(), onEditBooking: vi.fn(), onDeleteBooking: vi.fn(), onEmv: vi.fn(), onImport: vi.fn() },
    ...props,
  };
  const rootRoute = createRootRoute({ component: () => <Swappable initial={all} /> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ["/campaign"] }) });
  await router.load();
  root = createRoot(host);
  await act(async () => root?.render(<RouterProvider router={router} />));
  return host;
}

afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = "";
});

const card = (host: HTMLElement, label: string) => {
  const dt = [...host.querySelectorAll("dt")].find((d) => d.textContent === label);
  if (dt === undefined) throw new Error(`no card ${label}`);
  return dt.parentElement as HTMLElement;
};
const buttonNamed = (host: HTMLElement, name: string) => [...host.querySelectorAll("button")].find((b) => (b.getAttribute("aria-label") ?? b.textContent?.trim()) === name);

describe("the overview", () => {
  it("shows each figure with its value ('—' without one), its change and its definition, and the campaigns with spend against budget", async () => {
    const host = await render({ overview: overview() });
    expect(card(host, "Cost").querySelector(".figure-value")!.textContent).toBe("฿100,000.00");
    expect(card(host, "Cost").querySelector(".figure-change")!.textContent).toContain("25.0 %");
    expect(card(host, "CPV").querySelector(".figure-value")!.textContent).toContain("—");
    expect(card(host, "Engagement rate").querySelector(".figure-definition")!.textContent).toContain("÷ views on TikTok and YouTube posts, ÷ reach on Facebook and Instagram");
    const rows = [...host.querySelectorAll(".kol-table tbody tr")];
    expect(rows.map((r) => r.querySelector("th")!.textContent)).toEqual(["Songkran Splash 2025", "New Year Glow"]);
    expect(rows[0]!.querySelector("a")!.getAttribute("href")).toContain("c=3");
    expect(rows[1]!.querySelector(".kol-spend-over [role=img]")!.getAttribute("aria-label")).toContain("120.0%, over budget");
  });

  it("says there is no KOL campaign in the range, with the New campaign button", async () => {
    const empty = overview({ campaigns: [], totals: figures({ cost: 0, posts: 0 }) });
    const actions = { onNewCampaign: vi.fn(), onEditCampaign: vi.fn(), onDeleteCampaign: vi.fn(), onAddBooking: vi.fn(), onEditBooking: vi.fn(), onDeleteBooking: vi.fn(), onEmv: vi.fn(), onImport: vi.fn() };
    const host = await render({ overview: empty, actions });
    expect(host.querySelector(".empty-state")!.textContent).toContain(noCampaigns());
    const buttons = [...host.querySelectorAll(".empty-state button")];
    expect(buttons.map((b) => b.textContent!.trim())).toEqual(["New campaign"]);
    await act(async () => (buttons[0] as HTMLButtonElement).click());
    expect(actions.onNewCampaign).toHaveBeenCalledOnce();
  });

  it("says why the figures could not be loaded, with Try again", async () => {
    const onRetry = vi.fn();
    const host = await render({ phase: { kind: "failed", error: "The server could not be reached." }, onRetry });
    expect(host.querySelector("[role=alert]")!.textContent).toContain("The server could not be reached.");
    await act(async () => buttonNamed(host, "Try again")!.click());
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

describe("a campaign", () => {
  it("compares its figures with the brand's previous campaign, by name", async () => {
    const d = detail();
    const host = await render({ campaignId: 3, detail: { ...d, previousCampaign: { ...d.previousCampaign!, figures: figures({ cpe: 1, cpv: null }) } } });
    expect(host.querySelector("h1")!.textContent).toBe("Songkran Splash 2025");
    expect(host.querySelector(".kol-compared")!.textContent).toContain("previous campaign, New Year Glow (2024-12-01 – 2025-01-15)");
    const cpe = card(host, "CPE").querySelector(".figure-change")!;
    expect(cpe.textContent).toContain("vs New Year Glow");
    // CPE ฿2 against ฿1: up 100 %, bad news for a cost per engagement.
    expect(cpe.querySelector(".change-badge")!.className).toContain("change-bad");
    expect(cpe.querySelector(".visually-hidden")!.textContent).toBe("up 100.0 % on New Year Glow, bad");
    // CPV has no value in the previous campaign: no percent, said in words.
    const cpv = card(host, "CPV").querySelector(".figure-change")!;
    expect(cpv.querySelector("[aria-hidden=true]")!.textContent).toBe("no value to compare in New Year Glow");
  });

  it("shows no change without a previous campaign, and says so", async () => {
    const host = await render({ campaignId: 3, detail: detail({ previousCampaign: null }) });
    expect(host.querySelector(".kol-compared")!.textContent).toContain("no previous campaign to compare with");
    expect(host.querySelectorAll(".kol-summary .figure-change")).toHaveLength(0);
  });

  it("shows over budget as bad", async () => {
    const host = await render({ campaignId: 3, detail: detail() });
    expect(card(host, "Remaining").querySelector(".kol-over")!.textContent).toBe("฿12,000.00 over");
    expect(card(host, "Spent").textContent).toContain("112.0%, over budget");
  });

  it("opens each post in a new tab without handing the page over, and names the booking of each KOL on its buttons", async () => {
    const host = await render({ campaignId: 3, detail: detail() });
    const links = [...host.querySelectorAll(".kol-content a")];
    expect(links).toHaveLength(4);
    for (const a of links) {
      expect(a.getAttribute("target")).toBe("_blank");
      expect(a.getAttribute("rel")).toBe("noopener noreferrer");
    }
    expect(buttonNamed(host, "Edit the booking of Ploy Chanisa")).toBeDefined();
    expect(buttonNamed(host, "Delete the booking of Ploy Chanisa")).toBeDefined();
  });

  it("lists the leaderboard in the chosen order, and a name shows only that KOL", async () => {
    const onPickKol = vi.fn();
    const host = await render({ campaignId: 3, detail: detail(), choices: choices({ sort: "cpe", order: "asc" }), onPickKol });
    // The leaderboard's chunk comes when a campaign is shown.
    for (let i = 0; i < 200 && host.querySelector(".kol-leaderboard tbody tr") === null; i++) await act(async () => new Promise((r) => setTimeout(r, 25)));
    const first = [...host.querySelectorAll(".kol-leaderboard tbody tr")].map((r) => r.querySelector(".kol-lb-name button, .kol-lb-name span")!.textContent);
    expect(first).toEqual(["Aom Sirin", "Ploy Chanisa", "Mild Natcha", "Bank Thanakorn"]);
    await act(async () => buttonNamed(host, "Show only Mild Natcha")!.click());
    expect(onPickKol).toHaveBeenCalledWith(2);
  });

  it("offers Add booking and the import when the campaign has no booking yet", async () => {
    const host = await render({ campaignId: 3, detail: detail({ kols: [], posts: [], bookings: [] }) });
    expect(host.querySelector(".empty-state")!.textContent).toContain("No bookings in this campaign yet");
    expect([...host.querySelectorAll(".empty-state button")].map((b) => b.textContent!.trim())).toEqual(["Add booking", "Import tracking sheet"]);
  });
});

describe("in Thai with Buddhist-Era years", () => {
  afterEach(() => activateLocale({ language: "en", calendar: "gregorian" }));

  it("shows the campaign's words in Thai and its dates in BE", async () => {
    await loadLanguage("th");
    activateLocale({ language: "th", calendar: "buddhist" });
    const host = await render({ campaignId: 3, detail: detail() });
    expect(host.querySelector("h2#kol-figures-title")!.textContent).toBe("ตัวเลขสำคัญ");
    expect(card(host, "ค่าใช้จ่าย").querySelector(".figure-definition")!.textContent).toContain("ค่าตัวที่ตกลง");
    // The previous campaign's span and the posts' days in BE years.
    expect(host.querySelector(".kol-compared")!.textContent).toContain("2567-12-01 – 2568-01-15");
    expect(host.querySelector(".kol-content tbody td")!.textContent).toBe("2568-03-09");
    expect(host.textContent).toContain("ลีดเดอร์บอร์ด KOL");
    expect(host.textContent).not.toContain("Key figures");
  });
});
