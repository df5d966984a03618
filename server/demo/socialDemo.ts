/**
 * The demo's posts and page audience (issue 14): for every demo page and TikTok account, 1–3
 * posts a day from 2023-01-01 to today, and each page's daily followers, follows, unfollows and
 * page views. Every value is a pure function of (page, day, post), like the demo metrics
 * (demoSeries.ts), and made from them, so the three agree:
 *
 * - the posts of a day share at most 85 % of the page's demo reach of that day (their reach never
 *   sums above it), and move with it (paydays, 9.9 … 12.12, Songkran, the odd viral day);
 * - follows − unfollows of a day is the page's demo `follower` metric (the KPI's net follower
 *   gain), and the followers are a base plus their running sum, never negative;
 * - reels and videos reach more than photos and links; Thai posting hours peak at lunch and in
 *   the evening.
 */
import { addDays, daysInclusive } from "../../domain/calendarDays";
import type { PostType } from "../../domain/social";
import type { Queryable, Storage } from "../storage/storage";
import { DEMO_METRICS_START, calendarDay, demoMaValues, fnv1a, normal, uniform, type Channel } from "./demoSeries";

/** The posts of the day share at most this much of the page's reach of that day. */
export const MAX_POSTS_REACH_SHARE = 0.85;

const DAY_MS = 86_400_000;
const START_MS = Date.parse(`${DEMO_METRICS_START}T00:00:00+07:00`);

export interface DemoPage {
  readonly brandId: number;
  readonly brand: string;
  readonly bagId: string;
  readonly pageId: string;
  readonly page: string;
  readonly channel: Channel;
}

export interface DemoPost {
  readonly postId: string;
  readonly publishedAt: number;
  readonly type: PostType;
  readonly caption: string;
  readonly permalink: string;
  readonly reach: number;
  readonly impressions: number;
  readonly reactions: number;
  readonly comments: number;
  readonly shares: number;
  readonly saves: number | null;
  readonly linkClicks: number | null;
  readonly videoViews: number | null;
  readonly avgWatchSeconds: number | null;
  readonly completionRate: number | null;
}

// Shares of each type among a page's posts, and how far each type carries (relative reach).
const FB_TYPES: ReadonlyArray<[PostType, number]> = [["photo", 0.34], ["reel", 0.2], ["video", 0.14], ["carousel", 0.12], ["link", 0.1], ["text", 0.05], ["live", 0.05]];
const TT_TYPES: ReadonlyArray<[PostType, number]> = [["video", 0.84], ["carousel", 0.11], ["live", 0.05]];
const REACH_WEIGHT: Readonly<Record<PostType, number>> = { reel: 2.3, video: 1.8, live: 1.3, carousel: 1.15, photo: 1, link: 0.6, text: 0.5 };
/** Engagements per person reached, by type and channel (before the post's own luck). */
const FB_RATE: Readonly<Record<PostType, number>> = { photo: 0.036, reel: 0.058, video: 0.046, carousel: 0.042, link: 0.016, text: 0.022, live: 0.05 };
const TT_RATE: Readonly<Record<PostType, number>> = { video: 0.074, carousel: 0.061, live: 0.052, photo: 0.06, reel: 0.074, link: 0.02, text: 0.02 };
/** Weight of each Bangkok hour as a posting time: lunch and the evening commute-to-bedtime peak. */
const HOUR_WEIGHT = [0.1, 0.05, 0, 0, 0, 0, 0.2, 0.5, 0.9, 0.8, 0.7, 1.4, 1.8, 1.2, 0.7, 0.6, 0.7, 1.1, 1.7, 2.2, 2.4, 2.0, 1.2, 0.4];
const HOUR_TOTAL = HOUR_WEIGHT.reduce((a, b) => a + b, 0);

