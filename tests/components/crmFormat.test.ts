import { describe, expect, it } from "vitest";
import type { KpiTemplate } from "../../domain/entities";
import { emptyKpiTemplate } from "../../domain/kpi";
import { rfmWeightsOf, segmentRulesOf } from "../../domain/rfm";
import { createRfmApi, type RfmSummary, type RfmTransitionTable } from "../../workers/rfm";
import { toCsv } from "@/components/export/download";
import {
  chooseKpi, customerColumns, FIRST_QUERY, goneColumn, GRID_CSV, newRow, noKpiTemplate, SEGMENT_CSV, ariaSortOf, exportQuery, filterSourceText,
  comparedPeriod, filterText, formatMoney, formatScore, formatShare, gridCsvRows, previousSegmentSizes, gridRows, noRowsText, rfGridChart, rowsText, segmentChart, shade,
  sortedBy, sourceLine, transitionCsv, transitionText, transitionView, weightsText, workerQuery,
} from "@/features/crm/crmFormat";
import type { KpiSource } from "@/features/crm/crmLoaders";
import { loadAppMessages } from "@/i18n/i18n";

await loadAppMessages();

function template(title: string, weights: [string, string, string] | null, segments?: KpiTemplate["RFM"][number]): KpiTemplate {
  const t = emptyKpiTemplate(title);
  const setting = weights === null ? t.RFM[0]! : { setting: [{ name: "Recency" as const, weight: weights[0] }, { name: "Frequency" as const, weight: weights[1] }, { name: "Monetary" as const, weight: weights[2] }] };
  return { ...t, RFM: segments === undefined ? [setting, t.RFM[1]!] : [setting, segments] };
}

const lineOf = (source: KpiSource) => {
  const t = source.kind === "template" ? source.template : null;
  return sourceLine(source, rfmWeightsOf(t), segmentRulesOf(t));
};

/** A small scored period from the real worker functions. */
function scored(): { summary: RfmSummary; transitions: RfmTransitionTable } {
  const api = createRfmApi();
  api.load(
    { ids: ["A", "B", "C", "D", "E"], recencyDays: [0, 5, 10, 20, 40], frequency: [5, 4, 3, 2, 1], monetary: [500, 400, 300, 200, 100] },
    { ids: ["A", "Z"], recencyDays: [1, 3], frequency: [1, 2], monetary: [10, 20] },
  );
  return api.score({ recency: 1 / 3, frequency: 1 / 3, monetary: 1 / 3 }, segmentRulesOf(null));
}

describe("CRM formats", () => {
  it.each([
    [1234.5, "฿1,234.50"],
    [0, "฿0.00"],
  ])("money %s → %s", (n, text) => expect(formatMoney(n)).toBe(text));

  it.each([
    [11 / 3, "3.67"],
    [5, "5.00"],
  ])("score %s → %s", (n, text) => expect(formatScore(n)).toBe(text));

  it("shares and weights in percent", () => {
    expect(formatShare(1 / 3)).toBe("33.3%");
    expect(weightsText({ recency: 0.8, frequency: 0.1, monetary: 0.1 })).toBe("Recency 80%, Frequency 10%, Monetary 10%");
  });
});

describe("CRM: which weights and segments score the customers", () => {
  it("says so when no KPI template is selected, with the equal weights", () => {
    expect(lineOf({ kind: "none" })).toEqual({ text: noKpiTemplate(), weights: "Recency 33.3%, Frequency 33.3%, Monetary 33.3%", notes: [chooseKpi()] });
    expect(chooseKpi()).toMatch(/KPI button on another page/);
    expect(noKpiTemplate()).toBe("No KPI template selected: equal weights and the default segments.");
  });

  it("names the template with its weights and segments", () => {
    expect(lineOf({ kind: "template", template: template("Q1 plan", ["80", "10", "10"]) })).toEqual({
      text: "KPI template ‘Q1 plan’: its RFM weights and its 9 segments.",
      weights: "Recency 80%, Frequency 10%, Monetary 10%",
      notes: [],
    });
  });

  it.each([
    { behaviour: "no user access", source: { kind: "forbidden", title: "Q1" } as const, text: "Your account has no access to KPI templates: equal weights and the default segments." },
    { behaviour: "a template gone", source: { kind: "missing", title: "Q1" } as const, text: "The KPI template ‘Q1’ no longer exists: equal weights and the default segments." },
  ])("falls back to equal weights for $behaviour, and says why", ({ source, text }) => {
    expect(lineOf(source)).toMatchObject({ text, weights: "Recency 33.3%, Frequency 33.3%, Monetary 33.3%" });
  });

  it("notes weights that are not set, or do not add up to 100", () => {
    expect(lineOf({ kind: "template", template: template("Blank", null) }).notes).toEqual(["The template sets no RFM weights, so the three scores weigh the same."]);
    expect(lineOf({ kind: "template", template: template("Half", ["20", "20", "10"]) })).toMatchObject({
      weights: "Recency 40%, Frequency 40%, Monetary 20%",
      notes: ["Its weights add up to 50, not 100; they are used in proportion."],
    });
  });

  it("notes segments that match nobody, and an empty segment list", () => {
    const custom = template("Custom", ["50", "25", "25"], { segment: [{ name: "Champions", rank: 9 }, { name: "VIP", rank: 10 }] });
    expect(lineOf({ kind: "template", template: custom })).toMatchObject({
      text: "KPI template ‘Custom’: its RFM weights and its 2 segments.",
      notes: ["‘VIP’ has no score ranges and no standard ones, so no customer is in it."],
    });
    const none = template("None", ["50", "25", "25"], { segment: [] });
    expect(lineOf({ kind: "template", template: none }).notes).toEqual(["The template has an empty segment list, so every customer is Unassigned."]);
  });

  it("says the default segments stand in when the template has no segment block", () => {
    const t = { ...template("Weights only", ["50", "25", "25"]), RFM: [template("x", ["50", "25", "25"]).RFM[0]!] };
    expect(lineOf({ kind: "template", template: t }).text).toBe("KPI template ‘Weights only’: its RFM weights and the default segments (it has none).");
  });
});

