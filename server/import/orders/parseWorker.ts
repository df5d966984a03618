/**
 * The worker thread of {@link parseOrdersOffThread}: reads one orders file and posts back the
 * parsed orders, or the refusal of the whole file. Its own entry point (server/dist/
 * ordersParseWorker.mjs in the server's bundle, this file under tsx).
 */
import { parentPort, workerData } from "node:worker_threads";
import { FileRefusedError, UnreadableFileError, parseOrdersFile } from "./index";
import { ORDERS_PER_MESSAGE, type ParseReply, type ParseRequest } from "./parseOffThread";

const { bytes, now } = workerData as ParseRequest;
const port = parentPort!;
let reply: ParseReply;
try {
  const parsed = parseOrdersFile(bytes, { now: new Date(now) });
  // The orders a message at a time, each once the caller asked for it (see ParseReply).
  for (let i = 0; i < parsed.orders.length; i += ORDERS_PER_MESSAGE) {
    port.postMessage({ ok: true, chunk: parsed.orders.slice(i, i + ORDERS_PER_MESSAGE) } satisfies ParseReply);
    await new Promise((resolve) => port.once("message", resolve));
  }
  reply = { ok: true, parsed: { ...parsed, orders: [] } };
} catch (err) {
  if (err instanceof FileRefusedError || err instanceof UnreadableFileError) {
    reply = { ok: false, kind: err instanceof FileRefusedError ? "refused" : "unreadable", message: err.message, ...(err.line !== undefined ? { line: err.line } : {}) };
  } else {
    reply = { ok: false, kind: "failed", message: err instanceof Error ? err.message : String(err) };
  }
}
port.postMessage(reply);
