/**
 * KOL Campaign (issue 16): the figures of a brand's KOL campaigns for the `/campaign` page and the
 * writes of its dialogs (docs/kol.md). Formulas: domain/kol.ts; shapes: domain/kolContract.ts.
 * Knows nothing of HTTP: it takes ids and requests and throws ServiceError.
 *
 * - A user sees only their brands (403 naming `brand` otherwise); a campaign, KOL or booking that
 *   is not the brand's is 404 naming its id field, never another brand's data.
 * - A cancelled booking costs nothing and its posts are not counted anywhere.
 * - Over a range (the overview) a post counts on the Bangkok day it was published and a booking's
 *   fee on the day of its first post (its campaign's start day while it has no post).
 * - Every write is appended to the event log in the transaction that changes the current state
 *   (entities kol_campaign, kol, kol_booking, kol_emv).
 *
 * Speed (campaign figures ≤ 50 ms p95, `npm run bench:kol-affiliate`): a campaign is read in two
 * statements (the brand; then the campaign, the one before it, their bookings and posts and the
 * EMV values as JSON), the overview in two as well; everything else is folded here. KOL data is small (tens of bookings a campaign).
 */
import { daysInclusive, isDay } from "../../domain/calendarDays";
import {
  ZERO_KOL_SUMS, addKolSums, bahtOfSatang, bookingProblems, campaignProblems, cleanHandle, emvOf, emvProblems, engagementBaseOf, engagementsOf,
  firstProblem, kolFigures, kolProblems, kolTier, postSums, satangOfBaht, type KolSums,
} from "../../domain/kol";
import {
  DEFAULT_EMV_VALUES, EMV_ACTIONS, KOL_MAX_DAYS, KOL_PLATFORMS, KOL_TIERS,
  type EmvValues, type Kol, type KolBooking, type KolBookingDraft, type KolBookingStatus, type KolCampaign, type KolCampaignDetail,
  type KolCampaignDraft, type KolCampaignStatus, type KolCampaignSummary, type KolDraft, type KolFigures, type KolObjective, type KolOverview,
  type KolOverviewRequest, type KolPlatform, type KolPostRow, type KolRow, type KolTier,
} from "../../domain/kolContract";
import { previousPeriod } from "../../domain/periodChange";
import type { Queryable, Storage } from "../storage/storage";
import { adsPeriods, adsUnitFor, userBrandId } from "./ads";
import { ServiceError } from "./errors";
import { appendEvent } from "./events";

/** A time as the contract writes it: Bangkok wall time with its offset. */
const ISO_BKK = (col: string) => `to_char(${col} AT TIME ZONE 'Asia/Bangkok', 'YYYY-MM-DD"T"HH24:MI:SS"+07:00"')`;

// ---------------------------------------------------------------------------------------------
// Rows as read

interface CampaignRow {
  id: number;
  name: string;
  objective: KolObjective;
  budget_satang: string | number;
  start_day: string;
  end_day: string;
  status: KolCampaignStatus;
  updated_at: string;
}

const CAMPAIGN_COLS = `c.id, c.name, c.objective, c.budget_satang, to_char(c.start_day, 'YYYY-MM-DD') AS start_day, to_char(c.end_day, 'YYYY-MM-DD') AS end_day,
  c.status, ${ISO_BKK("c.updated_at")} AS updated_at`;

const campaignOf = (r: CampaignRow): KolCampaign => ({
  id: r.id, name: r.name, objective: r.objective, budget: bahtOfSatang(Number(r.budget_satang)), start: r.start_day, end: r.end_day, status: r.status,
  updatedAt: r.updated_at,
});

interface KolDbRow {
  id: number;
  name: string;
  handle: string;
  platform: KolPlatform;
  followers: string | number | null;
  categories: string[];
  updated_at: string;
}
const KOL_COLS = `k.id, k.name, k.handle, k.platform, k.followers, k.categories, ${ISO_BKK("k.updated_at")} AS updated_at`;
const kolOf = (r: KolDbRow): Kol => {
  const followers = r.followers === null ? null : Number(r.followers);
  return { id: r.id, name: r.name, handle: r.handle, platform: r.platform, followers, categories: r.categories, tier: kolTier(followers), updatedAt: r.updated_at };
};

interface BookingDbRow {
  id: number;
  campaign_id: number;
  kol_id: number;
  deliverables: string;
  fee_satang: string | number;
  status: KolBookingStatus;
  updated_at: string;
}
const BOOKING_COLS = `b.id, b.campaign_id, b.kol_id, b.deliverables, b.fee_satang, b.status, ${ISO_BKK("b.updated_at")} AS updated_at`;
const bookingOf = (r: BookingDbRow): KolBooking => ({
  id: r.id, campaignId: r.campaign_id, kolId: r.kol_id, deliverables: r.deliverables, fee: bahtOfSatang(Number(r.fee_satang)), status: r.status,
  updatedAt: r.updated_at,
});

