import { describe, expect, it } from "vitest";
import { ApiCallError } from "@/api/client";
import { effectiveCommerceFilter } from "../../domain/commerceFilter";
import { DEFAULT_DATE_RANGE } from "../../domain/dates";
import { resolveView } from "../../domain/viewSearch";
import { CUSTOMER_COLOURS } from "@/features/commerce/colours";
import { activeFilterParts, channelOf, commerceRequestOf } from "@/features/commerce/commerceData";
import {
  bucketLabel, commerceCards, formatCount, formatMoney, formatPeriod, formatShare, keyFigures, keyFiguresTable, statusLabel,
} from "@/features/commerce/commerceFormat";
import { clickOfPoint, csvColumnsOf } from "@/components/charts/chartCard";
import { clickText, formatClickTime } from "@/components/figures/ChartFilters";
import { importSummary } from "@/features/commerce/ImportOrdersDialog";
import { importOutcomeOf } from "@/features/commerce/importOrders";
import { ecommerceQueryKey, type ECommerceQuery } from "../../machines/ecommerce/ecommerceMachine";
import { toCsv } from "@/components/export/download";
import { figures } from "./commerceFixtures";
import { loadAppMessages } from "@/i18n/i18n";

// The catalogues' messages (English), as the app's layout loads them.
await loadAppMessages();

describe("formatting", () => {
  it.each([
    [1234.5, "฿1,234.50"],
    [0, "฿0.00"],
    [1_000_000, "฿1,000,000.00"],
  ])("money %d → %s", (n, text) => expect(formatMoney(n)).toBe(text));

  it.each([
    [1234, "1,234"],
    [0, "0"],
  ])("count %d → %s", (n, text) => expect(formatCount(n)).toBe(text));

  it.each([
    ["2024-09-09", "day", "2024-09-09"],
    ["2024-09-09", "week", "Week of 2024-09-09"],
    ["2024-09-01", "month", "September 2024"],
    ["2025-01-01", "month", "January 2025"],
  ] as const)("period %s by %s → %s", (period, granularity, text) => expect(formatPeriod(period, granularity)).toBe(text));

  it("shares, guarding against no whole", () => {
    expect(formatShare(1, 4)).toBe("25%");
    expect(formatShare(1, 3)).toBe("33.3%");
    expect(formatShare(1, 0)).toBe("0%");
  });

  it("click times read on the Bangkok clock", () => {
    expect(formatClickTime(Date.parse("2024-09-09T03:12:05Z"))).toBe("10:12:05");
  });

  it("chip text and status labels", () => {
    expect(clickText({ field: "platforms", label: "Shopee" })).toBe("Platform: Shopee");
    expect(clickText({ field: "locations", label: "Central" })).toBe("Region: Central");
    expect(clickText({ field: "basket", label: "฿200–499" })).toBe("Basket size: ฿200–499");
    expect(statusLabel("cancelled")).toBe("Cancelled");
    expect(statusLabel("odd")).toBe("odd");
  });

  it("bucket labels: the domain's, else the bounds", () => {
    expect(bucketLabel({ min: 200, max: 500 })).toBe("฿200–499");
    expect(bucketLabel({ min: 5000, max: null })).toBe("฿5,000 and over");
    expect(bucketLabel({ min: 10, max: 20 })).toBe("฿10.00–฿20.00");
    expect(bucketLabel({ min: 10, max: null })).toBe("฿10.00 and over");
  });
});

describe("key figures", () => {
  it("GMV, NMV, orders, customers new and old, average basket", () => {
    const shown = keyFigures(figures.totals).map((k) => [k.label, k.value === null ? null : k.format(k.value), k.note ?? null]);
    expect(shown).toEqual([
      ["GMV", "฿12,345.50", null],
      ["NMV", "฿10,000.00", "81% of GMV"],
      ["Orders", "42", null],
      ["Customers", "30", null],
      ["New customers", "12", "GMV ฿4,000.00"],
      ["Old customers", "18", "GMV ฿8,345.50"],
      ["Average basket size", "฿293.94", null],
    ]);
  });

  it("no orders: no average basket, no NMV share", () => {
    const k = keyFigures({ ...figures.totals, gmv: 0, nmv: 0, orders: 0, avgBasket: null });
    expect(k.find((f) => f.label === "Average basket size")?.value).toBeNull();
    expect(k.find((f) => f.label === "NMV")?.note).toBeUndefined();
  });

  it("export as CSV with plain numbers and money columns named in THB", () => {
    const table = keyFiguresTable(figures, "Shopee");
    expect(table.caption).toBe("Key figures, Shopee, 2024-09-01 to 2024-09-03");
    expect(toCsv(table.rows, csvColumnsOf(table)).split("\r\n").slice(0, 3)).toEqual(["\uFEFFFigure,Value", "GMV (THB),12345.5", "NMV (THB),10000"]);
  });

  it("the customer colours are the spec's two keys", () => {
    expect(Object.keys(CUSTOMER_COLOURS)).toEqual(["newCustomer", "oldCustomer"]);
  });
});

