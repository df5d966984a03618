// The report library and schedules (issue 17, docs/reports.md) over the real app and storage:
// Save to library makes a PDF of the report (its text has the title and brand), files are their
// owner's only (list, download, delete), the report's PDF route answers readers only, scheduling
// needs permission 2 and a readable report, one schedule per user and report, next due times in
// Bangkok (table), and the scheduler's runs: a due schedule makes one PDF into the library, a
// server down for days makes one catch-up run, a deleted report fails the run with lastError and
// keeps the schedule, a claim whose lease ran out is taken over and only one PDF is kept.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Schema } from "effect";
import { extractText, getDocumentProxy } from "unpdf";
import { Api } from "../../domain/api";
import { CIR_REPORT_PDF_PATH } from "../../domain/cirContract";
import { LIBRARY_FILE_PATH } from "../../domain/reportLibraryContract";
import type { ReportLibraryResponse, ScheduleFrequency } from "../../domain/reportLibraryContract";
import { bangkokIso, nextDueAt, pdfFileName, attachment } from "../../server/services/reportLibrary";
import { ReportScheduler } from "../../server/services/reportScheduler";
import { startTestServer, type TestServer } from "../support/testServer";

let s: TestServer;
let demo: string;
let reader: string; // Tipco and permission 2: reads shared Tipco reports
let noCir: string; // Tipco without permission 2
let stranger: string; // permission 2, another brand
let privateId = 0;
let sharedId = 0;

type Res = Awaited<ReturnType<TestServer["call"]>>;
const post = (path: string, body: unknown, tok = demo) => s.call("POST", path, { token: tok, body });
const get = (path: string, tok = demo) => s.call("GET", path, { token: tok });
const ok = <T>(res: Res, schema: Schema.Decoder<unknown>): T => {
  expect(res.status, res.text).toBe(200);
  return Schema.decodeUnknownSync(schema)(res.json) as T;
};
const library = async (tok = demo) => ok<ReportLibraryResponse>(await get(Api.reportLibrary.path, tok), Api.reportLibrary.response);

async function pdfText(res: Response): Promise<string> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text as string;
}

async function raw(path: string, tok: string | null) {
  return s.app.request(path, { headers: tok ? { Authorization: `Bearer ${tok}` } : {} });
}

async function createReport(title: string, visibility: "private" | "brand") {
  const created = ok<{ data: { id: number; version: number } }>(await post(Api.createCirReport.path, {
    title, brand: "Tipco", range: { kind: "fixed", start: "2025-01-01", end: "2025-01-31" },
    sections: [
      { type: "source", id: "fig", source: "ecommerce.figures", view: { brand: "Tipco", range: { kind: "report" } } },
      { type: "text", id: "note", text: "ยอดขายดีขึ้น: sales improved." },
    ],
  }), Api.createCirReport.response);
  if (visibility === "brand") {
    ok(await post(Api.updateCirReport.path, { id: created.data.id, version: created.data.version, visibility }), Api.updateCirReport.response);
  }
  return created.data.id;
}

beforeAll(async () => {
  s = await startTestServer();
  demo = (await s.login()).access_token;
  reader = await s.addUser("lib.reader@example.com", ["2"], ["Tipco"]);
  noCir = await s.addUser("lib.nocir@example.com", ["1"], ["Tipco"]);
  const other = (await s.storage.query<{ name: string }>("SELECT name FROM brands WHERE name <> 'Tipco' ORDER BY id LIMIT 1")).rows[0]!.name;
  stranger = await s.addUser("lib.stranger@example.com", ["2"], [other]);
  privateId = await createReport("Private monthly", "private");
  sharedId = await createReport("Shared monthly", "brand");
}, 120_000);
afterAll(async () => s?.close());

