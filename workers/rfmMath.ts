/**
 * RFM scoring of the CRM page (issue 6), as plain functions on typed arrays: quintile scores,
 * the weighted score, segments, the summary figures, the segment transition matrix between two
 * periods, and the customer table (one page at a time) and its CSV. Nothing here knows about
 * Comlink, `self` or the DOM; `rfm.worker.ts` exposes {@link rfmApi}, the tests call the
 * functions directly in Node.
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
import type { CustomerColumns } from "../domain/commerce";
import {
  SCORE_MAX, SCORE_MIN, UNASSIGNED, segmentIndexOf, segmentNameOf,
  type RfmWeights, type SegmentRule,
} from "../domain/rfm";
import { NO_TOTALS, periodTotals, type PeriodTotals } from "./periodTotals";

// ---------------------------------------------------------------------------------------------
// Types

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

/** What the page may send: the decoded answer's columns, or columns already packed. */
export type CustomerInput = CustomerColumns | PackedCustomers;

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

/** One segment's figures; `index` is the rule index, or -1 for Unassigned. */
export interface SegmentFigure {
  readonly index: number;
  readonly name: string;
  /** The rule's rank; null for Unassigned. */
  readonly rank: number | null;
  readonly source: SegmentRule["source"] | "unassigned";
  readonly customers: number;
  /** Sum of monetary, THB. */
  readonly revenue: number;
  /** Fractions 0..1 of all customers / all revenue (0 when there are none). */
  readonly customerShare: number;
  readonly revenueShare: number;
  /** Mean weighted score of its customers; null when it has none. */
  readonly meanScore: number | null;
}

/** Mean measures and scores; null fields when there are no customers. */
export interface RfmMeans {
  readonly recencyDays: number | null;
  readonly frequency: number | null;
  readonly monetary: number | null;
  readonly r: number | null;
  readonly f: number | null;
  readonly m: number | null;
  readonly score: number | null;
}

/**
 * The R × F grid: 25 cells, index `(r - 1) * 5 + (f - 1)` (row R 1..5, column F 1..5).
 * `meanMonetary` is null for an empty cell.
 */
export interface RfGrid {
  readonly counts: number[];
  readonly revenue: number[];
  readonly meanMonetary: (number | null)[];
}

export interface RfmSummary {
  readonly customers: number;
  readonly revenue: number;
  /** One per rule in the rules' order, then Unassigned last (always present, even at 0). */
  readonly segments: SegmentFigure[];
  readonly grid: RfGrid;
  readonly mean: RfmMeans;
  /** How many customers got each score 1..5 (index 0 = score 1). */
  readonly scoreCounts: { readonly r: number[]; readonly f: number[]; readonly m: number[] };
}

/**
 * Segment movement between the previous period and this one. Rows are "from" (previous
 * period), columns "to" (this period). Index 0..ruleCount-1 = the rules, `ruleCount` =
 * Unassigned, `ruleCount + 1` = the row "new: not in the previous period" and the column "gone:
 * not in this period" (`counts[new][gone]` is always 0). Customers are matched by id.
 */
export interface RfmTransitions {
  /** ruleCount + 2 */
  readonly size: number;
  readonly counts: number[][];
  /** Customers in both periods. */
  readonly retained: number;
  /** Only in this period / only in the previous one. */
  readonly new: number;
  readonly gone: number;
}

/** The labelled form the stateful API answers: `labels[i]` names row and column i. */
export interface RfmTransitionTable extends RfmTransitions {
  /** Rule names, then "Unassigned", then {@link NEW_OR_GONE}. */
  readonly labels: string[];
}

/** Label of the last row ("new") and column ("gone") of a labelled transition table. */
export const NEW_OR_GONE = "New / gone";

export const RFM_SORT_KEYS = ["id", "recencyDays", "frequency", "monetary", "r", "f", "m", "score", "segment"] as const;
export type RfmSortKey = (typeof RFM_SORT_KEYS)[number];

/** What the customer table asks for. Every field is optional; the defaults are shown. */
export interface CustomerQuery {
  /** "score"; "segment" sorts by the segment's rank (Unassigned below every rule). */
  readonly sortBy?: RfmSortKey;
  /** "desc". Equal keys keep the input order (ascending index) either way. */
  readonly direction?: "asc" | "desc";
  /** Case-insensitive substring of the customer id; "" or spaces = all. */
  readonly search?: string;
  /** Only this segment (rule index, -1 = Unassigned); null/undefined = all. */
  readonly segment?: number | null;
  /** 0-based page; past the last page gives the last page. */
  readonly page?: number;
  /** 50; 1..1000. */
  readonly pageSize?: number;
}

