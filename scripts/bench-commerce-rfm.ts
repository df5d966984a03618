/**
 * `npx tsx scripts/bench-commerce-rfm.ts` (the first part of `npm run bench:commerce`): speed and
 * memory of the RFM scoring of the CRM page's worker (issue 6). Figures only, no assertion: the
 * script exits 0 unless the bench itself broke. Budget: scoring 1,000,000 customers ≤ 1.5 s,
 * memory ≤ 300 MB.
 *
 * Input, deterministic (seeded LCG), built straight into what the worker holds (ids as strings,
 * measures as typed arrays): 1,000,000 customers of a 90-day range with a realistic skew:
 * ~62 % one-off buyers and a Pareto tail of repeat buyers (up to 500 orders), recency
 * leaning to recent days, monetary heavy-tailed (log-normal basket × orders, 2 decimals).
 *
 * Timed, each the median of BENCH_RUNS runs (default 5) after 2 warm-up runs:
 * 1. worker maths: `scoreRfm` + `summariseRfm` with the default segments and 50/30/20 weights
 *    (the budget figure);
 * 2. the same through Comlink over a MessageChannel, as the page calls it: `load` (ids cloned,
 *    typed arrays transferred) + `score` (both periods: the previous one is 1,000,000 other
 *    customers, 70 % shared; ids matched) + the first `page`; informative, with the memory the
 *    session holds afterwards;
 * 3. baseline: an array of {id, recency, frequency, monetary} objects, `Array.prototype.sort`
 *    with comparators per measure, the same quintile rule (cuts between tie groups nearest the
 *    fifths, every gap tried), objects out, a summary with reduce (median of BASELINE_RUNS, default 3,
 *    after 1 warm-up).
 * Memory, measured first from a collected heap (gc via `v8.setFlagsFromString`): RSS and heap +
 * array buffers before and after one run of the worker maths, sampled at its progress points,
 * and the process's peak RSS (`resourceUsage().maxRSS`) then; later, what the worker's session
 * holds after loading and scoring two periods. It also checks that the
 * baseline and the worker agree on every score and segment, and prints whether they do.
 */
import { performance } from "node:perf_hooks";
import v8 from "node:v8";
import vm from "node:vm";
import { expose, transfer, wrap } from "comlink";
import { defaultSegmentRules, segmentIndexOf, UNASSIGNED, type RfmWeights, type SegmentRule } from "../domain/rfm";
import { createRfmApi, scoreRfm, summariseRfm, type PackedCustomers, type RfmSummary, type ScoredCustomers } from "../workers/rfm";

const N = Number(process.env.BENCH_CUSTOMERS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BASELINE_RUNS = Number(process.env.BASELINE_RUNS ?? 3);
const WARMUP = 2;
const BUDGET_MS = 1500;
const BUDGET_MB = 300;
const MB = 1024 * 1024;

let seed = 20_240_601;
const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;

// ---- input --------------------------------------------------------------------------------
function makeCustomers(n: number, idOffset: number): PackedCustomers {
  const ids: string[] = new Array(n);
  const recencyDays = new Int32Array(n);
  const frequency = new Int32Array(n);
  const monetary = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    ids[i] = `shopee:${(1_000_000_000 + (i + idOffset) * 7919 % 900_000_000).toString(36)}`;
    // 62 % one-off buyers; the rest a Pareto tail (α 1.3: mostly 2–4 orders, a few hundred at most)
    const orders = rnd() < 0.62 ? 1 : Math.min(500, 1 + Math.ceil((1 - rnd()) ** (-1 / 1.3)));
    frequency[i] = orders;
    recencyDays[i] = Math.min(89, Math.floor(-Math.log(1 - rnd() * 0.95) * 30)); // more recent days
    // log-normal basket (median ~฿350) times orders
    const u = Math.max(1e-12, rnd());
    const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rnd());
    monetary[i] = Math.round(Math.exp(5.86 + 0.9 * z) * orders * 100) / 100;
  }
  return { ids, recencyDays, frequency, monetary };
}

