/**
 * Demo affiliate conversions (issue 16): a deterministic share of the demo orders came through
 * Shopee and Lazada affiliates, written whenever the demo orders are (the seed, the backfill of
 * older months, the daily top-up: commerceDemo.ts calls {@link writeDemoAffiliate} after each
 * write of orders), so that the affiliate figures always agree with the E-Commerce figures.
 *
 * Generated in the database from the demo orders already written, one INSERT … SELECT per table
 * (like the orders themselves): a row is a pure function of the order (hashtext of its id, int4
 * and float8 arithmetic), so PGlite and PostgreSQL hold identical rows and writing a month now or
 * later writes the same rows.
 *
 * - Which orders: about 6 % (Tipco), 13 % (Aura) and 10 % (Aura Move) of the demo orders by a hash
 *   of the order id, 1.6 times as many on the double-day sales (9.9, 11.11, 12.12, …): some 5–15 %
 *   of each brand's GMV.
 * - Whose: a few hundred affiliates per brand with realistic Thai usernames; the k-th of N is
 *   ⌊N·u^2.5⌋ for u uniform from a hash of the order id, a Pareto-like long tail in which the
 *   biggest affiliate brings 5–10 % of the orders, the top 1 % about 15 % and the top 10 % 40 %.
 * - What: the order's items as order_items holds them (product, price, quantity), one
 *   conversion row per item; commission rate by product category (groceries 3–5 %, sportswear
 *   5–8 %, skincare 8–12 %); commission = price × quantity × rate, 0 when cancelled.
 * - Status: the order's (completed, pending; cancelled and returned → cancelled), in the
 *   report's words (Shopee: Completed / Pending / Cancelled; Lazada: Delivered / Pending /
 *   Cancelled / Returned).
 * - Clicks: for each affiliate and day with conversions, orders ÷ a conversion rate of 1–5 %
 *   (the affiliate's, from a hash of their name) with a ±30 % daily wobble.
 *
 * Only demo orders get demo conversions, and none for a brand and platform that real
 * conversions were imported for (the import removes the demo ones there).
 */
import type { Queryable } from "../storage/storage";

/** Per demo brand (by its generator key): share of orders through affiliates (of 65,536) and affiliates. */
const BRANDS: ReadonlyArray<{ key: number; share: number; affiliates: number; stars: readonly string[] }> = [
  {
    key: 1, share: 0.06, affiliates: 260,
    stars: ["kinkhao.diary", "healthy.mommy.th", "tiktok_deal_hunter", "mae_baan_review", "juice.lover.bkk", "rewiewkhongdee", "pimfah_homecafe", "deal.dee.tukwan"],
  },
  {
    key: 2, share: 0.13, affiliates: 420,
    stars: ["mamabeauty.th", "rewiewkhongdee", "tiktok_deal_hunter", "skincare.by.ploy", "nongmint.review", "beautyguru_aom", "praew.glowup", "kate_sueai"],
  },
  {
    key: 3, share: 0.1, affiliates: 310,
    stars: ["runwithbeam", "fitgirl.bkk", "tiktok_deal_hunter", "yoga.kru.nan", "golf.runner.th", "gymbro_review", "ootd.sporty.jib", "rewiewkhongdee"],
  },
];

/** Parts of the long tail's usernames. */
const FIRST = [
  "nong", "pim", "ploy", "mint", "fah", "beam", "ice", "bank", "gift", "noon", "kwan", "praew", "bow", "ning", "toey", "mai", "film",
  "earth", "view", "aom", "joy", "jib", "dao", "tar", "namwan", "kate", "fern", "mook", "benz", "pang", "cream", "may", "oat", "ton",
];
const SECOND = [
  "review", "rewiew", "deal", "shop", "diary", "channel", "story", "daily", "sale", "pick", "chill", "style", "mom", "bkk", "th",
  "official", "reviewdee", "khongdee", "khongthuk", "haul", "checkin", "unbox", "ootd", "beauty", "fit", "life", "ka", "krub",
];
const SEPARATORS = [".", "_", "", "."];

/** The brand's affiliates, biggest first: its stars, then a long tail of generated usernames (deterministic, unique). */
export function demoAffiliateNames(key: number): string[] {
  const brand = BRANDS.find((b) => b.key === key);
  if (!brand) return [];
  const names: string[] = [...brand.stars];
  const seen = new Set(names);
  for (let i = 0; names.length < brand.affiliates; i++) {
    const a = FIRST[(i * 7 + key * 3) % FIRST.length]!;
    const b = SECOND[(i * 11 + key * 5 + Math.floor(i / FIRST.length)) % SECOND.length]!;
    const sep = SEPARATORS[(i + key) % SEPARATORS.length]!;
    const tail = i % 3 === 0 ? String((i * 37 + key * 13) % 100).padStart(2, "0") : i % 3 === 1 ? "" : ".th";
    const name = `${a}${sep}${b}${tail}`;
    if (!seen.has(name)) {
      seen.add(name);
      names.push(name);
    }
  }
  return names;
}

