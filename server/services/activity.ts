/**
 * Whether the server is answering requests, so that background work (the demo's background
 * fills) can wait for a quiet moment: PGlite runs one statement at a time, and a fill step of
 * a second would hold every request that arrives meanwhile.
 */
export class Activity {
  private active = 0;
  private last = Number.NEGATIVE_INFINITY;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** A request begins; pair with {@link end}. */
  begin(): void {
    this.active++;
    this.last = this.now();
  }

  end(): void {
    this.active = Math.max(0, this.active - 1);
    this.last = this.now();
  }

  /** Milliseconds since the last request ended; 0 while one is under way. */
  idleFor(): number {
    return this.active > 0 ? 0 : this.now() - this.last;
  }

  /**
   * Resolves once no request has been under way for `quietMs`, or as soon as `cancelled()`
   * turns true (checked at least every `quietMs`).
   */
  async quiet(quietMs: number, cancelled: () => boolean = () => false): Promise<void> {
    for (;;) {
      const idle = this.idleFor();
      if (idle >= quietMs || cancelled()) return;
      await new Promise((r) => setTimeout(r, Math.max(5, quietMs - idle)));
    }
  }
}
