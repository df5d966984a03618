// A workbook's cells are counted before SheetJS reads it (issue 13: a 200,000-row XLSX ran the
// reading worker out of memory and the import answered 500; 100,000 rows took the server 413 MB
// up). Over MAX_WORKBOOK_CELLS, refused with a message that says to save the sheet as CSV.
import { describe, expect, it } from "vitest";
import { checkWorkbookZip, countCells, MAX_WORKBOOK_CELLS, WorkbookZipError } from "../../server/import/workbookZip";
import { shopeeThWorkbook } from "../fixtures/orders/build";
import { sheetXml, withMember } from "../fixtures/zipBomb";

const SHEET = "xl/worksheets/sheet1.xml";
const xml = (s: string) => new Uint8Array(Buffer.from(s, "utf8"));

describe("countCells", () => {
  it.each([
    ['<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1"/><c>\n</c></row>', 3],
    ['<x:row><x:c r="A1"><x:v>1</x:v></x:c><x:c\tr="B1"/></x:row>', 2],
    ['<cols><col min="1" max="2"/></cols><conditionalFormatting><cfRule type="x"/></conditionalFormatting><customSheetViews/>', 0],
    ['<si><t>&lt;c is text</t></si><c', 0],
    ["", 0],
  ])("%s holds %i cells", (text, cells) => {
    expect(countCells(xml(text))).toBe(cells);
  });

  it("counts every cell of a worksheet of 1,234 cells, ten to a row", () => {
    expect(countCells(xml(sheetXml(1234)))).toBe(1234);
  });
});

describe("a workbook with more cells than the server reads", () => {
  it(`reads ${MAX_WORKBOOK_CELLS.toLocaleString("en-US")} cells, refuses one more, naming the count and CSV`, () => {
    expect(() => checkWorkbookZip(withMember(shopeeThWorkbook(), SHEET, sheetXml(MAX_WORKBOOK_CELLS)))).not.toThrow();
    const over = () => checkWorkbookZip(withMember(shopeeThWorkbook(), SHEET, sheetXml(MAX_WORKBOOK_CELLS + 1)));
    expect(over).toThrow(WorkbookZipError);
    expect(over).toThrow(`the workbook's sheets hold 400,001 cells, more than the 400,000 the server reads from a workbook: save the sheet as CSV`);
  });
});
