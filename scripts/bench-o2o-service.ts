/**
 * `npx tsx scripts/bench-o2o-service.ts [--pg]` (part of `npm run bench:o2o`): speed of the
 * built-in o2o visitor analytics service (issue 5). Figures only, no assertion.
 *
 * Seeds a fresh database with the demo workspace (timing the seed, whose o2o part is the recent
 * months, and the fill of the older months), then times every stats call of the contract as the
 * /o2o page makes it, for campaign 1, over 1, 3 and 12 months ending today:
 * `O2OBuiltinService.answer` (token look-up, SQL, shaping), p50 and p95 of BENCH_O2O_RUNS runs
 * (default 40) after 3 warm-up runs. Budget: p95 ≤ 50 ms over 3 months on the embedded database.
 *
 * Default: an embedded PGlite database in a temporary directory. --pg: a scratch database on
 * TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards.
 */
import { DateTime } from "luxon";
import type { O2oPayloadOf, O2oTargetPath } from "../domain/o2o";
import { DEMO_EMAIL, seedDemo } from "../server/demo/seed";
import { fillDemoO2O } from "../server/demo/o2oDemo";
import { O2OBuiltinService } from "../server/services/o2oService";
import { migrate } from "../server/storage/migrate";
import { msSince as ms, openBenchDb, percentiles as timed } from "./lib/benchDb";
import { dayRanges, monthlyRanges, graphSpan } from "../workers/o2oMath";

const RUNS = Number(process.env.BENCH_O2O_RUNS ?? 40);

async function percentiles(fn: () => Promise<unknown>) {
  return timed(fn, RUNS, 3);
}

const bench = await openBenchDb("o2o");
const { db, usePg } = bench;
try {
  let t0 = performance.now();
  await migrate(db);
  console.log(`${bench.label}: migrations ${ms(t0)} ms`);
  t0 = performance.now();
  await seedDemo(db);
  console.log(`demo seed (metrics + recent o2o months + user): ${ms(t0)} ms`);
  t0 = performance.now();
  const older = await fillDemoO2O(db);
  const rows = (await db.query<{ n: number }>("SELECT count(*)::float8 AS n FROM o2o_hourly")).rows[0]!.n;
  console.log(`older o2o months (the server writes them in the background): ${older} rows in ${ms(t0)} ms; ${rows} rollup rows in all`);

  const token = (await db.query<{ t: string }>("SELECT token_o2o AS t FROM users WHERE email = $1", [DEMO_EMAIL])).rows[0]!.t;
  const service = new O2OBuiltinService(db);
  const today = DateTime.now().setZone("Asia/Bangkok");
  const todayDay = today.toFormat("yyyy-MM-dd");
  const campaigns = [1];

  type Case = [string, O2oTargetPath, (start: string) => unknown];
  const daily = (start: string) => ({ campaigns, ranges: dayRanges(start, todayDay) });
  const span = (start: string) => {
    const r = dayRanges(start, todayDay);
    return { campaigns, from: r[0]!.from, to: r[r.length - 1]!.to };
  };
  const cases: Case[] = [
    ["audience, one range per day", "/stats/visitor_view/audience", daily],
    ["audience, one span", "/stats/visitor_view/audience", span],
    ["engagement, one range per day", "/stats/visitor_view/engagement", daily],
    ["attention, one span", "/stats/visitor_view/attention", span],
    ["freqattention, one span", "/stats/visitor_view/freqattention", span],
    ["age, one span", "/stats/visitor_view/age", span],
    ["sex, one span", "/stats/visitor_view/sex", span],
    ["sex_age, one span", "/stats/visitor_view/sex_age", span],
    ["emotion, one span", "/stats/visitor_view/emotion", span],
    ["heatmap, one range per day", "/stats/visitor_view/heatmap", daily],
    ["heatmap_sex_age (women), per day", "/stats/visitor_view/heatmap_sex_age", (s) => ({ ...daily(s), sex: "women" })],
    ["heatmap_weeks, one range per day", "/stats/visitor_view/heatmap_weeks", daily],
    ["graph audience, 3 monthly ranges", "/stats/graph", () => ({ campaigns, audience: { interval: { unit: "month" }, ranges: monthlyRanges(todayDay, todayDay) } })],
    ["graph content, daily buckets", "/stats/graph", (s) => {
      const g = graphSpan(todayDay, todayDay);
      const first = dayRanges(s, todayDay)[0]!.from;
      return { campaigns, content: { interval: g.interval, from: first, to: g.to } };
    }],
  ];

  const months = [1, 3, 12];
  const starts = months.map((m) => today.minus({ months: m }).plus({ days: 1 }).toFormat("yyyy-MM-dd"));
  console.log(`\nO2OBuiltinService.answer, campaign 1, ranges ending today (${todayDay}); ms, p50 / p95 of ${RUNS} runs`);
  console.log(`${"call".padEnd(36)} ${months.map((m) => `${m} month${m > 1 ? "s" : ""}`.padStart(15)).join(" ")}`);
  let worst3 = 0;
  for (const [name, target, payload] of cases) {
    const cells: string[] = [];
    for (const [i, start] of starts.entries()) {
      const p = payload(start) as O2oPayloadOf<typeof target>;
      const { p50, p95 } = await percentiles(() => service.answer(token, target, p));
      if (months[i] === 3) worst3 = Math.max(worst3, p95);
      cells.push(`${p50.toFixed(1)} / ${p95.toFixed(1)}`.padStart(15));
    }
    console.log(`${name.padEnd(36)} ${cells.join(" ")}`);
  }
  console.log(`\nslowest p95 over 3 months: ${worst3} ms (budget 50 ms${usePg ? ", set for the embedded database" : ""}): ${worst3 <= 50 ? "within" : "OVER"} budget`);
} finally {
  await bench.drop();
}
