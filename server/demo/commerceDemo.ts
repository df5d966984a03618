/**
 * Demo orders of the E-Commerce and CRM pages (issue 6): Shopee and Lazada orders of the three
 * demo brands from 2023-01-01 to today, with their items and each customer's first order day.
 *
 * The rows are generated inside the database by one INSERT … SELECT over generate_series, like
 * the o2o demo (server/demo/o2oDemo.ts): a row is a pure function of (brand, customer, order
 * number) through hashint4 and int4/float4 arithmetic, so PGlite and PostgreSQL hold identical
 * rows, and writing a month now or later writes the same rows. The calendar (weekdays, paydays,
 * sale days, growth) is computed here per day and passed as arrays; no random(), no transcendental
 * function in the database.
 *
 * Customers, not days, drive the data, so that every RFM segment has members: a brand gains
 * customers every day (a cohort; more on paydays and sale days, slowly more over the years, from
 * 2021 on so that 2023 starts with returning customers), and each customer has a lifecycle drawn
 * from their hash: one-off buyers, occasional buyers (2–5 orders months apart), loyal buyers
 * (every few weeks for years, many still buying) and heavy buyers who lapsed (many orders for a
 * few months, then nothing). A customer's k-th order falls about k gaps after their first; then
 * the calendar shapes it: orders of the days before 9.9, 11.11 and 12.12 (and the smaller double
 * days) are partly pulled onto the sale day, mid-month orders partly onto payday (25th to the
 * 1st), and quieter weekdays lose a few. The first order of a customer is never moved.
 *
 * Statuses: about 90.5 % completed, 6.3 % cancelled, 3.2 % returned; orders of the last few days
 * that are not cancelled are mostly still pending (placed, not completed), fewer the older they
 * are. A top-up (once per Bangkok day) writes the new days and moves the statuses of the recent
 * ones on.
 */
import { dayNumber } from "../../domain/calendarDays";
import { backgroundFill, type BackgroundFill, type BackgroundFillOptions } from "./backgroundFill";
import type { Queryable, Storage } from "../storage/storage";
import { analyzeOrders } from "../services/ordersImport";
import { writeDemoAffiliate } from "./affiliateDemo";

/** First day with orders (Bangkok). */
export const ORDERS_DEMO_START = "2023-01-01";
/** First day customers are gained: customers of 2021 and 2022 come back as returning customers in 2023. */
const COHORT_START = "2021-01-01";
/** Days an order of the demo may stay pending: orders older than this are settled. */
export const ORDERS_DEMO_PENDING_DAYS = 5;
/** Months the seed writes at once (the current one and the ones before it); older ones come in the background. */
export const ORDERS_DEMO_RECENT_MONTHS = 3;

/** Day number (days since 1970-01-01) of a YYYY-MM-DD, and back. */
export const dayText = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);
const DEMO_START_N = dayNumber(ORDERS_DEMO_START);
const COHORT_START_N = dayNumber(COHORT_START);

/** Today in Bangkok (UTC+7 all year) as a day number. */
export const bangkokDayNumber = (now: Date) => Math.floor((now.getTime() / 1000 + 7 * 3600) / 86_400);

interface DemoProduct {
  readonly name: string;
  /** List price, THB. */
  readonly price: number;
  /** Relative popularity. */
  readonly weight: number;
}

interface DemoBrand {
  /** Stable key of the brand's random streams (independent of its database id). */
  readonly key: number;
  readonly name: string;
  /** First part of the brand's SKUs. */
  readonly sku: string;
  /** New customers a day, early 2022, on an ordinary day. */
  readonly newPerDay: number;
  /** Scale of the days between a customer's orders (groceries come back sooner than shoes). */
  readonly gapScale: number;
  /** Shares of one-off, occasional and loyal buyers (the rest: heavy buyers who lapse). */
  readonly mix: readonly [number, number, number];
  /** Share of customers who buy on Shopee (the others on Lazada). */
  readonly shopee: number;
  /** Cumulative shares of orders with 1, 2 and 3 items (the rest: 4). */
  readonly lines: readonly [number, number, number];
  /** Cumulative shares of items bought 1, 2 and 3 at a time (the rest: 4 to 6). */
  readonly quantities: readonly [number, number, number];
  readonly products: readonly DemoProduct[];
}