/** A booking with its KOL, as the figures need it. */
interface BookingFacts {
  id: number;
  campaignId: number;
  kolId: number;
  kolName: string;
  handle: string;
  platform: KolPlatform;
  followers: number | null;
  deliverables: string;
  feeSatang: number;
  status: KolBookingStatus;
  updatedAt: string;
  /** The day of its first post (over all its posts), null without a post. */
  firstPostDay: string | null;
  /** Whether any of its posts has tracked sales. */
  tracked: boolean;
  /** Its campaign's start day. */
  campaignStart: string;
}

/** A post as the figures need it. */
interface PostFacts {
  id: number;
  bookingId: number;
  campaignId: number;
  permalink: string;
  publishedAt: string;
  day: string;
  views: number;
  reach: number;
  likes: number;
  comments: number;
  shares: number;
  saves: number;
  clicks: number | null;
  salesSatang: number | null;
}

type BookingJson = [number, number, number, string, string, KolPlatform, number | null, string, number, KolBookingStatus, string, string | null, boolean, string];
type PostJson = [number, number, number, string, string, string, number, number, number, number, number, number, number | null, number | null];

const BOOKING_JSON = `json_build_array(b.id, b.campaign_id, b.kol_id, k.name, k.handle, k.platform, k.followers, b.deliverables, b.fee_satang, b.status,
  ${ISO_BKK("b.updated_at")},
  (SELECT to_char(min(p.day), 'YYYY-MM-DD') FROM kol_posts p WHERE p.booking_id = b.id),
  EXISTS (SELECT 1 FROM kol_posts p WHERE p.booking_id = b.id AND p.sales_satang IS NOT NULL),
  to_char(c.start_day, 'YYYY-MM-DD'))`;
const POST_JSON = `json_build_array(p.id, p.booking_id, p.campaign_id, p.permalink, ${ISO_BKK("p.published_at")}, to_char(p.day, 'YYYY-MM-DD'),
  p.views, p.reach, p.likes, p.comments, p.shares, p.saves, p.clicks, p.sales_satang)`;

const bookingFacts = (j: BookingJson): BookingFacts => ({
  id: j[0], campaignId: j[1], kolId: j[2], kolName: j[3], handle: j[4], platform: j[5], followers: j[6] === null ? null : Number(j[6]), deliverables: j[7],
  feeSatang: Number(j[8]), status: j[9], updatedAt: j[10], firstPostDay: j[11], tracked: j[12], campaignStart: j[13],
});
const postFacts = (j: PostJson): PostFacts => ({
  id: j[0], bookingId: j[1], campaignId: j[2], permalink: j[3], publishedAt: j[4], day: j[5], views: Number(j[6]), reach: Number(j[7]),
  likes: Number(j[8]), comments: Number(j[9]), shares: Number(j[10]), saves: Number(j[11]), clicks: j[12] === null ? null : Number(j[12]),
  salesSatang: j[13] === null ? null : Number(j[13]),
});

// ---------------------------------------------------------------------------------------------
// Folding

/** Sums of a set: posts added, fees of the bookings given, KOLs counted distinct. */
class Bucket {
  sums: KolSums = ZERO_KOL_SUMS;
  readonly kols = new Set<number>();

  addPost(p: PostFacts, b: BookingFacts): void {
    this.sums = addKolSums(this.sums, postSums({ ...p, platform: b.platform }));
    this.kols.add(b.kolId);
  }

  addFee(b: BookingFacts): void {
    this.sums = addKolSums(this.sums, { ...ZERO_KOL_SUMS, costSatang: b.feeSatang, trackedCostSatang: b.tracked ? b.feeSatang : 0 });
    this.kols.add(b.kolId);
  }

  figures(emv: EmvValues): KolFigures {
    return kolFigures({ ...this.sums, kols: this.kols.size }, emv);
  }
}

/** A booking's fee and every post of it (the whole life of a campaign). */
function wholeLife(bookings: readonly BookingFacts[], posts: ReadonlyMap<number, PostFacts[]>): Bucket {
  const bucket = new Bucket();
  for (const b of bookings) {
    if (b.status === "cancelled") continue;
    bucket.addFee(b);
    for (const p of posts.get(b.id) ?? []) bucket.addPost(p, b);
  }
  return bucket;
}

