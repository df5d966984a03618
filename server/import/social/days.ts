/**
 * The daily page files: TikTok Studio's overview (`Overview.csv`: video views, profile views,
 * likes, comments, shares per day) and the follower history that TikTok Studio and Meta Business
 * Suite both export (`FollowerHistory.csv`: followers and the difference from the day before).
 * Their dates may have no year (`28 May`); the year is inferred once the whole file is read.
 */
import { findColumn } from "../normalize";
import { countCell, dayCell, RowCheck, signedCell } from "./cells";
import { defineFormat, type DayDraft, type RowResult, type UndatedDay } from "./types";

type Day = Omit<DayDraft, "line" | "day">;

/** The row's date: a day, or month and day without a year; `check` gets the reason when it is neither. */
function dated(raw: string | undefined, line: number, check: RowCheck, figures: Day): RowResult<DayDraft | UndatedDay> {
  const d = dayCell(raw);
  if (typeof d === "string") check.fail("Date", d);
  if (!check.ok) return { refused: check.problems.join("; ") };
  return typeof d === "object" && "day" in d ? { line, day: d.day, ...figures } : { line, ...(d as { month: number; dom: number }), ...figures };
}

export const OVERVIEW_FIELDS = {
  date: ["Date", "วันที่"],
  videoViews: ["Video Views", "ยอดดูวิดีโอ"],
  profileViews: ["Profile Views", "ยอดดูโปรไฟล์"],
  likes: ["Likes", "ยอดถูกใจ"],
  comments: ["Comments", "ความคิดเห็น"],
  shares: ["Shares", "การแชร์"],
} as const;

export const tiktokOverviewFormat = defineFormat<keyof typeof OVERVIEW_FIELDS>({
  format: "tiktok-overview",
  kind: "days",
  label: "a TikTok Studio overview export",
  channel: "tiktok",
  fields: OVERVIEW_FIELDS,
  required: ["date", "videoViews", "profileViews"],
  matches: (index) => findColumn(index, OVERVIEW_FIELDS.date) !== undefined && findColumn(index, OVERVIEW_FIELDS.profileViews) !== undefined
    && findColumn(index, OVERVIEW_FIELDS.videoViews) !== undefined,
  reader(col, _ctx, notes) {
    return (row) => {
      const cell = (c: number | undefined) => (c === undefined ? "" : row.cells[c]);
      const check = new RowCheck();
      const videoViews = countCell(cell(col.videoViews), "Video Views", check, null);
      const profileViews = countCell(cell(col.profileViews), "Profile Views", check, null);
      // Likes, comments and shares may be net changes (negative on a day of more unlikes).
      const parts = [signedCell(cell(col.likes), "Likes", check), signedCell(cell(col.comments), "Comments", check), signedCell(cell(col.shares), "Shares", check)];
      const given = parts.filter((p): p is number => p !== null);
      const engagement = given.length === 0 ? undefined : given.reduce((a, b) => a + b, 0);
      const metrics: DayDraft["metrics"] = {};
      if (videoViews !== null) metrics.view = videoViews;
      if (engagement !== undefined && engagement >= 0) metrics.engagement = engagement;
      const figures: Day = { ...(profileViews !== null ? { pageViews: profileViews } : {}), metrics };
      const loss = `likes + comments + shares is ${engagement}, a net loss: no engagement stored for the day`;
      if (check.ok && engagement !== undefined && engagement < 0 && (profileViews !== null || videoViews !== null)) notes.push({ line: row.line, reason: loss });
      if (check.ok && profileViews === null && Object.keys(metrics).length === 0) {
        return { skipped: engagement !== undefined ? loss : "no figures; row left out" };
      }
      return dated(cell(col.date), row.line, check, figures);
    };
  },
});

export const FOLLOWER_FIELDS = {
  date: ["Date", "วันที่"],
  followers: ["Followers", "ผู้ติดตาม"],
  difference: ["Difference in followers from previous day", "ความแตกต่างของผู้ติดตามจากวันก่อนหน้า"],
} as const;

export const followerHistoryFormat = defineFormat<keyof typeof FOLLOWER_FIELDS>({
  format: "follower-history",
  kind: "days",
  label: "a follower history (TikTok Studio or Meta Business Suite)",
  channel: null,
  fields: FOLLOWER_FIELDS,
  required: ["date", "followers", "difference"],
  matches: (index) => findColumn(index, FOLLOWER_FIELDS.date) !== undefined && findColumn(index, FOLLOWER_FIELDS.difference) !== undefined,
  reader(col, _ctx, notes) {
    notes.push({ line: 0, reason: "the difference from the day before is a net change: a gain is stored as follows, a loss as unfollows" });
    return (row) => {
      const cell = (c: number | undefined) => (c === undefined ? "" : row.cells[c]);
      const check = new RowCheck();
      const followers = countCell(cell(col.followers), "Followers", check, null);
      const diff = signedCell(cell(col.difference), "Difference in followers from previous day", check);
      if (check.ok && followers === null && diff === null) return { skipped: "no figures; row left out" };
      const figures: Day = {
        ...(followers !== null ? { followers } : {}),
        ...(diff !== null ? { follows: Math.max(diff, 0), unfollows: Math.max(-diff, 0) } : {}),
        metrics: diff !== null ? { follower: diff } : {},
      };
      return dated(cell(col.date), row.line, check, figures);
    };
  },
});
