/**
 * The /campaign page's choices as the URL gives them (`KolSearch`, domain/routeSearch.ts): the
 * campaign shown (`c`), the leaderboard's sort and order (`ks`, `kd`), its tier and platform
 * filters (`kt`, `kp`; the platform also narrows the overview) and the KOL picked (`kk`). The
 * defaults are left out of the URL so a plain /campaign stays plain.
 */
import { KOL_PLATFORMS, KOL_TIERS, type KolPlatform, type KolTier } from "../../../domain/kolContract";
import { KOL_SORTS, type KolSearch, type KolSort } from "../../../domain/routeSearch";
import { DEFAULT_KOL_CHOICES, type KolChoices } from "../../../machines/kol/kolMachine";

const positiveInt = (v: unknown): number | null => (typeof v === "number" && Number.isInteger(v) && v >= 1 ? v : null);

/** The campaign the URL opens, or null for the overview. */
export const campaignIdOf = (search: Partial<KolSearch>): number | null => positiveInt(search.c);

/** The leaderboard's choices a URL asks for (defaults for what it leaves out). */
export function choicesOf(search: Partial<KolSearch>): KolChoices {
  // The route drops what does not decode; checked again, as the search the page reads also holds
  // what the layout passes through.
  const sort = (KOL_SORTS as readonly unknown[]).includes(search.ks) ? (search.ks as KolSort) : DEFAULT_KOL_CHOICES.sort;
  const order = search.kd === "asc" || search.kd === "desc" ? search.kd : defaultOrder(sort);
  const tier = (KOL_TIERS as readonly unknown[]).includes(search.kt) ? (search.kt as KolTier) : null;
  const platform = (KOL_PLATFORMS as readonly unknown[]).includes(search.kp) ? (search.kp as KolPlatform) : null;
  return { sort, order, tier, platform, kol: positiveInt(search.kk) };
}

/**
 * The order a sort starts in: names A→Z; costs per result (CPV, CPE, CPM) low to high, the
 * efficient first; every other figure high to low.
 */
export function defaultOrder(sort: KolSort): "asc" | "desc" {
  return sort === "name" || sort === "cpv" || sort === "cpe" || sort === "cpm" ? "asc" : "desc";
}

/** Every param of the choices, undefined to remove it from the URL. */
export type KolSearchPatch = { readonly [K in keyof KolSearch]?: KolSearch[K] | undefined };

/** The URL params of the choices: undefined where a choice is its default (so the patch removes it). */
export function searchOfChoices(c: KolChoices): KolSearchPatch {
  return {
    ks: c.sort === DEFAULT_KOL_CHOICES.sort ? undefined : c.sort,
    kd: c.order === defaultOrder(c.sort) ? undefined : c.order,
    kt: c.tier ?? undefined,
    kp: c.platform ?? undefined,
    kk: c.kol ?? undefined,
  };
}

/** A sort chosen: the same figure flips its order, another starts in its own order. */
export function sortedBy(c: KolChoices, sort: KolSort): KolChoices {
  if (c.sort === sort) return { ...c, order: c.order === "desc" ? "asc" : "desc" };
  return { ...c, sort, order: defaultOrder(sort) };
}

/** Opening a campaign (or going back to the overview): the leaderboard starts afresh; the platform stays. */
export function openCampaign(id: number | null, c: KolChoices): KolSearchPatch {
  return { c: id ?? undefined, ks: undefined, kd: undefined, kt: undefined, kk: undefined, kp: c.platform ?? undefined };
}
