// @vitest-environment happy-dom
// The Ads page's view (issue 15): the figure cards with value ("—" where a ratio has no
// denominator), change (a rise of CPM, CPC, cost per result or frequency is bad news) and
// formula; the charts' clicks (channel, objective); the campaign table's breadcrumb, sort and
// drill-down; pacing against the KPI plan; the URL of the table; the empty and failed states.
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { beforeAll, afterEach, describe, expect, it, vi } from "vitest";
import type { AdFigures, AdsFigures, AdsRow } from "../../domain/adsContract";
import type { KpiPlan, KpiTemplate } from "../../domain/entities";
import { KpiParamKeys } from "../../domain/entities";
import type { AdsTable } from "../../machines/ads/adsTableMachine";
import type { PagePhase } from "../../machines/shared/pageLoad";
import { clickOfPoint } from "@/components/charts/chartCard";
import { channelCard, objectiveCard, spendOverTimeCard } from "@/features/ads/adsFormat";
import { ApiCallError } from "@/api/client";
import { loadAdsTable } from "@/features/ads/adsActors";
import { adsPacingOf, pacingTable } from "@/features/ads/adsPacing";
import { adsRequestOf, channelOf } from "@/features/ads/adsRequest";
import { adsSearchOf, adsTableOf, drilledInto, FIRST_ADS_TABLE, sortedBy, upTo } from "@/features/ads/adsSearch";
import { AdsTableView, type AdsTableProps } from "@/features/ads/AdsTable";
import { AdsView, noAds, nothingSent, type AdsViewProps } from "@/features/ads/AdsView";

import { activateLocale, loadAppMessages, loadLanguage } from "@/i18n/i18n";
import { nextFrame } from "../support/async";

beforeAll(async () => {
  await loadAppMessages();
});

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// Plotly is not drawn here: the charts are checked through their tables and words.
vi.mock("@/components/charts/LazyPlot", () => ({ LazyPlot: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));
// The table's load, without a server: each test says what the call answers.
const authedCall = vi.hoisted(() => vi.fn());
vi.mock("@/app/api", () => ({ authedCall }));

const sums = (over: Partial<AdFigures> = {}): AdFigures => ({
  spend: 12_000, impressions: 1_000_000, reach: 400_000, clicks: 8_000, videoViews: 30_000, results: 240, purchaseValue: 48_000,
  ctr: 0.008, cpm: 12, cpc: 1.5, frequency: 2.5, costPerResult: 50, roas: 4, ...over,
});

const row = (over: Partial<AdsRow> = {}): AdsRow => ({
  id: "c1", name: "Songkran 2024", channel: "facebook", account: "act_1", campaignId: "c1", objective: "sales", status: "active",
  budget: null, budgetKind: null, optimisationGoal: null, format: null, resultType: "Purchases", ...sums(), ...over,
});

const table = (over: Partial<AdsTable> = {}): AdsTable => ({
  level: "campaign", campaign: null, adSet: null, rows: [row(), row({ id: "c2", campaignId: "c2", name: "Always on", status: "paused", ctr: null, roas: null })],
  total: 2, page: 1, pageSize: 20, sort: "spend", order: "desc", ...over,
});

const figures = (current: Partial<AdFigures> = {}, previous: Partial<AdFigures> = {}): AdsFigures => ({
  totals: sums(current),
  previous: sums(previous),
  unit: "week",
  series: [
    { start: "2024-03-01", ...sums({ spend: 4_000, results: 80 }) },
    { start: "2024-03-04", ...sums({ spend: 8_000, results: 160 }) },
  ],
  byChannel: [
    { channel: "tiktok", ...sums({ spend: 3_000 }) },
    { channel: "facebook", ...sums({ spend: 9_000 }) },
  ],
  byObjective: [
    { objective: "sales", ...sums({ spend: 7_000, results: 140 }) },
    { objective: "messages", ...sums({ spend: 5_000, results: 100, purchaseValue: null, roas: null }) },
  ],
  table: table(),
  campaigns: [],
});

let root: Root | null = null;
async function render(node: React.ReactNode): Promise<HTMLElement> {
  const host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root?.render(node));
  await act(nextFrame);
  return host;
}

afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = "";
});

const noop = () => {};
const props = (over: Partial<AdsViewProps> = {}): AdsViewProps => ({
  brand: "Tipco", channel: "All Channel", start: "2024-03-01", end: "2024-03-31", today: "2024-03-16", clicks: [], canUndo: false, canRedo: false,
  figures: figures(), kpi: { kind: "none" }, nothingMatches: false, phase: { kind: "ready" }, table: null, onFilter: noop, onRemoveClick: noop,
  onUndo: noop, onRedo: noop, onClearClicks: noop, onRetry: noop, ...over,
});

function cards(host: HTMLElement): Map<string, { value: string; change: string; tone: string; definition: string }> {
  const list = host.querySelector('dl[aria-label="Key figures"]')!;
  return new Map(
    [...list.querySelectorAll(".figure-card")].map((c) => [
      c.querySelector("dt")!.textContent!,
      {
        value: c.querySelector(".figure-value")!.textContent!.trim(),
        change: c.querySelector(".figure-change")?.textContent?.trim() ?? "",
        tone: c.querySelector(".change-badge")?.className ?? "",
        definition: c.querySelector(".figure-definition")?.textContent ?? "",
      },
    ]),
  );
}

describe("the Ads figure cards", () => {
  it("show the twelve figures with value, formula and change", async () => {
    const host = await render(<AdsView {...props()} />);
    const c = cards(host);
    expect([...c.keys()]).toEqual(["Spend", "Impressions", "Reach", "Frequency", "Clicks", "CTR", "CPM", "CPC", "Results", "Cost per result", "Purchase value", "ROAS"]);
    expect(c.get("Spend")!.value).toBe("฿12,000.00");
    expect(c.get("CTR")!.value).toBe("0.8%");
    expect(c.get("Frequency")!.value).toBe("2.5×");
    expect(c.get("ROAS")!.value).toBe("4×");
    expect(c.get("CPM")!.definition).toContain("Spend ÷ impressions × 1,000");
    expect(c.get("CTR")!.definition).toContain("Clicks ÷ impressions");
    expect(c.get("Cost per result")!.definition).toContain("Spend ÷ results");
    expect(c.get("ROAS")!.definition).toContain("Purchase value ÷ spend");
    expect(c.get("Frequency")!.definition).toContain("Impressions ÷ reach");
    expect(host.textContent).toContain("Compared with 2024-01-30 to 2024-02-29, the 31 days before.");
  });

  it("show “—” for a ratio without denominator and for a purchase value never given", async () => {
    const host = await render(<AdsView {...props({ figures: figures({ clicks: 0, ctr: 0, cpc: null, results: 0, costPerResult: null, purchaseValue: null, roas: null }) })} />);
    const c = cards(host);
    expect(c.get("CPC")!.value).toBe("—no clicks, so no CPC");
    expect(c.get("Cost per result")!.value).toBe("—no results, so no cost per result");
    expect(c.get("Purchase value")!.value).toBe("—no purchase value in the data");
    expect(c.get("ROAS")!.value).toBe("—no purchase value or no spend, so no ROAS");
    // No value, nothing to compare: no arrow claims a change.
    expect(c.get("ROAS")!.tone).toContain("change-none");
  });

  it("colour a rise of CPM, CPC, cost per result and frequency as bad, a rise of CTR, results and ROAS as good", async () => {
    const up = { cpm: 15, cpc: 2, costPerResult: 60, frequency: 3, ctr: 0.01, results: 300, roas: 5 };
    const host = await render(<AdsView {...props({ figures: figures(up) })} />);
    const c = cards(host);
    for (const bad of ["CPM", "CPC", "Cost per result", "Frequency"]) {
      expect(c.get(bad)!.tone, bad).toContain("change-bad");
      expect(c.get(bad)!.change, bad).toMatch(/▲/);
    }
    for (const good of ["CTR", "Results", "ROAS"]) expect(c.get(good)!.tone, good).toContain("change-good");
    // Spend is neither good nor bad.
    const spent = await render(<AdsView {...props({ figures: figures({ spend: 15_000 }) })} />);
    expect(cards(spent).get("Spend")!.tone).toContain("change-neutral");
  });

  it("colour a fall of CPM as good", async () => {
    const host = await render(<AdsView {...props({ figures: figures({ cpm: 10 }) })} />);
    expect(cards(host).get("CPM")!.tone).toContain("change-good");
    expect(cards(host).get("CPM")!.change).toMatch(/▼/);
  });

  it("say that nothing is sent to the ad platforms", async () => {
    const host = await render(<AdsView {...props()} />);
    expect(host.textContent).toContain(nothingSent());
  });

  it("show the empty state when nothing ran, and Try again when the load failed", async () => {
    const retry = vi.fn();
    const zero = { spend: 0, impressions: 0, clicks: 0, results: 0, reach: 0, ctr: null, cpm: null, cpc: null, frequency: null, costPerResult: null, roas: null, purchaseValue: null };
    const empty = await render(<AdsView {...props({ figures: figures(zero) })} />);
    expect(empty.textContent).toContain(noAds());
    expect(empty.querySelectorAll(".chart-card").length).toBe(0);
    await act(async () => root?.unmount());
    const failed = await render(<AdsView {...props({ figures: null, phase: { kind: "failed", error: "The server could not be reached." }, onRetry: retry })} />);
    expect(failed.querySelector('[role="alert"]')!.textContent).toContain("The server could not be reached.");
    const button = [...failed.querySelectorAll("button")].find((b) => b.textContent?.includes("Try again"))!;
    await act(async () => button.click());
    expect(retry).toHaveBeenCalledTimes(1);
  });
});

