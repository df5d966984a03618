/**
 * The o2o proxy behind `POST /api/o2o/get-data` (spec §7): checks that the user may read o2o,
 * forwards the already-decoded request to the visitor analytics service with the user's
 * `tokenO2O`, waits at most `O2O_TIMEOUT_MS`, and checks the answer against the path's schema
 * before passing it on. Two services can stand behind it:
 *
 * - the built-in one (`O2OBuiltinService`, the embedded default), called in-process;
 * - the real one at `O2O_UPSTREAM_URL`, called over HTTP.
 *
 * What leaves the server is fixed here, never taken from the client: the URL is the configured
 * base plus one of the constant target paths (looked up in `O2O_TARGET_PATHS`, not copied from
 * the request), the method is that path's method, redirects are not followed, and the token is
 * the one stored for the user (or, without one, for one of the user's brands). The request body has already been decoded with the path's
 * payload schema by the HTTP layer, so an unknown path or method never gets this far (400).
 */
import { Schema, SchemaIssue } from "effect";
import {
  O2O_ALLOWED_METHODS, O2O_TARGETS, O2O_TARGET_PATHS, type O2oDataOf, type O2oMethod, type O2oPayloadOf, type O2oProxyRequest,
  type O2oProxyResponse, type O2oTargetPath,
} from "../../domain/o2o";
import type { Storage } from "../storage/storage";
import type { O2OBuiltinService } from "./o2oService";
import { ServiceError } from "./errors";

/** One visitor analytics service as the proxy sees it. */
export interface O2OBackend {
  /** A few words for messages: "the visitor analytics service". */
  readonly label: string;
  /** Asks one target path; resolves with the answer's data as it came (checked by the proxy). */
  request(path: O2oTargetPath, method: O2oMethod, payload: unknown, tokenO2O: string, signal: AbortSignal): Promise<unknown>;
}

/** Largest answer the proxy reads from the upstream service. */
export const O2O_UPSTREAM_MAX_BYTES = 8 * 1024 * 1024;

/**
 * The real service at a base URL. It is asked `POST {base}{path}` with the payload as JSON (GET
 * without a body for `/campaign/structure`) and `Authorization: Bearer {tokenO2O}`, and answers
 * the path's data as JSON, bare or wrapped as `{"data": …}`.
 */
export class UpstreamO2OBackend implements O2OBackend {
  readonly label = "the visitor analytics service";
  constructor(private readonly baseUrl: string) {}

  async request(path: O2oTargetPath, method: O2oMethod, payload: unknown, tokenO2O: string, signal: AbortSignal): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: { Accept: "application/json", Authorization: `Bearer ${tokenO2O}`, ...(method === "POST" ? { "Content-Type": "application/json" } : {}) },
        body: method === "POST" ? JSON.stringify(payload) : undefined,
        redirect: "manual",
        signal,
      });
    } catch (err) {
      if (signal.aborted) throw err;
      throw new ServiceError("bad_gateway", `${this.label} could not be reached`);
    }
    if (res.status === 401 || res.status === 403) {
      await res.body?.cancel();
      throw new ServiceError("forbidden", `${this.label} refused your o2o access (HTTP ${res.status})`);
    }
    if (res.status < 200 || res.status > 299) {
      await res.body?.cancel();
      throw new ServiceError("bad_gateway", `${this.label} answered HTTP ${res.status} for ${path}`);
    }
    const text = await readLimited(res, O2O_UPSTREAM_MAX_BYTES, this.label);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ServiceError("bad_gateway", `${this.label} answered ${path} with something that is not JSON`);
    }
    const wrapped = typeof json === "object" && json !== null && !Array.isArray(json) && Object.keys(json).length === 1 && "data" in json;
    return wrapped ? (json as { data: unknown }).data : json;
  }
}

