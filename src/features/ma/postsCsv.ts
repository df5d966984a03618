/** The columns of the posts CSV (every figure of a post, plain numbers; empty where the platform gives none). */
import { POST_TYPE_LABELS, publishedText, type SocialPost } from "../../../domain/social";
import type { CsvColumn } from "@/components/export/download";

export const POST_CSV_COLUMNS: readonly CsvColumn<SocialPost>[] = [
  { header: "Published (Bangkok)", value: (p) => publishedText(p.publishedAt) },
  { header: "Page", value: (p) => p.page },
  { header: "Channel", value: (p) => (p.channel === "tiktok" ? "TikTok" : "Facebook") },
  { header: "Post ID", value: (p) => p.postId },
  { header: "Type", value: (p) => POST_TYPE_LABELS[p.type] },
  { header: "Caption", value: (p) => p.caption },
  { header: "Link", value: (p) => p.permalink },
  { header: "Reach", value: (p) => p.reach },
  { header: "Impressions", value: (p) => p.impressions },
  { header: "Reactions", value: (p) => p.reactions },
  { header: "Comments", value: (p) => p.comments },
  { header: "Shares", value: (p) => p.shares },
  { header: "Saves", value: (p) => p.saves },
  { header: "Engagements", value: (p) => p.engagements },
  { header: "Engagement rate", value: (p) => p.engagementRate },
  { header: "Link clicks", value: (p) => p.linkClicks },
  { header: "Video views", value: (p) => p.videoViews },
  { header: "Average watch time (s)", value: (p) => p.avgWatchSeconds },
  { header: "Completion rate", value: (p) => p.completionRate },
];
