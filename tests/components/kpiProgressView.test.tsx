// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { beforeAll, afterEach, describe, expect, it, vi } from "vitest";
import { activateLocale, loadAppMessages, loadLanguage } from "@/i18n/i18n";
import { emptyKpiTemplate } from "../../domain/kpi";
import { kpiProgressOf } from "../../domain/kpiProgress";
import { PLAN_METRICS, type MetricKey, type MetricPlan, type MetricSeries, type MetricsSummary } from "../../domain/metrics";
import type { ResolvedView } from "../../domain/viewSearch";
import type { KpiSection } from "@/features/brandEx/brandExData";
import { BrandExView } from "@/features/brandEx/BrandExView";
import { chartLayout, chartTraces } from "@/features/brandEx/kpiProgressFormat";

// The module pages' messages, as the app's layout route loads them.
beforeAll(() => loadAppMessages());

// The real chart fetches Plotly; here it is the accessible image it renders, without the drawing.
vi.mock("@/components/charts/LazyPlot", () => ({
  LazyPlot: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const view: ResolvedView = {
  range: { startDate: "2025-09-01T00:00:00", endDate: "2025-09-30T23:59:59" },
  brand: "Tipco",
  ch: "All Channel",
  pages: [],
  bags: [],
  active: { kind: "none" },
  kpi: null,
};

function series(metric: MetricKey, points: readonly [string, number][]): MetricSeries {
  return { metric, total: points.reduce((s, [, v]) => s + v, 0), days: points.length, last: points.at(-1)?.[0] ?? null, series: points.map(([date, value]) => ({ date, value })) };
}

function summary(given: { ma?: MetricSeries[]; ads?: MetricSeries[] }): MetricsSummary {
  const plan = (p: MetricPlan, list: MetricSeries[] = []) =>
    PLAN_METRICS[p].map((metric) => list.find((s) => s.metric === metric) ?? { metric, total: 0, days: 0, last: null, series: [] });
  return { start: "2025-09-01", end: "2025-09-30", brands: ["Tipco"], channel: "All Channel", ma: plan("ma", given.ma), ads: plan("ads", given.ads) };
}

function readySection(previous: MetricsSummary | null = null): KpiSection {
  const t = emptyKpiTemplate("September push");
  const template = {
    ...t,
    MA: { ...t.MA, reach: { kpi: "90000", budget: "3000.5" }, inbox: { kpi: "300", budget: "" } },
    ADS: { ...t.ADS, impression: { kpi: "1000000", budget: "60000" }, click: { kpi: "9000", budget: "30000" } },
  };
  const data = summary({
    ma: [series("reach", [["2025-09-01", 1_000_000], ["2025-09-02", 234_567]])],
    ads: [
      series("impression", [["2025-09-01", 200_000], ["2025-09-02", 200_000]]),
      series("click", [["2025-09-01", 1500], ["2025-09-02", 1500]]),
      series("spend", [["2025-09-01", 9000], ["2025-09-02", 9000]]),
    ],
  });
  return { kind: "ready", progress: kpiProgressOf(template, data, "2025-09-10", previous) };
}

let root: Root | null = null;
// A user who may open none of the other modules: no lines, so no links.
const NO_LINKS = { ads: { to: "/ads", search: {} }, ecommerce: { to: "/e-commerce", search: {} }, o2o: { to: "/o2o", search: {} } };

async function render(kpi: KpiSection | null, failed: string | null = null): Promise<HTMLElement> {
  const host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  await act(async () => {
    root?.render(
      <BrandExView userName="Demo User" view={view} pagesInView={3} failed={failed} kpi={kpi} social={null} moduleLines={null} moduleLinks={NO_LINKS} />,
    );
  });
  return host;
}

afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = "";
});

const section = (host: HTMLElement) => {
  const heading = [...host.querySelectorAll("h2")].find((h) => h.textContent === "KPI progress");
  if (!heading) throw new Error("no 'KPI progress' heading");
  return heading.closest("section") as HTMLElement;
};

/** A table's body row, by the text of its row header. */
function bodyRow(table: HTMLTableElement, label: string): HTMLElement[] {
  const row = [...table.querySelectorAll("tbody tr")].find((r) => r.querySelector("th")?.textContent === label);
  if (!row) throw new Error(`no row ${label}`);
  return [...row.querySelectorAll<HTMLElement>("th, td")];
}

/** The text of each cell of that row. */
const rowOf = (table: HTMLTableElement, label: string): string[] => bodyRow(table, label).map((c) => c.textContent ?? "");

function tableCaptioned(host: HTMLElement, caption: RegExp): HTMLTableElement {
  const table = [...host.querySelectorAll("table")].find((t) => caption.test(t.caption?.textContent ?? ""));
  if (!table) throw new Error(`no table captioned ${caption}`);
  return table;
}

describe("the KPI progress section of /brandEx", () => {
  it("tells the user to pick a KPI template in KPI Setting when none is selected", async () => {
    const host = await render({ kind: "none" });
    const status = section(host).querySelector('[role="status"]');
    expect(status?.textContent).toContain("No KPI template selected");
    expect(status?.textContent).toContain("KPI Setting");
    expect(host.querySelector("table")).toBeNull();
  });

  it("says 'Loading KPI progress…' while the page loads the first time", async () => {
    const host = await render(null);
    expect(section(host).querySelector('[role="status"]')?.textContent).toBe("Loading KPI progress…");
  });

  it("is left out, not loading forever, when the page data failed before any KPI progress arrived", async () => {
    const host = await render(null, "The server could not be reached.");
    expect(host.querySelector('[role="alert"]')?.textContent).toBe("The server could not be reached.");
    expect(host.textContent).not.toContain("KPI progress");
  });

  it("shows no error to a user without access to KPI templates", async () => {
    const host = await render({ kind: "forbidden" });
    expect(host.querySelector('[role="alert"]')).toBeNull();
    expect(section(host).textContent).toContain("No KPI progress");
  });

  it("says the selected template no longer exists", async () => {
    const host = await render({ kind: "missing", title: "Old plan" });
    expect(host.querySelector('[role="alert"]')?.textContent).toContain("The KPI template ‘Old plan’ no longer exists");
  });

  it("shows why the progress could not be loaded", async () => {
    const host = await render({ kind: "failed", title: "Plan", message: "The server could not be reached." });
    expect(host.querySelector('[role="alert"]')?.textContent).toContain("could not be loaded: The server could not be reached.");
  });

  it("renders an MA and an Ads table with column and row headers", async () => {
    const host = await render(readySection());
    const ma = tableCaptioned(host, /^MA targets and actual figures, 2025-09-01 to 2025-09-30$/);
    const heads = [...ma.querySelectorAll("thead th")].map((c) => [c.textContent, c.getAttribute("scope")]);
    expect(heads.map(([text]) => text)).toEqual([
      "Parameter", "Target", "Actual", "% of target", "Expected to date", "Projected end", "Pace", "Budget", "Spend",
      "Cost per unit planned", "Cost per unit achieved", "Actual vs previous period",
    ]);
    expect(heads.every(([, scope]) => scope === "col")).toBe(true);
    expect(ma.querySelector("tbody th")?.getAttribute("scope")).toBe("row");
    expect(tableCaptioned(host, /^Ads targets/)).toBeTruthy();
  });

  it("formats figures in en-US and money in THB, with a pace badge in words", async () => {
    const host = await render(readySection());
    const reach = rowOf(tableCaptioned(host, /^MA targets/), "Reach");
    // 1,234,567 of 90,000 after 10 of 30 days: far ahead.
    expect(reach.slice(0, 8)).toEqual(["Reach", "90,000", "1,234,567", "1,371.7%", "30,000", "3,703,701", "Ahead", "฿3,000.50"]);
  });

  it("shows each actual's and the Ads spend's change against the previous period, and none when it was not compared", async () => {
    const before: MetricsSummary = {
      ...summary({ ma: [series("reach", [["2025-08-20", 617_283.5]])], ads: [series("spend", [["2025-08-20", 20_000]])] }),
      start: "2025-08-02", end: "2025-08-31",
    };
    const host = await render(readySection(before));
    const reach = bodyRow(tableCaptioned(host, /^MA targets/), "Reach");
    expect(reach.at(-1)!.querySelector(".change-badge .visually-hidden")?.textContent).toBe("up 100.0 % on the previous 30 days (2025-08-02 – 2025-08-31), good");
    const impression = bodyRow(tableCaptioned(host, /^Ads targets/), "Impression");
    expect(impression.at(-1)!.querySelector(".visually-hidden")?.textContent).toMatch(/^no data to compare with/);
    // The Actual cell itself holds the figure only.
    expect(reach[2]!.textContent).toBe("1,234,567");
    const spend = host.querySelector('dl[aria-label="Ads spend vs budget"]');
    expect([...spend!.querySelectorAll("dt")].map((dt) => dt.textContent)).toContain("Spend vs previous period");
    expect(spend?.querySelector(".change-badge .visually-hidden")?.textContent).toBe("down 10.0 % on the previous 30 days (2025-08-02 – 2025-08-31)");

    await act(async () => root?.unmount());
    document.body.innerHTML = "";
    const plain = await render(readySection());
    expect(plain.querySelector(".change-badge")).toBeNull();
  });

  it("shows impressions' costs per thousand (CPM) and the Ads spend shared by budget", async () => {
    const host = await render(readySection());
    const impression = rowOf(tableCaptioned(host, /^Ads targets/), "Impression");
    expect(impression.slice(7, 11)).toEqual(["฿60,000.00", "฿12,000.00", "฿60.00 CPM", "฿30.00 CPM"]);
    const spend = host.querySelector('dl[aria-label="Ads spend vs budget"]')?.textContent;
    expect(spend).toContain("฿18,000.00");
    expect(spend).toContain("20%");
  });

  it("shows a missing figure as '—' that reads as 'no data', and MA spend as not measured", async () => {
    const host = await render(readySection());
    const ma = tableCaptioned(host, /^MA targets/);
    const inbox = bodyRow(ma, "Inbox");
    const actual = inbox[2]!;
    expect(actual.querySelector('[aria-hidden="true"]')?.textContent).toBe("—");
    expect(actual.querySelector(".visually-hidden")?.textContent).toBe("no data");
    expect(inbox[8]!.textContent).toBe("—not measured");
    expect(host.textContent).toContain("No spend is measured for MA");
  });

  it("draws one chart per plan, named by what it shows", async () => {
    const host = await render(readySection());
    const charts = [...section(host).querySelectorAll('[role="img"]')].map((c) => c.getAttribute("aria-label"));
    expect(charts).toHaveLength(2);
    expect(charts[0]).toMatch(/^MA progress chart: cumulative actual in percent of target from 2025-09-01 to 2025-09-30.*Reach 1,371\.7% of target/);
    expect(charts[1]).toMatch(/^Ads progress chart: .*Impression 40% of target, Click 33\.3% of target\.$/);
  });

  /** Ads: ฿7,010 spent of ฿1,000 (701 %); 24,600 clicks of 2,000 (12.3× target); reach's cost above plan. */
  function overspentSection(): KpiSection {
    const t = emptyKpiTemplate("Overspent");
    const template = { ...t, ADS: { ...t.ADS, reach: { kpi: "1000", budget: "400" }, click: { kpi: "2000", budget: "600" } } };
    const data = summary({
      ads: [
        series("reach", [["2025-09-01", 500]]),
        series("click", [["2025-09-01", 4600], ["2025-09-02", 20_000]]),
        series("spend", [["2025-09-01", 7010]]),
      ],
    });
    return { kind: "ready", progress: kpiProgressOf(template, data, "2025-09-10") };
  }

  it("reads spend over budget as a warning, in words and without the green 'Ahead'", async () => {
    const host = await render(overspentSection());
    const ads = tableCaptioned(host, /^Ads targets/);
    const clickPace = bodyRow(ads, "Click")[6]!;
    expect(clickPace.textContent).toBe("Over budgetAhead");
    expect(clickPace.querySelector(".pace-ahead")).toBeNull();
    expect(clickPace.querySelector(".pace-warning")?.textContent).toBe("Over budget");
    expect(bodyRow(ads, "Reach")[6]!.textContent).toBe("Over budgetCost above planAhead");
    const spend = host.querySelector('dl[aria-label="Ads spend vs budget"]')?.textContent;
    expect(spend).toContain("701%");
    expect(spend).toContain("Over budget");
    const notes = [...host.querySelectorAll('ul[aria-label="Ads notes"] li')].map((li) => li.textContent);
    expect(notes).toEqual([
      "Over budget: Ads spend ฿7,010.00 against a budget of ฿1,000.00 (701% of budget).",
      "Cost above plan: Reach costs ฿5.61 against ฿0.40 planned.",
      "Click is at 12.3× target.",
    ]);
  });

  it("says nothing needs a look when spend and costs hold", async () => {
    const host = await render(readySection());
    expect(host.querySelector('ul[aria-label="Ads notes"]')).toBeNull();
    expect(bodyRow(tableCaptioned(host, /^Ads targets/), "Impression")[6]!.querySelector(".pace-warning")).toBeNull();
  });

  it("caps the chart's axis at 300% when one line is at 1,230%, labelling the capped point with its real value", async () => {
    const section = overspentSection();
    if (section.kind !== "ready") throw new Error("not ready");
    const chart = section.progress.ads.chart;
    const [reach, click] = chartTraces(chart) as { y: number[] }[];
    expect(reach!.y).toEqual([50]);
    expect(click!.y).toEqual([230, 300]);
    const layout = chartLayout(chart);
    expect(layout.yaxis?.range).toEqual([0, 324]);
    expect(layout.annotations?.map((a) => [a.x, a.y, a.text])).toEqual([["2025-09-02", 300, "Click 1,230% ▲"]]);
    const host = await render(section);
    const label = [...host.querySelectorAll('[role="img"]')].map((c) => c.getAttribute("aria-label")).find((l) => l?.startsWith("Ads"));
    expect(label).toContain("Click 1,230% of target (12.3× target)");
    expect(label).toContain("The axis stops at 300%");
  });

  it("stacks the labels of two lines capped on the same day, so neither writes over the other", () => {
    const t = emptyKpiTemplate("Both capped");
    const template = { ...t, ADS: { ...t.ADS, reach: { kpi: "100", budget: "400" }, click: { kpi: "2000", budget: "600" } } };
    const data = summary({ ads: [series("reach", [["2025-09-01", 500]]), series("click", [["2025-09-01", 24_600]]), series("spend", [["2025-09-01", 100]])] });
    const progress = kpiProgressOf(template, data, "2025-09-10");
    const labels = chartLayout(progress.ads.chart).annotations ?? [];
    expect(labels.map((a) => [a.x, a.text])).toEqual([["2025-09-01", "Reach 500% ▲"], ["2025-09-01", "Click 1,230% ▲"]]);
    const [first, second] = labels.map((a) => a.yshift ?? 0);
    // 11 px text takes 17 px a line.
    expect(Math.abs(first! - second!)).toBeGreaterThanOrEqual(17);
  });

  it("leaves the axis uncapped when every line is under 300%", () => {
    const section = readySection();
    if (section.kind !== "ready") throw new Error("not ready");
    expect(chartLayout(section.progress.ads.chart).yaxis?.range).toBeUndefined();
    expect((chartTraces(section.progress.ads.chart)[0] as { y: number[] }).y).toEqual([20, 40]);
  });
});

describe("the start page in Thai and the Buddhist Era (issue 18)", () => {
  afterEach(() => activateLocale({ language: "en", calendar: "gregorian" }));

  it("greets and shows the KPI progress in Thai with the range in BE", async () => {
    await loadLanguage("th");
    activateLocale({ language: "th", calendar: "buddhist" });
    const host = await render(readySection());
    const text = host.textContent ?? "";
    expect(text).toMatch(/[\u0E00-\u0E7F]{4}/);
    expect(text).toMatch(/25\d\d-\d\d-\d\d/);
    expect(text).not.toMatch(/\b20\d\d-\d\d-\d\d\b/);
  });
});
