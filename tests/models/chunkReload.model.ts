/**
 * Model of the chunk-reload guard for the generic runner (see README.md here). The stored time
 * of the last reload decides between reloading and the error page: `null` (never reloaded)
 * and a time far in the future, which counts as "just now" whatever the test clock says.
 */
import { defineModel } from "../support/machineModel";
import { chunkReloadMachine } from "../../machines/chunkReload/chunkReloadMachine";

const NEVER = null;
const JUST_NOW = 8.64e15;

export default defineModel({
  machine: chunkReloadMachine,
  events: [{ type: "chunk.failed" }],
  outputs: {
    readLastReload: [NEVER, JUST_NOW],
  },
  errors: {
    readLastReload: [new Error("sessionStorage unavailable (fake)")],
    reloadPage: [new Error("sessionStorage full (fake)")],
  },
  serializeContext: (context) => ({ reloadedRecently: context.lastReloadAt !== null }),
});
