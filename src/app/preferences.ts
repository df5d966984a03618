/**
 * Choices remembered across reloads and sign-ins on this browser (spec §4: "Brand and channel
 * selections are stored"). Storage is input: anything unreadable counts as no choice.
 */
import type { RememberedChoice } from "../../domain/viewSearch";

const KEY = "brand-dashboard.preferences";

function read(): RememberedChoice {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? "null");
    if (typeof parsed !== "object" || parsed === null) return {};
    const { brand, ch } = parsed as Record<string, unknown>;
    return { brand: typeof brand === "string" ? brand : null, ch: typeof ch === "string" ? ch : null };
  } catch {
    return {};
  }
}

// Cached so `useSyncExternalStore` sees the same object until a choice changes.
let current: RememberedChoice | null = null;

export function readPreferences(): RememberedChoice {
  current ??= read();
  return current;
}

export function writePreferences(patch: RememberedChoice): void {
  const next = { ...readPreferences(), ...patch };
  current = next;
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Private mode or a full quota: the choice then lives in the URL only.
  }
  for (const listener of listeners) listener();
}

const listeners = new Set<() => void>();

/** For `useSyncExternalStore`. */
export function subscribePreferences(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
