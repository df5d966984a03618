/**
 * The maths of the o2o page (issue 5), as plain functions on plain data: payload builders
 * (Bangkok day and month ranges in unix seconds), the 168-cell heatmap, the dwell-time
 * distribution and percent shares. Nothing here knows about Comlink, `self` or the DOM;
 * `o2o.worker.ts` exposes these functions, and the tests call them directly in Node.
 *
 * The heatmap and the distribution take typed arrays and allocate nothing per item: a year of
 * hourly data for 20 screens (~175,000 range-hours) is a few milliseconds (`npm run bench:o2o`).
 */
import type { DateTime } from "luxon";
import {
  BANGKOK_OFFSET_SECONDS, DAY_SECONDS, DWELL_BUCKETS, O2O_MAX_RANGES,
} from "../domain/o2oConstants";
import type { DurationCount, HourlyRange, UnixRange } from "../domain/o2o";
import { dayStart, defaultO2oRange } from "../domain/o2oRange";

export { defaultO2oRange };

const unix = (dt: DateTime): number => Math.floor(dt.toMillis() / 1000);
/** 00:00:00 of the day to 23:59:59 of the day `lastDay`. */
const span = (first: DateTime, lastDay: DateTime): UnixRange => ({ from: unix(first), to: unix(lastDay.endOf("day")) });

// ---------------------------------------------------------------------------------------------
// Payload builders

/**
 * One range per Bangkok calendar day from `startDate` to `endDate`, both included: 00:00:00 to
 * 23:59:59 +07:00, so `to - from` is always 86,399 (Bangkok has no DST).
 *
 * @throws RangeError when a date does not exist, the start is after the end, or there are more
 *   than {@link O2O_MAX_RANGES} days (one call cannot carry them)
 */
export function dayRanges(startDate: string, endDate: string): UnixRange[] {
  const from = unix(dayStart(startDate, "startDate"));
  const last = unix(dayStart(endDate, "endDate"));
  if (from > last) throw new RangeError(`startDate ${startDate} is after endDate ${endDate}`);
  const days = (last - from) / DAY_SECONDS + 1;
  if (days > O2O_MAX_RANGES) throw new RangeError(`at most ${O2O_MAX_RANGES} days per call, got ${days}`);
  const out: UnixRange[] = new Array(days);
  for (let i = 0; i < days; i++) out[i] = { from: from + i * DAY_SECONDS, to: from + (i + 1) * DAY_SECONDS - 1 };
  return out;
}

/**
 * The three monthly ranges of the demographic and conversion charts: the calendar months
 * ending with the month of `endDate` (March → January, February, March). Each runs from the
 * 1st 00:00:00 to its last day 23:59:59, but not past the end of `today`; a month that starts
 * after today is left out (it has no data yet), so there may be fewer than three.
 *
 * @param today - today's Bangkok day (YYYY-MM-DD), e.g. `bangkokDay(Date.now())`
 */
export function monthlyRanges(endDate: string, today: string): UnixRange[] {
  const end = dayStart(endDate, "endDate");
  const now = dayStart(today, "today");
  const out: UnixRange[] = [];
  for (let back = 2; back >= 0; back--) {
    const first = end.startOf("month").minus({ months: back });
    if (first > now) continue;
    const last = first.endOf("month").startOf("day");
    out.push(span(first, last < now ? last : now));
  }
  return out;
}

/**
 * The span of a custom-interval graph call: from `endDate` two calendar months back (same day
 * of the month, or the month's last day when it has fewer days: 30 April → 29 February 2024)
 * to the end of the month of `endDate`, not past the end of `today`.
 *
 * @param intervalSeconds - bucket length of the graph, one day by default
 * @throws RangeError when a date does not exist, or the span would start after today
 */
