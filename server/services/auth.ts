import { randomUUID } from "node:crypto";
import type { PermissionCode } from "../../domain/entities";
import type { Tokens } from "../../domain/api";
import type { Storage } from "../storage/storage";
import { dummyHash, verifyPassword } from "../auth/passwords";
import { SignInThrottle, type SignInThrottleOptions } from "../auth/throttle";
import { type AccessTokens, hashRefreshToken, newRefreshToken } from "../auth/tokens";
import type { ReadCaches } from "./cache";
import { ServiceError } from "./errors";

export interface Principal {
  readonly userId: number;
  readonly sessionId: string;
  readonly permissions: readonly PermissionCode[];
}

/**
 * Seconds after its rotation during which a refresh token may be presented once more: a page
 * reloaded while its refresh request was in flight never saw the new token, and must not lose the
 * session for it. A second replay, or one after the grace, revokes the family.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

/** How often sign-in sweeps away sessions, refresh tokens and sign-in failures that can no longer matter. */
export const AUTH_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** What sign-in and refresh answer (401) for a disabled user who gave the right password or a live token. */
export const DISABLED_MESSAGE = "This account is disabled: ask your administrator";

export interface AuthOptions {
  readonly refreshTokenTtl: number;
  readonly maxFailures: number;
  readonly lockSeconds: number;
  /** Per-client and server-wide bounds on sign-in attempts. */
  readonly throttle: SignInThrottleOptions;
}

export class AuthService {
  private lastSweep = Number.NEGATIVE_INFINITY;
  private readonly throttle: SignInThrottle;

  constructor(
    private readonly db: Storage,
    private readonly access: AccessTokens,
    private readonly opts: AuthOptions,
    private readonly caches: ReadCaches,
  ) {
    this.throttle = new SignInThrottle(opts.throttle);
  }

  /** A new token pair; `parentHash` is the refresh token it was rotated from (null at sign-in). */
  private async issue(userId: number, sessionId: string, tx: Pick<Storage, "query">, parentHash: string | null = null): Promise<Tokens> {
    const refresh = newRefreshToken();
    await tx.query(
      "INSERT INTO refresh_tokens (token_hash, session_id, expires_at, parent_hash) VALUES ($1, $2, now() + make_interval(secs => $3), $4)",
      [refresh.hash, sessionId, this.opts.refreshTokenTtl, parentHash],
    );
    const access_token = await this.access.sign({ userId, sessionId });
    return { access_token, refresh_token: refresh.token, expires_in: this.access.ttlSeconds };
  }

  /** Checks the lock of an email before spending a password hash on it. */
  private async assertNotLocked(email: string): Promise<void> {
    const res = await this.db.query<{ wait: number }>(
      "SELECT ceil(extract(epoch FROM locked_until - now()))::int AS wait FROM login_failures WHERE email = $1 AND locked_until > now()",
      [email],
    );
    const wait = res.rows[0]?.wait;
    if (wait !== undefined) {
      throw new ServiceError("rate_limited", `Too many failed sign-ins for this email; try again in ${wait} s`, { retryAfterSeconds: wait });
    }
  }

  private async recordFailure(email: string): Promise<void> {
    // Failures count inside a window as long as the lock. From the limit on, each failure makes
    // the email wait twice as long before the next try (1 s, 2 s, 4 s, … up to the lock time),
    // which slows guessing down without locking the real owner out for long after a few tries.
    await this.db.query(
      `INSERT INTO login_failures (email, failures, window_start) VALUES ($1, 1, now())
       ON CONFLICT (email) DO UPDATE SET
         failures = CASE WHEN login_failures.window_start < now() - make_interval(secs => $3) THEN 1 ELSE login_failures.failures + 1 END,
         window_start = CASE WHEN login_failures.window_start < now() - make_interval(secs => $3) THEN now() ELSE login_failures.window_start END,
         locked_until = CASE
           WHEN login_failures.window_start >= now() - make_interval(secs => $3) AND login_failures.failures + 1 >= $2
           THEN now() + make_interval(secs => least($3::float8, power(2, login_failures.failures + 1 - $2)))
           ELSE NULL END`,
      [email, this.opts.maxFailures, this.opts.lockSeconds],
    );
  }

