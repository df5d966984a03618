/**
 * The stateful API the worker exposes: loaded periods, scored once, then summaries, transitions, table pages and CSV from the cache.
 */
import { UNASSIGNED, type RfmWeights, type SegmentRule } from "../../domain/rfm";
import { NO_TOTALS, periodTotals, type PeriodTotals } from "../periodTotals";
import { type CustomerInput, type CustomerPage, type CustomerQuery, NEW_OR_GONE, type PackedCustomers, type ProgressCallback, type RfmSummary, type RfmTransitionTable, type ScoredCustomers } from "./types";
import { toPacked } from "./packing";
import { packCustomers, scoreRfm } from "./scores";
import { summariseRfm } from "./summary";
import { matchIds, transitionMatrix, transitionsOfMatch } from "./transitions";
import { customerOrder, customerPage, pageOfOrder } from "./table";
import { csvOfOrder, customersCsv, type CsvOptions } from "./csv";

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
