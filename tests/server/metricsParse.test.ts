// The import parsers on their own: pure functions over bytes, no database.
import { describe, expect, it } from "vitest";
import { FileRefusedError, UnreadableFileError, parseMetricsFile } from "../../server/import";
import {
  cleanCell, inferYears, isoDayOf, monthDayOf, normalizeHeader, parseNumberCell, usSlashDayOf,
} from "../../server/import/normalize";
import { decodeText, readTable } from "../../server/import/read";
import { XLSX_ROWS, adsWorkbook, fixture, utf16le, utf8 } from "../fixtures/metrics/build";

const TODAY = "2026-01-05";
const parse = (bytes: Uint8Array, today = TODAY) => parseMetricsFile(bytes, today);
const totals = (values: ReadonlyArray<{ metric: string; value: number }>) => {
  const out: Record<string, number> = {};
  for (const v of values) out[v.metric] = Math.round(((out[v.metric] ?? 0) + v.value) * 100) / 100;
  return out;
};
const refusal = (f: () => unknown): { message: string; line?: number } => {
  try {
    f();
  } catch (err) {
    if (err instanceof FileRefusedError || err instanceof UnreadableFileError) return { message: err.message, ...(err.line !== undefined ? { line: err.line } : {}) };
    throw err;
  }
  throw new Error("expected a refusal");
};

describe("cells and headers", () => {
  it.each([
    { behaviour: "drops a BOM and zero-width characters", raw: "\uFEFFReach\u200B", expected: "reach" },
    { behaviour: "reads a no-break space as a space and collapses spaces", raw: "Amount\u00A0 spent  (THB)", expected: "amount spent (thb)" },
    { behaviour: "drops the * of a required column", raw: "*Tracking Number*", expected: "tracking number" },
    { behaviour: "keeps Thai สระอำ composed (NFC, not NFKC)", raw: "จำนวนเงินที่ใช้จ่ายไป (THB)", expected: "จำนวนเงินที่ใช้จ่ายไป (thb)" },
  ])("normalizeHeader $behaviour", ({ raw, expected }) => {
    expect(normalizeHeader(raw)).toBe(expected);
    expect(normalizeHeader(raw)).toContain(expected.includes("จำ") ? "\u0E33" : "");
  });

  it("does not turn สระอำ into nikhahit + sara aa, as NFKC would", () => {
    expect(cleanCell("จำ")).toBe("จำ");
    expect(cleanCell("จำ")).not.toBe("จำ".normalize("NFKC"));
  });

  it.each([
    { text: "1,234.56", value: 1234.56 },
    { text: "฿1,234.56", value: 1234.56 },
    { text: "1234.56 THB", value: 1234.56 },
    { text: "THB 99", value: 99 },
    { text: " 12.5% ", value: 12.5 },
    { text: "1,000,000", value: 1_000_000 },
    { text: "0", value: 0 },
    { text: "-3", value: -3 },
    { text: ".5", value: 0.5 },
    { text: "-", value: null },
    { text: "--", value: null },
    { text: "N/A", value: null },
    { text: "<5", value: null },
    { text: "undefined", value: null },
    { text: "", value: null },
    { text: "\u00A0", value: null },
  ])("parseNumberCell reads $text as $value", ({ text, value }) => {
    expect(parseNumberCell(text)).toEqual({ ok: true, value });
  });

  it.each(["abc", "12,34", "1.234,56", "1e5", "(120)", "12 34", "Infinity", "1,2345"])("parseNumberCell refuses %j rather than guessing", (text) => {
    expect(parseNumberCell(text).ok).toBe(false);
  });

  it.each([
    ["2025-08-01T00:00:00", "2025-08-01"], ["2025-08-01", "2025-08-01"], ["2025-08-01 10:12", "2025-08-01"], ["01/08/2025", null], ["2025/08/01", null],
  ])("isoDayOf(%j) is %j", (raw, expected) => {
    expect(isoDayOf(raw)).toBe(expected);
  });

  it.each([["09/01/2025 21:13", "2025-09-01"], ["9/3/2025 6:05", "2025-09-03"], ["2025-09-01", null]])("usSlashDayOf(%j) is %j", (raw, expected) => {
    expect(usSlashDayOf(raw)).toBe(expected);
  });

  it("reads month-day dates without a year and infers the years from the export day", () => {
    expect(monthDayOf("August 19")).toEqual({ month: 8, day: 19 });
    expect(monthDayOf("Aug 19")).toEqual({ month: 8, day: 19 });
    expect(monthDayOf("Smarch 3")).toBeNull();
    // Up to the last date not after today, stepping back a year where the calendar wraps.
    expect(inferYears([{ month: 12, day: 30 }, { month: 12, day: 31 }, { month: 1, day: 1 }], "2026-01-05")).toEqual(["2025-12-30", "2025-12-31", "2026-01-01"]);
    expect(inferYears([{ month: 8, day: 19 }], "2026-01-05")).toEqual(["2025-08-19"]);
    expect(inferYears([{ month: 1, day: 5 }], "2026-01-05")).toEqual(["2026-01-05"]);
  });
});