const BRAND_CAPTIONS: Readonly<Record<string, readonly string[]>> = {
  Tipco: [
    "สดชื่นทุกเช้ากับ Tipco 100% น้ำส้มสายน้ำผึ้ง 🍊 ไม่เติมน้ำตาล",
    "Start your day right: Tipco 100% Orange Juice, no sugar added.",
    "เมนูง่ายๆ ช่วงพักเที่ยง สมูทตี้ผลไม้รวมจาก Tipco ลองทำตามกันได้เลย",
    "Which Tipco flavour are you today? Orange, apple or mixed fruit? Tell us below 👇",
    "ดื่มวิตามินซีให้ครบทุกวันกับ Tipco Vita-C 🍹",
    "Behind the scenes at our Prachuap Khiri Khan orchards 🌱",
    "Tipco Fruit Club: แจกคูปองส่วนลดสำหรับสมาชิกวันนี้เท่านั้น",
    "Cold-pressed goodness, now in a 1-litre family size.",
    "สูตรม็อกเทลน้ำสับปะรด Tipco สำหรับปาร์ตี้สุดสัปดาห์",
    "Quiz time! Guess how many oranges go into one bottle of Tipco 🍊",
  ],
  Aura: [
    "ผิวฉ่ำโกลว์ใน 7 วันกับ Aura Vitamin C Serum ✨",
    "Your 3-step night routine with Aura Skin Lab 🌙",
    "กันแดด Aura SPF50+ PA++++ เนื้อบางเบา ไม่เหนอะหนะ เหมาะกับอากาศเมืองไทย",
    "Live Q&A with our dermatologist: ask anything about acne-prone skin.",
    "รีวิวจากลูกค้าจริง: Aura Hydra Cream ช่วยให้ผิวชุ่มชื้นตลอดวัน",
    "New shade drop: Aura Lip Tint in Mango Sticky Rice 🥭",
    "เคล็ดลับดูแลผิวช่วงหน้าร้อน จาก Aura Beauty Talk",
    "Before & after: 28 days with Aura Niacinamide Booster.",
    "แจกฟรี! ชุดทดลอง Aura สำหรับ 100 คนแรกที่คอมเมนต์",
    "Ingredient spotlight: why we use Thai rice extract in every Aura cleanser.",
  ],
  "Aura Move": [
    "วิ่งเช้าที่สวนลุมฯ กับ Aura Move Runners Club 🏃‍♀️",
    "New drop: Aura Move AirFlex leggings, made for Bangkok heat.",
    "5 ท่ายืดเหยียดก่อนวิ่ง ที่โค้ชของเราแนะนำ",
    "Weekend challenge: 10 km in 7 days. Who's in? 💪",
    "สปอร์ตบราซัพพอร์ตสูง Aura Move Pro ไซซ์ใหม่มาแล้ว",
    "Meet our ambassador training for the Bangkok Marathon.",
    "ชุดออกกำลังกายผ้าระบายอากาศ ใส่สบายตลอดวัน",
    "Gym bag essentials: what's in yours?",
    "Aura Move x Yoga in the Park: ลงทะเบียนฟรีวันนี้",
    "Rain or shine, we move. Indoor workout in 15 minutes 🌧️",
  ],
};
const FALLBACK_CAPTIONS = ["Thank you for being with us every day 🙏", "ขอบคุณที่ติดตามกันนะคะ"];

/** Captions of the campaign days: the double-day sales and Songkran. */
function campaignCaption(brand: string, month: number, dom: number, pick: number): string | null {
  if (month >= 9 && dom === month) {
    const sale = `${month}.${month}`;
    return pick < 0.5 ? `${sale} Sale! ${brand} ลดสูงสุด 50% วันนี้วันเดียว 🛒` : `${sale} mega deals on ${brand}: free shipping all day on Shopee and Lazada.`;
  }
  if (month === 4 && dom >= 12 && dom <= 16) {
    return pick < 0.5 ? `สุขสันต์วันสงกรานต์จาก ${brand} 💦 เล่นน้ำอย่างปลอดภัยนะ` : `Happy Songkran from ${brand}! Stay cool and splash safe 💦`;
  }
  return null;
}