const weights: RfmWeights = { recency: 0.5, frequency: 0.3, monetary: 0.2 };
const rules = defaultSegmentRules();

// a gc() without --expose-gc on the command line (the npm script runs plain tsx)
v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

const mem = () => process.memoryUsage();
const peakRss = () => process.resourceUsage().maxRSS * 1024; // maxRSS is in KB
const fmt = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

async function time(label: string, runs: number, warmup: number, fn: () => unknown): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  const m = median(times);
  console.log(`  ${label.padEnd(52)} median ${m.toFixed(1).padStart(8)} ms   (min ${Math.min(...times).toFixed(1)}, max ${Math.max(...times).toFixed(1)})`);
  return m;
}

// ---- baseline: plain objects, comparator sorts ------------------------------------------------
interface PlainCustomer { id: string; recency: number; frequency: number; monetary: number }
interface PlainScored { id: string; r: number; f: number; m: number; score: number; segment: string }

function baselineQuintiles(customers: PlainCustomer[], value: (c: PlainCustomer) => number, higherIsBetter: boolean): Map<PlainCustomer, number> {
  // worst first; the tie groups, then the four cuts between groups nearest the exact fifths
  const sorted = [...customers].sort((a, b) => (higherIsBetter ? value(a) - value(b) : value(b) - value(a)));
  const n = sorted.length;
  const groups: Array<{ start: number; end: number }> = [];
  for (let i = 0; i < n;) {
    let j = i + 1;
    while (j < n && value(sorted[j]!) === value(sorted[i]!)) j++;
    groups.push({ start: i, end: j });
    i = j;
  }
  const gaps = groups.slice(1).map((g) => g.start);
  const ideal = [1, 2, 3, 4].map((j) => Math.ceil((j * n) / 5));
  let cuts: number[];
  if (gaps.length >= 4) {
    // every gap tried for every cut (the worker only tries the gaps near the fifths)
    const cost = ideal.map(() => gaps.map(() => Infinity));
    const from = ideal.map(() => gaps.map(() => -1));
    gaps.forEach((g, c) => (cost[0]![c] = Math.abs(g - ideal[0]!)));
    for (let j = 1; j < 4; j++) {
      let low = Infinity;
      let lowAt = -1;
      gaps.forEach((g, c) => {
        if (lowAt >= 0) {
          cost[j]![c] = low + Math.abs(g - ideal[j]!);
          from[j]![c] = lowAt;
        }
        if (cost[j - 1]![c]! <= low) {
          low = cost[j - 1]![c]!;
          lowAt = c;
        }
      });
    }
    let at = cost[3]!.reduce((best, v, c) => (v <= cost[3]![best]! ? c : best), 0);
    cuts = [];
    for (let j = 3; j >= 0; j--) {
      cuts.unshift(gaps[at]!);
      at = from[j]![at]!;
    }
  } else {
    // fewer than four gaps (not in this input): each group its own score, as the worker does
    cuts = [...gaps, n, n, n, n].slice(0, 4);
  }
  const scores = new Map<PlainCustomer, number>();
  for (const g of groups) {
    const s = 1 + cuts.filter((cut) => cut <= g.start).length;
    for (let k = g.start; k < g.end; k++) scores.set(sorted[k]!, s);
  }
  return scores;
}