describe("the Ads page before its first answer (issue 19)", () => {
  it("paints the layout: the key figures' heading, actions, comparison and busy cards with their labels and formulas, a block per chart, the pacing's heading and the table", async () => {
    const host = await render(<AdsView {...props({ figures: null, kpi: null, phase: { kind: "loading" }, table: <p id="the-table">table</p> })} />);
    expect(host.querySelector('progress[aria-label="Loading the ad figures"]')).not.toBeNull();
    expect(host.querySelector("#ads-figures-title")!.textContent).toBe("Key figures");
    expect(host.textContent).toContain("Compared with 2024-01-30 to 2024-02-29");
    const list = host.querySelector('dl[aria-label="Key figures"]')!;
    expect(list.getAttribute("aria-busy")).toBe("true");
    const c = cards(host);
    expect([...c.keys()]).toEqual(["Spend", "Impressions", "Reach", "Frequency", "Clicks", "CTR", "CPM", "CPC", "Results", "Cost per result", "Purchase value", "ROAS"]);
    expect(c.get("CPM")!.definition).toContain("Spend ÷ impressions × 1,000");
    expect([...c.values()].every((card) => card.value === "")).toBe(true);
    expect(list.querySelectorAll('.skeleton-line[aria-hidden="true"]')).toHaveLength(24);
    const csv = host.querySelector<HTMLButtonElement>('button[aria-label="Download the key figures as CSV"]')!;
    expect(csv.disabled).toBe(true);
    expect(host.querySelectorAll(".ads-chart-skeleton")).toHaveLength(3);
    expect(host.querySelector("#ads-pacing-title")!.textContent).toBe("Pacing against the KPI plan");
    expect(host.querySelector("#the-table")).not.toBeNull();
    expect(host.querySelector('[role="img"]')).toBeNull();
  });

  it("keeps the comparison and the cards' definitions as the same elements when the figures come: they do not paint again", async () => {
    const host = await render(<AdsView {...props({ figures: null, kpi: null, phase: { kind: "loading" } })} />);
    const compared = host.querySelector(".ads-compared");
    const definition = host.querySelector(".figure-definition");
    await act(async () => root?.render(<AdsView {...props({ kpi: null })} />));
    expect(host.querySelector('progress[aria-label="Loading the ad figures"]')).toBeNull();
    expect(cards(host).get("Spend")!.value).not.toBe("");
    expect(host.querySelector(".ads-compared")).toBe(compared);
    expect(host.querySelector(".figure-definition")).toBe(definition);
  });

  it("shows only the failure, with Try again, when the first load failed", async () => {
    const host = await render(<AdsView {...props({ figures: null, kpi: null, phase: { kind: "failed", error: "The server could not be reached." } })} />);
    expect(host.textContent).toContain("The server could not be reached.");
    expect(host.querySelector('[aria-busy="true"]')).toBeNull();
    expect(host.querySelector("progress")).toBeNull();
  });
});