describe("encodings", () => {
  it.each([
    { behaviour: "UTF-8 with a BOM", bytes: new Uint8Array([0xef, 0xbb, 0xbf, ...utf8("วัน,a")]), encoding: "utf-8", text: "วัน,a" },
    { behaviour: "UTF-8 without a BOM", bytes: utf8("วัน,a"), encoding: "utf-8", text: "วัน,a" },
    { behaviour: "UTF-16 LE with a BOM", bytes: utf16le("sep=,\r\n\"Views\""), encoding: "utf-16le", text: "sep=,\r\n\"Views\"" },
    { behaviour: "UTF-16 LE without a BOM", bytes: utf16le("\"Date\",\"Primary\"").subarray(2), encoding: "utf-16le", text: "\"Date\",\"Primary\"" },
    { behaviour: "UTF-16 BE with a BOM", bytes: new Uint8Array([0xfe, 0xff, 0x00, 0x61, 0x00, 0x2c]), encoding: "utf-16be", text: "a," },
    // "วัน" in TIS-620 / Windows-874, the Thai code page of a CSV saved by Thai Excel.
    { behaviour: "Windows-874 when the bytes are not UTF-8", bytes: new Uint8Array([0xc7, 0xd1, 0xb9, 0x2c, 0x61]), encoding: "windows-874", text: "วัน,a" },
  ])("decodes $behaviour", ({ bytes, encoding, text }) => {
    expect(decodeText(bytes)).toEqual({ encoding, text });
  });

  it("reads a quoted cell spanning two lines and keeps the line each row starts on", () => {
    const rows = readTable(utf8("a,b\n\"x\ny\",1\nz,2\n")).rows;
    expect(rows.map((r) => r.line)).toEqual([1, 2, 4]);
    expect(rows[1]!.cells).toEqual(["x\ny", "1"]);
  });

  it("honours a sep=; preamble and a semicolon-separated file", () => {
    const p = parse(utf16le("sep=;\r\n\"Views\"\r\n\"Date\";\"Primary\"\r\n\"2025-08-01T00:00:00\";\"1,204\"\r\n"));
    expect(p.values.map((v) => [v.date, v.metric, v.value])).toEqual([["2025-08-01", "view", 1204]]);
  });

  it("refuses a binary file as not CSV text", () => {
    expect(refusal(() => parse(new Uint8Array([0x00, 0x01, 0x02, 0x00, 0x00, 0x05, 0x00, 0x00]))).message).toMatch(/binary|not a recognised/);
  });

  it("refuses a broken workbook as unreadable", () => {
    expect(refusal(() => parse(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]))).message).toMatch(/could not be read as XLSX/);
  });
});

