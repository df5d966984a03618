/**
 * RFM scores (pure, in domain/ so that the CRM page's worker and the server's report sections score
 * alike): quintile scores of each measure, the weighted score and the segment of every customer.
 *
 * ## Scores
 * R, F and M are scored 1–5 by quintile over the customers of the period: R on recencyDays
 * (fewer days = better = higher score), F on frequency, M on monetary (more = better).
 *
 * **Quintiles that never split a tie.** Sorted worst first, the customers are cut into five
 * scores by four cuts, and a cut only falls between two different values: customers with equal
 * values always share a score.
 * - The cuts go as close as they can to the exact fifths, the ⌈j·n/5⌉-th customer for j = 1..4
 *   (distance in customers, summed over the four); equally close choices take the later gaps, so
 *   a customer moves up only by beating others. With all values distinct this is the classic
 *   NTILE, 1 + ⌊5i/n⌋ by position i (n = 10: two per score; n = 7: 1 1 2 3 3 4 5).
 * - **Large tie groups** (the usual case: most customers of a month or a quarter bought once):
 *   with five distinct values or more, the four cuts are four different gaps, so every score has
 *   customers and the scores stay in the order of the values. With 74 % one-off buyers, 22 %
 *   two-order, 3 % three-order buyers, … the F scores are 1, 2, 3, 4, 5 orders (or more),
 *   rather than F 1 for one order and F 4 for two, which would leave F 2 and F 3, and with them
 *   Potential Loyallists (R 4–5, F 2–3) of the standard map, empty.
 * - The worst value always scores 1 (one-off buyers are F 1: New Customers, Promising), and with
 *   five distinct values or more the best scores 5.
 * - **Few distinct values** (2–4): each value its own score, chosen the same way, so some scores
 *   stay empty: two customers → 1, 3; three → 1, 2, 4; four → 1, 2, 3, 4; 60 % one-off, 20 %
 *   two-order, 10 % three, 10 % nine → F 1, 3, 4, 5.
 * - All customers equal on a measure → all 1 on it; a lone customer is R 1 F 1 M 1 (Hibernating
 *   with the default segments).
 *
 * The weighted score is `wR·R + wF·F + wM·M` with weights summing to 1 (`rfmWeightsOf`), so it
 * is 1–5 too. The segment is the highest-ranked matching rule (`segmentIndexOf`), -1 =
 * Unassigned; it depends only on (R, F, M), so it is looked up in a 125-cell table.
 *
 * Speed: whole-number measures (recency, frequency) are counted in a histogram, monetary is
 * radix-sorted as typed arrays (no comparator); the cuts are placed by a small dynamic programme
 * over the gaps near the fifths, they give four threshold values per measure, and each customer
 * is then scored with four comparisons. 1,000,000 customers: see `npm run bench:commerce`.
 */
import type { CustomerColumns } from "./commerce";
import { SCORE_MAX, SCORE_MIN, segmentIndexOf, type RfmWeights, type SegmentRule } from "./rfm";

/**
 * The columns of the customers answer as typed arrays (ids stay an array of strings).
 *
 * @throws RangeError when the columns differ in length, a recency or frequency is not a whole
 *   number 0..2^31-1, or a monetary value is negative or not finite (the schema forbids all of
 *   these; a typed array would silently change them)
 */
export function packCustomers(columns: CustomerColumns): PackedCustomers {
  const n = columns.ids.length;
  if (columns.recencyDays.length !== n || columns.frequency.length !== n || columns.monetary.length !== n) {
    throw new RangeError(`every column must have one value per customer (${n} ids)`);
  }
  const recencyDays = new Int32Array(n);
  const frequency = new Int32Array(n);
  const monetary = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const rd = columns.recencyDays[i]!;
    const fr = columns.frequency[i]!;
    const mo = columns.monetary[i]!;
    if (!(Number.isInteger(rd) && rd >= 0 && rd <= 0x7fffffff)) throw new RangeError(`recencyDays[${i}] must be a whole number ≥ 0, got ${rd}`);
    if (!(Number.isInteger(fr) && fr >= 0 && fr <= 0x7fffffff)) throw new RangeError(`frequency[${i}] must be a whole number ≥ 0, got ${fr}`);
    if (!(Number.isFinite(mo) && mo >= 0)) throw new RangeError(`monetary[${i}] must be a finite number ≥ 0, got ${mo}`);
    recencyDays[i] = rd;
    frequency[i] = fr;
    monetary[i] = mo + 0; // -0 becomes 0, which the radix sort needs
  }
  return { ids: columns.ids, recencyDays, frequency, monetary };
}