describe("the Ads charts", () => {
  it("are spend and results over time, by channel and by objective, named by their figures", async () => {
    const host = await render(<AdsView {...props()} />);
    expect([...host.querySelectorAll(".chart-card h2")].map((h) => h.textContent)).toEqual(["Spend and results over time", "Spend by channel", "Spend by objective"]);
    expect(spendOverTimeCard(figures(), "2024-03-01 to 2024-03-31").chart.label).toBe(
      "Spend and results per week, 2024-03-01 to 2024-03-31: ฿12,000.00 spent for 240 results, cost per result ฿50.00.",
    );
  });

  it("come a frame after the key figures, with the pacing, so the figures' arrival is two frames of layout (issue 19)", async () => {
    const host = document.createElement("div");
    document.body.append(host);
    root = createRoot(host);
    await act(async () => root?.render(<AdsView {...props({ figures: null, kpi: null, phase: { kind: "loading" } })} />));
    await act(nextFrame);
    await act(async () => root?.render(<AdsView {...props({ kpi: { kind: "none" } })} />));
    // The frame that brings the figures: the key figures' values, the charts' and the pacing's places.
    expect(cards(host).get("Spend")!.value).toBe("฿12,000.00");
    expect(host.querySelectorAll(".chart-card h2")).toHaveLength(0);
    expect(host.querySelectorAll(".ads-chart-skeleton")).toHaveLength(3);
    expect(host.querySelector(".ads-pacing")!.textContent).not.toContain("No KPI template is selected");
    await act(nextFrame);
    expect([...host.querySelectorAll(".chart-card h2")].map((h) => h.textContent)).toEqual(["Spend and results over time", "Spend by channel", "Spend by objective"]);
    expect(host.querySelectorAll(".ads-chart-skeleton")).toHaveLength(0);
    expect(host.querySelector(".ads-pacing")!.textContent).toContain("No KPI template is selected");
  });

  it("stand a channel bar for its channel's click and an objective bar for its objective's", () => {
    const channels = channelCard(figures(), "r");
    expect(channels.table.rows.map((r) => r.label)).toEqual(["Facebook", "TikTok"]);
    expect(clickOfPoint(channels, { customdata: 1, pointIndex: 1 })).toEqual({ field: "adChannels", value: "tiktok", label: "TikTok" });
    const objectives = objectiveCard(figures(), "r");
    expect(clickOfPoint(objectives, { customdata: 0, pointIndex: 0 })).toEqual({ field: "objectives", value: "sales", label: "Sales" });
  });
});