export const ORDERS_DEMO_BRANDS: readonly DemoBrand[] = [
  {
    key: 1, name: "Tipco", sku: "TPC", newPerDay: 7.5, gapScale: 0.8, mix: [0.44, 0.33, 0.15], shopee: 0.6,
    lines: [0.46, 0.76, 0.91], quantities: [0.52, 0.8, 0.9],
    products: [
      { name: "Tipco น้ำส้มสายน้ำผึ้ง 100% 1000 มล.", price: 89, weight: 16 },
      { name: "Tipco น้ำส้มสายน้ำผึ้ง 100% 225 มล. แพ็ค 6", price: 129, weight: 9 },
      { name: "Tipco น้ำมะพร้าวน้ำหอม 100% 1000 มล.", price: 85, weight: 14 },
      { name: "Tipco น้ำมะพร้าวน้ำหอม 100% 330 มล. แพ็ค 6", price: 159, weight: 9 },
      { name: "Tipco น้ำมะพร้าวน้ำหอม 100% 330 มล. ยกลัง 24 กล่อง", price: 599, weight: 4 },
      { name: "Tipco น้ำผลไม้รวม 100% 1000 มล.", price: 79, weight: 10 },
      { name: "Tipco น้ำผลไม้รวม 100% 200 มล. แพ็ค 12", price: 229, weight: 6 },
      { name: "Tipco น้ำแอปเปิ้ล 100% 1000 มล.", price: 85, weight: 6 },
      { name: "Tipco น้ำองุ่นแดง 100% 1000 มล.", price: 99, weight: 5 },
      { name: "Tipco น้ำทับทิม 100% 1000 มล.", price: 119, weight: 4 },
      { name: "Tipco น้ำสับปะรดภูแล 100% 1000 มล.", price: 79, weight: 4 },
      { name: "Tipco น้ำแครอทผสมผลไม้รวม 100% 1000 มล.", price: 79, weight: 3 },
      { name: "Tipco Squeeze น้ำส้มคั้น 100% 250 มล.", price: 45, weight: 5 },
      { name: "Tipco ชุดน้ำผลไม้ 100% คละรส 1000 มล. x 4", price: 319, weight: 3 },
      { name: "Tipco Brunch Bundle น้ำส้ม + น้ำมะพร้าว 1000 มล.", price: 159, weight: 2 },
    ],
  },
  {
    key: 2, name: "Aura", sku: "AUR", newPerDay: 6.5, gapScale: 1.1, mix: [0.46, 0.33, 0.13], shopee: 0.62,
    lines: [0.56, 0.85, 0.96], quantities: [0.86, 0.97, 0.99],
    products: [
      { name: "Aura Glow Serum 30 มล.", price: 890, weight: 14 },
      { name: "Aura Glow Serum 15 มล.", price: 490, weight: 8 },
      { name: "Aura Sunscreen SPF50 PA++++ 30 มล.", price: 390, weight: 13 },
      { name: "Aura Sunscreen SPF50 PA++++ 50 มล.", price: 590, weight: 7 },
      { name: "Aura Hydra Gel Moisturizer 50 มล.", price: 450, weight: 8 },
      { name: "Aura Gentle Foam Cleanser 100 มล.", price: 290, weight: 9 },
      { name: "Aura Vitamin C Bright Serum 30 มล.", price: 990, weight: 6 },
      { name: "Aura Retinol Night Cream 30 มล.", price: 1190, weight: 4 },
      { name: "Aura Micellar Water 300 มล.", price: 259, weight: 6 },
      { name: "Aura Hyaluron Toner 150 มล.", price: 390, weight: 5 },
      { name: "Aura Acne Spot Gel 15 กรัม", price: 199, weight: 5 },
      { name: "Aura Lip Sleeping Mask 10 กรัม", price: 229, weight: 3 },
      { name: "Aura Sheet Mask กล่อง 5 แผ่น", price: 299, weight: 4 },
      { name: "Aura Glow Set เซรั่ม + กันแดด + โฟมล้างหน้า", price: 1490, weight: 3 },
    ],
  },
  {
    key: 3, name: "Aura Move", sku: "AMV", newPerDay: 5.5, gapScale: 1.7, mix: [0.52, 0.31, 0.1], shopee: 0.57,
    lines: [0.7, 0.92, 0.98], quantities: [0.93, 0.99, 1],
    products: [
      { name: "Aura Move Swift รองเท้าวิ่ง", price: 2790, weight: 8 },
      { name: "Aura Move Cloud Max รองเท้าวิ่ง", price: 3590, weight: 5 },
      { name: "Aura Move Trail Runner รองเท้าวิ่งเทรล", price: 3990, weight: 3 },
      { name: "Aura Move Sports Bra High Support", price: 890, weight: 8 },
      { name: "Aura Move Leggings 7/8", price: 1190, weight: 9 },
      { name: "Aura Move Dry-Fit เสื้อวิ่ง", price: 590, weight: 11 },
      { name: "Aura Move Running Shorts 5 นิ้ว", price: 690, weight: 7 },
      { name: "Aura Move Yoga Mat 6 มม.", price: 990, weight: 8 },
      { name: "Aura Move Yoga Mat Pro TPE 8 มม.", price: 1590, weight: 4 },
      { name: "Aura Move Yoga Block (คู่)", price: 390, weight: 5 },
      { name: "Aura Move Resistance Bands ชุด 5 เส้น", price: 450, weight: 5 },
      { name: "Aura Move Gym Bag 30 ลิตร", price: 1290, weight: 3 },
      { name: "Aura Move ถุงเท้าวิ่ง แพ็ค 3 คู่", price: 290, weight: 8 },
      { name: "Aura Move Water Bottle 750 มล.", price: 350, weight: 5 },
      { name: "Aura Move Windbreaker Jacket", price: 1890, weight: 3 },
    ],
  },
];