function baseline(customers: PlainCustomer[], w: RfmWeights, segmentRules: readonly SegmentRule[]) {
  const rs = baselineQuintiles(customers, (c) => c.recency, false);
  const fs = baselineQuintiles(customers, (c) => c.frequency, true);
  const ms = baselineQuintiles(customers, (c) => c.monetary, true);
  const scored: PlainScored[] = customers.map((c) => {
    const r = rs.get(c)!;
    const f = fs.get(c)!;
    const m = ms.get(c)!;
    const matching = segmentRules.filter((rule) => rule.bounds !== null
      && r >= rule.bounds.recency[0] && r <= rule.bounds.recency[1]
      && f >= rule.bounds.frequency[0] && f <= rule.bounds.frequency[1]
      && m >= rule.bounds.monetary[0] && m <= rule.bounds.monetary[1]);
    const best = matching.reduce<SegmentRule | null>((acc, rule) => (acc === null || rule.rank > acc.rank ? rule : acc), null);
    return { id: c.id, r, f, m, score: Math.fround(w.recency * r + w.frequency * f + w.monetary * m), segment: best?.name ?? UNASSIGNED };
  });
  const bySegment = scored.reduce((acc, s, i) => {
    const cur = acc.get(s.segment) ?? { customers: 0, revenue: 0 };
    acc.set(s.segment, { customers: cur.customers + 1, revenue: cur.revenue + customers[i]!.monetary });
    return acc;
  }, new Map<string, { customers: number; revenue: number }>());
  const grid = scored.reduce((acc, s) => {
    acc[(s.r - 1) * 5 + (s.f - 1)]!++;
    return acc;
  }, Array.from({ length: 25 }, () => 0));
  return { scored, bySegment, grid };
}

// ---- run ------------------------------------------------------------------------------------
console.log(`RFM scoring: ${N.toLocaleString("en")} customers, default segments, weights 50/30/20`);
console.log(`median of ${RUNS} runs after ${WARMUP} warm-up runs (baseline: ${BASELINE_RUNS} after 1), Node ${process.version}\n`);

const current = makeCustomers(N, 0);
const fCounts = new Map<number, number>();
for (const f of current.frequency) fCounts.set(f, (fCounts.get(f) ?? 0) + 1);
console.log(`input: one-off buyers ${((fCounts.get(1)! / N) * 100).toFixed(1)} %, max orders ${Math.max(...fCounts.keys())}, `
  + `monetary max ฿${current.monetary.reduce((a, b) => Math.max(a, b), 0).toLocaleString("en")}\n`);

// memory of one run from a collected heap, sampled at scoreRfm's progress points and at the
// end, before any timed run leaves garbage behind
gc();
const before = mem();
let peakRssRun = before.rss;
let peakJs = before.heapUsed + before.arrayBuffers;
const sample = () => {
  const m = mem();
  peakRssRun = Math.max(peakRssRun, m.rss);
  peakJs = Math.max(peakJs, m.heapUsed + m.arrayBuffers);
};
let scored: ScoredCustomers = scoreRfm(current, weights, rules, sample);
let summary: RfmSummary = summariseRfm(current, scored, rules);
sample();
const after = mem();
const peak = peakRss();

const workerMs = await time("worker scoreRfm + summariseRfm (typed arrays)", RUNS, WARMUP, () => {
  scored = scoreRfm(current, weights, rules);
  summary = summariseRfm(current, scored, rules);
});
await time("  of which scoreRfm", RUNS, 1, () => scoreRfm(current, weights, rules));

// through Comlink, as the page uses it (both periods, then the first page)
const { port1, port2 } = new MessageChannel();
expose(createRfmApi(), port1);
const client = wrap<ReturnType<typeof createRfmApi>>(port2);
const previousTemplate = makeCustomers(N, Math.floor(N * 0.3));
const copy = (p: PackedCustomers): PackedCustomers => ({
  ids: p.ids, recencyDays: p.recencyDays.slice(), frequency: p.frequency.slice(), monetary: p.monetary.slice(),
});
const loadAndScore = async () => {
  const cur = copy(current);
  const prev = copy(previousTemplate);
  await client.load(
    transfer(cur, [cur.recencyDays.buffer, cur.frequency.buffer, cur.monetary.buffer]),
    transfer(prev, [prev.recencyDays.buffer, prev.frequency.buffer, prev.monetary.buffer]),
  );
  await client.score(weights, rules);
  await client.page({ pageSize: 50 });
};
// what the worker's session holds once both periods are loaded and scored (the typed arrays
// are moved into it, the ids cloned): JS heap + array buffers, from a gc to a gc
gc();
const js = () => mem().heapUsed + mem().arrayBuffers;
const heldBefore = js();
await loadAndScore();
gc();
const sessionHeld = js() - heldBefore;
const comlinkMs = await time("over Comlink: load + score (2 periods) + first page", Math.min(RUNS, 3), 1, loadAndScore);
const pageMs = await time("over Comlink: a page sorted by monetary (cached after)", 3, 0, () => client.page({ sortBy: "monetary", page: 3 }));
port1.close();
port2.close();
const peakWithComlink = peakRss();

