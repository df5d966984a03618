/** What the social parsers produce: posts, or days of a page, read from one file and checked row by row. */
import type { PostType } from "../../../domain/social";
import type { SocialImportFormat, SocialImportKind } from "../../../domain/socialImport";
import type { SourceEncoding, SourceRow } from "../sheet";

export interface RowIssue {
  readonly line: number;
  readonly reason: string;
}

/** One post as the file gives it (lifetime totals as of the export). */
export interface PostDraft {
  readonly line: number;
  readonly postId: string;
  /** The instant of publishing (ms since the epoch); the file's times are Bangkok wall times. */
  readonly publishedAt: number;
  readonly type: PostType;
  readonly caption: string;
  readonly permalink: string | null;
  readonly reach: number;
  readonly impressions: number;
  readonly reactions: number;
  readonly comments: number;
  readonly shares: number;
  readonly saves: number | null;
  readonly linkClicks: number | null;
  readonly videoViews: number | null;
  readonly avgWatchSeconds: number | null;
  readonly completionRate: number | null;
  /** A page of the import's account named by the row itself (documented CSV `page_id`); undefined = the import's page. */
  readonly page?: string;
}

/** The daily metric values of a page that a day row carries into `metrics` (plan `ma`). */
export type DayMetric = "view" | "engagement" | "follower";

/** One day of a page. A figure the file does not give is undefined: the stored one is kept. */
export interface DayDraft {
  readonly line: number;
  readonly day: string;
  readonly followers?: number;
  readonly follows?: number;
  readonly unfollows?: number;
  readonly pageViews?: number;
  readonly metrics: Partial<Record<DayMetric, number>>;
}

/** A day row whose date has no year (TikTok Studio, `28 May`): resolved once the whole file is read. */
export interface UndatedDay extends Omit<DayDraft, "day"> {
  readonly month: number;
  readonly dom: number;
}

/** What a row reader returns: the row, why it is refused, or null for a row left out (with its note). */
export type RowResult<T> = T | { readonly refused: string } | { readonly skipped: string };

export interface ParseContext {
  /** The current instant: posts published after it are refused. */
  readonly now: Date;
  /** Today's Bangkok day: days after it are refused, and years missing from dates are inferred from it. */
  readonly today: string;
}

/** How a format reads the file: its fields with their header aliases (English and Thai, matched normalized). */
export interface SocialFormatSpec<F extends string = string> {
  readonly format: SocialImportFormat;
  readonly kind: SocialImportKind;
  /** How the layout is named in messages ("a Meta Business Suite post export"). */
  readonly label: string;
  /** The account channel the file belongs to; null = either. */
  readonly channel: "facebook" | "tiktok" | null;
  readonly fields: Readonly<Record<F, readonly string[]>>;
  /** Fields whose column must be present. */
  readonly required: readonly F[];
  matches(index: ReadonlyMap<string, number>): boolean;
  /**
   * Makes the function that reads the rows (cut down to the format's columns, `col` says where
   * each field is; undefined = not in the file), in file order. `notes` takes what the answer
   * should say about the file as a whole.
   */
  reader(col: Readonly<Record<F, number | undefined>>, ctx: ParseContext, notes: RowIssue[]): (row: SourceRow) => RowResult<PostDraft | DayDraft | UndatedDay>;
}

/** Lets a spec with its own field names sit in a list of specs. */
export const defineFormat = <F extends string>(spec: SocialFormatSpec<F>): SocialFormatSpec => spec as unknown as SocialFormatSpec;

/** What {@link parseSocialSteps} returns once the file is read: all but the posts, which it handed over in chunks. */
export interface SocialFileSummary {
  readonly format: SocialImportFormat;
  readonly kind: SocialImportKind;
  readonly label: string;
  readonly channel: "facebook" | "tiktok" | null;
  readonly encoding: SourceEncoding;
  readonly days: readonly DayDraft[];
  /** Every bad row, in line order (empty = the file can be imported). */
  readonly errors: readonly RowIssue[];
  readonly notes: readonly RowIssue[];
}

/** A social file read all at once ({@link parseSocialFile}): the posts too. */
export interface ParsedSocial extends SocialFileSummary {
  readonly posts: readonly PostDraft[];
}