function postsByBooking(posts: readonly PostFacts[]): Map<number, PostFacts[]> {
  const m = new Map<number, PostFacts[]>();
  for (const p of posts) {
    const list = m.get(p.bookingId);
    if (list) list.push(p);
    else m.set(p.bookingId, [p]);
  }
  return m;
}

// ---------------------------------------------------------------------------------------------
// Reads shared with the import

/** The campaign `id` of the brand, or ServiceError not_found naming `field`. */
export async function brandCampaign(db: Queryable, brandId: number, id: number, field = "id"): Promise<KolCampaign> {
  const row = (await db.query<CampaignRow>(`SELECT ${CAMPAIGN_COLS} FROM kol_campaigns c WHERE c.id = $1 AND c.brand_id = $2`, [id, brandId])).rows[0];
  if (!row) throw new ServiceError("not_found", `campaign ${id} is not one of the brand's KOL campaigns`, { field });
  return campaignOf(row);
}

/** The brand's EMV values and who set them when ($1: the brand). */
const EMV_SELECT = `SELECT s.views_satang, s.likes_satang, s.comments_satang, s.shares_satang, s.saves_satang, s.clicks_satang,
            ${ISO_BKK("s.updated_at")} AS updated_at, u.name AS updated_by
       FROM kol_emv_settings s LEFT JOIN users u ON u.id = s.updated_by WHERE s.brand_id = $1`;
type EmvRow = Record<string, string | number | null>;

/** A brand's EMV row as values (the defaults without a row). */
function emvSetting(row: EmvRow | null | undefined): { data: EmvValues; updatedAt: string | null; updatedBy: string | null } {
  if (!row) return { data: DEFAULT_EMV_VALUES, updatedAt: null, updatedBy: null };
  const data = Object.fromEntries(EMV_ACTIONS.map((a) => [a, bahtOfSatang(Number(row[`${a}_satang`]))])) as unknown as EmvValues;
  return { data, updatedAt: row.updated_at as string, updatedBy: (row.updated_by as string | null) ?? null };
}

/** The brand's EMV values (the defaults until it sets its own), who set them and when. */
export async function brandEmv(db: Queryable, brandId: number): Promise<{ data: EmvValues; updatedAt: string | null; updatedBy: string | null }> {
  return emvSetting((await db.query<EmvRow>(EMV_SELECT, [brandId])).rows[0]);
}

const actorOf = (userId: number) => `user:${userId}`;

export class KolService {
  constructor(private readonly db: Storage) {}

  // -------------------------------------------------------------------------------------------
  // Figures

