/**
 * The tokens of a session, as the API hands them out. Apart from `api.ts` (which re-exports them)
 * so that the session rules, and with them the signed-out sign-in page, do without the whole
 * call table and every contract behind it.
 */
import { Schema } from "effect";

export const Tokens = Schema.Struct({
  access_token: Schema.String,
  refresh_token: Schema.String,
  /** Seconds until the access token expires. */
  expires_in: Schema.Number,
});
export type Tokens = typeof Tokens.Type;
