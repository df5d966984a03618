import { describe, expect, it, vi } from "vitest";
import { defaultSegmentRules, UNASSIGNED, type RfmWeights, type SegmentRule } from "../../domain/rfm";
import {
  NEW_OR_GONE, RfmSession, argsortNonNegative, csvField, customerOrder, customerPage, customersCsv, matchIds, packCustomers,
  quintileScores, scoreRfm, segmentTable, summariseRfm, tieGroupScores, transitionMatrix, type PackedCustomers,
} from "../../workers/rfm";

const THIRDS: RfmWeights = { recency: 1 / 3, frequency: 1 / 3, monetary: 1 / 3 };

/** Customers c0, c1, … with the given columns (frequency and monetary default to the recency pattern). */
function customers(recencyDays: number[], frequency?: number[], monetary?: number[], ids?: string[]): PackedCustomers {
  return packCustomers({
    ids: ids ?? recencyDays.map((_, i) => `c${i}`),
    recencyDays,
    frequency: frequency ?? recencyDays.map(() => 1),
    monetary: monetary ?? recencyDays.map(() => 100),
  });
}

const scoresOf = (values: number[], higherIsBetter = true, float = false): number[] => {
  const out = new Uint8Array(values.length);
  quintileScores(float ? Float64Array.from(values) : Int32Array.from(values), higherIsBetter, out);
  return Array.from(out);
};

/**
 * The scores of tie groups by trying every choice of cuts: four different gaps when there are
 * four or more (else every gap, the rest repeating a gap or at n), the least summed distance to
 * ⌈j·n/5⌉, equal sums to the later cuts compared from the last one.
 */
function exhaustiveScores(counts: number[]): number[] {
  const n = counts.reduce((a, b) => a + b, 0);
  const gaps: number[] = [];
  counts.slice(0, -1).reduce((acc, c) => (gaps.push(acc + c), acc + c), 0);
  const ideal = [1, 2, 3, 4].map((j) => Math.ceil((j * n) / 5));
  const places = gaps.length >= 4 ? gaps : [...gaps, n];
  let best: number[] | null = null;
  let bestCost = Infinity;
  const pick = (from: number, cuts: number[]) => {
    if (cuts.length === 4) {
      if (gaps.length < 4 && !gaps.every((gap) => cuts.includes(gap))) return;
      const cost = cuts.reduce((a, c, j) => a + Math.abs(c - ideal[j]!), 0);
      const later = best !== null && cost === bestCost && (() => {
        for (let j = 3; j >= 0; j--) if (cuts[j] !== best[j]) return cuts[j]! > best[j]!;
        return false;
      })();
      if (cost < bestCost || later) {
        bestCost = cost;
        best = [...cuts];
      }
      return;
    }
    // four different gaps, or (fewer than four) repeats allowed
    for (let k = from; k < places.length; k++) pick(gaps.length >= 4 ? k + 1 : k, [...cuts, places[k]!]);
  };
  pick(0, []);
  const scores: number[] = [];
  let before = 0;
  for (const c of counts) {
    scores.push(1 + best!.filter((cut) => cut <= before).length);
    before += c;
  }
  return scores;
}

const rule = (name: string, rank: number, r: [number, number] = [1, 5], f: [number, number] = [1, 5], m: [number, number] = [1, 5]): SegmentRule =>
  ({ name, rank, bounds: { recency: r, frequency: f, monetary: m }, source: "template" });

