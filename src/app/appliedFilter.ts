/**
 * The active filter, resolved once for every page: the URL names a template by title (or carries
 * an ad-hoc filter); the user's templates are read once and kept until one of them changes (the
 * filter drawer saves, edits or deletes one: `forgetFilterTemplates`) or another user signs in,
 * so pages never fetch the template list again for each load. A page then merges the result
 * with its chart clicks (`pageFilterOf`).
 */
import { appliedFilterOf, pageFilterOf, type AppliedFilter, type ChartClick } from "../../domain/commerceFilter";
import type { CommerceFilter } from "../../domain/commerce";
import type { FilterTemplate } from "../../domain/entities";
import type { ResolvedView } from "../../domain/viewSearch";
import { authedCall } from "@/app/api";
import { authActor } from "@/app/auth";

export type { AppliedFilter };

let cached: { readonly user: string; readonly templates: Promise<readonly FilterTemplate[]> } | null = null;

function userKey(): string {
  return authActor.getSnapshot().context.user?.email ?? "";
}

/** The signed-in user's filter templates, read at most once until forgotten. */
function filterTemplates(): Promise<readonly FilterTemplate[]> {
  const user = userKey();
  if (cached === null || cached.user !== user) {
    const templates = authedCall("getTemplates", {}).then(({ data }) => data.map(({ updated_at: _updatedAt, ...template }) => template));
    cached = { user, templates };
    // A failed read is not kept: the next page load asks again.
    templates.catch(() => {
      if (cached?.templates === templates) cached = null;
    });
  }
  return cached.templates;
}

/** A template was saved, edited or deleted: the next resolution reads the list again. */
export function forgetFilterTemplates(): void {
  cached = null;
}

function abortable<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (signal === undefined) return promise;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** The user's filter templates from the list kept for every page (read once until one changes). */
export function readFilterTemplates(signal?: AbortSignal): Promise<readonly FilterTemplate[]> {
  return abortable(filterTemplates(), signal);
}

/** The view's active filter as found: the named template (read from the kept list), the ad-hoc filter, or none. */
export async function resolveAppliedFilter(active: ResolvedView["active"], signal?: AbortSignal): Promise<AppliedFilter> {
  if (active.kind !== "template") return appliedFilterOf(active, []);
  return appliedFilterOf(active, await abortable(filterTemplates(), signal));
}

/** The filter a page's figures apply: the view's active filter merged with the page's chart clicks. */
export async function resolvePageFilter(
  active: ResolvedView["active"],
  clicks: readonly ChartClick[],
  signal?: AbortSignal,
): Promise<{ readonly applied: AppliedFilter; readonly filter: CommerceFilter }> {
  const applied = await resolveAppliedFilter(active, signal);
  return { applied, filter: pageFilterOf(applied, clicks) };
}