/** Shipping regions (the nine of LOCATION_OPTIONS) with their share of customers and some of their provinces. */
const REGIONS: ReadonlyArray<{ name: string; share: number; provinces: readonly string[] }> = [
  { name: "Bangkok and Vicinity", share: 37, provinces: ["กรุงเทพมหานคร", "กรุงเทพมหานคร", "กรุงเทพมหานคร", "นนทบุรี", "ปทุมธานี", "สมุทรปราการ", "สมุทรสาคร", "นครปฐม"] },
  { name: "Central", share: 8, provinces: ["พระนครศรีอยุธยา", "สระบุรี", "ลพบุรี", "อ่างทอง", "สิงห์บุรี", "ชัยนาท"] },
  { name: "Eastern", share: 11, provinces: ["ชลบุรี", "ชลบุรี", "ระยอง", "ฉะเชิงเทรา", "จันทบุรี", "ปราจีนบุรี", "ตราด"] },
  { name: "Western", share: 5, provinces: ["ราชบุรี", "กาญจนบุรี", "เพชรบุรี", "ประจวบคีรีขันธ์", "สุพรรณบุรี"] },
  { name: "Upper Northern", share: 8, provinces: ["เชียงใหม่", "เชียงใหม่", "เชียงราย", "ลำปาง", "ลำพูน", "พะเยา", "แพร่", "น่าน"] },
  { name: "Lower Northern", share: 5, provinces: ["พิษณุโลก", "นครสวรรค์", "สุโขทัย", "กำแพงเพชร", "พิจิตร", "เพชรบูรณ์"] },
  { name: "Upper Northeastern", share: 8, provinces: ["ขอนแก่น", "ขอนแก่น", "อุดรธานี", "หนองคาย", "สกลนคร", "เลย", "มหาสารคาม"] },
  { name: "Lower Northeastern", share: 8, provinces: ["นครราชสีมา", "นครราชสีมา", "อุบลราชธานี", "บุรีรัมย์", "สุรินทร์", "ศรีสะเกษ"] },
  { name: "Southern", share: 9, provinces: ["สงขลา", "ภูเก็ต", "สุราษฎร์ธานี", "นครศรีธรรมราช", "ตรัง", "กระบี่"] },
];
/** Share (of 100) of customers whose address named no region (location and province null). */
const NO_REGION = 1;

/** First part of the customers' usernames (the rest is a code unique per customer). */
const NAME_STEMS = [
  "ploy", "nok", "mint", "fon", "beam", "ice", "bank", "arm", "tong", "gift", "noon", "pim", "nan", "kwan", "praew",
  "fah", "bow", "ning", "pat", "jane", "toey", "mai", "oil", "boss", "golf", "film", "earth", "pond", "view", "kate",
  "aom", "joy", "jib", "dao", "new", "tar", "pu", "som", "nut", "ohm", "bee", "muk", "namwan", "ped", "top", "au",
];

/** Orders by Bangkok hour of the day (ordered_at), relative. */
const HOUR_WEIGHTS = [2, 1, 0.5, 0.3, 0.3, 0.5, 1, 2, 3, 4, 5, 6, 7, 6, 5, 5, 5, 5, 6, 7, 9, 10, 8, 5];

/** Double-day sales: month (= day of month), how much they lift new customers, and the share of the orders of the days before that waits for them. */
const SALES: ReadonlyArray<{ month: number; lift: number; pull: number; days: number }> = [
  { month: 6, lift: 1.5, pull: 0.07, days: 5 },
  { month: 7, lift: 1.4, pull: 0.06, days: 5 },
  { month: 8, lift: 1.5, pull: 0.07, days: 5 },
  { month: 9, lift: 2.8, pull: 0.22, days: 10 },
  { month: 10, lift: 1.8, pull: 0.1, days: 6 },
  { month: 11, lift: 4.2, pull: 0.33, days: 10 },
  { month: 12, lift: 3.6, pull: 0.28, days: 10 },
];
/** Orders by day of week (Monday first), relative: Sunday and Monday evenings are the busiest. */
const WEEKDAY = [1.05, 0.96, 0.94, 0.94, 0.92, 0.98, 1.12];
/** By month: Songkran's April and the rainy season a little quieter, the year's end busier. */
const MONTH = [1.0, 0.95, 1.0, 0.92, 0.97, 1.0, 0.98, 1.0, 1.0, 1.02, 1.08, 1.1];

interface CalendarDay {
  /** New customers of the day relative to an ordinary one (growth included). */
  readonly cohort: number;
  /** Probability that a repeat order on this day is kept (≤ 1): quieter days lose some. */
  readonly keep: number;
  /** A repeat order falling on this day moves this many days (0 = stays)… */
  readonly shift: number;
  /** …with this probability. */
  readonly shiftP: number;
  /** 1 on a double-day sale, 2 on a payday, else 0: prices and hours differ. */
  readonly kind: number;
}

/** The calendar of one day (a day number): pure arithmetic, the same on every machine. */
function calendarOf(n: number): CalendarDay {
  const d = new Date(n * 86_400_000);
  const month = d.getUTCMonth() + 1;
  const dom = d.getUTCDate();
  const dow = (d.getUTCDay() + 6) % 7;
  const years = (n - COHORT_START_N) / 365.25;
  const sale = SALES.find((s) => s.month === month && dom === month);
  const payday = dom >= 25 || dom === 1;
  const cohort = WEEKDAY[dow]! * MONTH[month - 1]! * (1 + 0.16 * years) * (sale ? sale.lift : payday ? 1.22 : 1);
  const keep = (WEEKDAY[dow]! / 1.12) * (MONTH[month - 1]! / 1.1);
  // Orders of the days before a sale partly wait for it (the sale may be early next month).
  let shift = 0;
  let shiftP = 0;
  for (const s of SALES) {
    for (const year of [d.getUTCFullYear(), d.getUTCFullYear() + 1]) {
      const target = Date.UTC(year, s.month - 1, s.month) / 86_400_000;
      if (target > n && target - n <= s.days && shift === 0) {
        shift = target - n;
        shiftP = s.pull;
      }
    }
  }
  if (shift === 0 && dom >= 18 && dom <= 24) {
    shift = 7;
    shiftP = 0.18;
  } else if (shift === 0 && dom >= 2 && dom <= 4) {
    shift = 1 - dom;
    shiftP = 0.15;
  }
  return { cohort, keep, shift, shiftP, kind: sale ? 1 : payday ? 2 : 0 };
}