  /**
   * The brand's KOL work over a range (KolOverview): totals, the previous period of equal length,
   * the series, by platform and tier, and the campaigns overlapping the range (each over its
   * whole life, spend against budget).
   *
   * @throws ServiceError forbidden (brand), invalid (start, end)
   */
  async overview(userId: number, req: KolOverviewRequest): Promise<KolOverview> {
    if (!isDay(req.start)) throw new ServiceError("invalid", "must be an existing date written YYYY-MM-DD", { field: "start" });
    if (!isDay(req.end)) throw new ServiceError("invalid", "must be an existing date written YYYY-MM-DD", { field: "end" });
    if (req.end < req.start) throw new ServiceError("invalid", "must not be before start", { field: "end" });
    const days = daysInclusive(req.start, req.end);
    if (days > KOL_MAX_DAYS) throw new ServiceError("invalid", `the range may cover at most ${KOL_MAX_DAYS} days (it covers ${days})`, { field: "end" });
    const brandId = await userBrandId(this.db, userId, req.brand);
    const prev = previousPeriod({ start: req.start, end: req.end });

    // The brand's bookings (not cancelled), their KOLs, first post day; the campaigns overlapping
    // the range; the posts of the range and the period before, and every post of those campaigns.
    const platform = req.platform ?? null;
    const row = (await this.db.query<{ c: CampaignRow[] | null; b: BookingJson[] | null; p: PostJson[] | null; emv: EmvRow | null }>(
      `WITH cs AS (SELECT ${CAMPAIGN_COLS} FROM kol_campaigns c WHERE c.brand_id = $1 AND c.start_day <= $3::date AND c.end_day >= $2::date),
            bs AS (SELECT b.id FROM kol_bookings b JOIN kol_campaigns c ON c.id = b.campaign_id JOIN kols k ON k.id = b.kol_id
                    WHERE c.brand_id = $1 AND b.status <> 'cancelled' AND ($5::text IS NULL OR k.platform = $5))
       SELECT (SELECT json_agg(cs ORDER BY cs.start_day DESC, cs.id DESC) FROM cs) AS c,
              (SELECT json_agg(${BOOKING_JSON}) FROM kol_bookings b JOIN kol_campaigns c ON c.id = b.campaign_id JOIN kols k ON k.id = b.kol_id
                WHERE b.id IN (SELECT id FROM bs)) AS b,
              (SELECT json_agg(${POST_JSON}) FROM kol_posts p
                WHERE p.booking_id IN (SELECT id FROM bs) AND (p.day BETWEEN $4::date AND $3::date OR p.campaign_id IN (SELECT id FROM cs))) AS p,
              (SELECT row_to_json(s) FROM (${EMV_SELECT}) s) AS emv`,
      [brandId, req.start, req.end, prev.start, platform],
    )).rows[0]!;
    const emv = emvSetting(row.emv).data;
    const campaigns = (row.c ?? []).map((r) => ({ ...r, budget_satang: Number(r.budget_satang) }));
    const bookings = (row.b ?? []).map(bookingFacts);
    const bookingById = new Map(bookings.map((b) => [b.id, b]));
    const posts = (row.p ?? []).map(postFacts);
    const byBooking = postsByBooking(posts);

    const unit = adsUnitFor(days);
    const periods = adsPeriods(req.start, req.end, unit);
    const series = periods.starts.map(() => new Bucket());
    const totals = new Bucket();
    const previous = new Bucket();
    const byPlatform = new Map<KolPlatform, Bucket>();
    const byTier = new Map<KolTier, Bucket>();
    const inRange = (day: string) => day >= req.start && day <= req.end;
    const add = (day: string, b: BookingFacts, put: (bucket: Bucket) => void) => {
      if (inRange(day)) {
        put(totals);
        put(series[periods.index[daysInclusive(req.start, day) - 1]!]!);
        let pb = byPlatform.get(b.platform);
        if (!pb) byPlatform.set(b.platform, (pb = new Bucket()));
        put(pb);
        const tier = kolTier(b.followers);
        if (tier !== null) {
          let tb = byTier.get(tier);
          if (!tb) byTier.set(tier, (tb = new Bucket()));
          put(tb);
        }
      } else if (day >= prev.start && day <= prev.end) put(previous);
    };
    for (const b of bookings) add(b.firstPostDay ?? b.campaignStart, b, (bucket) => bucket.addFee(b));
    for (const p of posts) {
      const b = bookingById.get(p.bookingId);
      if (b) add(p.day, b, (bucket) => bucket.addPost(p, b));
    }

    const bookingsOf = new Map<number, BookingFacts[]>();
    for (const b of bookings) {
      const list = bookingsOf.get(b.campaignId);
      if (list) list.push(b);
      else bookingsOf.set(b.campaignId, [b]);
    }
    const summaries: KolCampaignSummary[] = campaigns.map((c) => {
      const figures = wholeLife(bookingsOf.get(c.id) ?? [], byBooking).figures(emv);
      const budget = bahtOfSatang(c.budget_satang);
      return { ...campaignOf(c), spentShare: budget === 0 ? null : figures.cost / budget, figures };
    });

    return {
      totals: totals.figures(emv),
      previous: previous.figures(emv),
      unit,
      series: periods.starts.map((start, i) => ({ start, ...series[i]!.figures(emv) })),
      byPlatform: KOL_PLATFORMS.filter((p) => byPlatform.has(p)).map((p) => ({ platform: p, ...byPlatform.get(p)!.figures(emv) })),
      byTier: KOL_TIERS.filter((t) => byTier.has(t)).map((t) => ({ tier: t, ...byTier.get(t)!.figures(emv) })),
      campaigns: summaries,
      emv,
    };
  }

