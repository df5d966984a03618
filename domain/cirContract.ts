/**
 * CIR, customer-insight reports (issue 17): the shapes of a report (an ordered list of sections:
 * figure cards and charts taken from the modules, each with its own frozen view, and text blocks),
 * of the section data the server computes for them, and of the `/cir` calls (permission 2). The
 * same section data draws the report in the browser and in its PDF. Words in docs/cir.md.
 *
 * Days `YYYY-MM-DD` (Bangkok), times ISO 8601 with offset, money in baht.
 */
import { Schema } from "effect";
import { isDay } from "./calendarDays";
import type { PermissionCode } from "./entities";

const text = (max: number) => Schema.String.check(Schema.isMaxLength(max));
const Id = Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(1));
const Count = Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0));
const Instant = Schema.String.check(Schema.isMaxLength(40));
const Day = Schema.String.check(Schema.isMaxLength(10)).check(
  Schema.makeFilter((s: string) => isDay(s) || "must be an existing date written YYYY-MM-DD"),
);
const Brand = text(100).check(Schema.isMinLength(1));
/** A report's title: 1–120 characters, not only spaces. */
export const ReportTitle = Schema.String.check(
  Schema.isMinLength(1),
  Schema.isMaxLength(120),
  Schema.makeFilter((s: string) => s.trim().length > 0 || "must not be blank"),
);
const QueryNumber = Schema.String.check(Schema.makeFilter((s: string) => /^[1-9]\d{0,8}$/.test(s) || "must be a whole number from 1, written in digits"));

// ---------------------------------------------------------------------------------------------
// Where a section comes from

export const REPORT_MODULES = ["brandEx", "ma", "ads", "kol", "ecommerce", "crm", "affiliate", "o2o"] as const;
export const ReportModule = Schema.Literals(REPORT_MODULES);
export type ReportModule = typeof ReportModule.Type;
export const REPORT_MODULE_LABELS: Readonly<Record<ReportModule, string>> = {
  brandEx: "Brand Experience", ma: "Facebook MA", ads: "Ads & Automation", kol: "KOL Campaign",
  ecommerce: "E-Commerce", crm: "CRM", affiliate: "Affiliate", o2o: "O2O",
};
/** The permission a reader needs to see a module's sections (o2o: the user's o2o campaigns instead). */
export const REPORT_MODULE_PERMISSION: Readonly<Record<ReportModule, PermissionCode | null>> = {
  brandEx: "1", ma: "3", ads: "5", kol: "6", ecommerce: "7", crm: "8", affiliate: "8", o2o: null,
};

/**
 * The catalogue of what a section can show: a group of figure cards or one chart of a module.
 * The server computes each (server/services/cirSources.ts) with the module's own service, so a
 * section shows what the module page shows for the same view.
 */
export const SECTION_SOURCES = {
  "brandEx.figures": { module: "brandEx", kind: "figures", title: "Social overview" },
  "brandEx.reach": { module: "brandEx", kind: "chart", title: "Post reach over time" },
  "ma.figures": { module: "ma", kind: "figures", title: "Page figures" },
  "ma.engagements": { module: "ma", kind: "chart", title: "Engagements over time" },
  "ads.figures": { module: "ads", kind: "figures", title: "Ads spend and results" },
  "ads.spend": { module: "ads", kind: "chart", title: "Ads spend over time" },
  "kol.figures": { module: "kol", kind: "figures", title: "KOL figures" },
  "kol.campaigns": { module: "kol", kind: "chart", title: "KOL cost and reach by campaign" },
  "ecommerce.figures": { module: "ecommerce", kind: "figures", title: "E-Commerce figures" },
  "ecommerce.gmv": { module: "ecommerce", kind: "chart", title: "GMV and NMV over time" },
  "ecommerce.channels": { module: "ecommerce", kind: "chart", title: "GMV by channel" },
  "crm.figures": { module: "crm", kind: "figures", title: "Customers" },
  "crm.segments": { module: "crm", kind: "chart", title: "Customers by RFM segment" },
  "affiliate.figures": { module: "affiliate", kind: "figures", title: "Affiliate figures" },
  "affiliate.gmv": { module: "affiliate", kind: "chart", title: "Affiliate GMV over time" },
  "o2o.figures": { module: "o2o", kind: "figures", title: "Store screens: shows and views" },
  "o2o.views": { module: "o2o", kind: "chart", title: "Views over time" },
} as const satisfies Record<string, { module: ReportModule; kind: "figures" | "chart"; title: string }>;
export type SectionSourceKey = keyof typeof SECTION_SOURCES;
export const SECTION_SOURCE_KEYS = Object.keys(SECTION_SOURCES) as SectionSourceKey[];
export const SectionSource = Schema.Literals(SECTION_SOURCE_KEYS as [SectionSourceKey, ...SectionSourceKey[]]);

