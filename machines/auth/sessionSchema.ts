/**
 * The schema of a persisted session (`authSession.ts` has its rules). A module of its own, loaded
 * only when a stored session is read back: the signed-out sign-in page does without effect's
 * Schema (issue 18, its JS budget).
 */
import { Schema } from "effect";
import { Tokens } from "../../domain/tokens";

/**
 * A session as the app keeps and persists it. `expiresAt` is computed once, when the tokens
 * arrive, on the browser's clock, so a reload can tell how much lifetime is left without
 * trusting the server's clock.
 */
export const Session = Schema.Struct({
  tokens: Tokens,
  /** Epoch ms at which the tokens were received. */
  receivedAt: Schema.Finite,
  /** Epoch ms at which the access token expires. */
  expiresAt: Schema.Finite,
});
export type Session = typeof Session.Type;

/** A stored session (JSON text) back as a `Session`, or why it is not one. */
export const decodeStoredSession = Schema.decodeUnknownResult(Schema.fromJsonString(Session));
