/**
 * The report library (issue 17, docs/reports.md): a user's PDFs of CIR reports, saved by hand or
 * made by a schedule, and the schedules themselves. The PDF is made here, on the server, with
 * pdfkit (server/reports/pdf.ts) from the same section data `/cir/{id}` draws.
 *
 * Every call is the caller's own: files and schedules of other users answer 404, never 403 (their
 * existence is not told). A report must be readable by the caller (CirService.readable) to be
 * saved or scheduled.
 */
import type { CirSectionDataResponse, Report, ReportRange, Section } from "../../domain/cirContract";
import type { LibraryFile, ReportSchedule, ScheduleFrequency } from "../../domain/reportLibraryContract";
import { REPORT_SCHEDULE_HOUR } from "../../domain/reportLibraryContract";
import { CALENDARS, type CalendarSystem } from "../../domain/locale";
import { renderReportPdf } from "../reports/pdf";
import type { Queryable, Storage } from "../storage/storage";
import { ServiceError } from "./errors";

/** What the library needs of the CIR reports (CirService). */
export interface ReportSource {
  readable(userId: number, id: number): Promise<Report>;
  sectionData(userId: number, range: ReportRange, sections: readonly Section[], now?: Date): Promise<CirSectionDataResponse["data"]>;
}

const BANGKOK_MS = 7 * 3_600_000;

/** An instant in Bangkok time with its offset: "2025-03-03T07:00:00+07:00". */
export function bangkokIso(at: Date): string {
  return `${new Date(at.getTime() + BANGKOK_MS).toISOString().slice(0, 19)}+07:00`;
}

const asDate = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));

/**
 * The first due time strictly after `after`, in Bangkok (UTC+7 all year, no daylight saving):
 * daily at REPORT_SCHEDULE_HOUR, weekly on Monday at that hour, monthly on the 1st at that hour.
 */
export function nextDueAt(frequency: ScheduleFrequency, after: Date): Date {
  const local = new Date(after.getTime() + BANGKOK_MS); // its UTC fields read as Bangkok's wall clock
  const at = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d, REPORT_SCHEDULE_HOUR) - BANGKOK_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const d = local.getUTCDate();
  if (frequency === "monthly") {
    const thisMonth = at(y, m, 1);
    return thisMonth > after ? thisMonth : at(y, m + 1, 1);
  }
  let candidate = at(y, m, d);
  if (candidate <= after) candidate = at(y, m, d + 1);
  if (frequency === "weekly") {
    // Days until Monday from the candidate's day (Sunday 0 → 1 day, Tuesday 2 → 6 days).
    const dow = new Date(candidate.getTime() + BANGKOK_MS).getUTCDay();
    const ahead = (8 - dow) % 7;
    candidate = new Date(candidate.getTime() + ahead * 86_400_000);
  }
  return candidate;
}

/** A file name safe in every OS and in a Content-Disposition header: "<title> <start>–<end>.pdf". */
export function pdfFileName(title: string, start: string, end: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what it removes
  const clean = title.normalize("NFC").replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, " ").replace(/\s+/g, " ").trim().slice(0, 100) || "Report";
  return `${clean} ${start}–${end}.pdf`;
}

/** `Content-Disposition` for a download: an ASCII fallback and the UTF-8 name (RFC 6266/5987). */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[–—]/g, "-").replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

interface FileRow {
  id: number;
  report_id: number | null;
  title: string;
  brand: string;
  start_day: string;
  end_day: string;
  origin: "manual" | "scheduled";
  created_at: Date | string;
  size: number;
}

interface ScheduleRow {
  id: number;
  report_id: number;
  report_title: string | null;
  frequency: ScheduleFrequency;
  next_run_at: Date | string;
  last_run_at: Date | string | null;
  last_error: string | null;
}

const FILE_COLUMNS = "id, report_id, title, brand, start_day, end_day, origin, created_at, size";
const SCHEDULE_SELECT = `SELECT s.id, s.report_id, r.title AS report_title, s.frequency, s.next_run_at, s.last_run_at, s.last_error
  FROM report_schedules s LEFT JOIN cir_reports r ON r.id = s.report_id`;

const toFile = (r: FileRow): LibraryFile => ({
  id: r.id, reportId: r.report_id, title: r.title, brand: r.brand, start: r.start_day, end: r.end_day, origin: r.origin,
  createdAt: bangkokIso(asDate(r.created_at)), size: Number(r.size),
});

const toSchedule = (r: ScheduleRow): ReportSchedule => ({
  id: r.id, reportId: r.report_id, reportTitle: r.report_title ?? `Report ${r.report_id} (deleted)`, frequency: r.frequency,
  nextRunAt: bangkokIso(asDate(r.next_run_at)), lastRunAt: r.last_run_at === null ? null : bangkokIso(asDate(r.last_run_at)),
  lastError: r.last_error,
});

/** A made PDF and what the library keeps beside it. */
export interface MadePdf {
  report: Report;
  start: string;
  end: string;
  bytes: Uint8Array;
  fileName: string;
}

export class ReportLibraryService {
  constructor(private readonly db: Storage, private readonly reports: ReportSource) {}

