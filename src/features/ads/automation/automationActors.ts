/**
 * The actors of the /ads automation section's statecharts (docs/architecture.md, "The page
 * anatomy": I/O only here, given with `machine.provide`): the rules list, the rule editor's save
 * and delete, the alerts panel's list, acknowledgement and check, and the Import ads upload.
 */
import { fromPromise } from "xstate";
import { Api } from "../../../../domain/api";
import type { AdsAlertsRequest, AdsAlertsResponse, EvaluateAdsRulesResponse, UpsertAdsRuleRequest } from "../../../../domain/adsContract";
import { ImportAdsResponse, type ImportAdsResult } from "../../../../domain/adsImport";
import type { AlertsQuery } from "../../../../machines/ads/adsAlertsMachine";
import type { UpsertAdsRuleResponse } from "../../../../machines/ads/adsRuleEditorMachine";
import type { AdsRulesQuery } from "../../../../machines/ads/adsRulesMachine";
import { createImportOrdersMachine, type ImportOutcome, type UploadInput } from "../../../../machines/importOrders/importOrdersMachine";
import { pageLoader } from "../../../../machines/shared/pageLoad";
import { importOutcomeWith } from "@/api/importOutcome";
import { xhrUpload } from "@/api/upload";
import { authedCall, withFreshToken } from "@/app/api";

export const rulesActors = {
  load: pageLoader(async (query: AdsRulesQuery, signal: AbortSignal) => (await authedCall("adsRules", { brand: query.brand }, { signal })).data),
};

export const ruleEditorActors = {
  saveRule: fromPromise<UpsertAdsRuleResponse, UpsertAdsRuleRequest>(({ input, signal }) => authedCall("upsertAdsRule", input, { signal })),
  deleteRule: fromPromise<unknown, { brand: string; id: number }>(({ input, signal }) => authedCall("deleteAdsRule", input, { signal })),
};

export const alertsActors = {
  loadAlerts: fromPromise<typeof AdsAlertsResponse.Type, AdsAlertsRequest>(({ input, signal }) => authedCall("adsAlerts", input, { signal })),
  acknowledgeAlerts: fromPromise<{ readonly acknowledged: number }, { brand: string; ids: readonly number[] }>(({ input, signal }) =>
    authedCall("acknowledgeAdsAlerts", { brand: input.brand, ids: [...input.ids] }, { signal })),
  checkRules: fromPromise<typeof EvaluateAdsRulesResponse.Type, AlertsQuery>(({ input, signal }) =>
    authedCall("evaluateAdsRules", { brand: input.brand, start: input.start, end: input.end }, { signal })),
};

// ---------------------------------------------------------------------------------------------
// Import ads: `POST /user/import-ads` (multipart `file` and `account`), with upload progress.

/** The server's limit for an import (as the other imports): a larger file is refused before it is sent. */
export const MAX_ADS_FILE_BYTES = 50 * 1024 * 1024;
export const ADS_FILE_ACCEPT = ".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export const importAdsOutcomeOf = importOutcomeWith(Api.importAds.path, ImportAdsResponse);

/** A refusal as a person reads it: the server names the part refused ("file: 5 rows cannot be imported…"), the dialog drops it. */
export function readableRefusal(message: string): string {
  const text = message.replace(/^file: /, "");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export type UploadAds = (file: File, account: string, onProgress: (fraction: number) => void, signal: AbortSignal) => Promise<ImportOutcome<ImportAdsResult>>;

export const uploadAds: UploadAds = (file, account, onProgress, signal) =>
  withFreshToken(async (accessToken) => {
    const { status, json } = await xhrUpload({ path: Api.importAds.path, fields: [["file", file], ["account", account]], accessToken, onProgress, signal });
    const outcome = importAdsOutcomeOf(status, json);
    onProgress(1);
    return outcome.kind === "refused" ? { ...outcome, message: readableRefusal(outcome.message) } : outcome;
  }, signal);

/** The import statechart (`machines/importOrders`) over the ads import's result; its target is the ad account. */
export const importAdsMachine = createImportOrdersMachine<File, ImportAdsResult>();

export function importAdsActors(upload: UploadAds = uploadAds) {
  return {
    upload: fromPromise<ImportOutcome<ImportAdsResult>, UploadInput<File>>(({ input, signal }) =>
      upload(input.file, input.target, (fraction) => {
        if (!signal.aborted) input.report(fraction);
      }, signal)),
  };
}
