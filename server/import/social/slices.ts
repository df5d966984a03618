/**
 * How the server reads a social file: a CSV on its own thread, in slices of a few milliseconds
 * with a turn of the event loop between them, and a workbook in the import worker thread (SheetJS
 * reads a sheet in one piece), as the orders import does (`../orders/slices.ts`, `../slices.ts`,
 * `../offThread.ts`). Either way the posts come a chunk at a time as they are read, and the
 * import writes each to its staging table before the next is read.
 */
import { readOffThread } from "../offThread";
import { isWorkbook } from "../sheet";
import { inSlices, SLICE_MS } from "../slices";
import { parseSocialSteps } from "./index";
import type { ParseContext, PostDraft, SocialFileSummary } from "./types";

/** A social file as an import reads it: its posts a chunk at a time, then the rest ({@link parseSocialSteps}). */
export type SocialFileReading = AsyncGenerator<readonly PostDraft[], SocialFileSummary, void>;

/** Reads a social file in this thread, without a pause (the CLI, tests: nothing else to answer). */
export function readSocialInThisThread(bytes: Uint8Array, ctx: ParseContext): SocialFileReading {
  return inSlices(parseSocialSteps(bytes, ctx), Number.POSITIVE_INFINITY);
}

/**
 * Reads a social file without holding the server's thread for more than about {@link SLICE_MS}
 * at a time: a CSV here, in slices; a workbook in the import worker.
 */
export function readSocialInSlices(bytes: Uint8Array, ctx: ParseContext, sliceMs = SLICE_MS): SocialFileReading {
  if (isWorkbook(bytes)) return readOffThread<PostDraft, SocialFileSummary>({ kind: "social", bytes, now: ctx.now.getTime(), today: ctx.today });
  return inSlices(parseSocialSteps(bytes, ctx), sliceMs);
}
