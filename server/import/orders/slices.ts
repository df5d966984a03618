/**
 * How the server reads an orders file: a CSV on its own thread, in slices of a few milliseconds
 * with a turn of the event loop between them (`../slices.ts`, shared with the social import), so
 * that other requests (and the embedded database, which runs on this thread too) are answered
 * while a 200,000-row file is read; a workbook in the import worker (parseOffThread.ts), since
 * SheetJS reads a sheet in one piece.
 *
 * A CSV is not read in the worker any more: there, the file's orders existed twice while they
 * were handed over (the worker's, and the server thread's copies as they arrived), and the
 * worker's own heap came on top: a 200,000-row import took the server from 249 MB to a peak of
 * 536 MB while the file was read (`BENCH_STALL_TRACE=1 npm run bench:commerce`'s import-stall
 * step prints the RSS through the import).
 */
import { isWorkbook } from "../sheet";
import { inSlices, SLICE_MS } from "../slices";
import { parseOrdersSteps } from "./index";
import { parseOrdersOffThread } from "./parseOffThread";
import type { ParseContext, ParsedOrders } from "./types";

export { SLICE_MS } from "../slices";

/**
 * Reads an orders file without holding the server's thread for more than about {@link SLICE_MS}
 * at a time. The same result, and the same refusals, as parseOrdersFile.
 *
 * @throws FileRefusedError or UnreadableFileError as parseOrdersFile does
 */
export async function parseOrdersInSlices(bytes: Uint8Array, ctx: ParseContext, sliceMs = SLICE_MS): Promise<ParsedOrders> {
  if (isWorkbook(bytes)) return parseOrdersOffThread(bytes, ctx);
  // The orders reader yields no chunks, only pauses: the orders come in its return value.
  const reading = inSlices<never, ParsedOrders>(parseOrdersSteps(bytes, ctx), sliceMs);
  for (;;) {
    const next = await reading.next();
    if (next.done) return next.value;
  }
}
