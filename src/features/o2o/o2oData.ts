/**
 * The chart-ready data of each /o2o tab: what `loadTab` resolves with and what the tab views
 * draw. Every figure is a count, seconds or a percent, or null when it was not measured (never
 * 0 for "not measured"). Day and month labels are Bangkok calendar days.
 */
import type { AgeBand, Emotion, O2oTabId, UnixRange } from "../../../domain/o2o";
import type { PreviousPeriod } from "../../../domain/periodChange";
import type { Distribution } from "../../../workers/o2oMath";

/** A measured figure, or null when it was not measured. */
export type Figure = number | null;

/** A span of Bangkok days as shown: YYYY-MM-DD, both included. */
export interface DaySpan {
  readonly start: string;
  readonly end: string;
}

/**
 * A tab's totals over the period of equal length before the range (`previousPeriod`), asked
 * with the same paths as the range's totals: what each total card's change compares with.
 */
export interface PreviousTotals<T> {
  readonly period: PreviousPeriod;
  readonly totals: T;
}

export interface VisitorsTotals {
  readonly shows: Figure;
  readonly views: Figure;
  /** views ÷ shows, in percent. */
  readonly conversion: Figure;
  /** Mean dwell seconds per show over the range. */
  readonly dwellSeconds: Figure;
  /** Mean attention seconds per view over the range. */
  readonly attentionSeconds: Figure;
}

export interface VisitorsInsightData {
  readonly tab: "vistors_insight";
  /** Nobody was measured in the range: the tab says so instead of drawing empty charts. */
  readonly empty: boolean;
  readonly totals: VisitorsTotals;
  readonly previous: PreviousTotals<VisitorsTotals>;
  readonly daily: {
    readonly days: readonly string[];
    readonly shows: readonly Figure[];
    readonly views: readonly Figure[];
    readonly conversion: readonly Figure[];
  };
  /** 168 average shows per weekday and Bangkok hour, index `day × 24 + hour`, Monday first. */
  readonly heatmap: {
    readonly averages: readonly Figure[];
    /** How many calendar days of each weekday the range had, Monday first. */
    readonly days: readonly number[];
  };
}

export interface LeadsBouncedTotals {
  readonly leads: Figure;
  readonly bounced: Figure;
}

export interface LeadsBouncedData {
  readonly tab: "leads_bounced";
  readonly empty: boolean;
  readonly totals: LeadsBouncedTotals;
  readonly previous: PreviousTotals<LeadsBouncedTotals>;
  /** Percent shares of the totals (one decimal, adding up to 100). */
  readonly shares: { readonly leads: Figure; readonly bounced: Figure };
  readonly daily: { readonly days: readonly string[]; readonly leads: readonly Figure[]; readonly bounced: readonly Figure[] };
}

export interface ContentSeries {
  readonly id: number;
  readonly name: string;
  readonly views: readonly Figure[];
}

export interface ViewsConversionData {
  readonly tab: "views_conversion";
  readonly empty: boolean;
  readonly monthly: {
    /** The months, each as its first Bangkok day ("2024-01-01"), oldest first. */
    readonly months: readonly string[];
    readonly shows: readonly Figure[];
    readonly views: readonly Figure[];
    readonly conversion: readonly Figure[];
  };
  /** Views per content per day over the graph span. */
  readonly content: { readonly span: DaySpan; readonly days: readonly string[]; readonly series: readonly ContentSeries[] };
}

export interface ViewsDemographicData {
  readonly tab: "views_demographic";
  readonly empty: boolean;
  /** The three months (or fewer) the figures cover (each its first day, "2024-01-01"), oldest first, and their span. */
  readonly months: readonly string[];
  readonly span: DaySpan;
  /** Views of men and women per month, with each month's shares. */
  readonly sex: {
    readonly men: readonly Figure[];
    readonly women: readonly Figure[];
    readonly shares: readonly { readonly men: Figure; readonly women: Figure }[];
  };
  /** Views per age band per month (`views[month][band]`), with each month's shares. */
  readonly age: { readonly bands: readonly AgeBand[]; readonly views: readonly (readonly Figure[])[]; readonly shares: readonly (readonly Figure[])[] };
  /** Views per sex and age band over the whole span, with the shares of the twelve groups. */
  readonly sexAge: {
    readonly bands: readonly AgeBand[];
    readonly men: readonly Figure[];
    readonly women: readonly Figure[];
    readonly menShares: readonly Figure[];
    readonly womenShares: readonly Figure[];
  };
  /** Views per dominant emotion over the whole span, with their shares. */
  readonly emotions: { readonly names: readonly Emotion[]; readonly views: readonly Figure[]; readonly shares: readonly Figure[] };
}

export interface ViewsDwellTimeData {
  readonly tab: "views_dwell_time";
  readonly empty: boolean;
  /** The dwell-time window: three months ending at the end of the end date's month (spec §9). */
  readonly window: DaySpan;
  readonly dwell: Distribution;
  readonly attention: Distribution;
}

export type O2oTabData = VisitorsInsightData | LeadsBouncedData | ViewsConversionData | ViewsDemographicData | ViewsDwellTimeData;
export type O2oTabDataOf<T extends O2oTabId> = Extract<O2oTabData, { tab: T }>;

/** True when `data` is the chart-ready data of `tab` (the machine keeps it as `unknown`). */
export function isTabData<T extends O2oTabId>(tab: T, data: unknown): data is O2oTabDataOf<T> {
  return typeof data === "object" && data !== null && (data as { tab?: unknown }).tab === tab;
}

const BANGKOK_OFFSET_MS = 7 * 3600 * 1000;

/** The Bangkok calendar day (YYYY-MM-DD) of a unix time. */
export function bangkokDate(unixSeconds: number): string {
  return new Date(unixSeconds * 1000 + BANGKOK_OFFSET_MS).toISOString().slice(0, 10);
}

/** The month of a unix time in Bangkok, as its first day "2024-01-01" (shown with `formatMonthShort`). */
export function bangkokMonth(unixSeconds: number): string {
  return `${bangkokDate(unixSeconds).slice(0, 7)}-01`;
}

/** The span of ranges as Bangkok days (first day of the first to last day of the last). */
export function spanOf(ranges: readonly UnixRange[]): DaySpan {
  const first = ranges[0];
  const last = ranges[ranges.length - 1];
  if (first === undefined || last === undefined) throw new RangeError("no ranges");
  return { start: bangkokDate(first.from), end: bangkokDate(last.to) };
}

/** True when at least one figure is a measured count above zero. */
export function anyPositive(figures: readonly Figure[]): boolean {
  return figures.some((f) => f !== null && f > 0);
}
