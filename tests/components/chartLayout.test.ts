import { describe, expect, it } from "vitest";
import type { Data, Layout } from "plotly.js";
import { BASE_LAYOUT, narrowLayout, truncateLabel } from "@/components/charts/chartLayout";

describe("truncateLabel", () => {
  it.each([
    ["Bangkok", 12, "Bangkok"],
    ["Northeastern region", 12, "Northeaster…"],
    ["กรุงเทพมหานครและปริมณฑล", 8, "กรุงเทพ…"],
    ["exactly twelve", 14, "exactly twelve"],
  ])("%s cut to %s reads %s", (text, max, out) => {
    expect(truncateLabel(text, max)).toBe(out);
  });
});

describe("narrowLayout", () => {
  const regions = ["Bangkok and Vicinity", "Northeastern region", "Southern region"];
  const bars: Data[] = [{ type: "bar", x: regions, y: [3, 2, 1] }];
  const layout: Partial<Layout> = {
    ...BASE_LAYOUT,
    xaxis: { type: "category", tickangle: -30, automargin: true },
    yaxis: { tickprefix: "฿", automargin: true },
  };

  it("shortens category labels, keeps the full ones as the tick values and sets them upright", () => {
    const out = narrowLayout(bars, layout);
    expect(out.xaxis?.tickvals).toEqual(regions);
    expect(out.xaxis?.ticktext).toEqual(["Bangkok and…", "Northeaster…", "Southern re…"]);
    expect(out.xaxis?.tickangle).toBe(-90);
  });

  it("leaves a heatmap's category axes their own ticks (weekdays; every third hour, spaced twice as far), so their labels stay", () => {
    const heatmap: Data[] = [{ type: "heatmap", x: ["00:00", "01:00"], y: ["Mon", "Tue"], z: [[1, 2], [3, 4]] } as Data];
    const out = narrowLayout(heatmap, { ...BASE_LAYOUT, xaxis: { type: "category", dtick: 3 }, yaxis: { type: "category", autorange: "reversed" } });
    expect(out.xaxis?.tickvals).toBeUndefined();
    expect(out.xaxis?.dtick).toBe(6);
    expect(out.yaxis?.tickvals).toBeUndefined();
    expect(out.yaxis?.autorange).toBe("reversed");
  });

  it("gives value axes at most 4 ticks and keeps their prefix and format", () => {
    const out = narrowLayout(bars, layout);
    expect(out.yaxis?.nticks).toBe(4);
    expect(out.yaxis?.tickformat).toBeUndefined();
    expect(out.yaxis?.tickprefix).toBe("฿");
  });

  it("reads categories of horizontal bars from y and puts the legend above the plot, left-aligned", () => {
    const horizontal: Data[] = [{ type: "bar", orientation: "h", y: ["A very long product name indeed"], x: [5] }];
    const out = narrowLayout(horizontal, { ...BASE_LAYOUT, yaxis: { type: "category" }, xaxis: { tickprefix: "฿" } });
    expect(out.yaxis?.ticktext).toEqual(["A very long…"]);
    expect(out.yaxis?.tickangle).toBeUndefined();
    expect(out.xaxis?.nticks).toBe(4);
    expect(out.legend).toMatchObject({ orientation: "h", x: 0, xanchor: "left" });
  });

  it("keeps date axes dated with fewer ticks", () => {
    const out = narrowLayout([{ type: "scatter", x: ["2024-01-01"], y: [1] }], { xaxis: { type: "date", tickformat: "%d %b" } });
    expect(out.xaxis).toMatchObject({ type: "date", tickformat: "%d %b", nticks: 4 });
  });
});
