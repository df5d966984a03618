/**
 * `npx tsx scripts/bench-o2o.ts` (to become `npm run bench:o2o`): speed of the o2o worker maths
 * (issue 5). Figures only, no assertion: the script exits 0 unless the bench itself broke.
 *
 * Input, deterministic (seeded LCG): one year (365 days from 2024-01-01) × 20 screens of hourly
 * shows = 7,300 day ranges with 24 hours each (175,200 range-hours, ~2 % of hours null), and
 * 175,200 dwell-time value/count pairs.
 *
 * Timed, each the median of BENCH_RUNS runs (default 15) after 5 warm-up runs:
 * 1. worker, typed: `heatmapCells` + `dwellDistribution` on packed typed arrays (what the page
 *    sends, transferred);
 * 2. worker, from JSON: the same from the decoded answer's objects (`heatmapFromRanges`,
 *    `dwellDistributionFromPairs`), packing included;
 * 3. baseline: a straightforward main-thread version with plain objects and arrays,
 *    Array.map/filter/reduce, `Date` objects and a comparator sort.
 * It also checks that the baseline and the worker agree, and prints whether they do.
 */
import { performance } from "node:perf_hooks";
import type { DurationCount, HourlyRange } from "../domain/o2o";
import {
  dwellDistribution, dwellDistributionFromPairs, heatmapCells, heatmapFromRanges, packHourly, packPairs, percentShares,
} from "../workers/o2oMath";

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const WARMUP = 5;
const SCREENS = 20;
const DAYS = 365;
const JAN1_2024 = 1_704_042_000; // 2024-01-01T00:00:00+07:00

let seed = 20_240_101;
const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;

// ---- input --------------------------------------------------------------------------------
const ranges: HourlyRange[] = [];
const pairs: DurationCount[] = [];
for (let screen = 0; screen < SCREENS; screen++) {
  for (let d = 0; d < DAYS; d++) {
    const from = JAN1_2024 + d * 86_400;
    const hours: (number | null)[] = [];
    for (let h = 0; h < 24; h++) {
      const open = h >= 9 && h < 22;
      hours.push(rnd() < 0.02 ? null : Math.floor(rnd() * (open ? 120 : 8)));
      pairs.push({ value: Math.round(rnd() * rnd() * 1800) / 10, count: 1 + Math.floor(rnd() * 20) });
    }
    ranges.push({ from, to: from + 86_399, hours });
  }
}
const rangeHours = ranges.length * 24;
const packedHours = packHourly(ranges);
const packedPairs = packPairs(pairs);

// ---- baseline: plain objects, map/reduce, Date ----------------------------------------------
function baselineHeatmap(input: HourlyRange[]) {
  const points = input.flatMap((r) =>
    r.hours.map((v, h) => ({ at: new Date((r.from + h * 3600 + 25_200) * 1000), value: v })),
  );
  const cells = points.reduce<Record<string, { sum: number; measured: boolean }>>((acc, p) => {
    const weekday = (p.at.getUTCDay() + 6) % 7;
    const key = `${weekday}-${p.at.getUTCHours()}`;
    const cell = acc[key] ?? { sum: 0, measured: false };
    acc[key] = p.value === null ? cell : { sum: cell.sum + p.value, measured: true };
    return acc;
  }, {});
  const dayKeys = [...new Set(input.map((r) => new Date((r.from + 25_200) * 1000).toISOString().slice(0, 10)))];
  const days = [0, 1, 2, 3, 4, 5, 6].map((wd) =>
    dayKeys.filter((k) => (new Date(`${k}T00:00:00Z`).getUTCDay() + 6) % 7 === wd).length,
  );
  const counts = Array.from({ length: 168 }, (_, c) => {
    const cell = cells[`${Math.floor(c / 24)}-${c % 24}`];
    return cell?.measured ? cell.sum : null;
  });
  const averages = counts.map((v, c) => (v === null || days[Math.floor(c / 24)] === 0 ? null : v / days[Math.floor(c / 24)]!));
  return { counts, averages, days };
}

