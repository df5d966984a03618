/**
 * What the /campaign page reads from its statechart (`kolMachine.ts`): the phase with the data
 * that answers the current query, the leaderboard's choices, and the rows the leaderboard, the
 * scatter, the content table and the timeline show for those choices. The rows are the server's
 * (every figure computed there); these only narrow and order them.
 */
import type { KolCampaignDetail, KolOverview, KolPostRow, KolRow } from "../../domain/kolContract";
import type { KolSort } from "../../domain/routeSearch";
import type { KolChoices, KolData, KolQuery, KolSnapshot } from "./kolMachine";

export type KolPhase =
  | { readonly kind: "loading"; readonly data: KolData | null }
  | { readonly kind: "loaded"; readonly data: KolData }
  | { readonly kind: "empty"; readonly data: KolData }
  | { readonly kind: "failed"; readonly data: KolData | null; readonly error: string };

/**
 * Whether data answers a query well enough to stay on screen while the query loads: an overview
 * for an overview (another range or platform), a campaign only for the same campaign (another
 * campaign's name and figures under this one's would mislead).
 */
export function dataFits(query: KolQuery, data: KolData): boolean {
  if (query.kind === "overview") return data.kind === "overview";
  return data.kind === "campaign" && data.detail.campaign.id === query.id;
}

export function selectPhase(s: KolSnapshot): KolPhase {
  const { data: stored, error, query } = s.context;
  const data = stored !== null && dataFits(query, stored) ? stored : null;
  if (s.value === "failed") return { kind: "failed", data, error: error ?? "" };
  if (s.value === "loaded" && data !== null) return { kind: "loaded", data };
  if (s.value === "empty" && data !== null) return { kind: "empty", data };
  return { kind: "loading", data };
}

/** Same kind, same data (by reference: loaded data is never changed in place), same error. */
export function samePhase(a: KolPhase, b: KolPhase): boolean {
  return a.kind === b.kind && a.data === b.data && (a.kind !== "failed" || b.kind !== "failed" || a.error === b.error);
}

export const selectChoices = (s: KolSnapshot): KolChoices => s.context.choices;

export const overviewOf = (data: KolData | null): KolOverview | null => (data?.kind === "overview" ? data.overview : null);
export const campaignOf = (data: KolData | null): KolCampaignDetail | null => (data?.kind === "campaign" ? data.detail : null);

// ---------------------------------------------------------------------------------------------
// The leaderboard and what follows its filters

/** A row's value for a sort: its name, or one of its figures (null where the figure has no value). */
export function sortValue(row: KolRow, sort: KolSort): string | number | null {
  return row[sort];
}

/**
 * The order of the leaderboard: by the figure, high to low or low to high; a KOL without a value
 * for it (no views, so no CPV) comes last either way; ties by name, then id, so the order never
 * depends on the server's.
 */
export function compareKolRows(sort: KolSort, order: "asc" | "desc"): (a: KolRow, b: KolRow) => number {
  const sign = order === "asc" ? 1 : -1;
  const byName = (a: KolRow, b: KolRow) => a.name.localeCompare(b.name, "en") || a.kolId - b.kolId;
  return (a, b) => {
    const x = sortValue(a, sort);
    const y = sortValue(b, sort);
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    const c = typeof x === "string" || typeof y === "string" ? String(x).localeCompare(String(y), "en") : x - y;
    return c !== 0 ? sign * c : byName(a, b);
  };
}

/** The KOLs the tier and platform filters keep (the scatter shows these, the picked one marked). */
export function kolsInView(kols: readonly KolRow[], choices: KolChoices): KolRow[] {
  return kols.filter((k) => (choices.tier === null || k.tier === choices.tier) && (choices.platform === null || k.platform === choices.platform));
}

/** The leaderboard: the KOLs in view (only the picked one when one is picked), in the chosen order. */
export function leaderboardOf(kols: readonly KolRow[], choices: KolChoices): KolRow[] {
  const shown = kolsInView(kols, choices).filter((k) => choices.kol === null || k.kolId === choices.kol);
  return shown.sort(compareKolRows(choices.sort, choices.order));
}

/** The posts of the KOLs on the leaderboard, newest first. */
export function contentOf(posts: readonly KolPostRow[], kols: readonly KolRow[], choices: KolChoices): KolPostRow[] {
  const ids = new Set(leaderboardOf(kols, choices).map((k) => k.kolId));
  return posts.filter((p) => ids.has(p.kolId)).sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || b.id - a.id);
}

/** Whether any choice narrows what is shown (the page offers "Show every KOL"). */
export const isNarrowed = (c: KolChoices): boolean => c.tier !== null || c.platform !== null || c.kol !== null;
