import type { MaLabel } from "../../domain/entities";
import { bangkokDay } from "../../domain/dates";
import { addDays, daysInclusive } from "../../domain/calendarDays";
import type { MetricKey } from "../../domain/metrics";
import type { Queryable, Storage } from "../storage/storage";
import { randomBytes } from "node:crypto";
import { ReadCaches } from "../services/cache";
import { seedDemoOrders } from "./commerceDemo";
import { seedDemoO2O } from "./o2oDemo";
import { UserService } from "../services/users";

export const DEMO_EMAIL = "demo@example.com";
export const DEMO_PASSWORD = "demo1234";

/** Brands, their Facebook and TikTok accounts (bags) and pages: deterministic demo data. */
const DEMO_BRANDS: ReadonlyArray<{ name: string; slug: string; maLabel: MaLabel; accounts: ReadonlyArray<{ channel: "facebook" | "tiktok"; name: string; pages: string[] }> }> = [
  {
    name: "Tipco", slug: "tipco", maLabel: "Facebook MA",
    accounts: [
      { channel: "facebook", name: "Tipco Official", pages: ["Tipco Thailand", "Tipco 100% Juice", "Tipco Fruit Club"] },
      { channel: "facebook", name: "Tipco Shop", pages: ["Tipco Shop Bangkok", "Tipco Delivery"] },
      { channel: "tiktok", name: "Tipco TikTok", pages: ["@tipcothailand", "@tipcojuice"] },
    ],
  },
  {
    name: "Aura", slug: "aura", maLabel: "MA",
    accounts: [
      { channel: "facebook", name: "Aura Official", pages: ["Aura Thailand", "Aura Skin Lab"] },
      { channel: "facebook", name: "Aura Community", pages: ["Aura Beauty Talk"] },
      { channel: "tiktok", name: "Aura TikTok", pages: ["@aurathailand", "@auraglow"] },
    ],
  },
  {
    name: "Aura Move", slug: "auramove", maLabel: "Facebook MA",
    accounts: [
      { channel: "facebook", name: "Aura Move Official", pages: ["Aura Move", "Aura Move Runners"] },
      { channel: "tiktok", name: "Aura Move TikTok", pages: ["@auramove", "@auramovefit"] },
    ],
  },
];

/** Seeds the demo workspace once; returns false when it was already there. */
export async function seedDemo(db: Storage, now: Date = new Date()): Promise<boolean> {
  const seeded = await db.transaction(async (tx) => {
    const existing = await tx.query("SELECT 1 FROM brands LIMIT 1");
    if (existing.rows.length > 0) return false;
    for (const brand of DEMO_BRANDS) {
      const res = await tx.query<{ id: number }>("INSERT INTO brands (name, ma_label) VALUES ($1, $2) RETURNING id", [brand.name, brand.maLabel]);
      const brandId = res.rows[0]!.id;
      let a = 0;
      for (const acc of brand.accounts) {
        a += 1;
        const bagId = `bag-${brand.slug}-${acc.channel === "facebook" ? "fb" : "tt"}-${a}`;
        await tx.query("INSERT INTO bags (id, brand_id, name, channel) VALUES ($1, $2, $3, $4)", [bagId, brandId, acc.name, acc.channel]);
        let p = 0;
        for (const page of acc.pages) {
          p += 1;
          await tx.query("INSERT INTO pages (id, bag_id, name) VALUES ($1, $2, $3)", [`${bagId}-p${p}`, bagId, page]);
        }
      }
    }
    await tx.query("INSERT INTO account_template (channel, start_year) VALUES ('facebook', 2021), ('tiktok', 2021)");
    await insertDemoMetrics(tx, DEMO_METRICS_START, bangkokDay(now));
    await seedDemoO2O(tx, now);
    await seedDemoOrders(tx, now);
    return true;
  });
  if (!seeded) return false;
  const { id } = await new UserService(db, new ReadCaches()).create({
    email: DEMO_EMAIL,
    password: DEMO_PASSWORD,
    name: "Demo User",
    permissions: ["1", "2", "3", "4", "5", "6", "7", "8", "9"],
    brands: DEMO_BRANDS.map((b) => b.name),
  }, "seed");
  await grantDemoO2O(db, id);
  return true;
}