/**
 * Heavy buyers order every 4 to 14 days times the brand's gap scale, but never more than this
 * scale: so that in a quarter some of every brand's heavy buyers place five orders or more and
 * then stop, the RFM segment "Can't Lose Them" (frequent, not recent).
 */
const HEAVY_GAP_SCALE_MAX = 1.2;

/** Largest move of an order by the calendar, forward and backward (days). */
const MAX_SHIFT_FORWARD = 10;
const MAX_SHIFT_BACK = 3;

/** Cumulative slots (100) picking an index by weight. */
function slots(weights: readonly number[], count = 100): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  const out: number[] = [];
  let acc = 0;
  for (const [i, w] of weights.entries()) {
    acc += w;
    const until = Math.round((acc / total) * count);
    while (out.length < until) out.push(i);
  }
  while (out.length < count) out.push(weights.length - 1);
  return out;
}

/** Share (of 256) of the orders of the last days (0 = today) that are still pending, unless cancelled. */
const PENDING_BY_AGE = [248, 218, 154, 90, 38];
/** Statuses: under 927 of 1024 completed, under 991 cancelled, else returned. */
const COMPLETED_UNDER = 927;
const CANCELLED_UNDER = 991;

/** SQL of line l (0-based) of an order: its product (global index), quantity and unit price (whole baht). */
const lineSql = (l: number) => `
         o.prod_off + (o.p0 + ${l} * o.step) % o.prod_n + 1 AS prod${l},
         CASE WHEN ((o.r5 >> ${8 * l}) & 255) < (o.q1 * 256::real)::int THEN 1
              WHEN ((o.r5 >> ${8 * l}) & 255) < (o.q2 * 256::real)::int THEN 2
              WHEN ((o.r5 >> ${8 * l}) & 255) < (o.q3 * 256::real)::int THEN 3
              ELSE 4 + ((o.r5 >> ${8 * l}) & 255) % 3 END AS qty${l},
         (($27::int[])[o.prod_off + (o.p0 + ${l} * o.step) % o.prod_n + 1] * (100 - o.disc) + 50) / 100 AS price${l}`;

/**
 * The generator. $1/$2: the days to write, [from, to) as day numbers; $3: today (pending
 * statuses); $4: the calendar's first day; $5…$9 and $33: the calendar, one element per day
 * from $4; $10…$25: one element per brand; $26…$32 and $34…$37: products, regions, provinces,
 * names and hours (see generatorParams).
 *
 * A customer is (brand, cohort day a, j-th new customer of that day); cid = (a − 2021-01-01) ×
 * 256 + j is unique per brand. Their order k (0 = the first) has seq = cid × 256 + k, unique per
 * brand: every random draw of the order is a hash of seq, and its order id encodes seq (scrambled
 * by two invertible steps, so ids stay unique). Customer ids encode cid the same way.
 *
 * One statement writes the orders, their items (data-modifying CTEs: the items' foreign key is
 * checked at the statement's end) and the customers' first days (least of the old and new).
 * Rows come out in primary-key order where it is cheap. Per-row work is int4 and float4 (see
 * o2oDemo.ts on PGlite's 32-bit build).
 */
