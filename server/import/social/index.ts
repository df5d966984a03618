/**
 * Reads a social file of any supported layout: a Meta Business Suite post export, a TikTok Studio
 * content, overview or follower-history export (CSV or XLSX), or the documented posts CSV. The
 * layout is recognised from the header row, never from the file name. The file is read row by
 * row with the orders import's table reader (`../orders/table.ts`: encodings, delimiter, the
 * first sheet of a workbook, only the columns read kept). Pure: no storage, no HTTP.
 */
import { isDay } from "../../../domain/calendarDays";
import { findColumn, headerIndex } from "../normalize";
import { readOrdersTable } from "../orders/table";
import { ROWS_PER_STEP, runSteps, type Step } from "../slices";
import { FileRefusedError } from "../types";
import { days as daysOf } from "./order";
import { followerHistoryFormat, tiktokOverviewFormat } from "./days";
import { documentedFormat } from "./documented";
import { metaPostsFormat } from "./metaPosts";
import { tiktokContentFormat } from "./tiktokContent";
import type { DayDraft, ParseContext, ParsedSocial, PostDraft, RowIssue, SocialFileSummary, SocialFormatSpec, UndatedDay } from "./types";

export { FileRefusedError } from "../types";
export { UnreadableFileError } from "../sheet";
export type { DayDraft, ParseContext, ParsedSocial, PostDraft, RowIssue, SocialFileSummary } from "./types";

export const SOCIAL_FORMATS: readonly SocialFormatSpec[] = [documentedFormat, metaPostsFormat, tiktokContentFormat, tiktokOverviewFormat, followerHistoryFormat];

export const UNRECOGNISED_SOCIAL =
  "is not a recognised social file: expected a Meta Business Suite post export (Post ID, Publish time, Reach, …), " +
  "a TikTok Studio export (Content: Video link, Post time, Total views, …; Overview: Date, Video Views, Profile Views, …; " +
  "FollowerHistory: Date, Followers, Difference in followers from previous day), or the documented posts CSV " +
  "(post_id, published_at, type, reach, impressions, reactions, comments, shares, …), as CSV or XLSX";

/** The earliest day a post or page day may have. */
export const FIRST_SOCIAL_DAY = "2000-01-01";

/**
 * Posts handed over per chunk by {@link parseSocialSteps}. Few, so that a post is handed over
 * soon after it is read: a chunk of 5,000 lived long enough for the garbage collector to move
 * every post into the old generation, where the 100,000 posts of a file piled up (about 50 MB
 * more at the peak) until a full collection.
 */
export const POSTS_PER_CHUNK = 500;

/**
 * Reads a social file all at once (tests, tools): {@link parseSocialSteps} without its pauses,
 * its chunks of posts gathered.
 *
 * @throws FileRefusedError or UnreadableFileError when the file as a whole cannot be read
 * @returns the rows, or (in `errors`) every bad row with its line; errors empty = importable
 */
export function parseSocialFile(bytes: Uint8Array, ctx: ParseContext): ParsedSocial {
  const { chunks, result } = runSteps(parseSocialSteps(bytes, ctx));
  return { ...result, posts: chunks };
}

/**
 * Reads a social file row by row, pausing after every {@link ROWS_PER_STEP} rows (so that the
 * server can answer other requests between the steps: `../slices.ts`) and handing over the posts
 * read as chunks of {@link POSTS_PER_CHUNK} (the import copies them into the columns of its next
 * staging statement as they come, so the file's posts are never all in memory). Page days are few (one per day) and come
 * with the rest of the result, once the file is read: their years may depend on the last row.
 * Every row is checked; a bad one is in `errors` of the result (its posts may have been handed
 * over already: the caller writes nothing then).
 *
 * @throws FileRefusedError or UnreadableFileError when the file as a whole cannot be read
 */
