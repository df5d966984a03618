// The one spreadsheet cell reader and date rule (server/import/sheet.ts) that the metrics import
// and the orders import share. Before it, each import had its own copy and they disagreed: the
// metrics import refused the day-first DD/MM/YYYY that Thai Excel writes, read a Buddhist-era
// year as a date 543 years ahead, dropped a date cell's time of day that the orders import kept,
// and both read a workbook in Excel's 1904 date system four years early.
import * as XLSX from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import { parseMetricsFile } from "../../server/import";
import { parseOrdersFile } from "../../server/import/orders";
import { readOrdersTable } from "../../server/import/orders/table";
import { readTable } from "../../server/import/read";
import { readSheetDate } from "../../server/import/sheet";

const TODAY = "2026-01-05";
const NOW = new Date("2026-01-05T03:00:00Z");
const utf8 = (text: string) => new Uint8Array(Buffer.from(text, "utf8"));
const csvCell = (text: string) => (/[",]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** The day the metrics import gives a Meta Ads Manager row whose Day cell holds `text`, or its error. */
function metricsDay(text: string): string {
  const p = parseMetricsFile(utf8(`Day,Campaign name,Amount spent (THB)\n${csvCell(text)},Promo,100\n`), TODAY);
  return p.values[0]?.date ?? `error: ${p.errors[0]?.reason}`;
}

const SHOPEE_HEADER = "Order ID,Order Status,Order Creation Date,Product Name,SKU Reference No.,Deal Price,Quantity,Username (Buyer),Province";

/** The Bangkok day the orders import gives a Shopee order created at `text`, or its error. */
function ordersDay(text: string): string {
  const p = parseOrdersFile(utf8(`${SHOPEE_HEADER}\nA-1,Completed,${csvCell(text)},Tipco Orange Juice,TPC-OR-1L,89,1,somchai88,Bangkok\n`), { now: NOW });
  return p.orders[0]?.orderedAt.slice(0, 10) ?? `error: ${p.errors[0]?.reason}`;
}

/** Excel's serial number of a wall time in the 1900 date system. */
const serial1900 = (y: number, mo: number, d: number, h = 0, mi = 0) => (Date.UTC(y, mo - 1, d, h, mi) - Date.UTC(1899, 11, 30)) / 86_400_000;

describe("one date rule for both imports", () => {
  it.each([
    ["2025-09-08", "2025-09-08"],
    ["2025-09-08 10:12", "2025-09-08"],
    ["2025-09-08T10:12:00", "2025-09-08"],
    // Day first, as Thai Excel writes a re-saved file: 8 September, not 9 August.
    ["08/09/2025", "2025-09-08"],
    ["08/09/2025 10:12", "2025-09-08"],
    ["8/9/25 23:59", "2025-09-08"],
    ["13/09/2025 10:12", "2025-09-13"],
    // A Buddhist-era year: 2568 = 2025.
    ["2568-09-08 10:12", "2025-09-08"],
    ["08/09/2568", "2025-09-08"],
    // A date column Excel saved in the General format: the serial number.
    [String(serial1900(2025, 9, 8, 10, 12)), "2025-09-08"],
    [String(serial1900(2025, 9, 8)), "2025-09-08"],
  ])("%j is %s in the metrics import and in the orders import", (text, day) => {
    expect({ metrics: metricsDay(text), orders: ordersDay(text) }).toEqual({ metrics: day, orders: day });
  });

  it.each(["2025-02-30", "31/02/2025", "09/13/2025", "25/12/2025 24:00", "yesterday", "12345", "2025/09/08"])(
    "%j is refused by both imports",
    (text) => {
      expect(metricsDay(text)).toMatch(/^error: Day: .* is not a date YYYY-MM-DD/);
      expect(ordersDay(text)).toMatch(/^error: Order Creation Date: .* is not (a date-time|an existing date and time)/);
    },
  );

  it("reads month first only where the source writes so (Meta's post export), AM/PM included", () => {
    expect(readSheetDate("09/01/2025 9:13 PM", "month-first")).toEqual({ y: 2025, mo: 9, d: 1, h: 21, mi: 13, s: 0 });
    expect(readSheetDate("09/01/2025 9:13 PM")).toEqual({ y: 2025, mo: 1, d: 9, h: 21, mi: 13, s: 0 });
    expect(readSheetDate("08/09/2025", null)).toBeNull();
    expect(readSheetDate("2025-02-29")).toBe("nonexistent");
  });
});

/** A workbook whose first sheet has a header and the given cells under it. */
function workbook(cells: readonly XLSX.CellObject[], opts: { date1904?: boolean } = {}): Uint8Array {
  const sheet = XLSX.utils.aoa_to_sheet([["Day", "Campaign name"], ...cells.map(() => ["", "Promo"])]);
  cells.forEach((cell, i) => (sheet[XLSX.utils.encode_cell({ r: i + 1, c: 0 })] = cell));
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, sheet, "Sheet1");
  if (opts.date1904) wb.Workbook = { ...wb.Workbook, WBProps: { ...wb.Workbook?.WBProps, date1904: true } };
  return new Uint8Array(XLSX.write(wb, { type: "buffer", bookType: "xlsx" }) as Buffer);
}

/** The first column's cells under the header, as each import reads the workbook. */
function bothReaders(bytes: Uint8Array): { metrics: string[]; orders: string[] } {
  return {
    metrics: readTable(bytes).rows.slice(1).map((r) => r.cells[0]!),
    orders: readOrdersTable(bytes).head.slice(1).map((r) => r.cells[0]!),
  };
}

describe("workbook date cells, read the same by both imports", () => {
  it("a date cell is its day, a date-time cell keeps its time of day", () => {
    const bytes = workbook([
      { t: "n", v: serial1900(2025, 9, 8), z: "yyyy-mm-dd" },
      { t: "n", v: serial1900(2025, 9, 8, 10, 12), z: "yyyy-mm-dd hh:mm" },
      { t: "n", v: serial1900(2025, 9, 8, 23, 59), z: "dd/mm/yyyy hh:mm" },
      { t: "s", v: "08/09/2025 10:12" },
      { t: "n", v: 1234.5 },
    ]);
    const cells = ["2025-09-08", "2025-09-08 10:12:00", "2025-09-08 23:59:00", "08/09/2025 10:12", "1234.5"];
    expect(bothReaders(bytes)).toEqual({ metrics: cells, orders: cells });
  });

  it("a workbook in Excel's 1904 date system is not read four years early", () => {
    const bytes = workbook([{ t: "n", v: serial1900(2025, 9, 8, 10, 12) - 1462, z: "yyyy-mm-dd hh:mm" }], { date1904: true });
    expect(bothReaders(bytes)).toEqual({ metrics: ["2025-09-08 10:12:00"], orders: ["2025-09-08 10:12:00"] });
  });

  it("a Meta Ads report whose Day cells carry a time is imported on that day", () => {
    const sheet = XLSX.utils.aoa_to_sheet([["Day", "Campaign name", "Amount spent (THB)"], ["", "Promo", 100]]);
    sheet.A2 = { t: "n", v: serial1900(2025, 9, 8, 10, 12), z: "yyyy-mm-dd hh:mm" };
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, sheet, "Raw Data Report");
    const p = parseMetricsFile(new Uint8Array(XLSX.write(wb, { type: "buffer", bookType: "xlsx" }) as Buffer), TODAY);
    expect(p.errors).toEqual([]);
    expect(p.values.map((v) => [v.date, v.metric, v.value])).toEqual([["2025-09-08", "spend", 100]]);
  });
});
