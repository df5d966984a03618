/**
 * The shapes the RFM functions take and answer: packed customers, scores, summary, transitions, the customer table query and page.
 */
import type { CustomerColumns } from "../../domain/commerce";
import type { RfmSortKey } from "../../domain/crmSearch";
import { type SegmentRule } from "../../domain/rfm";
import type { PackedCustomers } from "../../domain/rfmScores";

export type { PackedCustomers, ProgressCallback, ScoredCustomers } from "../../domain/rfmScores";

/** What the page may send: the decoded answer's columns, or columns already packed. */
export type CustomerInput = CustomerColumns | PackedCustomers;

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

export { RFM_SORT_KEYS, type RfmSortKey } from "../../domain/crmSearch";

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
