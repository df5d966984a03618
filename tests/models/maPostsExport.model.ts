/**
 * Model of the /ma posts CSV (machines/ma/maPostsExportMachine): an export started, saved or
 * failed; a second start while one runs is ignored.
 */
import { FIRST_POSTS_QUERY } from "../../domain/socialFilter";
import { maPostsExportMachine, type PostsExport } from "../../machines/ma/maPostsExportMachine";
import { defineModel } from "../support/machineModel";

const request = { brand: "Tipco", start: "2024-01-01", end: "2024-03-31", channel: "All Channel", pages: [], accounts: [] } as const;
const saved: PostsExport = { rows: [], total: 0 };

export default defineModel({
  machine: maPostsExportMachine,
  events: [
    { type: "export.start", query: { request, table: FIRST_POSTS_QUERY } },
  ],
  outputs: { exportRows: [saved] },
  errors: { exportRows: [Object.assign(new Error("The server could not be reached."), { status: 0 })] },
});
