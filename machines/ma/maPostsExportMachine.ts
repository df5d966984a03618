/**
 * The posts CSV of /ma: every post the table's filter matches (at most the export's limit), read
 * page after page from the server, then handed to the person as a file (the shared export cycle,
 * `machines/shared/tableExport.ts`).
 */
import type { SocialPost } from "../../domain/social";
import { createExportMachine, type ExportActorRef, type ExportSnapshot, type TableExport } from "../shared/tableExport";
import type { MaPostsQuery } from "./maPostsMachine";

/** What an export read: the posts in the table's order, and how many matched in all. */
export type PostsExport = TableExport<SocialPost>;

export const maPostsExportMachine = createExportMachine<MaPostsQuery, SocialPost>({
  id: "maPostsExport",
  description: "The posts CSV of /ma: every matching post read page after page, then saved as a file.",
  reading: "The matching posts are read from the server, page after page.",
  failedMessage: "The posts could not be exported.",
});

export type MaPostsExportActorRef = ExportActorRef<MaPostsQuery, SocialPost>;
export type MaPostsExportSnapshot = ExportSnapshot<MaPostsQuery, SocialPost>;
