/**
 * The demo's daily figures as pure functions of (page or account id, day): the metrics of every
 * page (MA) and account (ADS), and the seeded randomness and calendar effects the other demo
 * series (posts, audience) share, so that they move together.
 */
import type { MetricKey } from "../../domain/metrics";

// Demo metrics: daily figures for every page (MA) and every account (ADS) from 2023-01-01 to the
// seeding day. Each value is a pure function of (page or account id, metric, day), from a seeded
// hash rather than Math.random, so the same day always gets the same figure: a later top-up
// (extendDemoMetrics) continues the series exactly as a seeding on that later day would have.

export const DEMO_METRICS_START = "2023-01-01";

/** The MA figures of a page (organic page insights have no leads or conversions). */
export const DEMO_MA_METRICS = ["click", "engagement", "follower", "impression", "inbox", "page_like", "reach", "view"] as const satisfies readonly MetricKey[];
/** The ADS figures of an account. */
export const DEMO_ADS_METRICS = ["click", "conversion", "engagement", "impression", "inbox", "leadgen", "reach", "spend", "view"] as const satisfies readonly MetricKey[];

export type Channel = "facebook" | "tiktok";

/** 32-bit FNV-1a of a string. */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A strong 32-bit integer mix (lowbias32). */
function mix32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

/** Uniform in [0, 1) for (entity seed, day, salt). */
export const uniform = (seed: number, day: number, salt: number) => mix32(seed ^ mix32(Math.imul(day + 1, 0x9e3779b1) ^ mix32(salt + 0x632be5ab))) / 4294967296;
/** Roughly standard normal (Irwin–Hall of four uniforms). */
export const normal = (seed: number, day: number, salt: number) =>
  (uniform(seed, day, salt) + uniform(seed, day, salt + 101) + uniform(seed, day, salt + 202) + uniform(seed, day, salt + 303) - 2) * Math.sqrt(3);

export interface CalendarDay { readonly index: number; readonly dow: number; readonly dom: number; readonly month: number; readonly lastDom: number }

export function calendarDay(index: number): CalendarDay {
  const d = new Date(Date.UTC(2023, 0, 1) + index * 86_400_000);
  const month = d.getUTCMonth() + 1;
  return { index, dow: d.getUTCDay(), dom: d.getUTCDate(), month, lastDom: new Date(Date.UTC(d.getUTCFullYear(), month, 0)).getUTCDate() };
}

/**
 * Calendar effects: social activity (reach, views…) and buying (inbox, conversions, spend).
 * Paydays (25th to month end), the double-day sales 9.9, 10.10, 11.11 and 12.12 with their eves,
 * and Songkran (13–15 April, when people post and watch more and buy less).
 */
export function calendarEffects(c: CalendarDay, channel: Channel): { social: number; buying: number } {
  let social = 1;
  let buying = 1;
  if (c.dom >= 25) {
    social *= 1.06;
    buying *= 1.3;
  } else if (c.dom === 1) {
    buying *= 1.1;
  }
  const double = c.month >= 9 && c.dom === c.month ? (c.month === 11 ? 2.1 : c.month === 12 ? 1.8 : 1.35) : 1;
  const eve = (c.month === 11 && c.dom === 10) || (c.month === 12 && c.dom === 11) ? 1.3 : 1;
  social *= 1 + (double * eve - 1) * 0.6;
  buying *= double * eve;
  if (c.month === 4 && c.dom >= 13 && c.dom <= 15) {
    social *= channel === "tiktok" ? 1.55 : 1.35;
    buying *= 0.8;
  } else if (c.month === 4 && (c.dom === 12 || c.dom === 16)) {
    social *= 1.12;
  }
  return { social, buying };
}

const FB_WEEK = [1.1, 0.93, 0.96, 0.97, 0.98, 1.02, 1.12];
const TT_WEEK = [1.22, 0.92, 0.93, 0.95, 0.97, 1.06, 1.25];
const ADS_WEEK = [0.9, 1.02, 1.03, 1.03, 1.02, 1.0, 0.92];

const whole = (x: number) => Math.max(0, Math.round(x));