export interface CustomerRow {
  readonly id: string;
  readonly recencyDays: number;
  readonly frequency: number;
  readonly monetary: number;
  readonly r: number;
  readonly f: number;
  readonly m: number;
  readonly score: number;
  /** Rule index, -1 = Unassigned. */
  readonly segmentIndex: number;
  readonly segment: string;
}

export interface CustomerPage {
  readonly rows: CustomerRow[];
  /** Customers matching the search and segment filter (all pages). */
  readonly total: number;
  /** The page answered (clamped), 0-based. */
  readonly page: number;
  readonly pageSize: number;
  /** At least 1. */
  readonly pageCount: number;
}

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 1000;

// ---------------------------------------------------------------------------------------------
// Packing

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

function isPacked(input: CustomerInput): input is PackedCustomers {
  return input.recencyDays instanceof Int32Array;
}

/** {@link packCustomers} unless already packed (then checked for equal lengths only). */
export function toPacked(input: CustomerInput): PackedCustomers {
  if (!isPacked(input)) return packCustomers(input);
  const n = input.ids.length;
  if (input.frequency.length !== n || input.monetary.length !== n || input.recencyDays.length !== n) {
    throw new RangeError(`every column must have one value per customer (${n} ids)`);
  }
  return input;
}

// ---------------------------------------------------------------------------------------------
// Scoring

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

// ---------------------------------------------------------------------------------------------
// Summary

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

// ---------------------------------------------------------------------------------------------
// Transitions

/** FNV-1a over the UTF-16 code units of a string. */
function hashId(id: string): number {
  let h = 0x811c9dc5;
  for (let k = 0; k < id.length; k++) h = Math.imul(h ^ id.charCodeAt(k), 0x01000193);
  return h >>> 0;
}

/**
 * For each customer of this period, the index of the same id among the previous period's
 * customers, or -1 (new). The costly part of the transitions, so the session does it once per
 * `load`: an open-addressing hash table on typed arrays (a Map of a million strings is several
 * times slower). Ids are unique within a period as the server lists them; were one repeated in
 * the previous period, its last entry would be the one matched.
 */
export function matchIds(prevIds: readonly string[], curIds: readonly string[], onProgress?: ProgressCallback): Int32Array {
  const match = new Int32Array(curIds.length).fill(-1);
  if (prevIds.length === 0) {
    onProgress?.(1);
    return match;
  }
  const capacity = 2 ** Math.ceil(Math.log2(prevIds.length * 2 + 1));
  const mask = capacity - 1;
  const slots = new Int32Array(capacity).fill(-1); // previous index, -1 = empty
  const hashes = new Uint32Array(capacity);
  for (let i = 0; i < prevIds.length; i++) {
    const id = prevIds[i]!;
    const h = hashId(id);
    let at = h & mask;
    while (slots[at] !== -1 && !(hashes[at] === h && prevIds[slots[at]!] === id)) at = (at + 1) & mask;
    slots[at] = i;
    hashes[at] = h;
  }
  onProgress?.(prevIds.length / (prevIds.length + curIds.length));
  for (let j = 0; j < curIds.length; j++) {
    const id = curIds[j]!;
    const h = hashId(id);
    let at = h & mask;
    while (slots[at] !== -1) {
      if (hashes[at] === h && prevIds[slots[at]!] === id) {
        match[j] = slots[at]!;
        break;
      }
      at = (at + 1) & mask;
    }
  }
  onProgress?.(1);
  return match;
}

/**
 * The transition matrix from a {@link matchIds} result: O(customers) on typed arrays.
 *
 * @param prevSegment, curSegment - rule indexes, -1 = Unassigned, as `scoreRfm` gives them
 */
