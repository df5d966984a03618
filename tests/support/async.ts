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
