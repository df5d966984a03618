/**
 * Demo data of the built-in o2o visitor analytics service: four campaigns with their contents,
 * and hourly rollups from 2023-01-01 (Bangkok) to the last complete hour.
 *
 * The rollups are generated inside the database by one INSERT … SELECT over generate_series
 * (~630,000 rows for 2023-01-01 to late 2026; ~6 s on PGlite, ~3.5 s on PostgreSQL). A row is a
 * pure function of (content, hour, sex, age band) through PostgreSQL's hashint4 (the same values
 * on PGlite and PostgreSQL: it hashes the integer's value, and has not changed in many major
 * versions) and float4 arithmetic (+ − × ÷ and rounding, correctly rounded in IEEE, so both
 * backends compute the same numbers; no exp/sin whose last bits depend on the libm). Seeding on a
 * later day, or topping up later, writes exactly the rows a seeding then would have.
 *
 * To keep the seed within seconds the grid is reduced: only opening hours (10:00–21:59 Bangkok),
 * six age bands, no row for a cell where nobody passed, and campaigns and contents that are on
 * air for part of the time (flights, a seasonal campaign, two dayparted contents), as real ones are.
 */
import { dayNumber } from "../../domain/calendarDays";
import { BANGKOK_OFFSET_SECONDS, bangkokMonthStart } from "../../domain/o2oConstants";
import { backgroundFill, type BackgroundFill, type BackgroundFillOptions } from "./backgroundFill";
import type { Queryable, Storage } from "../storage/storage";

/** Bangkok is UTC+7 all year. */
const BANGKOK_OFFSET_S = BANGKOK_OFFSET_SECONDS;
/** First demo hour: 2023-01-01 00:00 in Bangkok. */
export const O2O_DEMO_START = Date.UTC(2023, 0, 1) / 1000 - BANGKOK_OFFSET_S;
/** Store opening hours (Bangkok): the first and last hour that has rows. */
export const O2O_OPEN_HOUR = 10;
export const O2O_LAST_HOUR = 21;

interface DemoContent {
  readonly id: number;
  readonly name: string;
  readonly durationS: number;
  /** Expected shows per open hour at an ordinary weekday noon-ish hour (all sexes and ages). */
  readonly base: number;
  /** Share of shows who look at the screen. */
  readonly viewRate: number;
  /** Share of viewers who stay engaged (leads). */
  readonly leadRate: number;
  /** Mean attention per viewer, seconds. */
  readonly attention: number;
  /** On air from / until (Bangkok days, inclusive); until null = still running. */
  readonly from: string;
  readonly until: string | null;
  /** Daypart: plays only from / to these Bangkok hours (inclusive); unset = all opening hours. */
  readonly hours?: readonly [number, number];
}

interface DemoCampaign {
  readonly id: number;
  readonly name: string;
  readonly screens: number;
  /** Share of women among the people passing. */
  readonly women: number;
  /** Shares of the age bands under 18, 18-24, 25-34, 35-44, 45-54, 55+ (they add up to 1). */
  readonly ages: readonly [number, number, number, number, number, number];
  /** On air only between these days of every year (month × 100 + day, inclusive); unset = all year. */
  readonly season?: readonly [number, number];
  readonly contents: readonly DemoContent[];
}