export function transitionsOfMatch(match: Int32Array, prevSegment: Int16Array, curSegment: Int16Array, ruleCount: number): RfmTransitions {
  const size = ruleCount + 2;
  const outside = ruleCount + 1;
  const slot = (s: number) => (s < 0 || s >= ruleCount ? ruleCount : s);
  const flat = new Float64Array(size * size);
  const seen = new Uint8Array(prevSegment.length);
  let retained = 0;
  let added = 0;
  for (let j = 0; j < match.length; j++) {
    const i = match[j]!;
    const to = slot(curSegment[j]!);
    if (i < 0) {
      flat[outside * size + to]!++;
      added++;
    } else {
      seen[i] = 1;
      flat[slot(prevSegment[i]!) * size + to]!++;
      retained++;
    }
  }
  let gone = 0;
  for (let i = 0; i < prevSegment.length; i++) {
    if (seen[i] === 1) continue;
    flat[slot(prevSegment[i]!) * size + outside]!++;
    gone++;
  }
  const counts: number[][] = [];
  for (let row = 0; row < size; row++) counts.push(Array.from(flat.subarray(row * size, (row + 1) * size)));
  return { size, counts, retained, new: added, gone };
}

/**
 * Segment movement from the previous period to this one (see {@link RfmTransitions}): each
 * period scored on its own customers, customers matched by id ({@link matchIds}).
 *
 * @param prevSegment, curSegment - rule indexes, -1 = Unassigned, as `scoreRfm` gives them
 */
export function transitionMatrix(
  prevIds: readonly string[], prevSegment: Int16Array,
  curIds: readonly string[], curSegment: Int16Array,
  ruleCount: number,
): RfmTransitions {
  return transitionsOfMatch(matchIds(prevIds, curIds), prevSegment, curSegment, ruleCount);
}

// ---------------------------------------------------------------------------------------------
// Customer table

/** The customers matching a query's search and segment filter, in its sort order. */
export function customerOrder(ids: readonly string[], scored: ScoredCustomers, input: PackedCustomers, rules: readonly SegmentRule[], query: CustomerQuery = {}): Uint32Array {
  const n = ids.length;
  const needle = (query.search ?? "").trim().toLowerCase();
  const onlySegment = query.segment ?? null;
  let matched: Uint32Array;
  if (needle === "" && onlySegment === null) {
    matched = new Uint32Array(n);
    for (let i = 0; i < n; i++) matched[i] = i;
  } else {
    const buf = new Uint32Array(n);
    let count = 0;
    for (let i = 0; i < n; i++) {
      if (onlySegment !== null && scored.segment[i] !== onlySegment) continue;
      if (needle !== "" && !ids[i]!.toLowerCase().includes(needle)) continue;
      buf[count++] = i;
    }
    matched = buf.slice(0, count);
  }
  const sortBy = query.sortBy ?? "score";
  const desc = (query.direction ?? "desc") === "desc";
  if (sortBy === "id") return sortById(matched, ids, desc);
  const keys = new Float64Array(matched.length);
  const column = sortColumn(sortBy, scored, input, rules);
  for (let j = 0; j < matched.length; j++) keys[j] = column(matched[j]!);
  return sortByKey(matched, keys, desc);
}

function sortColumn(sortBy: Exclude<RfmSortKey, "id">, scored: ScoredCustomers, input: PackedCustomers, rules: readonly SegmentRule[]): (i: number) => number {
  switch (sortBy) {
    case "recencyDays": return (i) => input.recencyDays[i]!;
    case "frequency": return (i) => input.frequency[i]!;
    case "monetary": return (i) => input.monetary[i]!;
    case "r": return (i) => scored.r[i]!;
    case "f": return (i) => scored.f[i]!;
    case "m": return (i) => scored.m[i]!;
    case "score": return (i) => scored.score[i]!;
    case "segment": {
      // keys must be ≥ 0: Unassigned 0, each rule 1 + the place of its rank among the distinct ranks
      const ranks = [...new Set(rules.map((rule) => rule.rank))].sort((a, b) => a - b);
      const key = Float64Array.from(rules, (rule) => 1 + ranks.indexOf(rule.rank));
      return (i) => {
        const s = scored.segment[i]!;
        return s < 0 ? 0 : key[s]!;
      };
    }
  }
}

/** `matched` reordered by `keys` (one per matched entry, each ≥ 0), equal keys in ascending position. */
function sortByKey(matched: Uint32Array, keys: Float64Array, desc: boolean): Uint32Array {
  if (matched.length <= 1) return matched;
  const order = argsortNonNegative(keys, desc);
  for (let j = 0; j < order.length; j++) order[j] = matched[order[j]!]!;
  return order;
}