export function graphSpan(endDate: string, today: string, intervalSeconds = DAY_SECONDS): { from: number; to: number; interval: { unit: "custom"; seconds: number } } {
  const end = dayStart(endDate, "endDate");
  const now = dayStart(today, "today");
  const first = end.minus({ months: 2 });
  if (first > now) throw new RangeError(`the graph span starting ${first.toFormat("yyyy-MM-dd")} is after today ${today}`);
  const last = end.endOf("month").startOf("day");
  return { ...span(first, last < now ? last : now), interval: { unit: "custom", seconds: intervalSeconds } };
}

/**
 * The window of the views-dwell-time tab (spec §9): three calendar months ending at the end of
 * the month of `endDate` (1 January to 31 March for any end date in March), not past the end
 * of `today`.
 *
 * @throws RangeError when a date does not exist, or the window would start after today
 */
export function dwellWindow(endDate: string, today: string): UnixRange {
  const ranges = monthlyRanges(endDate, today);
  if (ranges.length === 0) throw new RangeError(`the dwell-time window of ${endDate} starts after today ${today}`);
  return { from: ranges[0]!.from, to: ranges[ranges.length - 1]!.to };
}

// ---------------------------------------------------------------------------------------------
// Heatmap

/**
 * Hourly figures packed for the worker: range `i` starts at `from[i]` (unix seconds, a Bangkok
 * midnight) and its hour `h` is `hours[i * 24 + h]`, NaN where the answer had null.
 * Several ranges may be the same day (one per screen or campaign); they add up.
 */
export interface HourlyInput {
  readonly from: Float64Array;
  readonly hours: Float64Array;
}

/** Packs decoded `ranges` with hours lists into {@link HourlyInput} (null → NaN). */
export function packHourly(ranges: ReadonlyArray<Pick<HourlyRange, "from" | "hours">>): HourlyInput {
  const n = ranges.length;
  const from = new Float64Array(n);
  const hours = new Float64Array(n * 24);
  for (let i = 0; i < n; i++) {
    const r = ranges[i]!;
    from[i] = r.from;
    const base = i * 24;
    for (let h = 0; h < 24; h++) {
      const v = r.hours[h];
      hours[base + h] = v === null || v === undefined ? Number.NaN : v;
    }
  }
  return { from, hours };
}

/**
 * The 168 cells of the heatmap: index `day * 24 + hour`, day 0 = Monday … 6 = Sunday, hour in
 * Bangkok time.
 * - `counts`: the sum over every input range of that weekday and hour; null where no
 *   measurement fell in the cell (no day of that weekday, or only nulls).
 * - `averages`: `counts` ÷ the number of distinct calendar days of that weekday in the input
 *   (so 20 screens on the same Monday count as one Monday); null where `counts` is null.
 * - `days`: how many distinct calendar days of each weekday the input had, Monday first.
 */
export interface Heatmap {
  readonly counts: (number | null)[];
  readonly averages: (number | null)[];
  readonly days: number[];
}

/** Monday-first weekday (0–6) of Bangkok day number `d` (days since 1970-01-01 in Bangkok, a Thursday). */
const weekdayOf = (d: number): number => (((d + 3) % 7) + 7) % 7;

/** Builds the 168-cell {@link Heatmap} from packed hourly ranges. */
export function heatmapCells(input: HourlyInput): Heatmap {
  const { from, hours } = input;
  const n = Math.min(from.length, Math.floor(hours.length / 24));
  const sums = new Float64Array(168);
  const measured = new Uint8Array(168);
  const days = [0, 0, 0, 0, 0, 0, 0];
  if (n > 0) {
    let minDay = Infinity;
    let maxDay = -Infinity;
    for (let i = 0; i < n; i++) {
      const d = Math.floor((from[i]! + BANGKOK_OFFSET_SECONDS) / DAY_SECONDS);
      if (d < minDay) minDay = d;
      if (d > maxDay) maxDay = d;
    }
    // One byte per calendar day between the first and the last: "was this day seen already".
    const seen = new Uint8Array(maxDay - minDay + 1);
    for (let i = 0; i < n; i++) {
      const d = Math.floor((from[i]! + BANGKOK_OFFSET_SECONDS) / DAY_SECONDS);
      const wd = weekdayOf(d);
      if (seen[d - minDay] === 0) {
        seen[d - minDay] = 1;
        days[wd]! += 1;
      }
      const cell = wd * 24;
      const base = i * 24;
      for (let h = 0; h < 24; h++) {
        const v = hours[base + h]!;
        if (v === v) { // not NaN
          sums[cell + h] = sums[cell + h]! + v;
          measured[cell + h] = 1;
        }
      }
    }
  }
  const counts: (number | null)[] = new Array(168);
  const averages: (number | null)[] = new Array(168);
  for (let c = 0; c < 168; c++) {
    const dayCount = days[Math.floor(c / 24)]!;
    if (measured[c] === 1 && dayCount > 0) {
      counts[c] = sums[c]!;
      averages[c] = sums[c]! / dayCount;
    } else {
      counts[c] = null;
      averages[c] = null;
    }
  }
  return { counts, averages, days };
}