describe("Save to library, download and delete", () => {
  it("keeps the report's PDF as a manual file, listed newest first, downloadable by its owner only", async () => {
    const saved = ok<{ data: { id: number; origin: string; title: string; brand: string; start: string; end: string; size: number } }>(
      await post(Api.saveReportToLibrary.path, { reportId: privateId }), Api.saveReportToLibrary.response);
    expect(saved.data).toMatchObject({ origin: "manual", title: "Private monthly", brand: "Tipco", start: "2025-01-01", end: "2025-01-31" });
    expect(saved.data.size).toBeGreaterThan(1000);
    expect((await library()).data[0]!.id).toBe(saved.data.id);

    const res = await raw(`${LIBRARY_FILE_PATH}?id=${saved.data.id}`, demo);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(res.headers.get("Content-Disposition")).toContain('filename="Private monthly 2025-01-01-2025-01-31.pdf"');
    const text = await pdfText(res);
    expect(text).toContain("Private monthly");
    expect(text).toContain("Tipco");
    expect(text).toContain("2025-01-01 – 2025-01-31");
    expect(text).toContain("ยอดขายดีขึ้น");

    // Another user, even of the same brand, neither sees nor downloads nor deletes it.
    expect((await library(reader)).data.map((f) => f.id)).not.toContain(saved.data.id);
    expect((await raw(`${LIBRARY_FILE_PATH}?id=${saved.data.id}`, reader)).status).toBe(404);
    expect((await raw(`${LIBRARY_FILE_PATH}?id=${saved.data.id}`, null)).status).toBe(401);
    expect((await post(Api.deleteLibraryFile.path, { id: saved.data.id }, reader)).status).toBe(404);

    ok(await post(Api.deleteLibraryFile.path, { id: saved.data.id }), Api.deleteLibraryFile.response);
    expect((await library()).data.map((f) => f.id)).not.toContain(saved.data.id);
    expect((await raw(`${LIBRARY_FILE_PATH}?id=${saved.data.id}`, demo)).status).toBe(404);
    expect((await post(Api.deleteLibraryFile.path, { id: saved.data.id })).status).toBe(404);
  });

  it("saves a shared report for a reader of its brand, and refuses one the caller may not read", async () => {
    const saved = ok<{ data: { id: number } }>(await post(Api.saveReportToLibrary.path, { reportId: sharedId }, reader), Api.saveReportToLibrary.response);
    expect((await library(reader)).data.map((f) => f.id)).toContain(saved.data.id);
    expect((await post(Api.saveReportToLibrary.path, { reportId: privateId }, reader)).status).toBe(404);
    expect((await post(Api.saveReportToLibrary.path, { reportId: sharedId }, stranger)).status).toBe(404);
    expect((await post(Api.saveReportToLibrary.path, { reportId: sharedId }, noCir)).status).toBe(403);
    const bad = await post(Api.saveReportToLibrary.path, { reportId: "x" });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain("reportId");
  });
});

describe("GET /user/cir-report-pdf", () => {
  it("answers the report's PDF to its readers, 404 to others, 403 without permission 2, 400 naming id", async () => {
    const res = await raw(`${CIR_REPORT_PDF_PATH}?id=${sharedId}`, reader);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="Shared monthly 2025-01-01-2025-01-31\.pdf"; filename\*=UTF-8''/);
    const text = await pdfText(res);
    expect(text).toContain("Shared monthly");
    expect(text).toContain("Page 1 of");
    expect((await raw(`${CIR_REPORT_PDF_PATH}?id=${privateId}`, reader)).status).toBe(404);
    expect((await raw(`${CIR_REPORT_PDF_PATH}?id=${sharedId}`, stranger)).status).toBe(404);
    expect((await raw(`${CIR_REPORT_PDF_PATH}?id=${sharedId}`, noCir)).status).toBe(403);
    expect((await raw(`${CIR_REPORT_PDF_PATH}?id=999999`, demo)).status).toBe(404);
    const bad = await raw(`${CIR_REPORT_PDF_PATH}?id=abc`, demo);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain("id");
  });

  it("makes a safe file name", () => {
    expect(pdfFileName('Q1: "best"/worst?', "2025-01-01", "2025-03-31")).toBe("Q1 best worst 2025-01-01–2025-03-31.pdf");
    expect(attachment("ยอดขาย 2025-01-01–2025-01-31.pdf")).toBe(
      `attachment; filename="______ 2025-01-01-2025-01-31.pdf"; filename*=UTF-8''${encodeURIComponent("ยอดขาย 2025-01-01–2025-01-31.pdf")}`,
    );
  });
});

