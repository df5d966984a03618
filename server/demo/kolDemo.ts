/**
 * The demo's KOL campaigns (issue 16, docs/kol.md#demo): for every demo brand a roster of Thai
 * KOLs across the four tiers and platforms, and three campaigns over 2024–2025 (a Songkran
 * launch, a double-day sale with promo codes, a year-end awareness push), each booking 10–40 of
 * them, with their posts. Fixed dates: the demo is the same whatever day it is seeded.
 *
 * Deterministic: every number comes from a PRNG seeded by the brand and the campaign (mulberry32
 * over fnv1a), so a seed of the same code gives the same rows. Realistic ranges:
 * - fees by tier: nano ฿1,500–5,000, micro ฿8,000–30,000, macro ฿40,000–150,000, mega ฿200,000–800,000;
 * - views and reach from followers by platform (TikTok views run past followers, Facebook's are a
 *   fraction), engagement rates falling with the tier (nano 6–12 % … mega 0.8–2.5 %);
 * - each KOL has a quality (log-normal, a few duds and a few stars), so that CPE spreads over
 *   more than 10× between the KOLs of a campaign;
 * - the sale campaign tracks clicks and, for about half of its bookings (those given a promo
 *   code), sales: clicks × conversion × the brand's basket;
 * - one booking of each campaign is cancelled (no posts, no cost).
 */
import { addDays, daysInclusive } from "../../domain/calendarDays";
import { kolTier } from "../../domain/kol";
import type { KolObjective, KolPlatform, KolTier } from "../../domain/kolContract";
import type { Queryable } from "../storage/storage";
import { fnv1a } from "./demoSeries";

/** A PRNG in [0, 1) from a 32-bit seed (mulberry32). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const between = (r: () => number, lo: number, hi: number) => lo + (hi - lo) * r();
const int = (r: () => number, lo: number, hi: number) => Math.floor(between(r, lo, hi + 1));
/** A standard normal draw (Box–Muller). */
const gauss = (r: () => number) => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());

/** Thai KOLs: display name, latin handle, what they post about. */
type Person = readonly [name: string, handle: string, category: string];
const BEAUTY: readonly Person[] = [
  ["แพรวา รีวิวสวย", "praewa.review", "beauty"], ["มายด์ สกินแคร์", "mind.skincare", "skincare"], ["น้ำหวาน บิวตี้", "namwan.beauty", "beauty"],
  ["ฟ้าใส แต่งหน้า", "fahsai.makeup", "makeup"], ["เจนนี่ ผิวใส", "jenny.pewsai", "skincare"], ["Praew Sirada", "praew.sirada", "beauty"],
  ["ขวัญข้าว รีวิว", "kwankhao.rv", "beauty"], ["Nam Chalida", "nam.chalida", "lifestyle"], ["แอมมี่ ชวนช้อป", "ammy.chuanshop", "shopping"],
  ["ปันปัน สกินแคร์", "punpun.skin", "skincare"], ["Bam Pimchanok", "bampimchanok", "beauty"], ["เฟิร์น เครื่องสำอาง", "fern.cosme", "makeup"],
  ["มิ้นต์ ผิวดี", "mint.pewdee", "skincare"], ["Gift Thitima", "gift.thitima", "lifestyle"], ["ออม รีวิวของดี", "aom.reviewkhongdee", "shopping"],
  ["พลอยใส บิวตี้", "ploysai.beauty", "beauty"], ["Kaimook Beauty", "kaimook.beauty", "makeup"], ["นุ่น ช้อปเก่ง", "noon.shopkeng", "shopping"],
];
const FOOD: readonly Person[] = [
  ["กินเที่ยว กับพี่ต้น", "kintiew.ton", "food"], ["แม่บ้านสายเฮลตี้", "maeban.healthy", "health"], ["หมูกรอบ รีวิวอาหาร", "moocrob.food", "food"],
  ["Chef Pan", "chefpan.th", "food"], ["ไอซ์ ลดน้ำหนัก", "ice.diet", "health"], ["อร่อยบอกต่อ by บีม", "aroi.beam", "food"],
  ["Nutty Healthy", "nutty.healthy", "health"], ["ครัวคุณแม่จิ๋ว", "kruamaejiw", "food"], ["เบียร์ ชวนกิน", "beer.chuankin", "food"],
  ["ฝน ฟรุตตี้", "fon.fruity", "health"], ["Jay Eats BKK", "jayeats.bkk", "food"], ["มะปราง คลีนฟู้ด", "maprang.cleanfood", "health"],
  ["ต้าร์ กินจุ", "tar.kinju", "food"], ["Yoghurt Fam", "yoghurt.fam", "family"], ["ป้าแจ๋ว ชวนชิม", "pajaew.chim", "food"],
];
const FITNESS: readonly Person[] = [
  ["โค้ชเบนซ์ ฟิตเนส", "coachbenz.fit", "fitness"], ["วิ่งไปด้วยกัน by ปาล์ม", "run.with.palm", "running"], ["Fit Fah", "fitfah", "fitness"],
  ["เอิร์ธ สายเวท", "earth.weight", "fitness"], ["Yoga Kwan", "yogakwan", "yoga"], ["นักวิ่งหน้าใหม่", "newrunner.th", "running"],
  ["Toey Pilates", "toey.pilates", "yoga"], ["แบม สายออกกำลังกาย", "bam.okkamlang", "fitness"], ["Run Rin Run", "runrinrun", "running"],
  ["พี่ฟลุ๊ค พาวิ่ง", "pfluke.run", "running"], ["Muay Thai Mook", "muaythaimook", "fitness"], ["ตูน ปั่นจักรยาน", "toon.cycling", "cycling"],
  ["Sporty Nene", "sporty.nene", "fitness"], ["บอล เทรนเนอร์", "ball.trainer", "fitness"],
];
const LIFESTYLE: readonly Person[] = [
  ["เมย์ ไลฟ์สไตล์", "may.lifestyle", "lifestyle"], ["Nong Pim Vlog", "nongpim.vlog", "vlog"], ["ก้อย พาเที่ยว", "koy.paatiew", "travel"],
  ["Ohm Daily", "ohm.daily", "lifestyle"], ["ชมพู่ มัมมี่บล็อก", "chompoo.mommy", "family"], ["Tuay Tiew Thai", "tuaytiewthai", "travel"],
  ["เพลง มิวสิค", "pleng.music", "music"], ["Beam Unbox", "beam.unbox", "tech"], ["นิว ชีวิตดี", "new.cheewitdee", "lifestyle"],
];