/** {@link heatmapCells} straight from decoded `ranges` with hours lists. */
export function heatmapFromRanges(ranges: ReadonlyArray<Pick<HourlyRange, "from" | "hours">>): Heatmap {
  return heatmapCells(packHourly(ranges));
}

// ---------------------------------------------------------------------------------------------
// Dwell-time distribution

/** Value/count pairs packed for the worker: `values[i]` seconds, `counts[i]` people. */
export interface PairsInput {
  readonly values: Float64Array;
  readonly counts: Float64Array;
}

/** Packs decoded dwell-time pairs into {@link PairsInput}. */
export function packPairs(pairs: ReadonlyArray<DurationCount>): PairsInput {
  const values = new Float64Array(pairs.length);
  const counts = new Float64Array(pairs.length);
  for (let i = 0; i < pairs.length; i++) {
    values[i] = pairs[i]!.value;
    counts[i] = pairs[i]!.count;
  }
  return { values, counts };
}

/**
 * The dwell-time distribution: people per bucket of {@link DWELL_BUCKETS} (`min ≤ value < max`)
 * with their percent shares, the mean, and count-weighted order statistics. A percentile p is
 * the value of the ⌈p·N⌉-th person when all N people are sorted by seconds (nearest rank; the
 * median is p50, the lower middle person when N is even). Pairs with a negative or non-finite
 * value, or a count that is not positive, are left out. No people: every statistic is null.
 */
export interface Distribution {
  readonly total: number;
  readonly buckets: number[];
  readonly shares: (number | null)[];
  readonly mean: number | null;
  readonly median: number | null;
  readonly p25: number | null;
  readonly p75: number | null;
  readonly p90: number | null;
}

/** Sorts `keys` ascending and moves `vals` with them (in place; quicksort, insertion sort below 16). */
function sortPairs(keys: Float64Array, vals: Float64Array, lo: number, hi: number): void {
  while (hi - lo > 16) {
    const mid = (lo + hi) >>> 1;
    // Median of three as the pivot keeps sorted and reversed inputs at n log n.
    const a = keys[lo]!, b = keys[mid]!, c = keys[hi]!;
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : (a < c ? a : b < c ? c : b);
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (keys[i]! < pivot) i++;
      while (keys[j]! > pivot) j--;
      if (i <= j) {
        const k = keys[i]!; keys[i] = keys[j]!; keys[j] = k;
        const v = vals[i]!; vals[i] = vals[j]!; vals[j] = v;
        i++;
        j--;
      }
    }
    // Recurse into the smaller side, loop on the larger: the stack stays O(log n).
    if (j - lo < hi - i) {
      sortPairs(keys, vals, lo, j);
      lo = i;
    } else {
      sortPairs(keys, vals, i, hi);
      hi = j;
    }
  }
  for (let i = lo + 1; i <= hi; i++) {
    const k = keys[i]!;
    const v = vals[i]!;
    let j = i - 1;
    while (j >= lo && keys[j]! > k) {
      keys[j + 1] = keys[j]!;
      vals[j + 1] = vals[j]!;
      j--;
    }
    keys[j + 1] = k;
    vals[j + 1] = v;
  }
}

