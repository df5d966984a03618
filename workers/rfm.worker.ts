/**
 * The RFM web worker of the CRM page (issue 6): the one file that calls Comlink's `expose`. The
 * page creates it with
 * `new Worker(new URL("…/workers/rfm.worker.ts", import.meta.url), { type: "module" })`, wraps it
 * with `wrap<RfmWorkerApi>(worker)` and imports nothing else from here but the types.
 *
 * The worker keeps the customers it was sent: `load(current, previous)` once per answer of the
 * customers call, `score(weights, rules, proxy(onProgress))` when the template changes, then
 * `page(query)`, `csv(query)`, `summary()`, `transitions()` without sending the arrays again.
 * Packed input (`PackedCustomers`) can be passed with
 * `transfer(input, [input.recencyDays.buffer, input.frequency.buffer, input.monetary.buffer])`.
 */
import { expose } from "comlink";
import type { Remote } from "comlink";
import { rfmApi } from "./rfm";

expose(rfmApi);

/** The functions the RFM worker exposes, as they are in the worker. */
export type RfmWorkerApi = typeof rfmApi;
/** The page's handle on the worker: every function of {@link RfmWorkerApi}, answering a promise. */
export type RfmWorkerClient = Remote<RfmWorkerApi>;
