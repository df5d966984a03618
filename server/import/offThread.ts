/**
 * Reading an import's file in a worker thread, so that the server keeps answering while a large
 * workbook is read (SheetJS reads a sheet in one piece, which a reader cannot slice: seconds of
 * CPU for 100,000 rows, during which every request, and PGlite, which runs on the server's thread
 * too, would wait). Shared by the orders and the social imports: the job names the reader. The
 * rows come back a chunk per message, each once the caller asked for it, then the rest of the
 * result; a refusal of the whole file is thrown again as the same error class. The CLIs read in
 * their own thread: they have nothing else to answer.
 */
import { Worker } from "node:worker_threads";
import { UnreadableFileError } from "./sheet";
import { FileRefusedError } from "./types";

/** What the worker is given: which reader, the file's bytes and its context (instants as numbers). */
export type ParseJob =
  | { readonly kind: "orders"; readonly bytes: Uint8Array; readonly now: number }
  | { readonly kind: "social"; readonly bytes: Uint8Array; readonly now: number; readonly today: string }
  | { readonly kind: "ads"; readonly bytes: Uint8Array; readonly today: string; readonly account: string };

/** Rows the worker sends per message at most (then waits for the caller's "next"). */
export const ROWS_PER_MESSAGE = 5_000;

/**
 * What the worker answers: the rows a message of at most {@link ROWS_PER_MESSAGE} at a time, each
 * sent once the caller asked for the next, then the rest of the result. One message of 100,000
 * orders took the caller's thread seconds to copy in, in one piece, while no request was
 * answered; a message of 5,000 takes a tenth of a second, and the caller takes a turn of its
 * event loop (or writes the chunk) before it asks for the next.
 */
export type ParseReply =
  | { readonly ok: true; readonly chunk: readonly unknown[] }
  | { readonly ok: true; readonly done: unknown }
  | { readonly ok: false; readonly kind: "refused" | "unreadable" | "failed"; readonly message: string; readonly line?: number };

/**
 * The worker's entry: the bundled `importParseWorker.mjs` beside the server's bundle
 * (scripts/lib/serverBuild.mjs); from the sources (tests, scripts), `parseWorkerFromSources.mjs`,
 * which registers tsx in the worker and then imports `parseWorker.ts` (Node 20 does not apply an
 * `--import tsx` of a worker's execArgv to the worker's own entry file).
 */
function startWorker(job: ParseJob): Worker {
  const bundled = import.meta.url.endsWith(".mjs");
  return new Worker(new URL(bundled ? "./importParseWorker.mjs" : "./parseWorkerFromSources.mjs", import.meta.url), { workerData: job });
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Reads a file in a worker thread: yields its rows a chunk at a time (the next is asked for once
 * the caller took this one), and returns the rest of the result, as the job's reader in this
 * thread would. The worker ends when the reading ends, or when the caller stops early.
 *
 * @throws FileRefusedError or UnreadableFileError as the job's reader does
 */
export async function* readOffThread<C, R>(job: ParseJob): AsyncGenerator<readonly C[], R, void> {
  const worker = startWorker(job);
  const replies: ParseReply[] = [];
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const arrived = () => {
    wake?.();
    wake = null;
  };
  worker.on("message", (reply: ParseReply) => {
    replies.push(reply);
    arrived();
  });
  worker.once("error", (err) => {
    failure ??= err;
    arrived();
  });
  worker.once("exit", (code) => {
    failure ??= new Error(`the file reader stopped (exit code ${code}) before answering`);
    arrived();
  });
  try {
    for (;;) {
      const reply = replies.shift();
      if (reply === undefined) {
        if (failure !== null) throw failure;
        await new Promise<void>((resolve) => { wake = resolve; });
        continue;
      }
      if (reply.ok && "chunk" in reply) {
        yield reply.chunk as readonly C[];
        // The caller took the chunk (and wrote it, or took a turn): the worker may send the next.
        await turn();
        worker.postMessage("next");
        continue;
      }
      if (reply.ok) return reply.done as R;
      if (reply.kind === "refused") throw new FileRefusedError(reply.message, reply.line);
      if (reply.kind === "unreadable") throw new UnreadableFileError(reply.message, reply.line);
      throw new Error(`reading the file failed: ${reply.message}`);
    }
  } finally {
    void worker.terminate();
  }
}