/** Bins of the selection in {@link weightedRanks}. */
const SELECT_BINS = 4096;

/**
 * The value of the ⌈pct·total/100⌉-th person for each percent (ascending), from the first `m`
 * pairs of `keys` (seconds) and `weights` (people). Exact, without sorting everything: the
 * pairs are counted into bins of equal width between the smallest and the largest value (the
 * bin of a value never decreases with the value), the cumulative counts name the bin holding
 * each rank, and only the pairs of those few bins are sorted. Data piled into one bin falls back
 * to sorting that bin, which is still exact. `keys` and `weights` may be reordered.
 */
function weightedRanks(keys: Float64Array, weights: Float64Array, m: number, total: number, percents: readonly number[]): number[] {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < m; i++) {
    const v = keys[i]!;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (lo === hi) return percents.map(() => lo);
  const scale = SELECT_BINS / (hi - lo);
  const binOf = (v: number) => Math.min(SELECT_BINS - 1, Math.floor((v - lo) * scale));
  const binWeight = new Float64Array(SELECT_BINS);
  const binItems = new Int32Array(SELECT_BINS);
  for (let i = 0; i < m; i++) {
    const b = binOf(keys[i]!);
    binWeight[b] = binWeight[b]! + weights[i]!;
    binItems[b]! += 1;
  }
  // For each percent: its rank, the bin holding it, and the rank inside that bin.
  const targetBin: number[] = [];
  const rankInBin: number[] = [];
  let b = 0;
  let before = 0;
  for (const pct of percents) {
    const rank = Math.max(1, Math.ceil((pct * total) / 100));
    while (b < SELECT_BINS - 1 && before + binWeight[b]! < rank) before += binWeight[b++]!;
    targetBin.push(b);
    rankInBin.push(rank - before);
  }
  // Gather the pairs of the target bins (at most one slot per percent) and sort each slot.
  const slotOfBin = new Int8Array(SELECT_BINS).fill(-1);
  const slotStart: number[] = [];
  let size = 0;
  for (const tb of targetBin) {
    if (slotOfBin[tb] !== -1) continue;
    slotOfBin[tb] = slotStart.length;
    slotStart.push(size);
    size += binItems[tb]!;
  }
  const gatheredKeys = new Float64Array(size);
  const gatheredWeights = new Float64Array(size);
  const fill = slotStart.slice();
  for (let i = 0; i < m; i++) {
    const slot = slotOfBin[binOf(keys[i]!)]!;
    if (slot === -1) continue;
    const at = fill[slot]!++;
    gatheredKeys[at] = keys[i]!;
    gatheredWeights[at] = weights[i]!;
  }
  for (let s = 0; s < slotStart.length; s++) {
    sortPairs(gatheredKeys, gatheredWeights, slotStart[s]!, (slotStart[s + 1] ?? size) - 1);
  }
  return percents.map((_, k) => {
    const slot = slotOfBin[targetBin[k]!]!;
    const end = slotStart[slot + 1] ?? size;
    let running = 0;
    for (let i = slotStart[slot]!; i < end; i++) {
      running += gatheredWeights[i]!;
      if (running >= rankInBin[k]!) return gatheredKeys[i]!;
    }
    return gatheredKeys[end - 1]!; // only reached through rounding of non-integer counts
  });
}

const bucketOf = (v: number): number => (v < 5 ? 0 : v < 15 ? 1 : v < 30 ? 2 : v < 60 ? 3 : 4);

