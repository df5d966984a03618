/**
 * The figures' request of /ads: the view's scope (brand, range, channel, ad accounts) narrowed by
 * the page's chart clicks (`machines/pageFilter`, page key "ads"). Pure.
 *
 * - A channel click (spend by channel) narrows to that channel; several are alternatives. With a
 *   channel chosen in the top bar the result is the intersection; an empty one matches nothing
 *   (`null`: the page then asks nothing and shows no ads).
 * - An objective click (spend by objective) narrows every figure to the campaigns of that
 *   objective. The call takes one objective: the page keeps one objective click at a time (a new
 *   one replaces the old), and the latest one applies.
 */
import type { ChartClick } from "../../../domain/commerceFilter";
import { AD_OBJECTIVES, OBJECTIVE_LABELS, type AdChannel, type AdObjective, type AdsFigures, type AdsFiguresRequest } from "../../../domain/adsContract";
import { CHANNEL_VALUES, type ChannelFilter } from "../../../domain/metrics";
import type { AdsScope } from "../../../machines/ads/adsMachine";
import type { ClickValue } from "@/components/charts/chartCard";

export const CHANNEL_LABELS: Readonly<Record<AdChannel, string>> = { facebook: "Facebook", tiktok: "TikTok" };

export const channelClick = (channel: AdChannel): ClickValue => ({ field: "adChannels", value: channel, label: CHANNEL_LABELS[channel] });
export const objectiveClick = (objective: AdObjective): ClickValue => ({ field: "objectives", value: objective, label: OBJECTIVE_LABELS[objective] });

const isObjective = (v: string): v is AdObjective => (AD_OBJECTIVES as readonly string[]).includes(v);

/** The channel filter of the view's channel and the clicked channels; null when they exclude each other. */
export function channelOf(view: ChannelFilter, clicks: readonly ChartClick[]): ChannelFilter | null {
  const clicked = new Set(clicks.filter((c) => c.field === "adChannels").map((c) => c.value));
  const allowed = clicked.size === 0 ? CHANNEL_VALUES[view] : CHANNEL_VALUES[view].filter((c) => clicked.has(c));
  if (allowed.length === 0) return null;
  if (allowed.length === 2) return "All Channel";
  return allowed[0] === "facebook" ? "Facebook" : "TikTok";
}

/** The request of the figures (no table choices), or null when nothing can match. */
export function adsRequestOf(scope: AdsScope, clicks: readonly ChartClick[]): AdsFiguresRequest | null {
  const channel = channelOf(scope.channel, clicks);
  if (channel === null) return null;
  const objective = clicks.filter((c) => c.field === "objectives" && isObjective(c.value)).at(-1)?.value as AdObjective | undefined;
  return {
    brand: scope.brand,
    start: scope.start,
    end: scope.end,
    channel,
    ...(scope.accounts.length > 0 ? { accounts: [...scope.accounts] } : {}),
    ...(objective !== undefined ? { objective } : {}),
  };
}

const ZERO = {
  spend: 0, impressions: 0, reach: 0, clicks: 0, videoViews: 0, results: 0, purchaseValue: null,
  ctr: null, cpm: null, cpc: null, frequency: null, costPerResult: null, roas: null,
} as const;

/** The figures of a filter that matches nothing: every sum 0, every ratio without a value. */
export function noAdsFigures(): AdsFigures {
  return {
    totals: ZERO,
    previous: ZERO,
    unit: "day",
    series: [],
    byChannel: [],
    byObjective: [],
    table: { level: "campaign", campaign: null, adSet: null, rows: [], total: 0, page: 1, pageSize: 20, sort: "spend", order: "desc" },
    campaigns: [],
  };
}

/** True when the figures have nothing to show: no spend, impression, click or result in the range. */
export const hasNoAds = (f: AdsFigures): boolean => f.totals.spend === 0 && f.totals.impressions === 0 && f.totals.clicks === 0 && f.totals.results === 0;
