/** Value axes in Thai compact words (issue 18): "1.2 ล้าน" on a baht axis, Plotly's own ticks elsewhere. */
import { afterEach, describe, expect, it } from "vitest";
import type { Data } from "plotly.js";
import { compactValueAxes, MONEY_AXIS } from "@/components/charts/chartLayout";
import { valueTicks } from "@/components/charts/seriesScale";
import { formatCompact } from "@/components/format/numbers";
import { activateLocale, loadLanguage } from "@/i18n/i18n";

const ticks = (v: readonly number[]) => valueTicks(v, 4).values;
const bars: Data[] = [{ type: "bar", x: ["Shopee", "Lazada"], y: [861_853, 1_567_724] }];

describe("compactValueAxes", () => {
  afterEach(() => activateLocale({ language: "en", calendar: "gregorian" }));

  it("labels a baht axis in Thai words with the baht sign, from 0", async () => {
    await loadLanguage("th");
    activateLocale({ language: "th", calendar: "buddhist" });
    const layout = compactValueAxes(bars, { yaxis: { ...MONEY_AXIS } }, ticks, formatCompact);
    expect(layout.yaxis?.tickvals).toEqual([0, 500_000, 1_000_000, 1_500_000, 2_000_000]);
    expect(layout.yaxis?.ticktext).toEqual(["฿0", "฿500 พัน", "฿1 ล้าน", "฿1.5 ล้าน", "฿2 ล้าน"]);
    expect(layout.yaxis?.tickprefix).toBe("");
    // The category axis keeps its names.
    expect(layout.xaxis?.tickvals).toBeUndefined();
  });

  it("leaves date, percent and already-ticked axes to Plotly", () => {
    const layout = compactValueAxes(
      [{ type: "scatter", x: ["2024-02-01", "2024-02-02"], y: [0.1, 0.2] }, { type: "scatter", x: [1, 2], y: [5, 6], xaxis: "x2", yaxis: "y2" }],
      { xaxis: { type: "date" }, yaxis: { tickformat: ".1%" }, xaxis2: { tickvals: [1, 2] }, yaxis2: {} },
      ticks,
      formatCompact,
    );
    expect(layout.xaxis).toEqual({ type: "date" });
    expect(layout.yaxis).toEqual({ tickformat: ".1%" });
    expect(layout.xaxis2).toEqual({ tickvals: [1, 2] });
    expect(layout.yaxis2?.tickvals).toEqual([0, 2, 4, 6]);
  });
});
