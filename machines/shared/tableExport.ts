/**
 * The CSV of a page's table: every row the table's query matches (at most the export's limit),
 * read page after page from the server, then handed to the person as a file. One cycle shared by
 * the pages whose tables are paged on the server (/ma's posts, /ads's campaign table); each page
 * builds its own machine with `createExportMachine` (its own id, model and diagram).
 *
 * - `idle` → `exporting` on `export.start` with the table's query at that moment.
 * - `exporting` → `idle`: the file is saved (`save`, provided by the page: the download, and a
 *   word when the limit cut the list) or the reason it failed is told (`notifyFailure`).
 *   Another `export.start` while exporting is ignored; leaving the page stops the reads.
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import { failureMessage, notProvided } from "./actorHelpers";

/** What an export read: the rows in the table's order, and how many matched in all. */
export interface TableExport<R> {
  readonly rows: readonly R[];
  readonly total: number;
}

export interface ExportMachineOptions {
  readonly id: string;
  readonly description: string;
  /** What `exporting` reads, for the diagram: "The matching posts are read from the server, page after page." */
  readonly reading: string;
  /** The sentence when the export fails and the error says nothing better. */
  readonly failedMessage: string;
}

export function createExportMachine<Q, R>(options: ExportMachineOptions) {
  return setup({
    types: {
      context: {} as { readonly query: Q | null },
      events: {} as { readonly type: "export.start"; readonly query: Q },
    },
    actors: {
      /** Every row of the query, page after page; `exportLoader` gives the page a typed implementation. */
      exportRows: notProvided<TableExport<R>, { query: Q }>("exportRows"),
    },
    actions: {
      storeQuery: assign((_, params: { query: Q }) => ({ query: params.query })),
      /** Hands the rows to the person as a CSV; provided by the page. */
      save: (_, _params: { output: TableExport<R>; query: Q }) => undefined,
      /** Tells the person the export failed; provided by the page. */
      notifyFailure: (_, _params: { message: string }) => undefined,
    },
  }).createMachine({
    id: options.id,
    description: options.description,
    context: { query: null },
    initial: "idle",
    states: {
      idle: {
        description: "No export under way.",
        on: { "export.start": { target: "exporting", actions: { type: "storeQuery", params: ({ event }) => ({ query: event.query }) } } },
      },
      exporting: {
        description: options.reading,
        invoke: {
          src: "exportRows",
          input: ({ context }) => ({ query: context.query! }),
          onDone: { target: "idle", actions: { type: "save", params: ({ context, event }) => ({ output: event.output, query: context.query! }) } },
          onError: { target: "idle", actions: { type: "notifyFailure", params: ({ event }) => ({ message: failureMessage(event.error, options.failedMessage) }) } },
        },
      },
    },
  });
}

/** The `exportRows` actor of an export machine, from a function of the query. */
export const exportLoader = <Q, R>(read: (query: Q, signal: AbortSignal) => Promise<TableExport<R>>) =>
  fromPromise<TableExport<R>, { query: Q }>(({ input, signal }) => read(input.query, signal));

export type ExportMachine<Q, R> = ReturnType<typeof createExportMachine<Q, R>>;
export type ExportActorRef<Q, R> = ActorRefFrom<ExportMachine<Q, R>>;
export type ExportSnapshot<Q, R> = SnapshotFrom<ExportMachine<Q, R>>;
