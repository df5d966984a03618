/**
 * Sign-in throttling that does not depend on the email asked for (issue 13): each client (its
 * IP address) has a token bucket of attempts, and the whole server runs at most a few password
 * checks at once. scrypt costs ~50 ms of CPU and 32 MiB per check; without these bounds many
 * clients posting random emails starve every other request.
 */
import { ServiceError } from "../services/errors";

export interface SignInThrottleOptions {
  /** Attempts a client may make at once before it has to wait (the bucket's size). */
  readonly clientBurst: number;
  /** Attempts a client gets back per minute (the bucket's refill). */
  readonly clientPerMinute: number;
  /** Password checks running at once on the whole server; more are answered 429 at once. */
  readonly maxConcurrent: number;
}

/** At most this many clients are remembered; the longest-untouched are forgotten first. */
const MAX_CLIENTS = 10_000;

interface Bucket { tokens: number; at: number }

export class SignInThrottle {
  private readonly buckets = new Map<string, Bucket>();
  private active = 0;

  constructor(private readonly opts: SignInThrottleOptions, private readonly now: () => number = Date.now) {}

  /**
   * Runs one sign-in attempt of `client` within the bounds.
   *
   * @throws ServiceError rate_limited with `retryAfterSeconds` when the client's bucket is empty
   *   or the server already checks `maxConcurrent` passwords
   */
  async run<T>(client: string, attempt: () => Promise<T>): Promise<T> {
    this.take(client);
    if (this.active >= this.opts.maxConcurrent) {
      throw new ServiceError("rate_limited", "Too many sign-ins at once; try again in 1 s", { retryAfterSeconds: 1 });
    }
    this.active += 1;
    try {
      return await attempt();
    } finally {
      this.active -= 1;
    }
  }

  private take(client: string): void {
    const now = this.now();
    const perMs = this.opts.clientPerMinute / 60_000;
    const old = this.buckets.get(client);
    const tokens = old === undefined ? this.opts.clientBurst : Math.min(this.opts.clientBurst, old.tokens + (now - old.at) * perMs);
    if (tokens < 1) {
      this.remember(client, { tokens, at: now });
      const wait = Math.max(1, Math.ceil((1 - tokens) / perMs / 1000));
      throw new ServiceError("rate_limited", `Too many sign-ins from this address; try again in ${wait} s`, { retryAfterSeconds: wait });
    }
    this.remember(client, { tokens: tokens - 1, at: now });
  }

  private remember(client: string, bucket: Bucket): void {
    // Re-inserted, so the map's order is least recently touched first.
    this.buckets.delete(client);
    this.buckets.set(client, bucket);
    if (this.buckets.size > MAX_CLIENTS) this.buckets.delete(this.buckets.keys().next().value!);
  }
}
