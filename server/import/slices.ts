/**
 * Running a stepwise file reader (the orders' `parseOrdersSteps`, the social imports'
 * `parseSocialSteps`) on the server's own thread without holding it: the reader pauses every few
 * hundred rows, and this runs it in slices of a few milliseconds with a turn of the event loop
 * between them, so that other requests (and the embedded database, which runs on this thread
 * too) are answered while a 100,000-row file is read. Shared by the orders and the social imports.
 */

/** Rows (or orders, while they are built) a stepwise reader reads between two pauses. */
export const ROWS_PER_STEP = 500;

/** The longest the reading holds the server's thread at a time, ms (a step of 500 rows takes a few ms). */
export const SLICE_MS = 10;

/**
 * What a stepwise reader yields: nothing (a pause: the caller may do other work), or a chunk of
 * the rows it read, which the caller takes over (the social import writes each chunk to its
 * staging table as it comes, so the file's rows are never all in memory at once).
 */
export type Step<C> = readonly C[] | undefined | void;

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs a stepwise reader to its end, yielding its chunks as they come: in slices of about
 * `sliceMs` with a turn of the event loop between them (the server), or, with `sliceMs` =
 * Infinity, without a pause (the CLI and tests, which have nothing else to answer). Its return
 * value is the reader's.
 *
 * @throws whatever the reader throws (a refusal of the whole file)
 */
export async function* inSlices<C, R>(steps: Generator<Step<C>, R, void>, sliceMs = SLICE_MS): AsyncGenerator<readonly C[], R, void> {
  let until = performance.now() + sliceMs;
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    // What the caller does with a chunk before it asks for the next counts in the slice too.
    if (step.value !== undefined) yield step.value;
    if (performance.now() >= until) {
      await turn();
      until = performance.now() + sliceMs;
    }
  }
}

/** Runs a stepwise reader to its end in this thread, at once: its chunks, and its return value. */
export function runSteps<C, R>(steps: Generator<Step<C>, R, void>): { readonly chunks: readonly C[]; readonly result: R } {
  const chunks: C[] = [];
  for (;;) {
    const step = steps.next();
    if (step.done) return { chunks, result: step.value };
    if (step.value !== undefined) for (const c of step.value) chunks.push(c);
  }
}