describe("quintile scores (cuts between different values, nearest the exact fifths)", () => {
  it.each([
    { behaviour: "a single customer gets 1", values: [7], expected: [1] },
    { behaviour: "two customers get 1 and 3", values: [1, 9], expected: [1, 3] },
    { behaviour: "three customers get 1, 2, 4", values: [5, 1, 9], expected: [2, 1, 4] },
    { behaviour: "four customers get 1, 2, 3, 4", values: [1, 2, 3, 4], expected: [1, 2, 3, 4] },
    { behaviour: "five distinct customers get 1..5", values: [50, 10, 40, 20, 30], expected: [5, 1, 4, 2, 3] },
    { behaviour: "ten distinct customers: two per score", values: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], expected: [1, 1, 2, 2, 3, 3, 4, 4, 5, 5] },
    { behaviour: "seven customers: 1 + ⌊5i/7⌋", values: [1, 2, 3, 4, 5, 6, 7], expected: [1, 1, 2, 3, 3, 4, 5] },
    { behaviour: "all identical: all 1", values: [4, 4, 4, 4, 4, 4], expected: [1, 1, 1, 1, 1, 1] },
    { behaviour: "two identical customers: both 1", values: [2, 2], expected: [1, 1] },
    { behaviour: "ties get one score", values: [1, 1, 1, 2, 3, 4, 5, 6, 7, 8], expected: [1, 1, 1, 2, 3, 3, 4, 4, 5, 5] },
    { behaviour: "a tie group across a quintile boundary takes the score nearest its fifths, and no score is skipped", values: [1, 2, 2, 2, 2, 3, 4, 5, 6, 7], expected: [1, 2, 2, 2, 2, 3, 4, 4, 5, 5] },
    { behaviour: "the lowest group is 1 however large; four values get four scores (60 % one-off buyers: F 1, 3, 4, 5)", values: [1, 1, 1, 1, 1, 1, 2, 2, 3, 9], expected: [1, 1, 1, 1, 1, 1, 3, 3, 4, 5] },
    { behaviour: "the top tie group gets 5", values: [1, 2, 3, 4, 5, 6, 7, 9, 9, 9], expected: [1, 1, 2, 2, 3, 3, 4, 5, 5, 5] },
    { behaviour: "zeros are values like others", values: [0, 0, 0, 5, 5, 5, 7, 8, 9, 10], expected: [1, 1, 1, 2, 2, 2, 3, 4, 5, 5] },
  ])("$behaviour", ({ values, expected }) => {
    expect(scoresOf(values)).toEqual(expected);
    expect(scoresOf(values, true, true)).toEqual(expected); // the float path (monetary) agrees
  });

  it.each([
    { behaviour: "fewer days is better: the most recent gets 5", values: [0, 10, 20, 30, 40], expected: [5, 4, 3, 2, 1] },
    { behaviour: "recency ties share one score", values: [0, 0, 0, 30, 40], expected: [4, 4, 4, 2, 1] },
    { behaviour: "one customer's recency is 1", values: [12], expected: [1] },
    { behaviour: "two customers: recent 3, older 1", values: [1, 90], expected: [3, 1] },
    { behaviour: "all on the same day: all 1", values: [4, 4, 4], expected: [1, 1, 1] },
  ])("recency: $behaviour", ({ values, expected }) => {
    expect(scoresOf(values, false)).toEqual(expected);
    expect(scoresOf(values, false, true)).toEqual(expected);
  });

  it.each([
    { behaviour: "a month of one brand's orders (74 % one-off): 1, 2, 3, 4 and 5 orders get F 1 to 5", counts: [1905, 576, 76, 12, 1], expected: [1, 2, 3, 4, 5] },
    { behaviour: "a quarter: 1, 2, 3 and 4 orders, then 5 or more share F 5", counts: [1742, 880, 729, 448, 230, 121, 52, 11, 5, 4], expected: [1, 2, 3, 4, 5, 5, 5, 5, 5, 5] },
    { behaviour: "a week of recency days, ~14 % each: the most recent day gets 5", counts: [40, 38, 41, 39, 40, 33, 40], expected: [1, 2, 2, 3, 4, 4, 5] },
    { behaviour: "a middle group of 80 % scores 3", counts: [1, 8, 1], expected: [1, 3, 5] },
    { behaviour: "two groups, 99 % and 1 %", counts: [660, 5], expected: [1, 5] },
    { behaviour: "no groups", counts: [], expected: [] },
  ])("tieGroupScores: $behaviour", ({ counts, expected }) => {
    expect(Array.from(tieGroupScores(counts))).toEqual(expected);
  });

  it("is the classic 1 + ⌊5i/n⌋ for distinct values, n = 1..200", () => {
    for (let n = 1; n <= 200; n++) {
      expect(Array.from(tieGroupScores(new Array<number>(n).fill(1))), `n = ${n}`).toEqual(Array.from({ length: n }, (_, i) => 1 + Math.floor((5 * i) / n)));
    }
  });

  it("places the cuts where an exhaustive search over every choice of gaps does (random tie groups)", () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    // 400 inputs of 1..14 groups, then 60 of 15..30 (where only the gaps near the fifths are tried)
    for (let trial = 0; trial < 460; trial++) {
      const g = trial < 400 ? 1 + Math.floor(rnd() * 14) : 15 + Math.floor(rnd() * 16);
      const counts = Array.from({ length: g }, () => 1 + Math.floor(rnd() ** 3 * (rnd() < 0.2 ? 200 : 12)));
      expect(Array.from(tieGroupScores(counts)), JSON.stringify(counts)).toEqual(exhaustiveScores(counts));
    }
  });

  it("keeps ties together and the order of values, starts at 1, gives each of up to five values its own score, and uses every score with more", () => {
    let seed = 11;
    const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let trial = 0; trial < 200; trial++) {
      const n = 1 + Math.floor(rnd() * 300);
      const values = Array.from({ length: n }, () => Math.floor(rnd() ** 4 * 30));
      const scores = scoresOf(values);
      const byValue = new Map<number, Set<number>>();
      values.forEach((v, i) => byValue.set(v, (byValue.get(v) ?? new Set()).add(scores[i]!)));
      const sorted = [...byValue.keys()].sort((a, b) => a - b);
      expect(sorted.every((v) => byValue.get(v)!.size === 1)).toBe(true);
      const groupScores = sorted.map((v) => [...byValue.get(v)!][0]!);
      expect(groupScores[0]).toBe(1);
      // never decreasing; fewer than five values: each its own score; five or more: every score used
      expect(groupScores.every((s, i) => i === 0 || s >= groupScores[i - 1]!)).toBe(true);
      expect(new Set(groupScores).size).toBe(Math.min(5, sorted.length));
    }
  });

  it("handles wide whole-number spans (sorted, not counted) and money with decimals", () => {
    expect(scoresOf([0, 2_000_000_000, 5, 1_000_000, 7])).toEqual([1, 5, 2, 4, 3]);
    expect(scoresOf([0.1, 0.2, 0.3, 1e9, 12.34], true, true)).toEqual([1, 2, 3, 5, 4]);
    expect(scoresOf([0, 2_000_000_000, 5, 1_000_000, 7], false)).toEqual([5, 1, 4, 2, 3]);
  });

  it("scores nothing for no customers", () => {
    expect(scoresOf([])).toEqual([]);
    const s = scoreRfm(customers([]), THIRDS, defaultSegmentRules());
    expect(s.r.length + s.segment.length).toBe(0);
  });
});

