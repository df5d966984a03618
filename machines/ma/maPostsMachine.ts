/**
 * The posts table of /ma (issue 14): one sorted, searched page of the posts in view, for the
 * figures' request (scope and chart clicks) and the table's own choices in the URL (sort, order,
 * caption search, type, page). Its own load cycle (`machines/shared/pageLoad.ts`), so a sort, a
 * search or a page of the table loads only the table; empty when no post matches.
 */
import type { PostsTableQuery } from "../../domain/socialFilter";
import type { SocialPosts, SocialRequest } from "../../domain/social";
import { createPageMachine, type PageActorRef, type PageSnapshot } from "../shared/pageLoad";

export interface MaPostsQuery {
  /** The figures' request: scope, clicked pages, types and heatmap cells. */
  readonly request: SocialRequest;
  readonly table: PostsTableQuery;
}

export const maPostsMachine = createPageMachine<MaPostsQuery, SocialPosts>({
  id: "maPosts",
  description: "The posts table of /ma: one sorted, searched page of posts for the figures' filter and the table's choices.",
  isEmpty: (posts) => posts.total === 0,
  failedMessage: "The posts could not be loaded.",
});

export type MaPostsActorRef = PageActorRef<MaPostsQuery, SocialPosts>;
export type MaPostsSnapshot = PageSnapshot<MaPostsQuery, SocialPosts>;