/** The customers of one period as typed arrays; index i is one customer in every array. */
export interface PackedCustomers {
  readonly ids: readonly string[];
  /** Days from the last order to the period's end (0 = on the last day); fewer = better. */
  readonly recencyDays: Int32Array;
  /** Orders in the period. */
  readonly frequency: Int32Array;
  /** NMV of the period, THB. */
  readonly monetary: Float64Array;
}

/** Scores of every customer, index i = customer i of the input. */
export interface ScoredCustomers {
  /** 1–5 each. */
  readonly r: Uint8Array;
  readonly f: Uint8Array;
  readonly m: Uint8Array;
  /** Weighted score, 1–5. */
  readonly score: Float32Array;
  /** Index into the rules, -1 = Unassigned. */
  readonly segment: Int16Array;
}

/** Progress 0..1 of a long call; over Comlink pass `proxy(fn)`. Called a few times, never per customer. */
export type ProgressCallback = (fraction: number) => void;

/** How many cuts split the customers into the five scores. */
const CUTS = SCORE_MAX - SCORE_MIN;

/**
 * The score (1–5) of each tie group, the groups given by their sizes, worst value first: the
 * rule of this file's header. The four cuts between scores sit at gaps between groups (a cut at
 * position p: the groups from the p-th customer on score one more), as close as they can be, in
 * customers summed over the four, to the exact fifths ⌈j·n/5⌉; equally close choices take the
 * later gaps (lower scores).
 * - Five groups or more: four different gaps, so every score has customers.
 * - Two to four groups: every gap is a cut, the cuts left over repeat one or fall at n (the top
 *   score empty); each group its own score.
 * - One group: everyone 1.
 *
 * @param counts - sizes of the tie groups (each ≥ 1), worst value first
 * @returns one score per group, never decreasing (increasing with four groups or fewer), the first 1
 */
export function tieGroupScores(counts: ArrayLike<number>): Uint8Array {
  const g = counts.length;
  const scores = new Uint8Array(g);
  if (g === 0) return scores;
  // gaps[i]: customers before the gap after group i (i = 0..g-2), increasing
  const gaps = new Float64Array(g - 1);
  let n = counts[0]!;
  for (let i = 1; i < g; i++) {
    gaps[i - 1] = n;
    n += counts[i]!;
  }
  const ideal = [1, 2, 3, 4].map((j) => Math.ceil((j * n) / 5));
  const cuts = g - 1 >= CUTS ? distinctCuts(gaps, ideal) : everyGapCuts(gaps, n, ideal);
  let c = 0;
  for (let i = 0; i < g; i++) {
    const before = i === 0 ? 0 : gaps[i - 1]!;
    while (c < CUTS && cuts[c]! <= before) c++;
    scores[i] = SCORE_MIN + c;
  }
  return scores;
}

/**
 * Four increasing gaps nearest the ideal cuts (sum of distances), later gaps on equal sums. Only
 * gaps within five places of the ideal's own gap can be chosen: a cut further away could move
 * towards its ideal past the cuts below (or above) it and come closer, so it is not optimal.
 */
function distinctCuts(gaps: Float64Array, ideal: readonly number[]): number[] {
  const last = gaps.length - 1;
  const candidates = new Set<number>();
  for (const target of ideal) {
    // the first gap at or after the ideal (binary search)
    let lo = 0;
    let hi = gaps.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (gaps[mid]! < target) lo = mid + 1;
      else hi = mid;
    }
    for (let k = Math.max(0, lo - CUTS - 1); k <= Math.min(last, lo + CUTS); k++) candidates.add(k);
  }
  const cand = [...candidates].sort((a, b) => a - b);
  const K = cand.length;
  // best[j][c]: least distance of cuts 0..j with cut j at cand[c]; from[j][c]: cut j-1's place
  const best = ideal.map(() => new Float64Array(K).fill(Infinity));
  const from = ideal.map(() => new Int32Array(K).fill(-1));
  for (let c = 0; c < K; c++) best[0]![c] = Math.abs(gaps[cand[c]!]! - ideal[0]!);
  for (let j = 1; j < CUTS; j++) {
    let low = Infinity;
    let lowAt = -1;
    for (let c = 0; c < K; c++) {
      if (lowAt >= 0) {
        best[j]![c] = low + Math.abs(gaps[cand[c]!]! - ideal[j]!);
        from[j]![c] = lowAt;
      }
      if (best[j - 1]![c]! <= low) { // "<=": the later of equal ones
        low = best[j - 1]![c]!;
        lowAt = c;
      }
    }
  }
  let at = -1;
  for (let c = 0; c < K; c++) if (best[CUTS - 1]![c]! <= (at < 0 ? Infinity : best[CUTS - 1]![at]!)) at = c;
  const cuts = new Array<number>(CUTS);
  for (let j = CUTS - 1; j >= 0; j--) {
    cuts[j] = gaps[cand[at]!]!;
    at = from[j]![at]!;
  }
  return cuts;
}