function baselineDistribution(input: DurationCount[]) {
  const valid = input.filter((p) => p.value >= 0 && Number.isFinite(p.value) && p.count > 0);
  const sorted = [...valid].sort((a, b) => a.value - b.value);
  const total = sorted.reduce((a, p) => a + p.count, 0);
  const edges = [[0, 5], [5, 15], [15, 30], [30, 60], [60, Infinity]] as const;
  const buckets = edges.map(([lo, hi]) => sorted.filter((p) => p.value >= lo && p.value < hi).reduce((a, p) => a + p.count, 0));
  let upTo = 0;
  const cumulative = sorted.map((p) => ({ value: p.value, upTo: (upTo += p.count) }));
  const at = (pct: number) => cumulative.find((c) => c.upTo >= Math.max(1, Math.ceil((pct * total) / 100)))?.value ?? null;
  return {
    total,
    buckets,
    shares: percentShares(buckets),
    mean: total === 0 ? null : sorted.reduce((a, p) => a + p.value * p.count, 0) / total,
    median: at(50),
    p25: at(25),
    p75: at(75),
    p90: at(90),
  };
}

// ---- timing --------------------------------------------------------------------------------
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

function time(label: string, fn: () => unknown): number {
  for (let i = 0; i < WARMUP; i++) fn();
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    fn();
    runs.push(performance.now() - t0);
  }
  const m = median(runs);
  console.log(`  ${label.padEnd(44)} median ${m.toFixed(2).padStart(8)} ms   (min ${Math.min(...runs).toFixed(2)}, max ${Math.max(...runs).toFixed(2)})`);
  return m;
}

console.log(`o2o worker maths: ${SCREENS} screens × ${DAYS} days = ${ranges.length} day ranges, ${rangeHours} range-hours, ${pairs.length} dwell pairs`);
console.log(`median of ${RUNS} runs after ${WARMUP} warm-up runs, Node ${process.version}\n`);

const typedHeat = time("worker heatmapCells (typed arrays)", () => heatmapCells(packedHours));
const typedDist = time("worker dwellDistribution (typed arrays)", () => dwellDistribution(packedPairs));
const typedBoth = time("worker heatmap + distribution (typed arrays)", () => {
  heatmapCells(packedHours);
  dwellDistribution(packedPairs);
});
const jsonBoth = time("worker heatmap + distribution (from JSON)", () => {
  heatmapFromRanges(ranges);
  dwellDistributionFromPairs(pairs);
});
const baseHeat = time("baseline heatmap (objects, Date)", () => baselineHeatmap(ranges));
const baseDist = time("baseline distribution (objects, sort)", () => baselineDistribution(pairs));
const baseBoth = baseHeat + baseDist;

const sameHeat = JSON.stringify(baselineHeatmap(ranges)) === JSON.stringify(heatmapCells(packedHours));
const b = baselineDistribution(pairs);
const w = dwellDistribution(packedPairs);
const sameDist = b.total === w.total && JSON.stringify(b.buckets) === JSON.stringify(w.buckets)
  && b.median === w.median && b.p25 === w.p25 && b.p75 === w.p75 && b.p90 === w.p90
  && Math.abs((b.mean ?? 0) - (w.mean ?? 0)) < 1e-9 * Math.abs(w.mean ?? 1);

console.log("");
console.log(`heatmap + distribution, typed:    ${typedBoth.toFixed(2)} ms (budget 20 ms: ${typedBoth <= 20 ? "within" : "OVER"})`);
console.log(`heatmap + distribution, JSON in:  ${jsonBoth.toFixed(2)} ms`);
console.log(`baseline heatmap + distribution:  ${baseBoth.toFixed(2)} ms`);
console.log(`ratio baseline / typed:           ${(baseBoth / typedBoth).toFixed(1)}× (heatmap ${(baseHeat / typedHeat).toFixed(1)}×, distribution ${(baseDist / typedDist).toFixed(1)}×)`);
console.log(`baseline and worker agree:        heatmap ${sameHeat ? "yes" : "NO"}, distribution ${sameDist ? "yes" : "NO"}`);
