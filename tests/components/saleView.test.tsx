// @vitest-environment happy-dom
// The Sale page's view and its formats (issue 17): the figure cards with value ("—" for AOV
// without orders), change and definition; the channel table with shares and changes; the daily
// chart's table with views only where measured; the correlation in words, "Not enough days" for
// a null r and a line for a brand without campaigns; the empty, failed and no-access states.
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { correlationSentence } from "../../domain/sale";
import type { SaleSummary } from "../../domain/saleContract";
import { channelTable, dailyCard, saleFigures } from "@/features/sale/saleFormat";
import { correlationText, noAccess, noSales, SaleNoAccess, SaleView, type SaleViewProps } from "@/features/sale/SaleView";
import { activateLocale, loadAppMessages, loadLanguage } from "@/i18n/i18n";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// Plotly is not drawn here: the charts are checked through their tables and words.
vi.mock("@/components/charts/LazyPlot", () => ({ LazyPlot: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));

const summary = (over: Partial<SaleSummary> = {}): SaleSummary => ({
  start: "2025-03-01", end: "2025-03-03", previousStart: "2025-02-26", previousEnd: "2025-02-28",
  totals: { gmv: 3_000, nmv: 2_500, orders: 12, units: 30, buyers: 10 },
  previous: { gmv: 2_000, nmv: 2_500, orders: 12, units: 20, buyers: 12 },
  channels: [
    { channel: "Shopee", gmv: 2_250, nmv: 2_000, orders: 9, previousGmv: 1_500, previousOrders: 8 },
    { channel: "Lazada", gmv: 750, nmv: 500, orders: 3, previousGmv: 0, previousOrders: 0 },
  ],
  days: [
    { day: "2025-03-01", gmv: 1_000, orders: 4, views: 120 },
    { day: "2025-03-02", gmv: 1_500, orders: 6, views: null },
    { day: "2025-03-03", gmv: 500, orders: 2, views: 80 },
  ],
  o2o: { campaigns: [{ id: 1, name: "Tipco Fresh Mornings" }], days: 12, correlation: 0.4213, previousCorrelation: null },
  ...over,
});

beforeAll(async () => {
  await loadAppMessages();
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
const props = (over: Partial<SaleViewProps> = {}): SaleViewProps => ({
  brand: "Tipco", start: "2025-03-01", end: "2025-03-03", summary: summary(), phase: { kind: "ready" }, onRetry: noop, ...over,
});

function cards(host: HTMLElement): Map<string, { value: string; change: string; definition: string }> {
  const list = host.querySelector('dl[aria-label="Sales figures"]')!;
  return new Map(
    [...list.querySelectorAll(".figure-card")].map((c) => [
      c.querySelector("dt")!.textContent!,
      {
        value: c.querySelector(".figure-value")!.textContent!.trim(),
        change: c.querySelector(".figure-change")?.textContent?.trim() ?? "",
        definition: c.querySelector(".figure-definition")?.textContent ?? "",
      },
    ]),
  );
}

describe("the Sale figure cards", () => {
  it("show GMV, NMV, orders, units, buyers and AOV with value, change against the previous period and definition", async () => {
    const c = cards(await render(<SaleView {...props()} />));
    expect([...c.keys()]).toEqual(["GMV", "NMV", "Orders", "Units", "Buyers", "AOV"]);
    expect(c.get("GMV")!.value).toBe("฿3,000.00");
    expect(c.get("GMV")!.change).toMatch(/up 50\.0 %/);
    expect(c.get("Buyers")!.change).toMatch(/down 16\.7 %/);
    expect(c.get("NMV")!.change).toMatch(/no change/);
    expect(c.get("AOV")!.value).toBe("฿250.00");
    expect(c.get("AOV")!.definition).toBe("Average order value: GMV ÷ orders.");
    for (const [label, card] of c) expect(card.definition, label).not.toBe("");
  });

  it("AOV has no value without orders (shown —)", () => {
    const aov = saleFigures().find((k) => k.label === "AOV")!;
    expect(aov.value({ gmv: 0, nmv: 0, orders: 0, units: 0, buyers: 0 })).toBeNull();
  });
});

describe("the channels", () => {
  it("list each channel's GMV, share, NMV, orders, previous GMV and change (none from 0)", async () => {
    const t = channelTable(summary(), "r", "p");
    expect(t.rows.map((r) => [r.label, ...r.values])).toEqual([
      ["Shopee", 2_250, 75, 2_000, 9, 1_500, 50],
      ["Lazada", 750, 25, 500, 3, 0, null],
    ]);
    const host = await render(<SaleView {...props()} />);
    const table = host.querySelector('[aria-label^="Online sales by channel"] table')!;
    expect([...table.querySelectorAll("tbody th")].map((th) => th.textContent)).toEqual(["Shopee", "Lazada"]);
    expect(table.querySelector("tbody tr td")!.textContent).toBe("฿2,250.00");
  });
});

describe("the daily chart", () => {
  it("has every day, with views only on the days they were measured", () => {
    const card = dailyCard(summary(), "r");
    expect(card.table.rows.map((r) => r.values)).toEqual([[1_000, 4, 120], [1_500, 6, null], [500, 2, 80]]);
    expect(card.chart.data).toHaveLength(2);
    expect(card.chart.layout.yaxis2).toBeDefined();
  });

  it("has no views line nor second axis when no campaign was measured", () => {
    const card = dailyCard(summary({ days: summary().days.map((d) => ({ ...d, views: null })) }), "r");
    expect(card.chart.data).toHaveLength(1);
    expect(card.chart.layout.yaxis2).toBeUndefined();
    expect(card.note).toContain("No o2o campaign of the brand was measured");
  });
});

describe("the correlation", () => {
  it("reads as a correlation, not attribution, with r, the days and the campaigns", async () => {
    const host = await render(<SaleView {...props()} />);
    const text = host.querySelector(".sale-correlation")!.textContent!;
    expect(text).toContain("Campaigns in stores: Tipco Fresh Mornings.");
    expect(text).toContain("Correlation, not attribution: r = 0.42 over 12 days with both store views and orders.");
    expect(text).toContain("this does not show that the views caused the sales");
    expect(text).toContain("Previous period: not enough days");
  });

  it("says Not enough days for a null r", async () => {
    const host = await render(<SaleView {...props({ summary: summary({ o2o: { campaigns: [{ id: 1, name: "X" }], days: 4, correlation: null, previousCorrelation: 0.3 } }) })} />);
    expect(host.querySelector(".sale-r-value")!.textContent).toBe("Not enough days");
    expect(host.querySelector(".sale-correlation")!.textContent).toContain("Previous period: r = 0.30");
  });

  it("says there are no store views for a brand without campaigns", async () => {
    const host = await render(<SaleView {...props({ summary: summary({ o2o: { campaigns: [], days: 0, correlation: null, previousCorrelation: null } }) })} />);
    expect(host.querySelector(".sale-correlation")!.textContent).toContain("No o2o campaign of the brand ran in stores in this range");
    expect(host.querySelector(".sale-r")).toBeNull();
  });
});

describe("the states", () => {
  it("empty: no orders in the range", async () => {
    const none = summary({ totals: { gmv: 0, nmv: 0, orders: 0, units: 0, buyers: 0 }, channels: [] });
    const host = await render(<SaleView {...props({ summary: none })} />);
    expect(host.textContent).toContain(noSales());
    expect(host.querySelector('dl[aria-label="Sales figures"]')).toBeNull();
  });

  it("failed before any answer: the reason and Try again", async () => {
    const onRetry = vi.fn();
    const host = await render(<SaleView {...props({ summary: null, phase: { kind: "failed", error: "The server could not be reached." }, onRetry })} />);
    expect(host.textContent).toContain("The sales could not be loaded.");
    const retry = [...host.querySelectorAll("button")].find((b) => b.textContent!.includes("Try again"))!;
    await act(async () => retry.click());
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it("loading before any answer", async () => {
    const host = await render(<SaleView {...props({ summary: null, phase: { kind: "loading" } })} />);
    expect(host.querySelector('progress[aria-label="Loading the sales"]')).not.toBeNull();
  });

  it("no access without permission 7", async () => {
    const host = await render(<SaleNoAccess />);
    expect(host.textContent).toContain(noAccess());
    expect(noAccess()).toBe("You need E-Commerce access (permission 7) to see sales.");
  });
});

it("the shown correlation sentence is domain/sale's in English", () => {
  for (const [r, days] of [[null, 3], [0.05, 9], [0.2, 1], [0.42, 12], [-0.6, 30], [-0.35, 8]] as const) expect(correlationText(r, days)).toBe(correlationSentence(r, days));
});

describe("in Thai with Buddhist-Era dates", () => {
  afterEach(() => activateLocale({ language: "en", calendar: "gregorian" }));

  it("shows the page's words in Thai and its days in BE", async () => {
    await loadAppMessages();
    await loadLanguage("th");
    activateLocale({ language: "th", calendar: "buddhist" });
    const host = await render(<SaleView {...props()} />);
    expect(host.querySelector("h1")!.textContent).toBe("ยอดขาย");
    expect(host.querySelector(".sale-scope")!.textContent).toContain("2568-03-01 ถึง 2568-03-03");
    expect(host.querySelector(".sale-r-sentence")!.textContent).toContain("เป็นความสัมพันธ์ ไม่ใช่การระบุที่มา: r = 0.42 จาก 12 วัน");
    expect(host.querySelector('dl[aria-label="ตัวเลขยอดขาย"]')).not.toBeNull();
    const card = dailyCard(summary(), "r");
    expect(card.table.rows[0]!.label).toBe("2568-03-01");
    expect(card.table.columns.map((c) => c.header)).toEqual(["GMV (฿)", "คำสั่งซื้อ", "การดูจอในร้าน"]);
  });
});
