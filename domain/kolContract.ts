/**
 * KOL Campaign (issue 16): the shapes of the KOL campaigns, KOLs, bookings and posts, and of the
 * calls the `/campaign` page reads and writes (permission 6). The server decodes requests with
 * these schemas and the page decodes answers with them. Formulas: `domain/kol.ts`; definitions in
 * words: docs/kol.md; the tracking sheet: docs/kol-import.md.
 *
 * Money in baht (numbers with at most 2 decimals on the wire), days `YYYY-MM-DD` (Bangkok),
 * times ISO 8601 with offset.
 */
import { Schema } from "effect";
import { daysInclusive, isDay } from "./calendarDays";
import { ImportRowIssue } from "./metrics";

const text = (max: number) => Schema.String.check(Schema.isMaxLength(max));
const Count = Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0));
const NonNegative = Schema.Finite.check(Schema.isGreaterThanOrEqualTo(0));
const Id = Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(1));
const Brand = text(100).check(Schema.isMinLength(1));
const Day = Schema.String.check(Schema.isMaxLength(10)).check(
  Schema.makeFilter((s: string) => isDay(s) || "must be an existing date written YYYY-MM-DD"),
);
/** Baht with at most 2 decimals, at most ฿1,000,000,000. */
const Baht = Schema.Finite.check(
  Schema.isBetween({ minimum: 0, maximum: 1_000_000_000 }),
  Schema.makeFilter((n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6 || "must have at most 2 decimals"),
);

/** Longest range one call covers: two years and a day (as the other modules). */
export const KOL_MAX_DAYS = 732;

// ---------------------------------------------------------------------------------------------
// Words of the field

/** Where a KOL posts. Video platforms measure engagement rate on views, the others on reach. */
export const KOL_PLATFORMS = ["tiktok", "facebook", "instagram", "youtube"] as const;
export const KolPlatform = Schema.Literals(KOL_PLATFORMS);
export type KolPlatform = typeof KolPlatform.Type;
export const KOL_PLATFORM_LABELS: Readonly<Record<KolPlatform, string>> = {
  tiktok: "TikTok",
  facebook: "Facebook",
  instagram: "Instagram",
  youtube: "YouTube",
};
/** Engagement rate = engagements ÷ views on these, ÷ reach on the others. */
export const VIDEO_PLATFORMS: readonly KolPlatform[] = ["tiktok", "youtube"];

/** Tier by followers: nano < 10k ≤ micro < 100k ≤ macro < 1M ≤ mega (`kolTier` in domain/kol.ts). */
export const KOL_TIERS = ["nano", "micro", "macro", "mega"] as const;
export const KolTier = Schema.Literals(KOL_TIERS);
export type KolTier = typeof KolTier.Type;
export const KOL_TIER_LABELS: Readonly<Record<KolTier, string>> = { nano: "Nano", micro: "Micro", macro: "Macro", mega: "Mega" };
/** Lower bound of followers of each tier above nano. */
export const KOL_TIER_FLOORS = { micro: 10_000, macro: 100_000, mega: 1_000_000 } as const;

export const KOL_OBJECTIVES = ["awareness", "engagement", "traffic", "sales", "launch"] as const;
export const KolObjective = Schema.Literals(KOL_OBJECTIVES);
export type KolObjective = typeof KolObjective.Type;
export const KOL_OBJECTIVE_LABELS: Readonly<Record<KolObjective, string>> = {
  awareness: "Awareness",
  engagement: "Engagement",
  traffic: "Traffic",
  sales: "Sales",
  launch: "Product launch",
};

export const KOL_CAMPAIGN_STATUSES = ["planned", "active", "completed", "cancelled"] as const;
export const KolCampaignStatus = Schema.Literals(KOL_CAMPAIGN_STATUSES);
export type KolCampaignStatus = typeof KolCampaignStatus.Type;
export const KOL_CAMPAIGN_STATUS_LABELS: Readonly<Record<KolCampaignStatus, string>> = {
  planned: "Planned",
  active: "Active",
  completed: "Completed",
  cancelled: "Cancelled",
};

/** A cancelled booking costs nothing and its posts are not counted. */
export const KOL_BOOKING_STATUSES = ["proposed", "confirmed", "delivered", "cancelled"] as const;
export const KolBookingStatus = Schema.Literals(KOL_BOOKING_STATUSES);
export type KolBookingStatus = typeof KolBookingStatus.Type;
export const KOL_BOOKING_STATUS_LABELS: Readonly<Record<KolBookingStatus, string>> = {
  proposed: "Proposed",
  confirmed: "Confirmed",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

/** The actions earned media value counts, each at a value in baht per action set per brand. */
export const EMV_ACTIONS = ["views", "likes", "comments", "shares", "saves", "clicks"] as const;
export type EmvAction = (typeof EMV_ACTIONS)[number];
export const EmvValues = Schema.Struct({
  views: Baht,
  likes: Baht,
  comments: Baht,
  shares: Baht,
  saves: Baht,
  clicks: Baht,
});
export type EmvValues = typeof EmvValues.Type;
/** A brand's values until it sets its own (docs/kol.md says where they come from). */
export const DEFAULT_EMV_VALUES: EmvValues = { views: 0.1, likes: 1, comments: 5, shares: 8, saves: 5, clicks: 3 };

export const MAX_KOL_NAME = 120;
export const MAX_KOL_CATEGORIES = 10;

// ---------------------------------------------------------------------------------------------
// Entities as written (the dialogs' forms; `kolProblems` in domain/kol.ts names each bad field)

export const KolCampaignDraft = Schema.Struct({
  name: text(MAX_KOL_NAME * 4),
  objective: KolObjective,
  budget: Baht,
  start: Day,
  end: Day,
  status: KolCampaignStatus,
});
export type KolCampaignDraft = typeof KolCampaignDraft.Type;

export const KolDraft = Schema.Struct({
  name: text(MAX_KOL_NAME * 4),
  /** The account name on the platform, without "@" (as typed; the server strips a leading "@"). */
  handle: text(200),
  platform: KolPlatform,
  /** Null when not known (a KOL created by an import sheet without followers): no tier. */
  followers: Schema.NullOr(Count),
  categories: Schema.Array(text(60)).check(Schema.isMaxLength(MAX_KOL_CATEGORIES)),
});
export type KolDraft = typeof KolDraft.Type;

export const KolBookingDraft = Schema.Struct({
  kolId: Id,
  /** What the KOL delivers, in words ("1 TikTok video + 3 stories"). */
  deliverables: text(500),
  fee: Baht,
  status: KolBookingStatus,
});
export type KolBookingDraft = typeof KolBookingDraft.Type;

export const KolCampaign = Schema.Struct({ id: Id, ...KolCampaignDraft.fields, updatedAt: Schema.String });
export type KolCampaign = typeof KolCampaign.Type;
export const Kol = Schema.Struct({ id: Id, ...KolDraft.fields, tier: Schema.NullOr(KolTier), updatedAt: Schema.String });
export type Kol = typeof Kol.Type;
export const KolBooking = Schema.Struct({ id: Id, campaignId: Id, ...KolBookingDraft.fields, updatedAt: Schema.String });
export type KolBooking = typeof KolBooking.Type;

// ---------------------------------------------------------------------------------------------
// Figures

/**
 * The figures of a set of bookings and their posts: sums, then ratios of the sums, null where a
 * denominator is 0 (the UI shows "—"). `sales` and `roi` are null when no post of the set has
 * tracked sales; `clicks` null when no post has clicks.
 */
export const KolFigures = Schema.Struct({
  /** Fees of the bookings not cancelled. */
  cost: NonNegative,
  posts: Count,
  kols: Count,
  reach: Count,
  views: Count,
  likes: Count,
  comments: Count,
  shares: Count,
  saves: Count,
  clicks: Schema.NullOr(Count),
  /** likes + comments + shares + saves. */
  engagements: Count,
  /** The engagement rate's denominator: views of TikTok and YouTube posts + reach of the others. */
  engagementBase: Count,
  engagementRate: Schema.NullOr(NonNegative),
  cpv: Schema.NullOr(NonNegative),
  cpe: Schema.NullOr(NonNegative),
  /** cost ÷ reach × 1000. */
  cpm: Schema.NullOr(NonNegative),
  sales: Schema.NullOr(NonNegative),
  /** (sales − cost of the bookings with tracked sales) ÷ that cost; may be negative. */
  roi: Schema.NullOr(Schema.Finite),
  emv: NonNegative,
  /** emv ÷ cost. */
  emvPerBaht: Schema.NullOr(NonNegative),
});
export type KolFigures = typeof KolFigures.Type;

/** One campaign in the list: what it is, spend against budget, and its figures. */
export const KolCampaignSummary = Schema.Struct({
  ...KolCampaign.fields,
  /** cost ÷ budget (null when the budget is 0). */
  spentShare: Schema.NullOr(NonNegative),
  figures: KolFigures,
});
export type KolCampaignSummary = typeof KolCampaignSummary.Type;

/**
 * `POST /user/kol-overview`: the brand's KOL work over the view's range. A post counts on the
 * Bangkok day it was published; a booking's fee counts on the day of its first post (a booking
 * without a post yet: on its campaign's start day). The campaigns listed are those whose
 * start–end overlaps the range; `platform` narrows every figure to the posts and bookings of KOLs
 * on it.
 */
export const KolOverviewRequest = Schema.Struct({
  brand: Brand,
  start: Day,
  end: Day,
  platform: Schema.optionalKey(KolPlatform),
}).check(
  Schema.makeFilter((q: { start: string; end: string }) => {
    if (q.end < q.start) return { path: ["end"], issue: "must not be before start" };
    if (daysInclusive(q.start, q.end) > KOL_MAX_DAYS) return { path: ["end"], issue: `the range may cover at most ${KOL_MAX_DAYS} days` };
    return true;
  }),
);
export type KolOverviewRequest = typeof KolOverviewRequest.Type;

export const KolPoint = Schema.Struct({ start: Schema.String, ...KolFigures.fields });
export const KolOverview = Schema.Struct({
  totals: KolFigures,
  /** The period of equal length just before the range. */
  previous: KolFigures,
  unit: Schema.Literals(["day", "week", "month"]),
  series: Schema.Array(KolPoint),
  byPlatform: Schema.Array(Schema.Struct({ platform: KolPlatform, ...KolFigures.fields })),
  byTier: Schema.Array(Schema.Struct({ tier: KolTier, ...KolFigures.fields })),
  campaigns: Schema.Array(KolCampaignSummary),
  emv: EmvValues,
});
export type KolOverview = typeof KolOverview.Type;

/** One KOL of a campaign (its bookings in the campaign taken together): the leaderboard row. */
export const KolRow = Schema.Struct({
  kolId: Id,
  name: Schema.String,
  handle: Schema.String,
  platform: KolPlatform,
  followers: Schema.NullOr(Count),
  tier: Schema.NullOr(KolTier),
  bookings: Count,
  ...KolFigures.fields,
});
export type KolRow = typeof KolRow.Type;

export const KolPostRow = Schema.Struct({
  id: Id,
  bookingId: Id,
  kolId: Id,
  kolName: Schema.String,
  platform: KolPlatform,
  /** https link to the post (shown as a link, opened in a new tab with rel noopener). */
  permalink: Schema.String,
  publishedAt: Schema.String,
  day: Schema.String,
  views: Count,
  reach: Count,
  likes: Count,
  comments: Count,
  shares: Count,
  saves: Count,
  clicks: Schema.NullOr(Count),
  sales: Schema.NullOr(NonNegative),
  engagements: Count,
  engagementRate: Schema.NullOr(NonNegative),
  emv: NonNegative,
});
export type KolPostRow = typeof KolPostRow.Type;

/** `POST /user/kol-campaign`: one campaign over its whole life, with everything its page shows. */
export const KolCampaignRequest = Schema.Struct({ brand: Brand, id: Id });
export type KolCampaignRequest = typeof KolCampaignRequest.Type;
export const KolCampaignDetail = Schema.Struct({
  campaign: KolCampaign,
  figures: KolFigures,
  /**
   * The campaign is compared with the brand's campaign that started last before it (its life is
   * its period; a calendar period before it holds no posts of it); null when there is none.
   */
  previousCampaign: Schema.NullOr(Schema.Struct({ id: Id, name: Schema.String, start: Schema.String, end: Schema.String, figures: KolFigures })),
  /** Plan against actual: budget, cost, budget − cost, cost ÷ budget (null at budget 0). */
  plan: Schema.Struct({ budget: NonNegative, cost: NonNegative, remaining: Schema.Finite, spentShare: Schema.NullOr(NonNegative) }),
  kols: Schema.Array(KolRow),
  bookings: Schema.Array(Schema.Struct({ ...KolBooking.fields, kolName: Schema.String, platform: KolPlatform, posts: Count })),
  posts: Schema.Array(KolPostRow),
  emv: EmvValues,
});
export type KolCampaignDetail = typeof KolCampaignDetail.Type;

// ---------------------------------------------------------------------------------------------
// Writes (each an event in the event log: entities kol_campaign, kol, kol_booking, kol_emv)

export const BrandOnly = Schema.Struct({ brand: Brand });
export const DeleteKolRequest = Schema.Struct({ brand: Brand, id: Id });

export const UpsertKolCampaignRequest = Schema.Struct({ brand: Brand, id: Schema.optionalKey(Id), campaign: KolCampaignDraft });
export const UpsertKolCampaignResponse = Schema.Struct({ msg: Schema.String, data: KolCampaign });

/** `GET /user/kols?brand=`: the brand's KOL roster, by name. */
export const KolsResponse = Schema.Struct({ data: Schema.Array(Kol) });
export const UpsertKolRequest = Schema.Struct({ brand: Brand, id: Schema.optionalKey(Id), kol: KolDraft });
export const UpsertKolResponse = Schema.Struct({ msg: Schema.String, data: Kol });

export const UpsertKolBookingRequest = Schema.Struct({ brand: Brand, campaignId: Id, id: Schema.optionalKey(Id), booking: KolBookingDraft });
export const UpsertKolBookingResponse = Schema.Struct({ msg: Schema.String, data: KolBooking });

/** `GET /user/kol-emv?brand=` and `POST /user/update-kol-emv`. */
export const KolEmvResponse = Schema.Struct({ data: EmvValues, updatedAt: Schema.NullOr(Schema.String), updatedBy: Schema.NullOr(Schema.String) });
export const UpdateKolEmvRequest = Schema.Struct({ brand: Brand, values: EmvValues });

// ---------------------------------------------------------------------------------------------
// Import of the tracking sheet (multipart: `file`, `campaign`)

export const KOL_IMPORT_FORMATS = ["kol-sheet"] as const;
export const ImportKolFields = Schema.Struct({
  /** The campaign id, as text in the multipart form. */
  campaign: Schema.String.check(Schema.isPattern(/^[1-9][0-9]{0,9}$/)),
});
export const ImportKolResult = Schema.Struct({
  campaignId: Id,
  /** How the bytes were read: "utf-8", "utf-16le", "windows-874", "xlsx"… */
  encoding: Schema.String,
  rows: Count,
  /** KOLs added to the brand's roster because the sheet named one it did not know. */
  kolsCreated: Count,
  bookingsCreated: Count,
  bookingsUpdated: Count,
  /** Posts (keyed by link within the campaign) stored new / replaced / already stored alike. */
  inserted: Count,
  updated: Count,
  unchanged: Count,
  /** How columns were read, assumptions made (line 0 = the file as a whole). */
  notes: Schema.Array(ImportRowIssue),
});
export type ImportKolResult = typeof ImportKolResult.Type;
export const ImportKolResponse = Schema.Struct({ msg: Schema.String, data: ImportKolResult });
/** The 400 answer of a refused import: nothing written; each bad row with its line and reason. */
export const ImportKolRefusal = Schema.Struct({
  error: Schema.String,
  message: Schema.String,
  rows: Schema.Array(ImportRowIssue),
});
