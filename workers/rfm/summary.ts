/**
 * Segment sizes and revenue, the R × F grid, score counts and means of one scored period.
 */
import { UNASSIGNED, type SegmentRule } from "../../domain/rfm";
import type { PackedCustomers, RfmSummary, ScoredCustomers, SegmentFigure } from "./types";

const mean = (sum: number, count: number): number | null => (count === 0 ? null : sum / count);
const share = (part: number, whole: number): number => (whole > 0 ? part / whole : 0);

/** Segment sizes and revenue (Unassigned included), the R × F grid, score counts and means. */
export function summariseRfm(input: PackedCustomers, scored: ScoredCustomers, rules: readonly SegmentRule[]): RfmSummary {
  const n = input.ids.length;
  const k = rules.length;
  const segCount = new Float64Array(k + 1); // index k = Unassigned
  const segRevenue = new Float64Array(k + 1);
  const segScore = new Float64Array(k + 1);
  const gridCount = new Float64Array(25);
  const gridRevenue = new Float64Array(25);
  const rCount = new Float64Array(5);
  const fCount = new Float64Array(5);
  const mCount = new Float64Array(5);
  let sumRecency = 0;
  let sumFrequency = 0;
  let sumMonetary = 0;
  let sumScore = 0;
  const { recencyDays, frequency, monetary } = input;
  const { r, f, m, score, segment } = scored;
  for (let i = 0; i < n; i++) {
    const s = segment[i]!;
    const slot = s < 0 ? k : s;
    const money = monetary[i]!;
    const sc = score[i]!;
    segCount[slot]!++;
    segRevenue[slot]! += money;
    segScore[slot]! += sc;
    const ri = r[i]! - 1;
    const fi = f[i]! - 1;
    const cell = ri * 5 + fi;
    gridCount[cell]!++;
    gridRevenue[cell]! += money;
    rCount[ri]!++;
    fCount[fi]!++;
    mCount[m[i]! - 1]!++;
    sumRecency += recencyDays[i]!;
    sumFrequency += frequency[i]!;
    sumMonetary += money;
    sumScore += sc;
  }
  const segments: SegmentFigure[] = [];
  for (let slot = 0; slot <= k; slot++) {
    const rule = slot < k ? rules[slot]! : null;
    segments.push({
      index: rule ? slot : -1,
      name: rule ? rule.name : UNASSIGNED,
      rank: rule ? rule.rank : null,
      source: rule ? rule.source : "unassigned",
      customers: segCount[slot]!,
      revenue: segRevenue[slot]!,
      customerShare: share(segCount[slot]!, n),
      revenueShare: share(segRevenue[slot]!, sumMonetary),
      meanScore: mean(segScore[slot]!, segCount[slot]!),
    });
  }
  const weightedSum = (counts: Float64Array) => counts.reduce((a, c, idx) => a + c * (idx + 1), 0);
  return {
    customers: n,
    revenue: sumMonetary,
    segments,
    grid: {
      counts: Array.from(gridCount),
      revenue: Array.from(gridRevenue),
      meanMonetary: Array.from(gridCount, (c, cell) => mean(gridRevenue[cell]!, c)),
    },
    mean: {
      recencyDays: mean(sumRecency, n),
      frequency: mean(sumFrequency, n),
      monetary: mean(sumMonetary, n),
      r: mean(weightedSum(rCount), n),
      f: mean(weightedSum(fCount), n),
      m: mean(weightedSum(mCount), n),
      score: mean(sumScore, n),
    },
    scoreCounts: { r: Array.from(rCount), f: Array.from(fCount), m: Array.from(mCount) },
  };
}