describe("CRM: the filter in words", () => {
  it.each([
    [{}, "All orders"],
    [{ platforms: ["Shopee", "Lazada"], basketMin: 100, basketMax: 500 }, "Orders with platform Shopee or Lazada, basket size ฿100.00 to ฿500.00"],
    [{ locations: ["Central"], statuses: ["completed" as const], basketMax: 50 }, "Orders with region Central, status completed, basket size up to ฿50.00"],
    [{ platforms: [""] }, "Orders with platform (none)"],
  ])("%j → %s", (filter, text) => expect(filterText(filter)).toBe(text));

  it("names where the filter came from", () => {
    expect(filterSourceText({ kind: "none" })).toBeNull();
    expect(filterSourceText({ kind: "adhoc", filter: { min: null, max: null, platform: "Shopee", location: "All Location" } })).toBe("Ad-hoc filter");
    expect(filterSourceText({ kind: "template", title: "Shopee only", found: true })).toBe("Filter template ‘Shopee only’");
    expect(filterSourceText({ kind: "template", title: "Old", found: false })).toMatch(/‘Old’ no longer exists/);
  });
});

describe("CRM charts and tables", () => {
  const { summary, transitions } = scored();

  it("segment bars: customers and revenue per segment, Unassigned last and grey, the segment index in each bar for clicks", () => {
    const chart = segmentChart(summary);
    const [customers, revenue] = chart.data as Array<{ x: string[]; y: number[]; customdata: number[]; marker: { color: string[] | string } }>;
    expect(customers!.x.at(-1)).toBe("Unassigned");
    expect(customers!.customdata).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, -1]);
    expect(customers!.y.reduce((a, b) => a + b, 0)).toBe(5);
    expect(revenue!.y.reduce((a, b) => a + b, 0)).toBe(1500);
    expect((customers!.marker.color as string[]).at(-1)).toBe("#8a919c");
    expect(chart.label).toMatch(/^Customers and revenue per segment, 5 customers in all\. Most customers: .+\. Unassigned: \d+\.$/);
  });

  it("R × F grid: 5 rows of 5 counts, the heatmap's words name its busiest cell", () => {
    const rows = gridRows(summary.grid.counts);
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.length === 5)).toBe(true);
    expect(rows.flat().reduce<number>((a, b) => a + (b ?? 0), 0)).toBe(5);
    expect(rfGridChart(summary).label).toMatch(/^Customers by recency score .* Most customers at R \d, F \d: 1\.$/);
    const csv = toCsv(gridCsvRows(summary), GRID_CSV);
    expect(csv.split("\r\n")[0]).toBe("\uFEFFrecency_score,frequency_1,frequency_2,frequency_3,frequency_4,frequency_5");
    expect(csv.split("\r\n")[1]).toMatch(/^5,/);
  });

  it("segment table CSV: every segment with Unassigned, plain numbers", () => {
    const lines = toCsv(summary.segments, SEGMENT_CSV).trimEnd().split("\r\n");
    expect(lines[0]).toBe("\uFEFFsegment,rank,customers,customer_share,revenue,revenue_share,mean_score");
    expect(lines).toHaveLength(11);
    expect(lines.at(-1)).toMatch(/^Unassigned,,\d+,/);
  });

  it("transition matrix: New as the last row, Gone as the last column, with totals", () => {
    const v = transitionView(transitions);
    expect(v.rows.at(-1)).toBe(newRow());
    expect(v.columns.at(-1)).toBe(goneColumn());
    expect(v.rows.at(-2)).toBe("Unassigned");
    expect(v.rowTotals.at(-1)).toBe(4);
    expect(v.columnTotals.at(-1)).toBe(1);
    expect(v.rowTotals.reduce((a, b) => a + b, 0)).toBe(6);
    expect(transitionText(v)).toBe("1 customers bought in both periods, 4 are new and 1 did not buy again.");
    const csv = transitionCsv(v);
    const text = toCsv(csv.rows, csv.columns).trimEnd().split("\r\n");
    expect(text[0]).toMatch(/^\uFEFFprevious_period,Champions,.*,Unassigned,Gone$/);
    expect(text.at(-1)).toMatch(/^New,/);
  });

  it("shades a cell by its count, none for 0", () => {
    expect(shade(0, 10)).toBeUndefined();
    expect(shade(10, 10)).toBe("rgb(232 93 12 / 60%)");
    expect(shade(5, 10)).toBe("rgb(232 93 12 / 34%)");
  });
});