describe("the chart clicks in the request", () => {
  const scope = { brand: "Tipco", start: "2024-03-01", end: "2024-03-31", channel: "All Channel", accounts: [] } as const;
  const click = (field: "adChannels" | "objectives", value: string, at = 1) => ({ field, value, label: value, at });

  it("narrow to the clicked channel within the top bar's, and match nothing when they exclude each other", () => {
    expect(channelOf("All Channel", [click("adChannels", "tiktok")])).toBe("TikTok");
    expect(channelOf("All Channel", [click("adChannels", "tiktok"), click("adChannels", "facebook")])).toBe("All Channel");
    expect(channelOf("Facebook", [click("adChannels", "facebook")])).toBe("Facebook");
    expect(channelOf("Facebook", [click("adChannels", "tiktok")])).toBeNull();
    expect(adsRequestOf({ ...scope, channel: "Facebook" }, [click("adChannels", "tiktok")])).toBeNull();
  });

  it("take the latest objective click, and the accounts only when some are chosen", () => {
    expect(adsRequestOf(scope, [click("objectives", "sales"), click("objectives", "leads", 2)])).toEqual({ ...scope, objective: "leads", accounts: undefined } as never);
  });
});

describe("the campaign table", () => {
  const tableProps = (over: Partial<AdsTableProps> = {}): AdsTableProps => ({
    query: FIRST_ADS_TABLE, phase: { kind: "loaded", data: table() } as PagePhase<AdsTable>, onSort: noop, onPage: noop, onDrill: noop, onUp: noop,
    onRetry: noop, onExport: noop, exporting: false, ...over,
  });

  it("shows status, objective and every figure, “—” where a ratio has no value", async () => {
    const host = await render(<AdsTableView {...tableProps()} />);
    const headers = [...host.querySelectorAll("thead th")].map((th) => th.textContent);
    expect(headers).toEqual(["Name", "Status", "Spend", "Results", "Cost per result", "CTR", "CPM", "Frequency", "ROAS"]);
    const second = [...host.querySelectorAll("tbody tr")][1]!;
    expect(second.querySelector("th")!.textContent).toContain("Always on");
    expect(second.querySelector("th")!.textContent).toContain("Facebook · Sales");
    expect([...second.querySelectorAll("td")].map((td) => td.textContent)).toEqual(["Paused", "฿12,000.00", "240", "฿50.00", "—", "฿12.00", "2.5×", "—"]);
    expect(host.querySelector('th[aria-sort="descending"]')!.textContent).toBe("Spend");
  });

  it("sorts by a header, drills into a campaign by its name, and shows where it is in the breadcrumb", async () => {
    const onSort = vi.fn();
    const onDrill = vi.fn();
    const host = await render(<AdsTableView {...tableProps({ onSort, onDrill })} />);
    const nav = host.querySelector('nav[aria-label="Breadcrumb"]')!;
    expect(nav.textContent).toBe("All campaigns");
    expect(nav.querySelector('[aria-current="page"]')!.textContent).toBe("All campaigns");
    await act(async () => [...host.querySelectorAll("thead button")].find((b) => b.textContent === "CTR")!.dispatchEvent(new MouseEvent("click", { bubbles: true })));
    expect(onSort).toHaveBeenCalledWith("ctr");
    await act(async () => [...host.querySelectorAll("tbody button")].find((b) => b.textContent === "Songkran 2024")!.dispatchEvent(new MouseEvent("click", { bubbles: true })));
    expect(onDrill).toHaveBeenCalledWith(expect.objectContaining({ id: "c1" }));
  });

  it("at the ads of an ad set, the breadcrumb reads All campaigns › campaign › ad set and goes up", async () => {
    const onUp = vi.fn();
    const query = { ...FIRST_ADS_TABLE, level: "ad" as const, campaign: "c1", adSet: "s1" };
    const data = table({ level: "ad", campaign: { id: "c1", name: "Songkran 2024" }, adSet: { id: "s1", name: "Bangkok 25-44" }, rows: [row({ id: "a1", name: "Video 15s", status: null, objective: null, format: "video" })], total: 1 });
    const host = await render(<AdsTableView {...tableProps({ query, phase: { kind: "loaded", data }, onUp })} />);
    const nav = host.querySelector('nav[aria-label="Breadcrumb"]')!;
    expect(nav.textContent!.replace(/\s+/g, " ")).toBe("All campaigns›Songkran 2024›Bangkok 25-44".replace(/\s+/g, " "));
    expect(nav.querySelector('[aria-current="page"]')!.textContent).toBe("Bangkok 25-44");
    // Ads are the last level: their names drill nowhere; no status column.
    expect(host.querySelector("tbody button")).toBeNull();
    expect([...host.querySelectorAll("thead th")].map((th) => th.textContent)).not.toContain("Status");
    const buttons = [...nav.querySelectorAll("button")];
    expect(buttons.map((b) => b.textContent)).toEqual(["All campaigns", "Songkran 2024"]);
    await act(async () => buttons[1]!.dispatchEvent(new MouseEvent("click", { bubbles: true })));
    expect(onUp).toHaveBeenCalledWith("adSet");
    await act(async () => buttons[0]!.dispatchEvent(new MouseEvent("click", { bubbles: true })));
    expect(onUp).toHaveBeenLastCalledWith("campaign");
  });
});

