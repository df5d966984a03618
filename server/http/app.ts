import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { Api, HISTORY_PAGE_DEFAULT, UPSERT_FAIL, UPSERT_SUCCESS, UploadPurpose, permissionText, permits, type CallName, type RequestOf, type ResponseOf } from "../../domain/api";
import type { FilterTemplate, KpiTemplate } from "../../domain/entities";
import { isAppRoute } from "../../domain/routes";
import type { Config } from "../config";
import { bearerToken } from "../auth/tokens";
import type { Activity } from "../services/activity";
import type { AdminService } from "../services/admin";
import type { AuthService, Principal } from "../services/auth";
import type { CirService } from "../services/cir";
import type { CommerceService } from "../services/commerce";
import type { SaleService } from "../services/sale";
import type { SocialService } from "../services/social";
import type { AdsService } from "../services/ads";
import type { AffiliateService } from "../services/affiliate";
import { AFFILIATE_IMPORT_MAX_BYTES, type AffiliateImportService } from "../services/affiliateImport";
import { firstRuleProblem, type AdsRulesService } from "../services/adsRules";
import { ServiceError } from "../services/errors";
import { METRICS_IMPORT_MAX_BYTES, type MetricsService } from "../services/metrics";
import type { O2OProxy } from "../services/o2oProxy";
import { ORDERS_IMPORT_MAX_BYTES, type OrdersImportService } from "../services/ordersImport";
import { SOCIAL_IMPORT_MAX_BYTES, type SocialImportService } from "../services/socialImport";
import { ADS_IMPORT_MAX_BYTES, type AdsImportService } from "../services/adsImport";
import { firstKolBookingProblem, firstKolCampaignProblem, firstKolEmvProblem, firstKolProblem, type KolService } from "../services/kol";
import { KOL_IMPORT_MAX_BYTES, type KolImportService } from "../services/kolImport";
import { registerFileImport, STATUS } from "./fileImport";
import type { TemplateStore } from "../services/templates";
import type { UploadService } from "../services/uploads";
import { attachment, type ReportLibraryService } from "../services/reportLibrary";
import { CIR_REPORT_PDF_PATH, CirReportRequest } from "../../domain/cirContract";
import { LIBRARY_FILE_PATH, LibraryFileQuery } from "../../domain/reportLibraryContract";
import type { UserService } from "../services/users";
import { decodeWith, findUnstorableString } from "./decode";
import { pagePreloads, withPreloads } from "./pagePreloads";

export interface AppDeps {
  readonly config: Config;
  readonly auth: AuthService;
  readonly users: UserService;
  readonly admin: AdminService;
  readonly filterTemplates: TemplateStore<FilterTemplate>;
  readonly kpiTemplates: TemplateStore<KpiTemplate>;
  readonly uploads: UploadService;
  /** The report library and schedules (issue 17, docs/reports.md). */
  readonly reportLibrary: ReportLibraryService;
  readonly metrics: MetricsService;
  readonly o2o: O2OProxy;
  readonly ordersImport: OrdersImportService;
  readonly commerce: CommerceService;
  readonly social: SocialService;
  readonly ads: AdsService;
  readonly adsRules: AdsRulesService;
  readonly socialImport: SocialImportService;
  readonly adsImport: AdsImportService;
  readonly affiliate: AffiliateService;
  readonly affiliateImport: AffiliateImportService;
  readonly kol: KolService;
  readonly kolImport: KolImportService;
  readonly cir: CirService;
  readonly sale: SaleService;
  readonly version: string;
  /** Told of every request (background work waits for a quiet moment). */
  readonly activity: Activity;
}

type Env = { Variables: { principal: Principal } };


const API_PREFIXES = ["/auth/", "/user/", "/api/", "/uploads/"];

/**
 * The caller's address, for per-client throttling: the socket's peer, or behind a trusted
 * reverse proxy (`TRUST_PROXY=true`) the first address of `X-Forwarded-For`. Requests made
 * in-process (tests) have no socket: "local".
 */
function clientOf(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("X-Forwarded-For")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "local";
  } catch {
    return "local";
  }
}

