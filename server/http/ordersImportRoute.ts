/**
 * `POST /user/import-orders` (Api.importOrders): multipart, one file in the field `file` and the
 * `brand` field; permission 7. The same checks and answers as `POST /user/import-metrics`: a
 * refused import answers 400 `{ error, message, rows }` (ImportOrdersRefusal), every bad row with
 * its line. Registered by `createApp` before its catch-all of unknown API paths.
 */
import type { Env, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { Api, type ResponseOf } from "../../domain/api";
import type { AuthService } from "../services/auth";
import type { FailureKind } from "../services/errors";
import { ServiceError } from "../services/errors";
import { ImportRefusedError, ORDERS_IMPORT_MAX_BYTES, type OrdersImportService } from "../services/ordersImport";
import { decodeWith, findUnstorableString } from "./decode";

export interface OrdersImportRouteDeps {
  readonly auth: AuthService;
  readonly ordersImport: OrdersImportService;
}

const STATUS: Record<FailureKind, 400 | 401 | 403 | 404 | 409 | 413 | 429 | 502> = {
  invalid: 400, unauthorized: 401, forbidden: 403, not_found: 404, conflict: 409, too_large: 413, rate_limited: 429, bad_gateway: 502,
};

type Row = { readonly line: number; readonly reason: string };

export function registerOrdersImport<E extends Env>(app: Hono<E>, deps: OrdersImportRouteDeps): void {
  const def = Api.importOrders;
  const limit = bodyLimit({
    maxSize: ORDERS_IMPORT_MAX_BYTES + 64 * 1024,
    onError: (c) => c.json({ error: "too_large", message: `file: must be at most ${ORDERS_IMPORT_MAX_BYTES} bytes`, rows: [] }, 413),
  });
  app.post(def.path, limit, async (c) => {
    const refuse = (status: number, error: string, message: string, rows: readonly Row[] = []) =>
      c.json({ error, message, rows }, status as 400);
    const header = c.req.header("Authorization") ?? "";
    const token = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header)?.[1];
    const principal = token ? await deps.auth.authenticate(token) : null;
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
    try {
      const data = await deps.ordersImport.importFile(new Uint8Array(await file.arrayBuffer()), decoded.value, { userId: principal.userId });
      return c.json({ msg: "Import Success", data } satisfies ResponseOf<"importOrders">);
    } catch (err) {
      if (err instanceof ImportRefusedError) return refuse(400, err.kind, `file: ${err.message}`, err.rows);
      if (err instanceof ServiceError) return refuse(STATUS[err.kind], err.kind, err.extra.field ? `${err.extra.field}: ${err.message}` : err.message);
      throw err;
    }
  });
}