// ---------------------------------------------------------------------------------------------
// Ranges and views

/**
 * A relative range, resolved in Bangkok on the day the report is read: `last7` and `last30` end
 * yesterday; `lastMonth`, `lastQuarter` are the whole calendar month/quarter before today's;
 * `thisMonth` and `yearToDate` run from their first day to yesterday (to today on a first day).
 */
export const RELATIVE_RANGES = ["last7", "last30", "lastMonth", "thisMonth", "lastQuarter", "yearToDate"] as const;
export const RelativeRange = Schema.Literals(RELATIVE_RANGES);
export type RelativeRange = typeof RelativeRange.Type;
export const RELATIVE_RANGE_LABELS: Readonly<Record<RelativeRange, string>> = {
  last7: "Last 7 days", last30: "Last 30 days", lastMonth: "Last month", thisMonth: "This month",
  lastQuarter: "Last quarter", yearToDate: "Year to date",
};

/** Fixed days, a relative range, or (a section only) the report's own range. */
export const SectionRange = Schema.Union([
  Schema.Struct({ kind: Schema.Literal("fixed"), start: Day, end: Day }),
  Schema.Struct({ kind: Schema.Literal("relative"), preset: RelativeRange }),
  Schema.Struct({ kind: Schema.Literal("report") }),
]);
export type SectionRange = typeof SectionRange.Type;
export const ReportRange = Schema.Union([
  Schema.Struct({ kind: Schema.Literal("fixed"), start: Day, end: Day }),
  Schema.Struct({ kind: Schema.Literal("relative"), preset: RelativeRange }),
]);
export type ReportRange = typeof ReportRange.Type;

/**
 * The view a section froze: brand, range and the module's filters as the chart had them. Absent
 * filters mean "all". `pages`: social pages (brandEx, ma); `channel`: the e-commerce channel
 * (Shopee, Lazada, ...); `platform`: the affiliate platform or ads channel; `campaign`: an o2o or
 * KOL campaign id.
 */
export const SectionView = Schema.Struct({
  brand: Brand,
  range: SectionRange,
  pages: Schema.optionalKey(Schema.Array(text(100)).check(Schema.isMaxLength(200))),
  channel: Schema.optionalKey(text(50)),
  platform: Schema.optionalKey(text(50)),
  campaign: Schema.optionalKey(Id),
});
export type SectionView = typeof SectionView.Type;

/** A section's id: made by the client when it adds the section, unique within its report. */
export const SectionId = Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_-]{1,40}$/));

export const Section = Schema.Union([
  Schema.Struct({
    type: Schema.Literal("source"),
    id: SectionId,
    source: SectionSource,
    view: SectionView,
    /** A title of the team's own; the source's title when absent. */
    title: Schema.optionalKey(text(120)),
  }),
  Schema.Struct({ type: Schema.Literal("text"), id: SectionId, text: text(5000) }),
]);
export type Section = typeof Section.Type;
export const REPORT_MAX_SECTIONS = 50;
const Sections = Schema.Array(Section).check(
  Schema.isMaxLength(REPORT_MAX_SECTIONS),
  Schema.makeFilter((s: ReadonlyArray<{ id: string }>) => new Set(s.map((x) => x.id)).size === s.length || "must not repeat a section id"),
);