describe("charts", () => {
  const cards = commerceCards(figures);
  const byId = (id: string) => cards.find((c) => c.id === id)!;

  it("are the seven of the issue, in reading order, each with a table", () => {
    expect(cards.map((c) => c.title)).toEqual([
      "GMV and NMV over time", "New and old customers over time", "GMV by platform", "GMV by region", "Top products",
      "Basket-size distribution", "Orders by status",
    ]);
    for (const card of cards) expect(card.table.rows.length).toBeGreaterThan(0);
  });

  it("the series: one point per period, GMV and NMV, by its granularity", () => {
    const c = byId("gmv-nmv-over-time");
    expect(c.clickable).toBe(false);
    expect(c.chart.data.map((d) => (d as { name: string }).name)).toEqual(["GMV", "NMV"]);
    expect((c.chart.data[0] as { x: string[] }).x).toEqual(["2024-09-01", "2024-09-02", "2024-09-03"]);
    expect(c.chart.label).toBe("GMV and NMV per day, 2024-09-01 to 2024-09-03: GMV ฿12,345.50 and NMV ฿10,000.00 in total.");
    expect(c.table.rows[1]).toEqual({ label: "2024-09-02", values: [7345.5, 6000, 22], click: null });
  });

  it("new and old customers stack in the customer colours", () => {
    const c = byId("new-old-customers-over-time");
    expect(c.chart.layout.barmode).toBe("stack");
    expect(c.chart.data.map((d) => (d as { marker: { color: string } }).marker.color)).toEqual([CUSTOMER_COLOURS.newCustomer, CUSTOMER_COLOURS.oldCustomer]);
  });

  it("platform and region bars filter by their key; the Unknown region too", () => {
    expect(byId("gmv-by-platform").table.rows.map((r) => r.click)).toEqual([
      { field: "platforms", value: "Shopee", label: "Shopee" },
      { field: "platforms", value: "Lazada", label: "Lazada" },
    ]);
    expect(byId("gmv-by-region").table.rows[1]?.click).toEqual({ field: "locations", value: "Unknown", label: "Unknown" });
    expect(byId("gmv-by-region").chart.label).toBe("GMV by region, 2024-09-01 to 2024-09-03: Bangkok and Vicinity ฿9,000.00, Unknown ฿3,345.50.");
  });

  it("top products: horizontal, best seller on top, filter by the exact name", () => {
    const c = byId("top-products");
    expect((c.chart.data[0] as { orientation: string }).orientation).toBe("h");
    expect(c.table.rows[0]?.click).toEqual({ field: "products", value: "น้ำปลา 700ml", label: "น้ำปลา 700ml" });
  });

  it("basket buckets filter by their bounds; statuses by their key with a readable label", () => {
    expect(byId("basket-size-distribution").table.rows[1]?.click).toEqual({ field: "basket", value: "200-500", label: "฿200–499" });
    expect(byId("basket-size-distribution").table.rows[5]?.click).toEqual({ field: "basket", value: "5000-", label: "฿5,000 and over" });
    expect(byId("orders-by-status").table.rows[2]?.click).toEqual({ field: "statuses", value: "cancelled", label: "Cancelled" });
    expect(byId("orders-by-status").chart.label).toContain("Completed 35 (83.3%)");
  });

  it("a clicked point maps to its row through customdata (else its index); charts that do not filter give nothing", () => {
    const region = byId("gmv-by-region");
    expect(clickOfPoint(region, { customdata: 1, pointIndex: 0 })).toEqual({ field: "locations", value: "Unknown", label: "Unknown" });
    expect(clickOfPoint(region, { customdata: undefined, pointIndex: 0 })?.value).toBe("Bangkok and Vicinity");
    expect(clickOfPoint(region, { customdata: 9, pointIndex: 9 })).toBeNull();
    expect(clickOfPoint(byId("gmv-nmv-over-time"), { customdata: 0, pointIndex: 0 })).toBeNull();
  });

  it("every table exports as CSV: the row header then its columns", () => {
    const t = byId("gmv-by-platform").table;
    expect(toCsv(t.rows, csvColumnsOf(t))).toBe("\uFEFFPlatform,GMV (THB),NMV (THB),Orders\r\nShopee,8000,7000,30\r\nLazada,4345.5,3000,12\r\n");
  });
});

