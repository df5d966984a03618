/**
 * The multipart file imports (`POST /user/import-metrics`, `POST /user/import-orders`): one file
 * in the field `file` plus text fields decoded with the call's request schema. The same checks
 * and answers for every import: bearer token (401), the call's permission (403), a body limit
 * (413), multipart with exactly one file and each field once (400), and a refused import answers
 * 400 `{error, message, rows}` with every bad row and its line; nothing is written then.
 */
import type { Context, Env, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { PermissionCode } from "../../domain/entities";
import type { Schema } from "effect";
import type { AuthService, Principal } from "../services/auth";
import { ServiceError, type FailureKind } from "../services/errors";
import { ImportRefusedError } from "../services/metrics";
import { decodeWith, findUnstorableString } from "./decode";

/** The HTTP status of each kind of service failure. */
export const STATUS: Record<FailureKind, 400 | 401 | 403 | 404 | 409 | 413 | 429 | 502> = {
  invalid: 400, unauthorized: 401, forbidden: 403, not_found: 404, conflict: 409, too_large: 413, rate_limited: 429, bad_gateway: 502,
};

type Row = { readonly line: number; readonly reason: string };

export interface FileImportRoute<F> {
  readonly def: { readonly path: string; readonly permission: PermissionCode; readonly request: Schema.Top };
  /** Largest file accepted, in bytes. */
  readonly maxBytes: number;
  readonly auth: Pick<AuthService, "authenticate">;
  /** Imports the file's bytes for the signed-in user; its answer is sent as `{msg: "Import Success", data}`. */
  readonly run: (bytes: Uint8Array, fields: F, principal: Principal) => Promise<unknown>;
}

export function registerFileImport<E extends Env, F>(app: Hono<E>, route: FileImportRoute<F>): void {
  const { def, maxBytes } = route;
  const limit = bodyLimit({
    maxSize: maxBytes + 64 * 1024,
    onError: (c) => c.json({ error: "too_large", message: `file: must be at most ${maxBytes} bytes`, rows: [] }, 413),
  });
  app.post(def.path, limit, async (c: Context<E>) => {
    const refuse = (status: number, error: string, message: string, rows: readonly Row[] = []) =>
      c.json({ error, message, rows }, status as 400);
    const header = c.req.header("Authorization") ?? "";
    const token = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header)?.[1];
    const principal = token ? await route.auth.authenticate(token) : null;
    if (!principal) return c.json({ error: "unauthorized", message: "Authorization: a valid bearer access token is required" }, 401);
    if (!principal.permissions.includes(def.permission)) return refuse(403, "forbidden", `permission ${def.permission} is required for ${def.path}`);
    if (!(c.req.header("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
      return refuse(400, "invalid_body", "body: must be multipart/form-data with one file in the field \"file\"");
    }
    let form: Record<string, string | File | (string | File)[]>;
    try {
      form = await c.req.parseBody({ all: true });
    } catch {
      return refuse(400, "invalid_body", "body: is not valid multipart/form-data");
    }
    const file = form.file;
    const files = Object.values(form).flat().filter((v) => typeof v !== "string");
    if (!(file instanceof File) || files.length !== 1) return refuse(400, "invalid_body", "file: exactly one file is required in the field \"file\"");
    const fields: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(form)) {
      if (k === "file") continue;
      if (Array.isArray(v)) return refuse(400, "invalid_body", `${k}: must be given once`);
      fields[k] = v;
    }
    const bad = findUnstorableString(fields);
    if (bad) return refuse(400, "invalid_body", `${bad.path}: must not contain NUL characters or unpaired surrogates`);
    const decoded = decodeWith(def.request, fields);
    if (!decoded.ok) return refuse(400, "invalid_body", decoded.message);
    const bytes = new Uint8Array(await file.arrayBuffer());
    // Hono keeps the request's body and its form, each a copy of the file, until the answer: let
    // them go, so that a large import holds the file once rather than three times (50 MB × 3).
    c.req.bodyCache = {};
    try {
      const data = await route.run(bytes, decoded.value as F, principal);
      return c.json({ msg: "Import Success", data });
    } catch (err) {
      if (err instanceof ImportRefusedError) return refuse(400, err.kind, `file: ${err.message}`, err.rows);
      if (err instanceof ServiceError) return refuse(STATUS[err.kind], err.kind, err.extra.field ? `${err.extra.field}: ${err.message}` : err.message);
      throw err;
    }
  });
}
