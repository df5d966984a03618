/**
 * One call of the o2o proxy (`POST /api/o2o/get-data`, spec §7) as the signed-in user: the
 * request `{url, payload, name, methods, typechart}` goes through `authedCall` (bearer token,
 * one refresh and retry on a 401), and the answer's `data` is decoded with the target path's
 * own schema, so a drifting server fails here with a clear message instead of in a chart.
 * Failures throw `ApiCallError` with the server's message.
 */
import { Schema } from "effect";
import {
  O2O_ALLOWED_METHODS, O2O_TARGETS,
  type O2oChartType, type O2oDataOf, type O2oPayloadOf, type O2oProxyRequest, type O2oTargetPath,
} from "../../../domain/o2o";
import { ApiCallError } from "@/api/client";
import { authedCall } from "@/app/api";

export interface O2oCallOptions {
  signal?: AbortSignal;
}

/** The shape of {@link o2oCall}; the loaders take it, so tests can pass a fake. */
export type O2oCall = <P extends O2oTargetPath>(
  url: P,
  payload: O2oPayloadOf<P>,
  name: string,
  typechart: O2oChartType,
  opts?: O2oCallOptions,
) => Promise<O2oDataOf<P>>;

const makeDecoder = (url: O2oTargetPath) => Schema.decodeUnknownResult(O2O_TARGETS[url].data as unknown as Schema.Codec<unknown, unknown>);
const decoders = new Map<O2oTargetPath, ReturnType<typeof makeDecoder>>();

function decoderOf(url: O2oTargetPath): ReturnType<typeof makeDecoder> {
  let decode = decoders.get(url);
  if (decode === undefined) {
    decode = makeDecoder(url);
    decoders.set(url, decode);
  }
  return decode;
}

/** The request body of the proxy for one target path. */
export function o2oRequest<P extends O2oTargetPath>(url: P, payload: O2oPayloadOf<P>, name: string, typechart: O2oChartType): O2oProxyRequest {
  return { url, methods: O2O_ALLOWED_METHODS[url], payload, name, typechart } as O2oProxyRequest;
}

export const o2oCall: O2oCall = async (url, payload, name, typechart, opts = {}) => {
  const answer = await authedCall("o2oGetData", o2oRequest(url, payload, name, typechart), { signal: opts.signal });
  const decoded = decoderOf(url)(answer.data);
  if (decoded._tag === "Failure") {
    throw new ApiCallError(200, "contract", `Unexpected answer from the visitor analytics service (${url}): ${decoded.failure.message}`);
  }
  return decoded.success as O2oDataOf<typeof url>;
};
