/**
 * The browser's API client: one function per call of `domain/api.ts`. Every answer is decoded
 * with the call's response schema, so a server that drifts from the contract fails here, loudly,
 * instead of somewhere in the UI.
 */
import { Schema } from "effect";
import { Api, ApiError, type CallName, type RequestOf, type ResponseOf } from "../../domain/api";

/** A failed call. `message` is a sentence for people; `status` is 0 when no answer came back. */
export class ApiCallError extends Error {
  override readonly name = "ApiCallError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface CallOptions {
  accessToken?: string;
  signal?: AbortSignal;
  /**
   * The answer of this very call, already requested by the caller (the same method, path, query
   * and headers): sent before this client had loaded, so the call does not wait for it (issue 19).
   */
  response?: Promise<Response>;
}

const decodeApiError = Schema.decodeUnknownResult(ApiError);

const fallbackMessages: Record<number, string> = {
  401: "Wrong email or password.",
  429: "Too many attempts. Please wait a moment and try again.",
};

/**
 * A GET call's request travels in the query string (the server decodes `c.req.query()`):
 * every field that is set, as text; `undefined` fields are left out.
 */
export function withQuery(path: string, request: unknown): string {
  if (request === null || typeof request !== "object") return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(request)) {
    if (value === undefined || value === null) continue;
    params.append(key, String(value));
  }
  const query = params.toString();
  return query === "" ? path : `${path}?${query}`;
}

export async function call<N extends CallName>(
  name: N,
  body: RequestOf<N>,
  options: CallOptions = {},
): Promise<ResponseOf<N>> {
  const def = Api[name];
  const headers: Record<string, string> = { Accept: "application/json" };
  if (options.accessToken !== undefined) headers.Authorization = `Bearer ${options.accessToken}`;
  const hasBody = def.method !== "GET";
  if (hasBody) headers["Content-Type"] = "application/json";

  let response: Response;
  try {
    response = await (options.response ?? fetch(hasBody ? def.path : withQuery(def.path, body), {
      method: def.method,
      headers,
      body: hasBody ? JSON.stringify(body) : undefined,
      signal: options.signal,
      // Tokens travel in the Authorization header only; no cookie should ride along.
      credentials: "omit",
    }));
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiCallError(0, "network", "The server could not be reached. Check your connection and try again.");
  }

  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const decoded = decodeApiError(json);
    const error = decoded._tag === "Success" ? decoded.success : undefined;
    throw new ApiCallError(
      response.status,
      error?.error ?? `http_${response.status}`,
      error?.message ?? fallbackMessages[response.status] ?? `The server answered ${response.status}.`,
    );
  }
  const decoded = Schema.decodeUnknownResult(def.response)(json);
  if (decoded._tag === "Failure") {
    throw new ApiCallError(response.status, "contract", `Unexpected answer from ${def.path}: ${decoded.failure.message}`);
  }
  return decoded.success;
}
