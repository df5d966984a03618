/**
 * The applied view (date range, brand, channel, pages, accounts, active template or ad-hoc
 * filter). The URL search params are its store: `useView` reads them, `useSetView` navigates
 * with new ones, so links, reload and back/forward reproduce the view.
 */
import { useCallback, useMemo, useSyncExternalStore } from "react";
import { useLocation, useNavigate, useSearch } from "@tanstack/react-router";
import { useSelector } from "@xstate/react";
import type { UserData } from "../../domain/entities";
import { DEFAULT_ACCOUNT_TEMPLATE, DEFAULT_BRANDS, channelOptions } from "../../domain/permissions";
import { resolveView, type ResolvedView, type ViewSearch } from "../../domain/viewSearch";
import { selectUser } from "../../machines/auth/authSelectors";
import { authActor } from "@/app/auth";
import { currentSearch } from "@/app/currentSearch";
import { readPreferences, subscribePreferences, writePreferences } from "@/app/preferences";
import { validateViewSearch } from "@/app/viewSearchParams";

export type { ResolvedView, ViewSearch };

/** The brands the user may pick from: theirs, or the defaults when the record lists none (spec §9). */
export function brandsOf(user: UserData | null): readonly string[] {
  return user !== null && user.brand.length > 0 ? user.brand : DEFAULT_BRANDS;
}

/** The channel options on `path` for this user (spec §4). */
export function channelsOf(user: UserData | null, path: string): string[] {
  return channelOptions(user?.accountTime.template ?? DEFAULT_ACCOUNT_TEMPLATE, path);
}

/** The shared view's search params of the current route (all of them optional). */
export function useViewSearch(): ViewSearch {
  return useSearch({ strict: false }) as ViewSearch;
}

/**
 * The current module route's own search params (`domain/routeSearch.ts`), as its
 * `validateSearch` kept them; `T` is that route's search type.
 */
export function usePageSearch<T extends object>(): Partial<T> {
  const search: object = useViewSearch();
  return search as Partial<T>;
}

/** The view to show on the current page, resolved against the user's brands and channels. */
export function useView(): ResolvedView {
  const search = useViewSearch();
  const pathname = useLocation({ select: (l) => l.pathname });
  const user = useSelector(authActor, selectUser);
  const remembered = useSyncExternalStore(subscribePreferences, readPreferences);
  const brands = brandsOf(user);
  const channelsKey = channelsOf(user, pathname).join("\n");
  return useMemo(
    () => resolveView(search, { brands, channels: channelsKey.split("\n"), remembered }),
    [search, brands, channelsKey, remembered],
  );
}

/**
 * The brand the current URL shows, resolved as `useView` does (URL, then the remembered brand,
 * then the user's first): for code that runs outside React, such as a drawer's loader.
 */
export function currentBrand(): string {
  const search = validateViewSearch(currentSearch() as Record<string, unknown>);
  return resolveView(search, { brands: brandsOf(authActor.getSnapshot().context.user), channels: [], remembered: readPreferences() }).brand;
}

/** A key that changes exactly when the data a page shows must be loaded again. */
export function viewKey(view: ResolvedView): string {
  return JSON.stringify([view.range, view.brand, view.ch, view.pages, view.bags, view.active, view.kpi]);
}

/** `patch` applied to `search`: `undefined` removes a param, empty id lists are dropped. */
export function applyViewPatch<S extends object>(search: S, patch: Partial<ViewSearch> | object): S {
  const next: Record<string, unknown> = { ...(search as Record<string, unknown>) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || (Array.isArray(value) && value.length === 0)) delete next[key];
    else next[key] = value;
  }
  // A template and an ad-hoc filter never apply together (spec §4: at most one is active).
  const view = patch as Partial<ViewSearch>;
  if (view.tpl !== undefined) delete next.adhoc;
  if (view.adhoc !== undefined) delete next.tpl;
  return next as S;
}

/**
 * Changes the view: navigates to the current page with the patched search params (a new
 * history entry, so Back undoes it). A brand or channel choice is also remembered.
 */
export function useSetView(): (patch: Partial<ViewSearch>) => void {
  const navigate = useNavigate();
  return useCallback(
    (patch: Partial<ViewSearch>) => {
      if ("brand" in patch || "ch" in patch) {
        writePreferences({
          ...("brand" in patch ? { brand: patch.brand ?? null } : {}),
          ...("ch" in patch ? { ch: patch.ch ?? null } : {}),
        });
      }
      void navigate({ to: ".", search: ((prev: Record<string, unknown>) => applyViewPatch(prev, patch)) as never });
    },
    [navigate],
  );
}

/**
 * Changes the current module route's own params (the page's choices: a tab, a channel, the
 * table's sort) as a new history entry, so Back undoes it; `undefined` removes a param.
 */
export function useSetPageSearch<T extends object>(): (patch: Partial<T>) => void {
  const navigate = useNavigate();
  return useCallback(
    (patch: Partial<T>) => {
      void navigate({ to: ".", search: ((prev: Record<string, unknown>) => applyViewPatch(prev, patch)) as never });
    },
    [navigate],
  );
}
