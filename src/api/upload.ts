/**
 * A multipart upload with progress: XMLHttpRequest, not fetch, because only it reports upload
 * progress. Used by the profile image upload (`@/app/api` authedUpload) and the orders import
 * (`@/features/commerce/importOrders`), which each decode the answer their own way.
 */
import { ApiCallError } from "@/api/client";

export interface UploadRequest {
  /** The API path (from `domain/api.ts`). */
  readonly path: string;
  /** The form's fields, sent as multipart/form-data in this order. */
  readonly fields: readonly (readonly [name: string, value: string | Blob])[];
  readonly accessToken: string;
  /** 0..1 while the body is sent (only when the browser knows its length). */
  readonly onProgress?: (fraction: number) => void;
  /** Aborts the upload: the promise rejects with an AbortError. */
  readonly signal?: AbortSignal;
}

/** The server's answer: its status and its body as JSON (undefined when it is not JSON). */
export interface UploadAnswer {
  readonly status: number;
  readonly json: unknown;
}

export const NETWORK_MESSAGE = "The server could not be reached. Check your connection and try again.";

export function xhrUpload({ path, fields, accessToken, onProgress, signal }: UploadRequest): Promise<UploadAnswer> {
  return new Promise<UploadAnswer>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException("The upload was cancelled.", "AbortError"));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    xhr.setRequestHeader("Authorization", `Bearer ${accessToken}`);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.responseType = "text";
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
    };
    const onAbort = () => xhr.abort();
    const done = () => signal?.removeEventListener("abort", onAbort);
    xhr.onerror = () => {
      done();
      reject(new ApiCallError(0, "network", NETWORK_MESSAGE));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException("The upload was cancelled.", "AbortError"));
    };
    xhr.onload = () => {
      done();
      let json: unknown;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        json = undefined;
      }
      resolve({ status: xhr.status, json });
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    const form = new FormData();
    for (const [name, value] of fields) form.append(name, value);
    xhr.send(form);
  });
}
