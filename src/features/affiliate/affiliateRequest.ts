/**
 * The /affiliate page's choices as the URL gives them (`AffiliateSearch`, domain/routeSearch.ts)
 * and the request they make: the marketplace (`ap`, both when absent), the affiliates picked on
 * the leaderboard (`aff`, every affiliate when absent or empty) and the leaderboard's sort
 * (`sort`, `dir`; GMV high to low when absent). Defaults are left out of the URL so a plain
 * /affiliate stays plain. Pure.
 */
import { AFFILIATE_PLATFORMS, type AffiliateFiguresRequest, type AffiliatePlatform, type AffiliateRow } from "../../../domain/affiliateContract";
import { AFFILIATE_SORTS, type AffiliateSearch, type AffiliateSort } from "../../../domain/routeSearch";
import type { AffiliateQuery } from "../../../machines/affiliate/affiliateMachine";

/** The words of the platform selector: both marketplaces, or one. */
export const ALL_PLATFORMS = "All platforms"; // i18n-ignore: the option's value (shown through platformLabel)
export const PLATFORM_CHOICES = [ALL_PLATFORMS, ...AFFILIATE_PLATFORMS] as const;

/** Most affiliates one request may name (the contract's limit). */
export const MAX_PICKED = 50;

const isPlatform = (v: unknown): v is AffiliatePlatform => (AFFILIATE_PLATFORMS as readonly unknown[]).includes(v);

/** The marketplace of the URL, or null for both. */
export const platformOf = (ap: unknown): AffiliatePlatform | null => (isPlatform(ap) ? ap : null);

/** The selector's word for a marketplace choice. */
export const platformChoiceOf = (platform: AffiliatePlatform | null): string => platform ?? ALL_PLATFORMS;

/** The `ap` of a selector's word: undefined (removed from the URL) for both marketplaces. */
export const apOfChoice = (choice: string): AffiliatePlatform | undefined => (isPlatform(choice) ? choice : undefined);

/** The picked affiliates of the URL: names, each once, in the order they were picked. */
export function pickedOf(aff: unknown): string[] {
  if (!Array.isArray(aff)) return [];
  const names = aff.filter((a): a is string => typeof a === "string" && a.length > 0 && a.length <= 200);
  return [...new Set(names)].slice(0, MAX_PICKED);
}

/** A "Filter by" click: the affiliate joins the picked ones, or leaves them when it was picked. */
export function toggledPick(picked: readonly string[], affiliate: string): string[] {
  if (picked.includes(affiliate)) return picked.filter((a) => a !== affiliate);
  return [...picked, affiliate].slice(-MAX_PICKED);
}

/** The `aff` of a selection: undefined (removed from the URL) for every affiliate. */
export const affOf = (picked: readonly string[]): string[] | undefined => (picked.length === 0 ? undefined : [...picked]);

/** The figures' request of a query (the picked affiliates sorted: the same set is the same request). */
export function affiliateRequestOf(q: AffiliateQuery): AffiliateFiguresRequest {
  const affiliates = [...new Set(q.affiliates)].sort();
  return {
    brand: q.brand,
    start: q.start,
    end: q.end,
    ...(q.platform !== null ? { platform: q.platform } : {}),
    ...(affiliates.length > 0 ? { affiliates } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// The leaderboard's sort

export interface LeaderboardSort {
  readonly sort: AffiliateSort;
  readonly dir: "asc" | "desc";
}

export const FIRST_SORT: LeaderboardSort = { sort: "gmv", dir: "desc" };

const TEXT_SORTS: readonly AffiliateSort[] = ["affiliate", "platform"];

/** The sort of the URL (GMV high to low for what it leaves out). */
export function leaderboardSortOf(search: Partial<AffiliateSearch>): LeaderboardSort {
  const sort = (AFFILIATE_SORTS as readonly unknown[]).includes(search.sort) ? (search.sort as AffiliateSort) : FIRST_SORT.sort;
  const dir = search.dir === "asc" || search.dir === "desc" ? search.dir : TEXT_SORTS.includes(sort) ? "asc" : "desc";
  return { sort, dir };
}

/** A click on a column header: the same column flips its order; another sorts by it (names A→Z, figures high to low). */
export function nextSort(current: LeaderboardSort, sort: AffiliateSort): LeaderboardSort {
  if (current.sort === sort) return { sort, dir: current.dir === "desc" ? "asc" : "desc" };
  return { sort, dir: TEXT_SORTS.includes(sort) ? "asc" : "desc" };
}

/** The URL params of a sort: undefined where it is the default (so the patch removes them). */
export function sortSearchOf(s: LeaderboardSort): { sort: AffiliateSort | undefined; dir: "asc" | "desc" | undefined } {
  const isFirst = s.sort === FIRST_SORT.sort && s.dir === FIRST_SORT.dir;
  return { sort: isFirst ? undefined : s.sort, dir: isFirst ? undefined : s.dir };
}

const valueOf = (r: AffiliateRow, sort: AffiliateSort): string | number | null => r[sort];

const TEXT = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/**
 * The leaderboard's rows in the sort's order. A figure without a value ("—") comes last either
 * way; ties keep the server's order (GMV high to low).
 */
export function sortedRows(rows: readonly AffiliateRow[], s: LeaderboardSort): AffiliateRow[] {
  const sign = s.dir === "asc" ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      const x = valueOf(a.row, s.sort);
      const y = valueOf(b.row, s.sort);
      if (x === null || y === null) return x === y ? a.index - b.index : x === null ? 1 : -1;
      const c = typeof x === "string" || typeof y === "string" ? TEXT.compare(String(x), String(y)) : x - y;
      return c === 0 ? a.index - b.index : sign * c;
    })
    .map(({ row }) => row);
}