const whole = (x: number) => Math.max(0, Math.round(x));

/** The day's index (0 = 2023-01-01) of a Bangkok day. */
export const demoDayIndex = (day: string) => daysInclusive(DEMO_METRICS_START, day) - 1;

/** How many posts a page publishes on a day: 1–3 (TikTok 1–2), one more on a campaign day. */
function postsOnDay(seed: number, channel: Channel, dayIndex: number): number {
  const c = calendarDay(dayIndex);
  const campaign = (c.month >= 9 && c.dom === c.month) || (c.month === 4 && c.dom >= 13 && c.dom <= 15);
  const u = uniform(seed, dayIndex, 41);
  const base = channel === "tiktok" ? (u < 0.6 ? 1 : 2) : u < 0.35 ? 1 : u < 0.8 ? 2 : 3;
  return Math.min(3, base + (campaign ? 1 : 0));
}

function pickType(seed: number, channel: Channel, dayIndex: number, k: number): PostType {
  const table = channel === "tiktok" ? TT_TYPES : FB_TYPES;
  let u = uniform(seed, dayIndex, 50 + k);
  for (const [type, share] of table) {
    if (u < share) return type;
    u -= share;
  }
  return table[0]![0];
}

function pickHour(seed: number, dayIndex: number, k: number): number {
  let u = uniform(seed, dayIndex, 60 + k) * HOUR_TOTAL;
  for (let h = 0; h < 24; h++) {
    if (u < HOUR_WEIGHT[h]!) return h;
    u -= HOUR_WEIGHT[h]!;
  }
  return 20;
}

const pad = (n: number, width: number) => String(n).padStart(width, "0");

/**
 * The posts a demo page published on the day `dayIndex` (0 = 2023-01-01), in the order of their
 * publishing time.
 */