describe("schedules", () => {
  it("schedules a readable report once per user (again: a new frequency), needs permission 2, and unschedules its owner's only", async () => {
    const first = ok<{ data: { id: number; frequency: string; nextRunAt: string; reportTitle: string } }>(
      await post(Api.scheduleReport.path, { reportId: sharedId, frequency: "daily" }), Api.scheduleReport.response);
    expect(first.data).toMatchObject({ frequency: "daily", reportTitle: "Shared monthly" });
    expect(first.data.nextRunAt).toMatch(/T07:00:00\+07:00$/);
    const again = ok<{ data: { id: number; frequency: string; nextRunAt: string } }>(
      await post(Api.scheduleReport.path, { reportId: sharedId, frequency: "weekly" }), Api.scheduleReport.response);
    expect(again.data.id).toBe(first.data.id);
    expect(again.data.frequency).toBe("weekly");
    expect(new Date(again.data.nextRunAt).getUTCDay()).toBe(1); // 07:00 Bangkok is 00:00 UTC the same day: a Monday
    expect((await library()).schedules.filter((x) => x.reportId === sharedId)).toHaveLength(1);

    // A reader schedules the shared report too: their own schedule.
    const theirs = ok<{ data: { id: number } }>(await post(Api.scheduleReport.path, { reportId: sharedId, frequency: "monthly" }, reader), Api.scheduleReport.response);
    expect(theirs.data.id).not.toBe(first.data.id);

    expect((await post(Api.scheduleReport.path, { reportId: privateId, frequency: "daily" }, reader)).status).toBe(404);
    expect((await post(Api.scheduleReport.path, { reportId: sharedId, frequency: "daily" }, noCir)).status).toBe(403);
    const bad = await post(Api.scheduleReport.path, { reportId: sharedId, frequency: "hourly" });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain("frequency");

    expect((await post(Api.unscheduleReport.path, { id: first.data.id }, reader)).status).toBe(404);
    ok(await post(Api.unscheduleReport.path, { id: first.data.id }), Api.unscheduleReport.response);
    expect((await library()).schedules.map((x) => x.id)).not.toContain(first.data.id);
    ok(await post(Api.unscheduleReport.path, { id: theirs.data.id }, reader), Api.unscheduleReport.response);
  });

  // Bangkok is UTC+7: 07:00 there is 00:00 UTC.
  it.each<[ScheduleFrequency, string, string]>([
    ["daily", "2025-01-10T23:59:00Z", "2025-01-11T00:00:00Z"], // 06:59 Bangkok → 07:00 the same day
    ["daily", "2025-01-11T00:00:00Z", "2025-01-12T00:00:00Z"], // exactly 07:00 → tomorrow
    ["daily", "2025-01-11T05:00:00Z", "2025-01-12T00:00:00Z"], // noon Bangkok → tomorrow
    ["daily", "2025-01-31T18:00:00Z", "2025-02-01T00:00:00Z"], // 01:00 Bangkok on 1 Feb (still 31 Jan in UTC)
    ["daily", "2024-12-31T12:00:00Z", "2025-01-01T00:00:00Z"], // the year's end
    ["weekly", "2025-01-05T10:00:00Z", "2025-01-06T00:00:00Z"], // Sunday 17:00 → Monday
    ["weekly", "2025-01-05T17:30:00Z", "2025-01-06T00:00:00Z"], // Monday 00:30 Bangkok (Sunday in UTC) → that Monday 07:00
    ["weekly", "2025-01-06T00:00:00Z", "2025-01-13T00:00:00Z"], // Monday 07:00 → next Monday
    ["weekly", "2025-01-07T03:00:00Z", "2025-01-13T00:00:00Z"], // Tuesday → next Monday
    ["weekly", "2025-12-29T01:00:00Z", "2026-01-05T00:00:00Z"], // Monday 08:00, 29 Dec → the first Monday of 2026
    ["monthly", "2025-01-15T00:00:00Z", "2025-02-01T00:00:00Z"],
    ["monthly", "2025-01-31T16:59:00Z", "2025-02-01T00:00:00Z"], // 23:59 on 31 Jan
    ["monthly", "2025-02-28T20:00:00Z", "2025-03-01T00:00:00Z"], // 03:00 on 1 Mar → 07:00 that day
    ["monthly", "2024-02-29T12:00:00Z", "2024-03-01T00:00:00Z"], // leap day
    ["monthly", "2025-03-01T00:00:00Z", "2025-04-01T00:00:00Z"], // exactly due → next month
    ["monthly", "2025-12-05T00:00:00Z", "2026-01-01T00:00:00Z"], // December → January
  ])("%s after %s is %s", (frequency, after, expected) => {
    expect(nextDueAt(frequency, new Date(after)).toISOString()).toBe(new Date(expected).toISOString());
  });

  it("writes times in Bangkok", () => {
    expect(bangkokIso(new Date("2025-03-02T17:00:00Z"))).toBe("2025-03-03T00:00:00+07:00");
  });
});

