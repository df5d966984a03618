/**
 * TikTok Studio content export (EXPORTS.md §5C, `Content.csv`, or the same sheet as XLSX): one
 * row per video with its totals as of the export day. The post id is the number in the video's
 * link (`…/video/7234…`); a `/photo/` link is a photo carousel.
 */
import { VIDEO_TYPES } from "../../../domain/social";
import { cleanCell, findColumn } from "../normalize";
import { countCell, postTypeOf, publishInstant, rateCell, RowCheck, secondsCell, TYPE_WORDS_HELP } from "./cells";
import { defineFormat, type PostDraft, type RowResult } from "./types";

export const TIKTOK_CONTENT_FIELDS = {
  title: ["Video title", "Title", "Video description", "ชื่อวิดีโอ", "คำอธิบายวิดีโอ"],
  link: ["Video link", "Link", "ลิงก์วิดีโอ"],
  postTime: ["Post time", "Posted time", "Post date", "เวลาที่โพสต์", "วันที่โพสต์"],
  type: ["Post type", "Content type", "ประเภทโพสต์"],
  likes: ["Total likes", "Likes", "ยอดถูกใจทั้งหมด", "ยอดถูกใจ"],
  comments: ["Total comments", "Comments", "ความคิดเห็นทั้งหมด", "ความคิดเห็น"],
  shares: ["Total shares", "Shares", "การแชร์ทั้งหมด", "การแชร์"],
  saves: ["Total saves", "Saves", "Favorites", "Total favorites", "การบันทึกทั้งหมด", "รายการโปรด"],
  views: ["Total views", "Video views", "Views", "ยอดดูทั้งหมด", "ยอดดู"],
  reach: ["Reached audience", "Total reach", "Reach", "ผู้ชมที่เข้าถึง", "การเข้าถึง"],
  impressions: ["Impressions", "อิมเพรสชัน"],
  avgWatch: ["Average watch time", "Average time watched", "เวลาในการดูเฉลี่ย"],
  completion: ["Watched full video", "Watched full video (%)", "Full video watched rate", "ดูวิดีโอจนจบ"],
} as const;
type Field = keyof typeof TIKTOK_CONTENT_FIELDS;

const LINK = /^https?:\/\/(?:www\.|m\.)?tiktok\.com\/@[^/?#\s]+\/(video|photo)\/(\d{5,25})(?:[/?#].*)?$/i;

export const tiktokContentFormat = defineFormat<Field>({
  format: "tiktok-content",
  kind: "posts",
  label: "a TikTok Studio content export",
  channel: "tiktok",
  fields: TIKTOK_CONTENT_FIELDS,
  required: ["link", "postTime", "views"],
  matches: (index) => findColumn(index, TIKTOK_CONTENT_FIELDS.link) !== undefined && findColumn(index, TIKTOK_CONTENT_FIELDS.postTime) !== undefined,
  reader(col, ctx, notes) {
    if (col.reach === undefined) notes.push({ line: 0, reason: "the file has no reach column: reach is stored as 0, so these posts have no engagement rate" });
    if (col.impressions === undefined) notes.push({ line: 0, reason: "impressions are read from the views column (plays of the video)" });
    return (row): RowResult<PostDraft> => {
      const cell = (c: number | undefined) => (c === undefined ? "" : row.cells[c]);
      const check = new RowCheck();
      const link = cleanCell(cell(col.link));
      const m = LINK.exec(link);
      if (!m) check.fail("Video link", `${JSON.stringify(link.slice(0, 60))} is not a TikTok video link like https://www.tiktok.com/@account/video/7234567890123456789`);
      const at = publishInstant(cell(col.postTime), "day-first");
      if (typeof at === "string") check.fail("Post time", at);
      else if (at > ctx.now.getTime()) check.fail("Post time", "is in the future");
      const typeText = cleanCell(cell(col.type));
      const type = typeText !== "" ? postTypeOf(typeText) : m?.[1]?.toLowerCase() === "photo" ? "carousel" : "video";
      if (type === null) check.fail("Post type", `${JSON.stringify(typeText.slice(0, 40))} is not a post type (${TYPE_WORDS_HELP})`);
      const views = countCell(cell(col.views), "Total views", check, 0);
      const reach = col.reach === undefined ? 0 : countCell(cell(col.reach), "Reached audience", check, 0);
      const impressions = col.impressions === undefined ? views : countCell(cell(col.impressions), "Impressions", check, 0);
      const likes = countCell(cell(col.likes), "Total likes", check, 0);
      const comments = countCell(cell(col.comments), "Total comments", check, 0);
      const shares = countCell(cell(col.shares), "Total shares", check, 0);
      const saves = col.saves === undefined ? null : countCell(cell(col.saves), "Total saves", check, null);
      const avgWatch = col.avgWatch === undefined ? null : secondsCell(cell(col.avgWatch), "Average watch time", check);
      const completion = col.completion === undefined ? null : rateCell(cell(col.completion), "Watched full video", check);
      if (!check.ok) return { refused: check.problems.join("; ") };
      return {
        line: row.line, postId: m![2]!, publishedAt: at as number, type: type!, caption: cleanCell(cell(col.title)).slice(0, 10_000),
        permalink: link.slice(0, 2000), reach: reach!, impressions: impressions!, reactions: likes!, comments: comments!, shares: shares!, saves,
        linkClicks: null, videoViews: VIDEO_TYPES.includes(type!) ? views : null, avgWatchSeconds: avgWatch, completionRate: completion,
      };
    };
  },
});
