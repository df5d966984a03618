/**
 * Ads & Automation (issue 15): the figures of a brand's campaigns, ad sets and ads over a range
 * for the /ads page (`POST /user/ads-figures`). Definitions in domain/ads.ts and docs/ads.md.
 * Knows nothing of HTTP: it takes ids and requests and throws ServiceError.
 *
 * Every sum is made in satang and whole counts; every ratio is `adRatios` of the sums (never a
 * mean of daily ratios). Speed (budget: 12 months of a demo brand p95 ≤ 100 ms on the embedded
 * database, `npm run bench:ads`, docs/ads.md#speed): three statements — the brand, its campaigns
 * as one row of JSON, and the ad days of the range and of the period before in one index scan,
 * grouped in one hashed pass three ways (GROUPING SETS: days, campaigns, the table's ad sets or
 * ads) and answered as one row of JSON; a drill-down adds one for the breadcrumb and the rows'
 * names. Channels and objectives are folded here from the campaigns. Only filters that narrow
 * reach SQL: a campaign list tested on every row costs as much as the scan.
 */
import { addDays, daysInclusive, isDay } from "../../domain/calendarDays";
import { addAdSums, adRatios, bahtOf, ZERO_AD_SUMS, type AdSums } from "../../domain/ads";
import {
  ADS_MAX_DAYS, DEFAULT_ADS_PAGE_SIZE,
  type AdChannel, type AdFigures, type AdFormat, type AdObjective, type AdsCampaignRef, type AdsFigures, type AdsFiguresRequest,
  type AdsRow, type AdsSort, type CampaignStatus,
} from "../../domain/adsContract";
import { CHANNEL_VALUES } from "../../domain/metrics";
import { previousPeriod } from "../../domain/periodChange";
import type { Queryable, Storage } from "../storage/storage";
import { ServiceError } from "./errors";

/** Day by day up to this many days, week by week up to WEEK_MAX, else month by month. */
export const ADS_DAY_MAX_DAYS = 92;
export const ADS_WEEK_MAX_DAYS = 366;

export type AdsUnit = "day" | "week" | "month";
export const adsUnitFor = (days: number): AdsUnit => (days <= ADS_DAY_MAX_DAYS ? "day" : days <= ADS_WEEK_MAX_DAYS ? "week" : "month");

/** The first day of each period of a range (clipped to it) and, for each day, its period's index. */
export function adsPeriods(start: string, end: string, unit: AdsUnit): { starts: string[]; index: number[] } {
  const starts: string[] = [];
  const index: number[] = [];
  const n = daysInclusive(start, end);
  for (let i = 0; i < n; i++) {
    const day = addDays(start, i);
    const d = new Date(`${day}T00:00:00Z`);
    if (i === 0 || unit === "day" || (unit === "week" && d.getUTCDay() === 1) || (unit === "month" && d.getUTCDate() === 1)) starts.push(day);
    index.push(starts.length - 1);
  }
  return { starts, index };
}

/** A campaign of the brand as the figures need it. */
export interface BrandCampaign extends AdsCampaignRef { readonly account: string }

/** The brand's id when it is one of the user's; ServiceError forbidden (field brand) otherwise. */
export async function userBrandId(db: Queryable, userId: number, brand: string): Promise<number> {
  const row = (await db.query<{ id: number }>(
    "SELECT b.id FROM user_brands ub JOIN brands b ON b.id = ub.brand_id WHERE ub.user_id = $1 AND b.name = $2", [userId, brand],
  )).rows[0];
  if (!row) throw new ServiceError("forbidden", `"${brand}" is not one of your brands`, { field: "brand" });
  return row.id;
}

/** Every campaign of a brand (one statement). */
export async function brandCampaigns(db: Queryable, brandId: number): Promise<BrandCampaign[]> {
  const row = (await db.query<{ c: Array<[string, string, AdChannel, AdObjective, CampaignStatus, string]> | null }>(
    `SELECT json_agg(json_build_array(id, name, channel, objective, status, bag_id) ORDER BY name, id) AS c FROM ad_campaigns WHERE brand_id = $1`,
    [brandId],
  )).rows[0];
  return (row?.c ?? []).map(([id, name, channel, objective, status, account]) => ({ id, name, channel, objective, status, account }));
}