interface BrandPlan {
  readonly roster: readonly Person[];
  readonly basket: number;
  readonly campaigns: ReadonlyArray<{ key: string; name: string; objective: KolObjective; start: string; end: string; bookings: number }>;
}

const PLANS: Readonly<Record<string, BrandPlan>> = {
  Tipco: {
    roster: [...FOOD, ...LIFESTYLE, ...BEAUTY.slice(5, 11)],
    basket: 380,
    campaigns: [
      { key: "songkran24", name: "Tipco Songkran Fresh Splash 2024", objective: "launch", start: "2024-03-25", end: "2024-04-20", bookings: 18 },
      { key: "1111-24", name: "Tipco 11.11 Cold Pressed Deal", objective: "sales", start: "2024-10-28", end: "2024-11-15", bookings: 24 },
      { key: "yearend25", name: "Tipco ส่งความสดชื่นปลายปี 2025", objective: "awareness", start: "2025-11-20", end: "2025-12-31", bookings: 12 },
    ],
  },
  Aura: {
    roster: [...BEAUTY, ...LIFESTYLE, ...FOOD.slice(0, 4)],
    basket: 840,
    campaigns: [
      { key: "songkran24", name: "Aura กันแดด SPF50+ Songkran Launch", objective: "launch", start: "2024-03-20", end: "2024-04-30", bookings: 30 },
      { key: "99-25", name: "Aura 9.9 Vitamin C Serum Sale", objective: "sales", start: "2025-08-28", end: "2025-09-12", bookings: 22 },
      { key: "yearend25", name: "Aura Year-end Glow 2025", objective: "awareness", start: "2025-11-15", end: "2025-12-31", bookings: 14 },
    ],
  },
  "Aura Move": {
    roster: [...FITNESS, ...LIFESTYLE, ...BEAUTY.slice(0, 5)],
    basket: 890,
    campaigns: [
      { key: "yearend24", name: "Aura Move Year-end Run Club 2024", objective: "awareness", start: "2024-11-25", end: "2024-12-31", bookings: 12 },
      { key: "songkran25", name: "Aura Move Songkran AirFlex Launch 2025", objective: "launch", start: "2025-03-20", end: "2025-04-20", bookings: 20 },
      { key: "1111-25", name: "Aura Move 11.11 Leggings Sale", objective: "sales", start: "2025-10-25", end: "2025-11-15", bookings: 16 },
    ],
  },
};

