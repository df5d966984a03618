// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import { AgeBands, Emotions, type O2oCampaign, type O2oTabId } from "../../domain/o2o";
import { o2oMachine, type LoadTabInput } from "../../machines/o2o/o2oMachine";
import { dwellDistributionFromPairs } from "../../workers/o2oMath";
import type {
  LeadsBouncedData, O2oTabData, ViewsConversionData, ViewsDemographicData, ViewsDwellTimeData, VisitorsInsightData,
} from "@/features/o2o/o2oData";
import { bangkokDate, bangkokMonth } from "@/features/o2o/o2oData";
import {
  dailyAudienceChart, emotionChart, figureText, formatPercent, formatSeconds, heatmapChart, heatmapRows, leadsBouncedChart,
} from "@/features/o2o/o2oFormat";
import { o2oSearchOf, rangeProblem, resolveO2oSearch } from "@/features/o2o/o2oSearch";
import { O2oView, type O2oPhase, type O2oViewProps } from "@/features/o2o/O2oView";
import { samePhase, selectPhase } from "@/features/o2o/o2oSelectors";
import { validateRouteSearch, validateViewSearch } from "@/app/viewSearchParams";
import { deferred, flush } from "../support/async";
import { loadAppMessages } from "@/i18n/i18n";

await loadAppMessages();

// The real chart fetches Plotly; here it is the accessible image it renders, without the drawing.
vi.mock("@/components/charts/LazyPlot", () => ({
  LazyPlot: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const TODAY = "2024-04-15";

// ---------------------------------------------------------------------------------------------
// Fixtures: small chart-ready data of each tab

/** The period before the views' range (2024-03-01 to 2024-03-31). */
const MARCH_BEFORE = { start: "2024-01-30", end: "2024-02-29", days: 31 };
const hours = (f: (h: number) => number | null) => Array.from({ length: 24 }, (_, h) => f(h));
const insight = (over: Partial<VisitorsInsightData> = {}): VisitorsInsightData => ({
  tab: "vistors_insight",
  empty: false,
  totals: { shows: 12_345, views: 2_469, conversion: 20, dwellSeconds: 6.25, attentionSeconds: null },
  previous: { period: MARCH_BEFORE, totals: { shows: 10_000, views: 2_469, conversion: 24.69, dwellSeconds: null, attentionSeconds: 2 } },
  daily: { days: ["2024-03-01", "2024-03-02"], shows: [100, null], views: [20, null], conversion: [20, null] },
  heatmap: { averages: Array.from({ length: 7 }, (_, d) => hours((h) => (h >= 10 && h <= 21 ? d * 10 + h : null))).flat(), days: [1, 1, 1, 1, 1, 1, 1] },
  ...over,
});
const leads: LeadsBouncedData = {
  tab: "leads_bounced",
  empty: false,
  totals: { leads: 300, bounced: 700 },
  previous: { period: MARCH_BEFORE, totals: { leads: 250, bounced: 1000 } },
  shares: { leads: 30, bounced: 70 },
  daily: { days: ["2024-03-01", "2024-03-02"], leads: [100, 200], bounced: [null, 700] },
};
const conversion: ViewsConversionData = {
  tab: "views_conversion",
  empty: false,
  monthly: { months: ["2024-01-01", "2024-02-01", "2024-03-01"], shows: [1000, 2000, null], views: [250, 400, null], conversion: [25, 20, null] },
  content: { span: { start: "2024-01-03", end: "2024-03-31" }, days: ["2024-01-03"], series: [{ id: 101, name: "Spot 15 s", views: [40] }] },
};
const demographic: ViewsDemographicData = {
  tab: "views_demographic",
  empty: false,
  months: ["2024-02-01", "2024-03-01"],
  span: { start: "2024-02-01", end: "2024-03-31" },
  sex: { men: [30, 40], women: [70, 60], shares: [{ men: 30, women: 70 }, { men: 40, women: 60 }] },
  age: { bands: AgeBands, views: [[1, 2, 3, 4, 5, 6], [6, 5, 4, 3, 2, 1]], shares: [[4.8, 9.5, 14.3, 19, 23.8, 28.6], [28.6, 23.8, 19, 14.3, 9.5, 4.8]] },
  sexAge: { bands: AgeBands, men: [null, 1, 1, 1, 1, 1], women: [1, 1, 1, 1, 1, 1], menShares: [null, 9.1, 9.1, 9.1, 9.1, 9.1], womenShares: [9.1, 9.1, 9.1, 9.1, 9.1, 9] },
  emotions: { names: Emotions, views: [1, 3, 0, 0, 0, 0, null], shares: [25, 75, 0, 0, 0, 0, null] },
};
const dwell: ViewsDwellTimeData = {
  tab: "views_dwell_time",
  empty: false,
  window: { start: "2024-01-01", end: "2024-03-31" },
  dwell: dwellDistributionFromPairs([{ value: 2, count: 3 }, { value: 10, count: 1 }]),
  attention: dwellDistributionFromPairs([]),
};

// ---------------------------------------------------------------------------------------------
// Rendering

let root: Root | null = null;
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = "";
});

const handlers = () => ({ onTab: vi.fn(), onRange: vi.fn(), onCampaign: vi.fn(), onRetry: vi.fn() });

async function render(phase: O2oPhase, over: Partial<O2oViewProps> = {}) {
  const h = handlers();
  const props: O2oViewProps = {
    today: TODAY,
    tab: "vistors_insight",
    range: { start: "2024-03-01", end: "2024-03-31" },
    campaigns: [{ id: 1, name: "Tipco Fresh Mornings" }, { id: 2, name: "Aura Glow Serum" }],
    campaignId: 1,
    phase,
    ...h,
    ...over,
  };
  const host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root!.render(<O2oView {...props} />));
  return { host, ...h };
}

