/**
 * Which page-data loads are in flight, for the loading bar (spec §9: 5 s duration, 200 ms
 * throttle). A load that settles within the throttle never shows the bar.
 */
export const LOADING_BAR_DURATION_MS = 5_000;
export const LOADING_BAR_THROTTLE_MS = 200;

let active = 0;
let visible = false;
let timer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

function setVisible(next: boolean) {
  if (visible === next) return;
  visible = next;
  for (const listener of listeners) listener();
}

function begin() {
  active += 1;
  if (active === 1) timer = setTimeout(() => setVisible(true), LOADING_BAR_THROTTLE_MS);
}

function end() {
  active = Math.max(0, active - 1);
  if (active > 0) return;
  if (timer !== null) clearTimeout(timer);
  timer = null;
  setVisible(false);
}

/** Tracks `work` until it settles; returns it unchanged. */
export function trackLoading<T>(work: Promise<T>): Promise<T> {
  begin();
  return work.finally(end);
}

/** For `useSyncExternalStore`: whether the bar is showing. */
export function isLoadingBarVisible(): boolean {
  return visible;
}

export function subscribeLoading(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