/**
 * Fewer than four gaps: every gap is a cut, and the cuts left over repeat a gap or fall at `n`,
 * whichever brings the four nearest the ideal (sum of distances; on equal sums the later cuts).
 */
function everyGapCuts(gaps: Float64Array, n: number, ideal: readonly number[]): number[] {
  const places = [...gaps, n];
  let bestCuts: number[] = [];
  let bestCost = Infinity;
  const cuts: number[] = [];
  const visit = (from: number) => {
    if (cuts.length === CUTS) {
      if (!gaps.every((gap) => cuts.includes(gap))) return;
      const cost = cuts.reduce((sum, cut, j) => sum + Math.abs(cut - ideal[j]!), 0);
      if (cost < bestCost || (cost === bestCost && isLater(cuts, bestCuts))) {
        bestCost = cost;
        bestCuts = [...cuts];
      }
      return;
    }
    for (let k = from; k < places.length; k++) {
      cuts.push(places[k]!);
      visit(k);
      cuts.pop();
    }
  };
  visit(0);
  return bestCuts;
}

/** True when `a` is later than `b`, compared from the last cut down (as the dynamic programme of {@link distinctCuts} breaks ties). */
function isLater(a: readonly number[], b: readonly number[]): boolean {
  for (let j = a.length - 1; j >= 0; j--) if (a[j] !== b[j]) return a[j]! > b[j]!;
  return false;
}

/** Counting instead of sorting when whole numbers span at most this many values. */
const COUNTING_SPAN = 1 << 20;

/** The distinct values in ascending order, and how many customers hold each. */
interface ValueGroups {
  readonly values: Float64Array;
  readonly counts: Float64Array;
}

