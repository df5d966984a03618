/**
 * The documented posts CSV (docs/social-import.md#the-documented-csv): one row per post, columns
 * by name in any order, for any platform or a tool of the brand's own.
 */
import { VIDEO_TYPES } from "../../../domain/social";
import { cleanCell, findColumn } from "../normalize";
import { countCell, postTypeOf, publishInstant, rateCell, RowCheck, secondsCell, TYPE_WORDS_HELP } from "./cells";
import { defineFormat, type PostDraft, type RowResult } from "./types";

export const DOCUMENTED_FIELDS = {
  postId: ["post_id"],
  pageId: ["page_id"],
  publishedAt: ["published_at"],
  type: ["type"],
  caption: ["caption"],
  permalink: ["permalink"],
  reach: ["reach"],
  impressions: ["impressions"],
  reactions: ["reactions"],
  comments: ["comments"],
  shares: ["shares"],
  saves: ["saves"],
  linkClicks: ["link_clicks"],
  videoViews: ["video_views"],
  avgWatch: ["avg_watch_seconds"],
  completion: ["completion_rate"],
} as const;
type Field = keyof typeof DOCUMENTED_FIELDS;

export const documentedFormat = defineFormat<Field>({
  format: "csv",
  kind: "posts",
  label: "the documented posts CSV",
  channel: null,
  fields: DOCUMENTED_FIELDS,
  required: ["postId", "publishedAt", "type", "reach", "impressions", "reactions", "comments", "shares"],
  matches: (index) => findColumn(index, DOCUMENTED_FIELDS.postId) !== undefined && findColumn(index, DOCUMENTED_FIELDS.publishedAt) !== undefined,
  reader(col, ctx) {
    return (row): RowResult<PostDraft> => {
      const cell = (c: number | undefined) => (c === undefined ? "" : row.cells[c]);
      const check = new RowCheck();
      const postId = cleanCell(cell(col.postId));
      if (!/^[A-Za-z0-9_.:-]{1,100}$/.test(postId)) check.fail("post_id", `${JSON.stringify(postId.slice(0, 40))} is not an id (1–100 letters, digits, _ . : -)`);
      const at = publishInstant(cell(col.publishedAt), "day-first");
      if (typeof at === "string") check.fail("published_at", at);
      else if (at > ctx.now.getTime()) check.fail("published_at", "is in the future");
      const type = postTypeOf(cell(col.type));
      if (type === null) check.fail("type", `${JSON.stringify(cleanCell(cell(col.type)).slice(0, 40))} is not a post type (${TYPE_WORDS_HELP})`);
      const required = (c: number | undefined, name: string) => {
        if (cleanCell(cell(c)) === "") return check.fail(name, "is empty");
        return countCell(cell(c), name, check, 0);
      };
      const reach = required(col.reach, "reach");
      const impressions = required(col.impressions, "impressions");
      const reactions = required(col.reactions, "reactions");
      const comments = required(col.comments, "comments");
      const shares = required(col.shares, "shares");
      const saves = countCell(cell(col.saves), "saves", check, null);
      const linkClicks = countCell(cell(col.linkClicks), "link_clicks", check, null);
      const videoViews = countCell(cell(col.videoViews), "video_views", check, null);
      const avgWatch = secondsCell(cell(col.avgWatch), "avg_watch_seconds", check);
      const completion = rateCell(cell(col.completion), "completion_rate", check);
      if (type !== null && !VIDEO_TYPES.includes(type)) {
        if (videoViews !== null) check.fail("video_views", `must be empty for a ${type} post (only video, reel and live posts are watched)`);
      }
      if (!check.ok) return { refused: check.problems.join("; ") };
      const pageId = cleanCell(cell(col.pageId));
      const permalink = cleanCell(cell(col.permalink));
      return {
        line: row.line, postId, publishedAt: at as number, type: type!, caption: cleanCell(cell(col.caption)).slice(0, 10_000),
        permalink: permalink === "" ? null : permalink.slice(0, 2000), reach: reach!, impressions: impressions!, reactions: reactions!,
        comments: comments!, shares: shares!, saves, linkClicks, videoViews, avgWatchSeconds: avgWatch, completionRate: completion,
        ...(pageId !== "" ? { page: pageId } : {}),
      };
    };
  },
});