describe("the table in the URL", () => {
  it("reads a level only with the ids it needs", () => {
    expect(adsTableOf({})).toEqual(FIRST_ADS_TABLE);
    expect(adsTableOf({ lvl: "ad", cmp: "c1" }).level).toBe("campaign");
    expect(adsTableOf({ lvl: "adSet", cmp: "c1", sort: "ctr", dir: "asc", pg: 2 })).toEqual({ level: "adSet", campaign: "c1", adSet: null, sort: "ctr", order: "asc", page: 2 });
  });

  it("drills down and up again, starting each level on page 1, and leaves the defaults out", () => {
    const onPage3 = { ...FIRST_ADS_TABLE, page: 3 };
    const sets = drilledInto(onPage3, "c1");
    expect(sets).toMatchObject({ level: "adSet", campaign: "c1", page: 1 });
    const ads = drilledInto(sets, "s1");
    expect(adsSearchOf(ads)).toEqual({ lvl: "ad", cmp: "c1", set: "s1", sort: undefined, dir: undefined, pg: undefined });
    expect(adsSearchOf(upTo(ads, "campaign"))).toEqual({ lvl: undefined, cmp: undefined, set: undefined, sort: undefined, dir: undefined, pg: undefined });
    expect(upTo(ads, "adSet")).toMatchObject({ level: "adSet", campaign: "c1", adSet: null });
  });

  it("flips the order of the sorted column, sorts another from the highest (names from A)", () => {
    expect(sortedBy(FIRST_ADS_TABLE, "spend").order).toBe("asc");
    expect(sortedBy(FIRST_ADS_TABLE, "cpm")).toMatchObject({ sort: "cpm", order: "desc" });
    expect(sortedBy(FIRST_ADS_TABLE, "name")).toMatchObject({ sort: "name", order: "asc" });
  });
});

