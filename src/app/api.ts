/**
 * Calls made on behalf of the signed-in user. They carry the current access token; a 401 asks
 * the auth machine for a refresh (which it shares between every caller refused meanwhile), waits
 * for the new token and retries once.
 */
import { Schema } from "effect";
import { waitFor } from "xstate";
import { Api, ApiError, UploadResponse, type CallName, type RequestOf, type ResponseOf, type UploadPurpose } from "../../domain/api";
import { selectAccessToken, selectIsAuthenticated, selectIsBusy, selectIsReadyForCalls } from "../../machines/auth/authSelectors";
import { ApiCallError, call } from "@/api/client";
import { xhrUpload } from "@/api/upload";
import { authActor } from "@/app/auth";

export interface AuthedCallOptions {
  signal?: AbortSignal;
}

const notSignedIn = () => new ApiCallError(401, "unauthorized", "Your session has ended. Please sign in again.");

/** The token to send now: waits out a restore or a refresh in flight; throws 401 when signed out. */
async function currentToken(signal?: AbortSignal): Promise<string> {
  const s = await waitFor(authActor, (snap) => selectIsReadyForCalls(snap) || (!selectIsBusy(snap) && !selectIsAuthenticated(snap)), {
    signal,
  });
  const token = selectAccessToken(s);
  if (!selectIsReadyForCalls(s) || token === null) throw notSignedIn();
  return token;
}

/**
 * The token that replaced `rejected`: reports the rejection (the machine starts at most one
 * refresh for it) and waits until the machine holds another token, or has signed out.
 */
async function replacementToken(rejected: string, signal?: AbortSignal): Promise<string> {
  authActor.send({ type: "auth.tokenExpired", rejectedToken: rejected });
  const s = await waitFor(
    authActor,
    (snap) => (selectIsReadyForCalls(snap) && selectAccessToken(snap) !== rejected) || !selectIsAuthenticated(snap),
    { signal },
  );
  const token = selectAccessToken(s);
  if (!selectIsAuthenticated(s) || token === null) throw notSignedIn();
  return token;
}

const isUnauthorized = (error: unknown) => error instanceof ApiCallError && error.status === 401;

/** Runs `run` with the current access token; on a 401 once more with the refreshed one (calls outside `Api`, like the o2o proxy). */
export async function withFreshToken<T>(run: (token: string) => Promise<T>, signal?: AbortSignal): Promise<T> {
  const token = await currentToken(signal);
  try {
    return await run(token);
  } catch (error) {
    if (!isUnauthorized(error)) throw error;
    return run(await replacementToken(token, signal));
  }
}

/** One API call as the signed-in user (see the module comment for the 401 handling). */
export function authedCall<N extends CallName>(name: N, body: RequestOf<N>, opts: AuthedCallOptions = {}): Promise<ResponseOf<N>> {
  return withFreshToken((accessToken) => call(name, body, { accessToken, signal: opts.signal }), opts.signal);
}

const decodeUpload = Schema.decodeUnknownResult(UploadResponse);
const decodeApiError = Schema.decodeUnknownResult(ApiError);

async function sendUpload(file: File, purpose: UploadPurpose, accessToken: string, onProgress?: (fraction: number) => void): Promise<UploadResponse> {
  const path = Api.uploadImg.path;
  const { status, json } = await xhrUpload({ path, fields: [["file", file], ["purpose", purpose]], accessToken, onProgress });
  if (status < 200 || status >= 300) {
    const decoded = decodeApiError(json);
    const message = decoded._tag === "Success" ? decoded.success.message : `The server answered ${status}.`;
    throw new ApiCallError(status, decoded._tag === "Success" ? decoded.success.error : `http_${status}`, message);
  }
  const decoded = decodeUpload(json);
  if (decoded._tag === "Failure") throw new ApiCallError(status, "contract", `Unexpected answer from ${path}: ${decoded.failure.message}`);
  onProgress?.(1);
  return decoded.success;
}

/** Uploads an image (`/user/upload-img`) as the signed-in user, reporting progress from 0 to 1. */
export function authedUpload(
  file: File,
  purpose: UploadPurpose,
  onProgress?: (fraction: number) => void,
): Promise<ResponseOf<"uploadImg">> {
  return withFreshToken((accessToken) => sendUpload(file, purpose, accessToken, onProgress));
}
