/**
 * The o2o worker of one visit of /o2o: created the first time the page needs it (payloads,
 * figures, the default range) and terminated when the page unmounts. A call after that makes
 * a new one, so React's development double mount still finds a live worker.
 */
import { useCallback, useEffect, useRef } from "react";
import { wrap, type Remote } from "comlink";
import type { O2oWorkerApi } from "../../../workers/o2o.worker";
import type { O2oMath } from "@/features/o2o/o2oLoaders";

interface Running {
  readonly worker: Worker;
  readonly remote: Remote<O2oWorkerApi>;
}

function startWorker(): Running {
  const worker = new Worker(new URL("../../../workers/o2o.worker.ts", import.meta.url), { type: "module", name: "o2o" });
  return { worker, remote: wrap<O2oWorkerApi>(worker) };
}

/** A stable function answering the page's worker, started on first call. */
export function useO2oWorker(): () => O2oMath {
  const running = useRef<Running | null>(null);
  useEffect(
    () => () => {
      running.current?.worker.terminate();
      running.current = null;
    },
    [],
  );
  return useCallback(() => {
    running.current ??= startWorker();
    return running.current.remote as unknown as O2oMath;
  }, []);
}