describe("pacing against the KPI plan", () => {
  const plan = (over: Partial<Record<(typeof KpiParamKeys)[number], { kpi: string | number; budget: string | number }>>): KpiPlan =>
    ({ setMonth: [], ...Object.fromEntries(KpiParamKeys.map((k) => [k, over[k] ?? { kpi: "", budget: "" }])) }) as unknown as KpiPlan;
  const template = (ads: KpiPlan): KpiTemplate => ({ title: "Q1 plan", Budget: 50_000, MA: plan({}), ADS: ads, RFM: [] });

  it("gives the budget, the spend and the spend expected at even pacing, and each target against the ad figures", () => {
    const t = template(plan({ reach: { kpi: 1_000_000, budget: 20_000 }, conversion: { kpi: 400, budget: 11_000 }, engagement: { kpi: 5_000, budget: "" } }));
    const p = adsPacingOf(t, figures(), { start: "2024-03-01", end: "2024-03-31" }, "2024-03-16");
    expect(p).toMatchObject({ budget: 31_000, spend: 12_000, elapsedDays: 16, totalDays: 31, expectedSpend: 16_000 });
    expect(p.pacePercent).toBe(75);
    expect(p.params.map((r) => [r.label, r.target, r.actual])).toEqual([["Reach", 1_000_000, 400_000], ["Engagement", 5_000, null], ["Conversion", 400, 140]]);
  });

  it("says how to choose a template when none is selected, and shows the plan when one is", async () => {
    const none = await render(<AdsView {...props()} />);
    expect(none.querySelector(".ads-pacing")!.textContent).toContain("No KPI template is selected. Choose one in KPI Setting");
    await act(async () => root?.unmount());
    const kpi = { kind: "ready" as const, template: template(plan({ click: { kpi: 10_000, budget: 31_000 } })) };
    const host = await render(<AdsView {...props({ kpi })} />);
    const section = host.querySelector(".ads-pacing")!;
    expect(section.textContent).toContain("Template Q1 plan: day 16 of 31.");
    expect([...section.querySelectorAll(".figure-card")].map((c) => c.querySelector(".figure-value")!.textContent)).toEqual(["฿31,000.00", "฿12,000.00", "฿16,000.00", "75%"]);
    expect([...section.querySelectorAll("tbody td")].map((td) => td.textContent)).toEqual(["10,000", "5,161", "8,000", "80%", "link clicks"]);
    expect(section.querySelector('button[aria-label="Download the pacing against the KPI plan as CSV"]')).not.toBeNull();
    expect(none.querySelector('button[aria-label="Download the pacing against the KPI plan as CSV"]')).toBeNull();
  });

  it("exports the pacing as a table: spend against the budget, then each target, expected, actual and percent", () => {
    const t = template(plan({ reach: { kpi: 1_000_000, budget: 20_000 }, engagement: { kpi: 5_000, budget: "" } }));
    const table = pacingTable(adsPacingOf(t, figures(), { start: "2024-03-01", end: "2024-03-31" }, "2024-03-16"), "2024-03-01 to 2024-03-31");
    expect(table.columns.map((c) => c.header)).toEqual(["Target", "Expected to date", "Actual", "% of target"]);
    expect(table.rows.map((r) => [r.label, ...r.values])).toEqual([
      ["Spend (THB)", 20_000, 10_322.58, 12_000, 60],
      ["Reach", 1_000_000, 516_129.03, 400_000, 40],
      ["Engagement", 5_000, 2_580.65, null, null],
    ]);
  });
});

describe("a hand-typed table URL", () => {
  it("is no id when the router read it as a number, and no sort or page it does not know", () => {
    expect(adsTableOf({ lvl: "adSet", cmp: 120580436454023870 as unknown as string })).toEqual(FIRST_ADS_TABLE);
    expect(adsTableOf({ sort: "bogus" as never, dir: "up" as never, pg: 0 })).toEqual(FIRST_ADS_TABLE);
  });
});

describe("the /ads route's own params", () => {
  it("keeps the valid ones and drops the others", async () => {
    const { validateRouteSearch } = await import("@/app/viewSearchParams");
    expect(validateRouteSearch("/ads", { lvl: "ad", cmp: "120210000000001", set: "120210000000002", sort: "cpm", dir: "asc", pg: 3 })).toEqual({
      lvl: "ad", cmp: "120210000000001", set: "120210000000002", sort: "cpm", dir: "asc", pg: 3,
    });
    expect(validateRouteSearch("/ads", { lvl: "campaigns", cmp: "", sort: "bogus", dir: "up", pg: 0, set: "s1" })).toEqual({ set: "s1" });
  });
});