describe("argsortNonNegative", () => {
  it.each([
    { keys: [3, 1, 2, 1, 0], desc: false, expected: [4, 1, 3, 2, 0] },
    { keys: [3, 1, 2, 1, 0], desc: true, expected: [0, 2, 1, 3, 4] },
    { keys: [0.5, 1e300, 1e-300, 0, 123456.78], desc: false, expected: [3, 2, 0, 4, 1] },
    { keys: [5, 5, 5], desc: true, expected: [0, 1, 2] },
    { keys: [], desc: false, expected: [] },
  ])("orders $keys (desc $desc), equal keys by position", ({ keys, desc, expected }) => {
    expect(Array.from(argsortNonNegative(Float64Array.from(keys), desc))).toEqual(expected);
  });

  it("agrees with a comparator sort on 20,000 random keys", () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const keys = Float64Array.from({ length: 20_000 }, () => Math.round(rnd() * rnd() * 1e6) / 100);
    const expected = Array.from(keys.keys()).sort((a, b) => keys[a]! - keys[b]! || a - b);
    expect(Array.from(argsortNonNegative(keys, false))).toEqual(expected);
  });
});

describe("scoreRfm", () => {
  it.each([
    { behaviour: "equal thirds", weights: THIRDS, expected: [(5 + 1 + 1) / 3, (1 + 5 + 1) / 3] },
    { behaviour: "recency only", weights: { recency: 1, frequency: 0, monetary: 0 }, expected: [5, 1] },
    { behaviour: "0.5/0.3/0.2", weights: { recency: 0.5, frequency: 0.3, monetary: 0.2 }, expected: [5 * 0.5 + 1 * 0.3 + 1 * 0.2, 1 * 0.5 + 5 * 0.3 + 1 * 0.2] },
  ])("weights the scores: $behaviour", ({ weights, expected }) => {
    // 5 customers so R and F spread 1..5; c0 most recent but fewest orders, c4 the opposite
    const input = customers([0, 10, 20, 30, 40], [1, 2, 3, 4, 5], [100, 100, 100, 100, 100]);
    const s = scoreRfm(input, weights, defaultSegmentRules());
    expect(Array.from(s.r)).toEqual([5, 4, 3, 2, 1]);
    expect(Array.from(s.f)).toEqual([1, 2, 3, 4, 5]);
    expect(Array.from(s.m)).toEqual([1, 1, 1, 1, 1]); // all equal
    expect(s.score[0]).toBeCloseTo(expected[0]!, 5);
    expect(s.score[4]).toBeCloseTo(expected[1]!, 5);
  });

  it("gives a single customer R F M 1 and so Hibernating with the default segments", () => {
    const rules = defaultSegmentRules();
    const s = scoreRfm(customers([5], [2], [300]), THIRDS, rules);
    expect([s.r[0], s.f[0], s.m[0], s.score[0]]).toEqual([1, 1, 1, 1]);
    expect(rules[s.segment[0]!]!.name).toBe("Hibernating");
  });

  it("keeps one-off buyers at F 1, so New Customers and Promising are reachable", () => {
    // 7 of 10 bought once; the recent ones are New Customers (R5 F1) or Promising (R4 F1)
    const rules = defaultSegmentRules();
    const s = scoreRfm(customers([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 1, 1, 1, 1, 1, 1, 2, 3, 4]), THIRDS, rules);
    expect(Array.from(s.f)).toEqual([1, 1, 1, 1, 1, 1, 1, 3, 4, 5]);
    expect(Array.from(s.segment, (i) => rules[i]?.name ?? UNASSIGNED).slice(0, 4)).toEqual(["New Customers", "New Customers", "Promising", "Promising"]);
  });

  it("gives all-identical customers the same scores and segment", () => {
    const s = scoreRfm(customers([3, 3, 3, 3], [2, 2, 2, 2], [50, 50, 50, 50]), THIRDS, [rule("everyone", 1)]);
    expect(new Set(Array.from(s.r)).size + new Set(Array.from(s.f)).size + new Set(Array.from(s.m)).size).toBe(3);
    expect(Array.from(s.segment)).toEqual([0, 0, 0, 0]);
  });

  it("assigns the highest-ranked matching segment where ranges overlap", () => {
    const rules = [rule("broad", 1, [1, 5]), rule("recent", 5, [4, 5]), rule("very recent", 9, [5, 5])];
    const s = scoreRfm(customers([0, 10, 20, 30, 40]), THIRDS, rules);
    expect(Array.from(s.segment)).toEqual([2, 1, 0, 0, 0]);
  });

  it("leaves customers no segment matches Unassigned (-1)", () => {
    const s = scoreRfm(customers([0, 10, 20, 30, 40]), THIRDS, [rule("recent", 5, [4, 5]), { name: "VIP", rank: 99, bounds: null, source: "none" }]);
    expect(Array.from(s.segment)).toEqual([0, 0, -1, -1, -1]);
  });

  it("looks segments up in a 125-cell table equal to segmentIndexOf", () => {
    const table = segmentTable(defaultSegmentRules());
    expect(table[(5 - 1) * 25 + (5 - 1) * 5]).toBe(0); // R5 F5 M1 Champions
    expect(table[(3 - 1) * 25 + (3 - 1) * 5 + 2]).toBe(-1); // R3 F3 M3
  });

  it("reports progress from 0 to 1 a few times", () => {
    const progress = vi.fn();
    scoreRfm(customers([1, 2, 3]), THIRDS, [], progress);
    const values = progress.mock.calls.map((c) => c[0] as number);
    expect(values[0]).toBe(0);
    expect(values.at(-1)).toBe(1);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(values.length).toBeLessThanOrEqual(10);
  });
});

