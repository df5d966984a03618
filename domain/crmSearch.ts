/**
 * The CRM page's customer table state (sort, search, segment, page): what the table asks the RFM
 * worker, and how it lives in the URL of `/crm` (`CrmSearch`, declared by the route), so a link,
 * a reload and back/forward show the same rows.
 */
import { Schema } from "effect";

/** The columns the customer table sorts by. */
export const RFM_SORT_KEYS = ["id", "recencyDays", "frequency", "monetary", "r", "f", "m", "score", "segment"] as const;
export type RfmSortKey = (typeof RFM_SORT_KEYS)[number];

/** The customer table's query. */
export interface CrmTableQuery {
  readonly sortBy: RfmSortKey;
  readonly direction: "asc" | "desc";
  readonly search: string;
  /** Segment index, -1 = Unassigned, null = every segment. */
  readonly segment: number | null;
  /** 0-based page. */
  readonly page: number;
}

/** Highest score first, every segment, first page. */
export const FIRST_CRM_QUERY: CrmTableQuery = { sortBy: "score", direction: "desc", search: "", segment: null, page: 0 };

/** The longest search kept in the URL. */
export const MAX_CRM_SEARCH = 100;

/**
 * `/crm`'s own params: `sort`, `dir`, `q` (search), `seg` (segment index, -1 = Unassigned) and
 * `pg` (1-based page, as people count). A value that does not decode is dropped: the table shows
 * its default for it.
 */
export const CrmSearch = Schema.Struct({
  sort: Schema.optionalKey(Schema.Literals(RFM_SORT_KEYS)),
  dir: Schema.optionalKey(Schema.Literals(["asc", "desc"])),
  q: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(MAX_CRM_SEARCH))),
  seg: Schema.optionalKey(Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: -1, maximum: 99 }))),
  pg: Schema.optionalKey(Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 1_000_000 }))),
});
export type CrmSearch = typeof CrmSearch.Type;

/** The table query a URL asks for (defaults for what it leaves out). */
export function crmQueryOf(search: CrmSearch): CrmTableQuery {
  return {
    sortBy: search.sort ?? FIRST_CRM_QUERY.sortBy,
    direction: search.dir ?? FIRST_CRM_QUERY.direction,
    search: search.q ?? "",
    segment: search.seg ?? null,
    page: search.pg === undefined ? 0 : search.pg - 1,
  };
}

/** The URL params of a table query: the defaults left out, so a plain /crm stays plain. */
export function crmSearchOf(query: CrmTableQuery): CrmSearch {
  return {
    ...(query.sortBy !== FIRST_CRM_QUERY.sortBy ? { sort: query.sortBy } : {}),
    ...(query.direction !== FIRST_CRM_QUERY.direction ? { dir: query.direction } : {}),
    ...(query.search !== "" ? { q: query.search.slice(0, MAX_CRM_SEARCH) } : {}),
    ...(query.segment !== null ? { seg: query.segment } : {}),
    ...(query.page > 0 ? { pg: query.page + 1 } : {}),
  };
}

/** Two queries ask for the same rows. */
export const sameCrmQuery = (a: CrmTableQuery, b: CrmTableQuery): boolean =>
  a.sortBy === b.sortBy && a.direction === b.direction && a.search === b.search && a.segment === b.segment && a.page === b.page;
