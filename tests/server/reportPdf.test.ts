// The report PDF (server/reports/pdf.ts, docs/reports.md): rendered from contract types, then read
// back with unpdf: the header (title, brand, range, generation time in Bangkok), each section's
// title and figures with their change and definition, a Thai brand and section name, the
// footer's "Page N of M" on every page, and long reports spread over pages.
import { describe, expect, it } from "vitest";
import { extractText, getDocumentProxy } from "unpdf";
import type { CirSectionDataResponse, Report, SectionResult } from "../../domain/cirContract";
import { bangkokDateTime, formatChange, formatFigure, niceTicks, renderReportPdf, scriptRuns } from "../../server/reports/pdf";

const BRAND = "ทิปโก้ Tipco";

function report(sections: Report["sections"], brand = BRAND): Report {
  return {
    id: 7, title: "Monthly review", brand, range: { kind: "fixed", start: "2025-01-01", end: "2025-01-31" }, visibility: "private",
    sections, owner: { name: "Demo", email: "demo@example.com" }, canEdit: true,
    createdAt: "2025-02-01T00:00:00+07:00", updatedAt: "2025-02-01T00:00:00+07:00", version: 1,
  };
}

const figures = (id: string, title: string): SectionResult => ({
  id, status: "ok", title, module: "ecommerce", brand: BRAND, start: "2025-01-01", end: "2025-01-31",
  previousStart: "2024-12-01", previousEnd: "2024-12-31",
  data: {
    kind: "figures", figures: [
      { key: "gmv", label: "GMV", unit: "money", value: 1234567.5, previous: 1000000, better: "up", definition: "Gross merchandise value: the orders' totals before cancellations." },
      { key: "orders", label: "Orders", unit: "count", value: 4321, previous: 4800, better: "up", definition: "Orders placed in the range." },
      { key: "cvr", label: "Conversion", unit: "percent", value: 0.0325, previous: null, better: "up", definition: "Orders per 100 sessions." },
    ],
  },
});

const chart = (id: string, title: string, kind: "line" | "bar"): SectionResult => ({
  id, status: "ok", title, module: "ecommerce", brand: BRAND, start: "2025-01-01", end: "2025-01-31",
  previousStart: "2024-12-01", previousEnd: "2024-12-31",
  data: {
    kind: "chart", chart: kind, unit: "money", x: "day", definition: "GMV and NMV per day.",
    series: [
      { name: "GMV", points: Array.from({ length: 31 }, (_, i) => ({ x: `2025-01-${String(i + 1).padStart(2, "0")}`, y: 1000 + i * 37 })) },
      { name: "NMV", points: Array.from({ length: 31 }, (_, i) => ({ x: `2025-01-${String(i + 1).padStart(2, "0")}`, y: i === 5 ? null : 800 + i * 30 })) },
    ],
  },
});

async function textOf(bytes: Uint8Array): Promise<{ pages: string[]; all: string }> {
  const pdf = await getDocumentProxy(bytes);
  const { text } = await extractText(pdf, { mergePages: false });
  const pages = text as string[];
  return { pages, all: pages.join("\n") };
}

const data = (sections: SectionResult[]): CirSectionDataResponse["data"] => ({
  start: "2025-01-01", end: "2025-01-31", generatedAt: "2025-02-03T01:30:00Z", sections,
});