export const O2O_DEMO_CAMPAIGNS: readonly DemoCampaign[] = [
  {
    id: 1, name: "Tipco Fresh Mornings", screens: 6, women: 0.56, ages: [0.08, 0.14, 0.25, 0.23, 0.17, 0.13],
    contents: [
      { id: 101, name: "Tipco 100% Orange 15s", durationS: 15, base: 34, viewRate: 0.37, leadRate: 0.34, attention: 4.4, from: "2023-01-01", until: "2024-06-30" },
      { id: 102, name: "Tipco Mixed Fruit 15s", durationS: 15, base: 28, viewRate: 0.33, leadRate: 0.3, attention: 4.0, from: "2024-04-01", until: null },
      { id: 103, name: "Brunch Bundle 30s", durationS: 30, base: 24, viewRate: 0.41, leadRate: 0.4, attention: 6.1, from: "2025-01-01", until: null, hours: [10, 13] },
    ],
  },
  {
    id: 2, name: "Aura Glow Serum", screens: 5, women: 0.71, ages: [0.05, 0.24, 0.33, 0.2, 0.11, 0.07],
    contents: [
      { id: 201, name: "Glow Serum 15s", durationS: 15, base: 30, viewRate: 0.42, leadRate: 0.38, attention: 5.2, from: "2024-06-01", until: null },
      { id: 202, name: "Sunscreen SPF50 20s", durationS: 20, base: 24, viewRate: 0.36, leadRate: 0.33, attention: 4.8, from: "2025-09-01", until: null },
    ],
  },
  {
    id: 3, name: "Aura Move Run Club", screens: 4, women: 0.43, ages: [0.07, 0.26, 0.31, 0.2, 0.11, 0.05],
    contents: [
      { id: 301, name: "Run Club 20s", durationS: 20, base: 26, viewRate: 0.35, leadRate: 0.36, attention: 4.6, from: "2025-01-01", until: null },
      { id: 302, name: "Sneaker Drop 15s", durationS: 15, base: 22, viewRate: 0.39, leadRate: 0.31, attention: 4.3, from: "2025-01-01", until: "2026-04-30" },
      { id: 303, name: "Member Night 10s", durationS: 10, base: 18, viewRate: 0.3, leadRate: 0.28, attention: 3.4, from: "2026-05-01", until: null, hours: [17, 21] },
    ],
  },
  {
    // Seasonal: on air from 20 March to 30 April every year, around Songkran.
    id: 4, name: "Tipco Songkran Coconut", screens: 8, women: 0.5, ages: [0.1, 0.18, 0.22, 0.2, 0.16, 0.14], season: [320, 430],
    contents: [
      { id: 401, name: "Coconut Water Splash 15s", durationS: 15, base: 36, viewRate: 0.38, leadRate: 0.33, attention: 4.5, from: "2023-01-01", until: null },
      { id: 402, name: "Songkran Family Pack 20s", durationS: 20, base: 28, viewRate: 0.4, leadRate: 0.37, attention: 5.0, from: "2023-01-01", until: null },
    ],
  },
];

/** Bangkok day number (days since 1970-01-01) of a YYYY-MM-DD. */

/**
 * The generator. $1/$2: the hours to write, [from, to) in unix seconds; $3…$13, $21, $22: one element
 * per content; $14…$20: one element per campaign and (sex, age band) cell. Rows come out in the order
 * of the primary key (campaign, hour, content, sex, age band): appending to the B-tree is much
 * cheaper than inserting all over it.
 *
 * Calendar (per Bangkok day): week pattern (weekends busiest), paydays (25th to the 1st), Songkran
 * (13–15 April, with its eve and day after), year-end shopping, a monthly season, slow growth, and
 * a daily noise per campaign. Hour of day: weekday lunch and after-work peaks, a flatter weekend.
 * Each (sex, age band) cell gets its share of the content-hour's expected shows, rounded
 * stochastically; views, leads, dwell and emotions follow with rates that depend on age, sex and
 * the day. Dwell buckets and emotions use cumulative rounding with one uniform, so they always
 * add up to shows and views; bounced = the people who left within 5 s.
 *
 * Per-row work is int4 and float4 only (hashint4, no int8 or float8): on PGlite's 32-bit WASM
 * build those are passed by reference and every operation allocates, which made the first
 * version of this statement three times slower. Stochastic rounding is (x + u - 0.5)::int
 * (float4 to int4 rounds half to even, the same everywhere).
 */
