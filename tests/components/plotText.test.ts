import { describe, expect, it } from "vitest";
import type { Data, Layout } from "plotly.js";
import { narrowLayout } from "@/components/charts/chartLayout";
import { escapePlotText, plainTextData, plainTextLayout, unescapePlotText, unescapeValue } from "@/components/charts/plotText";

const LINK = '<a href="https://example.invalid/x">Evil link</a>';
const BIG = '<b style="font-size:60px">Huge</b>';

describe("escapePlotText", () => {
  it.each([
    [LINK, '&lt;a href="https://example.invalid/x"&gt;Evil link&lt;/a&gt;'],
    [BIG, '&lt;b style="font-size:60px"&gt;Huge&lt;/b&gt;'],
    ["Line<br>break", "Line&lt;br&gt;break"],
    // Typed entities stay as typed: Plotly decodes one level only.
    ["A &lt; B &amp; C", "A &amp;lt; B &amp;amp; C"],
    ["Fish & Chips", "Fish &amp; Chips"],
    ["สบู่ 5 > 3", "สบู่ 5 &gt; 3"],
    ["Plain name", "Plain name"],
    ["", ""],
  ])("%s → %s, and back", (text, escaped) => {
    expect(escapePlotText(text)).toBe(escaped);
    expect(unescapePlotText(escaped)).toBe(text);
  });

  it("unescapes one level only, and leaves other entities and lone ampersands as they are", () => {
    expect(unescapePlotText("&amp;lt;")).toBe("&lt;");
    expect(unescapePlotText("&quot;&#60; & x")).toBe("&quot;&#60; & x");
  });

  it("unescapes a clicked point's values, in arrays too; numbers and missing values unchanged", () => {
    expect(unescapeValue("&lt;b&gt;")).toBe("<b>");
    expect(unescapeValue(["&amp;", ["&gt;"], 3])).toEqual(["&", [">"], 3]);
    expect(unescapeValue(7)).toBe(7);
    expect(unescapeValue(undefined)).toBeUndefined();
  });
});

describe("plainTextData", () => {
  it("escapes every string a trace shows; templates, colours, numbers and dates are left as they are", () => {
    const bar = {
      type: "bar",
      name: "<i>GMV</i>",
      x: [LINK, BIG, 3],
      y: [1, 2, 3],
      text: [["<br>", "a"], ["b", "c"]],
      hovertext: "<sup>1</sup>",
      customdata: [0, "<u>x</u>"],
      meta: ["<s>m</s>"],
      marker: { color: "#e85d0c" },
      hovertemplate: "%{x}: ฿%{y:,.2f}<extra></extra>",
    } as unknown as Data;
    const pie = { type: "pie", labels: ["<em>Completed</em>"], values: [3], title: { text: "<b>t</b>" } } as unknown as Data;
    const heat = { type: "heatmap", x: ["F 1"], y: ["R 1"], z: [[1]], colorbar: { title: { text: "A&B" } } } as unknown as Data;
    const dates = { type: "scatter", x: ["2024-01-01", "2024-01-02"], y: [1, 2], legendgrouptitle: { text: "<b>g</b>" } } as unknown as Data;
    const input = [bar, pie, heat, dates];
    const before = JSON.stringify(input);
    const [b, p, h, d] = plainTextData(input) as unknown as Array<Record<string, unknown>>;

    expect(b).toEqual({
      ...bar,
      name: "&lt;i&gt;GMV&lt;/i&gt;",
      x: [escapePlotText(LINK), escapePlotText(BIG), 3],
      text: [["&lt;br&gt;", "a"], ["b", "c"]],
      hovertext: "&lt;sup&gt;1&lt;/sup&gt;",
      customdata: [0, "&lt;u&gt;x&lt;/u&gt;"],
      meta: ["&lt;s&gt;m&lt;/s&gt;"],
    });
    expect(b!.hovertemplate).toBe("%{x}: ฿%{y:,.2f}<extra></extra>");
    expect(p).toEqual({ ...pie, labels: ["&lt;em&gt;Completed&lt;/em&gt;"], title: { text: "&lt;b&gt;t&lt;/b&gt;" } });
    expect(h).toEqual({ ...heat, colorbar: { title: { text: "A&amp;B" } } });
    expect(d).toEqual({ ...dates, legendgrouptitle: { text: "&lt;b&gt;g&lt;/b&gt;" } });
    // The caller's traces are untouched (they also feed the tables and the CSV).
    expect(JSON.stringify(input)).toBe(before);
  });
});

describe("plainTextLayout", () => {
  it("escapes titles, axis titles, tick texts and values, category orders, legend title and annotations", () => {
    const layout = {
      title: { text: "<b>Top</b>" },
      xaxis: { type: "category", title: { text: "A<br>B" }, tickvals: [LINK, 2], ticktext: ["<b>x</b>"], categoryarray: ["<i>c</i>"], tickprefix: "฿" },
      yaxis2: { title: "R&D", range: [0, 5] },
      legend: { title: { text: "<u>l</u>" }, orientation: "h" },
      annotations: [{ text: "<a href='x'>n</a>", x: 1 }],
      font: { family: "Prompt" },
    } as unknown as Partial<Layout>;
    const before = JSON.stringify(layout);
    expect(plainTextLayout(layout)).toEqual({
      title: { text: "&lt;b&gt;Top&lt;/b&gt;" },
      xaxis: { type: "category", title: { text: "A&lt;br&gt;B" }, tickvals: [escapePlotText(LINK), 2], ticktext: ["&lt;b&gt;x&lt;/b&gt;"], categoryarray: ["&lt;i&gt;c&lt;/i&gt;"], tickprefix: "฿" },
      yaxis2: { title: "R&amp;D", range: [0, 5] },
      legend: { title: { text: "&lt;u&gt;l&lt;/u&gt;" }, orientation: "h" },
      annotations: [{ text: "&lt;a href='x'&gt;n&lt;/a&gt;", x: 1 }],
      font: { family: "Prompt" },
    });
    expect(JSON.stringify(layout)).toBe(before);
  });

  it("after the narrow layout, the shortened labels and the tick values match the escaped categories", () => {
    const data: Data[] = [{ type: "bar", x: [LINK, "Short"], y: [1, 2] }];
    const layout = plainTextLayout(narrowLayout(data, { xaxis: { type: "category" } }));
    const [bar] = plainTextData(data) as Array<{ x: string[] }>;
    expect(layout.xaxis?.tickvals).toEqual(bar!.x);
    // Cut to 12 characters of the name as given, then escaped: no entity cut in half.
    expect(layout.xaxis?.ticktext).toEqual(["&lt;a href=\"ht…", "Short"]);
  });
});
