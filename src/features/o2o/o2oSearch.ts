/**
 * The /o2o page's part of the URL: `tab` (one of `O2O_TABS`), `from` and `to` (its own range,
 * YYYY-MM-DD) and `campaign` (an id). A value the page cannot use falls back to its default:
 * the first tab, the default range (last 3 months to today, spec §9), the first campaign.
 */
import type { O2oSearch } from "../../../domain/routeSearch";
import { DEFAULT_O2O_TAB, O2oTabIds, type O2oTabId } from "../../../domain/o2o";
import { dayNumber, isDay } from "../../../domain/calendarDays";
import type { O2oRange } from "../../../machines/o2o/o2oTabs";

/** Longest range the page asks for: one call carries at most 366 days. */
export const MAX_RANGE_DAYS = 366;

/** The /o2o route's own params (declared by the route: `domain/routeSearch.ts`). */
export type { O2oSearch };

export interface ResolvedO2oSearch {
  readonly tab: O2oTabId;
  /** null when the URL has no usable range: the page then uses the default one. */
  readonly range: O2oRange | null;
  readonly campaignId: number | null;
}

export function isTabId(value: unknown): value is O2oTabId {
  return typeof value === "string" && (O2oTabIds as readonly string[]).includes(value);
}

/** Days in a range, both ends included. */
export function daysIn(range: O2oRange): number {
  return dayNumber(range.end) - dayNumber(range.start) + 1;
}

/**
 * Why the page cannot show `range`, in a sentence for the person who typed it; null when it can:
 * two real days, the end not before the start nor after today, at most 366 days.
 */
export function rangeProblem(range: { start: string; end: string }, today: string): string | null {
  if (range.start === "" || range.end === "") return "Enter both dates.";
  if (!isDay(range.start) || !isDay(range.end)) return "Enter the dates as YYYY-MM-DD.";
  if (range.end < range.start) return "The end date must not be before the start date.";
  if (range.end > today) return `The end date must not be after today (${today}).`;
  if (daysIn(range) > MAX_RANGE_DAYS) return `The range must be at most ${MAX_RANGE_DAYS} days.`;
  return null;
}

/** The page's state as the URL asks for it; anything unusable is left to the defaults. */
export function resolveO2oSearch(search: O2oSearch, today: string): ResolvedO2oSearch {
  const range = search.from !== undefined && search.to !== undefined ? { start: search.from, end: search.to } : null;
  const campaign = search.campaign;
  return {
    tab: isTabId(search.tab) ? search.tab : DEFAULT_O2O_TAB,
    range: range !== null && rangeProblem(range, today) === null ? range : null,
    campaignId: typeof campaign === "number" && Number.isInteger(campaign) && campaign >= 1 ? campaign : null,
  };
}

/** The search params that show `tab`, `range` and `campaignId` (the range and campaign only when known). */
export function o2oSearchOf(tab: O2oTabId, range: O2oRange | null, campaignId: number | null): O2oSearch {
  return {
    tab,
    ...(range === null ? {} : { from: range.start, to: range.end }),
    ...(campaignId === null ? {} : { campaign: campaignId }),
  };
}
