/** The o2o worker of one visit of /o2o (payloads, figures, the default range): see `useVisitWorker`. */
import type { O2oWorkerApi } from "../../../workers/o2o.worker";
import { useVisitWorker } from "@/app/visitWorker";
import type { O2oMath } from "@/features/o2o/o2oLoaders";

const startWorker = () => new Worker(new URL("../../../workers/o2o.worker.ts", import.meta.url), { type: "module", name: "o2o" });

/** A stable function answering the page's worker, started on first call. */
export function useO2oWorker(): () => O2oMath {
  return useVisitWorker<O2oWorkerApi>(startWorker) as unknown as () => O2oMath;
}
