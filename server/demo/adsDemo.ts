/**
 * The demo's campaigns, ad sets, ads and their daily figures (issue 15, docs/ads.md#demo), for
 * every demo ad account (bag) from 2023-01-01 to today. Pure functions of (account, day) like the
 * demo metrics (demoSeries.ts), and made FROM them: each account-day of `demoAdsValues` (spend,
 * impressions, reach, clicks, video views) is split among the ads running that day by
 * deterministic weights, with the largest remainder, so the ads of an account add up exactly to
 * its `metrics` rows of plan 'ads' (one source of truth: KPI progress and /ads agree).
 *
 * - Always-on campaigns run from the first day ("Tipco Always-on Sales", "Messages – LINE OA", …).
 * - Bursts around Songkran and the double-day sales 9.9, 10.10, 11.11 and 12.12, every year; their
 *   weight ramps up to the sale day. The 11.11 bursts and the TikTok always-on sales spend above
 *   their ad sets' daily budgets (overspend).
 * - One fatigued campaign per brand, on its first Facebook account, started 59 days before the
 *   demo was seeded (so it shows in the last 60 days whatever day the demo is made): as it ages
 *   its frequency and CPM rise and its CTR falls (the split moves impressions, reach and clicks
 *   between ads; the account sums stay exact).
 * - Results follow the objective: sales take the account-day's conversions ("Purchases", with a
 *   purchase value of a basket of ฿350–900), leads its leadgen, messages its inbox; traffic,
 *   video views and awareness count link clicks, ThruPlays and reach.
 */
import { addDays, daysInclusive } from "../../domain/calendarDays";
import type { AdFormat, AdObjective } from "../../domain/adsContract";
import type { Queryable, Storage } from "../storage/storage";
import { DEMO_METRICS_START, demoAdsValues, fnv1a, normal, uniform, type Channel } from "./demoSeries";

/** A demo ad account: the bag, its brand and its place among the brand's accounts. */
export interface DemoAdAccount {
  readonly brandId: number;
  readonly brand: string;
  readonly bagId: string;
  readonly channel: Channel;
  /** 1-based place of the account among the brand's accounts (by id); 1 on Facebook holds the fatigued campaign. */
  readonly rank: number;
  /** The brand's first Facebook account. */
  readonly primary: boolean;
}

export interface DemoAd { readonly id: string; readonly name: string; readonly format: AdFormat; readonly share: number }
export interface DemoAdSet {
  readonly id: string;
  readonly name: string;
  readonly budgetSatang: number;
  readonly goal: string;
  readonly share: number;
  readonly ads: readonly DemoAd[];
}
export interface DemoCampaign {
  readonly id: string;
  readonly key: string;
  readonly name: string;
  readonly objective: AdObjective;
  /** Day indexes (0 = 2023-01-01), inclusive; stop null = still running. */
  readonly startIdx: number;
  readonly stopIdx: number | null;
  readonly fatigued: boolean;
  readonly sets: readonly DemoAdSet[];
  /** Relative weight of the campaign in the account's spend on a day it runs. */
  readonly weight: (idx: number) => number;
}

/** What a campaign's results count, by objective, as Ads Manager names them. */
export const DEMO_RESULT_TYPES: Readonly<Record<AdObjective, string>> = {
  sales: "Purchases",
  leads: "Leads",
  messages: "Messaging conversations started",
  traffic: "Link clicks",
  engagement: "Post engagements",
  video_views: "ThruPlays",
  awareness: "Reach",
  app_promotion: "App installs",
};

/** Days before the seeding day the fatigued campaign started (it runs on, getting worse). */
export const FATIGUE_LEAD_DAYS = 59;

