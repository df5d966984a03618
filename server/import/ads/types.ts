/** What the ads parsers produce: one row per ad and day, read from one file and checked row by row. */
import type { AdFormat, AdObjective, CampaignStatus } from "../../../domain/adsContract";
import type { AdsImportFormat } from "../../../domain/adsImport";
import type { SourceEncoding, SourceRow } from "../sheet";

export interface RowIssue {
  readonly line: number;
  readonly reason: string;
}

/** One ad's figures for one Bangkok day, with the campaign and ad set it belongs to, as the row gives them. */
export interface AdRowDraft {
  readonly line: number;
  readonly day: string;
  readonly campaignId: string;
  readonly campaignName: string;
  /** The objective the row's Objective column names; null when the file has none (then inferred from the results). */
  readonly objective: AdObjective | null;
  /** The campaign's status from a delivery or status column; null = told by its days once written. */
  readonly status: CampaignStatus | null;
  readonly adSetId: string;
  readonly adSetName: string;
  readonly budgetSatang: number | null;
  readonly budgetKind: "daily" | "lifetime" | null;
  readonly optimisationGoal: string | null;
  readonly adId: string;
  readonly adName: string;
  readonly format: AdFormat | null;
  readonly spendSatang: number;
  readonly impressions: number;
  readonly reach: number;
  readonly clicks: number;
  readonly videoViews: number;
  readonly results: number;
  /** What the results count, readable ("Purchases", "Leads"); null without results. */
  readonly resultType: string | null;
  /** Null where the file gives no purchase value (not 0). */
  readonly purchaseValueSatang: number | null;
}

/** What a row reader returns: the row, why it is refused, or a row left out (with its note). */
export type RowResult<T> = T | { readonly refused: string } | { readonly skipped: string };

export interface ParseContext {
  /** Today's Bangkok day: later days are refused. */
  readonly today: string;
  /**
   * The ad account the file is imported into: an id a layout makes from a name (a report without
   * a Campaign ID or Ad set ID column) is made unique to it.
   */
  readonly account: string;
}

/** How a layout reads the file: its fields with their header aliases (English and Thai, matched normalized). */
export interface AdsFormatSpec<F extends string = string> {
  readonly format: AdsImportFormat;
  /** How the layout is named in messages ("a Meta Ads Manager report"). */
  readonly label: string;
  /** The account channel the file belongs to; null = either. */
  readonly channel: "facebook" | "tiktok" | null;
  readonly fields: Readonly<Record<F, readonly string[]>>;
  /** Fields whose column must be present. */
  readonly required: readonly F[];
  matches(index: ReadonlyMap<string, number>): boolean;
  /** Why a header the layout matched refuses the whole file (money not in THB); null when it does not. */
  refuse?(index: ReadonlyMap<string, number>): string | null;
  /**
   * Makes the function that reads the rows (cut down to the layout's columns, `col` says where
   * each field is; undefined = not in the file), in file order. `header` maps a field to its name
   * in the file (for messages); `notes` takes what the answer should say about the file as a
   * whole. May throw FileRefusedError (the header lacks what the layout needs).
   */
  reader(col: Readonly<Record<F, number | undefined>>, ctx: ParseContext, notes: RowIssue[], header: (field: F) => string): (row: SourceRow) => RowResult<AdRowDraft>;
}

/** Lets a spec with its own field names sit in a list of specs. */
export const defineAdsFormat = <F extends string>(spec: AdsFormatSpec<F>): AdsFormatSpec => spec as unknown as AdsFormatSpec;

export interface CampaignDraft {
  readonly id: string;
  readonly name: string;
  readonly objective: AdObjective;
  /** Null: told by the campaign's days once written (active when its last day is today or yesterday, else ended). */
  readonly status: CampaignStatus | null;
}

export interface AdSetDraft {
  readonly id: string;
  readonly campaignId: string;
  readonly name: string;
  readonly budgetSatang: number | null;
  readonly budgetKind: "daily" | "lifetime" | null;
  readonly optimisationGoal: string | null;
}

export interface AdDraft {
  readonly id: string;
  readonly campaignId: string;
  readonly adSetId: string;
  readonly name: string;
  readonly format: AdFormat | null;
}

/** What {@link parseAdsSteps} returns once the file is read: all but the rows, which it handed over in chunks. */
export interface AdsFileSummary {
  readonly format: AdsImportFormat;
  readonly label: string;
  readonly channel: "facebook" | "tiktok" | null;
  readonly encoding: SourceEncoding;
  readonly campaigns: readonly CampaignDraft[];
  readonly adSets: readonly AdSetDraft[];
  readonly ads: readonly AdDraft[];
  /** Every bad row, in line order (empty = the file can be imported). */
  readonly errors: readonly RowIssue[];
  readonly notes: readonly RowIssue[];
}

/** An ads file read all at once ({@link parseAdsFile}): the rows too. */
export interface ParsedAds extends AdsFileSummary {
  readonly rows: readonly AdRowDraft[];
}
