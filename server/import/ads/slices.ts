/**
 * How the server reads an ads file: a CSV on its own thread, in slices of a few milliseconds with a
 * turn of the event loop between them, and a workbook in the import worker thread (SheetJS reads a
 * sheet in one piece), as the orders and social imports do (`../slices.ts`, `../offThread.ts`).
 */
import { readOffThread } from "../offThread";
import { isWorkbook } from "../sheet";
import { inSlices, SLICE_MS } from "../slices";
import { parseAdsSteps } from "./index";
import type { AdRowDraft, AdsFileSummary, ParseContext } from "./types";

/** An ads file as an import reads it: its rows a chunk at a time, then the rest ({@link parseAdsSteps}). */
export type AdsFileReading = AsyncGenerator<readonly AdRowDraft[], AdsFileSummary, void>;

/** Reads an ads file in this thread, without a pause (the CLI, tests: nothing else to answer). */
export function readAdsInThisThread(bytes: Uint8Array, ctx: ParseContext): AdsFileReading {
  return inSlices(parseAdsSteps(bytes, ctx), Number.POSITIVE_INFINITY);
}

/** Reads an ads file without holding the server's thread for more than about {@link SLICE_MS} at a time: a CSV here, in slices; a workbook in the import worker. */
export function readAdsInSlices(bytes: Uint8Array, ctx: ParseContext, sliceMs = SLICE_MS): AdsFileReading {
  if (isWorkbook(bytes)) return readOffThread<AdRowDraft, AdsFileSummary>({ kind: "ads", bytes, today: ctx.today, account: ctx.account });
  return inSlices(parseAdsSteps(bytes, ctx), sliceMs);
}