  /**
   * One campaign over its whole life (KolCampaignDetail), compared with the brand's campaign
   * that started last before it.
   *
   * @throws ServiceError forbidden (brand), not_found (id)
   */
  async campaign(userId: number, brand: string, id: number): Promise<KolCampaignDetail> {
    const brandId = await userBrandId(this.db, userId, brand);
    // One statement: the campaign, the one that started last before it, both campaigns' bookings
    // and posts, and the brand's EMV values.
    const row = (await this.db.query<{ cur: CampaignRow | null; prev: CampaignRow | null; b: BookingJson[] | null; p: PostJson[] | null; emv: EmvRow | null }>(
      `WITH cur AS (SELECT ${CAMPAIGN_COLS} FROM kol_campaigns c WHERE c.id = $2 AND c.brand_id = $1),
            prev AS (SELECT ${CAMPAIGN_COLS} FROM kol_campaigns c
                      WHERE c.brand_id = $1 AND c.start_day < (SELECT start_day::date FROM cur) ORDER BY c.start_day DESC, c.id DESC LIMIT 1),
            ids AS (SELECT id FROM cur UNION ALL SELECT id FROM prev)
       SELECT (SELECT row_to_json(cur) FROM cur) AS cur, (SELECT row_to_json(prev) FROM prev) AS prev,
              (SELECT json_agg(${BOOKING_JSON} ORDER BY k.name, b.id) FROM kol_bookings b JOIN kol_campaigns c ON c.id = b.campaign_id JOIN kols k ON k.id = b.kol_id
                WHERE b.campaign_id IN (SELECT id FROM ids)) AS b,
              (SELECT json_agg(${POST_JSON} ORDER BY p.published_at, p.id) FROM kol_posts p WHERE p.campaign_id IN (SELECT id FROM ids)) AS p,
              (SELECT row_to_json(s) FROM (${EMV_SELECT}) s) AS emv`, [brandId, id],
    )).rows[0]!;
    const current = row.cur;
    if (!current) throw new ServiceError("not_found", `campaign ${id} is not one of the brand's KOL campaigns`, { field: "id" });
    const before = row.prev;
    const values = emvSetting(row.emv).data;
    const allBookings = (row.b ?? []).map(bookingFacts);
    const allPosts = (row.p ?? []).map(postFacts);
    const byBooking = postsByBooking(allPosts);
    const bookings = allBookings.filter((b) => b.campaignId === id);
    const figures = wholeLife(bookings, byBooking).figures(values);
    const campaign = campaignOf(current);

    // Leaderboard: each KOL's bookings (not cancelled) taken together.
    const perKol = new Map<number, { b: BookingFacts; n: number; bucket: Bucket }>();
    for (const b of bookings) {
      if (b.status === "cancelled") continue;
      let e = perKol.get(b.kolId);
      if (!e) perKol.set(b.kolId, (e = { b, n: 0, bucket: new Bucket() }));
      e.n += 1;
      e.bucket.addFee(b);
      for (const p of byBooking.get(b.id) ?? []) e.bucket.addPost(p, b);
    }
    const kols: KolRow[] = [...perKol.values()]
      .map(({ b, n, bucket }) => ({
        kolId: b.kolId, name: b.kolName, handle: b.handle, platform: b.platform, followers: b.followers, tier: kolTier(b.followers), bookings: n,
        ...bucket.figures(values),
      }))
      .sort((x, y) => y.views - x.views || x.name.localeCompare(y.name, "th") || x.kolId - y.kolId);

    const bookingById = new Map(bookings.map((b) => [b.id, b]));
    const posts: KolPostRow[] = [];
    for (const p of allPosts) {
      const b = bookingById.get(p.bookingId);
      if (!b || b.status === "cancelled") continue;
      const engagements = engagementsOf(p);
      const base = engagementBaseOf(b.platform, p.views, p.reach);
      posts.push({
        id: p.id, bookingId: b.id, kolId: b.kolId, kolName: b.kolName, platform: b.platform, permalink: p.permalink, publishedAt: p.publishedAt, day: p.day,
        views: p.views, reach: p.reach, likes: p.likes, comments: p.comments, shares: p.shares, saves: p.saves, clicks: p.clicks,
        sales: p.salesSatang === null ? null : bahtOfSatang(p.salesSatang), engagements, engagementRate: base === 0 ? null : engagements / base,
        emv: emvOf(p, values),
      });
    }

    const previousCampaign = before
      ? {
        id: before.id, name: before.name, start: before.start_day, end: before.end_day,
        figures: wholeLife(allBookings.filter((b) => b.campaignId === before.id), byBooking).figures(values),
      }
      : null;
    return {
      campaign,
      figures,
      previousCampaign,
      plan: { budget: campaign.budget, cost: figures.cost, remaining: (satangOfBaht(campaign.budget) - satangOfBaht(figures.cost)) / 100, spentShare: campaign.budget === 0 ? null : figures.cost / campaign.budget },
      kols,
      bookings: bookings.map((b) => ({
        id: b.id, campaignId: b.campaignId, kolId: b.kolId, deliverables: b.deliverables, fee: bahtOfSatang(b.feeSatang), status: b.status, updatedAt: b.updatedAt,
        kolName: b.kolName, platform: b.platform, posts: byBooking.get(b.id)?.length ?? 0,
      })),
      posts,
      emv: values,
    };
  }

  // -------------------------------------------------------------------------------------------
  // Campaigns

