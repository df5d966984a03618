/**
 * The campaign table of /ads as the URL gives it (`AdsSearch`, domain/routeSearch.ts): its level
 * (campaigns, the ad sets of a campaign, the ads of an ad set), sort, order and page. A level
 * without the ids it needs (ads without their ad set) shows the campaigns; the defaults are left
 * out of the URL so a plain /ads stays plain.
 */
import type { AdLevel, AdsSort } from "../../../domain/adsContract";
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
  const rest = { sort: search.sort ?? FIRST_ADS_TABLE.sort, order: search.dir ?? FIRST_ADS_TABLE.order, page: search.pg ?? 1 };
  if (search.lvl === "ad" && search.cmp !== undefined && search.set !== undefined) return { level: "ad", campaign: search.cmp, adSet: search.set, ...rest };
  if (search.lvl === "adSet" && search.cmp !== undefined) return { level: "adSet", campaign: search.cmp, adSet: null, ...rest };
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
