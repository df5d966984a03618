/**
 * The customer table: search, segment filter and sort of the scored customers, one page at a time.
 */
import { segmentNameOf, type SegmentRule } from "../../domain/rfm";
import { type CustomerPage, type CustomerQuery, type CustomerRow, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type PackedCustomers, type RfmSortKey, type ScoredCustomers } from "./types";
import { argsortNonNegative } from "./scores";

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