const PLATFORMS: readonly KolPlatform[] = ["tiktok", "instagram", "facebook", "youtube"];
const PLATFORM_LABEL: Readonly<Record<KolPlatform, string>> = { tiktok: "TikTok", instagram: "Instagram", facebook: "Facebook", youtube: "YouTube" };

/** Followers range and fee range (baht) and engagement-rate range of each tier. */
const TIER: Readonly<Record<KolTier, { followers: [number, number]; fee: [number, number]; er: [number, number]; posts: [number, number] }>> = {
  nano: { followers: [2_500, 9_900], fee: [1_500, 5_000], er: [0.06, 0.12], posts: [1, 2] },
  micro: { followers: [12_000, 95_000], fee: [8_000, 30_000], er: [0.03, 0.07], posts: [1, 3] },
  macro: { followers: [120_000, 950_000], fee: [40_000, 150_000], er: [0.015, 0.04], posts: [1, 2] },
  mega: { followers: [1_050_000, 6_500_000], fee: [200_000, 800_000], er: [0.008, 0.025], posts: [1, 1] },
};

/** Views per follower of a post (low, high) by platform, and reach per view. */
const VIEWS_PER_FOLLOWER: Readonly<Record<KolPlatform, [number, number]>> = {
  tiktok: [0.3, 1.6], instagram: [0.12, 0.5], facebook: [0.05, 0.25], youtube: [0.06, 0.3],
};
const REACH_PER_VIEW: Readonly<Record<KolPlatform, [number, number]>> = {
  tiktok: [0.7, 0.9], instagram: [0.9, 1.3], facebook: [1.2, 2.2], youtube: [0.75, 0.9],
};

export interface DemoKol {
  readonly name: string;
  readonly handle: string;
  readonly platform: KolPlatform;
  readonly followers: number;
  readonly categories: readonly string[];
  /** Multiplies its views and engagement (log-normal around 1). */
  readonly quality: number;
}

/** Tiers by place in the roster: of every 10 KOLs 3 nano, 4 micro, 2 macro, 1 mega. */
const TIER_PATTERN: readonly KolTier[] = ["micro", "nano", "macro", "micro", "nano", "mega", "micro", "nano", "macro", "micro"];

/** The brand's roster: each person on one platform, tiers spread 30/40/20/10 %. */
export function demoKolRoster(brand: string): DemoKol[] {
  const plan = PLANS[brand];
  if (!plan) return [];
  const r = prng(fnv1a(`kol-roster|${brand}`));
  return plan.roster.map(([name, handle, category], i) => {
    const tier = TIER_PATTERN[i % TIER_PATTERN.length]!;
    const [lo, hi] = TIER[tier].followers;
    const followers = Math.round(Math.exp(between(r, Math.log(lo), Math.log(hi))) / 10) * 10;
    // Most on TikTok and Instagram; YouTube for the bigger ones.
    const pu = r();
    const platform: KolPlatform = tier !== "nano" && pu < 0.12 ? "youtube" : pu < 0.5 ? "tiktok" : pu < 0.8 ? "instagram" : "facebook";
    // A dud or two and a star or two, the rest log-normal.
    const quality = i % 11 === 7 ? 0.25 : i % 13 === 3 ? 2.8 : Math.exp(0.45 * gauss(r));
    return { name, handle, platform: PLATFORMS.includes(platform) ? platform : "tiktok", followers, categories: [category], quality };
  });
}

export interface DemoKolPost {
  readonly permalink: string;
  readonly publishedAt: string;
  readonly day: string;
  readonly views: number;
  readonly reach: number;
  readonly likes: number;
  readonly comments: number;
  readonly shares: number;
  readonly saves: number;
  readonly clicks: number | null;
  readonly salesSatang: number | null;
}
export interface DemoKolBooking {
  readonly kol: number;
  readonly deliverables: string;
  readonly feeSatang: number;
  readonly status: "delivered" | "cancelled";
  readonly posts: readonly DemoKolPost[];
}

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";
const code = (r: () => number, n: number) => Array.from({ length: n }, () => ALNUM[Math.floor(r() * ALNUM.length)]).join("");
const digits = (r: () => number, n: number) => Array.from({ length: n }, (_, i) => (i === 0 ? 1 + Math.floor(r() * 9) : Math.floor(r() * 10))).join("");

