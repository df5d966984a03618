/**
 * The orders import of the E-Commerce page (`POST /user/import-orders`, multipart `file` and
 * `brand`): sent with `xhrUpload` (`@/api/upload`) for its upload progress, as the signed-in user (a 401 is
 * retried once with a refreshed token). A refused file (400 with the bad rows) is an answer, not
 * an error: nothing was written, and every bad line is listed.
 */
import { Schema } from "effect";
import { Api, ApiError } from "../../../domain/api";
import { ImportOrdersRefusal, ImportOrdersResponse } from "../../../domain/commerce";
import type { ImportOutcome } from "../../../machines/importOrders/importOrdersMachine";
import { ApiCallError } from "@/api/client";
import { xhrUpload } from "@/api/upload";
import { withFreshToken } from "@/app/api";

export type { ImportOutcome };

/** The server's limit (docs/orders-import.md): a larger file is refused before it is sent. */
export const MAX_ORDER_FILE_BYTES = 50 * 1024 * 1024;

/** The file types the import reads (the server decides by the file's content). */
export const ORDER_FILE_ACCEPT = ".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const decodeResponse = Schema.decodeUnknownResult(ImportOrdersResponse);
const decodeRefusal = Schema.decodeUnknownResult(ImportOrdersRefusal);
const decodeApiError = Schema.decodeUnknownResult(ApiError);

/** The outcome of the server's answer (status and parsed JSON body); throws ApiCallError for a failure. */
export function importOutcomeOf(status: number, json: unknown): ImportOutcome {
  if (status >= 200 && status < 300) {
    const decoded = decodeResponse(json);
    if (decoded._tag === "Failure") throw new ApiCallError(status, "contract", `Unexpected answer from ${Api.importOrders.path}: ${decoded.failure.message}`);
    return { kind: "imported", result: decoded.success.data, message: decoded.success.msg };
  }
  if (status === 400) {
    const refused = decodeRefusal(json);
    if (refused._tag === "Success") return { kind: "refused", message: refused.success.message, rows: refused.success.rows };
  }
  const error = decodeApiError(json);
  if (error._tag === "Success") throw new ApiCallError(status, error.success.error, error.success.message);
  throw new ApiCallError(status, `http_${status}`, `The server answered ${status}.`);
}

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