  /**
   * Deletes what can no longer matter, so a flood of sign-ins leaves no rows forever:
   * - sessions whose refresh tokens have all expired, or that were revoked, once their last
   *   access token has expired too (their refresh tokens go with them);
   * - sign-in failures whose window and lock are over.
   *
   * @returns how many rows of each kind were deleted
   */
  async sweep(): Promise<{ sessions: number; loginFailures: number }> {
    const accessTtl = this.access.ttlSeconds;
    const sessions = await this.db.query(
      `DELETE FROM sessions s
        WHERE s.created_at < now() - make_interval(secs => $1)
          AND (s.revoked_at < now() - make_interval(secs => $1)
               OR NOT EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.session_id = s.id AND r.expires_at > now() - make_interval(secs => $1)))`,
      [accessTtl],
    );
    const failures = await this.db.query(
      `DELETE FROM login_failures
        WHERE window_start < now() - make_interval(secs => $1) AND (locked_until IS NULL OR locked_until < now())`,
      [this.opts.lockSeconds],
    );
    return { sessions: sessions.affectedRows, loginFailures: failures.affectedRows };
  }

  /** {@link sweep}, at most once per {@link AUTH_SWEEP_INTERVAL_MS} per process. */
  private async sweepIfDue(): Promise<void> {
    const now = Date.now();
    if (now - this.lastSweep < AUTH_SWEEP_INTERVAL_MS) return;
    this.lastSweep = now;
    await this.sweep();
  }

  /**
   * Signs in. `client` is the caller's address for the per-client throttle.
   *
   * @throws ServiceError rate_limited (with `retryAfterSeconds`) when the client, the server or
   *   the email is throttled; unauthorized for a wrong email or password
   */
  async login(emailInput: string, password: string, client = "local"): Promise<Tokens> {
    return this.throttle.run(client, () => this.checkAndSignIn(emailInput, password));
  }

  private async checkAndSignIn(emailInput: string, password: string): Promise<Tokens> {
    await this.sweepIfDue();
    const email = emailInput.trim().toLowerCase();
    await this.assertNotLocked(email);
    const res = await this.db.query<{ id: number; password_hash: string; disabled: boolean }>(
      "SELECT id, password_hash, disabled FROM users WHERE email = $1",
      [email],
    );
    const user = res.rows[0];
    const ok = await verifyPassword(password, user?.password_hash ?? (await dummyHash()));
    if (!user || !ok) {
      await this.recordFailure(email);
      throw new ServiceError("unauthorized", "Email or password is incorrect");
    }
    await this.db.query("DELETE FROM login_failures WHERE email = $1", [email]);
    // Said only to the one who knows the password: a guesser learns nothing more than from a wrong one.
    if (user.disabled) throw new ServiceError("unauthorized", DISABLED_MESSAGE);
    const sessionId = randomUUID();
    return this.db.transaction(async (tx) => {
      await tx.query("INSERT INTO sessions (id, user_id) VALUES ($1, $2)", [sessionId, user.id]);
      await tx.query("UPDATE users SET last_sign_in_at = now() WHERE id = $1", [user.id]);
      return this.issue(user.id, sessionId, tx);
    });
  }