  /**
   * Creates (no id) or changes a campaign of the brand.
   *
   * @throws ServiceError forbidden (brand), invalid (campaign.<field>), not_found (id)
   */
  async upsertCampaign(userId: number, req: { brand: string; id?: number; campaign: KolCampaignDraft }): Promise<KolCampaign> {
    const problem = firstProblem(campaignProblems(req.campaign), "campaign");
    if (problem) throw new ServiceError("invalid", problem.message, { field: problem.field });
    const brandId = await userBrandId(this.db, userId, req.brand);
    const c = { ...req.campaign, name: req.campaign.name.trim() };
    return this.db.transaction(async (tx) => {
      const params = [brandId, c.name, c.objective, satangOfBaht(c.budget), c.start, c.end, c.status];
      const res = req.id === undefined
        ? await tx.query<{ id: number }>(
          "INSERT INTO kol_campaigns (brand_id, name, objective, budget_satang, start_day, end_day, status) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id", params,
        )
        : await tx.query<{ id: number }>(
          `UPDATE kol_campaigns SET name = $2, objective = $3, budget_satang = $4, start_day = $5, end_day = $6, status = $7, updated_at = now()
            WHERE id = $8 AND brand_id = $1 RETURNING id`, [...params, req.id],
        );
      if (res.rows.length === 0) throw new ServiceError("not_found", `campaign ${req.id} is not one of the brand's KOL campaigns`, { field: "id" });
      const id = res.rows[0]!.id;
      await appendEvent(tx, {
        userId, actor: actorOf(userId), type: req.id === undefined ? "kolCampaign.created" : "kolCampaign.updated", entity: "kol_campaign", key: String(id),
        payload: { brand: req.brand, id, campaign: c },
      });
      return brandCampaign(tx, brandId, id);
    });
  }

  /** Deletes a campaign of the brand with its bookings and posts. @throws ServiceError forbidden (brand), not_found (id) */
  async deleteCampaign(userId: number, brand: string, id: number): Promise<void> {
    const brandId = await userBrandId(this.db, userId, brand);
    await this.db.transaction(async (tx) => {
      const res = await tx.query<{ name: string; bookings: number; posts: number }>(
        `WITH gone AS (DELETE FROM kol_campaigns WHERE id = $1 AND brand_id = $2 RETURNING id, name)
         SELECT g.name, (SELECT count(*)::int FROM kol_bookings WHERE campaign_id = g.id) AS bookings,
                (SELECT count(*)::int FROM kol_posts WHERE campaign_id = g.id) AS posts FROM gone g`, [id, brandId],
      );
      const gone = res.rows[0];
      if (!gone) throw new ServiceError("not_found", `campaign ${id} is not one of the brand's KOL campaigns`, { field: "id" });
      await appendEvent(tx, {
        userId, actor: actorOf(userId), type: "kolCampaign.deleted", entity: "kol_campaign", key: String(id),
        payload: { brand, id, name: gone.name, bookings: gone.bookings, posts: gone.posts },
      });
    });
  }

  // -------------------------------------------------------------------------------------------
  // KOLs

  /** The brand's roster, by name. @throws ServiceError forbidden (brand) */
  async kols(userId: number, brand: string): Promise<Kol[]> {
    const brandId = await userBrandId(this.db, userId, brand);
    const rows = (await this.db.query<KolDbRow>(`SELECT ${KOL_COLS} FROM kols k WHERE k.brand_id = $1 ORDER BY lower(k.name), k.id`, [brandId])).rows;
    return rows.map(kolOf);
  }

  /**
   * Creates (no id) or changes a KOL of the brand's roster. A handle is stored without its "@";
   * two KOLs of a brand cannot share a handle on one platform.
   *
   * @throws ServiceError forbidden (brand), invalid (kol.<field>), not_found (id)
   */
  async upsertKol(userId: number, req: { brand: string; id?: number; kol: KolDraft }): Promise<Kol> {
    const problem = firstProblem(kolProblems(req.kol), "kol");
    if (problem) throw new ServiceError("invalid", problem.message, { field: problem.field });
    const brandId = await userBrandId(this.db, userId, req.brand);
    const k = {
      ...req.kol, name: req.kol.name.trim(), handle: cleanHandle(req.kol.handle),
      categories: [...new Set(req.kol.categories.map((c) => c.trim()))],
    };
    return this.db.transaction(async (tx) => {
      if (k.handle !== "") {
        const clash = (await tx.query<{ id: number; name: string }>(
          "SELECT id, name FROM kols WHERE brand_id = $1 AND platform = $2 AND lower(handle) = lower($3) AND id IS DISTINCT FROM $4::int",
          [brandId, k.platform, k.handle, req.id ?? null],
        )).rows[0];
        if (clash) throw new ServiceError("invalid", `@${k.handle} on this platform is already ${clash.name} in the brand's KOLs`, { field: "kol.handle" });
      }
      const params = [brandId, k.name, k.handle, k.platform, k.followers, k.categories];
      const res = req.id === undefined
        ? await tx.query<{ id: number }>(
          "INSERT INTO kols (brand_id, name, handle, platform, followers, categories) VALUES ($1, $2, $3, $4, $5, $6::text[]) RETURNING id", params,
        )
        : await tx.query<{ id: number }>(
          `UPDATE kols SET name = $2, handle = $3, platform = $4, followers = $5, categories = $6::text[], updated_at = now()
            WHERE id = $7 AND brand_id = $1 RETURNING id`, [...params, req.id],
        );
      if (res.rows.length === 0) throw new ServiceError("not_found", `KOL ${req.id} is not in the brand's KOLs`, { field: "id" });
      const id = res.rows[0]!.id;
      await appendEvent(tx, {
        userId, actor: actorOf(userId), type: req.id === undefined ? "kol.created" : "kol.updated", entity: "kol", key: String(id),
        payload: { brand: req.brand, id, kol: k },
      });
      return kolOf((await tx.query<KolDbRow>(`SELECT ${KOL_COLS} FROM kols k WHERE k.id = $1`, [id])).rows[0]!);
    });
  }

