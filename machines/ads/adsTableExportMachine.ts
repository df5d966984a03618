/**
 * The CSV of the /ads campaign table: every row of the table's level (at most the export's
 * limit), read page after page from the server, then handed to the person as a file.
 *
 * - `idle` → `exporting` on `export.start` with the table's query at that moment.
 * - `exporting` → `idle`: the file is saved (`save`, provided by the page: the download, and a
 *   word when the limit cut the list) or the reason it failed is told (`notifyFailure`).
 *   Another `export.start` while exporting is ignored; leaving the page stops the reads.
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { AdsRow } from "../../domain/adsContract";
import { failureMessage, notProvided } from "../shared/actorHelpers";
import type { AdsTableQuery } from "./adsTableMachine";

/** What an export read: the rows in the table's order, and how many the level has in all. */
export interface AdsTableExport {
  readonly rows: readonly AdsRow[];
  readonly total: number;
}

export const adsTableExportMachine = setup({
  types: {
    context: {} as { readonly query: AdsTableQuery | null },
    events: {} as { readonly type: "export.start"; readonly query: AdsTableQuery },
  },
  actors: {
    exportRows: notProvided<AdsTableExport, { query: AdsTableQuery }>("exportRows"),
  },
  actions: {
    storeQuery: assign((_, params: { query: AdsTableQuery }) => ({ query: params.query })),
    /** Hands the rows to the person as a CSV; provided by the page. */
    save: (_, _params: { output: AdsTableExport; query: AdsTableQuery }) => undefined,
    /** Tells the person the export failed; provided by the page. */
    notifyFailure: (_, _params: { message: string }) => undefined,
  },
}).createMachine({
  id: "adsTableExport",
  description: "The CSV of the /ads campaign table: every row of its level read page after page, then saved as a file.",
  context: { query: null },
  initial: "idle",
  states: {
    idle: {
      description: "No export under way.",
      on: { "export.start": { target: "exporting", actions: { type: "storeQuery", params: ({ event }) => ({ query: event.query }) } } },
    },
    exporting: {
      description: "The rows are read from the server, page after page.",
      invoke: {
        src: "exportRows",
        input: ({ context }) => ({ query: context.query! }),
        onDone: { target: "idle", actions: { type: "save", params: ({ context, event }) => ({ output: event.output, query: context.query! }) } },
        onError: { target: "idle", actions: { type: "notifyFailure", params: ({ event }) => ({ message: failureMessage(event.error, "The table could not be exported.") }) } },
      },
    },
  },
});

export type AdsTableExportActorRef = ActorRefFrom<typeof adsTableExportMachine>;
export type AdsTableExportSnapshot = SnapshotFrom<typeof adsTableExportMachine>;