describe("renderReportPdf", () => {
  it("writes the header, the sections and the footer, Thai names included", async () => {
    const r = report([
      { type: "source", id: "a", source: "ecommerce.figures", view: { brand: BRAND, range: { kind: "report" } } },
      { type: "text", id: "t", text: "ยอดขายเดือนมกราคม rose after the campaign." },
      { type: "source", id: "b", source: "ecommerce.gmv", view: { brand: BRAND, range: { kind: "report" } } },
    ]);
    const bytes = await renderReportPdf({
      report: r, data: data([figures("a", "ภาพรวมยอดขาย Sales"), chart("b", "GMV and NMV over time", "line")]),
      generatedAt: new Date("2025-02-03T01:30:00Z"),
    });
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe("%PDF-");
    const { pages, all } = await textOf(bytes);
    expect(all).toContain("Monthly review");
    expect(all).toContain("ทิปโก้ Tipco");
    expect(all).toContain("2025-01-01 – 2025-01-31");
    expect(all).toContain("Generated 2025-02-03 08:30 (Bangkok)");
    expect(all).toContain("ภาพรวมยอดขาย Sales");
    expect(all).toContain("ยอดขายเดือนมกราคม");
    expect(all).toContain("1,234,567.50");
    expect(all).toContain("3.25%");
    expect(all).toContain("+23.5% vs previous period");
    expect(all).toContain("-10.0% vs previous period");
    expect(all).toContain("No previous period to compare");
    expect(all).toContain("Gross merchandise value");
    expect(all).toContain("GMV and NMV over time");
    expect(all).toContain("NMV");
    pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1} of ${pages.length}`));
    expect(pages[0]).toContain("Page 1 of");
  });

  it("spreads a long report over pages, each with its footer and brand, and says why a section is unavailable", async () => {
    const sections: Report["sections"][number][] = [];
    const results: SectionResult[] = [];
    for (let i = 0; i < 12; i++) {
      sections.push({ type: "source", id: `s${i}`, source: i % 2 ? "ecommerce.gmv" : "ecommerce.figures", view: { brand: BRAND, range: { kind: "report" } } });
      results.push(i % 2 ? chart(`s${i}`, `Chart ${i}`, i % 4 === 1 ? "bar" : "line") : figures(`s${i}`, `Figures ${i}`));
    }
    sections.push({ type: "source", id: "ads", source: "ads.figures", view: { brand: BRAND, range: { kind: "report" } } });
    results.push({ id: "ads", status: "unavailable", title: "Ads spend and results", module: "ads", reason: "You do not have access to Ads & Automation." });
    sections.push({ type: "text", id: "long", text: "Long commentary. ".repeat(600) });
    const { pages, all } = await textOf(await renderReportPdf({ report: report(sections), data: data(results), generatedAt: new Date() }));
    expect(pages.length).toBeGreaterThan(3);
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(page).toContain("Tipco");
    });
    for (let i = 0; i < 12; i++) expect(all).toContain(i % 2 ? `Chart ${i}` : `Figures ${i}`);
    expect(all).toContain("You do not have access to Ads & Automation.");
    // A section is not split: a chart's title and its definition are on the same page.
    for (const page of pages) {
      const titles = (page.match(/Chart \d+/g) ?? []).length;
      const definitions = (page.match(/GMV and NMV per day\./g) ?? []).length;
      expect(definitions).toBe(titles);
    }
  });
});

describe("the PDF's words and numbers", () => {
  it("formats figures by unit", () => {
    expect(formatFigure(1234.5, "money")).toBe("฿1,234.50");
    expect(formatFigure(-12, "money")).toBe("-฿12.00");
    expect(formatFigure(1234, "count")).toBe("1,234");
    expect(formatFigure(0.1234, "percent")).toBe("12.34%");
    expect(formatFigure(2.345, "ratio")).toBe("2.35×");
    expect(formatFigure(65, "seconds")).toBe("1m 05s");
    expect(formatFigure(null, "count")).toBe("–");
  });
  it("says the change against the previous period", () => {
    expect(formatChange({ value: 110, previous: 100 })).toEqual({ text: "+10.0% vs previous period", direction: "up" });
    expect(formatChange({ value: 90, previous: 100 }).direction).toBe("down");
    expect(formatChange({ value: 5, previous: 0 }).text).toBe("New vs previous period (was 0)");
    expect(formatChange({ value: null, previous: 3 }).direction).toBeNull();
  });
  it("cuts text into runs of Thai and Latin, the baht sign with the Thai", () => {
    expect(scriptRuns("Tipco ทิปโก้ ฿5")).toEqual([{ script: "latin", text: "Tipco " }, { script: "thai", text: "ทิปโก้ ฿" }, { script: "latin", text: "5" }]);
  });
  it("shows times in Bangkok and rounds axes", () => {
    expect(bangkokDateTime(new Date("2025-12-31T17:30:00Z"))).toBe("2026-01-01 00:30");
    expect(niceTicks(0, 87)).toEqual([0, 25, 50, 75, 100]);
    expect(niceTicks(-10, 10)[0]).toBeLessThanOrEqual(-10);
  });
});
