/**
 * The posts CSV of /ma: every post the table's filter matches (at most the export's limit), read
 * page after page from the server, then handed to the person as a file.
 *
 * - `idle` → `exporting` on `export.start` with the table's query at that moment.
 * - `exporting` → `idle`: the file is saved (`save`, provided by the page: the download, and a
 *   word when the limit cut the list) or the reason it failed is told (`notifyFailure`).
 *   Another `export.start` while exporting is ignored; leaving the page stops the reads.
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { SocialPost } from "../../domain/social";
import { failureMessage, notProvided } from "../shared/actorHelpers";
import type { MaPostsQuery } from "./maPostsMachine";

/** What an export read: the posts in the table's order, and how many matched in all. */
export interface PostsExport {
  readonly rows: readonly SocialPost[];
  readonly total: number;
}

export const maPostsExportMachine = setup({
  types: {
    context: {} as { readonly query: MaPostsQuery | null },
    events: {} as { readonly type: "export.start"; readonly query: MaPostsQuery },
  },
  actors: {
    exportPosts: notProvided<PostsExport, { query: MaPostsQuery }>("exportPosts"),
  },
  actions: {
    storeQuery: assign((_, params: { query: MaPostsQuery }) => ({ query: params.query })),
    /** Hands the posts to the person as a CSV; provided by the page. */
    save: (_, _params: { output: PostsExport; query: MaPostsQuery }) => undefined,
    /** Tells the person the export failed; provided by the page. */
    notifyFailure: (_, _params: { message: string }) => undefined,
  },
}).createMachine({
  id: "maPostsExport",
  description: "The posts CSV of /ma: every matching post read page after page, then saved as a file.",
  context: { query: null },
  initial: "idle",
  states: {
    idle: {
      description: "No export under way.",
      on: { "export.start": { target: "exporting", actions: { type: "storeQuery", params: ({ event }) => ({ query: event.query }) } } },
    },
    exporting: {
      description: "The matching posts are read from the server, page after page.",
      invoke: {
        src: "exportPosts",
        input: ({ context }) => ({ query: context.query! }),
        onDone: { target: "idle", actions: { type: "save", params: ({ context, event }) => ({ output: event.output, query: context.query! }) } },
        onError: { target: "idle", actions: { type: "notifyFailure", params: ({ event }) => ({ message: failureMessage(event.error, "The posts could not be exported.") }) } },
      },
    },
  },
});

export type MaPostsExportActorRef = ActorRefFrom<typeof maPostsExportMachine>;
export type MaPostsExportSnapshot = SnapshotFrom<typeof maPostsExportMachine>;
