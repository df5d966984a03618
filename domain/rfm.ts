/**
 * RFM rules of the CRM page (issue 6) that are not maths-heavy: the weights of the selected KPI
 * template, and its segments turned into score ranges. The scoring itself (quintiles over up to
 * millions of customers) is `workers/rfm/`, which runs in a web worker.
 *
 * This file imports no schema library (types only), so the worker that imports it stays small
 * (`entities.ts` and `kpi.ts` pull in Effect Schema). Its two duplicates are tested to agree
 * with `kpi.ts`: {@link weightNumber} with `toAmountNumber`, and the names and ranks of
 * {@link STANDARD_SEGMENT_MAP} with `DEFAULT_SEGMENTS`.
 */
import type { Amount, KpiTemplate, Segment } from "./entities";

/** The segment name of customers that match no segment of the template. Always shown, even at 0. */
export const UNASSIGNED = "Unassigned";

/** Lowest and highest R, F and M score. */
export const SCORE_MIN = 1;
export const SCORE_MAX = 5;

/** Weights of the R, F and M scores in the weighted score: fractions summing to 1. */
export interface RfmWeights {
  readonly recency: number;
  readonly frequency: number;
  readonly monetary: number;
}

/** {@link RfmWeights} with where they came from, for the page to say so. */
export interface RfmWeighting extends RfmWeights {
  /** The template's weights added up, in percent as typed (0 without a template). */
  readonly total: number;
  /** True when equal thirds stand in for the template's weights: no template, no RFM setting, or weights totalling 0. */
  readonly defaulted: boolean;
}

/** Inclusive score bounds `[min, max]` on one of R, F, M; an open end is 1 or 5. */
export type ScoreRange = readonly [min: number, max: number];

/** The score ranges a customer must be inside, all three, to be in a segment. */
export interface SegmentBounds {
  readonly recency: ScoreRange;
  readonly frequency: ScoreRange;
  readonly monetary: ScoreRange;
}

/**
 * A segment of the template as the scoring applies it. Customers whose R, F and M scores are
 * inside every range of `bounds` match it; among the rules a customer matches, the highest
 * rank wins, and between equal ranks the earlier rule. A customer matching none is
 * {@link UNASSIGNED}.
 */
export interface SegmentRule {
  readonly name: string;
  readonly rank: number;
  /** null: the rule matches nobody (a custom segment without bounds). */
  readonly bounds: SegmentBounds | null;
  /**
   * - "template": the segment's own min/max per setting;
   * - "standard": one of the nine default segments without bounds, so {@link STANDARD_SEGMENT_MAP};
   * - "none": a segment with another name and no bounds: matches nobody, its customers (if the
   *   user meant some) are Unassigned until the template gives it bounds.
   */
  readonly source: "template" | "standard" | "none";
}

const OPEN: ScoreRange = [SCORE_MIN, SCORE_MAX];

/**
 * The standard RFM segment map on the 5 × 5 grid of R (rows) × F (columns) scores, M left open:
 * the widely reproduced map of the "RFM segmentation" tutorials, whose regex form on the two
 * digits "RF" is
 *   `[1-2][1-2]` hibernating, `[1-2][3-4]` at risk, `[1-2]5` can't lose, `3[1-2]` about to sleep,
 *   `33` need attention, `[3-4][4-5]` loyal customers, `41` promising, `51` new customers,
 *   `[4-5][2-3]` potential loyalists, `5[4-5]` champions
 * (e.g. G. Martin, "RFM Analysis For Successful Customer Segmentation", Towards Data Science,
 * 2019; the same grid is the Putler / Klaviyo style R×F chart). Every cell of the grid belongs
 * to exactly one segment, so the ranks never have to break a tie between these nine.
 *
 * The one cell not covered is R 3 F 3, "Need Attention" in that map, which is not one of the
 * nine default segments of spec §3: with the default segments those customers are
 * {@link UNASSIGNED} (counted and shown), unless the template adds a segment for them.
 *
 * Names and ranks are those of `DEFAULT_SEGMENTS` (spec §3, "Potential Loyallists" in the
 * spec's spelling), best first.
 */