export function* parseSocialSteps(bytes: Uint8Array, ctx: ParseContext): Generator<Step<PostDraft>, SocialFileSummary, void> {
  if (bytes.length === 0) throw new FileRefusedError("is empty");
  const table = readOrdersTable(bytes, (cells) => {
    const index = headerIndex(cells);
    return SOCIAL_FORMATS.some((f) => f.matches(index));
  });
  for (let h = 0; h < table.head.length; h++) {
    const header = table.head[h]!;
    const index = headerIndex(header.cells);
    const spec = SOCIAL_FORMATS.find((f) => f.matches(index));
    if (!spec) continue;

    const original: Record<string, number | undefined> = {};
    for (const [field, aliases] of Object.entries(spec.fields)) original[field] = findColumn(index, aliases);
    const missing = spec.required.filter((f) => original[f] === undefined);
    if (missing.length > 0) {
      const names = missing.map((f) => spec.fields[f]!.join(" / ")).join(", ");
      throw new FileRefusedError(`looks like ${spec.label} but has no ${missing.length === 1 ? "column" : "columns"} ${names}`, header.line);
    }
    // Only the columns read are kept from each row.
    const used = [...new Set(Object.values(original).filter((i): i is number => i !== undefined))];
    const col: Record<string, number | undefined> = {};
    for (const [field, i] of Object.entries(original)) col[field] = i === undefined ? undefined : used.indexOf(i);

    const notes: RowIssue[] = [];
    const errors: RowIssue[] = [];
    const read = spec.reader(col, ctx, notes);
    let posts: PostDraft[] = [];
    const dated: DayDraft[] = [];
    const undated: UndatedDay[] = [];
    // Only the keys of the posts read are kept (to find a post given twice), not the posts.
    const firstLineOf = new Map<string, number>();
    const earliest = Date.parse(`${FIRST_SOCIAL_DAY}T00:00:00+07:00`);
    let rows = 0;
    for (const { row, issue } of table.rows(h, used)) {
      if (++rows % ROWS_PER_STEP === 0) yield;
      if (row === undefined) {
        errors.push(issue);
        continue;
      }
      const r = read(row);
      if ("refused" in r) errors.push({ line: row.line, reason: r.refused });
      else if ("skipped" in r) notes.push({ line: row.line, reason: r.skipped });
      else if ("postId" in r) {
        const key = `${r.page ?? ""}\u0000${r.postId}`;
        const first = firstLineOf.get(key);
        if (first !== undefined) errors.push({ line: r.line, reason: `post ${r.postId} is already on line ${first}` });
        else {
          firstLineOf.set(key, r.line);
          if (r.publishedAt < earliest) errors.push({ line: r.line, reason: `published before ${FIRST_SOCIAL_DAY}` });
          posts.push(r);
          if (posts.length === POSTS_PER_CHUNK) {
            yield posts;
            posts = [];
          }
        }
      } else if ("day" in r) dated.push(r);
      else undated.push(r);
    }
    if (rows === 0) throw new FileRefusedError(`has the header of ${spec.label} (line ${header.line}) but no rows below it`, header.line);
    if (posts.length > 0) yield posts;

    const days = daysOf(dated, undated, ctx.today, notes);
    if (spec.kind === "days") {
      const seen = new Map<string, number>();
      for (const d of days) {
        const first = seen.get(d.day);
        if (first !== undefined) errors.push({ line: d.line, reason: `Date: ${d.day} is already on line ${first}` });
        else seen.set(d.day, d.line);
        if (!isDay(d.day)) errors.push({ line: d.line, reason: `Date: ${d.day} does not exist` });
        else if (d.day > ctx.today) errors.push({ line: d.line, reason: `Date: ${d.day} is after today (${ctx.today}, Bangkok)` });
        if (d.day < FIRST_SOCIAL_DAY) errors.push({ line: d.line, reason: `Date: ${d.day} is before ${FIRST_SOCIAL_DAY}` });
      }
    }
    return {
      format: spec.format, kind: spec.kind, label: spec.label, channel: spec.channel, encoding: table.encoding,
      days, errors: sortIssues(errors), notes: sortIssues(notes),
    };
  }
  throw new FileRefusedError(UNRECOGNISED_SOCIAL);
}

/** One entry per line and reason, in line order. */
export function sortIssues(issues: readonly RowIssue[]): RowIssue[] {
  const seen = new Set<string>();
  return [...issues]
    .sort((a, b) => a.line - b.line)
    .filter((e) => (seen.has(`${e.line}\u0000${e.reason}`) ? false : (seen.add(`${e.line}\u0000${e.reason}`), true)));
}