describe("packCustomers", () => {
  it.each([
    { behaviour: "columns of different lengths", columns: { ids: ["a", "b"], recencyDays: [1], frequency: [1, 1], monetary: [1, 1] }, error: /one value per customer/ },
    { behaviour: "a fractional recency", columns: { ids: ["a"], recencyDays: [1.5], frequency: [1], monetary: [1] }, error: /recencyDays\[0\]/ },
    { behaviour: "a negative frequency", columns: { ids: ["a"], recencyDays: [1], frequency: [-1], monetary: [1] }, error: /frequency\[0\]/ },
    { behaviour: "a NaN monetary", columns: { ids: ["a"], recencyDays: [1], frequency: [1], monetary: [Number.NaN] }, error: /monetary\[0\]/ },
  ])("refuses $behaviour", ({ columns, error }) => {
    expect(() => packCustomers(columns)).toThrow(error);
  });

  it("packs into typed arrays, keeping the ids", () => {
    const p = packCustomers({ ids: ["a"], recencyDays: [3], frequency: [2], monetary: [-0] });
    expect(p.recencyDays).toBeInstanceOf(Int32Array);
    expect(p.frequency).toBeInstanceOf(Int32Array);
    expect(p.monetary).toBeInstanceOf(Float64Array);
    expect(Object.is(p.monetary[0], 0)).toBe(true);
    expect(p.ids).toEqual(["a"]);
  });
});

