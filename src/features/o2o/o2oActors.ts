/**
 * The actors of the /o2o statechart (`machines/o2o`), over this visit's loaders (`o2oLoaders.ts`:
 * the proxy call and the o2o worker), each load tracked by the shell's loading bar.
 */
import { fromPromise } from "xstate";
import type { O2oCampaign } from "../../../domain/o2o";
import type { LoadTabInput } from "../../../machines/o2o/o2oMachine";
import { trackLoading } from "@/app/loading";
import type { O2oLoaders } from "@/features/o2o/o2oLoaders";

export function o2oActors(loaders: O2oLoaders) {
  return {
    loadCampaigns: fromPromise<readonly O2oCampaign[], void>(({ signal }) => trackLoading(loaders.loadCampaigns(signal))),
    loadTab: fromPromise<unknown, LoadTabInput>(({ input, signal }) => trackLoading(loaders.loadTab(input, signal))),
  };
}
