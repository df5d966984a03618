/**
 * `/report` (issue 17): the user's report library (the PDFs of CIR reports, made by hand or by a
 * schedule) and the schedules that make them. Schedules run inside the server on a durable job
 * table: a restart never loses or doubles a run (docs/reports.md). Any signed-in user has a
 * library; scheduling a report needs permission 2 and a report the user may read.
 */
import { Schema } from "effect";

const Id = Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(1));
const Count = Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0));
const Instant = Schema.String.check(Schema.isMaxLength(40));
const QueryNumber = Schema.String.check(Schema.makeFilter((s: string) => /^[1-9]\d{0,8}$/.test(s) || "must be a whole number from 1, written in digits"));

/**
 * How often a schedule runs, in Bangkok time at `REPORT_SCHEDULE_HOUR`: every day, every Monday,
 * or on the 1st of every month.
 */
export const SCHEDULE_FREQUENCIES = ["daily", "weekly", "monthly"] as const;
export const ScheduleFrequency = Schema.Literals(SCHEDULE_FREQUENCIES);
export type ScheduleFrequency = typeof ScheduleFrequency.Type;
export const SCHEDULE_FREQUENCY_LABELS: Readonly<Record<ScheduleFrequency, string>> = {
  daily: "Daily", weekly: "Weekly on Monday", monthly: "Monthly on the 1st",
};
/** The hour of the day (Bangkok) a scheduled run is due. */
export const REPORT_SCHEDULE_HOUR = 7;

export const ReportSchedule = Schema.Struct({
  id: Id,
  reportId: Id,
  reportTitle: Schema.String,
  frequency: ScheduleFrequency,
  /** When the next run is due. */
  nextRunAt: Instant,
  lastRunAt: Schema.NullOr(Instant),
  /** The last run's outcome in words, when it failed ("The report was deleted."). */
  lastError: Schema.NullOr(Schema.String),
});
export type ReportSchedule = typeof ReportSchedule.Type;

export const LibraryFile = Schema.Struct({
  id: Id,
  reportId: Schema.NullOr(Id),
  title: Schema.String,
  brand: Schema.String,
  /** The days the PDF covers (the report's range as resolved when it was made). */
  start: Schema.String,
  end: Schema.String,
  /** `manual`: Save to library; `scheduled`: made by a schedule. */
  origin: Schema.Literals(["manual", "scheduled"]),
  createdAt: Instant,
  size: Count,
});
export type LibraryFile = typeof LibraryFile.Type;

/** `GET /user/report-library`: the user's files (newest first) and schedules. */
export const ReportLibraryResponse = Schema.Struct({
  data: Schema.Array(LibraryFile),
  schedules: Schema.Array(ReportSchedule),
});
export type ReportLibraryResponse = typeof ReportLibraryResponse.Type;

/** One schedule per user and report: scheduling again changes its frequency. */
export const ScheduleReportRequest = Schema.Struct({ reportId: Id, frequency: ScheduleFrequency });
export type ScheduleReportRequest = typeof ScheduleReportRequest.Type;
export const ScheduleReportResponse = Schema.Struct({ msg: Schema.String, data: ReportSchedule });
export type ScheduleReportResponse = typeof ScheduleReportResponse.Type;

export const LibraryIdRequest = Schema.Struct({ id: Id });
export type LibraryIdRequest = typeof LibraryIdRequest.Type;

/** Makes the report's PDF now and keeps it in the library. */
export const SaveReportToLibraryRequest = Schema.Struct({ reportId: Id });
export type SaveReportToLibraryRequest = typeof SaveReportToLibraryRequest.Type;
export const LibraryFileResponse = Schema.Struct({ msg: Schema.String, data: LibraryFile });
export type LibraryFileResponse = typeof LibraryFileResponse.Type;

/** A library file's PDF: `GET /user/library-file?id=` (its owner only); not in the `Api` table (a file). */
export const LIBRARY_FILE_PATH = "/user/library-file";
export const LibraryFileQuery = Schema.Struct({ id: QueryNumber });
