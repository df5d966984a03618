/**
 * The MA page's filter (issue 14): the view's pages and accounts narrowed by the page's chart
 * clicks (`machines/pageFilter`, key "ma"), and the posts table's own choices in the URL of `/ma`
 * (`MaSearch`). Pure; tested in tests/domain/socialFilter.test.ts.
 *
 * Rules:
 * - A post type click (the content-by-type chart) adds its type: several are alternatives (reel or
 *   video). Types narrow every post figure, not the audience (docs/social.md).
 * - A page click (the pages compared) narrows to that page: several are alternatives. With pages
 *   chosen in the filter drawer the result is the intersection; an empty one matches nothing (the
 *   request then names the page `NO_PAGE`, which no page has, so every figure is zero).
 * - A heatmap click adds its weekday × hour cell (Bangkok): several are alternatives.
 * - The posts table's type choice (`type` in the URL) narrows the table only, within the clicked
 *   types (a type outside them shows no post).
 */
import { Schema } from "effect";
import type { ChartClick } from "./commerceFilter";
import { POST_SORTS, POST_TYPES, POST_TYPE_LABELS, WEEKDAYS, type PostSlot, type PostSort, type PostType, type SocialRequest } from "./social";

/** A page id no page has: a request naming only it matches nothing. */
export const NO_PAGE = "";

/** The value of a heatmap cell's click: "weekday-hour" ("4-20" is Friday 20:00). */
export const slotValue = (slot: PostSlot): string => `${slot.weekday}-${slot.hour}`;

/** The cell of a slot click's value, or null for a malformed one. */
export function slotOf(value: string): PostSlot | null {
  const m = /^([0-6])-(\d{1,2})$/.exec(value);
  if (m === null) return null;
  const hour = Number(m[2]);
  return hour <= 23 ? { weekday: Number(m[1]), hour } : null;
}

/** A cell in words, Bangkok time: "Fri 20:00–20:59". */
export function slotLabel(slot: PostSlot): string {
  const hh = String(slot.hour).padStart(2, "0");
  return `${WEEKDAYS[slot.weekday]} ${hh}:00–${hh}:59`;
}

export const isPostType = (value: string): value is PostType => (POST_TYPES as readonly string[]).includes(value);

/** The clicks of a chart as the page filter adds them. */
export const typeClick = (type: PostType): Omit<ChartClick, "at"> => ({ field: "postTypes", value: type, label: POST_TYPE_LABELS[type] });
export const pageClick = (page: { pageId: string; page: string }): Omit<ChartClick, "at"> => ({ field: "pages", value: page.pageId, label: page.page });
export const slotClick = (slot: PostSlot): Omit<ChartClick, "at"> => ({ field: "slots", value: slotValue(slot), label: slotLabel(slot) });

/** The view's scope the MA page reads: brand, range, channel, chosen pages and accounts. */
export interface SocialScope {
  readonly brand: string;
  readonly start: string;
  readonly end: string;
  readonly channel: SocialRequest["channel"];
  readonly pages: readonly string[];
  readonly accounts: readonly string[];
}

const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];

/** The request of the MA figures: the scope narrowed by the clicks (fields without a click are left out). */
export function socialRequestOf(scope: SocialScope, clicks: readonly Pick<ChartClick, "field" | "value">[]): SocialRequest {
  const types = unique(clicks.filter((c) => c.field === "postTypes").map((c) => c.value)).filter(isPostType);
  const slots = unique(clicks.filter((c) => c.field === "slots").map((c) => c.value))
    .map(slotOf)
    .filter((s) => s !== null);
  const clickedPages = unique(clicks.filter((c) => c.field === "pages").map((c) => c.value));
  let pages = [...scope.pages];
  if (clickedPages.length > 0) {
    const chosen = new Set(scope.pages);
    pages = scope.pages.length === 0 ? clickedPages : clickedPages.filter((p) => chosen.has(p));
    if (pages.length === 0) pages = [NO_PAGE];
  }
  return {
    brand: scope.brand,
    start: scope.start,
    end: scope.end,
    channel: scope.channel,
    pages,
    accounts: [...scope.accounts],
    ...(types.length > 0 ? { types } : {}),
    ...(slots.length > 0 ? { slots } : {}),
  };
}

/** True when the request can match no post or page (the chosen pages and the clicks exclude each other). */
export const matchesNoPage = (request: SocialRequest): boolean => request.pages?.length === 1 && request.pages[0] === NO_PAGE;

// ---------------------------------------------------------------------------------------------
// The posts table

/** Rows of one page of the posts table. */
export const POSTS_PAGE_SIZE = 20;
export const MAX_POSTS_SEARCH = 100;

/** The posts table's choices. */
export interface PostsTableQuery {
  readonly sort: PostSort;
  readonly order: "asc" | "desc";
  readonly search: string;
  /** The table's own type choice; null = every type the figures show. */
  readonly type: PostType | null;
  /** 1-based. */
  readonly page: number;
}

/** Newest first, every type, first page. */
export const FIRST_POSTS_QUERY: PostsTableQuery = { sort: "published", order: "desc", search: "", type: null, page: 1 };

/**
 * `/ma`'s own params: the posts table's `sort`, `dir`, `q` (caption search), `type` and `pg`
 * (1-based page). A value that does not decode is dropped: the table shows its default for it.
 */
export const MaSearch = Schema.Struct({
  sort: Schema.optionalKey(Schema.Literals(POST_SORTS)),
  dir: Schema.optionalKey(Schema.Literals(["asc", "desc"])),
  q: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(MAX_POSTS_SEARCH))),
  type: Schema.optionalKey(Schema.Literals(POST_TYPES)),
  pg: Schema.optionalKey(Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 100_000 }))),
});
export type MaSearch = typeof MaSearch.Type;

/** The table query a URL asks for (defaults for what it leaves out). */
export function postsQueryOf(search: Partial<MaSearch>): PostsTableQuery {
  return {
    sort: search.sort ?? FIRST_POSTS_QUERY.sort,
    order: search.dir ?? FIRST_POSTS_QUERY.order,
    search: search.q ?? "",
    type: search.type ?? null,
    page: search.pg ?? 1,
  };
}

/** The URL params of a table query: the defaults left out, so a plain /ma stays plain. */
export function maSearchOf(query: PostsTableQuery): MaSearch {
  return {
    ...(query.sort !== FIRST_POSTS_QUERY.sort ? { sort: query.sort } : {}),
    ...(query.order !== FIRST_POSTS_QUERY.order ? { dir: query.order } : {}),
    ...(query.search !== "" ? { q: query.search.slice(0, MAX_POSTS_SEARCH) } : {}),
    ...(query.type !== null ? { type: query.type } : {}),
    ...(query.page !== 1 ? { pg: query.page } : {}),
  };
}

/**
 * The types the posts table asks for: the clicked types, narrowed by the table's own choice. An
 * empty intersection asks for no type at all, so it is `null`: the table then shows no post.
 */
export function tableTypesOf(clicked: readonly PostType[] | undefined, chosen: PostType | null): readonly PostType[] | null | undefined {
  if (chosen === null) return clicked;
  if (clicked === undefined || clicked.length === 0) return [chosen];
  return clicked.includes(chosen) ? [chosen] : null;
}

/** Clicking a column header: the same column flips the order, another one sorts by it, highest (newest) first. */
export function sortedBy(query: PostsTableQuery, sort: PostSort): PostsTableQuery {
  if (query.sort === sort) return { ...query, order: query.order === "desc" ? "asc" : "desc", page: 1 };
  return { ...query, sort, order: "desc", page: 1 };
}
