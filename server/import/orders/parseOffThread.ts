/**
 * Reading an orders file in a worker thread, so that the server keeps answering while a large
 * file is read (200,000 rows take seconds of CPU; on the main thread every request, and PGlite,
 * which runs on it too, would wait for them). The result is the same as {@link parseOrdersFile}'s,
 * copied back to the caller's thread; a refusal of the whole file is thrown again as the same
 * error class. The CLI reads in its own thread: it has nothing else to answer.
 */
import { Worker } from "node:worker_threads";
import { FileRefusedError, UnreadableFileError, type ParsedOrders } from "./index";
import type { ParseContext } from "./types";
import type { Order } from "../../../domain/commerce";

/** What the worker is given: the file's bytes and the instant of `ParseContext.now`. */
export interface ParseRequest {
  readonly bytes: Uint8Array;
  readonly now: number;
}

/** Orders the worker sends per message (then waits for the caller's "next"). */
export const ORDERS_PER_MESSAGE = 5_000;

/**
 * What the worker answers: the orders a message of {@link ORDERS_PER_MESSAGE} at a time, each
 * sent once the caller asked for the next, then the rest of the result (its `orders` empty). One
 * message of 100,000 orders took the caller's thread seconds to copy in, in one piece, while no
 * request was answered; a message of 5,000 takes a tenth of a second, and the caller takes a turn
 * of its event loop before it asks for the next.
 */
export type ParseReply =
  | { readonly ok: true; readonly chunk: readonly Order[] }
  | { readonly ok: true; readonly parsed: ParsedOrders }
  | { readonly ok: false; readonly kind: "refused" | "unreadable" | "failed"; readonly message: string; readonly line?: number };

/**
 * The worker's entry: the bundled `ordersParseWorker.mjs` beside the server's bundle
 * (scripts/lib/serverBuild.mjs); from the sources (tests, scripts), `parseWorkerFromSources.mjs`,
 * which registers tsx in the worker and then imports `parseWorker.ts` (Node 20 does not apply an
 * `--import tsx` of a worker's execArgv to the worker's own entry file).
 */
function startWorker(request: ParseRequest): Worker {
  const bundled = import.meta.url.endsWith(".mjs");
  return new Worker(new URL(bundled ? "./ordersParseWorker.mjs" : "./parseWorkerFromSources.mjs", import.meta.url), { workerData: request });
}

/**
 * Reads an orders file in a worker thread.
 *
 * @throws FileRefusedError or UnreadableFileError as {@link parseOrdersFile} does
 */
export function parseOrdersOffThread(bytes: Uint8Array, ctx: ParseContext): Promise<ParsedOrders> {
  const request: ParseRequest = { bytes, now: ctx.now.getTime() };
  return new Promise<ParsedOrders>((resolve, reject) => {
    const worker = startWorker(request);
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
      void worker.terminate();
    };
    const orders: Order[] = [];
    worker.on("message", (reply: ParseReply) => {
      if (settled) return;
      if (reply.ok && "chunk" in reply) {
        for (const order of reply.chunk) orders.push(order);
        setImmediate(() => worker.postMessage("next"));
        return;
      }
      settle(() => {
        if (reply.ok) resolve({ ...reply.parsed, orders });
      else if (reply.kind === "refused") reject(new FileRefusedError(reply.message, reply.line));
      else if (reply.kind === "unreadable") reject(new UnreadableFileError(reply.message, reply.line));
      else reject(new Error(`reading the orders file failed: ${reply.message}`));
      });
    });
    worker.once("error", (err) => settle(() => reject(err)));
    worker.once("exit", (code) => settle(() => reject(new Error(`the orders file reader stopped (exit code ${code}) before answering`))));
  });
}
