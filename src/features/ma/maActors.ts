/**
 * The actors of the /ma statecharts (`machines/ma`): `load` asks the server for the figures of the
 * view's scope narrowed by the page's chart clicks; the posts table's `load` asks for one page of
 * posts for the same request and the table's own choices. Both are tracked by the shell's loading
 * bar. The posts CSV's `exportPosts` reads every matching post, page after page.
 */
import { pageLoader } from "../../../machines/shared/pageLoad";
import { exportLoader } from "../../../machines/shared/tableExport";
import type { MaData, MaQuery } from "../../../machines/ma/maMachine";
import type { MaPostsQuery } from "../../../machines/ma/maPostsMachine";
import type { PostsExport } from "../../../machines/ma/maPostsExportMachine";
import { MAX_POSTS_PAGE_SIZE, type SocialPost, type SocialPosts, type SocialRequest } from "../../../domain/social";
import { POSTS_PAGE_SIZE, socialRequestOf, tableTypesOf, type PostsTableQuery } from "../../../domain/socialFilter";
import { authedCall } from "@/app/api";
import { trackLoading } from "@/app/loading";

export async function loadMa(query: MaQuery, signal: AbortSignal): Promise<MaData> {
  const request = socialRequestOf(query.scope, query.clicks);
  const { data } = await authedCall("socialFigures", request, { signal });
  return { figures: data, request };
}

/** The posts request of a table query: the figures' request, the table's type within the clicked types. */
function postsRequestOf(request: SocialRequest, table: PostsTableQuery, page: number, pageSize: number) {
  const types = tableTypesOf(request.types, table.type);
  if (types === null) return null;
  const { types: _clicked, ...rest } = request;
  return { ...rest, ...(types !== undefined && types.length > 0 ? { types: [...types] } : {}), sort: table.sort, order: table.order, page, pageSize, search: table.search };
}

export async function loadMaPosts(query: MaPostsQuery, signal: AbortSignal): Promise<SocialPosts> {
  const request = postsRequestOf(query.request, query.table, query.table.page, POSTS_PAGE_SIZE);
  // The table's type is not among the clicked ones: no post can match.
  if (request === null) return { total: 0, page: 1, pageSize: POSTS_PAGE_SIZE, rows: [] };
  const { data } = await authedCall("socialPosts", request, { signal });
  return data;
}

/** Most posts one CSV export holds. */
export const MAX_EXPORTED_POSTS = 10_000;

/** Every post the table's filter matches, in its order, at most `MAX_EXPORTED_POSTS`. */
export async function exportPosts(request: SocialRequest, table: PostsTableQuery, signal?: AbortSignal): Promise<PostsExport> {
  const rows: SocialPost[] = [];
  let total = 0;
  for (let page = 1; rows.length < MAX_EXPORTED_POSTS; page++) {
    const body = postsRequestOf(request, table, page, MAX_POSTS_PAGE_SIZE);
    if (body === null) break;
    const { data } = await authedCall("socialPosts", body, signal === undefined ? {} : { signal });
    total = data.total;
    rows.push(...data.rows);
    if (data.rows.length < MAX_POSTS_PAGE_SIZE || rows.length >= total) break;
  }
  return { rows: rows.slice(0, MAX_EXPORTED_POSTS), total };
}

export const maActors = {
  load: pageLoader((query: MaQuery, signal) => trackLoading(loadMa(query, signal))),
};

export const maPostsActors = {
  load: pageLoader((query: MaPostsQuery, signal) => trackLoading(loadMaPosts(query, signal))),
};

export const maPostsExportActors = {
  exportRows: exportLoader((query: MaPostsQuery, signal) => exportPosts(query.request, query.table, signal)),
};