const GENERATE = `
WITH c AS MATERIALIZED (
  SELECT * FROM unnest($3::int[], $4::int[], $5::real[], $6::real[], $7::real[], $8::real[], $9::int[], $10::int[], $11::int[], $12::int[], $13::int[], $21::int[], $22::int[])
           AS c(campaign_id, content_id, base, view_rate, lead_rate, attention, first_day, last_day, season_from, season_to, ord, hour_from, hour_to)
), cells AS MATERIALIZED (
  SELECT * FROM unnest($14::int[], $15::int[], $16::int[], $17::real[], $18::real[], $19::real[], $20::real[])
           AS x(campaign_id, sex, age_band, share, view_mod, attention_mod, dwell_shift)
), day_factor AS MATERIALIZED (
  SELECT bday, mon * 100 + dom AS md,
         (('{0.86, 0.84, 0.88, 0.92, 1.06, 1.34, 1.26}'::float8[])[dow]
        * ('{1.0, 0.95, 1.0, 1.04, 0.95, 0.93, 0.95, 0.97, 0.93, 0.98, 1.03, 1.1}'::float8[])[mon]
        * CASE WHEN dom >= 25 OR dom = 1 THEN 1.16::float8 ELSE 1 END
        * CASE WHEN mon = 4 AND dom BETWEEN 13 AND 15 THEN 1.62::float8 WHEN mon = 4 AND dom IN (12, 16) THEN 1.18::float8
               WHEN mon = 12 AND dom BETWEEN 24 AND 31 THEN 1.2::float8 ELSE 1 END
        * (1 + 0.1::float8 * (bday - 19358) / 365.25::float8))::real AS f,
         dow >= 6 OR (mon = 4 AND dom BETWEEN 13 AND 15) AS holiday,
         mon = 4 AND dom BETWEEN 12 AND 16 AS songkran
    FROM (SELECT bday::int AS bday, extract(isodow FROM dt)::int AS dow, extract(day FROM dt)::int AS dom, extract(month FROM dt)::int AS mon
            FROM generate_series(($1::bigint + ${BANGKOK_OFFSET_S}) / 86400, ($2::bigint - 1 + ${BANGKOK_OFFSET_S}) / 86400) AS bday,
                 LATERAL (SELECT date '1970-01-01' + bday::int AS dt) x) d
)
INSERT INTO o2o_hourly (campaign_id, hour, content_id, sex, age_band, shows, views, leads, bounced, attention_sum, dwell_sum,
                        dwell_0_5, dwell_5_15, dwell_15_30, dwell_30_60, dwell_60_plus,
                        emo_neutral, emo_happy, emo_surprised, emo_sad, emo_angry)
SELECT campaign_id, hour, content_id, sex, age_band, shows, views, leads, c1,
       (views * attention * (0.8::real + 0.4::real * u6) + u1 - 0.5::real)::int,
       ((c1 * 2.6::real + (c2 - c1) * 9.6::real + (c3 - c2) * 21.5::real + (c4 - c3) * 42.0::real + (shows - c4) * 78.0::real)
         * (0.94::real + 0.12::real * u3) + u2 - 0.5::real)::int,
       c1, c2 - c1, c3 - c2, c4 - c3, shows - c4,
       k1, k2 - k1, k3 - k2, k4 - k3, views - k4
  FROM (
    SELECT l3.*,
           least(views, shows - c2, (views * lead_rate * (0.85::real + 0.3::real * u5) + u6 - 0.5::real)::int) AS leads,
           (views * CASE WHEN songkran THEN 0.44::real ELSE 0.52::real END + u5 - 0.5::real)::int AS k1,
           (views * CASE WHEN songkran THEN 0.8::real ELSE 0.78::real END + u5 - 0.5::real)::int AS k2,
           (views * 0.885::real + u5 - 0.5::real)::int AS k3,
           (views * 0.95::real + u5 - 0.5::real)::int AS k4
      FROM (
        SELECT l2.*,
               least(shows, (shows * least(0.95::real, view_rate * (0.88::real + 0.24::real * u2)) + u3 - 0.5::real)::int) AS views,
               -- Cumulative dwell shares 0-5, 5-15, 15-30, 30-60 s (the rest: 60+).
               (shows * 0.34::real * dwell_shift + u4 - 0.5::real)::int AS c1,
               (shows * least(0.97::real, 0.64::real * dwell_shift) + u4 - 0.5::real)::int AS c2,
               (shows * least(0.98::real, 0.83::real * dwell_shift) + u4 - 0.5::real)::int AS c3,
               (shows * least(0.99::real, 0.945::real * dwell_shift) + u4 - 0.5::real)::int AS c4
          FROM (
            SELECT l1.*, (expected + u1 - 0.5::real)::int AS shows
              FROM (
                SELECT h.campaign_id, h.hour, h.content_id, h.sex, h.age_band, h.songkran, h.lead_rate,
                       h.view_rate * h.view_mod AS view_rate,
                       h.attention * h.attention_mod AS attention,
                       CASE WHEN h.holiday THEN 0.91::real ELSE 1::real END * h.dwell_shift AS dwell_shift,
                       h.lambda * h.share AS expected,
                       (r1 & 65535)::real / 65536 AS u1, ((r1 >> 16) & 65535)::real / 65536 AS u2,
                       (r2 & 65535)::real / 65536 AS u3, ((r2 >> 16) & 65535)::real / 65536 AS u4,
                       (r3 & 65535)::real / 65536 AS u5, ((r3 >> 16) & 65535)::real / 65536 AS u6
                  FROM (
                    SELECT h.*, x.sex, x.age_band, x.share, x.view_mod, x.attention_mod, x.dwell_shift,
                           hashint4(h.hk # (x.sex * 8 + x.age_band)) AS r1,
                           hashint4(hashint4(h.hk # (x.sex * 8 + x.age_band)) # 1) AS r2,
                           hashint4(hashint4(h.hk # (x.sex * 8 + x.age_band)) # 2) AS r3
                      FROM (
                        -- One row per content and open hour: its expected shows, and its hash.
                        SELECT c.campaign_id, c.content_id, c.view_rate, c.lead_rate, c.attention, df.holiday, df.songkran,
                               df.bday::bigint * 86400 - ${BANGKOK_OFFSET_S} + hod * 3600 AS hour,
                               hashint4((df.bday * 24 - 7 + hod) * 1024 + c.ord) AS hk,
                               c.base * df.f
                             * CASE WHEN df.holiday
                                    THEN ('{0.55, 0.8, 1.0, 1.06, 1.02, 0.97, 0.96, 1.0, 1.06, 1.0, 0.8, 0.5}'::real[])[hod - 9]
                                    ELSE ('{0.42, 0.6, 0.97, 0.92, 0.6, 0.55, 0.66, 0.92, 1.16, 1.1, 0.84, 0.48}'::real[])[hod - 9] END
                             * (0.86::real + 0.28::real * (hashint4(hashint4(df.bday) # c.campaign_id) & 65535)::real / 65536)
                             * (0.85::real + 0.3::real * (hashint4(hashint4((df.bday * 24 - 7 + hod) * 1024 + c.ord) # 99) & 65535)::real / 65536)
                               AS lambda
                          FROM c, day_factor df, generate_series(${O2O_OPEN_HOUR}, ${O2O_LAST_HOUR}) AS hod
                         WHERE df.bday BETWEEN c.first_day AND c.last_day AND df.md BETWEEN c.season_from AND c.season_to AND hod BETWEEN c.hour_from AND c.hour_to
                           AND df.bday::bigint * 86400 - ${BANGKOK_OFFSET_S} + hod * 3600 >= $1::bigint
                           AND df.bday::bigint * 86400 - ${BANGKOK_OFFSET_S} + hod * 3600 < $2::bigint
                        OFFSET 0) h
                      JOIN cells x ON x.campaign_id = h.campaign_id
                    OFFSET 0) h
                OFFSET 0) l1
            OFFSET 0) l2
         WHERE shows > 0
        OFFSET 0) l3
    OFFSET 0) l4
 ORDER BY campaign_id, hour, content_id, sex, age_band`;