// ---------------------------------------------------------------------------------------------
// Reports

export const REPORT_VISIBILITIES = ["private", "brand"] as const;
/** `private`: the owner only; `brand`: read-only for every user who holds the report's brand (and permission 2). */
export const ReportVisibility = Schema.Literals(REPORT_VISIBILITIES);
export type ReportVisibility = typeof ReportVisibility.Type;

export const Report = Schema.Struct({
  id: Id,
  title: Schema.String,
  brand: Schema.String,
  range: ReportRange,
  visibility: ReportVisibility,
  sections: Schema.Array(Section),
  owner: Schema.Struct({ name: Schema.String, email: Schema.String }),
  /** Whether the reader may change it (the owner only). */
  canEdit: Schema.Boolean,
  createdAt: Instant,
  updatedAt: Instant,
  /** Grows with every change; a write on a stale version answers 409. */
  version: Count,
});
export type Report = typeof Report.Type;

export const ReportSummary = Schema.Struct({
  id: Id,
  title: Schema.String,
  brand: Schema.String,
  visibility: ReportVisibility,
  owner: Schema.Struct({ name: Schema.String, email: Schema.String }),
  canEdit: Schema.Boolean,
  sections: Count,
  updatedAt: Instant,
});
export type ReportSummary = typeof ReportSummary.Type;

/** `GET /user/cir-reports?q=&owner=`: the reports the user may read, last edited first. */
export const CirReportsRequest = Schema.Struct({
  q: Schema.optionalKey(text(100)),
  owner: Schema.optionalKey(Schema.Literals(["me", "others", "all"])),
});
export type CirReportsRequest = typeof CirReportsRequest.Type;
export const CirReportsResponse = Schema.Struct({ data: Schema.Array(ReportSummary) });
export type CirReportsResponse = typeof CirReportsResponse.Type;

export const CirReportRequest = Schema.Struct({ id: QueryNumber });
export type CirReportRequest = typeof CirReportRequest.Type;
export const CirReportResponse = Schema.Struct({ msg: Schema.optionalKey(Schema.String), data: Report });
export type CirReportResponse = typeof CirReportResponse.Type;

export const CreateCirReportRequest = Schema.Struct({
  title: ReportTitle,
  brand: Brand,
  range: ReportRange,
  sections: Schema.optionalKey(Sections),
});
export type CreateCirReportRequest = typeof CreateCirReportRequest.Type;

/** "Add to report": appends one section to a report the user owns (at the end). */
export const AddCirSectionRequest = Schema.Struct({ id: Id, section: Section });
export type AddCirSectionRequest = typeof AddCirSectionRequest.Type;

/** A change by the owner: the fields given change (sections: the whole new order). Stale version → 409. */
export const UpdateCirReportRequest = Schema.Struct({
  id: Id,
  version: Count,
  title: Schema.optionalKey(ReportTitle),
  brand: Schema.optionalKey(Brand),
  range: Schema.optionalKey(ReportRange),
  visibility: Schema.optionalKey(ReportVisibility),
  sections: Schema.optionalKey(Sections),
});
export type UpdateCirReportRequest = typeof UpdateCirReportRequest.Type;

/** Copies a report the user may read into a new private report of theirs ("Copy of <title>" unless titled). */
export const DuplicateCirReportRequest = Schema.Struct({ id: Id, title: Schema.optionalKey(ReportTitle) });
export type DuplicateCirReportRequest = typeof DuplicateCirReportRequest.Type;

export const CirReportIdRequest = Schema.Struct({ id: Id });
export type CirReportIdRequest = typeof CirReportIdRequest.Type;

/** `GET /user/cir-report-history?id=&after=`: the report's events, oldest first (the templates' history shape). */
export const CirReportHistoryRequest = Schema.Struct({ id: QueryNumber, after: Schema.optionalKey(QueryNumber) });
export type CirReportHistoryRequest = typeof CirReportHistoryRequest.Type;

