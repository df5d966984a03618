/**
 * The start page's lines from the other modules (issue 14): under the social overview of
 * `/brandEx`, one line each for Ads & Automation (spend, ROAS), E-Commerce (GMV, NMV) and o2o
 * (shows, views), each figure with the same figure over the previous period of equal length, and
 * only for a user whom the side menu lets open that module. Definitions: docs/figures.md
 * ("Brand Experience: the lines of the other modules"). Pure: no I/O, no luxon of its own.
 */
import type { CommerceFigures } from "./commerce";
import { daysInclusive, dayNumber } from "./calendarDays";
import type { PermissionCode } from "./entities";
import { actualOf } from "./kpiProgress";
import type { MetricsSummary } from "./metrics";
import { BANGKOK_OFFSET_SECONDS, DAY_SECONDS, O2O_MAX_CAMPAIGNS, O2O_MAX_RANGES } from "./o2oConstants";
import { sideMenuEntries } from "./permissions";

/** The modules with a line on the start page, in the order shown. */
export const MODULE_LINE_IDS = ["ads", "ecommerce", "o2o"] as const;
export type ModuleLineId = (typeof MODULE_LINE_IDS)[number];

/** The route each line links to (and whose side-menu entry decides whether the line shows). */
export const MODULE_LINE_PATHS: Readonly<Record<ModuleLineId, "/ads" | "/e-commerce" | "/o2o">> = {
  ads: "/ads",
  ecommerce: "/e-commerce",
  o2o: "/o2o",
};

/** The figures of the lines. */
export type LineFigureKey = "spend" | "roas" | "gmv" | "nmv" | "shows" | "views";

/** One figure of a line: its value over the range and over the previous period of equal length. */
export interface LineFigure {
  readonly key: LineFigureKey;
  /** null = not known; `missing` says why. */
  readonly value: number | null;
  /** The same figure over the previous period; null = not known (the change then reads "no comparison"). */
  readonly previous: number | null;
  /** Why there is no value, in a few words shown in its place; null when there is one. */
  readonly missing: string | null;
}

/** What one line shows: its figures, why it has none, or why they could not be read. */
export type ModuleLine =
  | { readonly module: ModuleLineId; readonly kind: "ready"; readonly figures: readonly LineFigure[]; readonly note: string | null }
  /** The figures cannot be asked for (a range too long for the service, too many campaigns): not an error. */
  | { readonly module: ModuleLineId; readonly kind: "unavailable"; readonly reason: string }
  | { readonly module: ModuleLineId; readonly kind: "failed"; readonly message: string };

/**
 * The lines a user sees: those of the modules the side menu lets them open (Ads & Automation
 * with permission 5, E-Commerce with 7, o2o with at least one o2o campaign), in
 * {@link MODULE_LINE_IDS} order.
 */
export function moduleLinesFor(permissions: readonly PermissionCode[], o2oCampaigns: number): ModuleLineId[] {
  const open = new Set(sideMenuEntries(permissions, o2oCampaigns).filter((e) => e.enabled).map((e) => e.path));
  return MODULE_LINE_IDS.filter((id) => open.has(MODULE_LINE_PATHS[id]));
}

/** Why ROAS has no value: the metrics hold the ad spend but no purchase value (Ads data comes in a later issue). */
export const ROAS_MISSING = "no purchase value yet";

const known = (key: LineFigureKey, value: number | null, previous: number | null, missing: string): LineFigure =>
  ({ key, value, previous, missing: value === null ? missing : null });

/**
 * The Ads line from the metrics summary of the range and of the previous period (null when
 * that one could not be read): the Ads plan's spend (no day with a spend: no value, not 0) and
 * ROAS, which needs a purchase value no data holds yet.
 */
export function adsLineOf(current: MetricsSummary, previous: MetricsSummary | null): ModuleLine {
  const spendOf = (s: MetricsSummary | null) => (s === null ? null : actualOf(s.ads.find((m) => m.metric === "spend")));
  return {
    module: "ads",
    kind: "ready",
    figures: [
      known("spend", spendOf(current), spendOf(previous), "no spend recorded"),
      { key: "roas", value: null, previous: null, missing: ROAS_MISSING },
    ],
    note: null,
  };
}

/** The E-Commerce line from the figures call: GMV and NMV of the range and of the previous period. */
export function ecommerceLineOf(figures: Pick<CommerceFigures, "totals" | "previous">): ModuleLine {
  const { totals, previous } = figures;
  return {
    module: "ecommerce",
    kind: "ready",
    figures: [known("gmv", totals.gmv, previous.totals.gmv, "no orders"), known("nmv", totals.nmv, previous.totals.nmv, "no orders")],
    note: null,
  };
}

/** The o2o audience totals of a span: one value each, null = not measured. */
export interface O2oAudienceTotals {
  readonly shows: number | null;
  readonly views: number | null;
}

/** The o2o line from the audience totals of the range and of the previous period (null when unread). */
export function o2oLineOf(current: O2oAudienceTotals, previous: O2oAudienceTotals | null, campaigns: number): ModuleLine {
  return {
    module: "o2o",
    kind: "ready",
    figures: [
      known("shows", current.shows, previous?.shows ?? null, "not measured"),
      known("views", current.views, previous?.views ?? null, "not measured"),
    ],
    note: campaigns === 1 ? "your o2o campaign" : `your ${campaigns} o2o campaigns together`,
  };
}

/**
 * The o2o span of Bangkok days `start` … `end` (YYYY-MM-DD, both included): 00:00:00 of the
 * first to 23:59:59 of the last, in unix seconds; or why the service cannot be asked for it
 * (one span covers at most 366 days, one call names at most 100 campaigns).
 */
export function o2oSpanOf(start: string, end: string, campaigns: number): { from: number; to: number } | { problem: string } {
  if (campaigns > O2O_MAX_CAMPAIGNS) return { problem: `The o2o figures add up at most ${O2O_MAX_CAMPAIGNS} campaigns; you have ${campaigns}.` };
  if (daysInclusive(start, end) > O2O_MAX_RANGES) {
    return { problem: `The o2o figures cover at most ${O2O_MAX_RANGES} days: choose a shorter range to see them.` };
  }
  const from = dayNumber(start) * DAY_SECONDS - BANGKOK_OFFSET_SECONDS;
  const to = (dayNumber(end) + 1) * DAY_SECONDS - BANGKOK_OFFSET_SECONDS - 1;
  return { from, to };
}
