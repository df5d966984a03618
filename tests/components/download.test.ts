// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { UTF8_BOM, blobOfDataUrl, downloadCsv, fileNameOf, toCsv, type CsvColumn } from "@/components/export/download";

interface Row {
  name: string | null;
  value: number | null;
}
const columns: CsvColumn<Row>[] = [
  { header: "Name", value: (r) => r.name },
  { header: "Value (THB)", value: (r) => r.value },
];

describe("toCsv", () => {
  it("starts with the UTF-8 BOM and a header line, ends lines with CRLF", () => {
    expect(toCsv([{ name: "Shopee", value: 1234.5 }], columns)).toBe(`${UTF8_BOM}Name,Value (THB)\r\nShopee,1234.5\r\n`);
  });

  it("writes only the header for no rows", () => {
    expect(toCsv([], columns)).toBe(`${UTF8_BOM}Name,Value (THB)\r\n`);
  });

  it.each<[string, Row, string]>([
    ["Thai text as is", { name: "กรุงเทพและปริมณฑล", value: 1 }, "กรุงเทพและปริมณฑล,1"],
    ["a comma: quoted", { name: "Soap, 3 pack", value: 2 }, '"Soap, 3 pack",2'],
    ["a quote: quoted and doubled", { name: 'The "best" soap', value: 3 }, '"The ""best"" soap",3'],
    ["a line break: quoted", { name: "two\nlines", value: 4 }, '"two\nlines",4'],
    ["edge spaces: quoted", { name: " padded ", value: 5 }, '" padded ",5'],
    ["null and missing: empty cells", { name: null, value: null }, ","],
    ["a negative number stays a number", { name: "refund", value: -20 }, "refund,-20"],
    ["a formula is kept as text", { name: "=HYPERLINK(\"x\")", value: 0 }, "\"'=HYPERLINK(\"\"x\"\")\",0"],
    ["a leading plus or at sign is kept as text", { name: "+66 2 123", value: 0 }, "'+66 2 123,0"],
    ["a leading minus in text is kept as text", { name: "-sale-", value: 0 }, "'-sale-,0"],
  ])("%s", (_name, row, line) => {
    expect(toCsv([row], columns).split("\r\n")[1]).toBe(line);
  });

  it("writes NaN and Infinity as empty cells", () => {
    expect(toCsv([{ name: "x", value: Number.NaN }, { name: "y", value: Number.POSITIVE_INFINITY }], columns).split("\r\n").slice(1, 3)).toEqual(["x,", "y,"]);
  });
});

describe("fileNameOf", () => {
  it.each([
    ["GMV by region", "csv", "GMV-by-region.csv"],
    ["ยอดขาย / platform", "png", "ยอดขาย-platform.png"],
    ["  ", "csv", "export.csv"],
    ["a".repeat(200), "csv", `${"a".repeat(100)}.csv`],
  ])("%j → %j", (title, ext, expected) => {
    expect(fileNameOf(title, ext)).toBe(expected);
  });
});

describe("blobOfDataUrl", () => {
  it("decodes base64 PNG data", async () => {
    const blob = blobOfDataUrl("data:image/png;base64,iVBORw0=");
    expect(blob.type).toBe("image/png");
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d]);
  });

  it("decodes percent-encoded text", async () => {
    const blob = blobOfDataUrl("data:image/svg+xml,%3Csvg%2F%3E");
    expect(blob.type).toBe("image/svg+xml");
    expect(await blob.text()).toBe("<svg/>");
  });
});

describe("downloadCsv", () => {
  afterEach(() => vi.restoreAllMocks());

  it("saves the CSV as a UTF-8 file named after the export, through a temporary link", async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, "createObjectURL").mockImplementation((b) => {
      blobs.push(b as Blob);
      return "blob:test";
    });
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    const clicked: Array<{ download: string; href: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href });
    });
    const csv = toCsv([{ name: "ภาคใต้", value: 1 }], columns);
    downloadCsv("GMV-by-region", csv);
    expect(clicked).toEqual([{ download: "GMV-by-region.csv", href: "blob:test" }]);
    expect(blobs[0]?.type).toBe("text/csv;charset=utf-8");
    expect(new Uint8Array(await blobs[0]!.arrayBuffer()).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    expect(document.querySelector("a")).toBeNull();
  });
});