describe("format detection, from the content only", () => {
  it.each([
    ["documented.csv", "csv", "utf-8"],
    ["meta-ads-en.csv", "meta-ads", "utf-8"],
    ["meta-ads-th.csv", "meta-ads", "utf-8"],
    ["meta-page-follows.csv", "meta-page", "utf-16le"],
    ["meta-page-interactions.csv", "meta-page", "utf-16le"],
    ["meta-viewers.csv", "meta-page", "utf-8"],
    ["meta-posts.csv", "meta-post", "utf-8"],
  ])("recognises %s as %s (%s)", (name, format, encoding) => {
    const p = parse(fixture(name));
    expect([p.format, p.encoding]).toEqual([format, encoding]);
  });

  it("recognises an XLSX Ads Manager report", () => {
    const p = parse(adsWorkbook());
    expect([p.format, p.encoding]).toEqual(["meta-ads", "xlsx"]);
  });

  it.each([
    ["an HTML page", "<!doctype html><html><body>Hello</body></html>"],
    ["a CSV of something else", "name,email\nSomchai,s@example.com\n"],
    ["a header only, of nothing known", "Date\n"],
  ])("refuses %s as not a recognised metrics file", (_label, text) => {
    expect(refusal(() => parse(utf8(text))).message).toMatch(/not a recognised metrics file/);
  });

  it("refuses an empty file", () => {
    expect(refusal(() => parse(new Uint8Array())).message).toBe("is empty");
  });
});

describe("Meta Ads Manager reports", () => {
  it("reads the English report: totals row left out, placeholders empty, link clicks preferred", () => {
    const p = parse(fixture("meta-ads-en.csv"));
    expect(p.errors).toEqual([]);
    expect(p.rows).toBe(6);
    expect(p.values).toHaveLength(50);
    expect(totals(p.values)).toEqual({
      spend: 4881.5, impression: 63_765, reach: 47_804, click: 790, view: 11_800, engagement: 2181, leadgen: 20, conversion: 8, inbox: 38,
    });
    expect(p.notes).toContainEqual({ line: 2, reason: "totals row (first row without a campaign or ad) left out" });
    expect(p.notes).toContainEqual({ line: 1, reason: "click is read from \"Link clicks\"" });
    expect(new Set(p.values.map((v) => v.subKey))).toEqual(new Set(["ad:120210000000000001", "ad:120210000000000002"]));
    // "-" for purchases is no value, not 0; an explicit 0 is a 0.
    expect(p.values.filter((v) => v.metric === "conversion" && v.date === "2025-09-02" && v.subKey === "ad:120210000000000001")).toEqual([]);
    expect(p.values.filter((v) => v.metric === "spend" && v.date === "2025-09-03" && v.subKey === "ad:120210000000000002").map((v) => v.value)).toEqual([0]);
  });

  it("reads the Thai report: Thai headers with invisible characters, รวมทั้งหมด left out, Results through their indicator", () => {
    const p = parse(fixture("meta-ads-th.csv"));
    expect(p.errors).toEqual([]);
    expect(totals(p.values)).toEqual({ spend: 6151, impression: 76_650, reach: 56_720, click: 2070, conversion: 22, inbox: 44 });
    expect(p.notes).toContainEqual({ line: 6, reason: "totals row left out" });
    expect(p.notes).toContainEqual({ line: 1, reason: "click is read from \"จำนวนคลิก (ทั้งหมด)\"" });
  });

  it("reads an XLSX report: date cells, text ids, numeric figures", () => {
    const p = parse(adsWorkbook());
    expect(p.errors).toEqual([]);
    expect([...new Set(p.values.map((v) => v.date))]).toEqual(XLSX_ROWS.map((r) => r[0]));
    expect(totals(p.values)).toEqual({ spend: 3131, impression: 42_190, reach: 30_530, click: 495, leadgen: 20 });
  });

  it("refuses rows that cover a whole range instead of one day, naming the Day breakdown", () => {
    const p = parse(fixture("meta-ads-range.csv"));
    expect(p.errors.map((e) => e.line)).toEqual([2, 3]);
    expect(p.errors[0]!.reason).toMatch(/covers 2025-09-01 to 2025-09-30, not one day: export with the breakdown By time → Day/);
  });

  it("takes a one-day report range as that day", () => {
    const p = parse(utf8("Reporting starts,Reporting ends,Campaign name,Amount spent (THB)\n2025-09-05,2025-09-05,Promo,100\n"));
    expect(p.values.map((v) => [v.date, v.metric, v.value, v.subKey?.slice(0, 5)])).toEqual([["2025-09-05", "spend", 100, "name:"]]);
  });

  it("refuses an account that spends in another currency", () => {
    expect(refusal(() => parse(fixture("meta-ads-usd.csv")))).toEqual({ message: "Amount spent is in USD: only accounts that spend in THB can be imported", line: 1 });
  });

  it("refuses rows in another currency when the report has a Currency column", () => {
    const p = parse(utf8("Day,Ad ID,Currency,Impressions\n2025-09-01,1,THB,10\n2025-09-01,2,USD,10\n"));
    expect(p.errors).toEqual([{ line: 3, reason: "Currency: USD is not THB" }]);
  });

  it("refuses an Ad ID a spreadsheet rounded into scientific notation", () => {
    const p = parse(utf8("Day,Ad ID,Impressions\n2025-09-01,1.20210000000000E+17,10\n"));
    expect(p.errors[0]!.reason).toMatch(/Ad ID: 1\.20210000000000E\+17 was rounded by a spreadsheet/);
  });

  it("lists every bad cell of a row in one reason", () => {
    const p = parse(utf8("Day,Ad ID,Amount spent (THB),Impressions\n2025-13-01,12,abc,-5\n"));
    expect(p.errors).toHaveLength(1);
    expect(p.errors[0]!.reason).toMatch(/Day: "2025-13-01" is not a date YYYY-MM-DD; Amount spent \(THB\): "abc" is not a number/);
  });

  it("refuses a negative figure through the domain schema", () => {
    const p = parse(utf8("Day,Ad ID,Impressions\n2025-09-01,12,-5\n"));
    expect(p.errors).toEqual([{ line: 2, reason: "Impressions: must not be negative for impression" }]);
  });

  it("refuses days after today", () => {
    const p = parse(utf8("Day,Ad ID,Impressions\n2026-01-06,12,5\n"), "2026-01-05");
    expect(p.errors).toEqual([{ line: 2, reason: "date: 2026-01-06 is after today (2026-01-05, Bangkok)" }]);
  });

  it("drops a Total… label row wherever it is, and a row with no values", () => {
    const p = parse(utf8("Day,Campaign name,Ad ID,Impressions\n2025-09-01,A,1,10\n2025-09-01,B,2,-\n,Total,,10\n"));
    expect(p.notes.slice(-2)).toEqual([{ line: 3, reason: "no values; row left out" }, { line: 4, reason: "totals row left out" }]);
    expect(p.values).toHaveLength(1);
  });
});

