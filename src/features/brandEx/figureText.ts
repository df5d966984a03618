/**
 * Names the start page shows in the active language (issue 18): a post's type and when it was
 * published (Bangkok, its day in the user's calendar), and a KPI parameter's name. Copies of
 * src/features/ma/postText.ts and src/features/kpi/kpiFormat.ts: features do not import each other.
 */
import type { PostType } from "../../../domain/social";
import { formatDay } from "@/components/format/dates";
import { t, type MessageKey } from "@/i18n/i18n";

export const POST_TYPE_KEYS = {
  photo: "ma.postType.photo", video: "ma.postType.video", reel: "ma.postType.reel", link: "ma.postType.link",
  text: "ma.postType.text", // i18n-ignore: a catalogue key
  carousel: "ma.postType.carousel",
  live: "ma.postType.live",
} as const satisfies Record<PostType, MessageKey>;

/** A post type's name: "Reel" / "รีล". */
export const postTypeName = (type: PostType): string => t(POST_TYPE_KEYS[type]);

/** When a post was published (Bangkok, as the API gives it): "2024-03-04 00:30" / "2567-03-04 00:30". */
export const publishedText = (at: string): string => `${formatDay(at.slice(0, 10))} ${at.slice(11, 16)}`;

export { paramLabel } from "@/components/format/kpiParams";