/** The {@link Distribution} of packed value/count pairs; the input arrays are left unchanged. */
export function dwellDistribution(input: PairsInput): Distribution {
  const n = Math.min(input.values.length, input.counts.length);
  const keys = new Float64Array(n);
  const weights = new Float64Array(n);
  const buckets = DWELL_BUCKETS.map(() => 0);
  let m = 0;
  let total = 0;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const v = input.values[i]!;
    const c = input.counts[i]!;
    if (!(v >= 0 && v < Infinity && c > 0 && c < Infinity)) continue;
    keys[m] = v;
    weights[m] = c;
    m++;
    total += c;
    sum += v * c;
    buckets[bucketOf(v)]! += c;
  }
  if (total === 0) {
    return { total: 0, buckets, shares: buckets.map(() => null), mean: null, median: null, p25: null, p75: null, p90: null };
  }
  const [p25, median, p75, p90] = weightedRanks(keys, weights, m, total, [25, 50, 75, 90]);
  return {
    total,
    buckets,
    shares: percentShares(buckets),
    mean: sum / total,
    p25: p25!,
    median: median!,
    p75: p75!,
    p90: p90!,
  };
}

/** {@link dwellDistribution} straight from decoded value/count pairs. */
export function dwellDistributionFromPairs(pairs: ReadonlyArray<DurationCount>): Distribution {
  return dwellDistribution(packPairs(pairs));
}

// ---------------------------------------------------------------------------------------------
// Percent shares

/**
 * Each total's share of their sum, in percent with one decimal, adding up to exactly 100.0:
 * every share is rounded down to a tenth, and the tenths still missing go one each to the
 * largest remainders (ties: the earlier entry first).
 * - null entries (not measured) have a null share and do not count towards the sum;
 * - when the sum is 0 (or nothing was measured) every share is null: there is no share of nothing;
 * - an empty list gives an empty list.
 *
 * @throws RangeError on a negative or non-finite total
 */
export function percentShares(totals: ReadonlyArray<number | null>): (number | null)[] {
  let sum = 0;
  for (const t of totals) {
    if (t === null) continue;
    if (!(t >= 0 && t < Infinity)) throw new RangeError(`a total must be a finite number ≥ 0, got ${t}`);
    sum += t;
  }
  if (sum === 0) return totals.map(() => null);
  const tenths: (number | null)[] = new Array(totals.length);
  const rest: number[] = new Array(totals.length);
  let given = 0;
  for (let i = 0; i < totals.length; i++) {
    const t = totals[i]!;
    if (t === null) {
      tenths[i] = null;
      rest[i] = -1;
      continue;
    }
    const exact = (t * 1000) / sum;
    const floor = Math.floor(exact);
    tenths[i] = floor;
    rest[i] = exact - floor;
    given += floor;
  }
  const order = rest.map((_, i) => i).filter((i) => tenths[i] !== null);
  order.sort((a, b) => rest[b]! - rest[a]! || a - b);
  for (let k = 0; k < 1000 - given && k < order.length; k++) tenths[order[k]!] = tenths[order[k]!]! + 1;
  return tenths.map((t) => (t === null ? null : t / 10));
}

/**
 * Views conversion per entry, in percent: `views[i] ÷ shows[i] × 100`. null where either is not
 * measured or there were no shows (a conversion of nobody is not 0 %).
 *
 * @throws RangeError when the lists differ in length
 */
export function conversionPercents(views: ReadonlyArray<number | null>, shows: ReadonlyArray<number | null>): (number | null)[] {
  if (views.length !== shows.length) throw new RangeError(`views (${views.length}) and shows (${shows.length}) must be as long`);
  const out: (number | null)[] = new Array(views.length);
  for (let i = 0; i < views.length; i++) {
    const v = views[i]!;
    const s = shows[i]!;
    out[i] = v === null || s === null || s === 0 ? null : (v * 100) / s;
  }
  return out;
}

/**
 * What the o2o worker exposes (`o2o.worker.ts`): every function above. Kept here, not in the
 * entry file, so that tests can expose it over a `MessageChannel` without a worker's `self`.
 */
export const o2oApi = {
  dayRanges,
  monthlyRanges,
  graphSpan,
  dwellWindow,
  defaultO2oRange,
  heatmapCells,
  heatmapFromRanges,
  dwellDistribution,
  dwellDistributionFromPairs,
  percentShares,
  conversionPercents,
};
