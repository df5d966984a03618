/**
 * Meta Business Suite post (content) export (EXPORTS.md §3A): one row per post with lifetime
 * totals as of the export day, English or Thai headers. The English names are a real export's;
 * the Thai ones are Meta's Thai interface words (docs/social-import.md says which are assumed).
 */
import { VIDEO_TYPES } from "../../../domain/social";
import { cleanCell, findColumn } from "../normalize";
import { countCell, postTypeOf, publishInstant, RowCheck, secondsCell, TYPE_WORDS_HELP } from "./cells";
import { defineFormat, type PostDraft, type RowResult } from "./types";

export const META_POST_FIELDS = {
  postId: ["Post ID", "รหัสโพสต์", "ID โพสต์"],
  pageId: ["Page ID", "รหัสเพจ", "ID เพจ"],
  title: ["Title", "ชื่อ", "ชื่อเรื่อง"],
  description: ["Description", "คำอธิบาย"],
  publishTime: ["Publish time", "เวลาเผยแพร่", "เวลาที่เผยแพร่"],
  permalink: ["Permalink", "ลิงก์ถาวร"],
  postType: ["Post type", "ประเภทโพสต์"],
  views: ["Views", "ยอดดู", "การดู"],
  impressions: ["Impressions", "อิมเพรสชัน"],
  reach: ["Reach", "การเข้าถึง"],
  reactions: ["Reactions", "ความรู้สึก", "การแสดงความรู้สึก"],
  comments: ["Comments", "ความคิดเห็น"],
  shares: ["Shares", "การแชร์"],
  interactions: ["Reactions, Comments and Shares", "ความรู้สึก ความคิดเห็น และการแชร์"],
  linkClicks: ["Link clicks", "การคลิกลิงก์"],
  videoViews: ["3-second video views", "การดูวิดีโอ 3 วินาที", "ยอดดูวิดีโอ 3 วินาที"],
  avgWatch: ["Average Seconds viewed", "จำนวนวินาทีที่ดูโดยเฉลี่ย", "วินาทีที่ดูโดยเฉลี่ย"],
} as const;
type Field = keyof typeof META_POST_FIELDS;

const has = (index: ReadonlyMap<string, number>, aliases: readonly string[]) => findColumn(index, aliases) !== undefined;

export const metaPostsFormat = defineFormat<Field>({
  format: "meta-post",
  kind: "posts",
  label: "a Meta Business Suite post export",
  channel: "facebook",
  fields: META_POST_FIELDS,
  required: ["postId", "publishTime", "reach"],
  matches: (index) => has(index, META_POST_FIELDS.postId) && has(index, META_POST_FIELDS.publishTime),
  reader(col, ctx, notes) {
    const { impressions: cImpr, views: cViews, reactions: cReact, interactions: cInter } = col;
    if (cImpr === undefined && cViews !== undefined) notes.push({ line: 0, reason: "impressions are read from Views (Meta's name for them since 2025)" });
    if (cReact === undefined && cInter !== undefined) {
      notes.push({ line: 0, reason: "no Reactions, Comments or Shares columns: the whole of \"Reactions, Comments and Shares\" is stored as reactions" });
    }
    const pageIds = new Set<string>();
    return (row): RowResult<PostDraft> => {
      const cell = (c: number | undefined) => (c === undefined ? "" : row.cells[c]);
      const check = new RowCheck();
      const postId = cleanCell(cell(col.postId));
      if (!/^\d{1,30}(_\d{1,30})?$/.test(postId)) check.fail("Post ID", `${JSON.stringify(postId.slice(0, 40))} is not a post id (digits, or page id_post id)`);
      const pageId = cleanCell(cell(col.pageId));
      if (pageId !== "") {
        pageIds.add(pageId);
        if (pageIds.size > 1) check.fail("Page ID", `${pageId} is a second page (the file also holds ${[...pageIds][0]}): export one page at a time`);
      }
      const at = publishInstant(cell(col.publishTime), "month-first");
      if (typeof at === "string") check.fail("Publish time", at);
      else if (at > ctx.now.getTime()) check.fail("Publish time", "is in the future");
      const typeText = cleanCell(cell(col.postType));
      const type = typeText === "" ? "photo" : postTypeOf(typeText);
      if (type === null) check.fail("Post type", `${JSON.stringify(typeText.slice(0, 40))} is not a post type (${TYPE_WORDS_HELP})`);
      const reach = countCell(cell(col.reach), "Reach", check, 0);
      const impressions = cImpr !== undefined ? countCell(cell(cImpr), "Impressions", check, 0) : countCell(cell(cViews), "Views", check, 0);
      let reactions: number | null;
      let comments: number | null = 0;
      let shares: number | null = 0;
      if (cReact === undefined && cInter !== undefined) reactions = countCell(cell(cInter), "Reactions, Comments and Shares", check, 0);
      else {
        reactions = countCell(cell(cReact), "Reactions", check, 0);
        comments = countCell(cell(col.comments), "Comments", check, 0);
        shares = countCell(cell(col.shares), "Shares", check, 0);
      }
      const linkClicks = col.linkClicks === undefined ? null : countCell(cell(col.linkClicks), "Link clicks", check, null);
      const watched = type !== null && VIDEO_TYPES.includes(type);
      const videoViews = !watched || col.videoViews === undefined ? null : countCell(cell(col.videoViews), "3-second video views", check, null);
      const avgWatch = !watched || col.avgWatch === undefined ? null : secondsCell(cell(col.avgWatch), "Average Seconds viewed", check);
      if (!check.ok) return { refused: check.problems.join("; ") };
      const description = cleanCell(cell(col.description));
      const permalink = cleanCell(cell(col.permalink));
      return {
        line: row.line, postId, publishedAt: at as number, type: type!, caption: (description || cleanCell(cell(col.title))).slice(0, 10_000),
        permalink: permalink === "" ? null : permalink.slice(0, 2000), reach: reach!, impressions: impressions!, reactions: reactions!,
        comments: comments!, shares: shares!, saves: null, linkClicks, videoViews, avgWatchSeconds: avgWatch, completionRate: null,
      };
    };
  },
});