/** Sums as the statement answers them: spend, impressions, reach, clicks, views, results, purchase value (null: none). */
type SumsRow = [number | string, number | string, number | string, number | string, number | string, number | string, number | string | null];

const sumsOf = (r: SumsRow | null | undefined): AdSums => (r
  ? { spendSatang: Number(r[0]), impressions: Number(r[1]), reach: Number(r[2]), clicks: Number(r[3]), videoViews: Number(r[4]), results: Number(r[5]), purchaseValueSatang: r[6] === null ? null : Number(r[6]) }
  : ZERO_AD_SUMS);

/** The figures of a sum: money in baht, ratios of the sums. */
export function figuresOf(s: AdSums): AdFigures {
  return {
    spend: bahtOf(s.spendSatang), impressions: s.impressions, reach: s.reach, clicks: s.clicks, videoViews: s.videoViews, results: s.results,
    purchaseValue: s.purchaseValueSatang === null ? null : bahtOf(s.purchaseValueSatang),
    ...adRatios(s),
  };
}

const SUMS_SQL = `json_build_array(sum(spend_satang), sum(impressions), sum(reach), sum(clicks), sum(video_views), sum(results), sum(purchase_value_satang))`;

/**
 * The ad days of the range and the period before it in one index scan, grouped three ways in one
 * hashed pass: days of the range (the previous period's rows all fall in the day-less group: its
 * totals), campaigns, and the table's level (ad sets of the parent campaign or ads of the parent
 * ad set); each with the least and greatest result type (equal: one type). `filters` are
 * conditions made here from constants, their values parameters from $7 on.
 */
const figuresSql = (filters: string) => `
SELECT json_agg(json_build_array(g, day, campaign_id, lvl, s, t1, t2)) AS cur FROM (
  SELECT GROUPING(dkey, ckey, lvl) AS g, dkey AS day, ckey AS campaign_id, lvl, ${SUMS_SQL} AS s, min(result_type) AS t1, max(result_type) AS t2
    FROM (SELECT CASE WHEN day >= $3::date THEN day - $3::date END AS dkey, CASE WHEN day >= $3::date THEN campaign_id END AS ckey,
                 CASE WHEN day < $3::date OR $5::text = '' THEN NULL WHEN $4::text = 'ad' THEN CASE WHEN ad_set_id = $5 THEN ad_id END
                      WHEN campaign_id = $5 THEN ad_set_id END AS lvl,
                 spend_satang, impressions, reach, clicks, video_views, results, result_type, purchase_value_satang
            FROM ad_days WHERE brand_id = $1 AND day BETWEEN $2::date AND $6::date${filters}) x
   GROUP BY GROUPING SETS ((dkey), (ckey), (lvl))) y
 WHERE g = 3 OR (g = 5 AND campaign_id IS NOT NULL) OR (g = 6 AND lvl IS NOT NULL)`;

/** The sort's value of a row (name sorts apart). */
const SORT_VALUE: Readonly<Record<Exclude<AdsSort, "name">, (r: AdsRow) => number | null>> = {
  spend: (r) => r.spend, impressions: (r) => r.impressions, reach: (r) => r.reach, clicks: (r) => r.clicks, results: (r) => r.results,
  costPerResult: (r) => r.costPerResult, ctr: (r) => r.ctr, cpm: (r) => r.cpm, cpc: (r) => r.cpc, frequency: (r) => r.frequency, roas: (r) => r.roas,
};

export class AdsService {
  constructor(private readonly db: Storage) {}