const generate = (mode: "insert" | "keep" | "status") => `
WITH brand AS MATERIALIZED (
  SELECT * FROM unnest($10::int[], $11::int[], $12::real[], $13::real[], $14::real[], $15::real[], $16::real[], $17::real[],
                       $18::real[], $19::real[], $20::real[], $21::real[], $22::real[], $23::real[], $24::int[], $25::int[]) WITH ORDINALITY
           AS b(brand_id, bkey, new_per_day, gap_scale, p_one, p_occ, p_loyal, shopee, l1, l2, l3, q1, q2, q3, prod_off, prod_n, bi)
), cohort AS MATERIALIZED (
  SELECT b.*, a, (b.new_per_day * ($5::real[])[a - $4 + 1] + (hashint4(a * 8 + b.bkey) & 65535)::real / 65536 - 0.5::real)::int AS size
    FROM brand b, generate_series(${COHORT_START_N}, $2::int - 1) AS a
), customer AS MATERIALIZED (
  -- Lifecycle by the customer's hash: one-off, occasional (2-5 orders), loyal (for 1.5-4.5
  -- years), or heavy buyers who lapse (6-21 orders 4 to 14 days apart, a little more for
  -- shoes: a burst of a few weeks to months, then nothing).
  SELECT c.*,
         CASE WHEN c.ut < c.p_one THEN 1
              WHEN c.ut < c.p_one + c.p_occ THEN 2 + (c.h2 & 3)
              WHEN c.ut < c.p_one + c.p_occ + c.p_loyal THEN 1 + ((540::real + 1100::real * c.u3) / c.gap)::int
              ELSE 6 + ((c.h2 >> 4) & 15) END AS n
    FROM (
      SELECT c.*, x.cid, y.h, y.h2, (y.h & 65535)::real / 65536 AS ut, ((y.h2 >> 16) & 65535)::real / 65536 AS u3,
             CASE WHEN (y.h & 65535)::real / 65536 < c.p_one + c.p_occ THEN c.gap_scale * (30::real + 90::real * ((y.h >> 16) & 65535)::real / 65536)
                  WHEN (y.h & 65535)::real / 65536 < c.p_one + c.p_occ + c.p_loyal THEN c.gap_scale * (14::real + 30::real * ((y.h >> 16) & 65535)::real / 65536)
                  ELSE least(c.gap_scale, ${HEAVY_GAP_SCALE_MAX}::real) * (4::real + 10::real * ((y.h >> 16) & 65535)::real / 65536) END AS gap
        FROM cohort c, generate_series(0, c.size - 1) AS j,
             LATERAL (SELECT (c.a - ${COHORT_START_N}) * 256 + j AS cid) x,
             LATERAL (SELECT hashint4(x.cid * 8 + c.bkey) AS h, hashint4(hashint4(x.cid * 8 + c.bkey) # 7) AS h2) y
      OFFSET 0) c
), placed AS (
  -- The orders whose natural day (a + k gaps, give or take 0.3 gap) may end up in [from, to),
  -- then moved by the calendar (sales, paydays) and thinned on quiet days; the first stays.
  SELECT n.*,
         CASE WHEN n.k = 0 THEN n.a
              WHEN ((n.r1 >> 16) & 65535)::real / 65536 < ($8::real[])[n.x - $4 + 1] THEN n.x + ($7::int[])[n.x - $4 + 1]
              ELSE n.x END AS day,
         n.k = 0 OR (n.r2 & 65535)::real / 65536
                    < ($6::real[])[n.x - $4 + 1] * (0.9::real + 0.1::real * (hashint4(n.x * 8 + n.bkey) & 65535)::real / 65536) AS kept
    FROM (
      SELECT c.brand_id, c.bkey, c.bi, c.a, c.cid, c.h, c.shopee, c.l1, c.l2, c.l3, c.q1, c.q2, c.q3, c.prod_off, c.prod_n, k, s.seq,
             hashint4(s.seq # 1234567) AS r1, hashint4(s.seq # 2345678) AS r2,
             c.a + (k::real * c.gap + ((hashint4(s.seq # 1234567) & 65535)::real / 65536 - 0.5::real) * 0.6::real * c.gap * least(k, 1)::real)::int AS x
        FROM customer c,
             generate_series(greatest(0, ((($1::int - ${MAX_SHIFT_FORWARD} - c.a)::real - 0.3::real * c.gap) / c.gap)::int - 1),
                             least(c.n - 1, ((($2::int + ${MAX_SHIFT_BACK} - c.a)::real + 0.3::real * c.gap) / c.gap)::int + 1)) AS k,
             LATERAL (SELECT c.cid * 256 + k AS seq) s
      OFFSET 0) n
), o AS (
  SELECT p.*,
         ($9::int[])[p.day - $4 + 1] AS kind,
         CASE WHEN ((p.r3 >> 10) & 127) < (p.l1 * 128::real)::int THEN 1 WHEN ((p.r3 >> 10) & 127) < (p.l2 * 128::real)::int THEN 2
              WHEN ((p.r3 >> 10) & 127) < (p.l3 * 128::real)::int THEN 3 ELSE 4 END AS lines,
         CASE WHEN ((p.r3 >> 17) & 1023) < ${COMPLETED_UNDER} THEN 0 WHEN ((p.r3 >> 17) & 1023) < ${CANCELLED_UNDER} THEN 1 ELSE 2 END AS final,
         (((p.h3 >> 16) & 255) < (p.shopee * 256::real)::int) = ((p.r3 & 1023) >= 92) AS shopee_order,
         ($26::int[])[(p.bi::int - 1) * 100 + (((p.r4 & 65535) * 100) >> 16) + 1] AS p0,
         1 + ((p.r4 >> 16) & 255) % greatest(1, (p.prod_n - 1) / 3) AS step,
         CASE ($9::int[])[p.day - $4 + 1] WHEN 1 THEN 10 + (p.r6 & 15) WHEN 2 THEN p.r6 & 7
              ELSE CASE WHEN (p.r6 & 3) = 0 THEN 5 + ((p.r6 >> 2) & 7) % 6 ELSE 0 END END AS disc
    FROM (
      SELECT p.*, hashint4(p.seq # 3456789) AS r3, hashint4(p.seq # 4567891) AS r4, hashint4(p.seq # 5555555) AS r5,
             hashint4(p.seq # 6666666) AS r6, hashint4(p.h # 99) AS h3, hashint4(p.h # 77) AS h4
        FROM placed p
       WHERE p.kept AND p.day >= $1::int AND p.day < $2::int
      OFFSET 0) p
), gen AS MATERIALIZED (
  SELECT o.brand_id, o.day, o.lines,
         CASE WHEN o.shopee_order THEN 'Shopee' ELSE 'Lazada' END AS platform,
         CASE WHEN o.shopee_order
              THEN ($33::int[])[o.day - $4 + 1]::text || upper(CASE WHEN o.s2 < 268435456 THEN lpad(to_hex(o.s2), 7, '0') ELSE to_hex(o.s2) END)
                   || chr(65 + ((o.r6 >> 8) & 15))
              ELSE '7' || lpad(o.s2::text, 9, '0') || lpad(((o.r6 >> 12) & 65535)::text, 5, '0') END AS order_id,
         ($30::text[])[(((o.h4 & 65535) * cardinality($30::text[])) >> 16) + 1] || CASE WHEN (o.h4 >> 16) & 1 = 0 THEN '.' ELSE '_' END
           || CASE WHEN o.c2 < 65536 THEN lpad(to_hex(o.c2), 5, '0') ELSE to_hex(o.c2) END AS customer_id,
         to_timestamp(o.day::float8 * 86400 - 25200
                      + CASE WHEN o.kind = 1 AND ((o.r2 >> 16) & 7) = 0 THEN 0
                             ELSE ($32::int[])[((((o.r2 >> 16) & 65535) * 100) >> 16) + 1] * 3600 END
                      + ((o.r6 >> 4) & 65535) % 3600) AS ordered_at,
         (ARRAY['completed', 'cancelled', 'returned', 'pending'])[
           CASE WHEN o.final <> 1 AND $3::int - o.day < ${ORDERS_DEMO_PENDING_DAYS}
                     AND ((o.r6 >> 20) & 255) < ('{${PENDING_BY_AGE.join(",")}}'::int[])[$3::int - o.day + 1] THEN 3
                ELSE o.final END + 1] AS status,
         CASE WHEN o.region = 0 THEN NULL ELSE ($31::text[])[o.region] END AS location, o.province, o.prod0, o.qty0, o.price0, o.prod1, o.qty1, o.price1, o.prod2, o.qty2, o.price2, o.prod3, o.qty3, o.price3,
         o.qty0 * o.price0 + CASE WHEN o.lines >= 2 THEN o.qty1 * o.price1 ELSE 0 END
           + CASE WHEN o.lines >= 3 THEN o.qty2 * o.price2 ELSE 0 END + CASE WHEN o.lines >= 4 THEN o.qty3 * o.price3 ELSE 0 END AS basket
    FROM (
      SELECT o.*, ${[0, 1, 2, 3].map(lineSql).join(",")},
             t.s1 # ((hashint4(t.s1 & 4095) & 32767) << 12) AS s2,
             u.c1 # ((hashint4(u.c1 & 255) & 2047) << 8) AS c2,
             ($28::int[])[(((o.h3 & 65535) * 100) >> 16) + 1] AS region,
             CASE WHEN ($28::int[])[(((o.h3 & 65535) * 100) >> 16) + 1] = 0 THEN NULL
                  ELSE ($29::text[])[(($34::int[])[($28::int[])[(((o.h3 & 65535) * 100) >> 16) + 1]])
                                     + ((o.h3 >> 24) & 127) % ($35::int[])[($28::int[])[(((o.h3 & 65535) * 100) >> 16) + 1]] + 1] END AS province
        FROM o,
             LATERAL (SELECT o.seq # (hashint4(o.seq >> 12) & 4095) AS s1) t,
             LATERAL (SELECT o.cid # (hashint4(o.cid >> 8) & 255) AS c1) u
      OFFSET 0) o
), ins AS (
  INSERT INTO orders AS t (brand_id, platform, order_id, customer_id, ordered_at, day, status, status_raw, location, province, basket, demo)
  SELECT brand_id, platform, order_id, customer_id, ordered_at, date '1970-01-01' + day, status,
         CASE WHEN platform = 'Shopee'
              THEN CASE status WHEN 'completed' THEN 'สำเร็จแล้ว' WHEN 'cancelled' THEN 'ยกเลิกแล้ว' WHEN 'returned' THEN 'คืนเงิน/คืนสินค้า'
                               WHEN 'pending' THEN CASE WHEN day = $3::int THEN 'ที่ต้องจัดส่ง' ELSE 'กำลังจัดส่ง' END END
              ELSE CASE status WHEN 'completed' THEN 'delivered' WHEN 'cancelled' THEN 'canceled' WHEN 'returned' THEN 'returned'
                               WHEN 'pending' THEN CASE WHEN day = $3::int THEN 'ready_to_ship' ELSE 'shipped' END END END,
         location, province, basket::numeric, true
    FROM gen
   ORDER BY brand_id, platform, order_id
  ${mode === "insert" ? "" : mode === "keep" ? "ON CONFLICT DO NOTHING" : `ON CONFLICT (brand_id, platform, order_id) DO UPDATE SET status = EXCLUDED.status, status_raw = EXCLUDED.status_raw
   WHERE t.demo AND (t.status, t.status_raw) IS DISTINCT FROM (EXCLUDED.status, EXCLUDED.status_raw)`}
  RETURNING 1
), items AS (
  INSERT INTO order_items (brand_id, platform, order_id, line, product, sku, quantity, price, day, status, location, basket, product_repeat)
  SELECT g.brand_id, g.platform, g.order_id, l.line, ($36::text[])[l.prod], ($37::text[])[l.prod], l.qty, l.price::numeric,
         date '1970-01-01' + g.day, g.status, g.location, g.basket::numeric, false
    FROM gen g,
         LATERAL (VALUES (1, g.prod0, g.qty0, g.price0), (2, g.prod1, g.qty1, g.price1), (3, g.prod2, g.qty2, g.price2), (4, g.prod3, g.qty3, g.price3))
           AS l(line, prod, qty, price)
   WHERE l.line <= g.lines
   ORDER BY g.brand_id, g.platform, g.order_id, l.line
  ${mode === "insert" ? "" : "ON CONFLICT DO NOTHING"}
  RETURNING 1
), firsts AS (
  INSERT INTO order_customers AS t (brand_id, customer_id, first_day)
  SELECT brand_id, customer_id, date '1970-01-01' + min(day) FROM gen GROUP BY brand_id, customer_id
  ON CONFLICT (brand_id, customer_id) DO UPDATE SET first_day = EXCLUDED.first_day WHERE EXCLUDED.first_day < t.first_day
  RETURNING 1
)
SELECT (SELECT count(*) FROM ins)::int AS orders, (SELECT count(*) FROM items)::int AS items`;