/** The ON CONFLICT variant for top-ups: rows already there stay. */
const GENERATE_KEEPING = `${GENERATE}
ON CONFLICT DO NOTHING`;

/** Per age band (under 18 … 55+): how much more or less they look, how long they look, how long they stay. */
const AGE_VIEW = [1.16, 1.12, 1.04, 0.97, 0.9, 0.82];
const AGE_ATTENTION = [1.1, 1.08, 1.02, 0.98, 0.94, 0.9];
const AGE_DWELL_SHIFT = [1.06, 1.04, 1.0, 0.98, 0.96, 0.93];

function generatorParams(from: number, to: number, campaigns: readonly DemoCampaign[]): unknown[] {
  const contents = campaigns.flatMap((c) => c.contents.map((k) => ({ c, k })));
  const cells = campaigns.flatMap((c) => [0, 1].flatMap((sex) => c.ages.map((share, age) => ({ c, sex, age, share }))));
  return [
    from, to,
    contents.map(({ c }) => c.id),
    contents.map(({ k }) => k.id),
    contents.map(({ k }) => k.base),
    contents.map(({ k }) => k.viewRate),
    contents.map(({ k }) => k.leadRate),
    contents.map(({ k }) => k.attention),
    contents.map(({ k }) => dayNumber(k.from)),
    contents.map(({ k }) => (k.until === null ? 1_000_000 : dayNumber(k.until))),
    contents.map(({ c }) => c.season?.[0] ?? 101),
    contents.map(({ c }) => c.season?.[1] ?? 1231),
    // The content's hash stream: its id within 0..1023.
    contents.map(({ k }) => k.id % 1024),
    cells.map((x) => x.c.id),
    cells.map((x) => x.sex),
    cells.map((x) => x.age),
    cells.map((x) => (x.sex === 1 ? x.c.women : 1 - x.c.women) * x.share),
    cells.map((x) => AGE_VIEW[x.age]! * (x.sex === 1 ? 1.04 : 0.96)),
    cells.map((x) => AGE_ATTENTION[x.age]!),
    cells.map((x) => AGE_DWELL_SHIFT[x.age]!),
    contents.map(({ k }) => k.hours?.[0] ?? O2O_OPEN_HOUR),
    contents.map(({ k }) => k.hours?.[1] ?? O2O_LAST_HOUR),
  ];
}

