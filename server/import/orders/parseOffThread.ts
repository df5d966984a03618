/**
 * Reading an orders file in the import worker thread (`../offThread.ts`, shared with the social
 * import): the server reads a workbook there, since SheetJS reads a sheet in one piece. The
 * result is the same as {@link parseOrdersFile}'s, its orders copied back a message of 5,000 at a
 * time; a refusal of the whole file is thrown again as the same error class.
 */
import type { Order } from "../../../domain/commerce";
import { readOffThread } from "../offThread";
import type { ParsedOrders } from "./index";
import type { ParseContext } from "./types";

/**
 * Reads an orders file in a worker thread.
 *
 * @throws FileRefusedError or UnreadableFileError as {@link parseOrdersFile} does
 */
export async function parseOrdersOffThread(bytes: Uint8Array, ctx: ParseContext): Promise<ParsedOrders> {
  const reading = readOffThread<Order, ParsedOrders>({ kind: "orders", bytes, now: ctx.now.getTime() });
  const orders: Order[] = [];
  for (;;) {
    const next = await reading.next();
    if (next.done) return { ...next.value, orders };
    for (const order of next.value) orders.push(order);
  }
}
