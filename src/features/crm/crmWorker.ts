/**
 * The RFM worker of one visit of /crm: see `useVisitWorker`. The worker keeps the customers it
 * was sent (`load`), so one visit keeps talking to the same worker.
 */
import type { RfmWorkerApi } from "../../../workers/rfm.worker";
import { useVisitWorker } from "@/app/visitWorker";
import type { RfmMath } from "@/features/crm/crmLoaders";

const startWorker = () => new Worker(new URL("../../../workers/rfm.worker.ts", import.meta.url), { type: "module", name: "rfm" });

/** A stable function answering the page's worker, started on first call. */
export function useRfmWorker(): () => RfmMath {
  return useVisitWorker<RfmWorkerApi>(startWorker) as unknown as () => RfmMath;
}