// baseline
const plain: PlainCustomer[] = Array.from({ length: N }, (_, i) => ({
  id: current.ids[i]!, recency: current.recencyDays[i]!, frequency: current.frequency[i]!, monetary: current.monetary[i]!,
}));
let base = baseline(plain, weights, rules);
const baseMs = await time("baseline (objects, comparator sorts)", BASELINE_RUNS, 1, () => {
  base = baseline(plain, weights, rules);
});

// agreement
let scoresAgree = true;
for (let i = 0; i < N && scoresAgree; i++) {
  const b = base.scored[i]!;
  const seg = scored.segment[i]!;
  scoresAgree = b.r === scored.r[i] && b.f === scored.f[i] && b.m === scored.m[i]
    && b.score === scored.score[i] && b.segment === (seg < 0 ? UNASSIGNED : rules[seg]!.name)
    && seg === segmentIndexOf(rules, b.r, b.f, b.m);
}
const summaryAgrees = summary.segments.every((s) => {
  const b = base.bySegment.get(s.name) ?? { customers: 0, revenue: 0 };
  return b.customers === s.customers && Math.abs(b.revenue - s.revenue) <= 1e-6 * Math.max(1, s.revenue);
}) && base.grid.every((c, cell) => c === summary.grid.counts[cell]);

console.log("");
console.log(`segments (worker):                ${summary.segments.map((s) => `${s.name} ${(s.customerShare * 100).toFixed(1)} %`).join(", ")}`);
console.log(`F score counts:                   ${summary.scoreCounts.f.join(" / ")} (ties of one-off buyers share one score)`);
console.log("");
console.log(`scoreRfm + summariseRfm:          ${workerMs.toFixed(1)} ms (budget ${BUDGET_MS} ms: ${workerMs <= BUDGET_MS ? "within" : "OVER"})`);
console.log(`over Comlink, load+score+page:    ${comlinkMs.toFixed(1)} ms for two periods of ${N.toLocaleString("en")} (${(comlinkMs / 2).toFixed(1)} ms a period)`);
console.log(`a page after a new sort:          ${pageMs.toFixed(1)} ms`);
console.log(`baseline (plain objects):         ${baseMs.toFixed(1)} ms`);
console.log(`ratio baseline / worker:          ${(baseMs / workerMs).toFixed(1)}×`);
console.log(`memory of one run (from a gc):    RSS ${fmt(before.rss)} → ${fmt(after.rss)} (peak ${fmt(peakRssRun)}), `
  + `heap + array buffers ${fmt(before.heapUsed + before.arrayBuffers)} → ${fmt(after.heapUsed + after.arrayBuffers)} (peak ${fmt(peakJs)})`);
console.log(`peak RSS of the process then:     ${fmt(peak)} (budget ${BUDGET_MB} MB: ${peak <= BUDGET_MB * MB ? "within" : "OVER"}; Node, tsx, the input and its making included)`);
console.log(`worker session, 2 periods scored: ${fmt(sessionHeld)} held (ids cloned, typed arrays moved in, scores, id match, a page order)`);
console.log(`peak RSS after the Comlink runs:   ${fmt(peakWithComlink)} (page and worker share this process: the bench's input, its copies and the session)`);
console.log(`baseline and worker agree:        scores and segments ${scoresAgree ? "yes" : "NO"}, summary ${summaryAgrees ? "yes" : "NO"}`);