/** Sorted by id in code-unit order ("C10" before "C2"), equal ids in ascending position. */
function sortById(matched: Uint32Array, ids: readonly string[], desc: boolean): Uint32Array {
  const order = Array.from(matched);
  order.sort((a, b) => {
    const x = ids[a]!;
    const y = ids[b]!;
    if (x === y) return a - b;
    return (x < y) !== desc ? -1 : 1;
  });
  return Uint32Array.from(order);
}

function rowOf(i: number, ids: readonly string[], scored: ScoredCustomers, input: PackedCustomers, rules: readonly SegmentRule[]): CustomerRow {
  const s = scored.segment[i]!;
  return {
    id: ids[i]!,
    recencyDays: input.recencyDays[i]!,
    frequency: input.frequency[i]!,
    monetary: input.monetary[i]!,
    r: scored.r[i]!,
    f: scored.f[i]!,
    m: scored.m[i]!,
    score: scored.score[i]!,
    segmentIndex: s,
    segment: segmentNameOf(rules, s),
  };
}

function pageBounds(total: number, query: CustomerQuery): { page: number; pageSize: number; pageCount: number } {
  const size = Math.trunc(query.pageSize ?? DEFAULT_PAGE_SIZE);
  const pageSize = Number.isFinite(size) ? Math.min(MAX_PAGE_SIZE, Math.max(1, size)) : DEFAULT_PAGE_SIZE;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const wanted = Math.trunc(query.page ?? 0);
  const page = Number.isFinite(wanted) ? Math.min(pageCount - 1, Math.max(0, wanted)) : 0;
  return { page, pageSize, pageCount };
}

/** One page of an order from {@link customerOrder}. */
export function pageOfOrder(order: Uint32Array, ids: readonly string[], scored: ScoredCustomers, input: PackedCustomers, rules: readonly SegmentRule[], query: CustomerQuery = {}): CustomerPage {
  const { page, pageSize, pageCount } = pageBounds(order.length, query);
  const rows: CustomerRow[] = [];
  const end = Math.min(order.length, (page + 1) * pageSize);
  for (let j = page * pageSize; j < end; j++) rows.push(rowOf(order[j]!, ids, scored, input, rules));
  return { rows, total: order.length, page, pageSize, pageCount };
}

/**
 * One page of the customer table: the customers matching the search (id substring, any case)
 * and segment filter, sorted, then the rows of `query.page`. The page never receives more
 * than {@link MAX_PAGE_SIZE} rows.
 */
export function customerPage(ids: readonly string[], scored: ScoredCustomers, input: PackedCustomers, rules: readonly SegmentRule[], query: CustomerQuery = {}): CustomerPage {
  return pageOfOrder(customerOrder(ids, scored, input, rules, query), ids, scored, input, rules, query);
}

// ---------------------------------------------------------------------------------------------
// CSV

export const CSV_HEADER = ["customer_id", "recency_days", "frequency", "monetary", "r", "f", "m", "score", "segment"] as const;

/**
 * One CSV text field (RFC 4180): quoted when it holds a comma, a quote, CR or LF, or starts or
 * ends with a space, quotes doubled. Text starting with `=`, `+`, `-`, `@`, tab or CR gets a
 * leading `'` so a spreadsheet shows it instead of running it as a formula (customer ids and
 * segment names are typed by people outside the team).
 */
