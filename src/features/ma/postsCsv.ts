/** The columns of the posts CSV (every figure of a post, plain numbers; empty where the platform gives none). */
import type { SocialPost } from "../../../domain/social";
import type { CsvColumn } from "@/components/export/download";
import { postTypeName, publishedText } from "@/features/ma/postText";
import { t } from "@/i18n/i18n";

/** The columns in the active language (published days in the user's calendar). */
export const postCsvColumns = (): CsvColumn<SocialPost>[] => [
  { header: t("ma.csv.published"), value: (p) => publishedText(p.publishedAt) },
  { header: t("ma.csv.page"), value: (p) => p.page },
  { header: t("ma.csv.channel"), value: (p) => (p.channel === "tiktok" ? "TikTok" : "Facebook") }, // i18n-ignore: platform names
  { header: t("ma.csv.postId"), value: (p) => p.postId },
  { header: t("ma.csv.type"), value: (p) => postTypeName(p.type) },
  { header: t("ma.csv.caption"), value: (p) => p.caption },
  { header: t("ma.csv.link"), value: (p) => p.permalink },
  { header: t("ma.csv.reach"), value: (p) => p.reach },
  { header: t("ma.csv.impressions"), value: (p) => p.impressions },
  { header: t("ma.csv.reactions"), value: (p) => p.reactions },
  { header: t("ma.csv.comments"), value: (p) => p.comments },
  { header: t("ma.csv.shares"), value: (p) => p.shares },
  { header: t("ma.csv.saves"), value: (p) => p.saves },
  { header: t("ma.csv.engagements"), value: (p) => p.engagements },
  { header: t("ma.csv.engagementRate"), value: (p) => p.engagementRate },
  { header: t("ma.csv.linkClicks"), value: (p) => p.linkClicks },
  { header: t("ma.csv.videoViews"), value: (p) => p.videoViews },
  { header: t("ma.csv.avgWatch"), value: (p) => p.avgWatchSeconds },
  { header: t("ma.csv.completionRate"), value: (p) => p.completionRate },
];