export const STANDARD_SEGMENT_MAP: readonly { readonly name: string; readonly rank: number; readonly bounds: SegmentBounds }[] = Object.freeze([
  { name: "Champions", rank: 9, bounds: { recency: [5, 5], frequency: [4, 5], monetary: OPEN } },
  { name: "Loyal Customers", rank: 8, bounds: { recency: [3, 4], frequency: [4, 5], monetary: OPEN } },
  { name: "Potential Loyallists", rank: 7, bounds: { recency: [4, 5], frequency: [2, 3], monetary: OPEN } },
  { name: "New Customers", rank: 6, bounds: { recency: [5, 5], frequency: [1, 1], monetary: OPEN } },
  { name: "Promising", rank: 5, bounds: { recency: [4, 4], frequency: [1, 1], monetary: OPEN } },
  { name: "About To Sleep", rank: 4, bounds: { recency: [3, 3], frequency: [1, 2], monetary: OPEN } },
  { name: "Can't Lose Them", rank: 3, bounds: { recency: [1, 2], frequency: [5, 5], monetary: OPEN } },
  { name: "At Risk", rank: 2, bounds: { recency: [1, 2], frequency: [3, 4], monetary: OPEN } },
  { name: "Hibernating", rank: 1, bounds: { recency: [1, 2], frequency: [1, 2], monetary: OPEN } },
] as const);

/** Name → bounds of the standard map; keys folded as {@link nameKey} does. */
const STANDARD_BY_NAME = new Map<string, SegmentBounds>(STANDARD_SEGMENT_MAP.map((s) => [nameKey(s.name), s.bounds]));
// The correct spelling of the spec's "Potential Loyallists" means the same segment.
STANDARD_BY_NAME.set(nameKey("Potential Loyalists"), STANDARD_BY_NAME.get(nameKey("Potential Loyallists"))!);

/** Names compared without case, outer spaces and repeated inner spaces ("can't lose them" = "Can't Lose Them"). */
function nameKey(name: string): string {
  return name.trim().replace(/\s+/g, " ").toLowerCase();
}

const AMOUNT_TEXT = /^(\d+\.?\d*|\.\d+)$/;

/**
 * A weight as a number, the way `toAmountNumber` of `kpi.ts` reads an Amount (a copy, so this
 * file stays schema-free): a number or numeric text; empty, "." or anything else is null.
 */
export function weightNumber(a: Amount | null | undefined): number | null {
  if (typeof a === "number") return Number.isFinite(a) ? a : null;
  if (typeof a !== "string") return null;
  const trimmed = a.trim();
  return AMOUNT_TEXT.test(trimmed) ? Number(trimmed) : null;
}

const THIRD = 1 / 3;

/**
 * The weights of the weighted RFM score from the template's RFM setting block.
 *
 * - Each weight is read as a number; empty or unreadable counts as 0, a negative one as 0.
 *   A setting listed twice counts with the sum of its weights; one not listed counts 0.
 * - The weights are scaled to fractions of their total, so weights that do not total 100 keep
 *   their proportions: 50/50/50 → thirds, 20/20/10 → 0.4/0.4/0.2.
 * - Equal thirds when there is no template, it has no RFM setting block, or the weights total 0.
 *
 * @returns fractions summing to 1 (up to rounding), with the typed total and whether equal
 *   thirds stood in (`defaulted`)
 */
export function rfmWeightsOf(template: KpiTemplate | null | undefined): RfmWeighting {
  let recency = 0;
  let frequency = 0;
  let monetary = 0;
  for (const block of template?.RFM ?? []) {
    if (!("setting" in block)) continue;
    for (const w of block.setting) {
      const v = Math.max(0, weightNumber(w.weight) ?? 0);
      if (w.name === "Recency") recency += v;
      else if (w.name === "Frequency") frequency += v;
      else if (w.name === "Monetary") monetary += v;
    }
  }
  const total = recency + frequency + monetary;
  if (!(total > 0) || !Number.isFinite(total)) return { recency: THIRD, frequency: THIRD, monetary: THIRD, total, defaulted: true };
  return { recency: recency / total, frequency: frequency / total, monetary: monetary / total, total, defaulted: false };
}