describe("summariseRfm", () => {
  // 10 customers: recency 0..9 → R 5,5,4,4,3,3,2,2,1,1; frequency 1..10 reversed → F 5,5,4,4,...
  const input = customers([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [10, 9, 8, 7, 6, 5, 4, 3, 2, 1], [100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]);
  const rules = defaultSegmentRules();
  const scored = scoreRfm(input, THIRDS, rules);
  const summary = summariseRfm(input, scored, rules);

  it("counts segment sizes and revenue, Unassigned included (R 3 F 3 with the defaults)", () => {
    const byName = Object.fromEntries(summary.segments.map((s) => [s.name, [s.customers, s.revenue]]));
    expect(byName).toEqual({
      "Champions": [2, 300], "Loyal Customers": [2, 700], "Potential Loyallists": [0, 0], "New Customers": [0, 0],
      "Promising": [0, 0], "About To Sleep": [0, 0], "Can't Lose Them": [0, 0], "At Risk": [0, 0], "Hibernating": [4, 3400],
      [UNASSIGNED]: [2, 1100],
    });
    expect(summary.segments.at(-1)).toMatchObject({ index: -1, name: UNASSIGNED, rank: null, source: "unassigned" });
    expect(summary.segments.reduce((a, s) => a + s.customers, 0)).toBe(10);
    expect(summary.segments.reduce((a, s) => a + s.revenueShare, 0)).toBeCloseTo(1, 12);
    expect(summary.customers).toBe(10);
    expect(summary.revenue).toBe(5500);
  });

  it("fills the 5×5 R×F grid with counts and mean monetary", () => {
    expect(summary.grid.counts.reduce((a, c) => a + c, 0)).toBe(10);
    expect(summary.grid.counts[(5 - 1) * 5 + (5 - 1)]).toBe(2); // R5 F5
    expect(summary.grid.meanMonetary[(5 - 1) * 5 + (5 - 1)]).toBe(150);
    expect(summary.grid.meanMonetary[0 * 5 + 4]).toBeNull(); // R1 F5: empty
  });

  it("gives means and score counts", () => {
    expect(summary.mean).toMatchObject({ recencyDays: 4.5, frequency: 5.5, monetary: 550, r: 3, f: 3, m: 3 });
    expect(summary.scoreCounts.r).toEqual([2, 2, 2, 2, 2]);
  });

  it("has null means and zero shares without customers", () => {
    const empty = customers([]);
    const s = summariseRfm(empty, scoreRfm(empty, THIRDS, rules), rules);
    expect(s.mean.score).toBeNull();
    expect(s.segments.every((x) => x.customers === 0 && x.customerShare === 0 && x.meanScore === null)).toBe(true);
    expect(s.segments).toHaveLength(10);
  });
});

describe("transitionMatrix", () => {
  it("counts moves between segments, new and gone customers", () => {
    // 2 rules: index 0, 1; 2 = Unassigned; 3 = new (row) / gone (column)
    const prevIds = ["a", "b", "c", "d"];
    const prevSeg = Int16Array.from([0, 1, -1, 0]);
    const curIds = ["b", "a", "e", "c", "f"];
    const curSeg = Int16Array.from([0, 0, 1, 1, -1]);
    const t = transitionMatrix(prevIds, prevSeg, curIds, curSeg, 2);
    expect(t.size).toBe(4);
    expect(t.counts).toEqual([
      [1, 0, 0, 1], // a 0→0, d 0→gone
      [1, 0, 0, 0], // b 1→0
      [0, 1, 0, 0], // c Unassigned→1
      [0, 1, 1, 0], // e new→1, f new→Unassigned
    ]);
    expect([t.retained, t.new, t.gone]).toEqual([3, 2, 1]);
  });

  it.each([
    { behaviour: "ids found and not found", prev: ["a", "b", "c"], cur: ["c", "x", "a"], expected: [2, -1, 0] },
    { behaviour: "Thai ids and ids with commas and quotes", prev: ["ลูกค้า", 'a,"b"', "C1"], cur: ['a,"b"', "ลูกค้า", "c1"], expected: [1, 0, -1] },
    { behaviour: "no previous customers", prev: [], cur: ["a"], expected: [-1] },
    { behaviour: "an id repeated in the previous period matches its last entry", prev: ["a", "b", "a"], cur: ["a"], expected: [2] },
  ])("matchIds: $behaviour", ({ prev, cur, expected }) => {
    expect(Array.from(matchIds(prev, cur))).toEqual(expected);
  });

  it("matchIds agrees with a Map on 50,000 ids (hash collisions included)", () => {
    const prev = Array.from({ length: 50_000 }, (_, i) => `u${(i * 7919) % 100_003}`);
    const cur = Array.from({ length: 50_000 }, (_, i) => `u${(i * 104_729) % 100_003}`);
    const index = new Map(prev.map((id, i) => [id, i]));
    expect(Array.from(matchIds(prev, cur))).toEqual(cur.map((id) => index.get(id) ?? -1));
  });

  it("makes everyone new without a previous period, and gone without a current one", () => {
    expect(transitionMatrix([], new Int16Array(0), ["a"], Int16Array.from([0]), 1).counts).toEqual([[0, 0, 0], [0, 0, 0], [1, 0, 0]]);
    expect(transitionMatrix(["a"], Int16Array.from([-1]), [], new Int16Array(0), 1).counts).toEqual([[0, 0, 0], [0, 0, 1], [0, 0, 0]]);
  });
});

describe("customer table", () => {
  const ids = ["C10", "c2", "ลูกค้า-1", "C1", "x,y", "c3"];
  const input = customers([5, 1, 0, 3, 9, 1], [1, 2, 3, 1, 1, 2], [50, 20.5, 999, 50, 0, 7], ids);
  const rules = [rule("recent", 2, [4, 5]), rule("old", 1, [1, 2])];
  const scored = scoreRfm(input, THIRDS, rules);
  const order = (q: Parameters<typeof customerOrder>[4]) => Array.from(customerOrder(ids, scored, input, rules, q), (i) => ids[i]);

  it.each([
    { behaviour: "monetary descending, ties by input order", query: { sortBy: "monetary", direction: "desc" }, expected: ["ลูกค้า-1", "C10", "C1", "c2", "c3", "x,y"] },
    { behaviour: "monetary ascending, ties by input order", query: { sortBy: "monetary", direction: "asc" }, expected: ["x,y", "c3", "c2", "C10", "C1", "ลูกค้า-1"] },
    { behaviour: "recency days ascending", query: { sortBy: "recencyDays", direction: "asc" }, expected: ["ลูกค้า-1", "c2", "c3", "C1", "C10", "x,y"] },
    { behaviour: "id in code-unit order", query: { sortBy: "id", direction: "asc" }, expected: ["C1", "C10", "c2", "c3", "x,y", "ลูกค้า-1"] },
    { behaviour: "id descending", query: { sortBy: "id", direction: "desc" }, expected: ["ลูกค้า-1", "x,y", "c3", "c2", "C10", "C1"] },
    { behaviour: "search is a case-insensitive id substring", query: { sortBy: "id", direction: "asc", search: " c1 " }, expected: ["C1", "C10"] },
    { behaviour: "search in Thai", query: { search: "ลูกค้า" }, expected: ["ลูกค้า-1"] },
    { behaviour: "search matching nobody", query: { search: "zzz" }, expected: [] },
    { behaviour: "the segment filter, Unassigned = -1", query: { segment: -1, sortBy: "id", direction: "asc" } },
  ] as const)("sorts and filters: $behaviour", ({ query, expected }) => {
    const got = order(query);
    if (expected) expect(got).toEqual(expected);
    else expect(got.every((id) => scored.segment[ids.indexOf(id!)] === -1)).toBe(true);
  });

  it("sorts by segment rank with Unassigned last when descending, and by score", () => {
    const rankOf = (s: number) => (s === -1 ? -1 : rules[s]!.rank);
    const bySegment = order({ sortBy: "segment" }).map((id) => scored.segment[ids.indexOf(id!)]!);
    expect(new Set(bySegment).size).toBe(3); // both rules and Unassigned occur
    expect(bySegment).toEqual([...bySegment].sort((a, b) => rankOf(b) - rankOf(a)));
    expect(order({ sortBy: "segment", direction: "asc" }).map((id) => scored.segment[ids.indexOf(id!)]!)[0]).toBe(-1);
    const byScore = order({}).map((id) => scored.score[ids.indexOf(id!)]!);
    expect(byScore).toEqual([...byScore].sort((a, b) => b - a));
  });

  it.each([
    { query: { page: 0, pageSize: 4 }, rows: 4, page: 0, pageCount: 2 },
    { query: { page: 1, pageSize: 4 }, rows: 2, page: 1, pageCount: 2 },
    { query: { page: 9, pageSize: 4 }, rows: 2, page: 1, pageCount: 2 },
    { query: { page: -3, pageSize: 0 }, rows: 1, page: 0, pageCount: 6 },
    { query: { search: "zzz" }, rows: 0, page: 0, pageCount: 1 },
  ])("pages: $query", ({ query, rows, page, pageCount }) => {
    const p = customerPage(ids, scored, input, rules, query);
    expect([p.rows.length, p.page, p.pageCount]).toEqual([rows, page, pageCount]);
    expect(p.total).toBe(query.search ? 0 : 6);
  });

  it("gives rows with measures, scores and the segment name", () => {
    const [row] = customerPage(ids, scored, input, rules, { sortBy: "monetary", pageSize: 1 }).rows;
    const i = 2;
    expect(row).toEqual({
      id: "ลูกค้า-1", recencyDays: 0, frequency: 3, monetary: 999, r: scored.r[i], f: scored.f[i], m: scored.m[i],
      score: scored.score[i], segmentIndex: scored.segment[i], segment: scored.segment[i] === -1 ? UNASSIGNED : rules[scored.segment[i]!]!.name,
    });
  });
});

describe("CSV", () => {
  it.each([
    { text: "C001", expected: "C001" },
    { text: "a,b", expected: '"a,b"' },
    { text: 'say "hi"', expected: '"say ""hi"""' },
    { text: "line\nbreak", expected: '"line\nbreak"' },
    { text: "ลูกค้า, กรุงเทพ", expected: '"ลูกค้า, กรุงเทพ"' },
    { text: "ลูกค้า", expected: "ลูกค้า" },
    { text: "=HYPERLINK(1)", expected: "'=HYPERLINK(1)" },
    { text: "+66812345678", expected: "'+66812345678" },
    { text: "-1,2", expected: `"'-1,2"` },
    { text: " padded ", expected: '" padded "' },
    { text: "", expected: "" },
  ])("quotes $text", ({ text, expected }) => {
    expect(csvField(text)).toBe(expected);
  });

  const ids = ['a,"b"', "ลูกค้า", "=cmd", "plain"];
  const input = customers([0, 10, 20, 30], [4, 3, 2, 1], [1.5, 20, 300, 4000], ids);
  const rules = [rule("Top, \"best\"", 2, [4, 5]), rule("ลูกค้าเก่า", 1, [1, 2])];
  const scored = scoreRfm(input, THIRDS, rules);

  it("writes every customer with scores and segment, quoted, CRLF, with a BOM by default", () => {
    const csv = customersCsv(input.ids, scored, input, rules, { sortBy: "recencyDays", direction: "asc" });
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const lines = csv.slice(1).split("\r\n");
    expect(lines).toEqual([
      "customer_id,recency_days,frequency,monetary,r,f,m,score,segment",
      `"a,""b""",0,4,1.5,4,4,1,3.00,"Top, ""best"""`,
      `ลูกค้า,10,3,20,3,3,2,2.67,Unassigned`,
      `'=cmd,20,2,300,2,2,3,2.33,ลูกค้าเก่า`,
      `plain,30,1,4000,1,1,4,2.00,ลูกค้าเก่า`,
      "",
    ]);
  });

  it("writes only the searched customers, and no BOM when asked", () => {
    const csv = customersCsv(input.ids, scored, input, rules, { search: "ลูก", page: 5, pageSize: 1 }, { bom: false });
    expect(csv).toBe(`customer_id,recency_days,frequency,monetary,r,f,m,score,segment\r\nลูกค้า,10,3,20,3,3,2,2.67,Unassigned\r\n`);
  });

  it("names Unassigned customers", () => {
    const csv = customersCsv(input.ids, scoreRfm(input, THIRDS, []), input, [], { sortBy: "id", direction: "asc" }, { bom: false });
    expect(csv.split("\r\n").slice(1, -1).every((line) => line.endsWith(`,${UNASSIGNED}`))).toBe(true);
  });
});

describe("RfmSession", () => {
  const current = { ids: ["a", "b", "c", "d", "e"], recencyDays: [0, 10, 20, 30, 40], frequency: [5, 4, 3, 2, 1], monetary: [500, 400, 300, 200, 100] };
  const previous = { ids: ["a", "b", "x"], recencyDays: [40, 0, 5], frequency: [1, 9, 2], monetary: [10, 900, 50] };

  it("refuses calls before load and score", () => {
    const s = new RfmSession();
    expect(() => s.page()).toThrow(/load first/);
    s.load(current, previous);
    expect(() => s.summary()).toThrow(/score first/);
  });

  it("scores both periods and answers summary, transitions, pages and CSV from memory", () => {
    const s = new RfmSession();
    expect(s.load(current, previous)).toEqual({
      current: 5,
      previous: 3,
      totals: { current: { customers: 5, orders: 15, revenue: 1500 }, previous: { customers: 3, orders: 12, revenue: 960 } },
    });
    const progress: number[] = [];
    const rules = defaultSegmentRules();
    const result = s.score(THIRDS, rules, (p) => progress.push(p));
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(result.summary.customers).toBe(5);
    expect(result.transitions.labels).toEqual([...rules.map((r) => r.name), UNASSIGNED, NEW_OR_GONE]);
    expect([result.transitions.retained, result.transitions.new, result.transitions.gone]).toEqual([2, 3, 1]);
    expect(s.page({ pageSize: 2 }).rows).toHaveLength(2);
    expect(s.page({ pageSize: 2, page: 2 }).rows.map((r) => r.id)).toEqual(s.page({ pageSize: 1, page: 4 }).rows.map((r) => r.id));
    expect(s.csv({ search: "a" }, { bom: false }).split("\r\n")[1]!.startsWith("a,")).toBe(true);
    expect(s.scoring()?.rules).toEqual(rules);
  });

  it("re-scoring reuses the id match and moves the transitions with the new rules", () => {
    const s = new RfmSession();
    s.load(current, previous);
    const first = s.score(THIRDS, [rule("all", 1)]).transitions;
    expect(first.counts).toEqual([[2, 0, 1], [0, 0, 0], [3, 0, 0]]);
    const second = s.score(THIRDS, []).transitions;
    expect(second.counts).toEqual([[2, 1], [3, 0]]);
    expect(second.labels).toEqual([UNASSIGNED, NEW_OR_GONE]);
  });

  it("scores without a previous period: everyone is new", () => {
    const s = new RfmSession();
    expect(s.load(current, null).totals.previous).toEqual({ customers: 0, orders: 0, revenue: 0 });
    const { transitions } = s.score(THIRDS, [rule("all", 1)]);
    expect(transitions.counts).toEqual([[0, 0, 0], [0, 0, 0], [5, 0, 0]]);
  });

  it("re-scores with new rules without a new load, and forgets scores on load", () => {
    const s = new RfmSession();
    s.load(current, null);
    s.score(THIRDS, [rule("all", 1)]);
    expect(s.page().rows.every((r) => r.segment === "all")).toBe(true);
    s.score(THIRDS, []);
    expect(s.page().rows.every((r) => r.segment === UNASSIGNED)).toBe(true);
    s.load(current, null);
    expect(() => s.page()).toThrow(/score first/);
  });
});