/** Commission rate of a demo product by its category (the product's name tells it). */
export function demoCommissionRate(product: string): number {
  if (/รองเท้า/.test(product)) return 0.05;
  if (/Mat|Block|Bands|Bag|Bottle|ถุงเท้า/.test(product)) return 0.06;
  if (/^Aura Move/.test(product)) return 0.08;
  if (/Set|Retinol|Vitamin C/.test(product)) return 0.12;
  if (/Serum|Sunscreen/.test(product)) return 0.1;
  if (/^Aura/.test(product)) return 0.08;
  if (/ชุด|Bundle|ยกลัง/.test(product)) return 0.05;
  if (/แพ็ค/.test(product)) return 0.04;
  return 0.03;
}

/**
 * $1 brand ids, $2/$3 the days [from, to) as day numbers, $4 share per brand, $5 affiliates per
 * brand, $6 offset of each brand's names in $7, $7 the names, $8/$9 product names and their
 * commission rates, $10 per day from $2 on: 65,536 × the day's lift (double-day sales).
 */
const CONVERSIONS_SQL = `
WITH b AS (
  SELECT * FROM unnest($1::int[], $4::float8[], $5::int[], $6::int[]) AS b(id, share, n, off)
), real AS MATERIALIZED (
  SELECT b.id AS brand_id, p.platform FROM b, unnest(ARRAY['Shopee', 'Lazada']) AS p(platform)
   WHERE EXISTS (SELECT 1 FROM affiliate_conversions c WHERE c.brand_id = b.id AND c.platform = p.platform AND NOT c.demo)
), sel AS MATERIALIZED (
  SELECT o.brand_id, o.platform, o.order_id, o.ordered_at, o.day, o.status, h.h2,
         b.off + least(b.n - 1, floor(b.n * u.u * u.u * sqrt(u.u))::int) + 1 AS name_at
    FROM b
    JOIN orders o ON o.brand_id = b.id AND o.day >= date '1970-01-01' + $2::int AND o.day < date '1970-01-01' + $3::int AND o.demo,
         LATERAL (SELECT hashtext(o.order_id) AS h1) h0,
         LATERAL (SELECT hashint4(h0.h1 # 40961) AS h2) h,
         LATERAL (SELECT ((h.h2 & 65535)::float8 + 0.5) / 65536 AS u) u
   WHERE (h0.h1 & 65535) < (b.share * ($10::float8[])[o.day - (date '1970-01-01' + $2::int) + 1])::int
     AND NOT EXISTS (SELECT 1 FROM real r WHERE r.brand_id = o.brand_id AND r.platform = o.platform)
)
INSERT INTO affiliate_conversions AS t (brand_id, platform, order_id, line, affiliate, sub_id, click_time, ordered_at, day, item, price, quantity,
                                        commission_rate, commission, status, status_raw, source, demo)
SELECT s.brand_id, s.platform, s.order_id, i.line, ($7::text[])[s.name_at],
       (ARRAY['tiktok', 'fb_post', 'ig_story', 'line_oa', NULL, NULL, NULL, NULL])[((s.h2 >> 16) & 7) + 1],
       s.ordered_at - make_interval(secs => 60 * (2 + ((s.h2 >> 19) & 511)) + ((s.h2 >> 8) & 59)),
       s.ordered_at, s.day, i.product, i.price, i.quantity, r.rate::numeric,
       CASE WHEN s.status IN ('cancelled', 'returned') THEN 0 ELSE round(i.price * i.quantity * r.rate::numeric, 2) END,
       CASE WHEN s.status IN ('cancelled', 'returned') THEN 'cancelled' ELSE s.status END,
       CASE WHEN s.platform = 'Shopee' THEN CASE s.status WHEN 'completed' THEN 'Completed' WHEN 'pending' THEN 'Pending' ELSE 'Cancelled' END
            ELSE CASE s.status WHEN 'completed' THEN 'Delivered' WHEN 'pending' THEN 'Pending' WHEN 'returned' THEN 'Returned' ELSE 'Cancelled' END END,
       'demo', true
  FROM sel s
  JOIN order_items i ON i.brand_id = s.brand_id AND i.platform = s.platform AND i.order_id = s.order_id
                     AND i.brand_id = ANY($1::int[]) AND i.day >= date '1970-01-01' + $2::int AND i.day < date '1970-01-01' + $3::int
  JOIN unnest($8::text[], $9::float8[]) AS r(product, rate) ON r.product = i.product
 ORDER BY s.brand_id, s.platform, s.order_id, i.line
ON CONFLICT (brand_id, platform, order_id, line) DO UPDATE
   SET status = EXCLUDED.status, status_raw = EXCLUDED.status_raw, commission = EXCLUDED.commission
 WHERE t.demo AND (t.status, t.status_raw, t.commission) IS DISTINCT FROM (EXCLUDED.status, EXCLUDED.status_raw, EXCLUDED.commission)`;

