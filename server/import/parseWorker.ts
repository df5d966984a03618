/**
 * The worker thread of {@link readOffThread}: reads one file with the reader its job names (an
 * orders file, or a social file) and posts back its rows a chunk at a time, each once the caller
 * asked for it, then the rest of the result, or the refusal of the whole file. Its own entry
 * point (server/dist/importParseWorker.mjs in the server's bundle, this file under tsx).
 */
import { parentPort, workerData } from "node:worker_threads";
import { parseAdsSteps } from "./ads";
import { parseOrdersFile } from "./orders";
import { ROWS_PER_MESSAGE, type ParseJob, type ParseReply } from "./offThread";
import { UnreadableFileError } from "./sheet";
import { parseSocialSteps } from "./social";
import { FileRefusedError } from "./types";

const job = workerData as ParseJob;
const port = parentPort!;

/** The job's rows a chunk at a time, then the rest of its result. */
function* read(): Generator<readonly unknown[], unknown, void> {
  if (job.kind === "orders") {
    // Orders are built from all of their rows: the whole file is read first.
    const parsed = parseOrdersFile(job.bytes, { now: new Date(job.now) });
    for (let i = 0; i < parsed.orders.length; i += ROWS_PER_MESSAGE) yield parsed.orders.slice(i, i + ROWS_PER_MESSAGE);
    return { ...parsed, orders: [] };
  }
  // Posts (or ad days) come as the file is read, in chunks of at most ROWS_PER_MESSAGE.
  const steps = job.kind === "ads"
    ? parseAdsSteps(job.bytes, { today: job.today, account: job.account })
    : parseSocialSteps(job.bytes, { now: new Date(job.now), today: job.today });
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (step.value !== undefined) yield step.value;
  }
}

let reply: ParseReply;
try {
  const chunks = read();
  for (;;) {
    const next = chunks.next();
    if (next.done) {
      reply = { ok: true, done: next.value };
      break;
    }
    port.postMessage({ ok: true, chunk: next.value } satisfies ParseReply);
    await new Promise((resolve) => port.once("message", resolve));
  }
} catch (err) {
  if (err instanceof FileRefusedError || err instanceof UnreadableFileError) {
    reply = { ok: false, kind: err instanceof FileRefusedError ? "refused" : "unreadable", message: err.message, ...(err.line !== undefined ? { line: err.line } : {}) };
  } else {
    reply = { ok: false, kind: "failed", message: err instanceof Error ? err.message : String(err) };
  }
}
port.postMessage(reply);
