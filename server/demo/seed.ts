import type { MaLabel } from "../../domain/entities";
import { bangkokDay } from "../../domain/dates";
import { addDays, daysInclusive } from "../../domain/calendarDays";
import type { MetricKey } from "../../domain/metrics";
import type { Queryable, Storage } from "../storage/storage";
import { randomBytes } from "node:crypto";
import { ReadCaches } from "../services/cache";
import { seedDemoOrders } from "./commerceDemo";
import { seedDemoO2O } from "./o2oDemo";
import { seedDemoSocial } from "./socialDemo";
import { seedDemoAds } from "./adsDemo";
import { seedDemoKol } from "./kolDemo";
import { seedDemoCir } from "./cirDemo";
import { DEMO_ADS_METRICS, DEMO_MA_METRICS, DEMO_METRICS_START, demoAdsValues, demoMaValues, type Channel } from "./demoSeries";
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
    // Every demo brand uses both channels from 2021 (the brand's own accountTime.template, issue 17).
    await tx.query("INSERT INTO brand_channels (brand_id, channel, start_year) SELECT b.id, t.channel, t.start_year FROM brands b CROSS JOIN account_template t");
    await insertDemoMetrics(tx, DEMO_METRICS_START, bangkokDay(now));
    await seedDemoSocial(tx, bangkokDay(now));
    await seedDemoAds(tx, bangkokDay(now));
    await seedDemoKol(tx);
    await seedDemoO2O(tx, now);
    // The demo's o2o campaigns are named after their brand: each brand's users read its own.
    // The longest brand name wins: "Aura Move Run Club" is Aura Move's, not Aura's.
    await tx.query(`INSERT INTO brand_o2o_campaigns (brand_id, campaign_id)
      SELECT DISTINCT ON (c.id) b.id, c.id FROM o2o_campaigns c JOIN brands b ON c.name LIKE b.name || ' %'
      ORDER BY c.id, length(b.name) DESC`);
    // A brand with o2o campaigns has an o2o token, so its users read them (made at random here, never in the repository).
    const o2oBrands = await tx.query<{ id: number }>("SELECT DISTINCT brand_id AS id FROM brand_o2o_campaigns ORDER BY 1");
    for (const { id } of o2oBrands.rows) {
      await tx.query("UPDATE brands SET o2o_token = $2 WHERE id = $1", [id, `o2o_${randomBytes(24).toString("base64url")}`]);
    }
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
  await seedDemoCir(db, id);
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
// Demo metrics: the values are pure functions in demoSeries.ts; here they are written.

export { DEMO_ADS_METRICS, DEMO_MA_METRICS, DEMO_METRICS_START, demoAdsValues, demoMaValues } from "./demoSeries";

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
