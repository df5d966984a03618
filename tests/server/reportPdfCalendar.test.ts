// A CIR report's PDF in its reader's calendar (issue 18, docs/i18n.md): the server keeps ISO
// Gregorian days; the PDF writes its dates as the requesting user reads them (users.calendar,
// migration 024) and its header names the calendar. A scheduled PDF follows its owner's calendar.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Schema } from "effect";
import { extractText, getDocumentProxy } from "unpdf";
import { Api } from "../../domain/api";
import { CIR_REPORT_PDF_PATH } from "../../domain/cirContract";
import { LIBRARY_FILE_PATH } from "../../domain/reportLibraryContract";
import { formatDayIn } from "../../server/reports/dates";
import { ReportScheduler } from "../../server/services/reportScheduler";
import { migrate } from "../../server/storage/migrate";
import { startTestServer, type TestServer } from "../support/testServer";

let s: TestServer;
let be: string; // reads dates in the Buddhist Era
let ce: string; // reads dates in the Gregorian calendar
let reportId = 0;

async function textOf(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text as string;
}

async function pdfOf(path: string, token: string): Promise<string> {
  const res = await s.app.request(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return textOf(new Uint8Array(await res.arrayBuffer()));
}

beforeAll(async () => {
  s = await startTestServer();
  // A cached test template may predate migration 024 (users.calendar): bring it up to date.
  await migrate(s.storage);
  be = await s.addUser("pdf.be@example.com", ["2"], ["Tipco"]);
  ce = await s.addUser("pdf.ce@example.com", ["2"], ["Tipco"]);
  await s.storage.query("UPDATE users SET calendar = 'buddhist' WHERE email = $1", ["pdf.be@example.com"]);
  const res = await s.call("POST", Api.createCirReport.path, {
    token: be,
    body: {
      title: "Calendar review", brand: "Tipco", range: { kind: "fixed", start: "2024-03-01", end: "2024-03-31" },
      sections: [{ type: "text", id: "note", text: "March." }],
    },
  });
  expect(res.status, res.text).toBe(200);
  const created = (Schema.decodeUnknownSync(Api.createCirReport.response)(res.json) as { data: { id: number; version: number } }).data;
  reportId = created.id;
  const shared = await s.call("POST", Api.updateCirReport.path, { token: be, body: { id: reportId, version: created.version, visibility: "brand" } });
  expect(shared.status, shared.text).toBe(200);
}, 120_000);
afterAll(async () => s?.close());

describe("formatDayIn", () => {
  it("writes a day and a month in the calendar, anything else as it came", () => {
    expect(formatDayIn("2024-02-29", "buddhist")).toBe("2567-02-29");
    expect(formatDayIn("2024-02-29", "gregorian")).toBe("2024-02-29");
    expect(formatDayIn("2024-02", "buddhist")).toBe("2567-02");
    expect(formatDayIn("2025-02-03 08:30", "buddhist")).toBe("2568-02-03 08:30");
    expect(formatDayIn("Shopee", "buddhist")).toBe("Shopee");
  });
});

describe("the report's PDF", () => {
  it("writes a Buddhist Era user's dates in BE and says so in its header", async () => {
    const text = await pdfOf(`${CIR_REPORT_PDF_PATH}?id=${reportId}`, be);
    expect(text).toContain("Dates: Buddhist Era (BE)");
    expect(text).toContain("2567-03-01");
    expect(text).toContain("2567-03-31");
    expect(text).not.toContain("2024-03-01");
  });

  it("writes a Gregorian user's dates in CE and says so", async () => {
    const text = await pdfOf(`${CIR_REPORT_PDF_PATH}?id=${reportId}`, ce);
    expect(text).toContain("Dates: Gregorian calendar (CE)");
    expect(text).toContain("2024-03-01");
    expect(text).not.toContain("2567-03-01");
  });

  it("makes a scheduled PDF in its owner's calendar", async () => {
    const sch = await s.call("POST", Api.scheduleReport.path, { token: be, body: { reportId, frequency: "daily" } });
    expect(sch.status, sch.text).toBe(200);
    const scheduleId = (sch.json as { data: { id: number } }).data.id;
    await s.storage.query("UPDATE report_schedules SET next_run_at = $2 WHERE id = $1", [scheduleId, "2025-02-03T00:00:00Z"]);
    await new ReportScheduler(s.storage, s.deps.reportLibrary, { tickMs: 1000, leaseMs: 60_000 }).tick(() => new Date("2025-02-03T01:00:00Z"));
    const lib = await s.call("GET", Api.reportLibrary.path, { token: be });
    const file = (lib.json as { data: Array<{ id: number; title: string; origin: string }> }).data.find((f) => f.title === "Calendar review" && f.origin === "scheduled");
    expect(file).toBeDefined();
    const text = await pdfOf(`${LIBRARY_FILE_PATH}?id=${file!.id}`, be);
    expect(text).toContain("Dates: Buddhist Era (BE)");
    expect(text).toContain("2567-03-01");
  });
});