const PRODUCTS: Readonly<Record<string, readonly string[]>> = {
  Tipco: ["น้ำส้ม 100%", "Cold Pressed", "Vita-C", "Mixed Fruit 1L"],
  Aura: ["Vitamin C Serum", "กันแดด SPF50+", "Hydra Cream", "Lip Tint"],
  "Aura Move": ["AirFlex Leggings", "สปอร์ตบรา Pro", "Runners Club", "Dry-fit Tee"],
};
/** Average basket per purchase, baht. */
const BASKET: Readonly<Record<string, number>> = { Tipco: 380, Aura: 840, "Aura Move": 890 };

const FATIGUE_NAMES: Readonly<Record<string, string>> = {
  Tipco: "Tipco Cold Pressed – Retarget ATC 14D",
  Aura: "Aura Glow Serum – Retarget ลูกค้าเก่า",
  "Aura Move": "AirFlex Leggings – Retarget IG/FB",
};

/** The day's index (0 = 2023-01-01) of a Bangkok day, and back. */
export const adsDayIndex = (day: string) => daysInclusive(DEMO_METRICS_START, day) - 1;
export const adsDayOf = (idx: number) => addDays(DEMO_METRICS_START, idx);

/** A platform-like id: Meta ids are 18 digits starting 120, TikTok's 19 starting 17. */
function demoId(channel: Channel, bagId: string, key: string): string {
  const a = fnv1a(`${bagId}|${key}`) % 100_000_000;
  const b = fnv1a(`${key}|${bagId}|ads`) % 10_000_000;
  return channel === "facebook" ? `120${String(a).padStart(8, "0")}${String(b).padStart(7, "0")}` : `17${String(a).padStart(8, "0")}${String(b).padStart(9, "0")}`;
}

/** The account's typical spend of a day (baht) before calendar effects, as demoAdsValues makes it. */
function baseSpend(account: DemoAdAccount, idx: number): number {
  const size = 0.6 + 1.2 * uniform(fnv1a(account.bagId), -1, 1);
  return (account.channel === "tiktok" ? 4_200 : 5_500) * size * 1.18 ** (idx / 365.25);
}

interface CampaignSpec {
  key: string;
  name: string;
  objective: AdObjective;
  startIdx: number;
  stopIdx: number | null;
  fatigued?: boolean;
  weight: (idx: number) => number;
  /** Ad sets: name, optimisation goal, share, ads (name, format). */
  sets: ReadonlyArray<{ name: string; goal: string; share: number; ads: ReadonlyArray<[string, AdFormat]> }>;
  /** Budget against the expected spend: below 1 overspends. */
  budgetFactor: number;
}

const GOALS: Readonly<Record<Channel, Partial<Record<AdObjective, string>>>> = {
  facebook: { sales: "Purchase", leads: "Leads", messages: "Conversations", traffic: "Link clicks", video_views: "ThruPlay", awareness: "Reach" },
  tiktok: { sales: "Complete payment", leads: "Form submission", messages: "Conversations", traffic: "Clicks", video_views: "6-second views (Focused View)", awareness: "Reach" },
};

