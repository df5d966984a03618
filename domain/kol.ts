/**
 * KOL Campaign (issue 16): the pure formulas shared by the server and the `/campaign` page.
 * Definitions in words: docs/kol.md. Shapes: domain/kolContract.ts.
 *
 * - Money is summed in whole **satang** (integers never drift); `kolFigures` answers baht.
 * - A ratio over a set of posts is the **ratio of the sums**, never a mean of per-post ratios.
 * - A ratio with a zero denominator is `null` (the UI shows "—"), never 0 or Infinity.
 * - A cancelled booking costs nothing and its posts are not counted: the callers leave them out
 *   of the sums (`countsBooking`).
 */
import {
  EMV_ACTIONS, KOL_CAMPAIGN_STATUSES, KOL_BOOKING_STATUSES, KOL_OBJECTIVES, KOL_PLATFORMS, KOL_TIER_FLOORS, MAX_KOL_CATEGORIES, MAX_KOL_NAME,
  VIDEO_PLATFORMS,
  type EmvValues, type KolBookingDraft, type KolBookingStatus, type KolCampaignDraft, type KolDraft, type KolFigures, type KolPlatform, type KolTier,
} from "./kolContract";
import { isDay } from "./calendarDays";

/** The tier of a follower count: nano < 10,000 ≤ micro < 100,000 ≤ macro < 1,000,000 ≤ mega; null when not known. */
export function kolTier(followers: number | null | undefined): KolTier | null {
  if (followers === null || followers === undefined || !Number.isFinite(followers) || followers < 0) return null;
  if (followers >= KOL_TIER_FLOORS.mega) return "mega";
  if (followers >= KOL_TIER_FLOORS.macro) return "macro";
  if (followers >= KOL_TIER_FLOORS.micro) return "micro";
  return "nano";
}

/** Whether engagement rate is measured on views (TikTok, YouTube) rather than reach (the others). */
export const isVideoPlatform = (platform: KolPlatform): boolean => VIDEO_PLATFORMS.includes(platform);

/** The engagement rate's denominator of a post: its views on a video platform, its reach otherwise. */
export const engagementBaseOf = (platform: KolPlatform, views: number, reach: number): number => (isVideoPlatform(platform) ? views : reach);

/** A booking's fee and posts count unless it is cancelled. */
export const countsBooking = (status: KolBookingStatus): boolean => status !== "cancelled";

/** Baht (at most 2 decimals) → whole satang. */
export const satangOfBaht = (baht: number): number => Math.round(baht * 100);
/** Whole satang → baht. */
export const bahtOfSatang = (satang: number): number => satang / 100;

/** The counts of one post or of a set of posts, and the money of their bookings: what every figure is made from. */
export interface KolSums {
  /** Fees of the bookings counted (not cancelled), satang. */
  readonly costSatang: number;
  readonly posts: number;
  /** KOLs of the set (not additive: the caller counts distinct KOLs). */
  readonly kols: number;
  readonly reach: number;
  readonly views: number;
  readonly likes: number;
  readonly comments: number;
  readonly shares: number;
  readonly saves: number;
  /** Null while no post of the set gave clicks. */
  readonly clicks: number | null;
  /** Views of the video platforms' posts + reach of the others'. */
  readonly engagementBase: number;
  /** Tracked sales, satang; null while no post of the set has tracked sales. */
  readonly salesSatang: number | null;
  /** Fees of the bookings with at least one post with tracked sales (ROI's cost), satang. */
  readonly trackedCostSatang: number;
}

export const ZERO_KOL_SUMS: KolSums = {
  costSatang: 0, posts: 0, kols: 0, reach: 0, views: 0, likes: 0, comments: 0, shares: 0, saves: 0, clicks: null, engagementBase: 0,
  salesSatang: null, trackedCostSatang: 0,
};

const addNullable = (a: number | null, b: number | null): number | null => (a === null ? b : b === null ? a : a + b);

