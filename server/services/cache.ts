/**
 * A small time-bounded cache for hot reads (the session check of every call, the user data).
 * Writes made through this process invalidate their entries at once; changes made by another
 * process (a second server on the same PostgreSQL) are seen after at most `ttlMs`.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; until: number }>();

  constructor(private readonly ttlMs: number, private readonly maxEntries = 10_000) {}

  async get(key: K, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value;
    const value = await load();
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, until: now + this.ttlMs });
    return value;
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  deleteWhere(pred: (value: V, key: K) => boolean): void {
    for (const [k, e] of this.entries) if (pred(e.value, k)) this.entries.delete(k);
  }

  clear(): void {
    this.entries.clear();
  }
}

export interface SessionInfo { readonly userId: number; readonly permissions: readonly string[] }

/** The caches the services share, so a change made by one service invalidates what another cached. */
export class ReadCaches {
  /** sessionId → the session's user and permissions (null = no live session). */
  readonly sessions: TtlCache<string, SessionInfo | null>;
  /** userId → the body of GET /user/getdata. */
  readonly userData: TtlCache<number, unknown>;

  constructor(ttlMs = 2000) {
    this.sessions = new TtlCache(ttlMs);
    this.userData = new TtlCache(ttlMs);
  }

  /** Forget everything about one user: after a permission, password, profile or account change. */
  forgetUser(userId: number): void {
    this.userData.delete(userId);
    this.sessions.deleteWhere((s) => s?.userId === userId);
  }
}