describe("Meta Business Suite page series and posts", () => {
  it("reads the UTF-16 LE daily series below sep=, and the metric-name line", () => {
    const p = parse(fixture("meta-page-follows.csv"));
    expect(p.values.map((v) => v.line)).toEqual([4, 5, 6, 7, 8, 9, 10]);
    expect(totals(p.values)).toEqual({ follower: 162 });
    expect(p.values.every((v) => v.plan === "ma" && v.subKey === null)).toBe(true);
  });

  it.each([
    ["Facebook follows", "follower"], ["Follows", "follower"], ["Content interactions", "engagement"], ["Interactions", "engagement"],
    ["Facebook link clicks", "click"], ["Link clicks", "click"], ["Views", "view"], ["Viewers", "reach"],
  ])("maps the series %s to %s", (name, metric) => {
    const p = parse(utf16le(`sep=,\r\n"${name}"\r\n"Date","Primary"\r\n"2025-08-01T00:00:00","5"\r\n`));
    expect(p.values.map((v) => v.metric)).toEqual([metric]);
  });

  it("refuses Facebook visits: page visits are not content views", () => {
    expect(refusal(() => parse(fixture("meta-page-visits.csv")))).toEqual({
      message: "Facebook visits (visits to the page itself) has no KPI parameter: Views counts content views, so the file is not imported", line: 2,
    });
  });

  it("refuses an unknown series and a series without its metric-name line", () => {
    expect(refusal(() => parse(utf16le("sep=,\r\n\"Watch time\"\r\n\"Date\",\"Primary\"\r\n\"2025-08-01T00:00:00\",\"5\"\r\n"))).message).toMatch(/"Watch time" is not supported/);
    expect(refusal(() => parse(utf16le("\"Date\",\"Primary\"\r\n\"2025-08-01T00:00:00\",\"5\"\r\n"))).message).toMatch(/metric name line .* is missing/);
  });

  it("reads Viewers.csv: dates without a year, a trailing undefined left out", () => {
    const p = parse(fixture("meta-viewers.csv"), "2026-01-05");
    expect(p.values.map((v) => [v.date, v.metric, v.value])).toEqual([
      ["2025-12-30", "reach", 1520], ["2025-12-31", "reach", 1610], ["2026-01-01", "reach", 2040], ["2026-01-02", "reach", 1330],
    ]);
    expect(p.notes).toContainEqual({ line: 6, reason: "no value; row left out" });
  });

  it("reads FollowerHistory.csv: the daily difference, which may be negative", () => {
    const p = parse(utf8("\"Date\",\"Followers\",\"Difference in followers from previous day\"\n\"2025-08-01\",\"10,200\",\"12\"\n\"2025-08-02\",\"10,195\",\"-5\"\n"));
    expect(p.values.map((v) => [v.metric, v.value])).toEqual([["follower", 12], ["follower", -5]]);
  });

  it("reads the post export: lifetime totals on the publish day, keyed by Post ID", () => {
    const p = parse(fixture("meta-posts.csv"));
    expect(p.errors).toEqual([]);
    expect(totals(p.values)).toEqual({ view: 45_690, reach: 31_390, engagement: 1513, click: 255 });
    expect([...new Set(p.values.map((v) => `${v.date} ${v.subKey}`))]).toEqual([
      "2025-09-01 post:1234567890_111", "2025-09-03 post:1234567890_112", "2025-09-03 post:1234567890_113",
    ]);
    // The first post's description spans two lines: the next post starts on line 4.
    expect([...new Set(p.values.map((v) => v.line))]).toEqual([2, 4, 5]);
  });
});

