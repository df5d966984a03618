/**
 * Social imports (issue 14): posts and page figures from the platforms' own exports, into the
 * `posts` and `page_audience` tables (and the page's daily `metrics` that KPI progress reads).
 * `POST /user/import-social` (multipart: the file, the account, optionally the page) and
 * `npm run social -- import`; what is read from each file: docs/social-import.md.
 */
import { Schema } from "effect";
import { ImportRowIssue } from "./metrics";

/** The layouts an import recognises from the header row (never from the file name). */
export const SOCIAL_IMPORT_FORMATS = ["meta-post", "tiktok-content", "tiktok-overview", "follower-history", "csv"] as const;
export const SocialImportFormat = Schema.Literals(SOCIAL_IMPORT_FORMATS);
export type SocialImportFormat = typeof SocialImportFormat.Type;

/** What an import writes: posts (one row per post) or page days (one row per day of the page). */
export const SocialImportKind = Schema.Literals(["posts", "days"]);
export type SocialImportKind = typeof SocialImportKind.Type;

const id = Schema.String.check(Schema.isMaxLength(100));

/** The text fields of the multipart form (the file travels in the part `file`). */
export const ImportSocialFields = Schema.Struct({
  /** The account (bag) id the file belongs to; an account of one of the user's brands. */
  account: id.check(Schema.isMinLength(1)),
  /** A page of that account; required when the account has more than one page. */
  page: Schema.optionalKey(id),
});
export type ImportSocialFields = typeof ImportSocialFields.Type;

const Count = Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0));

export const ImportSocialResult = Schema.Struct({
  format: SocialImportFormat,
  kind: SocialImportKind,
  /** How the bytes were read: "utf-8", "utf-16le", "utf-16be", "windows-874" or "xlsx". */
  encoding: Schema.String,
  /** The account and the page the rows were stored on. */
  account: Schema.String,
  page: Schema.String,
  /** Data rows of the file that were imported (posts, or page days). */
  rows: Count,
  /** Rows stored for the first time. */
  inserted: Count,
  /** Rows that replaced different stored figures (a re-export with newer totals). */
  updated: Count,
  /** Rows already stored with the same figures (the same file twice). */
  unchanged: Count,
  /** Demo rows removed because real ones of the same page arrived (posts, page days and daily metric values). */
  demoRemoved: Count,
  /** First and last Bangkok day of the rows (null when the file held none). */
  first: Schema.NullOr(Schema.String),
  last: Schema.NullOr(Schema.String),
  /** How columns were read, rows left out on purpose, assumptions made (line 0 = the file as a whole). */
  notes: Schema.Array(ImportRowIssue),
});
export type ImportSocialResult = typeof ImportSocialResult.Type;

export const ImportSocialResponse = Schema.Struct({ msg: Schema.String, data: ImportSocialResult });
export type ImportSocialResponse = typeof ImportSocialResponse.Type;

/** The 400 answer of a refused import: nothing was written; every bad row with its line and reason. */
export const ImportSocialRefusal = Schema.Struct({
  error: Schema.String,
  message: Schema.String,
  rows: Schema.Array(ImportRowIssue),
});
export type ImportSocialRefusal = typeof ImportSocialRefusal.Type;
