import { describe, expect, it } from "vitest";
import { BASE_LAYOUT } from "@/components/charts/chartLayout";
import { CAPTION_MARGIN, captionLine, exportImageLayout } from "@/components/export/imageLayout";

describe("the PNG export's layout", () => {
  it("reads brand and range as 'Brand · YYYY-MM-DD – YYYY-MM-DD'", () => {
    expect(captionLine("Tipco", "2024-01-01", "2024-01-31")).toBe("Tipco · 2024-01-01 – 2024-01-31");
  });

  it("puts the chart's title and the brand and range line above the plot, on white", () => {
    const layout = exportImageLayout(
      { ...BASE_LAYOUT, margin: { l: 64, r: 16, t: 16, b: 48 }, xaxis: { type: "category" } },
      { title: "GMV by region", subtitle: captionLine("Tipco", "2024-01-01", "2024-01-31") },
    );
    const title = layout.title as { text: string };
    expect(title.text).toContain("GMV by region");
    expect(title.text).toContain("Tipco · 2024-01-01 – 2024-01-31");
    expect(layout.margin).toEqual({ l: 64, r: 16, t: CAPTION_MARGIN, b: 48 });
    expect(layout.paper_bgcolor).toBe("#ffffff");
    // The chart itself is kept.
    expect(layout.xaxis).toEqual({ type: "category" });
  });

  it("keeps a larger top margin and writes markup in a title as text", () => {
    const layout = exportImageLayout({ margin: { t: 120 } }, { title: "Sales <b>&</b> returns", subtitle: "A · 2024-01-01 – 2024-01-02" });
    expect(layout.margin?.t).toBe(120);
    expect((layout.title as { text: string }).text).toContain("Sales &lt;b&gt;&amp;&lt;/b&gt; returns");
  });
});
