/**
 * The answer of a file import (`POST /user/import-orders`, `POST /user/import-social`) as an
 * import dialog shows it: written (the call's answer, decoded with its contract schema) or
 * refused (a 400 listing every bad line: nothing was written). Anything else is an
 * `ApiCallError` with the server's message.
 */
import { Schema } from "effect";
import { ApiError } from "../../domain/api";
import type { ImportOutcome } from "../../machines/importOrders/importOrdersMachine";
import { ApiCallError } from "@/api/client";

const Refusal = Schema.Struct({
  error: Schema.String,
  message: Schema.String,
  rows: Schema.Array(Schema.Struct({ line: Schema.Number, reason: Schema.String })),
});
const decodeRefusal = Schema.decodeUnknownResult(Refusal);
const decodeApiError = Schema.decodeUnknownResult(ApiError);

/** The outcome of an import's answer (status and parsed JSON body), for the call at `path` answering `response`. */
export function importOutcomeWith<R>(path: string, response: Schema.Codec<{ readonly msg: string; readonly data: R }, unknown>) {
  const decodeResponse = Schema.decodeUnknownResult(response);
  return (status: number, json: unknown): ImportOutcome<R> => {
    if (status >= 200 && status < 300) {
      const decoded = decodeResponse(json);
      if (decoded._tag === "Failure") throw new ApiCallError(status, "contract", `Unexpected answer from ${path}: ${decoded.failure.message}`);
      return { kind: "imported", result: decoded.success.data, message: decoded.success.msg };
    }
    if (status === 400) {
      const refused = decodeRefusal(json);
      if (refused._tag === "Success") return { kind: "refused", message: refused.success.message, rows: refused.success.rows };
    }
    const error = decodeApiError(json);
    if (error._tag === "Success") throw new ApiCallError(status, error.success.error, error.success.message);
    throw new ApiCallError(status, `http_${status}`, `The server answered ${status}.`);
  };
}
