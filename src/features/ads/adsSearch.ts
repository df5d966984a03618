/**
 * The campaign table of /ads as the URL gives it (`AdsSearch`, domain/routeSearch.ts): its level
 * (campaigns, the ad sets of a campaign, the ads of an ad set), sort, order and page. A level
 * without the ids it needs (ads without their ad set) shows the campaigns; the defaults are left
 * out of the URL so a plain /ads stays plain.
 */
import { ADS_SORTS, type AdLevel, type AdsSort } from "../../../domain/adsContract";
import type { AdsSearch } from "../../../domain/routeSearch";

export interface AdsTableQuery {
  readonly level: AdLevel;
  /** The campaign drilled into (levels adSet and ad). */
  readonly campaign: string | null;
  /** The ad set drilled into (level ad). */
  readonly adSet: string | null;
  readonly sort: AdsSort;
  readonly order: "asc" | "desc";
  readonly page: number;
}

export const FIRST_ADS_TABLE: AdsTableQuery = { level: "campaign", campaign: null, adSet: null, sort: "spend", order: "desc", page: 1 };

/** The table a URL asks for (defaults for what it leaves out or cannot stand alone). */
export function adsTableOf(search: Partial<AdsSearch>): AdsTableQuery {
  // The route drops what does not decode; a value is checked again here, as the search the page
  // reads also holds what the layout passes through (a hand-typed `cmp=1205…` is a number, its
  // last digits lost: it is no id).
  const id = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);
  const sort = (ADS_SORTS as readonly unknown[]).includes(search.sort) ? (search.sort as AdsSort) : FIRST_ADS_TABLE.sort;
  const order = search.dir === "asc" || search.dir === "desc" ? search.dir : FIRST_ADS_TABLE.order;
  const page = typeof search.pg === "number" && Number.isInteger(search.pg) && search.pg >= 1 ? search.pg : 1;
  const rest = { sort, order, page };
  const campaign = id(search.cmp);
  const adSet = id(search.set);
  if (search.lvl === "ad" && campaign !== null && adSet !== null) return { level: "ad", campaign, adSet, ...rest };
  if (search.lvl === "adSet" && campaign !== null) return { level: "adSet", campaign, adSet: null, ...rest };
  return { level: "campaign", campaign: null, adSet: null, ...rest };
}

/** Every param of the table, undefined to remove it from the URL. */
export type AdsSearchPatch = { readonly [K in keyof AdsSearch]: AdsSearch[K] | undefined };

/** The URL params of a table: every param of the table, undefined where it is the default (so the patch removes it). */
export function adsSearchOf(q: AdsTableQuery): AdsSearchPatch {
  return {
    lvl: q.level === "campaign" ? undefined : q.level,
    cmp: q.level === "campaign" ? undefined : (q.campaign ?? undefined),
    set: q.level === "ad" ? (q.adSet ?? undefined) : undefined,
    sort: q.sort === FIRST_ADS_TABLE.sort ? undefined : q.sort,
    dir: q.order === FIRST_ADS_TABLE.order ? undefined : q.order,
    pg: q.page === 1 ? undefined : q.page,
  };
}

/** A click on a column header: the same column flips its order, another sorts by it (names A→Z, figures high to low). */
export function sortedBy(q: AdsTableQuery, sort: AdsSort): AdsTableQuery {
  if (q.sort === sort) return { ...q, order: q.order === "desc" ? "asc" : "desc", page: 1 };
  return { ...q, sort, order: sort === "name" ? "asc" : "desc", page: 1 };
}

/** One level down: the ad sets of a campaign, or the ads of an ad set (first page, the sort kept). */
export function drilledInto(q: AdsTableQuery, id: string): AdsTableQuery {
  if (q.level === "campaign") return { ...q, level: "adSet", campaign: id, adSet: null, page: 1 };
  if (q.level === "adSet") return { ...q, level: "ad", adSet: id, page: 1 };
  return q;
}

/** Up to a level of the breadcrumb: every campaign, or the ad sets of the campaign. */
export function upTo(q: AdsTableQuery, level: "campaign" | "adSet"): AdsTableQuery {
  if (level === "campaign") return { ...q, level: "campaign", campaign: null, adSet: null, page: 1 };
  return { ...q, level: "adSet", adSet: null, page: 1 };
}

/** The id the table's request names as `parent`: the campaign (ad sets) or the ad set (ads). */
export function parentOf(q: AdsTableQuery): string | null {
  if (q.level === "adSet") return q.campaign;
  if (q.level === "ad") return q.adSet;
  return null;
}