/** The last hour start that is complete at `now` (its hour is over), plus one hour: the exclusive end. */
export function completeHoursEnd(now: Date): number {
  return Math.floor(now.getTime() / 3_600_000) * 3600;
}

/** Writes the demo campaigns, contents and their rollups for [from, to); returns the rollup rows written. */
export async function insertDemoO2O(tx: Queryable, from: number, to: number, keepExisting = false): Promise<number> {
  if (to <= from) return 0;
  const res = await tx.query(keepExisting ? GENERATE_KEEPING : GENERATE, generatorParams(from, to, O2O_DEMO_CAMPAIGNS));
  return res.affectedRows;
}

/** Months the seed writes at once (the current one and the five before it); older ones come in the background. */
export const O2O_DEMO_RECENT_MONTHS = 6;

/** The first hour the seed writes at once: the 1st of the month five months before `now`'s (not before the demo start). */
export function recentDemoStart(now: Date): number {
  return Math.max(O2O_DEMO_START, bangkokMonthStart(Math.floor(now.getTime() / 1000), 1 - O2O_DEMO_RECENT_MONTHS));
}

/**
 * Seeds the demo campaigns and contents, and their rollups of the recent months up to the last
 * complete hour before `now`: the months the page opens on (its default range is the last three
 * months). The older months, back to 2023-01-01, are written by {@link backfillDemoO2O}: in the
 * background by the server, at once by `fillDemoO2O`. Either way the rows are the same.
 */