  /** Deletes a KOL of the brand that has no booking. @throws ServiceError forbidden (brand), not_found (id), invalid (id) while it has bookings */
  async deleteKol(userId: number, brand: string, id: number): Promise<void> {
    const brandId = await userBrandId(this.db, userId, brand);
    await this.db.transaction(async (tx) => {
      const kol = (await tx.query<{ name: string; bookings: number }>(
        "SELECT k.name, (SELECT count(*)::int FROM kol_bookings b WHERE b.kol_id = k.id) AS bookings FROM kols k WHERE k.id = $1 AND k.brand_id = $2 FOR UPDATE",
        [id, brandId],
      )).rows[0];
      if (!kol) throw new ServiceError("not_found", `KOL ${id} is not in the brand's KOLs`, { field: "id" });
      if (kol.bookings > 0) {
        throw new ServiceError("invalid", `${kol.name} has ${kol.bookings === 1 ? "1 booking" : `${kol.bookings} bookings`} in campaigns: delete ${kol.bookings === 1 ? "it" : "them"} first`, { field: "id" });
      }
      await tx.query("DELETE FROM kols WHERE id = $1", [id]);
      await appendEvent(tx, { userId, actor: actorOf(userId), type: "kol.deleted", entity: "kol", key: String(id), payload: { brand, id, name: kol.name } });
    });
  }

  // -------------------------------------------------------------------------------------------
  // Bookings

  /**
   * Creates (no id) or changes a booking of a KOL of the brand in a campaign of the brand.
   *
   * @throws ServiceError forbidden (brand), invalid (booking.<field>; booking.kolId for a KOL not
   *   the brand's), not_found (campaignId, id)
   */
  async upsertBooking(userId: number, req: { brand: string; campaignId: number; id?: number; booking: KolBookingDraft }): Promise<KolBooking> {
    const problem = firstProblem(bookingProblems(req.booking), "booking");
    if (problem) throw new ServiceError("invalid", problem.message, { field: problem.field });
    const brandId = await userBrandId(this.db, userId, req.brand);
    const b = { ...req.booking, deliverables: req.booking.deliverables.trim() };
    return this.db.transaction(async (tx) => {
      await brandCampaign(tx, brandId, req.campaignId, "campaignId");
      const kol = (await tx.query("SELECT 1 FROM kols WHERE id = $1 AND brand_id = $2", [b.kolId, brandId])).rows[0];
      if (!kol) throw new ServiceError("invalid", `KOL ${b.kolId} is not in the brand's KOLs`, { field: "booking.kolId" });
      const params = [req.campaignId, b.kolId, b.deliverables, satangOfBaht(b.fee), b.status];
      let id: number;
      if (req.id === undefined) {
        id = (await tx.query<{ id: number }>(
          "INSERT INTO kol_bookings (campaign_id, kol_id, deliverables, fee_satang, status) VALUES ($1, $2, $3, $4, $5) RETURNING id", params,
        )).rows[0]!.id;
      } else {
        const res = await tx.query<{ id: number }>(
          `UPDATE kol_bookings SET kol_id = $2, deliverables = $3, fee_satang = $4, status = $5, updated_at = now()
            WHERE id = $6 AND campaign_id = $1 RETURNING id`, [...params, req.id],
        );
        if (res.rows.length === 0) throw new ServiceError("not_found", `booking ${req.id} is not a booking of campaign ${req.campaignId}`, { field: "id" });
        id = req.id;
      }
      await appendEvent(tx, {
        userId, actor: actorOf(userId), type: req.id === undefined ? "kolBooking.created" : "kolBooking.updated", entity: "kol_booking", key: String(id),
        payload: { brand: req.brand, campaignId: req.campaignId, id, booking: b },
      });
      return bookingOf((await tx.query<BookingDbRow>(`SELECT ${BOOKING_COLS} FROM kol_bookings b WHERE b.id = $1`, [id])).rows[0]!);
    });
  }