/**
 * Restore: without `event`, brings back a deleted report; with `event` (an id from its history),
 * makes the report what it was after that event (a new version; the history keeps everything).
 */
export const RestoreCirReportRequest = Schema.Struct({ id: Id, event: Schema.optionalKey(Id) });
export type RestoreCirReportRequest = typeof RestoreCirReportRequest.Type;

// ---------------------------------------------------------------------------------------------
// Section data: what the server computes for a source section

export const FigureUnit = Schema.Literals(["money", "count", "percent", "ratio", "seconds"]);
export type FigureUnit = typeof FigureUnit.Type;

/** One figure card: its value over the range and over the previous period of equal length. */
export const ReportFigure = Schema.Struct({
  key: Schema.String,
  label: Schema.String,
  unit: FigureUnit,
  value: Schema.NullOr(Schema.Finite),
  previous: Schema.NullOr(Schema.Finite),
  /** Which way is good: a rise of cost per result reads as bad. */
  better: Schema.Literals(["up", "down", "neutral"]),
  definition: Schema.String,
});
export type ReportFigure = typeof ReportFigure.Type;

export const ReportSeries = Schema.Struct({
  name: Schema.String,
  points: Schema.Array(Schema.Struct({ x: Schema.String, y: Schema.NullOr(Schema.Finite) })),
});
export type ReportSeries = typeof ReportSeries.Type;

export const SectionData = Schema.Union([
  Schema.Struct({ kind: Schema.Literal("figures"), figures: Schema.Array(ReportFigure) }),
  Schema.Struct({
    kind: Schema.Literal("chart"),
    chart: Schema.Literals(["line", "bar"]),
    unit: FigureUnit,
    /** What x holds: days `YYYY-MM-DD`, weeks (their Monday), months `YYYY-MM`, or category names. */
    x: Schema.Literals(["day", "week", "month", "category"]),
    series: Schema.Array(ReportSeries),
    definition: Schema.String,
  }),
]);
export type SectionData = typeof SectionData.Type;

/** A source section resolved: its days (a relative range as of today), and its data or why not. */
export const SectionResult = Schema.Union([
  Schema.Struct({
    id: SectionId,
    status: Schema.Literal("ok"),
    title: Schema.String,
    module: ReportModule,
    brand: Schema.String,
    start: Day,
    end: Day,
    previousStart: Day,
    previousEnd: Day,
    data: SectionData,
  }),
  Schema.Struct({
    id: SectionId,
    status: Schema.Literal("unavailable"),
    title: Schema.String,
    module: ReportModule,
    /** A sentence for the reader: "You do not have access to Ads & Automation." */
    reason: Schema.String,
  }),
]);
export type SectionResult = typeof SectionResult.Type;

/**
 * `POST /user/cir-section-data`: the data of source sections (text sections are left out) for the
 * reader, by the reader's own permissions and brands, with the report's range for sections that
 * follow it. Used for a saved report and for a section being added.
 */
export const CirSectionDataRequest = Schema.Struct({
  range: ReportRange,
  sections: Sections,
});
export type CirSectionDataRequest = typeof CirSectionDataRequest.Type;
export const CirSectionDataResponse = Schema.Struct({
  data: Schema.Struct({
    /** The report's range resolved, and when the figures were computed. */
    start: Day,
    end: Day,
    generatedAt: Instant,
    sections: Schema.Array(SectionResult),
  }),
});
export type CirSectionDataResponse = typeof CirSectionDataResponse.Type;

/**
 * The report as a PDF: `GET /user/cir-report-pdf?id=` (permission 2, readers of the report),
 * `application/pdf`, made on the server (server/reports/pdf.ts). Not in the `Api` table: its
 * answer is a file, not JSON.
 */
export const CIR_REPORT_PDF_PATH = "/user/cir-report-pdf";