export async function seedDemoO2O(tx: Queryable, now: Date): Promise<number> {
  const recent = recentDemoStart(now);
  for (const c of O2O_DEMO_CAMPAIGNS) {
    await tx.query("INSERT INTO o2o_campaigns (id, name, screens, demo, demo_filled_from) VALUES ($1, $2, $3, true, $4)",
      [c.id, c.name, c.screens, recent > O2O_DEMO_START ? recent : null]);
    for (const k of c.contents) {
      await tx.query("INSERT INTO o2o_contents (id, campaign_id, name, duration_s) VALUES ($1, $2, $3, $4)", [k.id, c.id, k.name, k.durationS]);
    }
  }
  return insertDemoO2O(tx, recent, completeHoursEnd(now));
}

/**
 * Writes the `months` demo months before the earliest one written so far, in one transaction,
 * and moves `demo_filled_from` back. Rows already there stay (ON CONFLICT DO NOTHING), so a
 * backfill cut off half-way is simply run again.
 *
 * @returns the rows written, and whether older months are still missing
 */
export async function backfillDemoO2O(db: Storage, months = 1): Promise<{ written: number; remaining: boolean }> {
  return db.transaction(async (tx) => {
    const filled = (await tx.query<{ f: number | null }>(
      "SELECT min(demo_filled_from)::float8 AS f FROM o2o_campaigns WHERE demo AND demo_filled_from IS NOT NULL",
    )).rows[0]?.f;
    if (filled === null || filled === undefined) return { written: 0, remaining: false };
    const from = Math.max(O2O_DEMO_START, bangkokMonthStart(filled, -months));
    const ids = (await tx.query<{ id: number }>("SELECT id FROM o2o_campaigns WHERE demo AND demo_filled_from IS NOT NULL")).rows.map((r) => r.id);
    const campaigns = O2O_DEMO_CAMPAIGNS.filter((c) => ids.includes(c.id));
    const written = campaigns.length === 0 ? 0 : (await tx.query(GENERATE_KEEPING, generatorParams(from, filled, campaigns))).affectedRows;
    const done = from <= O2O_DEMO_START;
    await tx.query("UPDATE o2o_campaigns SET demo_filled_from = $1 WHERE demo AND demo_filled_from IS NOT NULL", [done ? null : from]);
    return { written, remaining: !done };
  });
}

/** Writes every missing demo month now (tests, and `npm run` scripts that need the whole demo). */
export async function fillDemoO2O(db: Storage): Promise<number> {
  let total = 0;
  for (;;) {
    const { written, remaining } = await backfillDemoO2O(db, 12);
    total += written;
    if (!remaining) return total;
  }
}

/**
 * Writes the missing demo months in the background, one month per transaction and newest first,
 * pausing between them so that requests are answered meanwhile (PGlite runs one statement at a
 * time; a month is ~0.15 s of work). Failures are logged, never thrown: the demo still works
 * with the months it has.
 */
export function fillDemoO2OInBackground(db: Storage, opts: BackgroundFillOptions = {}): BackgroundFill {
  return backgroundFill({ label: "o2o demo", unit: "rows" }, () => backfillDemoO2O(db, 1), { ...opts });
}

/**
 * Continues the demo rollups up to the last complete hour before `now`: a demo database started
 * later still shows visitors up to the last hour. Only demo campaigns are continued.
 *
 * @returns the rows written (0 when there are no demo campaigns or they are up to date)
 */
export async function extendDemoO2O(db: Storage, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const ids = (await tx.query<{ id: number }>("SELECT id FROM o2o_campaigns WHERE demo ORDER BY id")).rows.map((r) => r.id);
    const campaigns = O2O_DEMO_CAMPAIGNS.filter((c) => ids.includes(c.id));
    if (campaigns.length === 0) return 0;
    const last = (await tx.query<{ h: number | null }>(
      "SELECT max(hour)::float8 AS h FROM o2o_hourly WHERE campaign_id = ANY($1::int[])", [campaigns.map((c) => c.id)],
    )).rows[0]?.h;
    const from = last === null || last === undefined ? O2O_DEMO_START : last + 3600;
    const to = completeHoursEnd(now);
    if (to <= from) return 0;
    const res = await tx.query(GENERATE_KEEPING, generatorParams(from, to, campaigns));
    return res.affectedRows;
  });
}
