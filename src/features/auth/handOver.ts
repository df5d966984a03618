/**
 * Tokens handed over in the URL fragment of the SSO callback (`/login#access_token=…`).
 * The fragment never reaches a server, which is why tokens travel there.
 */
import { Schema } from "effect";
import { Tokens } from "../../../domain/api";

const HandOver = Schema.Struct({ ...Tokens.fields, expires_in: Schema.FiniteFromString });
const decodeHandOver = Schema.decodeUnknownResult(HandOver);

/** The tokens of a `#access_token=…&refresh_token=…&expires_in=…` fragment, or null. */
export function parseHandOver(hash: string): Tokens | null {
  const params = Object.fromEntries(new URLSearchParams(hash.replace(/^#/, "")));
  const decoded = decodeHandOver(params);
  return decoded._tag === "Success" && decoded.success.access_token !== "" && decoded.success.refresh_token !== ""
    ? decoded.success
    : null;
}