export function demoPostsOfDay(page: Pick<DemoPage, "brand" | "pageId" | "page" | "channel">, dayIndex: number): DemoPost[] {
  const seed = fnv1a(`posts:${page.pageId}`);
  const { channel } = page;
  const c = calendarDay(dayIndex);
  const count = postsOnDay(seed, channel, dayIndex);
  const pageReach = demoMaValues(page.pageId, channel, dayIndex).reach;
  const share = 0.5 + (MAX_POSTS_REACH_SHARE - 0.5) * uniform(seed, dayIndex, 42);
  const drafts = Array.from({ length: count }, (_, k) => {
    const type = pickType(seed, channel, dayIndex, k);
    return { k, type, hour: pickHour(seed, dayIndex, k), minute: Math.floor(60 * uniform(seed, dayIndex, 70 + k)), weight: REACH_WEIGHT[type] * Math.exp(0.35 * normal(seed, dayIndex, 80 + k)) };
  });
  const weights = drafts.reduce((a, d) => a + d.weight, 0);
  const pageNumber = 100_000_000_000_000 + (fnv1a(page.pageId) % 900_000_000);
  const captions = BRAND_CAPTIONS[page.brand] ?? FALLBACK_CAPTIONS;
  const handle = page.page.startsWith("@") ? page.page : `@${page.page.toLowerCase().replace(/[^a-z0-9]/g, "")}`;
  return drafts
    .sort((a, b) => a.hour * 60 + a.minute - (b.hour * 60 + b.minute) || a.k - b.k)
    .map((d) => {
      const j = (salt: number, sd: number) => Math.exp(sd * normal(seed, dayIndex, salt + 10 * d.k));
      const u = (salt: number) => uniform(seed, dayIndex, salt + 10 * d.k);
      // Floors, so the day's posts never sum above `share` of the page's reach.
      const reach = Math.floor((pageReach * share * d.weight) / weights);
      const impressions = whole(reach * (1.15 + 0.35 * u(201)));
      const rate = (channel === "tiktok" ? TT_RATE : FB_RATE)[d.type] * j(202, 0.25);
      const engagements = reach * rate;
      const saves = channel === "tiktok" ? whole(engagements * 0.08 * j(203, 0.2)) : null;
      const comments = whole(engagements * 0.12 * j(204, 0.2));
      const shares = whole(engagements * 0.09 * j(205, 0.25));
      const reactions = whole(engagements - comments - shares - (saves ?? 0));
      const video = d.type === "video" || d.type === "reel" || d.type === "live";
      const videoViews = !video ? null : channel === "tiktok" ? whole(impressions * (0.95 + 0.1 * u(206))) : whole(reach * (0.5 + 0.3 * u(206)));
      const watch = !video ? null
        : d.type === "live" ? 45 + 180 * u(207)
          : channel === "tiktok" ? 6 + 10 * u(207) : d.type === "reel" ? 5 + 9 * u(207) : 9 + 19 * u(207);
      const completion = !video ? null : d.type === "live" ? 0.05 + 0.1 * u(208) : d.type === "reel" || channel === "tiktok" ? 0.22 + 0.25 * u(208) : 0.12 + 0.23 * u(208);
      const linkClicks = channel === "tiktok" ? null : whole(reach * (d.type === "link" ? 0.012 + 0.013 * u(209) : 0.002 + 0.004 * u(209)));
      const publishedAt = START_MS + dayIndex * DAY_MS + (d.hour * 60 + d.minute) * 60_000;
      const number = dayIndex * 10 + d.k + 1;
      const postId = channel === "tiktok"
        ? `7${pad(fnv1a(page.pageId) % 1_000_000, 6)}${pad(number, 12)}`
        : `${pageNumber}_${pad(number, 8)}`;
      const caption = campaignCaption(page.brand, c.month, c.dom, u(210)) ?? captions[Math.floor(u(211) * captions.length)]!;
      return {
        postId,
        publishedAt,
        type: d.type,
        caption,
        permalink: channel === "tiktok" ? `https://www.tiktok.com/${handle}/video/${postId}` : `https://www.facebook.com/${pageNumber}/posts/${postId.split("_")[1]}`,
        reach,
        impressions,
        reactions,
        comments,
        shares,
        saves,
        linkClicks,
        videoViews,
        avgWatchSeconds: watch === null ? null : Math.round(watch * 10) / 10,
        completionRate: completion === null ? null : Math.round(completion * 1000) / 1000,
      };
    });
}

/** A page's followers before the demo's first day. */
function followerBase(pageId: string, channel: Channel): number {
  const u = uniform(fnv1a(`audience:${pageId}`), -1, 1);
  return Math.round(channel === "tiktok" ? 8_000 + 150_000 * u : 25_000 + 320_000 * u);
}

export interface DemoAudienceDay {
  readonly follows: number;
  readonly unfollows: number;
  readonly pageViews: number;
}

/** A page's audience on a day; follows − unfollows is the page's demo `follower` metric. */
export function demoAudienceOfDay(pageId: string, channel: Channel, dayIndex: number): DemoAudienceDay {
  const m = demoMaValues(pageId, channel, dayIndex);
  const seed = fnv1a(`audience:${pageId}`);
  const unfollows = whole(m.follower * (0.18 + 0.2 * uniform(seed, dayIndex, 1)) + 3 * uniform(seed, dayIndex, 2));
  return {
    follows: m.follower + unfollows,
    unfollows,
    pageViews: whole(channel === "tiktok" ? m.view * 0.011 : m.reach * 0.042 * Math.exp(0.1 * normal(seed, dayIndex, 3))),
  };
}