const loaded = (data: O2oTabData): O2oPhase => ({ kind: "tabLoaded", data });
const q = <T extends Element>(host: Element, selector: string) => host.querySelector<T>(selector);
const all = (host: Element, selector: string) => [...host.querySelectorAll(selector)];
const texts = (host: Element, selector: string) => all(host, selector).map((e) => e.textContent?.trim());
/** The field a visible label names: inside the label, or the one its `for` points at. */
const labelled = (host: Element, text: string) => {
  const label = all(host, "label").find((l) => (l.querySelector("span")?.textContent ?? l.textContent) === text);
  if (label === undefined) return null;
  const id = label.getAttribute("for");
  const field = id !== null ? host.ownerDocument.getElementById(id) : label.querySelector("input, select");
  return field as (HTMLInputElement & HTMLSelectElement) | null;
};

async function type(input: HTMLInputElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}
async function click(el: Element | null) {
  if (el === null) throw new Error("nothing to click");
  await act(async () => (el as HTMLElement).click());
}
/** The figure shown next to a term of a `<dl>`. */
const figure = (host: Element, term: string) => all(host, "dt").find((dt) => dt.textContent === term)?.nextElementSibling?.textContent;
/** The change of a term's figure as a screen reader hears it; undefined when the card shows none. */
const changeHeard = (host: Element, term: string) =>
  all(host, "dt").find((dt) => dt.textContent === term)?.parentElement?.querySelector(".figure-change .visually-hidden")?.textContent;
/** The change of a term's figure as the card shows it (arrow and percent). */
const changeShown = (host: Element, term: string) =>
  all(host, "dt").find((dt) => dt.textContent === term)?.parentElement?.querySelector('.figure-change [aria-hidden="true"]')?.textContent;