async function readLimited(res: Response, max: number, label: string): Promise<string> {
  const declared = Number(res.headers.get("Content-Length") ?? "0");
  if (declared > max) {
    await res.body?.cancel();
    throw new ServiceError("bad_gateway", `${label} answered more than ${max} bytes`);
  }
  if (!res.body) return "";
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new ServiceError("bad_gateway", `${label} answered more than ${max} bytes`);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** The built-in service, called in-process. */
export class BuiltinO2OBackend implements O2OBackend {
  readonly label = "the built-in visitor analytics service";

  constructor(private readonly service: Pick<O2OBuiltinService, "answer">) {}

  async request(path: O2oTargetPath, _method: O2oMethod, payload: unknown, tokenO2O: string): Promise<unknown> {
    try {
      return await this.service.answer(tokenO2O, path, payload as O2oPayloadOf<typeof path>);
    } catch (err) {
      // A refused o2o token is not the caller's access token expiring: 403, never 401 (which the
      // browser would answer with a refresh and the same request again).
      if (err instanceof ServiceError && err.kind === "unauthorized") throw new ServiceError("forbidden", `${this.label} refused your o2o access`);
      throw err;
    }
  }
}

const formatIssue = SchemaIssue.makeFormatterStandardSchemaV1();
const pathText = (path: ReadonlyArray<unknown> | undefined) =>
  (path ?? []).map((p) => String(typeof p === "object" && p !== null && "key" in p ? (p as { key: PropertyKey }).key : p)).join(".");

const decoders = Object.fromEntries(
  O2O_TARGET_PATHS.map((p) => [p, Schema.decodeUnknownResult(O2O_TARGETS[p].data as unknown as Schema.Codec<unknown, unknown>)]),
) as Record<O2oTargetPath, (u: unknown, o?: { onExcessProperty: "error" }) => ReturnType<ReturnType<typeof Schema.decodeUnknownResult<Schema.Codec<unknown, unknown>>>>>;

export class O2OProxy {
  constructor(
    private readonly db: Pick<Storage, "query">,
    private readonly backend: O2OBackend,
    private readonly timeoutMs: number,
  ) {}

  /**
   * Forwards one request for a user and answers `{name, typechart, data}`.
   *
   * @throws ServiceError forbidden when the user has no o2o token or no campaign (or the
   *   service refuses them); bad_gateway when the service fails, times out or answers something
   *   that is not the path's data
   */
  async getData<P extends O2oTargetPath>(userId: number, req: O2oProxyRequest & { url: P }): Promise<O2oProxyResponse<P>> {
    const target = O2O_TARGET_PATHS.find((p) => p === req.url);
    if (target === undefined) throw new ServiceError("invalid", "must be one of the o2o target paths", { field: "url" });
    // The user's own token, else the first token of their brands (by name); the user's own
    // campaigns and those of their brands (issue 17). Neither token ever reaches the browser.
    const access = (await this.db.query<{ token: string; campaigns: number[] }>(
      `SELECT CASE WHEN u.token_o2o <> '' THEN u.token_o2o
                   ELSE coalesce((SELECT b.o2o_token FROM user_brands ub JOIN brands b ON b.id = ub.brand_id
                                   WHERE ub.user_id = u.id AND b.o2o_token <> '' ORDER BY b.name LIMIT 1), '') END AS token,
              array(SELECT uc.campaign_id FROM user_o2o_campaigns uc WHERE uc.user_id = u.id
                    UNION SELECT bo.campaign_id FROM brand_o2o_campaigns bo JOIN user_brands ub ON ub.brand_id = bo.brand_id WHERE ub.user_id = u.id
                    ORDER BY 1) AS campaigns
         FROM users u WHERE u.id = $1`, [userId],
    )).rows[0];
    if (!access || access.token === "" || access.campaigns.length === 0) {
      throw new ServiceError("forbidden", "you have no access to o2o visitor analytics: ask your administrator for o2o campaigns");
    }
    // Ownership is checked here, before anything leaves the server, whichever service answers:
    // the user's campaigns are the stored list (the one /campaign/structure answers from).
    const owned = new Set(access.campaigns.map(Number));
    for (const id of (req.payload as { campaigns?: readonly number[] } | undefined)?.campaigns ?? []) {
      if (!owned.has(id)) throw new ServiceError("forbidden", `campaign ${id} is not one of yours`, { field: "payload.campaigns" });
    }
    const raw = await this.withTimeout((signal) => this.backend.request(target, O2O_ALLOWED_METHODS[target], req.payload, access.token, signal));
    const decoded = decoders[target](raw, { onExcessProperty: "error" });
    if (decoded._tag === "Failure") {
      const first = formatIssue(decoded.failure.issue).issues[0];
      const where = pathText(first?.path);
      throw new ServiceError("bad_gateway", `${this.backend.label} answered ${target} in an unexpected shape (${where ? `${where}: ` : ""}${first?.message ?? "invalid"})`);
    }
    return { name: req.name, typechart: req.typechart, data: decoded.success as O2oDataOf<P> };
  }

  private async withTimeout<T>(run: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new ServiceError("bad_gateway", `${this.backend.label} did not answer within ${formatSeconds(this.timeoutMs)}`));
      }, this.timeoutMs);
    });
    try {
      return await Promise.race([run(controller.signal), timeout]);
    } catch (err) {
      if (err instanceof ServiceError) throw err;
      if (controller.signal.aborted) throw new ServiceError("bad_gateway", `${this.backend.label} did not answer within ${formatSeconds(this.timeoutMs)}`);
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }
}

const formatSeconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);