  /**
   * Rotates a refresh token. A token that was already rotated is a replay: the whole session
   * (every token of the family, and its access tokens) is revoked.
   *
   * Within the grace a rotated token may be presented once more and gets a second successor.
   * The two successors are siblings: rotating either ends the other (marked used, no grace), so
   * two chains never live side by side, and presenting the ended one later is a replay.
   */
  async refresh(token: string): Promise<Tokens> {
    const hash = hashRefreshToken(token);
    const outcome = await this.db.transaction(async (tx): Promise<{ error: string } | { tokens: Tokens }> => {
      const res = await tx.query<{ session_id: string; used: boolean; graceable: boolean; expired: boolean; revoked: boolean; user_id: number; disabled: boolean }>(
        `SELECT r.session_id, r.used_at IS NOT NULL AS used,
                (r.reused_at IS NULL AND r.used_at > now() - make_interval(secs => $2)) AS graceable,
                r.expires_at <= now() AS expired,
                s.revoked_at IS NOT NULL AS revoked, s.user_id, u.disabled
           FROM refresh_tokens r JOIN sessions s ON s.id = r.session_id JOIN users u ON u.id = s.user_id
          WHERE r.token_hash = $1 FOR UPDATE OF r`,
        [hash, REFRESH_REUSE_GRACE_SECONDS],
      );
      const row = res.rows[0];
      if (!row) return { error: "Refresh token is not valid" };
      if (row.disabled) {
        await tx.query("UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL", [row.session_id]);
        this.caches.sessions.delete(row.session_id);
        return { error: DISABLED_MESSAGE };
      }
      if (row.revoked) return { error: "Session has ended" };
      if (row.used && row.graceable) {
        await tx.query("UPDATE refresh_tokens SET reused_at = now() WHERE token_hash = $1", [hash]);
        return { tokens: await this.issue(row.user_id, row.session_id, tx, hash) };
      }
      if (row.used) {
        await tx.query("UPDATE sessions SET revoked_at = now() WHERE id = $1", [row.session_id]);
        this.caches.sessions.delete(row.session_id);
        return { error: "Refresh token was already used; the session has been revoked" };
      }
      if (row.expired) return { error: "Refresh token has expired" };
      await tx.query("UPDATE refresh_tokens SET used_at = now() WHERE token_hash = $1", [hash]);
      // The other successors of this token's parent (a grace reuse's) end here.
      await tx.query(
        `UPDATE refresh_tokens SET used_at = now(), reused_at = now()
          WHERE used_at IS NULL AND token_hash <> $1
            AND parent_hash = (SELECT parent_hash FROM refresh_tokens WHERE token_hash = $1)`,
        [hash],
      );
      return { tokens: await this.issue(row.user_id, row.session_id, tx, hash) };
    });
    if ("error" in outcome) throw new ServiceError("unauthorized", outcome.error);
    return outcome.tokens;
  }

  /** Ends the session of the access token, and the family of the given refresh token if any. */
  async logout(principal: Principal, refreshToken: string | undefined): Promise<void> {
    const ended = await this.db.transaction(async (tx) => {
      await tx.query("UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL", [principal.sessionId]);
      if (!refreshToken) return [];
      const res = await tx.query<{ id: string }>(
        `UPDATE sessions SET revoked_at = now()
          WHERE revoked_at IS NULL AND user_id = $2
            AND id = (SELECT session_id FROM refresh_tokens WHERE token_hash = $1)
          RETURNING id`,
        [hashRefreshToken(refreshToken), principal.userId],
      );
      return res.rows.map((r) => r.id);
    });
    for (const id of [principal.sessionId, ...ended]) this.caches.sessions.delete(id);
  }

  /** The signed-in user of a bearer token whose session is still live, or null. */
  async authenticate(bearer: string): Promise<Principal | null> {
    const claims = await this.access.verify(bearer);
    if (!claims) return null;
    const session = await this.caches.sessions.get(claims.sessionId, async () => {
      const res = await this.db.query<{ user_id: number; permissions: PermissionCode[] }>(
        `SELECT s.user_id, u.permissions FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE s.id = $1 AND s.revoked_at IS NULL AND NOT u.disabled`,
        [claims.sessionId],
      );
      const row = res.rows[0];
      return row ? { userId: row.user_id, permissions: row.permissions } : null;
    });
    if (!session || session.userId !== claims.userId) return null;
    return { userId: claims.userId, sessionId: claims.sessionId, permissions: session.permissions as PermissionCode[] };
  }
}