  /** Deletes a booking (and its posts) of a campaign of the brand. @throws ServiceError forbidden (brand), not_found (id) */
  async deleteBooking(userId: number, brand: string, id: number): Promise<void> {
    const brandId = await userBrandId(this.db, userId, brand);
    await this.db.transaction(async (tx) => {
      const gone = (await tx.query<{ campaign_id: number; kol_id: number; posts: number }>(
        `WITH gone AS (DELETE FROM kol_bookings b USING kol_campaigns c WHERE b.id = $1 AND c.id = b.campaign_id AND c.brand_id = $2 RETURNING b.id, b.campaign_id, b.kol_id)
         SELECT g.campaign_id, g.kol_id, (SELECT count(*)::int FROM kol_posts p WHERE p.booking_id = g.id) AS posts FROM gone g`, [id, brandId],
      )).rows[0];
      if (!gone) throw new ServiceError("not_found", `booking ${id} is not a booking of the brand's KOL campaigns`, { field: "id" });
      await appendEvent(tx, {
        userId, actor: actorOf(userId), type: "kolBooking.deleted", entity: "kol_booking", key: String(id),
        payload: { brand, id, campaignId: gone.campaign_id, kolId: gone.kol_id, posts: gone.posts },
      });
    });
  }

  // -------------------------------------------------------------------------------------------
  // EMV values

  /** The brand's EMV values. @throws ServiceError forbidden (brand) */
  async emv(userId: number, brand: string): Promise<{ data: EmvValues; updatedAt: string | null; updatedBy: string | null }> {
    return brandEmv(this.db, await userBrandId(this.db, userId, brand));
  }

  /** Sets the brand's EMV values. @throws ServiceError forbidden (brand), invalid (values.<action>) */
  async updateEmv(userId: number, brand: string, values: EmvValues): Promise<{ data: EmvValues; updatedAt: string | null; updatedBy: string | null }> {
    const problem = firstProblem(emvProblems(values), "values");
    if (problem) throw new ServiceError("invalid", problem.message, { field: problem.field });
    const brandId = await userBrandId(this.db, userId, brand);
    await this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO kol_emv_settings (brand_id, views_satang, likes_satang, comments_satang, shares_satang, saves_satang, clicks_satang, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (brand_id) DO UPDATE SET (views_satang, likes_satang, comments_satang, shares_satang, saves_satang, clicks_satang, updated_by, updated_at) =
           (EXCLUDED.views_satang, EXCLUDED.likes_satang, EXCLUDED.comments_satang, EXCLUDED.shares_satang, EXCLUDED.saves_satang, EXCLUDED.clicks_satang,
            EXCLUDED.updated_by, now())`,
        [brandId, ...EMV_ACTIONS.map((a) => satangOfBaht(values[a])), userId],
      );
      await appendEvent(tx, { userId, actor: actorOf(userId), type: "kolEmv.updated", entity: "kol_emv", key: String(brandId), payload: { brand, values } });
    });
    return brandEmv(this.db, brandId);
  }
}


/**
 * The first problem of the draft of a request body as written (the dialog's message, the field
 * by its path in the body: `campaign.end`), or null: the HTTP layer answers it with 400 before
 * decoding, so the page and the server say the same.
 */
const precheck = <D>(key: string, problems: (draft: { readonly [K in keyof D]?: unknown }) => Partial<Record<keyof D & string, string>>) =>
  (body: unknown): { field: string; message: string } | null => {
    if (typeof body !== "object" || body === null) return null;
    const draft = (body as Record<string, unknown>)[key];
    if (typeof draft !== "object" || draft === null || Array.isArray(draft)) return null;
    return firstProblem(problems(draft as { readonly [K in keyof D]?: unknown }), key);
  };
export const firstKolCampaignProblem = precheck<KolCampaignDraft>("campaign", campaignProblems);
export const firstKolProblem = precheck<KolDraft>("kol", kolProblems);
export const firstKolBookingProblem = precheck<KolBookingDraft>("booking", bookingProblems);
export const firstKolEmvProblem = precheck<EmvValues>("values", emvProblems);