describe("the documented CSV", () => {
  it("reads values, leaves out an empty one, and checks each row with the domain schema", () => {
    const good = parse(fixture("documented.csv"));
    expect(good.errors).toEqual([]);
    expect(totals(good.values)).toEqual({ reach: 25_600, engagement: 885, spend: 6200, view: 88_000 });
    expect(good.notes).toEqual([{ line: 9, reason: "value is empty; row left out" }]);
    const bad = parse(fixture("documented-bad.csv"));
    expect(bad.errors.map((e) => e.line)).toEqual([3, 4, 5, 6, 7]);
    expect(bad.errors[0]!.reason).toBe("date: \"2025-02-30\" must be an existing date written YYYY-MM-DD");
  });

  it("takes the columns in any order, with upper-case plan and metric", () => {
    const p = parse(utf8("VALUE,Metric,Plan,Date,Account_ID\n5,REACH,MA,2025-01-02,bag-x\n"));
    expect(p.values).toEqual([{ date: "2025-01-02", plan: "ma", metric: "reach", value: 5, line: 2, subKey: null, account: "bag-x" }]);
  });
});

describe("workbook bounds", () => {
  it("refuses a sheet wider than it could ever be for a report, before reading its cells", async () => {
    const XLSX = await import("@e965/xlsx");
    const sheet = XLSX.utils.aoa_to_sheet([["Day", "Ad ID"]]);
    sheet["!ref"] = "A1:ZZZ2";
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, sheet, "Sheet1");
    const bytes = new Uint8Array(XLSX.write(wb, { type: "buffer", bookType: "xlsx" }) as Buffer);
    expect(refusal(() => parse(bytes)).message).toMatch(/larger than 200000 rows or 500 columns/);
  });
});