function generatorParams(from: number, to: number, today: number, brands: ReadonlyArray<{ id: number; brand: DemoBrand }>): unknown[] {
  const calFrom = COHORT_START_N;
  const calTo = Math.max(to, today) + MAX_SHIFT_FORWARD + 2;
  const cal: CalendarDay[] = [];
  const ymd: number[] = [];
  for (let n = calFrom; n <= calTo; n++) {
    cal.push(calendarOf(n));
    ymd.push(Number(dayText(n).slice(2).replaceAll("-", "")));
  }
  const offsets: number[] = [];
  let off = 0;
  for (const { brand } of brands) {
    offsets.push(off);
    off += brand.products.length;
  }
  const products = brands.flatMap(({ brand }) => brand.products);
  const provinceOffsets: number[] = [];
  let p = 0;
  for (const r of REGIONS) {
    provinceOffsets.push(p);
    p += r.provinces.length;
  }
  return [
    from, to, today, calFrom,
    cal.map((c) => c.cohort), cal.map((c) => c.keep), cal.map((c) => c.shift), cal.map((c) => c.shiftP), cal.map((c) => c.kind),
    brands.map((b) => b.id), brands.map((b) => b.brand.key), brands.map((b) => b.brand.newPerDay), brands.map((b) => b.brand.gapScale),
    brands.map((b) => b.brand.mix[0]), brands.map((b) => b.brand.mix[1]), brands.map((b) => b.brand.mix[2]), brands.map((b) => b.brand.shopee),
    brands.map((b) => b.brand.lines[0]), brands.map((b) => b.brand.lines[1]), brands.map((b) => b.brand.lines[2]),
    brands.map((b) => b.brand.quantities[0]), brands.map((b) => b.brand.quantities[1]), brands.map((b) => b.brand.quantities[2]),
    offsets, brands.map((b) => b.brand.products.length),
    brands.flatMap(({ brand }) => slots(brand.products.map((x) => x.weight))),
    products.map((x) => x.price),
    slots([NO_REGION, ...REGIONS.map((r) => r.share)]),
    REGIONS.flatMap((r) => r.provinces),
    NAME_STEMS,
    REGIONS.map((r) => r.name),
    slots(HOUR_WEIGHTS),
    ymd,
    provinceOffsets,
    REGIONS.map((r) => r.provinces.length),
    products.map((x) => x.name),
    brands.flatMap(({ brand }) => brand.products.map((_, i) => `${brand.sku}-${String(i + 1).padStart(3, "0")}`)),
  ];
}