function permalink(r: () => number, k: DemoKol): string {
  switch (k.platform) {
    case "tiktok": return `https://www.tiktok.com/@${k.handle}/video/7${digits(r, 18)}`;
    case "instagram": return `https://www.instagram.com/p/${code(r, 11)}/`;
    case "facebook": return `https://www.facebook.com/${k.handle}/posts/${digits(r, 16)}`;
    case "youtube": return `https://www.youtube.com/watch?v=${code(r, 11)}`;
  }
}

function deliverablesOf(k: DemoKol, posts: number): string {
  const what = k.platform === "tiktok" ? "video" : k.platform === "youtube" ? "review video" : k.platform === "instagram" ? "Reel" : "post";
  const extra = k.platform === "instagram" || k.platform === "facebook" ? " + 3 stories" : "";
  return `${posts} ${PLATFORM_LABEL[k.platform]} ${what}${posts === 1 ? "" : "s"}${extra}`;
}

/** One campaign's bookings: which KOLs of the roster, their fees and their posts. */
export function demoKolBookings(brand: string, campaignKey: string, roster: readonly DemoKol[]): DemoKolBooking[] {
  const plan = PLANS[brand];
  const c = plan?.campaigns.find((x) => x.key === campaignKey);
  if (!plan || !c) return [];
  const r = prng(fnv1a(`kol-campaign|${brand}|${campaignKey}`));
  // A deterministic shuffle of the roster; the first of each tier, then the next in the shuffle, are booked.
  const order = roster.map((_, i) => i).sort((a, b) => fnv1a(`${campaignKey}|${roster[a]!.handle}`) - fnv1a(`${campaignKey}|${roster[b]!.handle}`));
  const firsts = (["nano", "micro", "macro", "mega"] as const).map((t) => order.find((i) => kolTier(roster[i]!.followers) === t)).filter((i) => i !== undefined);
  const chosen = [...firsts, ...order.filter((i) => !firsts.includes(i))].slice(0, Math.min(c.bookings, roster.length));
  const days = daysInclusive(c.start, c.end);
  const sale = c.objective === "sales";
  return chosen.map((kolIndex, n) => {
    const k = roster[kolIndex]!;
    const tier = kolTier(k.followers)!;
    const t = TIER[tier];
    const fee = Math.round(between(r, t.fee[0], t.fee[1]) / 500) * 500;
    const postCount = int(r, t.posts[0], t.posts[1]);
    // One booking of each campaign is cancelled: no posts, no cost.
    if (n === chosen.length - 1) return { kol: kolIndex, deliverables: deliverablesOf(k, postCount), feeSatang: fee * 100, status: "cancelled", posts: [] };
    const promo = sale && r() < 0.55;
    const posts: DemoKolPost[] = [];
    for (let p = 0; p < postCount; p++) {
      const day = addDays(c.start, Math.min(days - 1, Math.floor(r() * days * 0.85)));
      const hh = int(r, 11, 21);
      const mm = int(r, 0, 59);
      const [vl, vh] = VIEWS_PER_FOLLOWER[k.platform];
      const views = Math.round(k.followers * between(r, vl, vh) * Math.sqrt(k.quality));
      const [rl, rh] = REACH_PER_VIEW[k.platform];
      const reach = Math.min(Math.round(views * between(r, rl, rh)), Math.round(k.followers * 1.8 + views * 0.2));
      const base = k.platform === "tiktok" || k.platform === "youtube" ? views : reach;
      const engagements = Math.round(base * between(r, t.er[0], t.er[1]) * k.quality);
      const share = (lo: number, hi: number) => Math.round(engagements * between(r, lo, hi));
      const comments = share(0.03, 0.08);
      const shares = share(0.03, 0.09);
      const saves = k.platform === "facebook" ? 0 : share(k.platform === "instagram" ? 0.06 : 0.02, k.platform === "instagram" ? 0.14 : 0.07);
      const likes = Math.max(0, engagements - comments - shares - saves);
      const clicks = sale || c.objective === "traffic" ? Math.round(views * between(r, 0.003, 0.015) * k.quality) : null;
      const salesSatang = promo && clicks !== null ? Math.round(clicks * between(r, 0.02, 0.07)) * plan.basket * 100 : null;
      posts.push({
        permalink: permalink(r, k), publishedAt: `${day}T${String(hh).padStart(2, "0")}:${String(mm).padStart(2, "0")}:00+07:00`, day,
        views, reach, likes, comments, shares, saves, clicks, salesSatang,
      });
    }
    return { kol: kolIndex, deliverables: `${deliverablesOf(k, postCount)}${promo ? " · promo code" : ""}`, feeSatang: fee * 100, status: "delivered", posts };
  });
}