describe("page data helpers", () => {
  it.each([
    [undefined, "All channel"],
    ["Shopee", "Shopee"],
    ["Lazada", "Lazada"],
    ["TikTok", "All channel"],
  ])("channel of %j is %j", (ech, channel) => expect(channelOf(ech)).toBe(channel));

  it("the request: brand, Bangkok days of the range, channel, filter", () => {
    const view = resolveView({ start: "2024-09-01", end: "2024-09-30" }, { brands: ["Brand A"], channels: ["All Channel"] });
    const filter = effectiveCommerceFilter({ template: null, adhoc: null, clicks: [] });
    expect(commerceRequestOf(view, "Shopee", filter)).toEqual({ brand: "Brand A", start: "2024-09-01", end: "2024-09-30", channel: "Shopee", filter: {} });
    expect(DEFAULT_DATE_RANGE.startDate).toMatch(/T00:00:00$/);
  });

  it("the reload key changes with the channel and the clicked values, not with click times", () => {
    const a = { field: "platforms", value: "Shopee", label: "Shopee", at: 1 } as const;
    const q = (channel: ECommerceQuery["channel"], clicks: ECommerceQuery["clicks"]): ECommerceQuery =>
      ({ brand: "Tipco", start: "2024-01-01", end: "2024-01-31", channel, active: { kind: "none" }, clicks });
    const commerceKey = (_view: string, channel: ECommerceQuery["channel"], clicks: ECommerceQuery["clicks"]) => ecommerceQueryKey(q(channel, clicks));
    expect(commerceKey("v", "All channel", [a])).toBe(commerceKey("v", "All channel", [{ ...a, at: 2 }]));
    expect(commerceKey("v", "All channel", [a])).not.toBe(commerceKey("v", "Shopee", [a]));
    expect(commerceKey("v", "All channel", [a])).not.toBe(commerceKey("v", "All channel", []));
  });

  it("the active filter in words", () => {
    expect(activeFilterParts({ kind: "none" })).toEqual([]);
    expect(
      activeFilterParts({
        kind: "template",
        template: { title: "T", basketSize: { min: 100, max: null }, product: "Soap", platform: "Lazada", location: "All Location", status: "", disabled: false },
      }),
    ).toEqual(["Platform: Lazada", "Product: Soap", "Basket size from ฿100.00"]);
    const withStatus = (status: string) => activeFilterParts({
      kind: "template",
      template: { title: "T", basketSize: { min: null, max: null }, product: "", platform: "", location: "", status, disabled: false },
    });
    expect(withStatus("cancelled")).toEqual(["Status: Cancelled"]);
    expect(withStatus("All Status")).toEqual([]);
    expect(withStatus("on hold")).toEqual(["Status: on hold (no order has it)"]);
    expect(activeFilterParts({ kind: "adhoc", filter: { min: null, max: 500, platform: "All Platform", location: "Central" } })).toEqual([
      "Location: Central",
      "Basket size up to ฿500.00",
    ]);
    expect(activeFilterParts({ kind: "adhoc", filter: { min: 1, max: 2, platform: "Shopee", location: "All Location" } })).toEqual([
      "Platform: Shopee",
      "Basket size ฿1.00–฿2.00",
    ]);
  });
});

describe("the orders import answer", () => {
  const result = { format: "documented", rows: 3, orders: 2, inserted: 1, updated: 1, unchanged: 0 };

  it("a success is the counts, in words", () => {
    const outcome = importOutcomeOf(200, { msg: "Orders imported", data: result });
    expect(outcome).toEqual({ kind: "imported", result, message: "Orders imported" });
    expect(importSummary(result)).toBe("Read 3 rows (the documented CSV) as 2 orders: 1 new, 1 updated, 0 unchanged.");
    expect(importSummary({ ...result, format: "shopee", rows: 1, orders: 1 })).toBe("Read 1 row (a Shopee export) as 1 order: 1 new, 1 updated, 0 unchanged.");
  });

  it("a 400 with rows is a refusal listing every bad line", () => {
    const body = { error: "invalid_file", message: "2 rows are not valid.", rows: [{ line: 3, reason: "price: is not a number" }, { line: 5, reason: "status: expected …" }] };
    expect(importOutcomeOf(400, body)).toEqual({ kind: "refused", message: "2 rows are not valid.", rows: body.rows });
  });

  it("any other failure throws with the server's message and status", () => {
    expect(() => importOutcomeOf(403, { error: "forbidden", message: "You may not import orders." })).toThrow(
      expect.objectContaining({ status: 403, message: "You may not import orders." }) as Error,
    );
    expect(() => importOutcomeOf(400, { error: "bad", message: "brand: is required" })).toThrow("brand: is required");
    expect(() => importOutcomeOf(502, undefined)).toThrow("The server answered 502.");
    expect(() => importOutcomeOf(200, { msg: "ok" })).toThrow(ApiCallError);
  });
});