/** One page's organic figures for one day. */
export function demoMaValues(pageId: string, channel: Channel, dayIndex: number): Record<(typeof DEMO_MA_METRICS)[number], number> {
  const seed = fnv1a(pageId);
  const c = calendarDay(dayIndex);
  const size = 0.45 + 1.6 * uniform(seed, -1, 1);
  const years = dayIndex / 365.25;
  const growth = (channel === "tiktok" ? 1.45 : 1.2) ** years;
  const season = 1 + 0.07 * Math.sin((2 * Math.PI * (dayIndex - 80)) / 365.25);
  const week = (channel === "tiktok" ? TT_WEEK : FB_WEEK)[c.dow]!;
  const { social, buying } = calendarEffects(c, channel);
  // Now and then a post takes off.
  const viral = uniform(seed, dayIndex, 7) < 1 / 75 ? 1.8 + 2.4 * uniform(seed, dayIndex, 8) : 1;
  const activity = growth * season * week * social * Math.exp(0.12 * normal(seed, dayIndex, 11));
  const jitter = (salt: number, sd = 0.08) => Math.exp(sd * normal(seed, dayIndex, salt));
  if (channel === "tiktok") {
    const views = 42_000 * size * activity * viral;
    const reach = views * 0.52 * jitter(21);
    return {
      view: whole(views),
      reach: whole(reach),
      impression: whole(views * 1.18 * jitter(22, 0.04)),
      engagement: whole(views * 0.064 * jitter(23)),
      page_like: whole(views * 0.047 * jitter(24)),
      follower: whole(views * 0.0027 * jitter(25, 0.2)),
      click: whole(views * 0.0034 * jitter(26, 0.15)),
      inbox: whole(views * 0.00032 * buying * jitter(27, 0.25)),
    };
  }
  const reach = 9_000 * size * activity * Math.sqrt(viral);
  return {
    reach: whole(reach),
    impression: whole(reach * 1.46 * jitter(22, 0.04)),
    engagement: whole(reach * 0.034 * viral ** 0.5 * jitter(23)),
    view: whole(reach * 0.58 * jitter(24)),
    click: whole(reach * 0.011 * jitter(26, 0.15)),
    follower: whole(reach * 0.0031 * jitter(25, 0.2)),
    page_like: whole(reach * 0.0024 * jitter(28, 0.2)),
    inbox: whole(reach * 0.0016 * buying * jitter(27, 0.25)),
  };
}

/** One account's paid figures for one day; spend in THB with satang. */
export function demoAdsValues(bagId: string, channel: Channel, dayIndex: number): Record<(typeof DEMO_ADS_METRICS)[number], number> {
  const seed = fnv1a(bagId);
  const c = calendarDay(dayIndex);
  const size = 0.6 + 1.2 * uniform(seed, -1, 1);
  const years = dayIndex / 365.25;
  const { buying } = calendarEffects(c, channel);
  const q4 = c.month >= 10 ? 1.15 : 1;
  const spend = (channel === "tiktok" ? 4_200 : 5_500) * size * 1.18 ** years * ADS_WEEK[c.dow]! * q4
    * Math.min(buying, 2.4) ** 0.8 * Math.exp(0.09 * normal(seed, dayIndex, 31));
  // Auctions get dearer in Q4 and on the sale days.
  const cpm = (channel === "tiktok" ? 52 : 86) * q4 * (buying > 1.5 ? 1.3 : 1) * Math.exp(0.1 * normal(seed, dayIndex, 32));
  const impressions = (spend / cpm) * 1000;
  const clicks = impressions * (channel === "tiktok" ? 0.0092 : 0.0128) * Math.exp(0.12 * normal(seed, dayIndex, 33));
  const jitter = (salt: number, sd = 0.15) => Math.exp(sd * normal(seed, dayIndex, salt));
  return {
    spend: Math.round(spend * 100) / 100,
    impression: whole(impressions),
    reach: whole(impressions / (1.6 + 0.5 * uniform(seed, dayIndex, 34))),
    click: whole(clicks),
    view: whole(impressions * (channel === "tiktok" ? 0.62 : 0.24) * jitter(35, 0.06)),
    engagement: whole(impressions * (channel === "tiktok" ? 0.05 : 0.032) * jitter(36, 0.1)),
    inbox: whole(clicks * (channel === "tiktok" ? 0.01 : 0.085) * Math.min(buying, 2) * jitter(37)),
    leadgen: whole(clicks * (channel === "tiktok" ? 0.012 : 0.028) * jitter(38, 0.25)),
    conversion: whole(clicks * (channel === "tiktok" ? 0.016 : 0.021) * buying * jitter(39, 0.25)),
  };
}