/** Orders written at once from which the tables' statistics are refreshed before the affiliates' share is read from them. */
const ANALYZE_BEFORE_AFFILIATES = 2_000;

interface DemoBrandRow { readonly id: number; readonly brand: DemoBrand }

/** Writes the demo orders of the given brands for the days [from, to) (day numbers); returns the orders and items written. */
async function writeDemoOrders(
  tx: Queryable, brands: readonly DemoBrandRow[], from: number, to: number, today: number, mode: "insert" | "keep" | "status",
): Promise<{ orders: number; items: number }> {
  if (brands.length === 0 || to <= from) return { orders: 0, items: 0 };
  // PostgreSQL would compile this one-off statement with LLVM first, which costs more than it saves.
  await tx.query("SET LOCAL jit = off");
  const res = await tx.query<{ orders: number; items: number }>(generate(mode), generatorParams(from, to, today, brands));
  // The affiliates' share reads the orders just written. After a large write the planner needs
  // their statistics first: taking the tables for as small as they were, it joined them in
  // nested loops, and a 12-month step of the fill took minutes instead of about a second.
  if (res.rows[0]!.orders >= ANALYZE_BEFORE_AFFILIATES) for (const table of ["orders", "order_items"]) await tx.query(`ANALYZE ${table}`);
  // The affiliates' share of the same days' orders (issue 16), written (or moved on) with them.
  await writeDemoAffiliate(tx, brands.map((b) => ({ id: b.id, key: b.brand.key, products: b.brand.products.map((p) => p.name) })), from, to);
  return res.rows[0]!;
}

/** The demo brands of the database with their generator, and how far their orders go. */
async function demoBrands(tx: Queryable): Promise<Array<DemoBrandRow & { filledFrom: number | null; filledTo: number }>> {
  const rows = (await tx.query<{ brand_id: number; demo_key: number; filled_from: number | null; filled_to: number }>(
    `SELECT brand_id, demo_key, (filled_from - date '1970-01-01') AS filled_from, (filled_to - date '1970-01-01') AS filled_to
       FROM orders_demo_fill ORDER BY brand_id`,
  )).rows;
  return rows.flatMap((r) => {
    const brand = ORDERS_DEMO_BRANDS.find((b) => b.key === r.demo_key);
    return brand ? [{ id: r.brand_id, brand, filledFrom: r.filled_from, filledTo: r.filled_to }] : [];
  });
}