/** The demo affiliates' clicks of the days written: orders ÷ the affiliate's conversion rate (1–5 %), ±30 % a day. */
const CLICKS_SQL = `
INSERT INTO affiliate_clicks AS t (brand_id, platform, affiliate, day, clicks, demo)
SELECT c.brand_id, c.platform, c.affiliate, c.day,
       greatest(1, round(count(DISTINCT c.order_id) * (20 + ((hashtext(c.affiliate) & 1023) * 80) / 1024.0)
                         * (0.7 + ((hashint4(hashtext(c.affiliate) # (c.day - date '1970-01-01')) & 255) * 0.6) / 255.0)))::int,
       true
  FROM affiliate_conversions c
 WHERE c.brand_id = ANY($1::int[]) AND c.demo AND c.day >= date '1970-01-01' + $2::int AND c.day < date '1970-01-01' + $3::int
 GROUP BY c.brand_id, c.platform, c.affiliate, c.day
 ORDER BY c.brand_id, c.platform, c.affiliate, c.day
ON CONFLICT (brand_id, platform, affiliate, day) DO UPDATE SET clicks = EXCLUDED.clicks
 WHERE t.demo AND t.clicks <> EXCLUDED.clicks`;

/** Rows written from which the statistics of the tables are refreshed. */
const ANALYZE_AFTER = 2_000;

/** A demo brand as commerceDemo.ts knows it: database id, generator key, its products' names. */
export interface DemoAffiliateBrand {
  readonly id: number;
  readonly key: number;
  readonly products: readonly string[];
}

/**
 * Writes (or brings up to date: statuses move on) the demo affiliate conversions and clicks of
 * the demo orders of the given brands for the days [from, to) (day numbers), in the caller's
 * transaction, after those orders were written.
 *
 * @param brands - the demo brands' ids, generator keys (orders_demo_fill.demo_key) and product names
 * @returns the conversion rows written or changed
 */
export async function writeDemoAffiliate(tx: Queryable, brands: readonly DemoAffiliateBrand[], from: number, to: number): Promise<number> {
  const known = brands.filter((b) => BRANDS.some((x) => x.key === b.key));
  if (known.length === 0 || to <= from) return 0;
  const names: string[] = [];
  const offsets: number[] = [];
  for (const b of known) {
    offsets.push(names.length);
    names.push(...demoAffiliateNames(b.key));
  }
  const products = [...new Set(known.flatMap((b) => b.products))];
  const res = await tx.query(CONVERSIONS_SQL, [
    known.map((b) => b.id), from, to,
    known.map((b) => BRANDS.find((x) => x.key === b.key)!.share),
    known.map((b) => demoAffiliateNames(b.key).length),
    offsets, names, products, products.map(demoCommissionRate), saleLift(from, to),
  ]);
  await tx.query(CLICKS_SQL, [known.map((b) => b.id), from, to]);
  // The figures' plans depend on the statistics, and PGlite has no autovacuum.
  if (res.affectedRows >= ANALYZE_AFTER) await analyzeAffiliate(tx);
  return res.affectedRows;
}

/** For each day of [from, to) (day numbers): 65,536, or 1.6 times that on a double-day sale from 6.6 to 12.12. */
function saleLift(from: number, to: number): number[] {
  const lift: number[] = [];
  for (let n = from; n < to; n++) {
    const d = new Date(n * 86_400_000);
    lift.push(d.getUTCDate() === d.getUTCMonth() + 1 && d.getUTCMonth() >= 5 ? 65_536 * 1.6 : 65_536);
  }
  return lift;
}

/** Refreshes the planner's statistics of the affiliate tables after a large write (PGlite has no autovacuum). */
export async function analyzeAffiliate(q: Queryable): Promise<void> {
  for (const table of ["affiliate_conversions", "affiliate_clicks"]) await q.query(`ANALYZE ${table}`);
}
