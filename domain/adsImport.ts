/**
 * Ads imports (issue 15): campaigns, ad sets, ads and their daily figures from Meta Ads Manager
 * and TikTok Ads Manager reports or the documented CSV, into the ad tables and, in step, the
 * account's daily `metrics` of plan `ads` that KPI progress reads. `POST /user/import-ads`
 * (multipart: the file and the ad account) and `npm run ads -- import FILE --account BAG`; what
 * is read from each layout: docs/ads-import.md.
 */
import { Schema } from "effect";
import { ImportRowIssue } from "./metrics";

/** The layouts an import recognises from the header row (never from the file name). */
export const ADS_IMPORT_FORMATS = ["meta-ads", "tiktok-ads", "csv"] as const;
export const AdsImportFormat = Schema.Literals(ADS_IMPORT_FORMATS);
export type AdsImportFormat = typeof AdsImportFormat.Type;

/** The text fields of the multipart form (the file travels in the part `file`). */
export const ImportAdsFields = Schema.Struct({
  /** The ad account (bag) id the file belongs to; an account of one of the user's brands. */
  account: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(100)),
});
export type ImportAdsFields = typeof ImportAdsFields.Type;

const Count = Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0));

export const ImportAdsResult = Schema.Struct({
  format: AdsImportFormat,
  /** How the bytes were read: "utf-8", "utf-16le", "utf-16be", "windows-874" or "xlsx". */
  encoding: Schema.String,
  account: Schema.String,
  /** Data rows of the file that were imported (one per ad and day). */
  rows: Count,
  campaigns: Count,
  adSets: Count,
  ads: Count,
  /** Ad days stored for the first time / replacing different figures / already stored alike (the same file twice). */
  inserted: Count,
  updated: Count,
  unchanged: Count,
  /** Demo rows of the account removed because real ones arrived (ad days and daily metric values). */
  demoRemoved: Count,
  /** First and last Bangkok day of the rows (null when the file held none). */
  first: Schema.NullOr(Schema.String),
  last: Schema.NullOr(Schema.String),
  /** Alerts the brand's rules raised over the imported days and the windows after them. */
  alerts: Count,
  /** How columns were read, rows left out on purpose, assumptions made (line 0 = the file as a whole). */
  notes: Schema.Array(ImportRowIssue),
});
export type ImportAdsResult = typeof ImportAdsResult.Type;

export const ImportAdsResponse = Schema.Struct({ msg: Schema.String, data: ImportAdsResult });
export type ImportAdsResponse = typeof ImportAdsResponse.Type;

/** The 400 answer of a refused import: nothing was written; every bad row with its line and reason. */
export const ImportAdsRefusal = Schema.Struct({
  error: Schema.String,
  message: Schema.String,
  rows: Schema.Array(ImportRowIssue),
});
export type ImportAdsRefusal = typeof ImportAdsRefusal.Type;