describe("O2oView: header and tabs", () => {
  it("shows the title, the campaign selector, the date range and the five tabs with the shown one selected", async () => {
    const { host } = await render({ kind: "tabLoading" }, { tab: "views_conversion" });
    expect(q(host, "h1")?.textContent).toBe("O2O visitor analytics");
    const campaign = labelled(host, "Campaign")!;
    expect(campaign.tagName).toBe("SELECT");
    expect([...campaign.options].map((o) => o.textContent)).toEqual(["Tipco Fresh Mornings", "Aura Glow Serum"]);
    expect(q(host, "fieldset legend")?.textContent).toBe("Date range");
    expect(labelled(host, "From")?.value).toBe("2024-03-01");
    expect(labelled(host, "To")?.value).toBe("2024-03-31");
    expect(labelled(host, "To")?.max).toBe(TODAY);
    expect(q(host, '[role="tablist"]')?.getAttribute("aria-label")).toBe("O2O views");
    expect(texts(host, '[role="tab"]')).toEqual(["Visitors insight", "Leads & bounced", "Views conversion", "Views demographic", "Views dwell time"]);
    expect(texts(host, '[role="tab"][aria-selected="true"]')).toEqual(["Views conversion"]);
    const panel = q(host, '[role="tabpanel"]')!;
    expect(panel.getAttribute("aria-labelledby")).toBe(q(host, '[role="tab"][aria-selected="true"]')!.id);
  });

  it("asks for another tab on a click, and for nothing on the tab already shown", async () => {
    const { host, onTab } = await render({ kind: "tabLoading" });
    const tabs = all(host, '[role="tab"]');
    await click(tabs[0]!);
    expect(onTab).not.toHaveBeenCalled();
    await click(tabs[3]!);
    expect(onTab).toHaveBeenCalledWith("views_demographic");
  });

  it("moves focus between tabs with the arrow keys, Home and End, without showing them", async () => {
    const { host, onTab } = await render({ kind: "tabLoading" });
    const tabs = all(host, '[role="tab"]') as HTMLButtonElement[];
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1, -1, -1]);
    tabs[0]!.focus();
    const press = (key: string) => act(async () => document.activeElement!.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true })));
    await press("ArrowRight");
    expect(document.activeElement).toBe(tabs[1]);
    await press("ArrowLeft");
    await press("ArrowLeft");
    expect(document.activeElement).toBe(tabs[4]);
    await press("Home");
    expect(document.activeElement).toBe(tabs[0]);
    await press("End");
    expect(document.activeElement).toBe(tabs[4]);
    expect(onTab).not.toHaveBeenCalled();
  });

  it("asks for another campaign by id", async () => {
    const { host, onCampaign } = await render({ kind: "tabLoading" });
    const select = labelled(host, "Campaign")!;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, "value")!.set!.call(select, "2");
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
    expect(onCampaign).toHaveBeenCalledWith(2);
  });
});

describe("O2oView: the date range", () => {
  it("sends a valid new range on Apply", async () => {
    const { host, onRange } = await render({ kind: "tabLoading" });
    await type(labelled(host, "From")!, "2024-01-01");
    await type(labelled(host, "To")!, "2024-04-15");
    await click(q(host, 'button[type="submit"]'));
    expect(onRange).toHaveBeenCalledWith({ start: "2024-01-01", end: "2024-04-15" });
    expect(q(host, '[role="alert"]')).toBeNull();
  });

  it("sends nothing when the range did not change", async () => {
    const { host, onRange } = await render({ kind: "tabLoading" });
    await click(q(host, 'button[type="submit"]'));
    expect(onRange).not.toHaveBeenCalled();
  });

  it.each([
    ["an end before the start", "2024-03-10", "2024-03-01", "The end date must not be before the start date."],
    ["an end after today", "2024-03-10", "2024-04-16", "The end date must not be after today (2024-04-15)."],
    ["more than 366 days", "2023-01-01", "2024-01-02", "The range must be at most 366 days."],
    ["an empty date", "", "2024-03-01", "Enter both dates."],
  ])("refuses %s and says why", async (_case, from, to, message) => {
    const { host, onRange } = await render({ kind: "tabLoading" });
    await type(labelled(host, "From")!, from);
    await type(labelled(host, "To")!, to);
    await click(q(host, 'button[type="submit"]'));
    expect(onRange).not.toHaveBeenCalled();
    expect(q(host, '[role="alert"]')?.textContent).toBe(message);
    expect(labelled(host, "To")?.getAttribute("aria-invalid")).toBe("true");
    expect(labelled(host, "To")?.getAttribute("aria-describedby")).toBe(q(host, '[role="alert"]')?.id);
  });
});