/** The demo brands' KOLs, campaigns, bookings and posts; nothing for a brand that has KOL campaigns already. Answers the posts written. */
export async function seedDemoKol(tx: Queryable): Promise<number> {
  const brands = (await tx.query<{ id: number; name: string }>(
    "SELECT b.id, b.name FROM brands b WHERE b.name = ANY($1::text[]) AND NOT EXISTS (SELECT 1 FROM kol_campaigns c WHERE c.brand_id = b.id) ORDER BY b.id",
    [Object.keys(PLANS)],
  )).rows;
  let written = 0;
  for (const brand of brands) {
    const plan = PLANS[brand.name]!;
    const roster = demoKolRoster(brand.name);
    const ids = (await tx.query<{ id: number; handle: string }>(
      `INSERT INTO kols (brand_id, name, handle, platform, followers, categories, demo)
       SELECT $1, x.name, x.handle, x.platform, x.followers, string_to_array(x.categories, ','), true
         FROM unnest($2::text[], $3::text[], $4::text[], $5::int8[], $6::text[]) AS x(name, handle, platform, followers, categories)
       RETURNING id, handle`,
      [brand.id, roster.map((k) => k.name), roster.map((k) => k.handle), roster.map((k) => k.platform), roster.map((k) => k.followers), roster.map((k) => k.categories.join(","))],
    )).rows;
    const kolId = new Map(ids.map((r) => [r.handle, r.id]));
    for (const c of plan.campaigns) {
      const bookings = demoKolBookings(brand.name, c.key, roster);
      const cost = bookings.filter((b) => b.status !== "cancelled").reduce((s, b) => s + b.feeSatang, 0);
      // Budgets are round sums a little above or below what was spent.
      const budget = Math.round((cost * (0.92 + 0.2 * (fnv1a(`${brand.name}|${c.key}|budget`) % 100) / 100)) / 5_000_000) * 5_000_000;
      const campaignId = (await tx.query<{ id: number }>(
        `INSERT INTO kol_campaigns (brand_id, name, objective, budget_satang, start_day, end_day, status, demo) VALUES ($1, $2, $3, $4, $5, $6, 'completed', true) RETURNING id`,
        [brand.id, c.name, c.objective, Math.max(budget, 5_000_000), c.start, c.end],
      )).rows[0]!.id;
      const booked = (await tx.query<{ id: number; kol_id: number }>(
        `INSERT INTO kol_bookings (campaign_id, kol_id, deliverables, fee_satang, status)
         SELECT $1, x.* FROM unnest($2::int[], $3::text[], $4::int8[], $5::text[]) AS x RETURNING id, kol_id`,
        [campaignId, bookings.map((b) => kolId.get(roster[b.kol]!.handle)!), bookings.map((b) => b.deliverables), bookings.map((b) => b.feeSatang), bookings.map((b) => b.status)],
      )).rows;
      const bookingOfKol = new Map(booked.map((b) => [b.kol_id, b.id]));
      const posts = bookings.flatMap((b) => b.posts.map((p) => ({ bookingId: bookingOfKol.get(kolId.get(roster[b.kol]!.handle)!)!, ...p })));
      if (posts.length === 0) continue;
      await tx.query(
        `INSERT INTO kol_posts (booking_id, campaign_id, permalink, published_at, day, views, reach, likes, comments, shares, saves, clicks, sales_satang)
         SELECT x.booking_id, $1, x.permalink, x.published_at, x.day, x.views, x.reach, x.likes, x.comments, x.shares, x.saves, x.clicks, x.sales
           FROM unnest($2::int[], $3::text[], $4::timestamptz[], $5::date[], $6::int8[], $7::int8[], $8::int8[], $9::int8[], $10::int8[], $11::int8[], $12::int8[], $13::int8[])
             AS x(booking_id, permalink, published_at, day, views, reach, likes, comments, shares, saves, clicks, sales)`,
        [campaignId, posts.map((p) => p.bookingId), posts.map((p) => p.permalink), posts.map((p) => p.publishedAt), posts.map((p) => p.day),
          posts.map((p) => p.views), posts.map((p) => p.reach), posts.map((p) => p.likes), posts.map((p) => p.comments), posts.map((p) => p.shares),
          posts.map((p) => p.saves), posts.map((p) => p.clicks), posts.map((p) => p.salesSatang)],
      );
      written += posts.length;
    }
  }
  return written;
}
