/**
 * A web worker for one visit of a page: created the first time the page needs it and terminated
 * when the page unmounts. A call after that makes a new one, so React's development double mount
 * still finds a live worker. A worker that keeps state (the RFM worker keeps the customers it was
 * sent) is talked to by one visit only.
 *
 * `start` must contain the literal `new Worker(new URL("…", import.meta.url), …)`, in the
 * feature's own file: that is what Vite sees to bundle the worker.
 */
import { useCallback, useEffect, useRef } from "react";
import { wrap, type Remote } from "comlink";

interface Running<T> {
  readonly worker: Worker;
  readonly remote: Remote<T>;
}

/** A stable function answering the page's worker (its Comlink remote), started on first call. */
export function useVisitWorker<T>(start: () => Worker): () => Remote<T> {
  const running = useRef<Running<T> | null>(null);
  const starter = useRef(start);
  useEffect(
    () => () => {
      running.current?.worker.terminate();
      running.current = null;
    },
    [],
  );
  return useCallback(() => {
    if (running.current === null) {
      const worker = starter.current();
      running.current = { worker, remote: wrap<T>(worker) };
    }
    return running.current.remote;
  }, []);
}