/** True when the segment has at least one setting entry with a min or a max. */
function hasBounds(segment: Segment): boolean {
  return (segment.setting ?? []).some((b) => b.min !== null || b.max !== null);
}

/**
 * A segment's own bounds: per setting, min null = 1 and max null = 5. A setting listed twice
 * must satisfy both entries (the ranges intersect); min above max matches nobody.
 */
function boundsOf(segment: Segment): SegmentBounds {
  const lo = { Recency: SCORE_MIN, Frequency: SCORE_MIN, Monetary: SCORE_MIN };
  const hi = { Recency: SCORE_MAX, Frequency: SCORE_MAX, Monetary: SCORE_MAX };
  for (const b of segment.setting ?? []) {
    if (b.min !== null) lo[b.name] = Math.max(lo[b.name], b.min);
    if (b.max !== null) hi[b.name] = Math.min(hi[b.name], b.max);
  }
  return {
    recency: [lo.Recency, hi.Recency],
    frequency: [lo.Frequency, hi.Frequency],
    monetary: [lo.Monetary, hi.Monetary],
  };
}

/** The nine default segments with the standard map: the rules without a template. */
export function defaultSegmentRules(): SegmentRule[] {
  return STANDARD_SEGMENT_MAP.map((s) => ({ name: s.name, rank: s.rank, bounds: s.bounds, source: "standard" as const }));
}

/**
 * The segment rules of the template, in the template's order.
 *
 * - A segment carrying bounds (a setting entry with a min or max; min/max are R, F, M scores,
 *   null = open) matches by those ranges, whatever its name.
 * - One of the nine default segment names (compared without case and extra spaces; "Potential
 *   Loyalists" also accepted) without bounds gets its range of {@link STANDARD_SEGMENT_MAP}.
 * - Any other segment without bounds matches nobody (source "none"): a name alone says nothing
 *   about which customers it means.
 * - No template, or a template without a segment block: the nine defaults with the standard
 *   map. A segment block with no segments: no rules, so every customer is Unassigned.
 */
export function segmentRulesOf(template: KpiTemplate | null | undefined): SegmentRule[] {
  const block = template?.RFM.find((b) => "segment" in b);
  if (!block || !("segment" in block)) return defaultSegmentRules();
  return block.segment.map((segment): SegmentRule => {
    if (hasBounds(segment)) return { name: segment.name, rank: segment.rank, bounds: boundsOf(segment), source: "template" };
    const standard = STANDARD_BY_NAME.get(nameKey(segment.name));
    return standard
      ? { name: segment.name, rank: segment.rank, bounds: standard, source: "standard" }
      : { name: segment.name, rank: segment.rank, bounds: null, source: "none" };
  });
}

/** Whether R, F, M scores fall inside a rule's bounds (false for a rule that matches nobody). */
export function ruleMatches(rule: SegmentRule, r: number, f: number, m: number): boolean {
  const b = rule.bounds;
  return b !== null
    && r >= b.recency[0] && r <= b.recency[1]
    && f >= b.frequency[0] && f <= b.frequency[1]
    && m >= b.monetary[0] && m <= b.monetary[1];
}

/**
 * The segment of one customer: the index of the highest-ranked rule they match (the earlier
 * rule between equal ranks), or -1 for {@link UNASSIGNED}.
 */
export function segmentIndexOf(rules: readonly SegmentRule[], r: number, f: number, m: number): number {
  let best = -1;
  for (let k = 0; k < rules.length; k++) {
    if (ruleMatches(rules[k]!, r, f, m) && (best === -1 || rules[k]!.rank > rules[best]!.rank)) best = k;
  }
  return best;
}

/** The name of a segment index of the scoring: a rule's name, or {@link UNASSIGNED} for -1. */
export function segmentNameOf(rules: readonly SegmentRule[], index: number): string {
  return index >= 0 && index < rules.length ? rules[index]!.name : UNASSIGNED;
}