/**
 * Gives a user every demo o2o campaign (listO2O) and an o2o token. The token is made at random
 * when the user is seeded: it is never written in the repository.
 */
export async function grantDemoO2O(db: Storage, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      "INSERT INTO user_o2o_campaigns (user_id, campaign_id) SELECT $1, id FROM o2o_campaigns WHERE demo ON CONFLICT DO NOTHING", [userId],
    );
    await tx.query("UPDATE users SET token_o2o = $2 WHERE id = $1 AND token_o2o = ''", [userId, `o2o_${randomBytes(24).toString("base64url")}`]);
  });
}

// ---------------------------------------------------------------------------------------------
// Demo metrics: daily figures for every page (MA) and every account (ADS) from 2023-01-01 to the
// seeding day. Each value is a pure function of (page or account id, metric, day), from a seeded
// hash rather than Math.random, so the same day always gets the same figure: a later top-up
// (extendDemoMetrics) continues the series exactly as a seeding on that later day would have.

export const DEMO_METRICS_START = "2023-01-01";

/** The MA figures of a page (organic page insights have no leads or conversions). */
export const DEMO_MA_METRICS = ["click", "engagement", "follower", "impression", "inbox", "page_like", "reach", "view"] as const satisfies readonly MetricKey[];
/** The ADS figures of an account. */
export const DEMO_ADS_METRICS = ["click", "conversion", "engagement", "impression", "inbox", "leadgen", "reach", "spend", "view"] as const satisfies readonly MetricKey[];

type Channel = "facebook" | "tiktok";