  /**
   * The report's PDF as the user reads it now (404 when they may not read it), its dates in the
   * user's calendar (`calendar`, else the user's stored one: a schedule's PDF follows its owner's).
   */
  async makePdf(userId: number, reportId: number, now: Date = new Date(), calendar?: CalendarSystem): Promise<MadePdf> {
    const report = await this.reports.readable(userId, reportId);
    const data = await this.reports.sectionData(userId, report.range, report.sections, now);
    const bytes = await renderReportPdf({ report, data, generatedAt: now, calendar: calendar ?? (await this.calendarOf(userId)) });
    return { report, start: data.start, end: data.end, bytes, fileName: pdfFileName(report.title, data.start, data.end) };
  }

  /** The calendar the user reads dates in (users.calendar, migration 024); Gregorian for an unknown user. */
  private async calendarOf(userId: number): Promise<CalendarSystem> {
    const res = await this.db.query<{ calendar: string }>("SELECT calendar FROM users WHERE id = $1", [userId]);
    const calendar = res.rows[0]?.calendar;
    return (CALENDARS as readonly string[]).includes(calendar ?? "") ? (calendar as CalendarSystem) : "gregorian";
  }

  /** The user's files (newest first) and schedules (next due first). */
  async library(userId: number): Promise<{ data: LibraryFile[]; schedules: ReportSchedule[] }> {
    const files = await this.db.query<FileRow>(`SELECT ${FILE_COLUMNS} FROM library_files WHERE user_id = $1 ORDER BY created_at DESC, id DESC`, [userId]);
    const schedules = await this.db.query<ScheduleRow>(`${SCHEDULE_SELECT} WHERE s.user_id = $1 ORDER BY s.next_run_at, s.id`, [userId]);
    return { data: files.rows.map(toFile), schedules: schedules.rows.map(toSchedule) };
  }

  /** "Save to library": the report's PDF made now, kept as a manual file. */
  async save(userId: number, reportId: number, now: Date = new Date()): Promise<LibraryFile> {
    const made = await this.makePdf(userId, reportId, now);
    return this.insertFile(this.db, userId, made, "manual", null);
  }

  /** Keeps a made PDF (the scheduler calls this inside the transaction that finishes its run). */
  async insertFile(tx: Queryable, userId: number, made: MadePdf, origin: "manual" | "scheduled", runId: number | null): Promise<LibraryFile> {
    const res = await tx.query<FileRow>(
      `INSERT INTO library_files (user_id, report_id, run_id, title, brand, start_day, end_day, origin, bytes, size)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${FILE_COLUMNS}`,
      [userId, made.report.id, runId, made.report.title, made.report.brand, made.start, made.end, origin,
        Buffer.from(made.bytes.buffer, made.bytes.byteOffset, made.bytes.byteLength), made.bytes.byteLength],
    );
    return toFile(res.rows[0]!);
  }

  async deleteFile(userId: number, id: number): Promise<void> {
    const res = await this.db.query("DELETE FROM library_files WHERE id = $1 AND user_id = $2", [id, userId]);
    if (res.affectedRows === 0) throw new ServiceError("not_found", `there is no library file ${id} of yours`, { field: "id" });
  }

  /** A file's PDF, its owner only (null otherwise). */
  async file(userId: number, id: number): Promise<{ bytes: Uint8Array; fileName: string } | null> {
    const res = await this.db.query<{ b64: string; title: string; start_day: string; end_day: string }>(
      "SELECT encode(bytes, 'base64') AS b64, title, start_day, end_day FROM library_files WHERE id = $1 AND user_id = $2",
      [id, userId],
    );
    const row = res.rows[0];
    if (!row) return null;
    return { bytes: new Uint8Array(Buffer.from(row.b64, "base64")), fileName: pdfFileName(row.title, row.start_day, row.end_day) };
  }

  /** Schedules a report the user may read; scheduling it again changes its frequency (and its next run). */
  async schedule(userId: number, reportId: number, frequency: ScheduleFrequency, now: Date = new Date()): Promise<ReportSchedule> {
    await this.reports.readable(userId, reportId).catch((err: unknown) => {
      if (err instanceof ServiceError && err.kind === "not_found") {
        throw new ServiceError("not_found", `there is no report ${reportId} you may read`, { field: "reportId" });
      }
      throw err;
    });
    const res = await this.db.query<{ id: number }>(
      `INSERT INTO report_schedules (user_id, report_id, frequency, next_run_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, report_id) DO UPDATE SET frequency = EXCLUDED.frequency, next_run_at = EXCLUDED.next_run_at
       RETURNING id`,
      [userId, reportId, frequency, nextDueAt(frequency, now).toISOString()],
    );
    const row = (await this.db.query<ScheduleRow>(`${SCHEDULE_SELECT} WHERE s.id = $1`, [res.rows[0]!.id])).rows[0]!;
    return toSchedule(row);
  }

  async unschedule(userId: number, id: number): Promise<void> {
    const res = await this.db.query("DELETE FROM report_schedules WHERE id = $1 AND user_id = $2", [id, userId]);
    if (res.affectedRows === 0) throw new ServiceError("not_found", `there is no schedule ${id} of yours`, { field: "id" });
  }
}