/** Every campaign of an account whose first day is at most `lastIdx`. */
export function demoCampaignsOf(account: DemoAdAccount, fatigueStartIdx: number, lastIdx: number): DemoCampaign[] {
  const { brand, channel } = account;
  const p = PRODUCTS[brand] ?? ["Best sellers", "New arrival", "Bundle", "Gift set"];
  const goal = (o: AdObjective) => GOALS[channel][o] ?? "Impressions";
  const specs: CampaignSpec[] = [];
  const always = () => 1;
  const vdo = channel === "tiktok" ? "Spark Ad" : "VDO 15s";
  if (channel === "facebook") {
    if (account.primary) {
      specs.push({
        key: "ao-sales", name: `${brand} Always-on Sales`, objective: "sales", startIdx: 0, stopIdx: null, weight: always, budgetFactor: 1.15,
        sets: [
          { name: "Broad | 25-44 | BKK+ปริมณฑล", goal: goal("sales"), share: 0.6, ads: [[`${vdo} – ${p[0]}`, "video"], [`Carousel – ${p[1]} Best sellers`, "carousel"], [`Image – ${p[2]} ส่งฟรี`, "image"]] },
          { name: "LAL 1% Purchasers 180D", goal: goal("sales"), share: 0.4, ads: [[`Collection – ${p[3]}`, "collection"], [`UGC Review – ${p[0]}`, "video"]] },
        ],
      });
      specs.push({
        key: "ao-line", name: "Messages – LINE OA", objective: "messages", startIdx: 0, stopIdx: null, weight: () => 0.45, budgetFactor: 1.2,
        sets: [{ name: "Interest – ทักแชทรับโค้ด", goal: goal("messages"), share: 1, ads: [["ทักแชท LINE รับส่วนลด 10%", "image"], [`${vdo} – ถามตอบ ${p[1]}`, "video"]] }],
      });
    } else {
      specs.push({
        key: "ao-traffic", name: `${brand} Always-on Traffic – Shopee/Lazada`, objective: "traffic", startIdx: 0, stopIdx: null, weight: always, budgetFactor: 1.1,
        sets: [
          { name: "Broad – Link clicks", goal: goal("traffic"), share: 0.55, ads: [[`Image – ${p[0]} ช้อปเลย`, "image"], [`Carousel – ${p[2]} ราคาพิเศษ`, "carousel"]] },
          { name: "Interest – Online shoppers", goal: goal("traffic"), share: 0.45, ads: [[`${vdo} – ${p[3]}`, "video"]] },
        ],
      });
      specs.push(brand === "Aura"
        ? {
          key: "ao-leads", name: "Aura Beauty Talk – Lead Form รับสิทธิ์ทดลอง", objective: "leads", startIdx: 0, stopIdx: null, weight: () => 0.5, budgetFactor: 1.2,
          sets: [{ name: "F 20-35 | Skincare interest", goal: goal("leads"), share: 1, ads: [["Lead Form – ชุดทดลองฟรี", "image"], [`${vdo} – รีวิว ${p[0]}`, "video"]] }],
        }
        : {
          key: "ao-messenger", name: "Messages – Messenger ทักแชท", objective: "messages", startIdx: 0, stopIdx: null, weight: () => 0.45, budgetFactor: 1.2,
          sets: [{ name: "Engaged 365D – ทักแชท", goal: goal("messages"), share: 1, ads: [["ทักแชทสั่งซื้อ ส่งไว", "image"]] }],
        });
    }
  } else {
    specs.push({
      key: "ao-sales", name: `${brand} TikTok Shop Always-on Sales`, objective: "sales", startIdx: 0, stopIdx: null, weight: always, budgetFactor: 0.8,
      sets: [
        { name: "Broad | 18-34 | TH", goal: goal("sales"), share: 0.65, ads: [[`Spark Ad – ${p[0]} รีวิวจริง`, "video"], [`Spark Ad – ${p[1]} Creator`, "video"]] },
        { name: "Custom – Video viewers 30D", goal: goal("sales"), share: 0.35, ads: [[`Carousel – ${p[2]}`, "carousel"]] },
      ],
    });
    specs.push({
      key: "ao-views", name: `${brand} Always-on Video Views`, objective: "video_views", startIdx: 0, stopIdx: null, weight: () => 0.6, budgetFactor: 1.1,
      sets: [{ name: "Broad – Focused View", goal: goal("video_views"), share: 1, ads: [[`VDO 9:16 – ${p[3]}`, "video"], ["Trend sound – #ชาเลนจ์", "video"]] }],
    });
  }

  // Seasonal bursts, every year up to the last day.
  const lastYear = Number(adsDayOf(lastIdx).slice(0, 4));
  const burstAccount = channel === "tiktok" || account.primary;
  for (let year = 2023; burstAccount && year <= lastYear; year++) {
    const idxOf = (m: number, d: number) => adsDayIndex(`${year}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`);
    const yy = String(year).slice(2);
    const songkran = idxOf(4, 13);
    specs.push({
      key: `songkran-${year}`, name: `Songkran ${year} – ${channel === "tiktok" ? "สาดความสดชื่น" : "Awareness"}`,
      objective: channel === "tiktok" ? "video_views" : "awareness", startIdx: songkran - 12, stopIdx: songkran + 3, budgetFactor: 1.1,
      weight: (i) => (i >= songkran ? 1.4 : 0.9),
      sets: [{ name: "Broad – TH 18-44", goal: goal(channel === "tiktok" ? "video_views" : "awareness"), share: 1, ads: [[`${vdo} – สงกรานต์ ${p[0]}`, "video"], ["Image – Happy Songkran", "image"]] }],
    });
    for (const m of [9, 10, 11, 12]) {
      const sale = idxOf(m, m);
      const start = sale - (m === 11 || m === 12 ? 11 : 8);
      const peak = m === 11 ? 3.6 : m === 12 ? 3.0 : 2.4;
      specs.push({
        key: `sale-${m}-${year}`, name: `${m}.${m} Mega Sale ${yy} – ${brand}${channel === "tiktok" ? " TikTok Shop" : ""}`, objective: "sales", startIdx: start, stopIdx: sale + 1,
        budgetFactor: m === 11 ? 0.7 : 1.6,
        weight: (i) => (i === sale ? peak : i > sale ? 0.7 : 0.5 + ((i - start) / (sale - start)) ** 2 * (peak * 0.55)),
        sets: [
          { name: `Retarget – Engaged 90D (${m}.${m})`, goal: goal("sales"), share: 0.55, ads: [[`${vdo} – ${m}.${m} ลดสูงสุด 50%`, "video"], [`Carousel – ${m}.${m} ดีลเด็ด`, "carousel"]] },
          { name: `Broad – Deal seekers (${m}.${m})`, goal: goal("sales"), share: 0.45, ads: [[`Image – ${m}.${m} ส่งฟรี ไม่มีขั้นต่ำ`, "image"], [`Collection – ${p[1]} ${m}.${m}`, "collection"]] },
        ],
      });
    }
  }
  if (account.primary && channel === "facebook") {
    specs.push({
      key: "fatigue", name: FATIGUE_NAMES[brand] ?? `${brand} – Retarget ATC 14D`, objective: "sales", startIdx: fatigueStartIdx, stopIdx: null, fatigued: true,
      weight: () => 0.55, budgetFactor: 1.05,
      sets: [{ name: "Retarget – Add to cart 14D", goal: goal("sales"), share: 1, ads: [[`${vdo} – ${p[1]} ลด 20%`, "video"], [`Image – ${p[1]} ของแถม`, "image"]] }],
    });
  }

  // Typical weight of an account-day: the always-on weights plus a little for the bursts.
  const typical = specs.filter((s) => s.stopIdx === null && !s.fatigued).reduce((t, s) => t + s.weight(0), 0) + 0.4;
  return specs.filter((s) => s.startIdx <= lastIdx).map((s) => {
    const id = demoId(channel, account.bagId, `campaign:${s.key}`);
    // The budget as set for the campaign's latest day (an always-on budget follows the account's growth).
    const at = s.stopIdx === null ? lastIdx : Math.min(s.stopIdx, lastIdx);
    const mid = s.stopIdx === null ? at : Math.round((s.startIdx + s.stopIdx) / 2);
    const share = s.stopIdx === null && !s.fatigued ? s.weight(mid) / typical : s.weight(mid) / (typical + s.weight(mid));
    const expected = baseSpend(account, at) * share;
    return {
      id, key: s.key, name: s.name, objective: s.objective, startIdx: s.startIdx, stopIdx: s.stopIdx, fatigued: s.fatigued ?? false, weight: s.weight,
      sets: s.sets.map((set, k) => {
        const setId = demoId(channel, account.bagId, `set:${s.key}:${k}`);
        const budget = Math.max(300, Math.round((expected * set.share * s.budgetFactor) / 100) * 100);
        return {
          id: setId, name: set.name, goal: set.goal, share: set.share, budgetSatang: budget * 100,
          ads: set.ads.map(([name, format], j) => ({ id: demoId(channel, account.bagId, `ad:${s.key}:${k}:${j}`), name, format, share: 1 / set.ads.length })),
        };
      }),
    };
  });
}