/** The sum of two sums; `kols` is added too (right for disjoint sets of KOLs only: callers count distinct KOLs themselves). */
export function addKolSums(a: KolSums, b: KolSums): KolSums {
  return {
    costSatang: a.costSatang + b.costSatang, posts: a.posts + b.posts, kols: a.kols + b.kols, reach: a.reach + b.reach, views: a.views + b.views,
    likes: a.likes + b.likes, comments: a.comments + b.comments, shares: a.shares + b.shares, saves: a.saves + b.saves,
    clicks: addNullable(a.clicks, b.clicks), engagementBase: a.engagementBase + b.engagementBase, salesSatang: addNullable(a.salesSatang, b.salesSatang),
    trackedCostSatang: a.trackedCostSatang + b.trackedCostSatang,
  };
}

/** One post as sums (no cost, no KOL: the booking adds those). */
export interface KolPostCounts {
  readonly platform: KolPlatform;
  readonly views: number;
  readonly reach: number;
  readonly likes: number;
  readonly comments: number;
  readonly shares: number;
  readonly saves: number;
  readonly clicks: number | null;
  readonly salesSatang: number | null;
}

export function postSums(p: KolPostCounts): KolSums {
  return {
    ...ZERO_KOL_SUMS, posts: 1, reach: p.reach, views: p.views, likes: p.likes, comments: p.comments, shares: p.shares, saves: p.saves,
    clicks: p.clicks, engagementBase: engagementBaseOf(p.platform, p.views, p.reach), salesSatang: p.salesSatang,
  };
}

/** Engagements: likes + comments + shares + saves. */
export const engagementsOf = (s: Pick<KolSums, "likes" | "comments" | "shares" | "saves">): number => s.likes + s.comments + s.shares + s.saves;

/** Earned media value, baht: Σ count of each action × the brand's value of that action (clicks not given count 0). */
export function emvOf(s: Pick<KolSums, "views" | "likes" | "comments" | "shares" | "saves" | "clicks">, values: EmvValues): number {
  // In satang per action, so that the sum of whole counts × whole satang stays exact.
  let satang = 0;
  for (const action of EMV_ACTIONS) satang += (s[action] ?? 0) * satangOfBaht(values[action]);
  return bahtOfSatang(satang);
}

const ratio = (numerator: number, denominator: number): number | null => (denominator === 0 ? null : numerator / denominator);

/** The figures of a sum: money in baht, every ratio a ratio of the sums (null on a zero denominator). */
export function kolFigures(s: KolSums, values: EmvValues): KolFigures {
  const cost = bahtOfSatang(s.costSatang);
  const engagements = engagementsOf(s);
  const emv = emvOf(s, values);
  return {
    cost, posts: s.posts, kols: s.kols, reach: s.reach, views: s.views, likes: s.likes, comments: s.comments, shares: s.shares, saves: s.saves,
    clicks: s.clicks, engagements, engagementBase: s.engagementBase,
    engagementRate: ratio(engagements, s.engagementBase),
    cpv: ratio(cost, s.views),
    cpe: ratio(cost, engagements),
    cpm: s.reach === 0 ? null : (cost / s.reach) * 1000,
    sales: s.salesSatang === null ? null : bahtOfSatang(s.salesSatang),
    roi: s.salesSatang === null || s.trackedCostSatang === 0 ? null : (s.salesSatang - s.trackedCostSatang) / s.trackedCostSatang,
    emv,
    emvPerBaht: ratio(emv, cost),
  };
}

// ---------------------------------------------------------------------------------------------
// Problems of the drafts: field → message (the dialogs show each under its field; the server
// answers the first with 400 naming its field). Unknown values are taken: a request body is
// checked with them too.

export type Problems<D> = Partial<Record<keyof D & string, string>>;
type Loose<D> = { readonly [K in keyof D]?: unknown };

const isMoney = (v: unknown): v is number =>
  typeof v === "number" && Number.isFinite(v) && v >= 0 && v <= 1_000_000_000 && Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

function nameProblem(v: unknown, what: string): string | undefined {
  const name = typeof v === "string" ? v.trim() : "";
  if (name === "") return `Please fill the ${what}.`;
  if (name.length > MAX_KOL_NAME) return `The ${what} may hold at most ${MAX_KOL_NAME} characters.`;
  return undefined;
}