export function csvField(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]|^ | $/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Text {@link csvField} leaves as it is (checked first, as most ids are like this). */
const PLAIN_FIELD = /^[^=+\-@\t\r\n", ]([^",\r\n]*[^",\r\n ])?$/;

export interface CsvOptions {
  /** Start with a UTF-8 byte-order mark so Excel reads Thai correctly; default true. */
  readonly bom?: boolean;
}

/**
 * CSV of the customers matching the query's search and segment filter (page and pageSize are
 * ignored: all of them), in its sort order: {@link CSV_HEADER}, CRLF line ends. Monetary as
 * given, the weighted score to 2 decimals.
 */
export function customersCsv(ids: readonly string[], scored: ScoredCustomers, input: PackedCustomers, rules: readonly SegmentRule[], query: CustomerQuery = {}, options: CsvOptions = {}): string {
  return csvOfOrder(customerOrder(ids, scored, input, rules, query), ids, scored, input, rules, options);
}

function csvOfOrder(order: Uint32Array, ids: readonly string[], scored: ScoredCustomers, input: PackedCustomers, rules: readonly SegmentRule[], options: CsvOptions): string {
  const names = rules.map((rule) => csvField(rule.name));
  const unassigned = csvField(UNASSIGNED);
  // R, F, M, score and segment depend only on the (r, f, m) cell: 125 texts, made once each
  const tail: (string | undefined)[] = new Array(125);
  const lines: string[] = new Array(order.length + 1);
  lines[0] = CSV_HEADER.join(",");
  for (let j = 0; j < order.length; j++) {
    const i = order[j]!;
    const cell = (scored.r[i]! - 1) * 25 + (scored.f[i]! - 1) * 5 + (scored.m[i]! - 1);
    let rest = tail[cell];
    if (rest === undefined) {
      const s = scored.segment[i]!;
      rest = `${scored.r[i]},${scored.f[i]},${scored.m[i]},${scored.score[i]!.toFixed(2)},${s < 0 ? unassigned : names[s]}`;
      tail[cell] = rest;
    }
    const id = ids[i]!;
    lines[j + 1] = `${PLAIN_FIELD.test(id) ? id : csvField(id)},${input.recencyDays[i]},${input.frequency[i]},${input.monetary[i]},${rest}`;
  }
  return `${options.bom === false ? "" : "\uFEFF"}${lines.join("\r\n")}\r\n`;
}

// ---------------------------------------------------------------------------------------------
// The stateful worker API

/** What `load` answers. */
export interface RfmLoaded {
  readonly current: number;
  readonly previous: number;
  /** Customers, orders and revenue of each period: what the figure cards' changes compare. */
  readonly totals: { readonly current: PeriodTotals; readonly previous: PeriodTotals };
}

/** What `score` answers: the summary of this period and the segment movement. */
export interface RfmResult {
  readonly summary: RfmSummary;
  readonly transitions: RfmTransitionTable;
}

interface Period {
  readonly input: PackedCustomers;
  scored: ScoredCustomers | null;
}

const MAX_CACHED_ORDERS = 4;

/**
 * The worker keeps the periods it was sent and their scores, so that paging, sorting,
 * searching and export do not send a million customers again. Use: `load` once per answer of
 * the customers call, `score` whenever the weights or segments change, then `page`, `csv`,
 * `summary`, `transitions` as often as needed. The sort order of the last few queries is kept,
 * so paging through one query costs only its rows.
 */
export class RfmSession {
  private current: Period | null = null;
  private previous: Period | null = null;
  private rules: readonly SegmentRule[] = [];
  private weights: RfmWeights | null = null;
  private orders = new Map<string, Uint32Array>();
  /** matchIds(previous, current), made on the first transitions after a load. */
  private match: Int32Array | null = null;

  /**
   * Takes this period's customers and the previous period's (equal length, just before it);
   * previous may be null or empty. Forgets any scores.
   *
   * @throws RangeError on columns of different lengths or values the schema forbids
   */
  load(current: CustomerInput, previous: CustomerInput | null): RfmLoaded {
    const cur = toPacked(current);
    const prev = previous === null ? null : toPacked(previous);
    this.current = { input: cur, scored: null };
    this.previous = prev === null ? null : { input: prev, scored: null };
    this.weights = null;
    this.orders.clear();
    this.match = null;
    return {
      current: cur.ids.length,
      previous: prev?.ids.length ?? 0,
      totals: { current: periodTotals(cur), previous: prev === null ? NO_TOTALS : periodTotals(prev) },
    };
  }

  /**
   * Scores both periods (each on its own quintiles) with these weights and rules, and answers
   * this period's summary and the segment movement. The first call after a `load` also matches
   * the two periods' ids (about as long as scoring both); later calls reuse the match.
   *
   * @param onProgress - 0..1 over the whole call, about a dozen calls
   * @throws Error when nothing is loaded
   */
  score(weights: RfmWeights, rules: readonly SegmentRule[], onProgress?: ProgressCallback): RfmResult {
    const cur = this.loaded();
    const prev = this.previous;
    // rough shares of the work: scoring each period by its size, matching ids (first time) as much as both
    const curN = cur.input.ids.length;
    const prevN = prev?.input.ids.length ?? 0;
    const matchN = this.match === null && prev !== null ? curN + prevN : 0;
    const all = Math.max(1, curN + prevN + matchN);
    const report = (from: number, width: number): ProgressCallback | undefined =>
      onProgress ? (p) => onProgress(Math.min(1, (from + p * width) / all)) : undefined;
    this.rules = rules.map((r) => ({ ...r }));
    this.weights = { ...weights };
    this.orders.clear();
    cur.scored = scoreRfm(cur.input, weights, this.rules, report(0, curN));
    if (prev) prev.scored = scoreRfm(prev.input, weights, this.rules, report(curN, prevN));
    if (prev && this.match === null) this.match = matchIds(prev.input.ids, cur.input.ids, report(curN + prevN, matchN));
    const transitions = this.transitions();
    const summary = this.summary();
    onProgress?.(1);
    return { summary, transitions };
  }

  /** The summary of this period. @throws Error before `score` */
  summary(): RfmSummary {
    const cur = this.loaded();
    return summariseRfm(cur.input, this.scoredOf(cur), this.rules);
  }

  /** Segment movement from the previous period (all "new" without one). @throws Error before `score` */
  transitions(): RfmTransitionTable {
    const cur = this.loaded();
    const curScored = this.scoredOf(cur);
    const prev = this.previous;
    const prevScored = prev ? this.scoredOf(prev) : { segment: new Int16Array(0) };
    this.match ??= prev ? matchIds(prev.input.ids, cur.input.ids) : new Int32Array(cur.input.ids.length).fill(-1);
    const t = transitionsOfMatch(this.match, prevScored.segment, curScored.segment, this.rules.length);
    return { ...t, labels: [...this.rules.map((r) => r.name), UNASSIGNED, NEW_OR_GONE] };
  }

  /** One page of this period's customer table. @throws Error before `score` */
  page(query: CustomerQuery = {}): CustomerPage {
    const cur = this.loaded();
    const scored = this.scoredOf(cur);
    return pageOfOrder(this.orderOf(cur, scored, query), cur.input.ids, scored, cur.input, this.rules, query);
  }

  /** CSV of this period's customers matching the query (all pages). @throws Error before `score` */
  csv(query: CustomerQuery = {}, options: CsvOptions = {}): string {
    const cur = this.loaded();
    const scored = this.scoredOf(cur);
    return csvOfOrder(this.orderOf(cur, scored, query), cur.input.ids, scored, cur.input, this.rules, options);
  }

  /** The weights and rules of the last `score`, or null before it. */
  scoring(): { weights: RfmWeights; rules: SegmentRule[] } | null {
    return this.weights ? { weights: { ...this.weights }, rules: this.rules.map((r) => ({ ...r })) } : null;
  }

  private loaded(): Period {
    if (!this.current) throw new Error("no customers loaded: call load first");
    return this.current;
  }

  private scoredOf(period: Period): ScoredCustomers {
    if (!period.scored) throw new Error("customers not scored: call score first");
    return period.scored;
  }

  private orderOf(period: Period, scored: ScoredCustomers, query: CustomerQuery): Uint32Array {
    const key = JSON.stringify([query.sortBy ?? "score", query.direction ?? "desc", (query.search ?? "").trim().toLowerCase(), query.segment ?? null]);
    const cached = this.orders.get(key);
    if (cached) {
      this.orders.delete(key);
      this.orders.set(key, cached); // most recent last
      return cached;
    }
    const order = customerOrder(period.input.ids, scored, period.input, this.rules, query);
    this.orders.set(key, order);
    if (this.orders.size > MAX_CACHED_ORDERS) this.orders.delete(this.orders.keys().next().value!);
    return order;
  }
}

/**
 * A fresh API object: the pure functions and the calls of one {@link RfmSession}. The worker
 * exposes {@link rfmApi}; tests make their own so their sessions do not meet.
 */
export function createRfmApi() {
  const session = new RfmSession();
  return {
    packCustomers,
    scoreRfm,
    summariseRfm,
    transitionMatrix,
    matchIds,
    customerPage,
    customersCsv,
    load: (current: CustomerInput, previous: CustomerInput | null): RfmLoaded => session.load(current, previous),
    score: (weights: RfmWeights, rules: readonly SegmentRule[], onProgress?: ProgressCallback): RfmResult => session.score(weights, rules, onProgress),
    summary: (): RfmSummary => session.summary(),
    transitions: (): RfmTransitionTable => session.transitions(),
    page: (query: CustomerQuery = {}): CustomerPage => session.page(query),
    csv: (query: CustomerQuery = {}, options: CsvOptions = {}): string => session.csv(query, options),
  };
}

/** The object `rfm.worker.ts` exposes over Comlink. */
export const rfmApi = createRfmApi();
export type RfmApi = ReturnType<typeof createRfmApi>;
