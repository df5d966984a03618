import { createHash, randomBytes } from "node:crypto";
import { SignJWT, jwtVerify, errors } from "jose";

export interface AccessClaims { readonly userId: number; readonly sessionId: string }

const ISSUER = "brand-dashboard";

export class AccessTokens {
  constructor(private readonly secret: Uint8Array, readonly ttlSeconds: number) {}

  /**
   * A token that lives at least `ttlSeconds`, the `expires_in` the client is told. `exp` is in
   * whole seconds: counted from the second the token was signed in (`iat`), it would expire up to
   * a second early, and a client that believes `expires_in` would send a token already refused.
   */
  sign(claims: AccessClaims): Promise<string> {
    const now = Date.now() / 1000;
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setIssuedAt(Math.floor(now))
      .setExpirationTime(Math.ceil(now + this.ttlSeconds))
      .sign(this.secret);
  }

  /** The claims of a valid, unexpired token, or null. */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      // A token without an expiry would never expire: refused, like one without a subject or session.
      const { payload } = await jwtVerify(token, this.secret, { issuer: ISSUER, algorithms: ["HS256"], requiredClaims: ["exp", "sub", "sid"] });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.sid !== "string") return null;
      return { userId, sessionId: payload.sid };
    } catch (err) {
      if (err instanceof errors.JOSEError) return null;
      throw err;
    }
  }
}

/**
 * The token of an `Authorization: Bearer <token>` header, or null. The scheme is matched without
 * regard to case (RFC 9110 §11.1: "bearer" is "Bearer"), one or more spaces may follow it.
 */
export function bearerToken(header: string | undefined): string | null {
  return /^Bearer +([A-Za-z0-9._~+/=-]+)$/i.exec(header ?? "")?.[1] ?? null;
}

/** An opaque refresh token: 32 random bytes; only its SHA-256 is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
