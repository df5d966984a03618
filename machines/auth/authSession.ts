/**
 * Pure rules of a signed-in session: when its access token expires, when to refresh it, and
 * whether a stored session is still usable. No clock is read here: callers pass `now`.
 */
import type { Tokens } from "../../domain/tokens";
import type { UserData } from "../../domain/entities";
import type { Session } from "./sessionSchema";

/** A session as the app keeps and persists it (its schema: `sessionSchema.ts`). */
export type { Session };

/** Share of the access token's lifetime after which it is refreshed. */
export const REFRESH_AT_SHARE = 0.8;
/** The refresh must start at least this long before expiry, so the request lands in time. */
export const MIN_MARGIN_MS = 1_000;
// setTimeout overflows past 2^31-1 ms and fires at once; a token that lives that long is
// refreshed once in ~24 days instead.
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The `exp` claim (epoch seconds) of a JWT, or null when the token is not a readable JWT. */
export function jwtExpiry(token: string): number | null {
  const payload = token.split(".")[1];
  if (payload === undefined) return null;
  try {
    const json = atob(payload.replace(/-/g, "+").replace(/_/g, "/"));
    const exp: unknown = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === "number" && Number.isFinite(exp) ? exp : null;
  } catch {
    return null;
  }
}

/**
 * Turns freshly received tokens into a session. `expires_in` is preferred over the JWT's `exp`:
 * it is relative, so a browser clock that is off by minutes cannot make every new token look
 * expired (which would refresh in a loop). `exp` is the fallback when `expires_in` is unusable.
 */
export function sessionFromTokens(tokens: Tokens, now: number): Session {
  const byExpiresIn = Number.isFinite(tokens.expires_in) && tokens.expires_in > 0 ? now + tokens.expires_in * 1000 : null;
  const exp = jwtExpiry(tokens.access_token);
  const expiresAt = byExpiresIn ?? (exp === null ? now : exp * 1000);
  return { tokens, receivedAt: now, expiresAt };
}

/**
 * Milliseconds from `now` until the access token should be refreshed: at 80 % of its lifetime,
 * and at the latest 1 s before it expires. 0 means "refresh now".
 */
export function refreshDelay(session: Session, now: number): number {
  const lifetime = session.expiresAt - session.receivedAt;
  const atShare = session.receivedAt + lifetime * REFRESH_AT_SHARE;
  const latest = session.expiresAt - MIN_MARGIN_MS;
  return Math.min(MAX_TIMER_MS, Math.max(0, Math.round(Math.min(atShare, latest) - now)));
}

/** True when the access token is (about to be) expired, so it must be refreshed before use. */
export function isStale(session: Session, now: number): boolean {
  return now >= session.expiresAt - MIN_MARGIN_MS;
}

/**
 * A path the app may send the user back to after sign-in: same-origin and absolute.
 * `//host` and `/\host` are refused because browsers read them as another origin.
 */
export function safeReturnPath(path: string): string | null {
  return /^\/(?![/\\])/.test(path) ? path : null;
}

/** The human sentence of a failed call; actors reject with an `Error` whose message is meant for people. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message.trim() !== "" ? error.message : fallback;
}

export const SESSION_ENDED = "Your session has ended. Please sign in again.";

/** An API error answered 401: the access token (or session) was refused. */
export function isUnauthorizedError(error: unknown): boolean {
  return typeof error === "object" && error !== null && "status" in error && error.status === 401;
}

/**
 * Why an existing session could not be used. A refused token (401) gets one plain sentence: the
 * server's wording there is written for developers. Anything else (no network) keeps its message.
 */
export function sessionFailureMessage(error: unknown): string {
  return isUnauthorizedError(error) ? SESSION_ENDED : errorMessage(error, "Your profile could not be loaded.");
}

/** The user with a new profile image; no user (signed out meanwhile) stays no user. */
export function withProfileImage(user: UserData | null, url: string): UserData | null {
  return user === null ? null : { ...user, imgProfile: url };
}
