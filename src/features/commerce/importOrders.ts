/**
 * The orders import of the E-Commerce page (`POST /user/import-orders`, multipart `file` and
 * `brand`): sent with `xhrUpload` (`@/api/upload`) for its upload progress, as the signed-in user (a 401 is
 * retried once with a refreshed token). A refused file (400 with the bad rows) is an answer, not
 * an error: nothing was written, and every bad line is listed.
 */
import { Api } from "../../../domain/api";
import { ImportOrdersResponse } from "../../../domain/commerce";
import type { ImportOutcome } from "../../../machines/importOrders/importOrdersMachine";
import { importOutcomeWith } from "@/api/importOutcome";
import { xhrUpload } from "@/api/upload";
import { withFreshToken } from "@/app/api";

export type { ImportOutcome };

/** The server's limit (docs/orders-import.md): a larger file is refused before it is sent. */
export const MAX_ORDER_FILE_BYTES = 50 * 1024 * 1024;

/** The file types the import reads (the server decides by the file's content). */
export const ORDER_FILE_ACCEPT = ".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The outcome of the server's answer (status and parsed JSON body); throws ApiCallError for a failure. */
export const importOutcomeOf = importOutcomeWith(Api.importOrders.path, ImportOrdersResponse);

async function send(file: File, brand: string, accessToken: string, onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<ImportOutcome> {
  const fields = [["file", file], ["brand", brand]] as const;
  const { status, json } = await xhrUpload({ path: Api.importOrders.path, fields, accessToken, onProgress, signal });
  const outcome = importOutcomeOf(status, json);
  onProgress?.(1);
  return outcome;
}

/** Imports an orders file for `brand` as the signed-in user, reporting upload progress from 0 to 1. */
export function uploadOrders(file: File, brand: string, onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<ImportOutcome> {
  return withFreshToken((accessToken) => send(file, brand, accessToken, onProgress, signal), signal);
}
