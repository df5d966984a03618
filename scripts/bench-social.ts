/**
 * `npm run bench:social` (`npx tsx scripts/bench-social.ts [--pg]`): speed of the social calls
 * (issue 14). Figures only, no assertion.
 *
 * Seeds a fresh database with the demo workspace (timing the seed, whose posts and page audience
 * part is timed on its own too), then times `SocialService.figures` and `SocialService.posts`
 * (brand check, SQL, shaping) for Tipco, the demo brand with the most pages, over 1, 3 and 12
 * months ending today: the figures for All Channel, for TikTok with two post types, and for a
 * heatmap cell; a page of 20 posts sorted by reach, and searched. p50 and p95 of BENCH_SOCIAL_RUNS
 * runs (default 30) after 5 warm-up runs. Budget on the embedded database: figures over 12 months
 * p95 ≤ 100 ms, a page of posts p95 ≤ 50 ms.
 *
 * Default: an embedded PGlite database in a temporary directory. --pg: a scratch database on
 * TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards.
 */
import { DateTime } from "luxon";
import type { SocialPostsRequest, SocialRequest } from "../domain/social";
import { SocialService } from "../server/services/social";
import { DEMO_EMAIL, seedDemo } from "../server/demo/seed";
import { seedDemoSocial } from "../server/demo/socialDemo";
import { migrate } from "../server/storage/migrate";
import { msSince as ms, openBenchDb, percentiles } from "./lib/benchDb";

const RUNS = Number(process.env.BENCH_SOCIAL_RUNS ?? 30);
const FIGURES_BUDGET_MS = 100;
const POSTS_BUDGET_MS = 50;

const bench = await openBenchDb("social");
const { db } = bench;
try {
  let t0 = performance.now();
  await migrate(db);
  console.log(`${bench.label}: migrations ${ms(t0)} ms`);
  t0 = performance.now();
  await seedDemo(db);
  console.log(`demo seed (all of it): ${ms(t0)} ms`);
  const count = (await db.query<{ posts: number; days: number }>(
    "SELECT (SELECT count(*) FROM posts)::int AS posts, (SELECT count(*) FROM page_audience)::int AS days",
  )).rows[0]!;
  // The posts and audience part alone, written again into emptied tables.
  const today = DateTime.now().setZone("Asia/Bangkok").toFormat("yyyy-MM-dd");
  await db.query("DELETE FROM posts");
  await db.query("DELETE FROM page_audience");
  t0 = performance.now();
  await db.transaction((tx) => seedDemoSocial(tx, today));
  console.log(`of which demo posts and page audience: ${count.posts} posts, ${count.days} page-days in ${ms(t0)} ms`);

  const userId = (await db.query<{ id: number }>("SELECT id FROM users WHERE email = $1", [DEMO_EMAIL])).rows[0]!.id;
  const service = new SocialService(db);
  const end = DateTime.fromISO(today);
  const months = [1, 3, 12];
  const scope = (m: number): SocialRequest => ({
    brand: "Tipco", start: end.minus({ months: m }).plus({ days: 1 }).toFormat("yyyy-MM-dd"), end: today, channel: "All Channel",
  });
  const figureVariants: Array<[string, Partial<SocialRequest>]> = [
    ["figures, All Channel", {}],
    ["figures, TikTok, video and live", { channel: "TikTok", types: ["video", "live"] }],
    ["figures, a heatmap cell (Fri 20:00)", { slots: [{ weekday: 4, hour: 20 }] }],
  ];
  const table = { sort: "reach", order: "desc", page: 1, pageSize: 20, search: "" } as const;
  const postVariants: Array<[string, Partial<SocialPostsRequest>]> = [
    ["posts, 20 by reach", {}],
    ["posts, page 10, newest first", { sort: "published", page: 10 }],
    ["posts, searched (Thai word)", { search: "น้ำส้ม" }],
  ];
  console.log(`\nSocialService, Tipco, ranges ending today (${today}); ms, p50 / p95 of ${RUNS} runs`);
  console.log(`${"call".padEnd(40)} ${months.map((m) => `${m} month${m > 1 ? "s" : ""}`.padStart(15)).join(" ")}`);
  let worstFigures = 0;
  let worstPosts = 0;
  for (const [name, extra] of figureVariants) {
    const cells: string[] = [];
    for (const m of months) {
      const p = await percentiles(() => service.figures(userId, { ...scope(m), ...extra }), RUNS, 5);
      if (m === 12) worstFigures = Math.max(worstFigures, p.p95);
      cells.push(`${p.p50.toFixed(1)} / ${p.p95.toFixed(1)}`.padStart(15));
    }
    console.log(`${name.padEnd(40)} ${cells.join(" ")}`);
  }
  for (const [name, extra] of postVariants) {
    const cells: string[] = [];
    for (const m of months) {
      const p = await percentiles(() => service.posts(userId, { ...scope(m), ...table, ...extra }), RUNS, 5);
      worstPosts = Math.max(worstPosts, p.p95);
      cells.push(`${p.p50.toFixed(1)} / ${p.p95.toFixed(1)}`.padStart(15));
    }
    console.log(`${name.padEnd(40)} ${cells.join(" ")}`);
  }
  console.log(`\nfigures over 12 months, worst p95: ${worstFigures.toFixed(1)} ms (budget ${FIGURES_BUDGET_MS} ms)`);
  console.log(`a page of posts, worst p95: ${worstPosts.toFixed(1)} ms (budget ${POSTS_BUDGET_MS} ms)`);
} finally {
  await bench.drop();
}
