/**
 * The worker thread of {@link parseOrdersOffThread}: reads one orders file and posts back the
 * parsed orders, or the refusal of the whole file. Its own entry point (server/dist/
 * ordersParseWorker.mjs in the server's bundle, this file under tsx).
 */
import { parentPort, workerData } from "node:worker_threads";
import { FileRefusedError, UnreadableFileError, parseOrdersFile } from "./index";
import type { ParseReply, ParseRequest } from "./parseOffThread";

const { bytes, now } = workerData as ParseRequest;
let reply: ParseReply;
try {
  reply = { ok: true, parsed: parseOrdersFile(bytes, { now: new Date(now) }) };
} catch (err) {
  if (err instanceof FileRefusedError || err instanceof UnreadableFileError) {
    reply = { ok: false, kind: err instanceof FileRefusedError ? "refused" : "unreadable", message: err.message, ...(err.line !== undefined ? { line: err.line } : {}) };
  } else {
    reply = { ok: false, kind: "failed", message: err instanceof Error ? err.message : String(err) };
  }
}
parentPort!.postMessage(reply);
