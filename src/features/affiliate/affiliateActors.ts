/**
 * The actors of the /affiliate statecharts (docs/architecture.md, "The page anatomy": I/O only
 * here, given with `machine.provide`): the page's `load` asks `affiliateFigures` for the query's
 * request (tracked by the shell's loading bar); the Import affiliate report dialog runs on the
 * import statechart (`machines/importOrders`) over the affiliate import's result, its `upload`
 * sends the file with progress (`POST /user/import-affiliate`, multipart `file` and `brand`).
 */
import { fromPromise } from "xstate";
import { Api } from "../../../domain/api";
import { ImportAffiliateResponse, type ImportAffiliateResult } from "../../../domain/affiliateContract";
import type { AffiliateData, AffiliateQuery } from "../../../machines/affiliate/affiliateMachine";
import { createImportOrdersMachine, type ImportOutcome, type UploadInput } from "../../../machines/importOrders/importOrdersMachine";
import { pageLoader } from "../../../machines/shared/pageLoad";
import { importOutcomeWith } from "@/api/importOutcome";
import { xhrUpload } from "@/api/upload";
import { authedCall, withFreshToken } from "@/app/api";
import { trackLoading } from "@/app/loading";
import { affiliateRequestOf } from "@/features/affiliate/affiliateRequest";

export async function loadAffiliate(query: AffiliateQuery, signal: AbortSignal): Promise<AffiliateData> {
  const request = affiliateRequestOf(query);
  const { data } = await authedCall("affiliateFigures", request, { signal });
  return { figures: data, request };
}

export const affiliateActors = {
  load: pageLoader((query: AffiliateQuery, signal) => trackLoading(loadAffiliate(query, signal))),
};

// ---------------------------------------------------------------------------------------------
// Import affiliate report

/** The server's limit for an import (as the other imports): a larger file is refused before it is sent. */
export const MAX_AFFILIATE_FILE_BYTES = 50 * 1024 * 1024;
export const AFFILIATE_FILE_ACCEPT = ".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export const importAffiliateOutcomeOf = importOutcomeWith(Api.importAffiliate.path, ImportAffiliateResponse);

/** A refusal as a person reads it: the server names the part refused ("file: 5 rows cannot be imported…"), the dialog drops it. */
export function readableRefusal(message: string): string {
  const text = message.replace(/^file: /, "");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export type UploadAffiliate = (file: File, brand: string, onProgress: (fraction: number) => void, signal: AbortSignal) => Promise<ImportOutcome<ImportAffiliateResult>>;

export const uploadAffiliate: UploadAffiliate = (file, brand, onProgress, signal) =>
  withFreshToken(async (accessToken) => {
    const { status, json } = await xhrUpload({ path: Api.importAffiliate.path, fields: [["file", file], ["brand", brand]], accessToken, onProgress, signal });
    const outcome = importAffiliateOutcomeOf(status, json);
    onProgress(1);
    return outcome.kind === "refused" ? { ...outcome, message: readableRefusal(outcome.message) } : outcome;
  }, signal);

/** The import statechart (`machines/importOrders`) over the affiliate import's result; its target is the brand. */
export const importAffiliateMachine = createImportOrdersMachine<File, ImportAffiliateResult>();

export function importAffiliateActors(upload: UploadAffiliate = uploadAffiliate) {
  return {
    upload: fromPromise<ImportOutcome<ImportAffiliateResult>, UploadInput<File>>(({ input, signal }) =>
      upload(input.file, input.target, (fraction) => {
        if (!signal.aborted) input.report(fraction);
      }, signal)),
  };
}
