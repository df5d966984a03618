/**
 * Pure rules of the /o2o page's statechart: which campaign is shown, which date ranges are
 * accepted, and the per-tab cache (status, data, error and the key the data belongs to).
 */
import { O2O_TABS, type O2oCampaign, type O2oTabId } from "../../domain/o2o";
import { failureMessage } from "../shared/actorHelpers";
import { isDay } from "../../domain/calendarDays";

/** A span of Bangkok calendar days, both ends included (YYYY-MM-DD, start <= end). */
export interface O2oRange {
  readonly start: string;
  readonly end: string;
}

export type O2oTabStatus = "idle" | "loading" | "loaded" | "failed";

/** One tab's figures: what was asked (`key`), whether they came, and why not. */
export interface O2oTabState {
  readonly status: O2oTabStatus;
  /** The tab's chart-ready data once loaded; null otherwise. */
  readonly data: unknown;
  /** Why the load failed, fit to show to a person; null otherwise. */
  readonly error: string | null;
  /** `tabKey` of the campaign and range the load was for; null while idle. */
  readonly key: string | null;
}

export type O2oTabs = Readonly<Record<O2oTabId, O2oTabState>>;

/** Nothing asked, nothing kept. */
export const IDLE_TAB: O2oTabState = Object.freeze({ status: "idle", data: null, error: null, key: null });

/** The sentence shown when the campaigns could not be read and the error says nothing better. */
export const CAMPAIGNS_FAILED = "The campaigns could not be loaded.";
/** The sentence shown when a tab's figures could not be read and the error says nothing better. */
export const TAB_FAILED = "The figures of this tab could not be loaded.";

/** What a tab's data belongs to: the campaign and the range it was loaded for. */
export function tabKey(campaignId: number, range: O2oRange): string {
  return `${campaignId}|${range.start}|${range.end}`;
}

/** Every tab idle: nothing loaded yet, or all that was loaded is stale (the campaign or the range changed). */
export function initialTabs(): O2oTabs {
  return Object.fromEntries(O2O_TABS.map((t) => [t.id, IDLE_TAB])) as Record<O2oTabId, O2oTabState>;
}

/** `tabs` with `tab` replaced. */
export function withTab(tabs: O2oTabs, tab: O2oTabId, state: O2oTabState): O2oTabs {
  return { ...tabs, [tab]: state };
}

export const loadingTab = (key: string): O2oTabState => ({ status: "loading", data: null, error: null, key });
export const loadedTab = (key: string, data: unknown): O2oTabState => ({ status: "loaded", data, error: null, key });
export const failedTab = (key: string, error: string): O2oTabState => ({ status: "failed", data: null, error, key });

/** A load left before it finished (the user moved to another tab): that tab goes back to idle. */
export function abandoned(tabs: O2oTabs, tab: O2oTabId): O2oTabs {
  return tabs[tab].status === "loading" ? withTab(tabs, tab, IDLE_TAB) : tabs;
}

/** True when `tab` holds data loaded for `key`, so showing it needs no new load. */
export function isCached(tabs: O2oTabs, tab: O2oTabId, key: string): boolean {
  const state = tabs[tab];
  return state.status === "loaded" && state.key === key;
}

export function hasCampaign(campaigns: readonly O2oCampaign[], id: number): boolean {
  return campaigns.some((c) => c.id === id);
}

/** The campaign to show: the wanted one when the user has it, else the first; null without campaigns. */
export function pickCampaign(campaigns: readonly O2oCampaign[], wanted: number | null | undefined): number | null {
  if (wanted !== null && wanted !== undefined && hasCampaign(campaigns, wanted)) return wanted;
  return campaigns[0]?.id ?? null;
}

/** Two real days with the start not after the end (same-length YYYY-MM-DD strings order like the days). */
export function isValidRange(range: O2oRange): boolean {
  return isDay(range.start) && isDay(range.end) && range.start <= range.end;
}

export function sameRange(a: O2oRange, b: O2oRange): boolean {
  return a.start === b.start && a.end === b.end;
}

/** Why the campaigns could not be read, fit to show to a person (the error's message, else a generic sentence). */
export const campaignsFailure = (error: unknown): string => failureMessage(error, CAMPAIGNS_FAILED);
/** Why a tab's figures could not be read, fit to show to a person. */
export const tabFailure = (error: unknown): string => failureMessage(error, TAB_FAILED);