/** Followers at the end of each day from `from` to `to` (indices), from the base and every day's net change. */
export function demoFollowers(pageId: string, channel: Channel, from: number, to: number): number[] {
  let total = followerBase(pageId, channel);
  const out: number[] = [];
  for (let i = 0; i <= to; i++) {
    total += demoMaValues(pageId, channel, i).follower;
    if (i >= from) out.push(total);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Writing them

const INSERT_POSTS = `
INSERT INTO posts (brand_id, bag_id, page_id, channel, post_id, published_at, day, weekday, hour, type, caption, permalink,
                   reach, impressions, reactions, comments, shares, saves, link_clicks, video_views, avg_watch_seconds, completion_rate, source)
SELECT $1, $2, $3, $4, p.post_id, to_timestamp(p.published_ms / 1000.0),
       (to_timestamp(p.published_ms / 1000.0) AT TIME ZONE 'Asia/Bangkok')::date,
       (extract(isodow FROM to_timestamp(p.published_ms / 1000.0) AT TIME ZONE 'Asia/Bangkok')::int - 1),
       extract(hour FROM to_timestamp(p.published_ms / 1000.0) AT TIME ZONE 'Asia/Bangkok')::int,
       p.type, p.caption, p.permalink, p.reach, p.impressions, p.reactions, p.comments, p.shares, p.saves, p.link_clicks,
       p.video_views, p.avg_watch, p.completion, 'demo'
  FROM unnest($5::text[], $6::float8[], $7::text[], $8::text[], $9::text[], $10::int8[], $11::int8[], $12::int8[], $13::int8[],
              $14::int8[], $15::int8[], $16::int8[], $17::int8[], $18::float4[], $19::float4[])
       AS p(post_id, published_ms, type, caption, permalink, reach, impressions, reactions, comments, shares, saves, link_clicks,
            video_views, avg_watch, completion)`;

const INSERT_AUDIENCE = `
INSERT INTO page_audience (brand_id, bag_id, page_id, channel, day, followers, follows, unfollows, page_views, source)
SELECT $1, $2, $3, $4, $5::date + (a.i - 1)::int, a.followers, a.follows, a.unfollows, a.page_views, 'demo'
  FROM unnest($6::int8[], $7::int8[], $8::int8[], $9::int8[]) WITH ORDINALITY AS a(followers, follows, unfollows, page_views, i)`;

async function demoPages(tx: Queryable): Promise<DemoPage[]> {
  return (await tx.query<{ brand_id: number; brand: string; bag_id: string; page_id: string; page: string; channel: Channel }>(
    `SELECT g.brand_id, b.name AS brand, g.id AS bag_id, p.id AS page_id, p.name AS page, g.channel
       FROM pages p JOIN bags g ON g.id = p.bag_id JOIN brands b ON b.id = g.brand_id ORDER BY p.id`,
  )).rows.map((r) => ({ brandId: r.brand_id, brand: r.brand, bagId: r.bag_id, pageId: r.page_id, page: r.page, channel: r.channel }));
}

/** Writes the demo posts and audience of one page for the days from..to (inclusive); returns the posts written. */
async function writePage(tx: Queryable, page: DemoPage, from: string, to: string, keepExisting: boolean): Promise<number> {
  const written = await writePosts(tx, page, from, to, keepExisting);
  await writeAudience(tx, page, from, to, keepExisting);
  return written;
}

/** Writes the demo posts of one page for the days from..to (inclusive); returns the posts written. */
async function writePosts(tx: Queryable, page: DemoPage, from: string, to: string, keepExisting: boolean): Promise<number> {
  const first = demoDayIndex(from);
  const last = demoDayIndex(to);
  if (last < first) return 0;
  const cols = { id: [] as string[], at: [] as number[], type: [] as string[], caption: [] as string[], link: [] as string[], reach: [] as number[],
    impressions: [] as number[], reactions: [] as number[], comments: [] as number[], shares: [] as number[], saves: [] as (number | null)[],
    clicks: [] as (number | null)[], views: [] as (number | null)[], watch: [] as (number | null)[], completion: [] as (number | null)[] };
  for (let i = first; i <= last; i++) {
    for (const p of demoPostsOfDay(page, i)) {
      cols.id.push(p.postId); cols.at.push(p.publishedAt); cols.type.push(p.type); cols.caption.push(p.caption); cols.link.push(p.permalink);
      cols.reach.push(p.reach); cols.impressions.push(p.impressions); cols.reactions.push(p.reactions); cols.comments.push(p.comments);
      cols.shares.push(p.shares); cols.saves.push(p.saves); cols.clicks.push(p.linkClicks); cols.views.push(p.videoViews);
      cols.watch.push(p.avgWatchSeconds); cols.completion.push(p.completionRate);
    }
  }
  const posts = await tx.query(`${INSERT_POSTS}${keepExisting ? " ON CONFLICT (page_id, post_id) DO NOTHING" : ""}`, [
    page.brandId, page.bagId, page.pageId, page.channel, cols.id, cols.at, cols.type, cols.caption, cols.link, cols.reach, cols.impressions,
    cols.reactions, cols.comments, cols.shares, cols.saves, cols.clicks, cols.views, cols.watch, cols.completion,
  ]);
  return posts.affectedRows;
}

/** Writes the demo audience of one page for the days from..to (inclusive). */
async function writeAudience(tx: Queryable, page: DemoPage, from: string, to: string, keepExisting: boolean): Promise<void> {
  const first = demoDayIndex(from);
  const last = demoDayIndex(to);
  if (last < first) return;
  const followers = demoFollowers(page.pageId, page.channel, first, last);
  const audience = { follows: [] as number[], unfollows: [] as number[], views: [] as number[] };
  for (let i = first; i <= last; i++) {
    const a = demoAudienceOfDay(page.pageId, page.channel, i);
    audience.follows.push(a.follows); audience.unfollows.push(a.unfollows); audience.views.push(a.pageViews);
  }
  await tx.query(`${INSERT_AUDIENCE}${keepExisting ? " ON CONFLICT (page_id, day) DO NOTHING" : ""}`, [
    page.brandId, page.bagId, page.pageId, page.channel, from, followers, audience.follows, audience.unfollows, audience.views,
  ]);
}

/** Seeds the demo posts and audience of every page from 2023-01-01 to `today`; returns the posts written. */
export async function seedDemoSocial(tx: Queryable, today: string): Promise<number> {
  let written = 0;
  for (const page of await demoPages(tx)) written += await writePage(tx, page, DEMO_METRICS_START, today, false);
  return written;
}

/**
 * Continues the demo posts and audience up to `today`, each on its own: a page's audience while
 * its last audience day is still a demo one, its posts while it has no imported post (a page
 * whose posts or audience an import replaced stays replaced; docs/social-import.md); returns the
 * posts written.
 */
export async function extendDemoSocial(db: Storage, today: string): Promise<number> {
  return db.transaction(async (tx) => {
    let written = 0;
    const last = new Map((await tx.query<{ page_id: string; day: string; source: string }>(
      `SELECT DISTINCT ON (page_id) page_id, to_char(day, 'YYYY-MM-DD') AS day, source FROM page_audience ORDER BY page_id, day DESC`,
    )).rows.map((r) => [r.page_id, r]));
    const posts = new Map((await tx.query<{ page_id: string; day: string; imported: boolean }>(
      `SELECT page_id, to_char(max(day), 'YYYY-MM-DD') AS day, bool_or(source <> 'demo') AS imported FROM posts GROUP BY page_id`,
    )).rows.map((r) => [r.page_id, r]));
    for (const page of await demoPages(tx)) {
      const l = last.get(page.pageId);
      if (l && l.source === "demo" && l.day < today) await writeAudience(tx, page, addDays(l.day, 1), today, true);
      // From the day of the last post on (its posts are kept): a day may have several.
      const p = posts.get(page.pageId);
      if (p && !p.imported && p.day < today) written += await writePosts(tx, page, l && l.source === "demo" ? minDay(addDays(l.day, 1), p.day) : p.day, today, true);
    }
    return written;
  });
}

const minDay = (a: string, b: string) => (a < b ? a : b);