/** The page a history request asks for (the request is already decoded: digits within bounds). */
const historyPage = (b: { limit?: string; after?: string }) => ({
  limit: b.limit === undefined ? HISTORY_PAGE_DEFAULT : Number(b.limit),
  after: b.after === undefined ? 0 : Number(b.after),
});

const CSP = [
  "default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data: blob:",
  "font-src 'self'", "connect-src 'self'", "worker-src 'self' blob:", "object-src 'none'", "base-uri 'self'",
  "frame-ancestors 'none'", "form-action 'self'",
].join("; ");

/**
 * The client closed the connection in the middle of its request (reading the body failed with
 * Node's `aborted`), as opposed to a failure of the server's own.
 */
function clientHungUp(c: Context, err: unknown): boolean {
  if (c.req.raw.signal.aborted) return true;
  const e = err as { code?: unknown; message?: unknown } | null;
  return typeof e === "object" && e !== null &&
    ((e.code === "ECONNRESET" && e.message === "aborted") || e.code === "ERR_STREAM_PREMATURE_CLOSE");
}

const fail = (c: Context, status: number, error: string, message: string, extra: Record<string, string> = {}) =>
  c.json({ error, message, ...extra }, status as 400);

export function createApp(deps: AppDeps): Hono<Env> {
  const app = new Hono<Env>();

  app.use("*", async (c, next) => {
    deps.activity.begin();
    try {
      await next();
    } finally {
      deps.activity.end();
    }
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "no-referrer");
    c.header("X-Frame-Options", "DENY");
    if (!c.res.headers.has("Content-Security-Policy")) c.header("Content-Security-Policy", CSP);
  });

  // Answers of 1 KB and more travel gzipped to a client that accepts it: a page's figures are tens
  // of KB of JSON (/ads: 78 KB, /crm's customers: 104 KB), a second or more on a phone's slow
  // network, ~5x less compressed (issue 19). The web app's files are compressed ahead of time
  // (below); the middleware leaves an answer that has its encoding already.
  app.use("*", compress());

  /** Registers one call of the contract: token, permission, body decoding, service, answer. */
  function route<N extends CallName>(
    name: N,
    handler: (input: RequestOf<N>, principal: Principal | null, c: Context<Env>) => Promise<ResponseOf<N>>,
    opts: { failMsg?: string; precheck?: (raw: unknown) => { field: string; message: string } | null } = {},
  ) {
    const def = Api[name];
    const extra: Record<string, string> = opts.failMsg ? { msg: opts.failMsg } : {};
    const limit = bodyLimit({
      maxSize: deps.config.bodyMaxBytes,
      onError: (c) => fail(c, 400, "body_too_large", `body: must be at most ${deps.config.bodyMaxBytes} bytes`, extra),
    });
    app.on(def.method, def.path, limit, async (c) => {
      let principal: Principal | null = null;
      if (def.permission !== "public") {
        const token = bearerToken(c.req.header("Authorization"));
        principal = token ? await deps.auth.authenticate(token) : null;
        if (!principal) return fail(c, 401, "unauthorized", "Authorization: a valid bearer access token is required");
        if (def.permission !== null && !permits(def.permission, principal.permissions)) {
          return fail(c, 403, "forbidden", `permission ${permissionText(def.permission)} is required for ${def.path}`, extra);
        }
      }
      let raw: unknown;
      if (def.method === "GET") {
        raw = c.req.query();
      } else {
        const text = await c.req.text();
        if (text.trim() === "") raw = {};
        else {
          try {
            raw = JSON.parse(text);
          } catch {
            return fail(c, 400, "invalid_json", "body: is not valid JSON", extra);
          }
        }
      }
      const bad = findUnstorableString(raw);
      if (bad) {
        const why = bad.reason === "depth" ? "is nested too deeply" : "must not contain NUL characters or unpaired surrogates";
        return fail(c, 400, "invalid_body", `${bad.path}: ${why}`, extra);
      }
      // A check of the raw body before decoding, for messages the form shows too (the ads rules).
      const problem = opts.precheck?.(raw);
      if (problem) return fail(c, 400, "invalid_body", `${problem.field}: ${problem.message}`, extra);
      const decoded = decodeWith(def.request, raw, def.method === "GET" ? "ignore" : "error");
      if (!decoded.ok) return fail(c, 400, "invalid_body", decoded.message, extra);
      try {
        return c.json(await handler(decoded.value as RequestOf<N>, principal, c));
      } catch (err) {
        if (err instanceof ServiceError) {
          if (err.extra.retryAfterSeconds) c.header("Retry-After", String(err.extra.retryAfterSeconds));
          return fail(c, STATUS[err.kind], err.kind, err.extra.field ? `${err.extra.field}: ${err.message}` : err.message, extra);
        }
        throw err;
      }
    });
  }

  const me = (p: Principal | null) => p!;

  route("health", async () => ({ status: "ok", version: deps.version }));
  route("login", async (b, _p, c) => ({ user: { Tokens: await deps.auth.login(b.email, b.password, clientOf(c, deps.config.trustProxy)) } }));
  route("refresh", async (b) => ({ user: { Tokens: await deps.auth.refresh(b.refresh_token) } }));
  route("logout", async (b, p) => {
    await deps.auth.logout(me(p), b.refresh_token);
    return { msg: "Logout Success" };
  });
  route("getUser", async (_b, p) => ({ user: await deps.users.userData(me(p).userId) }));
  route("filterPage", async (b, p) => ({ data: await deps.users.pagesOf(me(p).userId, b.filter) }));
  route("updateLocale", async (b, p) => ({ msg: "Language and calendar saved", data: await deps.users.setLocale(me(p).userId, b) }));

  // Admin (issue 17, docs/admin.md): users, brands, accounts and the audit; scoped to the admin's brands unless they hold 0.
  route("adminUsers", async (b, p) => deps.admin.listUsers(me(p).userId, b));
  route("addUser", async (b, p) => ({ msg: "User added", data: await deps.admin.addUser(me(p).userId, b) }));
  route("updateUser", async (b, p) => ({ msg: "User updated", data: await deps.admin.updateUser(me(p).userId, b) }));
  route("resetUserPassword", async (b, p) => {
    await deps.admin.resetUserPassword(me(p).userId, b);
    return { msg: "Password reset; the user's sessions were ended" };
  });
  route("removeUser", async (b, p) => {
    await deps.admin.removeUser(me(p).userId, b.id);
    return { msg: "User removed" };
  });
  route("adminAudit", async (b, p) => deps.admin.audit(me(p).userId, b));
  route("adminBrands", async (_b, p) => deps.admin.brands(me(p).userId));
  route("addBrand", async (b, p) => ({ msg: "Brand added", data: await deps.admin.addBrand(me(p).userId, b) }));
  route("updateBrand", async (b, p) => ({ msg: "Brand updated", data: await deps.admin.updateBrand(me(p).userId, b) }));
  route("addAccount", async (b, p) => ({ msg: "Account added", data: await deps.admin.addAccount(me(p).userId, b) }));
  route("updateAccount", async (b, p) => ({ msg: "Account updated", data: await deps.admin.updateAccount(me(p).userId, b) }));
  route("removeAccount", async (b, p) => ({ msg: "Account removed", data: await deps.admin.removeAccount(me(p).userId, b.brandId, b.id) }));

  route("getTemplates", async (_b, p) => ({ data: await deps.filterTemplates.list(me(p).userId) }));
  route("upsertTemplate", async (b, p) => ({ msg: UPSERT_SUCCESS, data: await deps.filterTemplates.upsert(me(p).userId, b.template) }), { failMsg: UPSERT_FAIL });
  route("deleteTemplate", async (b, p) => {
    await deps.filterTemplates.remove(me(p).userId, b.title);
    return { msg: "Delete Success" };
  });
  route("templateHistory", async (b, p) => deps.filterTemplates.history(me(p).userId, b.title, historyPage(b)));
  route("restoreTemplate", async (b, p) => ({ msg: "Restore Success", data: await deps.filterTemplates.restore(me(p).userId, b.title) }));

  route("getKpiTemplates", async (_b, p) => ({ data: await deps.kpiTemplates.list(me(p).userId) }));
  route("upsertKpiTemplate", async (b, p) => {
    const userId = me(p).userId;
    const data = b.title !== undefined && b.title !== b.template.title
      ? await deps.kpiTemplates.rename(userId, b.title, b.template)
      : await deps.kpiTemplates.upsert(userId, b.template);
    return { msg: UPSERT_SUCCESS, data };
  }, { failMsg: UPSERT_FAIL });
  route("deleteKpiTemplate", async (b, p) => {
    await deps.kpiTemplates.remove(me(p).userId, b.title);
    return { msg: "Delete Success" };
  });
  route("kpiTemplateHistory", async (b, p) => deps.kpiTemplates.history(me(p).userId, b.title, historyPage(b)));
  route("restoreKpiTemplate", async (b, p) => ({ msg: "Restore Success", data: await deps.kpiTemplates.restore(me(p).userId, b.title) }));

  // Upload: multipart, so it does not go through the JSON decoder.
  const uploadLimit = bodyLimit({
    maxSize: deps.config.uploadMaxBytes + 64 * 1024,
    onError: (c) => fail(c, 413, "too_large", `file: must be at most ${deps.config.uploadMaxBytes} bytes`),
  });
  app.post(Api.uploadImg.path, uploadLimit, async (c) => {
    const token = bearerToken(c.req.header("Authorization"));
    const principal = token ? await deps.auth.authenticate(token) : null;
    if (!principal) return fail(c, 401, "unauthorized", "Authorization: a valid bearer access token is required");
    if (!(c.req.header("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
      return fail(c, 400, "invalid_body", "body: must be multipart/form-data with one file in the field \"file\"");
    }
    let form: Record<string, string | File | (string | File)[]>;
    try {
      form = await c.req.parseBody({ all: true });
    } catch {
      return fail(c, 400, "invalid_body", "body: is not valid multipart/form-data");
    }
    const file = form.file;
    const files = Object.values(form).flat().filter((v) => typeof v !== "string");
    if (!(file instanceof File) || files.length !== 1) {
      return fail(c, 400, "invalid_body", "file: exactly one file is required in the field \"file\"");
    }
    const purposeRaw = form.purpose ?? "profile";
    const purpose = decodeWith(UploadPurpose, purposeRaw);
    if (!purpose.ok) return fail(c, 400, "invalid_body", "purpose: must be \"profile\" or \"file\"");
    try {
      const stored = await deps.uploads.store(new Uint8Array(await file.arrayBuffer()), principal.userId);
      if (purpose.value === "profile") await deps.users.setProfileImage(principal.userId, stored.url);
      return c.json({ msg: "Upload Success", data: { ...stored, purpose: purpose.value } } satisfies ResponseOf<"uploadImg">);
    } catch (err) {
      if (err instanceof ServiceError) return fail(c, STATUS[err.kind], err.kind, `file: ${err.message}`);
      throw err;
    }
  });

  // Uploaded images: content-addressed, so cached forever; never sniffed or run as a document.
  app.get("/uploads/:name", async (c) => {
    const file = await deps.uploads.read(c.req.param("name"));
    if (!file) return fail(c, 404, "not_found", "upload: no such file");
    return c.body(new Uint8Array(file.bytes), 200, {
      "Content-Type": file.contentType,
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    });
  });

  // Metrics for KPI progress: the summary is a plain contract call; the import is multipart.
  route("metricsSummary", async (q, p) => ({ data: await deps.metrics.summary(me(p).userId, q) }));

  // The o2o proxy: the body is decoded with the path's payload schema before anything is forwarded.
  route("o2oGetData", async (b, p) => deps.o2o.getData(me(p).userId, b));

  // Social figures and posts of the Brand Experience and MA pages (docs/social.md).
  route("socialFigures", async (b, p) => ({ data: await deps.social.figures(me(p).userId, b) }));
  route("socialPosts", async (b, p) => ({ data: await deps.social.posts(me(p).userId, b) }));

  // Ads & Automation (issue 15, docs/ads.md): figures, rules and alerts.
  route("adsFigures", async (b, p) => ({ data: await deps.ads.figures(me(p).userId, b) }));
  route("adsRules", async (b, p) => ({ data: await deps.adsRules.list(me(p).userId, b.brand) }));
  route("upsertAdsRule", async (b, p) => deps.adsRules.upsert(me(p).userId, b), { precheck: firstRuleProblem });
  route("deleteAdsRule", async (b, p) => {
    await deps.adsRules.remove(me(p).userId, b.brand, b.id);
    return { msg: "Delete Success" };
  });
  route("adsAlerts", async (b, p) => deps.adsRules.alerts(me(p).userId, b));
  route("acknowledgeAdsAlerts", async (b, p) => deps.adsRules.acknowledge(me(p).userId, b.brand, b.ids));
  route("evaluateAdsRules", async (b, p) => deps.adsRules.evaluate(me(p).userId, b.brand, b.start, b.end));

  // KOL Campaign (issue 16, docs/kol.md): figures, and the campaigns, KOLs, bookings and EMV values the dialogs write.
  route("kolOverview", async (b, p) => ({ data: await deps.kol.overview(me(p).userId, b) }));
  route("kolCampaign", async (b, p) => ({ data: await deps.kol.campaign(me(p).userId, b.brand, b.id) }));
  route("upsertKolCampaign", async (b, p) => ({ msg: UPSERT_SUCCESS, data: await deps.kol.upsertCampaign(me(p).userId, b) }), { precheck: firstKolCampaignProblem });
  route("deleteKolCampaign", async (b, p) => {
    await deps.kol.deleteCampaign(me(p).userId, b.brand, b.id);
    return { msg: "Delete Success" };
  });
  route("kols", async (b, p) => ({ data: await deps.kol.kols(me(p).userId, b.brand) }));
  route("upsertKol", async (b, p) => ({ msg: UPSERT_SUCCESS, data: await deps.kol.upsertKol(me(p).userId, b) }), { precheck: firstKolProblem });
  route("deleteKol", async (b, p) => {
    await deps.kol.deleteKol(me(p).userId, b.brand, b.id);
    return { msg: "Delete Success" };
  });
  route("upsertKolBooking", async (b, p) => ({ msg: UPSERT_SUCCESS, data: await deps.kol.upsertBooking(me(p).userId, b) }), { precheck: firstKolBookingProblem });
  route("deleteKolBooking", async (b, p) => {
    await deps.kol.deleteBooking(me(p).userId, b.brand, b.id);
    return { msg: "Delete Success" };
  });
  route("kolEmv", async (b, p) => deps.kol.emv(me(p).userId, b.brand));
  route("updateKolEmv", async (b, p) => deps.kol.updateEmv(me(p).userId, b.brand, b.values), { precheck: firstKolEmvProblem });

  // E-Commerce figures and the CRM page's customers (docs/commerce.md).
  route("commerceFigures", async (b, p) => ({ data: await deps.commerce.figures(me(p).userId, b) }));
  route("commerceCustomers", async (b, p) => ({ data: await deps.commerce.customers(me(p).userId, b) }));

  // Sale (issue 17, docs/sale.md): orders by channel and o2o views beside sales over the same days.
  route("saleSummary", async (b, p) => ({ data: await deps.sale.summary(me(p).userId, b) }));

  // Affiliate (issue 16, docs/affiliate.md): the figures of the brand's affiliate conversions.
  route("affiliateFigures", async (b, p) => ({ data: await deps.affiliate.figures(me(p).userId, b) }));

  // CIR (issue 17, docs/cir.md): reports private to their owner or shared read-only with the brand's users.
  route("cirReports", async (b, p) => ({ data: await deps.cir.list(me(p).userId, b) }));
  route("cirReport", async (b, p) => ({ data: await deps.cir.readable(me(p).userId, Number(b.id)) }));
  route("createCirReport", async (b, p) => ({ msg: "Report created", data: await deps.cir.create(me(p).userId, b) }));
  route("addCirSection", async (b, p) => ({ msg: "Section added", data: await deps.cir.addSection(me(p).userId, b.id, b.section) }));
  route("updateCirReport", async (b, p) => ({ msg: "Report saved", data: await deps.cir.update(me(p).userId, b) }));
  route("duplicateCirReport", async (b, p) => ({ msg: "Report duplicated", data: await deps.cir.duplicate(me(p).userId, b.id, b.title) }));
  route("deleteCirReport", async (b, p) => {
    await deps.cir.remove(me(p).userId, b.id);
    return { msg: "Report deleted" };
  });
  route("cirReportHistory", async (b, p) => deps.cir.history(me(p).userId, Number(b.id), b.after === undefined ? 0 : Number(b.after)));
  route("restoreCirReport", async (b, p) => ({ msg: "Report restored", data: await deps.cir.restore(me(p).userId, b.id, b.event) }));
  route("cirSectionData", async (b, p) => ({ data: await deps.cir.sectionData(me(p).userId, b.range, b.sections) }));

  registerFileImport(app, {
    def: Api.importMetrics, maxBytes: METRICS_IMPORT_MAX_BYTES, auth: deps.auth,
    run: (bytes, fields: RequestOf<"importMetrics">, principal) => deps.metrics.importFile(bytes, fields, { userId: principal.userId }),
  });

  // Orders import (issue 6): multipart, like the metrics import.
  registerFileImport(app, {
    def: Api.importOrders, maxBytes: ORDERS_IMPORT_MAX_BYTES, auth: deps.auth,
    run: (bytes, fields: RequestOf<"importOrders">, principal) => deps.ordersImport.importFile(bytes, fields, { userId: principal.userId }),
  });

  // Social imports (issue 14, docs/social-import.md): multipart, like the other imports.
  registerFileImport(app, {
    def: Api.importSocial, maxBytes: SOCIAL_IMPORT_MAX_BYTES, auth: deps.auth,
    run: (bytes, fields: RequestOf<"importSocial">, principal) => deps.socialImport.importFile(bytes, fields, { userId: principal.userId }),
  });

  // Ads imports (issue 15, docs/ads-import.md): multipart, like the other imports.
  registerFileImport(app, {
    def: Api.importAds, maxBytes: ADS_IMPORT_MAX_BYTES, auth: deps.auth,
    run: (bytes, fields: RequestOf<"importAds">, principal) => deps.adsImport.importFile(bytes, fields, { userId: principal.userId }),
  });

  // Affiliate conversion reports (issue 16, docs/affiliate-import.md): multipart (file, brand), like the other imports.
  registerFileImport(app, {
    def: Api.importAffiliate, maxBytes: AFFILIATE_IMPORT_MAX_BYTES, auth: deps.auth,
    run: (bytes, fields: RequestOf<"importAffiliate">, principal) => deps.affiliateImport.importFile(bytes, fields, { userId: principal.userId }),
  });

  // KOL tracking sheets (issue 16, docs/kol-import.md): multipart (file, campaign), like the other imports.
  registerFileImport(app, {
    def: Api.importKol, maxBytes: KOL_IMPORT_MAX_BYTES, auth: deps.auth,
    run: (bytes, fields: RequestOf<"importKol">, principal) => deps.kolImport.importFile(bytes, fields, { userId: principal.userId }),
  });

  // Report library (issue 17, docs/reports.md): the calls, and two raw routes answering a PDF.
  route("reportLibrary", async (_b, p) => deps.reportLibrary.library(me(p).userId));
  route("saveReportToLibrary", async (b, p) => ({ msg: "Saved to your library", data: await deps.reportLibrary.save(me(p).userId, b.reportId) }));
  route("deleteLibraryFile", async (b, p) => {
    await deps.reportLibrary.deleteFile(me(p).userId, b.id);
    return { msg: "Delete Success" };
  });
  route("scheduleReport", async (b, p) => ({ msg: "Report scheduled", data: await deps.reportLibrary.schedule(me(p).userId, b.reportId, b.frequency) }));
  route("unscheduleReport", async (b, p) => {
    await deps.reportLibrary.unschedule(me(p).userId, b.id);
    return { msg: "Schedule removed" };
  });
  const pdfAnswer = (c: Context, bytes: Uint8Array, fileName: string) =>
    c.body(new Uint8Array(bytes), 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": attachment(fileName),
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    });
  /** A raw GET answering a file: bearer token, `?id=` decoded with the query's schema. */
  const pdfRoute = (routePath: string, schema: typeof LibraryFileQuery | typeof CirReportRequest, permission: "2" | null,
    answer: (principal: Principal, id: number, c: Context) => Promise<Response>) => {
    app.get(routePath, async (c) => {
      const token = bearerToken(c.req.header("Authorization"));
      const principal = token ? await deps.auth.authenticate(token) : null;
      if (!principal) return fail(c, 401, "unauthorized", "Authorization: a valid bearer access token is required");
      if (permission !== null && !permits(permission, principal.permissions)) {
        return fail(c, 403, "forbidden", `permission ${permissionText(permission)} is required for ${routePath}`);
      }
      const decoded = decodeWith(schema, c.req.query(), "ignore");
      if (!decoded.ok) return fail(c, 400, "invalid_body", decoded.message);
      try {
        return await answer(principal, Number(decoded.value.id), c);
      } catch (err) {
        if (err instanceof ServiceError) return fail(c, STATUS[err.kind], err.kind, err.extra.field ? `${err.extra.field}: ${err.message}` : err.message);
        throw err;
      }
    });
  };
  pdfRoute(CIR_REPORT_PDF_PATH, CirReportRequest, "2", async (principal, id, c) => {
    const made = await deps.reportLibrary.makePdf(principal.userId, id);
    return pdfAnswer(c, made.bytes, made.fileName);
  });
  pdfRoute(LIBRARY_FILE_PATH, LibraryFileQuery, null, async (principal, id, c) => {
    const file = await deps.reportLibrary.file(principal.userId, id);
    if (!file) return fail(c, 404, "not_found", `id: there is no library file ${id} of yours`);
    return pdfAnswer(c, file.bytes, file.fileName);
  });

  // Unknown API paths answer JSON, never the SPA.
  app.all("*", async (c, next) => {
    const p = c.req.path;
    if (API_PREFIXES.some((pre) => p.startsWith(pre) || p === pre.slice(0, -1))) {
      return fail(c, 404, "not_found", `${c.req.method} ${p}: no such call`);
    }
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return fail(c, 404, "not_found", `${c.req.method} ${p}: no such call`);
    return next();
  });

  const root = path.relative(process.cwd(), deps.config.staticDir) || ".";
  app.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.ok) c.header("Cache-Control", "public, max-age=31536000, immutable");
  });
  // The build writes each file brotli- and gzip-compressed beside it (scripts/precompress.ts): the
  // one the browser accepts is sent as it is, with no compression per request (issue 19).
  app.use("*", serveStatic({ root, precompressed: true }));

  // History-mode fallback: every other GET gets the app's index.html, which renders the route;
  // a path that is no route of the app still gets the page (its 404 view) but with status 404.
  // A module page gets its chunks in its <head>, its style sheets and the shell's outline in its body, so it paints at once and loads in one round (pagePreloads.ts).
  const indexFile = path.join(deps.config.staticDir, "index.html");
  const preloadsOf = pagePreloads(deps.config.staticDir);
  let indexHtml: string | null = null;
  app.get("*", (c) => {
    indexHtml ??= existsSync(indexFile) ? readFileSync(indexFile, "utf8") : null;
    if (indexHtml === null) return c.text("The web app is not built yet: run `npm run build`.", 503);
    c.header("Cache-Control", "no-cache");
    const known = isAppRoute(c.req.path);
    return c.html(known ? withPreloads(indexHtml, preloadsOf(c.req.path)) : indexHtml, known ? 200 : 404);
  });

  app.onError((err, c) => {
    if (clientHungUp(c, err)) {
      // Not the server's fault, and nobody is waiting for the answer.
      console.log(`[info] ${c.req.method} ${c.req.path}: request aborted by the client`);
      return fail(c, 400, "aborted", "request: the client closed the connection before it was sent");
    }
    // The stack stays in the server log; the caller gets no internals.
    console.error(`[error] ${c.req.method} ${c.req.path}:`, err instanceof Error ? err.message : err);
    return fail(c, 500, "internal", "The server could not complete the request");
  });

  return app;
}