describe("O2oView: states", () => {
  it("shows a named progress indicator while the tab loads", async () => {
    const { host } = await render({ kind: "tabLoading" }, { tab: "leads_bounced" });
    expect(q(host, "progress")?.getAttribute("aria-label")).toBe("Loading Leads & bounced");
  });

  it("shows the tab's layout while it loads: its cards' labels and definitions, busy, the charts' places (issue 19)", async () => {
    const { host } = await render({ kind: "tabLoading" }, { tab: "vistors_insight" });
    const cards = q(host, 'dl[aria-label="Key figures"]') ?? q(host, "dl.o2o-figures");
    expect(cards?.getAttribute("aria-busy")).toBe("true");
    expect(all(cards!, "dt").map((dt) => dt.textContent)).toEqual(["Shows", "Views", "Views conversion", "Average dwell time", "Average attention time"]);
    expect(cards!.textContent).toContain("Views ÷ shows.");
    expect(all(host, '.o2o-charts[aria-hidden="true"] .skeleton-block')).toHaveLength(2);
    expect(q(host, '[role="img"]')).toBeNull();
  });

  it("keeps the campaign selector's place while the campaigns load, and shows the range it already knows", async () => {
    const { host } = await render({ kind: "campaignsLoading" }, { campaigns: [], campaignId: null });
    expect(all(host, '.o2o-campaign[aria-hidden="true"]')).toHaveLength(1);
    expect(labelled(host, "Campaign")).toBeNull();
    expect(q<HTMLInputElement>(host, "fieldset input")?.value).toBe("2024-03-01");
    expect(q(host, "progress")?.getAttribute("aria-label")).toBe("Loading Visitors insight");
  });

  it("shows why a tab failed, and Try again asks for a retry", async () => {
    const { host, onRetry } = await render({ kind: "tabFailed", error: "The visitor analytics service timed out." }, { tab: "views_dwell_time" });
    expect(q(host, '[role="alert"]')?.textContent).toContain("Views dwell time could not be loaded.");
    expect(q(host, '[role="alert"]')?.textContent).toContain("The visitor analytics service timed out.");
    await click(all(host, "button").find((b) => b.textContent?.trim() === "Try again")!);
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it("shows why the campaigns failed with Try again, and no tabs", async () => {
    const { host, onRetry } = await render({ kind: "campaignsFailed", error: "The server could not be reached." }, { campaigns: [], campaignId: null });
    expect(q(host, '[role="alert"]')?.textContent).toContain("Your o2o campaigns could not be loaded.");
    expect(q(host, '[role="tablist"]')).toBeNull();
    expect(labelled(host, "Campaign")).toBeNull();
    await click(all(host, "button").find((b) => b.textContent?.trim() === "Try again")!);
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it("says so plainly when the user has no campaigns, with no tabs or controls", async () => {
    const { host } = await render({ kind: "noCampaigns" }, { campaigns: [], campaignId: null });
    expect(q(host, '[role="status"]')?.textContent).toContain("You have no o2o campaigns yet.");
    expect(q(host, '[role="tablist"]')).toBeNull();
    expect(q(host, "fieldset")).toBeNull();
  });
});

describe("O2oView: the tabs' content", () => {
  it("Visitors insight: figures with a dash for what was not measured, and both charts with headings and names", async () => {
    const { host } = await render(loaded(insight()));
    expect(figure(host, "Shows")).toBe("12,345");
    expect(figure(host, "Views")).toBe("2,469");
    expect(figure(host, "Views conversion")).toBe("20.0%");
    expect(figure(host, "Average dwell time")).toBe("6.3 s");
    expect(figure(host, "Average attention time")).toBe("—not measured");
    expect(texts(host, "h2")).toEqual(["Shows and views per day", "Average shows by weekday and hour"]);
    const charts = all(host, '[role="img"]').map((c) => c.getAttribute("aria-label"));
    expect(charts[0]).toMatch(/^Shows and views per day from 2024-03-01 to 2024-03-02/);
    expect(charts[1]).toBe("Average shows by weekday (Monday first) and Bangkok hour. Busiest: Sunday 21:00, 81 shows on average.");
    // The tables behind the charts: a dash where a day was not measured.
    const daily = all(host, "table")[0]!;
    expect(texts(daily, "tbody tr:nth-child(2) td")).toEqual(["—not measured", "—not measured", "—not measured"]);
  });

  it("Visitors insight: each total with its change against the previous period of equal length, in words and by arrow", async () => {
    const { host } = await render(loaded(insight()));
    const before = "the previous 31 days (2024-01-30 – 2024-02-29)";
    expect(["Shows", "Views", "Views conversion", "Average dwell time", "Average attention time"].map((t) => changeHeard(host, t))).toEqual([
      `up 23.5 % on ${before}, good`,
      `no change on ${before}`,
      `down 19.0 % on ${before}, bad`,
      `no data to compare with ${before}`,
      `no data to compare with ${before}`,
    ]);
    expect(changeShown(host, "Shows")).toBe("▲23.5 %");
    expect(changeShown(host, "Views conversion")).toBe("▼19.0 %");
    expect(all(host, ".figure-definition").map((d) => d.textContent)).toContain("Views ÷ shows.");
  });

  it("says no visitors were measured instead of drawing empty charts", async () => {
    const { host } = await render(loaded(insight({ empty: true, totals: { shows: 0, views: 0, conversion: null, dwellSeconds: null, attentionSeconds: null } })));
    expect(host.textContent).toContain("No visitors measured in this range.");
    expect(figure(host, "Shows")).toBe("0");
    expect(all(host, '[role="img"]')).toHaveLength(0);
  });

  it.each<[O2oTabId, O2oTabData, string[]]>([
    ["leads_bounced", leads, ["Leads and bounced per day"]],
    ["views_conversion", conversion, ["Shows and views per month", "Views per content"]],
    ["views_demographic", demographic, ["Men and women", "Age bands", "Men and women by age band", "Emotions"]],
    ["views_dwell_time", dwell, ["Dwell time"]],
  ])("%s shows its charts under their headings, each with a name", async (tab, data, headings) => {
    const { host } = await render(loaded(data), { tab });
    expect(texts(host, "h2")).toEqual(headings);
    const charts = all(host, '[role="img"]');
    expect(charts).toHaveLength(headings.length);
    for (const c of charts) expect(c.getAttribute("aria-label")?.length).toBeGreaterThan(20);
  });

  it("Leads & bounced: totals and shares", async () => {
    const { host } = await render(loaded(leads), { tab: "leads_bounced" });
    expect([figure(host, "Leads"), figure(host, "Bounced"), figure(host, "Leads share"), figure(host, "Bounced share")]).toEqual(["300", "700", "30.0%", "70.0%"]);
    // Fewer bounced visitors is good news: the colour and the words say so, not the arrow alone.
    const before = "the previous 31 days (2024-01-30 – 2024-02-29)";
    expect([changeHeard(host, "Leads"), changeHeard(host, "Bounced")]).toEqual([`up 20.0 % on ${before}, good`, `down 30.0 % on ${before}, good`]);
    expect(host.querySelector(".figure-change .change-badge")?.classList.contains("change-good")).toBe(true);
    // Shares have no previous figure of their own to compare with.
    expect([changeHeard(host, "Leads share"), changeHeard(host, "Bounced share")]).toEqual([undefined, undefined]);
  });

  it("Views dwell time: the window, the statistics, and a dash for attention nobody had", async () => {
    const { host } = await render(loaded(dwell), { tab: "views_dwell_time" });
    expect(host.textContent).toContain("2024-01-01 to 2024-03-31");
    expect(figure(host, "People measured")).toBe("4");
    expect(figure(host, "Mean dwell time")).toBe("4 s");
    expect(figure(host, "Median dwell time")).toBe("2 s");
    expect(figure(host, "90th percentile")).toBe("10 s");
    expect(figure(host, "Mean attention time")).toBe("—not measured");
    expect(all(host, '[role="img"]')[0]?.getAttribute("aria-label")).toBe(
      "Dwell time of 4 people from 2024-01-01 to 2024-03-31: 0–5 s 75.0%, 5–15 s 25.0%, 15–30 s 0.0%, 30–60 s 0.0%, 60+ s 0.0%. Median 2 s.",
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Pure parts

describe("o2o formats and charts", () => {
  it.each([
    [null, formatPercent, "—"],
    [0, formatPercent, "0.0%"],
    [33.333, formatPercent, "33.3%"],
    [4.44, formatSeconds, "4.4 s"],
  ])("shows %s as %s", (n, format, text) => {
    expect(figureText(n, format)).toBe(text);
  });

  it("keeps null as a gap in the traces, never 0", () => {
    const chart = dailyAudienceChart(insight());
    expect(chart.data.map((t) => (t as { y: unknown[] }).y)).toEqual([[100, null], [20, null], [20, null]]);
    expect((leadsBouncedChart(leads).data[1] as { y: unknown[] }).y).toEqual([null, 700]);
  });

  it("lays the heatmap out as 7 weekday rows (Monday first) of 24 Bangkok hours", () => {
    const rows = heatmapRows(insight().heatmap.averages);
    expect(rows).toHaveLength(7);
    expect(rows.every((r) => r.length === 24)).toBe(true);
    expect(rows[0]![9]).toBeNull();
    expect(rows[0]![10]).toBe(10);
    expect(rows[6]![21]).toBe(81);
    const trace = heatmapChart(insight()).data[0] as { y: string[]; z: unknown[][] };
    expect(trace.y[0]).toBe("Monday");
    expect(trace.z).toEqual(rows);
  });

  it("leaves emotions nobody showed out of the pie but names every share", () => {
    const chart = emotionChart(demographic);
    expect((chart.data[0] as { labels: string[] }).labels).toEqual(["Neutral", "Happy"]);
    expect(chart.label).toContain("Neutral 25.0%, Happy 75.0%, Surprise 0.0%");
    expect(chart.label).toContain("Disgust —");
  });

  it("reads unix times as Bangkok days and months", () => {
    expect(bangkokDate(1_704_042_000)).toBe("2024-01-01");
    expect(bangkokDate(1_704_128_399)).toBe("2024-01-01");
    expect(bangkokMonth(1_706_720_400)).toBe("2024-02-01");
  });
});

describe("o2o search params", () => {
  it("uses the URL's tab, range and campaign", () => {
    expect(resolveO2oSearch({ tab: "views_dwell_time", from: "2024-01-01", to: "2024-03-31", campaign: 3 }, TODAY)).toEqual({
      tab: "views_dwell_time", range: { start: "2024-01-01", end: "2024-03-31" }, campaignId: 3,
    });
  });

  it.each([
    ["no params", {}],
    ["an unknown tab and a half range", { tab: "visitors", from: "2024-01-01" }],
    ["an inverted range", { from: "2024-03-01", to: "2024-01-01" }],
    ["a range past today", { from: "2024-04-01", to: "2024-04-16" }],
    ["a day that does not exist", { from: "2024-02-30", to: "2024-03-01" }],
    ["a range over 366 days", { from: "2023-01-01", to: "2024-01-02" }],
  ])("falls back to the defaults for %s", (_case, search) => {
    expect(resolveO2oSearch(search, TODAY)).toEqual({ tab: "vistors_insight", range: null, campaignId: null });
  });

  it("the /o2o route keeps its own params and drops only a bad one; the shell keeps only the shared view", () => {
    const raw = { tab: "leads_bounced", from: "2024-01-01", to: "2024-01-31", campaign: 2, brand: "Tipco" };
    expect(validateRouteSearch("/o2o", raw)).toEqual({ tab: "leads_bounced", from: "2024-01-01", to: "2024-01-31", campaign: 2 });
    expect(validateViewSearch(raw)).toEqual({ brand: "Tipco" });
    expect(validateRouteSearch("/o2o", { tab: "leads_bounced", from: "1 Jan", campaign: "two" })).toEqual({ tab: "leads_bounced" });
  });

  it("writes the whole state, the range and campaign only when known", () => {
    expect(o2oSearchOf("leads_bounced", { start: "2024-01-01", end: "2024-01-31" }, 2)).toEqual({ tab: "leads_bounced", from: "2024-01-01", to: "2024-01-31", campaign: 2 });
    expect(o2oSearchOf("vistors_insight", null, null)).toEqual({ tab: "vistors_insight" });
  });

  it.each([
    [{ start: "2024-04-15", end: "2024-04-15" }, null],
    [{ start: "2023-04-16", end: "2024-04-15" }, null],
    [{ start: "2023-04-15", end: "2024-04-15" }, "The range must be at most 366 days."],
    [{ start: "2024-4-1", end: "2024-04-15" }, "Enter the dates as YYYY-MM-DD."],
  ])("judges %j: %s", (range, problem) => {
    expect(rangeProblem(range, TODAY)).toBe(problem);
  });
});

describe("selectPhase: what the page shows for each state of the statechart", () => {
  function started(over: { campaigns?: () => Promise<readonly O2oCampaign[]>; tab?: () => Promise<unknown> } = {}) {
    const campaigns = deferred<readonly O2oCampaign[]>();
    const tab = deferred<unknown>();
    const actor = createActor(
      o2oMachine.provide({
        actors: {
          loadCampaigns: fromPromise<readonly O2oCampaign[], void>(() => (over.campaigns ? over.campaigns() : campaigns.promise)),
          loadTab: fromPromise<unknown, LoadTabInput>(() => (over.tab ? over.tab() : tab.promise)),
        },
      }),
      { input: { range: { start: "2024-03-01", end: "2024-03-31" } } },
    ).start();
    return { actor, campaigns, tab, phase: () => selectPhase(actor.getSnapshot()) };
  }

  it("goes from loading the campaigns to loading the tab to its data", async () => {
    const { campaigns, tab, phase } = started();
    expect(phase()).toEqual({ kind: "campaignsLoading" });
    campaigns.resolve([{ id: 1, name: "Tipco", contents: [] }]);
    await flush();
    expect(phase()).toEqual({ kind: "tabLoading" });
    const data = insight();
    tab.resolve(data);
    await flush();
    expect(phase()).toEqual({ kind: "tabLoaded", data });
  });

  it("says why the campaigns or a tab failed, and that there are no campaigns", async () => {
    const failing = started({ campaigns: () => Promise.reject(new Error("The server could not be reached.")) });
    await flush();
    expect(failing.phase()).toEqual({ kind: "campaignsFailed", error: "The server could not be reached." });

    const none = started({ campaigns: async () => [] });
    await flush();
    expect(none.phase()).toEqual({ kind: "noCampaigns" });

    const tabFails = started({ campaigns: async () => [{ id: 1, name: "Tipco", contents: [] }], tab: () => Promise.reject(new Error("Timed out.")) });
    await flush();
    expect(tabFails.phase()).toEqual({ kind: "tabFailed", error: "Timed out." });
  });

  it("compares phases by what they show", () => {
    const data = insight();
    expect(samePhase({ kind: "tabLoaded", data }, { kind: "tabLoaded", data })).toBe(true);
    expect(samePhase({ kind: "tabLoaded", data }, { kind: "tabLoaded", data: insight() })).toBe(false);
    expect(samePhase({ kind: "tabFailed", error: "a" }, { kind: "tabFailed", error: "b" })).toBe(false);
    expect(samePhase({ kind: "tabLoading" }, { kind: "campaignsLoading" })).toBe(false);
  });
});