/** The problems of a campaign as written: name, objective, budget ≥ 0, start and end dates, end not before start, status. */
export function campaignProblems(c: Loose<KolCampaignDraft>): Problems<KolCampaignDraft> {
  const p: Problems<KolCampaignDraft> = {};
  const name = nameProblem(c.name, "campaign name");
  if (name) p.name = name;
  if (!(KOL_OBJECTIVES as readonly unknown[]).includes(c.objective)) p.objective = "Choose an objective.";
  if (!isMoney(c.budget)) p.budget = "The budget must be an amount of ฿0 or more, with at most 2 decimals.";
  const startOk = typeof c.start === "string" && isDay(c.start);
  const endOk = typeof c.end === "string" && isDay(c.end);
  if (!startOk) p.start = "Choose the start date.";
  if (!endOk) p.end = "Choose the end date.";
  else if (startOk && (c.end as string) < (c.start as string)) p.end = "The end date must not be before the start date.";
  if (!(KOL_CAMPAIGN_STATUSES as readonly unknown[]).includes(c.status)) p.status = "Choose a status.";
  return p;
}

/** A handle as stored: trimmed, without a leading "@". */
export const cleanHandle = (handle: string): string => handle.trim().replace(/^@+/, "");

/** The problems of a KOL as written: name, handle without spaces, platform, followers a whole number ≥ 0 (or unknown), categories. */
export function kolProblems(k: Loose<KolDraft>): Problems<KolDraft> {
  const p: Problems<KolDraft> = {};
  const name = nameProblem(k.name, "KOL's name");
  if (name) p.name = name;
  if (typeof k.handle !== "string") p.handle = "The handle must be text.";
  else {
    const handle = cleanHandle(k.handle);
    if (/\s/.test(handle)) p.handle = "The handle must not contain spaces.";
    else if (handle.length > 100) p.handle = "The handle may hold at most 100 characters.";
    else if (handle.includes("@")) p.handle = "Write the handle once, without a second \"@\".";
  }
  if (!(KOL_PLATFORMS as readonly unknown[]).includes(k.platform)) p.platform = "Choose a platform.";
  if (k.followers !== null && k.followers !== undefined) {
    if (typeof k.followers !== "number" || !Number.isInteger(k.followers) || k.followers < 0) p.followers = "Followers must be a whole number of 0 or more, or left empty.";
    else if (k.followers > 1_000_000_000) p.followers = "Followers may be at most 1,000,000,000.";
  }
  if (!Array.isArray(k.categories)) p.categories = "Categories must be a list.";
  else if (k.categories.length > MAX_KOL_CATEGORIES) p.categories = `A KOL may have at most ${MAX_KOL_CATEGORIES} categories.`;
  else if (k.categories.some((c) => typeof c !== "string" || c.trim() === "" || c.length > 60)) p.categories = "Each category must be 1 to 60 characters.";
  return p;
}

/** The problems of a booking as written: a KOL chosen, deliverables, fee ≥ 0, status. */
export function bookingProblems(b: Loose<KolBookingDraft>): Problems<KolBookingDraft> {
  const p: Problems<KolBookingDraft> = {};
  if (typeof b.kolId !== "number" || !Number.isInteger(b.kolId) || b.kolId < 1) p.kolId = "Choose a KOL.";
  if (typeof b.deliverables !== "string") p.deliverables = "The deliverables must be text.";
  else if (b.deliverables.length > 500) p.deliverables = "The deliverables may hold at most 500 characters.";
  if (!isMoney(b.fee)) p.fee = "The fee must be an amount of ฿0 or more, with at most 2 decimals.";
  if (!(KOL_BOOKING_STATUSES as readonly unknown[]).includes(b.status)) p.status = "Choose a status.";
  return p;
}

/** The problems of the EMV values as written: each an amount of ฿0 or more with at most 2 decimals. */
export function emvProblems(v: Loose<EmvValues>): Problems<EmvValues> {
  const p: Problems<EmvValues> = {};
  for (const action of EMV_ACTIONS) if (!isMoney(v[action])) p[action] = "The value must be an amount of ฿0 or more, with at most 2 decimals.";
  return p;
}

/** The first problem of a draft, for a 400 naming its field (`prefix.field`), or null. */
export function firstProblem<D>(problems: Problems<D>, prefix: string): { field: string; message: string } | null {
  const entry = Object.entries(problems).find(([, m]) => typeof m === "string") as [string, string] | undefined;
  return entry ? { field: `${prefix}.${entry[0]}`, message: entry[1] } : null;
}