  /**
   * The figures of the brand's ads over the range (AdsFigures): totals, the previous period of
   * equal length, the series, by channel and objective, one page of the table at its level, and
   * the brand's campaigns on the channel and accounts in view.
   *
   * @throws ServiceError forbidden (field brand) when the brand is not one of the user's
   * @throws ServiceError invalid (start, end, parent) for a range that is not one, or a drill-down
   *   without its campaign or ad set, or into one not in view
   */
  async figures(userId: number, req: AdsFiguresRequest): Promise<AdsFigures> {
    if (!isDay(req.start)) throw new ServiceError("invalid", "must be an existing date written YYYY-MM-DD", { field: "start" });
    if (!isDay(req.end)) throw new ServiceError("invalid", "must be an existing date written YYYY-MM-DD", { field: "end" });
    if (req.end < req.start) throw new ServiceError("invalid", "must not be before start", { field: "end" });
    const days = daysInclusive(req.start, req.end);
    if (days > ADS_MAX_DAYS) throw new ServiceError("invalid", `the range may cover at most ${ADS_MAX_DAYS} days (it covers ${days})`, { field: "end" });
    const level = req.level ?? "campaign";
    if (level !== "campaign" && !req.parent) {
      throw new ServiceError("invalid", `the ${level === "adSet" ? "campaign" : "ad set"} drilled into is required for level ${level}`, { field: "parent" });
    }
    const brandId = await userBrandId(this.db, userId, req.brand);
    const all = await brandCampaigns(this.db, brandId);
    const channels: readonly string[] = CHANNEL_VALUES[req.channel];
    const accounts = req.accounts && req.accounts.length > 0 ? new Set(req.accounts) : null;
    const inView = all.filter((c) => channels.includes(c.channel) && (accounts === null || accounts.has(c.account)));
    const chosen = req.campaigns && req.campaigns.length > 0 ? new Set(req.campaigns) : null;
    const selected = inView.filter((c) => (chosen === null || chosen.has(c.id)) && (req.objective === undefined || c.objective === req.objective));
    const byId = new Map(all.map((c) => [c.id, c]));

    // Breadcrumb: the campaign (and ad set) drilled into must be in view; the names of the table's rows.
    const parent = level === "campaign" ? "" : req.parent!;
    let crumbCampaign: { id: string; name: string } | null = null;
    let crumbSet: { id: string; name: string } | null = null;
    type Names = [string, string, number | string | null, "daily" | "lifetime" | null, string | null, AdFormat | null];
    let names = new Map<string, Names>();
    if (level === "adSet") {
      const c = selected.find((x) => x.id === parent);
      if (!c) throw new ServiceError("invalid", "is not a campaign of the brand in view", { field: "parent" });
      crumbCampaign = { id: c.id, name: c.name };
      const sets = (await this.db.query<{ n: Names[] | null }>(
        "SELECT json_agg(json_build_array(id, name, budget_satang, budget_kind, optimisation_goal, NULL::text)) AS n FROM ad_sets WHERE brand_id = $1 AND campaign_id = $2",
        [brandId, parent],
      )).rows[0]?.n;
      names = new Map((sets ?? []).map((n) => [n[0], n]));
    } else if (level === "ad") {
      const set = (await this.db.query<{ id: string; name: string; campaign_id: string; n: Names[] | null }>(
        `SELECT s.id, s.name, s.campaign_id,
                (SELECT json_agg(json_build_array(a.id, a.name, NULL::int8, NULL::text, NULL::text, a.format)) FROM ads a WHERE a.brand_id = $1 AND a.ad_set_id = s.id) AS n
           FROM ad_sets s WHERE s.brand_id = $1 AND s.id = $2`, [brandId, parent],
      )).rows[0];
      const c = set ? selected.find((x) => x.id === set.campaign_id) : undefined;
      if (!set || !c) throw new ServiceError("invalid", "is not an ad set of a campaign in view", { field: "parent" });
      crumbCampaign = { id: c.id, name: c.name };
      crumbSet = { id: set.id, name: set.name };
      names = new Map((set.n ?? []).map((n) => [n[0], n]));
    }

    // Only the filters that narrow anything reach the statement (a campaign list tested on every row costs).
    const previous = previousPeriod({ start: req.start, end: req.end });
    const params: unknown[] = [brandId, previous.start, req.start, level, parent, req.end];
    let filters = "";
    if (channels.length === 1) filters += ` AND channel = $${params.push(channels[0])}`;
    if (accounts !== null) filters += ` AND bag_id = ANY($${params.push([...accounts])}::text[])`;
    if (chosen !== null || req.objective !== undefined) filters += ` AND campaign_id = ANY($${params.push(selected.map((c) => c.id))}::text[])`;
    const row = (await this.db.query<{ cur: Array<[number, number | null, string | null, string | null, SumsRow, string | null, string | null]> | null }>(
      figuresSql(filters), params,
    )).rows[0]!;

    // Fold. GROUPING bits (day, campaign_id, lvl): 0b011 day, 0b101 campaign, 0b110 the table's level.
    const unit = adsUnitFor(days);
    const periods = adsPeriods(req.start, req.end, unit);
    const series = periods.starts.map(() => ZERO_AD_SUMS);
    let totals = ZERO_AD_SUMS;
    let prev = ZERO_AD_SUMS;
    const byCampaign = new Map<string, { sums: AdSums; type: string | null }>();
    const byLevel = new Map<string, { sums: AdSums; type: string | null }>();
    for (const [g, day, campaignId, key, s, least, greatest] of row.cur ?? []) {
      const sums = sumsOf(s);
      const type = least === greatest ? least : null;
      if (g === 0b011 && day === null) prev = sums;
      else if (g === 0b011) {
        const p = periods.index[day!]!;
        series[p] = addAdSums(series[p]!, sums);
        totals = addAdSums(totals, sums);
      } else if (g === 0b101 && byId.has(campaignId!)) byCampaign.set(campaignId!, { sums, type });
      else if (g === 0b110 && key !== null) byLevel.set(key, { sums, type });
    }
    const byChannel = new Map<AdChannel, AdSums>();
    const byObjective = new Map<AdObjective, AdSums>();
    for (const [id, c] of byCampaign) {
      const { objective, channel } = byId.get(id)!;
      byObjective.set(objective, addAdSums(byObjective.get(objective) ?? ZERO_AD_SUMS, c.sums));
      byChannel.set(channel, addAdSums(byChannel.get(channel) ?? ZERO_AD_SUMS, c.sums));
    }

    const rows: AdsRow[] = [];
    const blank = { objective: null, status: null, budget: null, budgetKind: null, optimisationGoal: null, format: null } as const;
    if (level === "campaign") {
      for (const [id, x] of byCampaign) {
        const c = byId.get(id)!;
        rows.push({ ...blank, id, name: c.name, channel: c.channel, account: c.account, campaignId: id, objective: c.objective, status: c.status, resultType: x.type, ...figuresOf(x.sums) });
      }
    } else {
      const c = byId.get(crumbCampaign!.id)!;
      for (const [id, x] of byLevel) {
        const n = names.get(id);
        rows.push({
          ...blank, id, name: n?.[1] ?? id, channel: c.channel, account: c.account, campaignId: c.id, resultType: x.type,
          ...(level === "adSet"
            ? { budget: n?.[2] == null ? null : bahtOf(Number(n[2])), budgetKind: n?.[3] ?? null, optimisationGoal: n?.[4] ?? null }
            : { format: n?.[5] ?? null }),
          ...figuresOf(x.sums),
        });
      }
    }
    const sort = req.sort ?? "spend";
    const order = req.order ?? "desc";
    const sign = order === "asc" ? 1 : -1;
    const byName = (a: AdsRow, b: AdsRow) => a.name.localeCompare(b.name, "th") || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    rows.sort((a, b) => {
      if (sort === "name") return sign * byName(a, b);
      const va = SORT_VALUE[sort](a);
      const vb = SORT_VALUE[sort](b);
      if (va === null || vb === null) return va === vb ? byName(a, b) : va === null ? 1 : -1; // nulls last either way
      return va === vb ? byName(a, b) : sign * (va - vb);
    });
    const pageSize = req.pageSize ?? DEFAULT_ADS_PAGE_SIZE;
    const page = req.page ?? 1;

    return {
      totals: figuresOf(totals),
      previous: figuresOf(prev),
      unit,
      series: periods.starts.map((start, i) => ({ start, ...figuresOf(series[i]!) })),
      byChannel: (["facebook", "tiktok"] as const).filter((ch) => byChannel.has(ch)).map((channel) => ({ channel, ...figuresOf(byChannel.get(channel)!) })),
      byObjective: [...byObjective].sort((a, b) => b[1].spendSatang - a[1].spendSatang || (a[0] < b[0] ? -1 : 1)).map(([objective, s]) => ({ objective, ...figuresOf(s) })),
      table: { level, campaign: crumbCampaign, adSet: crumbSet, rows: rows.slice((page - 1) * pageSize, page * pageSize), total: rows.length, page, pageSize, sort, order },
      campaigns: inView.map(({ id, name, channel, objective, status }) => ({ id, name, channel, objective, status })),
    };
  }
}
