/**
 * Model of the /ma posts table machine (machines/ma/maPostsMachine): the same table query again
 * (ignored) and another page, a reload and a retry; a page of posts and no post (empty); a
 * failed load.
 */
import type { SocialPosts } from "../../domain/social";
import { FIRST_POSTS_QUERY } from "../../domain/socialFilter";
import { maPostsMachine, type MaPostsQuery } from "../../machines/ma/maPostsMachine";
import { defineModel } from "../support/machineModel";

const request = { brand: "Tipco", start: "2024-01-01", end: "2024-03-31", channel: "All Channel", pages: [], accounts: [] } as const;
const query = (page: number): MaPostsQuery => ({ request, table: { ...FIRST_POSTS_QUERY, page } });
const posts = (total: number): SocialPosts => ({ total, page: 1, pageSize: 20, rows: [] });

export default defineModel({
  machine: maPostsMachine,
  input: { query: query(1) },
  events: [
    { type: "page.query", query: query(1) },
    { type: "page.query", query: query(2) },
    { type: "page.reload" },
    { type: "page.retry" },
  ],
  outputs: { load: [posts(0), posts(57)] },
  errors: { load: [Object.assign(new Error("The server could not be reached."), { status: 0 })] },
  serializeContext: (context) => ({ key: context.key }),
});