/** First day (day number) of the calendar month holding day n, moved by `add` months. */
const monthStart = (n: number, add = 0) => {
  const d = new Date(n * 86_400_000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + add, 1) / 86_400_000;
};

/** The first day the seed writes at once: the 1st of the month {@link ORDERS_DEMO_RECENT_MONTHS} − 1 months before today's (not before the demo start). */
export function recentOrdersStart(now: Date): string {
  return dayText(Math.max(DEMO_START_N, monthStart(bangkokDayNumber(now), 1 - ORDERS_DEMO_RECENT_MONTHS)));
}

/**
 * Seeds the demo orders of the demo brands (found by name; seeding runs after they were
 * inserted) for the recent months up to today (Bangkok), in the caller's transaction. The older
 * months, back to 2023-01-01, are written by {@link backfillDemoOrders}: in the background by the
 * server, at once by {@link fillDemoOrders}. Either way the rows are the same.
 *
 * @returns the orders written
 */
export async function seedDemoOrders(tx: Queryable, now: Date): Promise<number> {
  const today = bangkokDayNumber(now);
  const recent = dayNumber(recentOrdersStart(now));
  const found = (await tx.query<{ id: number; name: string }>(
    "SELECT id, name FROM brands WHERE name = ANY($1::text[]) ORDER BY id", [ORDERS_DEMO_BRANDS.map((b) => b.name)],
  )).rows;
  const brands = found.map((r) => ({ id: r.id, brand: ORDERS_DEMO_BRANDS.find((b) => b.name === r.name)! }));
  for (const b of brands) {
    await tx.query(
      "INSERT INTO orders_demo_fill (brand_id, demo_key, filled_from, filled_to) VALUES ($1, $2, $3::date, $4::date)",
      [b.id, b.brand.key, recent > DEMO_START_N ? dayText(recent) : null, dayText(today)],
    );
  }
  const { orders } = await writeDemoOrders(tx, brands, recent, today + 1, today, "insert");
  await analyzeOrders(tx);
  return orders;
}

/**
 * Writes the `months` demo months before the earliest one written so far, in one transaction,
 * and moves `filled_from` back. Rows already there stay (ON CONFLICT DO NOTHING), so a backfill
 * cut off half-way is simply run again.
 *
 * @returns the orders written, and whether older months are still missing
 */
export async function backfillDemoOrders(db: Storage, months = 1, now: Date = new Date()): Promise<{ written: number; remaining: boolean }> {
  return db.transaction(async (tx) => {
    const brands = (await demoBrands(tx)).filter((b) => b.filledFrom !== null);
    if (brands.length === 0) return { written: 0, remaining: false };
    const filled = Math.min(...brands.map((b) => b.filledFrom!));
    const from = Math.max(DEMO_START_N, monthStart(filled, -months));
    const { orders } = await writeDemoOrders(tx, brands, from, filled, bangkokDayNumber(now), "keep");
    const done = from <= DEMO_START_N;
    await tx.query("UPDATE orders_demo_fill SET filled_from = $1::date WHERE filled_from IS NOT NULL", [done ? null : dayText(from)]);
    return { written: orders, remaining: !done };
  });
}

/** Writes every missing demo month now (tests, and `npm run` scripts that need the whole demo). */
export async function fillDemoOrders(db: Storage, now: Date = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const { written, remaining } = await backfillDemoOrders(db, 12, now);
    total += written;
    if (!remaining) {
      if (total > 0) await analyzeOrders(db);
      return total;
    }
  }
}

/**
 * Writes the missing demo months in the background, one month per transaction and newest first,
 * pausing between them so that requests are answered meanwhile (PGlite runs one statement at a
 * time). Failures are logged, never thrown: the demo still works with the months it has.
 */
export function fillDemoOrdersInBackground(db: Storage, opts: BackgroundFillOptions = {}): BackgroundFill {
  return backgroundFill({ label: "orders demo", unit: "orders" }, () => backfillDemoOrders(db, 1), { ...opts, after: () => analyzeOrders(db) });
}

/**
 * Continues the demo orders up to today (Bangkok): a demo database started days or months after
 * it was seeded still shows orders up to today, and the orders that were pending then have moved
 * on (completed, or returned) as a seeding today would have them. Only demo brands, only demo
 * orders.
 *
 * @returns the orders written or changed (0 when there are no demo brands or they are up to date)
 */
export async function extendDemoOrders(db: Storage, now: Date): Promise<number> {
  const today = bangkokDayNumber(now);
  return db.transaction(async (tx) => {
    const brands = (await demoBrands(tx)).filter((b) => b.filledTo < today);
    if (brands.length === 0) return 0;
    const from = Math.min(...brands.map((b) => b.filledTo)) - ORDERS_DEMO_PENDING_DAYS + 1;
    const { orders } = await writeDemoOrders(tx, brands, Math.max(DEMO_START_N, from), today + 1, today, "status");
    await tx.query("UPDATE orders_demo_fill SET filled_to = $2::date WHERE brand_id = ANY($1::int[])", [brands.map((b) => b.id), dayText(today)]);
    return orders;
  });
}
