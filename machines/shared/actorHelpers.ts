/**
 * Pieces every statechart uses the same way: the placeholder for an actor its feature must
 * provide, and the message of a failed call as a person reads it.
 */
import { fromPromise } from "xstate";

/**
 * A promise actor that fails with "<name> not provided": the default in a machine's `setup`,
 * replaced with `machine.provide({ actors })` in `src/features/<module>/<module>Actors.ts`
 * (and by test doubles in model tests). Seeing the message means a feature forgot to provide it.
 */
export const notProvided = <TOutput, TInput>(name: string) =>
  fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`${name} not provided`)));

/**
 * The message of a failed call, fit to show to a person: the error's own message (the API
 * client's errors already read as sentences), else the fallback sentence.
 *
 * @param readable - turns a non-empty message into the words shown (e.g. dropping a field path)
 */
export function failureMessage(error: unknown, fallback: string, readable: (message: string) => string = (m) => m): string {
  if (error instanceof Error && error.message.trim() !== "") return readable(error.message);
  return fallback;
}
