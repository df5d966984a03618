/**
 * CIR reports (issue 17), the pure rules: a report's or a section's range resolved to Bangkok
 * calendar days for a given today, the previous period of equal length, the granularity of a
 * chart's points, and the checks of a report's sections the schemas cannot make (a fixed range
 * ending before it starts). Shapes in cirContract.ts; words in docs/cir.md.
 */
import { addDays, dayNumber, daysInMonth } from "./calendarDays";
import type { RelativeRange, ReportRange, SectionRange } from "./cirContract";
import { previousPeriod, type DaySpan } from "./periodChange";

/** Days of a resolved range and of the period of equal length just before it (YYYY-MM-DD, both included). */
export interface ResolvedRange extends DaySpan {
  readonly days: number;
  readonly previousStart: string;
  readonly previousEnd: string;
}

const pad = (n: number) => String(n).padStart(2, "0");
const firstOf = (year: number, month: number) => `${year}-${pad(month)}-01`;
const lastOf = (year: number, month: number) => `${year}-${pad(month)}-${pad(daysInMonth(year, month))}`;

/**
 * The days of a relative range as of `today` (a Bangkok day): `last7`/`last30` end yesterday;
 * `lastMonth`/`lastQuarter` are the whole calendar month/quarter before today's; `thisMonth` and
 * `yearToDate` run from their first day to yesterday, or are today alone on their first day.
 *
 * @throws RangeError when `today` is not an existing day
 */
export function relativeDays(preset: RelativeRange, today: string): DaySpan {
  dayNumber(today);
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const yesterday = addDays(today, -1);
  switch (preset) {
    case "last7":
      return { start: addDays(today, -7), end: yesterday };
    case "last30":
      return { start: addDays(today, -30), end: yesterday };
    case "lastMonth": {
      const [y, m] = month === 1 ? [year - 1, 12] : [year, month - 1];
      return { start: firstOf(y, m), end: lastOf(y, m) };
    }
    case "thisMonth": {
      const start = firstOf(year, month);
      return { start, end: start === today ? today : yesterday };
    }
    case "lastQuarter": {
      const q = Math.floor((month - 1) / 3); // 0..3, today's quarter
      const [y, first] = q === 0 ? [year - 1, 10] : [year, (q - 1) * 3 + 1];
      return { start: firstOf(y, first), end: lastOf(y, first + 2) };
    }
    case "yearToDate": {
      const start = `${year}-01-01`;
      return { start, end: start === today ? today : yesterday };
    }
  }
}

const withPrevious = (span: DaySpan): ResolvedRange => {
  const prev = previousPeriod(span);
  return { start: span.start, end: span.end, days: prev.days, previousStart: prev.start, previousEnd: prev.end };
};

/**
 * A report's range as days for `today`, with its previous period.
 *
 * @throws RangeError when a fixed range ends before it starts (see {@link firstCirProblem})
 */
export function resolveReportRange(range: ReportRange, today: string): ResolvedRange {
  return withPrevious(range.kind === "fixed" ? { start: range.start, end: range.end } : relativeDays(range.preset, today));
}

/** A section's range: its own (fixed or relative, for `today`), or the report's when it follows the report. */
export function resolveSectionRange(range: SectionRange, report: ReportRange, today: string): ResolvedRange {
  return range.kind === "report" ? resolveReportRange(report, today) : resolveReportRange(range, today);
}

/** How a chart of a range of `days` days groups its points: days up to 62, weeks (Monday) up to 366, months above. */
export type ChartStep = "day" | "week" | "month";
export const CHART_DAY_MAX_DAYS = 62;
export const CHART_WEEK_MAX_DAYS = 366;
export function chartStep(days: number): ChartStep {
  return days <= CHART_DAY_MAX_DAYS ? "day" : days <= CHART_WEEK_MAX_DAYS ? "week" : "month";
}

/**
 * The point a day belongs to for a step: the day itself, its week's Monday (clipped to `start`,
 * the range's first day, like the module pages' series), or its month `YYYY-MM`.
 */
export function chartPoint(day: string, step: ChartStep, start: string): string {
  if (step === "day") return day;
  if (step === "month") return day.slice(0, 7);
  const weekday = (dayNumber(day) + 3) % 7; // 1970-01-01 was a Thursday: 0 = Monday
  const monday = addDays(day, -weekday);
  return monday < start ? start : monday;
}

/** Every point of a range in order (empty ones included), for a step. */
export function chartPoints(start: string, end: string, step: ChartStep): string[] {
  const out: string[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) {
    const p = chartPoint(d, step, start);
    if (out.at(-1) !== p) out.push(p);
  }
  return out;
}

/** What a report holds that the schemas cannot check alone. */
interface Checked {
  readonly range?: ReportRange;
  readonly sections?: ReadonlyArray<{ readonly type: string; readonly view?: { readonly range: SectionRange } }>;
}

/**
 * The first problem of a report's range and sections the schemas leave: a fixed range whose end
 * is before its start. Null when none; else the field (as the request names it) and a sentence.
 */
export function firstCirProblem(r: Checked): { field: string; message: string } | null {
  const endBeforeStart = (x: SectionRange | ReportRange) => x.kind === "fixed" && x.end < x.start;
  if (r.range && endBeforeStart(r.range)) return { field: "range.end", message: "must not be before range.start" };
  for (const [i, s] of (r.sections ?? []).entries()) {
    if (s.view && endBeforeStart(s.view.range)) return { field: `sections[${i}].view.range.end`, message: "must not be before the section's start" };
  }
  return null;
}
