/**
 * The actor of the /campaign statechart (`machines/kol/kolMachine.ts`): `load` asks the server for
 * the brand's KOL overview over the view's range (`kolOverview`, narrowed to a platform when one
 * is chosen) or for one campaign (`kolCampaign`). Tracked by the shell's loading bar.
 */
import { kolLoader, type KolData, type KolQuery } from "../../../machines/kol/kolMachine";
import { authedCall } from "@/app/api";
import { trackLoading } from "@/app/loading";

export async function loadKol(query: KolQuery, signal: AbortSignal): Promise<KolData> {
  if (query.kind === "campaign") {
    const { data } = await authedCall("kolCampaign", { brand: query.brand, id: query.id }, { signal });
    return { kind: "campaign", detail: data };
  }
  const request = { brand: query.brand, start: query.start, end: query.end, ...(query.platform === null ? {} : { platform: query.platform }) };
  const { data } = await authedCall("kolOverview", request, { signal });
  return { kind: "overview", overview: data };
}

export const kolActors = {
  load: kolLoader((query, signal) => trackLoading(loadKol(query, signal))),
};
