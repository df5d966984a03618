/**
 * The o2o web worker: the one file that calls Comlink's `expose`. The page creates it with
 * `new Worker(new URL("…/workers/o2o.worker.ts", import.meta.url), { type: "module" })`, wraps it
 * with `wrap<O2oWorkerApi>(worker)` and imports nothing else from here but the types.
 *
 * Large inputs (`HourlyInput`, `PairsInput`) are typed arrays: pass them with
 * `transfer(input, [input.hours.buffer, input.from.buffer])` to move instead of copying them.
 */
import { expose } from "comlink";
import type { Remote } from "comlink";
import { o2oApi } from "./o2oMath";

expose(o2oApi);

/** The functions the o2o worker exposes, as they are in the worker. */
export type O2oWorkerApi = typeof o2oApi;
/** The page's handle on the worker: every function of {@link O2oWorkerApi}, answering a promise. */
export type O2oWorkerClient = Remote<O2oWorkerApi>;