describe("CRM: the customer table's query", () => {
  it("starts on the best scores first, 25 a page", () => {
    expect(workerQuery(FIRST_QUERY)).toEqual({ sortBy: "score", direction: "desc", search: "", segment: null, page: 0, pageSize: 25 });
    expect(exportQuery({ ...FIRST_QUERY, page: 3, search: "C1", segment: 2 })).toEqual({ sortBy: "score", direction: "desc", search: "C1", segment: 2 });
  });

  it("a header click turns the order round on the same column, and sorts by another from its first direction and page 1", () => {
    const q = { ...FIRST_QUERY, page: 4 };
    expect(sortedBy(q, "score")).toMatchObject({ sortBy: "score", direction: "asc", page: 0 });
    expect(sortedBy(q, "id")).toMatchObject({ sortBy: "id", direction: "asc", page: 0 });
    expect(sortedBy(q, "monetary")).toMatchObject({ sortBy: "monetary", direction: "desc" });
    expect(sortedBy(q, "recencyDays")).toMatchObject({ sortBy: "recencyDays", direction: "asc" });
  });

  it("aria-sort on the sorted column only", () => {
    expect(customerColumns().map((c) => ariaSortOf(FIRST_QUERY, c.key))).toEqual(["none", "none", "none", "none", "none", "none", "none", "descending", "none"]);
    expect(ariaSortOf({ ...FIRST_QUERY, sortBy: "id", direction: "asc" }, "id")).toBe("ascending");
  });

  it("says which rows are shown, and why none are", () => {
    expect(rowsText({ total: 1234, page: 1, pageSize: 25, rows: new Array(25) })).toBe("Customers 26–50 of 1,234");
    expect(rowsText({ total: 0, page: 0, pageSize: 25, rows: [] })).toBe("No customers match");
    expect(noRowsText(" c9 ", "Champions")).toBe("No customer ID contains ‘c9’ in Champions.");
    expect(noRowsText("", null)).toBe("No customers.");
  });
});

describe("CRM: the change against the previous period", () => {
  it("takes each segment's previous size from the movement matrix: the sizes of the previous period scored alone", () => {
    const previous = { ids: ["A", "B", "Y", "Z", "W", "V"], recencyDays: [1, 3, 9, 30, 2, 50], frequency: [1, 2, 6, 1, 3, 9], monetary: [10, 20, 900, 5, 70, 300] };
    const current = { ids: ["A", "C", "D"], recencyDays: [0, 5, 10], frequency: [5, 4, 3], monetary: [500, 400, 300] };
    const rules = segmentRulesOf(null);
    const weights = { recency: 1 / 3, frequency: 1 / 3, monetary: 1 / 3 };
    const both = createRfmApi();
    both.load(current, previous);
    const sizes = previousSegmentSizes(both.score(weights, rules).transitions);
    const alone = createRfmApi();
    alone.load(previous, null);
    const expected = new Map(alone.score(weights, rules).summary.segments.map((s) => [s.index, s.customers]));
    expect(sizes).toEqual(expected);
    expect([...sizes.values()].reduce((a, b) => a + b, 0)).toBe(6);
  });

  it("compares with the previous period the server answered, as long as the range", () => {
    const loaded = { current: { start: "2024-01-01", end: "2024-01-31" }, previous: { start: "2023-12-01", end: "2023-12-31" } };
    expect(comparedPeriod(loaded as never)).toEqual({ start: "2023-12-01", end: "2023-12-31", days: 31 });
  });
});

