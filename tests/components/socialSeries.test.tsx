// @vitest-environment happy-dom
// The social overview's series (issue 14): three SVG line charts (post reach, engagements,
// followers) named by a summary of what they show, a tooltip per point, and the table beside them.
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { beforeAll, afterEach, describe, expect, it } from "vitest";
import { loadAppMessages } from "@/i18n/i18n";
import type { SocialPoint } from "../../domain/social";
import { LineChart } from "@/components/charts/LineChart";
import { SocialSeriesView } from "@/features/brandEx/SocialSeriesView";

// The module pages' messages, as the app's layout route loads them.
beforeAll(() => loadAppMessages());

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const point = (start: string, over: Partial<SocialPoint>): SocialPoint => ({
  start, posts: 3, reach: 1_000, impressions: 1_300, engagements: 50, engagementRate: 0.05, videoViews: 400,
  netFollowers: 10, follows: 12, unfollows: 2, followers: 120_000, pageReach: 2_000, ...over,
});

const SERIES = [
  point("2024-03-01", { reach: 1_200, engagements: 60, followers: null, netFollowers: 0 }),
  point("2024-03-02", { reach: 900, engagements: 45, followers: 120_010, netFollowers: -4 }),
  point("2024-03-03", { reach: 5_600, engagements: 336, followers: 120_040, engagementRate: 0.06 }),
  point("2024-03-04", { reach: 3_400, engagements: 0, followers: 120_100, engagementRate: 0 }),
];

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

const charts = (host: HTMLElement) => [...host.querySelectorAll('svg[role="img"]')];
const tooltips = (chart: Element) => [...chart.querySelectorAll(".line-chart-point > title")].map((t) => t.textContent);

describe("the series of the social overview", () => {
  it("draws post reach, engagements and followers, each named by a summary of its figures", async () => {
    const host = await render(<SocialSeriesView figures={{ granularity: "day", series: SERIES }} />);
    expect([...host.querySelectorAll(".line-chart-legend")].map((l) => l.textContent)).toEqual([
      "Post reach per day", "Engagements per day", "Followers at the end of each period",
    ]);
    expect(charts(host).map((c) => c.getAttribute("aria-label"))).toEqual([
      "Post reach per day, 2024-03-01 to 2024-03-04 (4 points): first 1,200, last 3,400; lowest 900 (2024-03-02), highest 5,600 (2024-03-03).",
      "Engagements per day, 2024-03-01 to 2024-03-04 (4 points): first 60, last 0; lowest 0 (2024-03-04), highest 336 (2024-03-03).",
      "Followers at the end of each period, 2024-03-01 to 2024-03-04 (4 points): first 120,010, last 120,100; lowest 120,010 (2024-03-02), highest 120,100 (2024-03-04).",
    ]);
  });

  it("gives every point with a figure its own tooltip, and leaves out the ones without", async () => {
    const host = await render(<SocialSeriesView figures={{ granularity: "day", series: SERIES }} />);
    const [reach, , followers] = charts(host);
    expect(tooltips(reach!)).toEqual(["2024-03-01: 1,200", "2024-03-02: 900", "2024-03-03: 5,600", "2024-03-04: 3,400"]);
    // No followers known on the first day: no point there, and the line starts on the second.
    expect(tooltips(followers!)).toEqual(["2024-03-02: 120,010", "2024-03-03: 120,040", "2024-03-04: 120,100"]);
    expect(followers!.querySelector(".line-chart-line")!.getAttribute("d")).toMatch(/^M[\d.]+,[\d.]+L/);
  });

  it("labels the periods and the value axis in short, and starts sums at 0", async () => {
    const host = await render(<SocialSeriesView figures={{ granularity: "day", series: SERIES }} />);
    const [reach, , followers] = charts(host);
    expect([...reach!.querySelectorAll(".line-chart-periods text")].map((t) => t.textContent)).toContain("1 Mar");
    const ticks = (c: Element) => [...c.querySelectorAll(".line-chart-grid text")].map((t) => t.textContent);
    expect(ticks(reach!)).toEqual(["0", "2K", "4K", "6K"]);
    // Followers are a level: the axis hugs them, with enough decimals to tell its ticks apart.
    expect(ticks(followers!)[0]).not.toBe("0");
    expect(new Set(ticks(followers!)).size).toBe(ticks(followers!).length);
  });

  it("gives every figure in a table, one row per period", async () => {
    const host = await render(<SocialSeriesView figures={{ granularity: "week", series: SERIES.slice(0, 2) }} />);
    expect(host.querySelector("h3")!.textContent).toBe("Over the range, per week");
    const rows = [...host.querySelectorAll("tbody tr")].map((r) => [...r.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ["week of 2024-03-01", "3", "1,200", "60", "5%", "—", "0"],
      ["week of 2024-03-02", "3", "900", "45", "5%", "120,010", "-4"],
    ]);
    expect(host.textContent).toContain("weeks start on Monday");
  });

  it("says so when the range has no periods", async () => {
    const host = await render(<SocialSeriesView figures={{ granularity: "day", series: [] }} />);
    expect(charts(host)).toHaveLength(0);
    expect(host.textContent).toContain("No periods in this range.");
  });
});

describe("LineChart", () => {
  it("draws one point per known value inside its width, the line breaking over a gap", async () => {
    const host = await render(
      <LineChart name="Reach" summary="Reach, three days" labels={["1 Mar", "2 Mar", "3 Mar", "4 Mar"]} titles={["a", "b", "c", "d"]}
        values={[10, null, 30, 40]} format={String} tickFormat={(n) => String(n)} colour="#c94d0a" />,
    );
    const svg = host.querySelector('svg[role="img"]')!;
    expect(svg.getAttribute("aria-label")).toBe("Reach, three days");
    const circles = [...svg.querySelectorAll("circle")];
    expect(circles).toHaveLength(3);
    const width = Number(svg.getAttribute("width"));
    for (const c of circles) {
      const x = Number(c.getAttribute("cx"));
      expect(x).toBeGreaterThan(0);
      expect(x).toBeLessThan(width);
    }
    expect(svg.querySelector(".line-chart-line")!.getAttribute("d")).toMatch(/^M[\d.]+,[\d.]+h0M[\d.]+,[\d.]+L[\d.]+,[\d.]+$/);
    // With a gap there is no area under the line (it would bridge the gap).
    expect(svg.querySelector(".line-chart-area")).toBeNull();
  });
});
