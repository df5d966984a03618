/**
 * Pure rules of the chunk-reload guard (spec §8: "A chunk-load failure triggers a full reload,
 * at most once per 60 seconds"). No clock is read here: callers pass `now`.
 */

/** A second failure within this window of the last reload shows the error page instead. */
export const RELOAD_WINDOW_MS = 60_000;

/**
 * Whether a failed chunk may reload the page: never reloaded, or the last reload is at least
 * `RELOAD_WINDOW_MS` ago. A timestamp in the future (clock moved back) counts as recent, so a
 * skewed clock cannot cause a reload loop.
 */
export function mayReload(lastReloadAt: number | null, now: number): boolean {
  if (lastReloadAt === null) return true;
  return now >= lastReloadAt + RELOAD_WINDOW_MS;
}

/** The message of the error page's detail when a chunk cannot be loaded even after a reload. */
export const CHUNK_FAILED_MESSAGE = "A part of the app could not be loaded. Check your connection and reload the page.";