/** 32-bit FNV-1a of a string. */
function fnv1a(s: string): number {
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
const uniform = (seed: number, day: number, salt: number) => mix32(seed ^ mix32(Math.imul(day + 1, 0x9e3779b1) ^ mix32(salt + 0x632be5ab))) / 4294967296;
/** Roughly standard normal (Irwin–Hall of four uniforms). */
const normal = (seed: number, day: number, salt: number) =>
  (uniform(seed, day, salt) + uniform(seed, day, salt + 101) + uniform(seed, day, salt + 202) + uniform(seed, day, salt + 303) - 2) * Math.sqrt(3);

interface CalendarDay { readonly index: number; readonly dow: number; readonly dom: number; readonly month: number; readonly lastDom: number }

function calendarDay(index: number): CalendarDay {
  const d = new Date(Date.UTC(2023, 0, 1) + index * 86_400_000);
  const month = d.getUTCMonth() + 1;
  return { index, dow: d.getUTCDay(), dom: d.getUTCDate(), month, lastDom: new Date(Date.UTC(d.getUTCFullYear(), month, 0)).getUTCDate() };
}

/**
 * Calendar effects: social activity (reach, views…) and buying (inbox, conversions, spend).
 * Paydays (25th to month end), the double-day sales 9.9, 10.10, 11.11 and 12.12 with their eves,
 * and Songkran (13–15 April, when people post and watch more and buy less).
 */
function calendarEffects(c: CalendarDay, channel: Channel): { social: number; buying: number } {
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

interface DemoSeries {
  readonly plan: "ma" | "ads";
  readonly brandId: number;
  readonly bagId: string;
  readonly pageId: string | null;
  readonly channel: Channel;
  /** The page id (MA) or account id (ADS): the same key the documented CSV uses, so a CSV import overwrites it. */
  readonly sourceKey: string;
  readonly metrics: readonly MetricKey[];
}

/**
 * One statement per series: the values travel as one metrics × days float8 array and the rows are
 * made in SQL, in the order of the unique index (plan, source_key, day, metric) — appending to a
 * B-tree is much cheaper than inserting all over it. (A text array per column, or numeric[], made
 * seeding twice as slow on PGlite: array input parsing dominated.)
 */
const INSERT_DEMO = `
INSERT INTO metrics (brand_id, bag_id, page_id, channel, plan, metric, day, value, source, source_key)
SELECT $1, $2, $3, $4, $5, ($6::text[])[mi], $7::date + (di - 1), ($8::float8[])[mi][di]::numeric, 'demo', $9
  FROM generate_series(1, $10::int) AS di, generate_series(1, cardinality($6::text[])) AS mi
 ORDER BY di, mi`;
/** A top-up may meet values written meanwhile (another server, an import): those stay. */
const INSERT_DEMO_KEEPING = `${INSERT_DEMO}
ON CONFLICT (plan, source_key, day, metric) DO NOTHING`;

/** Inserts the demo values of the given series for the days from..to; returns the rows written. */
async function insertDemoSeries(tx: Queryable, series: readonly DemoSeries[], from: string, to: string, keepExisting: boolean): Promise<number> {
  const days = daysInclusive(from, to);
  if (days === 0) return 0;
  const offset = daysInclusive(DEMO_METRICS_START, from) - 1;
  let inserted = 0;
  const ordered = [...series].sort((a, b) => (a.plan === b.plan ? (a.sourceKey < b.sourceKey ? -1 : 1) : a.plan < b.plan ? -1 : 1));
  for (const s of ordered) {
    const metrics = [...s.metrics].sort();
    const values = metrics.map(() => new Array<number>(days));
    for (let i = 0; i < days; i++) {
      const day: Partial<Record<MetricKey, number>> = s.plan === "ma"
        ? demoMaValues(s.pageId!, s.channel, offset + i)
        : demoAdsValues(s.bagId, s.channel, offset + i);
      metrics.forEach((m, k) => {
        values[k]![i] = day[m] ?? 0;
      });
    }
    const res = await tx.query(keepExisting ? INSERT_DEMO_KEEPING : INSERT_DEMO, [
      s.brandId, s.bagId, s.pageId, s.channel, s.plan, metrics, from, values, s.sourceKey, days,
    ]);
    inserted += res.affectedRows;
  }
  return inserted;
}

/** Demo series of every account and page in the database (seeding runs on a database holding only the demo brands). */
async function allDemoSeries(tx: Queryable): Promise<DemoSeries[]> {
  const bags = (await tx.query<{ id: string; brand_id: number; channel: Channel }>("SELECT id, brand_id, channel FROM bags ORDER BY id")).rows;
  const pages = (await tx.query<{ id: string; bag_id: string }>("SELECT id, bag_id FROM pages ORDER BY id")).rows;
  const series: DemoSeries[] = [];
  for (const g of bags) {
    series.push({ plan: "ads", brandId: g.brand_id, bagId: g.id, pageId: null, channel: g.channel, sourceKey: g.id, metrics: DEMO_ADS_METRICS });
    for (const p of pages.filter((x) => x.bag_id === g.id)) {
      series.push({ plan: "ma", brandId: g.brand_id, bagId: g.id, pageId: p.id, channel: g.channel, sourceKey: p.id, metrics: DEMO_MA_METRICS });
    }
  }
  return series;
}

/**
 * Seeds the demo metrics of every page and account from `from` to `to` (inclusive), into a table
 * that holds none of them yet (a plain INSERT: ON CONFLICT would cost a third more); returns the rows written.
 */
export async function insertDemoMetrics(tx: Queryable, from: string, to: string): Promise<number> {
  return insertDemoSeries(tx, await allDemoSeries(tx), from, to, false);
}

/**
 * Continues the demo series up to `today`: a demo database started days or months after it was
 * seeded still shows figures up to today. Only series whose last day is still a demo value are
 * continued (a series that real figures replaced stays replaced), and only the days after that.
 *
 * @returns the rows written (0 when there is no demo data or it is already up to date)
 */
export async function extendDemoMetrics(db: Storage, today: string): Promise<number> {
  return db.transaction(async (tx) => {
    const all = await allDemoSeries(tx);
    let written = 0;
    for (const s of all) {
      const last = (await tx.query<{ day: string | null }>(
        "SELECT to_char(max(day), 'YYYY-MM-DD') AS day FROM metrics WHERE plan = $1 AND source_key = $2", [s.plan, s.sourceKey],
      )).rows[0]?.day;
      if (!last || last >= today) continue;
      const demo = (await tx.query<{ metric: MetricKey }>(
        "SELECT metric FROM metrics WHERE plan = $1 AND source_key = $2 AND day = $3 AND source = 'demo'", [s.plan, s.sourceKey, last],
      )).rows.map((r) => r.metric);
      if (demo.length === 0) continue;
      written += await insertDemoSeries(tx, [{ ...s, metrics: s.metrics.filter((m) => demo.includes(m)) }], addDays(last, 1), today, true);
    }
    return written;
  });
}
