/** Small helpers for tests that drive actors with fake, hand-settled side effects. */

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/** A promise the test settles when it chooses (a server answer that has not arrived yet). */
export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** An HTTP refusal as the app's API client reports it: an Error with a numeric `status`. */
export const refusal = (status: number, message: string): Error & { status: number } => Object.assign(new Error(message), { status });

/** Lets settled promises and the actors' reactions to them run. */
export const flush = (): Promise<unknown> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The browser's next frame and the task after it: what a page renders a frame after the rest
 * (`useAfterFrame`, src/components/frames.ts) has come by then. Call it inside `act`. Two frames
 * when a part waits for another that waited a frame (CRM's customer table after its sections).
 */
export const nextFrame = (): Promise<void> => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