describe("a campaign drilled into that is no longer in view", () => {
  const query = { request: { brand: "Tipco", start: "2024-03-01", end: "2024-03-31", channel: "TikTok" }, level: "adSet", parent: "c1", sort: "spend", order: "desc", page: 1 } as const;

  it("loads as an empty table the page explains, not as a failure to try again", async () => {
    authedCall.mockRejectedValueOnce(new ApiCallError(400, "invalid_body", "parent: is not a campaign of the brand in view"));
    const empty = await loadAdsTable(query, new AbortController().signal);
    expect(empty).toMatchObject({ level: "adSet", campaign: null, rows: [], total: 0 });
    const host = await render(
      <AdsTableView query={{ ...FIRST_ADS_TABLE, level: "adSet", campaign: "c1" }} phase={{ kind: "empty", data: empty }} onSort={noop} onPage={noop} onDrill={noop} onUp={noop} onRetry={noop} onExport={noop} exporting={false} />,
    );
    expect(host.textContent).toContain("The campaign drilled into is not in view (another brand, channel, accounts or chart filter): go back to All campaigns.");
    expect(host.querySelector('nav[aria-label="Breadcrumb"] button')!.textContent).toBe("All campaigns");
  });

  it("still fails on any other refusal", async () => {
    authedCall.mockRejectedValueOnce(new ApiCallError(400, "invalid_body", "end: must not be before start"));
    await expect(loadAdsTable(query, new AbortController().signal)).rejects.toThrow("end: must not be before start");
  });
});

describe("the breadcrumb's names", () => {
  it("are the names seen in the rows, while the next level loads and once it is out of view", async () => {
    const common = { onSort: noop, onPage: noop, onDrill: noop, onUp: noop, onRetry: noop, onExport: noop, exporting: false };
    const host = await render(<AdsTableView {...common} query={FIRST_ADS_TABLE} phase={{ kind: "loaded", data: table() }} />);
    const drilled = { ...FIRST_ADS_TABLE, level: "adSet" as const, campaign: "c1" };
    await act(async () => root?.render(<AdsTableView {...common} query={drilled} phase={{ kind: "loading", data: table() }} />));
    expect(host.querySelector('nav[aria-label="Breadcrumb"] [aria-current="page"]')!.textContent).toBe("Songkran 2024");
    const gone = table({ level: "adSet", rows: [], total: 0 });
    await act(async () => root?.render(<AdsTableView {...common} query={drilled} phase={{ kind: "empty", data: gone }} />));
    expect(host.querySelector('nav[aria-label="Breadcrumb"] [aria-current="page"]')!.textContent).toBe("Songkran 2024");
  });
});

describe("in Thai with Buddhist-Era dates", () => {
  afterEach(() => activateLocale({ language: "en", calendar: "gregorian" }));

  it("shows the page's words in Thai and its days in BE", async () => {
    await loadLanguage("th");
    activateLocale({ language: "th", calendar: "buddhist" });
    const host = await render(<AdsView {...props()} />);
    expect(host.querySelector("h1")!.textContent).toBe("โฆษณาและระบบอัตโนมัติ");
    expect(host.querySelector(".ads-scope")!.textContent).toMatch(/25\d\d-\d\d-\d\d ถึง 25\d\d-\d\d-\d\d/);
    expect(host.textContent).toContain("ค่าใช้จ่ายตามช่องทาง");
  });

  it("shows the campaign table's words in Thai", async () => {
    await loadLanguage("th");
    activateLocale({ language: "th", calendar: "buddhist" });
    const host = await render(
      <AdsTableView query={FIRST_ADS_TABLE} phase={{ kind: "loaded", data: table() }} onSort={noop} onPage={noop} onDrill={noop} onUp={noop} onRetry={noop} onExport={noop} exporting={false} />,
    );
    expect(host.querySelector("nav.ads-breadcrumb")!.getAttribute("aria-label")).toBe("ตำแหน่งในตาราง");
    expect(host.querySelector('[aria-current="page"]')!.textContent).toBe("แคมเปญทั้งหมด");
    expect(host.textContent).toContain("คลิกชื่อแคมเปญเพื่อดูชุดโฆษณาของแคมเปญนั้น");
    expect(host.querySelector("caption")!.textContent).toMatch(/^แคมเปญ เรียงตาม /);
  });
});