/** Splits a whole number by weights with the largest remainder (ties to the earlier); the parts add up to `total`. */
export function splitWhole(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (weights.length === 0) return [];
  if (sum <= 0) return splitWhole(total, weights.map(() => 1));
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((s, x) => s + x, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) parts[order[k]![1]]! += 1;
  return parts;
}

/** How a fatigued campaign of a given age (days since its start) delivers against the others. */
export function fatigueOf(age: number): { cpm: number; frequency: number; ctr: number } {
  return {
    cpm: 0.95 + 0.75 * Math.min(1, age / 55),
    frequency: 1.05 + 1.05 * Math.min(1, age / 45),
    ctr: age < 18 ? 1.35 : Math.max(0.2, 1.35 * Math.exp(-0.045 * (age - 18))),
  };
}

const VIEW_WEIGHT: Readonly<Record<AdFormat, number>> = { video: 1.4, collection: 0.5, carousel: 0.3, image: 0.08, other: 0.3 };

export interface DemoAdDay {
  readonly campaign: DemoCampaign;
  readonly set: DemoAdSet;
  readonly ad: DemoAd;
  readonly spendSatang: number;
  readonly impressions: number;
  readonly reach: number;
  readonly clicks: number;
  readonly videoViews: number;
  readonly results: number;
  readonly purchaseValueSatang: number | null;
}