/** Groups equal values: counted in a histogram for whole numbers of a small span (recency, frequency), radix-sorted otherwise. */
function valueGroups(values: Int32Array | Float64Array): ValueGroups {
  const n = values.length;
  if (values instanceof Int32Array) {
    let lo = 0x7fffffff;
    let hi = -0x80000000;
    for (let i = 0; i < n; i++) {
      const v = values[i]!;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    if (hi - lo < COUNTING_SPAN) {
      const histogram = new Float64Array(hi - lo + 1);
      for (let i = 0; i < n; i++) histogram[values[i]! - lo]!++;
      let g = 0;
      for (let v = 0; v < histogram.length; v++) if (histogram[v]! > 0) g++;
      const out = { values: new Float64Array(g), counts: new Float64Array(g) };
      g = 0;
      for (let v = 0; v < histogram.length; v++) {
        if (histogram[v]! > 0) {
          out.values[g] = v + lo;
          out.counts[g++] = histogram[v]!;
        }
      }
      return out;
    }
  }
  const keys = values instanceof Float64Array ? values : Float64Array.from(values);
  const order = argsortNonNegative(keys, false);
  const groupValues = new Float64Array(n);
  const counts = new Float64Array(n);
  let g = 0;
  let j = 0;
  while (j < n) {
    const v = keys[order[j]!]!;
    let k = j + 1;
    while (k < n && keys[order[k]!] === v) k++;
    groupValues[g] = v;
    counts[g++] = k - j;
    j = k;
  }
  return { values: groupValues.subarray(0, g), counts: counts.subarray(0, g) };
}

/**
 * Writes the score (1–5) of every value into `out`: equal values share one score, given to
 * their tie group by {@link tieGroupScores}.
 *
 * @param values - whole numbers (Int32Array) or non-negative numbers (Float64Array)
 * @param higherIsBetter - true for frequency and monetary, false for recency (fewer days = 5)
 */
export function quintileScores(values: Int32Array | Float64Array, higherIsBetter: boolean, out: Uint8Array): void {
  const n = values.length;
  if (n === 0) return;
  const groups = valueGroups(values);
  // Worst first: ascending values when higher is better, descending for recency.
  const worstFirst = higherIsBetter ? groups.counts : groups.counts.slice().reverse();
  const scores = tieGroupScores(worstFirst);
  // thr[s] for s = 2..5: the first value, worst first, scoring ≥ s (higherIsBetter: the least
  // such value; recency: the greatest).
  const thr = new Float64Array(6).fill(higherIsBetter ? Infinity : -Infinity);
  const g = scores.length;
  for (let i = 0, t = 2; i < g && t <= SCORE_MAX; i++) {
    const v = groups.values[higherIsBetter ? i : g - 1 - i]!;
    for (; t <= scores[i]!; t++) thr[t] = v;
  }
  const t2 = thr[2]!;
  const t3 = thr[3]!;
  const t4 = thr[4]!;
  const t5 = thr[5]!;
  if (higherIsBetter) {
    for (let k = 0; k < n; k++) {
      const v = values[k]!;
      out[k] = 1 + (v >= t2 ? 1 : 0) + (v >= t3 ? 1 : 0) + (v >= t4 ? 1 : 0) + (v >= t5 ? 1 : 0);
    }
  } else {
    for (let k = 0; k < n; k++) {
      const v = values[k]!;
      out[k] = 1 + (v <= t2 ? 1 : 0) + (v <= t3 ? 1 : 0) + (v <= t4 ? 1 : 0) + (v <= t5 ? 1 : 0);
    }
  }
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * Positions 0..n-1 ordered by `keys` (ascending, or descending when `desc`), equal keys in
 * ascending position: a stable LSD radix sort on the bits of the float64 keys, 16 bits a pass,
 * skipping passes whose digit is the same for every key. The bits of non-negative doubles sort
 * like their values, so every key must be ≥ 0 (or +0; -0 sorts last) and not NaN.
 */
export function argsortNonNegative(keys: Float64Array, desc: boolean): Uint32Array {
  const n = keys.length;
  const words = new Uint32Array(keys.buffer, keys.byteOffset, n * 2);
  const loWord = LITTLE_ENDIAN ? 0 : 1;
  const hiWord = 1 - loWord;
  let order = new Uint32Array(n);
  for (let j = 0; j < n; j++) order[j] = j;
  let spare = new Uint32Array(n);
  const counts = new Uint32Array(65_536);
  const flip = desc ? 0xffff : 0;
  for (let pass = 0; pass < 4; pass++) {
    const word = pass < 2 ? loWord : hiWord;
    const shift = pass % 2 === 0 ? 0 : 16;
    counts.fill(0);
    for (let j = 0; j < n; j++) counts[((words[2 * j + word]! >>> shift) & 0xffff) ^ flip]!++;
    const first = ((words[word]! >>> shift) & 0xffff) ^ flip;
    if (n === 0 || counts[first] === n) continue; // every key has this digit: nothing to move
    let sum = 0;
    for (let d = 0; d < 65_536; d++) {
      const c = counts[d]!;
      counts[d] = sum;
      sum += c;
    }
    for (let j = 0; j < n; j++) {
      const p = order[j]!;
      const digit = ((words[2 * p + word]! >>> shift) & 0xffff) ^ flip;
      spare[counts[digit]!++] = p;
    }
    const t = order;
    order = spare;
    spare = t;
  }
  return order;
}

/** The 125-cell table (r, f, m) → rule index (-1 = Unassigned), index `(r-1)*25 + (f-1)*5 + (m-1)`. */
export function segmentTable(rules: readonly SegmentRule[]): Int16Array {
  if (rules.length > 32_767) throw new RangeError(`at most 32767 segments, got ${rules.length}`);
  const table = new Int16Array(125);
  for (let r = SCORE_MIN; r <= SCORE_MAX; r++) {
    for (let f = SCORE_MIN; f <= SCORE_MAX; f++) {
      for (let m = SCORE_MIN; m <= SCORE_MAX; m++) table[(r - 1) * 25 + (f - 1) * 5 + (m - 1)] = segmentIndexOf(rules, r, f, m);
    }
  }
  return table;
}

/**
 * R, F, M scores, the weighted score and the segment of every customer.
 *
 * @param weights - fractions summing to 1 (`rfmWeightsOf`); other sums are used as given
 * @param onProgress - called with 0, after each measure, and 1 (five calls)
 */
export function scoreRfm(input: PackedCustomers, weights: RfmWeights, rules: readonly SegmentRule[], onProgress?: ProgressCallback): ScoredCustomers {
  const n = input.ids.length;
  const r = new Uint8Array(n);
  const f = new Uint8Array(n);
  const m = new Uint8Array(n);
  const score = new Float32Array(n);
  const segment = new Int16Array(n);
  onProgress?.(0);
  quintileScores(input.recencyDays, false, r);
  onProgress?.(0.3);
  quintileScores(input.frequency, true, f);
  onProgress?.(0.55);
  quintileScores(input.monetary, true, m);
  onProgress?.(0.8);
  const table = segmentTable(rules);
  const wr = weights.recency;
  const wf = weights.frequency;
  const wm = weights.monetary;
  for (let i = 0; i < n; i++) {
    const ri = r[i]!;
    const fi = f[i]!;
    const mi = m[i]!;
    score[i] = wr * ri + wf * fi + wm * mi;
    segment[i] = table[(ri - 1) * 25 + (fi - 1) * 5 + (mi - 1)]!;
  }
  onProgress?.(1);
  return { r, f, m, score, segment };
}