describe("the scheduler", () => {
  const scheduler = () => new ReportScheduler(s.storage, s.deps.reportLibrary, { tickMs: 1000, leaseMs: 60_000 });
  const runsOf = (scheduleId: number) =>
    s.storage.query<{ status: string; due_at: Date; attempts: number }>("SELECT status, due_at, attempts FROM report_runs WHERE schedule_id = $1 ORDER BY id", [scheduleId]);
  const filesOf = (scheduleId: number) =>
    s.count("SELECT count(*)::int AS n FROM library_files f JOIN report_runs r ON r.id = f.run_id WHERE r.schedule_id = $1", [scheduleId]);
  const setNext = (id: number, at: string) => s.storage.query("UPDATE report_schedules SET next_run_at = $2 WHERE id = $1", [id, at]);

  it("makes a due schedule's PDF into the library once, and one catch-up run after days down", async () => {
    const reportId = await createReport("Scheduled weekly", "private");
    const sch = ok<{ data: { id: number } }>(await post(Api.scheduleReport.path, { reportId, frequency: "daily" }), Api.scheduleReport.response).data;
    // Due on 2025-02-03 07:00 Bangkok; the server "comes back" five days later at 09:00 Bangkok.
    await setNext(sch.id, "2025-02-03T00:00:00Z");
    const now = new Date("2025-02-08T02:00:00Z");
    // Ticks see every schedule of this database: what matters is this schedule's runs.
    await scheduler().tick(() => now);
    await scheduler().tick(() => now);
    const runs = (await runsOf(sch.id)).rows;
    expect(runs.map((r) => r.status)).toEqual(["done"]);
    expect(await filesOf(sch.id)).toBe(1);
    const lib = await library();
    const schedule = lib.schedules.find((x) => x.id === sch.id)!;
    expect(schedule.nextRunAt).toBe("2025-02-09T07:00:00+07:00");
    expect(schedule.lastRunAt).toBe("2025-02-08T09:00:00+07:00");
    expect(schedule.lastError).toBeNull();
    const file = lib.data.find((f) => f.title === "Scheduled weekly")!;
    expect(file.origin).toBe("scheduled");
    const res = await raw(`${LIBRARY_FILE_PATH}?id=${file.id}`, demo);
    expect(await pdfText(res)).toContain("Scheduled weekly");
  });

  it("fails the run of a deleted report with lastError in words and keeps the schedule", async () => {
    const reportId = await createReport("Soon deleted", "private");
    const sch = ok<{ data: { id: number } }>(await post(Api.scheduleReport.path, { reportId, frequency: "monthly" }), Api.scheduleReport.response).data;
    ok(await post(Api.deleteCirReport.path, { id: reportId }), Api.deleteCirReport.response);
    await setNext(sch.id, "2025-03-01T00:00:00Z");
    await scheduler().tick(() => new Date("2025-03-01T00:00:30Z"));
    expect((await runsOf(sch.id)).rows.map((r) => r.status)).toEqual(["failed"]);
    expect(await filesOf(sch.id)).toBe(0);
    const schedule = (await library()).schedules.find((x) => x.id === sch.id)!;
    expect(schedule.lastError).toContain("was deleted or you may no longer read it");
    expect(schedule.nextRunAt).toBe("2025-04-01T07:00:00+07:00");
    expect(schedule.reportTitle).toContain(`Report ${reportId}`);
  });

  it("takes over a claim whose lease ran out (its server died) and keeps exactly one PDF", async () => {
    const reportId = await createReport("Taken over", "private");
    const sch = ok<{ data: { id: number } }>(await post(Api.scheduleReport.path, { reportId, frequency: "weekly" }), Api.scheduleReport.response).data;
    await setNext(sch.id, "2025-02-03T00:00:00Z");
    const t0 = new Date("2025-02-03T00:01:00Z");
    // A first server queued and claimed the run, then died before finishing it.
    const dead = scheduler();
    await dead.queueDue(t0);
    await s.storage.query(
      "UPDATE report_runs SET status = 'running', attempts = 1, lease_until = $2, started_at = $1 WHERE schedule_id = $3",
      [t0.toISOString(), new Date(t0.getTime() + 60_000).toISOString(), sch.id],
    );
    // Within the lease nobody else takes it.
    await scheduler().tick(() => new Date(t0.getTime() + 30_000));
    expect((await runsOf(sch.id)).rows.map((r) => [r.status, r.attempts])).toEqual([["running", 1]]);
    expect(await filesOf(sch.id)).toBe(0);
    // After it, the next tick does, once.
    expect(await scheduler().tick(() => new Date(t0.getTime() + 61_000))).toBeGreaterThanOrEqual(1);
    await scheduler().tick(() => new Date(t0.getTime() + 120_000));
    const runs = (await runsOf(sch.id)).rows;
    expect(runs.map((r) => [r.status, r.attempts])).toEqual([["done", 2]]);
    expect(await filesOf(sch.id)).toBe(1);
  });
});