/** The figures of every ad of the account running on day `idx`: they add up to the account-day's demo metrics. */
export function demoAdDays(account: DemoAdAccount, campaigns: readonly DemoCampaign[], idx: number): DemoAdDay[] {
  const running: Array<{ campaign: DemoCampaign; set: DemoAdSet; ad: DemoAd; w: number; cpm: number; freq: number; ctr: number }> = [];
  const seed = fnv1a(`adsplit:${account.bagId}`);
  for (const campaign of campaigns) {
    if (idx < campaign.startIdx || (campaign.stopIdx !== null && idx > campaign.stopIdx)) continue;
    const f = campaign.fatigued ? fatigueOf(idx - campaign.startIdx) : { cpm: 1, frequency: 1, ctr: 1 };
    const cw = campaign.weight(idx);
    for (const set of campaign.sets) {
      for (const ad of set.ads) {
        const noise = Math.exp(0.15 * normal(seed ^ fnv1a(ad.id), idx, 3));
        running.push({ campaign, set, ad, w: cw * set.share * ad.share * noise, cpm: f.cpm, freq: f.frequency, ctr: f.ctr });
      }
    }
  }
  if (running.length === 0) return [];
  const v = demoAdsValues(account.bagId, account.channel, idx);
  const spend = splitWhole(Math.round(v.spend * 100), running.map((r) => r.w));
  const impW = running.map((r) => r.w / r.cpm);
  const impressions = splitWhole(v.impression, impW);
  const reach = splitWhole(v.reach, running.map((r, i) => impW[i]! / r.freq));
  const clicks = splitWhole(v.click, running.map((r, i) => impW[i]! * r.ctr));
  const views = splitWhole(v.view, running.map((r, i) => impW[i]! * VIEW_WEIGHT[r.ad.format]));
  // Results: the account-day's conversions, leads and messages among the ads of those objectives.
  const shared = (objective: AdObjective, total: number): Map<number, number> => {
    const at = running.map((r, i) => (r.campaign.objective === objective ? i : -1)).filter((i) => i >= 0);
    const parts = splitWhole(total, at.map((i) => Math.max(clicks[i]!, 0.01) * running[i]!.ctr));
    return new Map(at.map((i, k) => [i, parts[k]!]));
  };
  const conversions = shared("sales", v.conversion);
  const leads = shared("leads", v.leadgen);
  const messages = shared("messages", v.inbox);
  const basket = BASKET[account.brand] ?? 600;
  return running.map((r, i) => {
    let results: number;
    switch (r.campaign.objective) {
      case "sales": results = conversions.get(i)!; break;
      case "leads": results = leads.get(i)!; break;
      case "messages": results = messages.get(i)!; break;
      case "traffic": results = clicks[i]!; break;
      case "video_views": results = views[i]!; break;
      default: results = reach[i]!;
    }
    const value = r.campaign.objective === "sales"
      ? Math.round(results * basket * Math.exp(0.12 * normal(seed ^ fnv1a(r.ad.id), idx, 9)) * 100)
      : null;
    return {
      campaign: r.campaign, set: r.set, ad: r.ad, spendSatang: spend[i]!, impressions: impressions[i]!, reach: reach[i]!, clicks: clicks[i]!,
      videoViews: views[i]!, results, purchaseValueSatang: value,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Writing them

/** The demo ad accounts: every bag of the database (seeding and top-ups run on the demo brands). */
export async function demoAdAccounts(tx: Queryable): Promise<DemoAdAccount[]> {
  const rows = (await tx.query<{ brand_id: number; brand: string; bag_id: string; channel: Channel }>(
    "SELECT g.brand_id, b.name AS brand, g.id AS bag_id, g.channel FROM bags g JOIN brands b ON b.id = g.brand_id ORDER BY g.brand_id, g.id",
  )).rows;
  const firstFb = new Map<number, string>();
  for (const r of rows) if (r.channel === "facebook" && !firstFb.has(r.brand_id)) firstFb.set(r.brand_id, r.bag_id);
  const rank = new Map<number, number>();
  return rows.map((r) => {
    rank.set(r.brand_id, (rank.get(r.brand_id) ?? 0) + 1);
    return { brandId: r.brand_id, brand: r.brand, bagId: r.bag_id, channel: r.channel, rank: rank.get(r.brand_id)!, primary: firstFb.get(r.brand_id) === r.bag_id };
  });
}

const INSERT_CAMPAIGNS = `
INSERT INTO ad_campaigns (brand_id, bag_id, channel, id, name, objective, status, start_day, stop_day, source)
SELECT $1, $2, $3, c.id, c.name, c.objective, c.status, c.start_day::date, c.stop_day::date, 'demo'
  FROM unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[]) AS c(id, name, objective, status, start_day, stop_day)
ON CONFLICT (brand_id, id) DO UPDATE SET status = EXCLUDED.status, stop_day = EXCLUDED.stop_day, updated_at = now()
 WHERE ad_campaigns.source = 'demo'`;
const INSERT_SETS = `
INSERT INTO ad_sets (brand_id, bag_id, campaign_id, id, name, budget_satang, budget_kind, optimisation_goal, source)
SELECT $1, $2, s.campaign_id, s.id, s.name, s.budget, 'daily', s.goal, 'demo'
  FROM unnest($3::text[], $4::text[], $5::text[], $6::int8[], $7::text[]) AS s(campaign_id, id, name, budget, goal)
ON CONFLICT (brand_id, id) DO UPDATE SET budget_satang = EXCLUDED.budget_satang, updated_at = now()
 WHERE ad_sets.source = 'demo' AND ad_sets.budget_satang IS DISTINCT FROM EXCLUDED.budget_satang`;
const INSERT_ADS = `
INSERT INTO ads (brand_id, bag_id, campaign_id, ad_set_id, id, name, format, source)
SELECT $1, $2, a.campaign_id, a.ad_set_id, a.id, a.name, a.format, 'demo'
  FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) AS a(campaign_id, ad_set_id, id, name, format)
ON CONFLICT (brand_id, id) DO NOTHING`;
/**
 * One statement per account: the days travel as int8 arrays with an index into the account's ads
 * (text arrays per row would cost more to parse on PGlite), in the order of the primary key.
 */
const INSERT_DAYS = `
INSERT INTO ad_days (brand_id, bag_id, channel, campaign_id, ad_set_id, ad_id, day, spend_satang, impressions, reach, clicks,
                     video_views, results, result_type, purchase_value_satang, source)
SELECT $1, $2, $3, a.campaign_id, a.ad_set_id, a.ad_id, $4::date + d.off, d.spend, d.imp, d.reach, d.clicks, d.views, d.results,
       CASE WHEN d.results > 0 THEN a.result_type END, d.pv, 'demo'
  FROM unnest($5::int4[], $6::int4[], $7::int8[], $8::int8[], $9::int8[], $10::int8[], $11::int8[], $12::int8[], $13::int8[])
       AS d(ad, off, spend, imp, reach, clicks, views, results, pv)
  JOIN unnest($14::text[], $15::text[], $16::text[], $17::text[]) WITH ORDINALITY AS a(ad_id, ad_set_id, campaign_id, result_type, n) ON a.n = d.ad
 ORDER BY d.off, a.ad_id`;

/** Writes the campaigns, ad sets, ads and ad days of one account for the days first..last (indexes). */
async function writeAccount(tx: Queryable, account: DemoAdAccount, fatigueStartIdx: number, first: number, last: number, keepExisting: boolean): Promise<number> {
  if (last < first) return 0;
  const campaigns = demoCampaignsOf(account, fatigueStartIdx, last);
  const today = adsDayOf(last);
  const c = { id: [] as string[], name: [] as string[], objective: [] as string[], status: [] as string[], start: [] as string[], stop: [] as (string | null)[] };
  const s = { campaign: [] as string[], id: [] as string[], name: [] as string[], budget: [] as number[], goal: [] as string[] };
  const a = { campaign: [] as string[], set: [] as string[], id: [] as string[], name: [] as string[], format: [] as string[], type: [] as string[] };
  const adIndex = new Map<string, number>();
  for (const camp of campaigns) {
    const stop = camp.stopIdx === null ? null : adsDayOf(camp.stopIdx);
    c.id.push(camp.id); c.name.push(camp.name); c.objective.push(camp.objective);
    c.status.push(stop !== null && stop < today ? "ended" : "active"); c.start.push(adsDayOf(camp.startIdx)); c.stop.push(stop);
    for (const set of camp.sets) {
      s.campaign.push(camp.id); s.id.push(set.id); s.name.push(set.name); s.budget.push(set.budgetSatang); s.goal.push(set.goal);
      for (const ad of set.ads) {
        a.campaign.push(camp.id); a.set.push(set.id); a.id.push(ad.id); a.name.push(ad.name); a.format.push(ad.format);
        a.type.push(DEMO_RESULT_TYPES[camp.objective]);
        adIndex.set(ad.id, a.id.length);
      }
    }
  }
  await tx.query(INSERT_CAMPAIGNS, [account.brandId, account.bagId, account.channel, c.id, c.name, c.objective, c.status, c.start, c.stop]);
  await tx.query(INSERT_SETS, [account.brandId, account.bagId, s.campaign, s.id, s.name, s.budget, s.goal]);
  await tx.query(INSERT_ADS, [account.brandId, account.bagId, a.campaign, a.set, a.id, a.name, a.format]);
  const d = { ad: [] as number[], off: [] as number[], spend: [] as number[], imp: [] as number[], reach: [] as number[], clicks: [] as number[],
    views: [] as number[], results: [] as number[], pv: [] as (number | null)[] };
  for (let idx = first; idx <= last; idx++) {
    for (const r of demoAdDays(account, campaigns, idx)) {
      d.ad.push(adIndex.get(r.ad.id)!); d.off.push(idx - first); d.spend.push(r.spendSatang); d.imp.push(r.impressions); d.reach.push(r.reach);
      d.clicks.push(r.clicks); d.views.push(r.videoViews); d.results.push(r.results); d.pv.push(r.purchaseValueSatang);
    }
  }
  const res = await tx.query(`${INSERT_DAYS}${keepExisting ? " ON CONFLICT (brand_id, ad_id, day) DO NOTHING" : ""}`, [
    account.brandId, account.bagId, account.channel, adsDayOf(first), d.ad, d.off, d.spend, d.imp, d.reach, d.clicks, d.views, d.results, d.pv,
    a.id, a.set, a.campaign, a.type,
  ]);
  return res.affectedRows;
}

/** Seeds the demo campaigns and ad days of every account from 2023-01-01 to `today`; returns the ad days written. */
export async function seedDemoAds(tx: Queryable, today: string): Promise<number> {
  const last = adsDayIndex(today);
  const fatigueStart = Math.max(0, last - FATIGUE_LEAD_DAYS);
  let written = 0;
  for (const account of await demoAdAccounts(tx)) written += await writeAccount(tx, account, fatigueStart, 0, last, false);
  return written;
}

/**
 * Continues the demo ad days up to `today` for every account whose last ad day is still a demo
 * one (an account an import wrote stays as imported), as extendDemoMetrics does for the metrics.
 *
 * @returns per brand with new days, the first new day (for the rules to evaluate from)
 */
export async function extendDemoAds(db: Storage, today: string): Promise<Map<number, string>> {
  return db.transaction(async (tx) => {
    const firstNew = new Map<number, string>();
    // Each account's last day and whether any row of it was imported (found through ad_days_bag).
    const lastDays = new Map((await tx.query<{ bag_id: string; day: string | null; imported: boolean | null }>(
      `SELECT g.id AS bag_id, to_char(l.day, 'YYYY-MM-DD') AS day,
              (SELECT bool_or(d.source <> 'demo') FROM ad_days d WHERE d.bag_id = g.id AND d.day = l.day) AS imported
         FROM bags g CROSS JOIN LATERAL (SELECT max(day) AS day FROM ad_days WHERE bag_id = g.id) l`,
    )).rows.map((r) => [r.bag_id, r]));
    const fatigueStarts = new Map((await tx.query<{ brand_id: number; start: string }>(
      "SELECT brand_id, to_char(min(start_day), 'YYYY-MM-DD') AS start FROM ad_campaigns WHERE source = 'demo' AND id = ANY($1::text[]) GROUP BY brand_id",
      [(await demoAdAccounts(tx)).filter((a) => a.primary).map((a) => demoId("facebook", a.bagId, "campaign:fatigue"))],
    )).rows.map((r) => [r.brand_id, r.start]));
    for (const account of await demoAdAccounts(tx)) {
      const l = lastDays.get(account.bagId);
      if (!l || l.day === null || l.imported !== false || l.day >= today) continue;
      const fatigue = fatigueStarts.get(account.brandId);
      const fatigueStart = fatigue ? adsDayIndex(fatigue) : Math.max(0, adsDayIndex(l.day) - FATIGUE_LEAD_DAYS);
      const from = addDays(l.day, 1);
      const n = await writeAccount(tx, account, fatigueStart, adsDayIndex(from), adsDayIndex(today), true);
      if (n > 0) {
        const prev = firstNew.get(account.brandId);
        if (prev === undefined || from < prev) firstNew.set(account.brandId, from);
      }
    }
    return firstNew;
  });
}

/** The id of a brand's fatigued demo campaign (on its first Facebook account). */
export const demoFatiguedCampaignId = (primaryBagId: string) => demoId("facebook", primaryBagId, "campaign:fatigue");
