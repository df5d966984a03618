import type { FilterTemplate, KpiTemplate } from "../domain/entities";
import { AccessTokens } from "./auth/tokens";
import { Activity } from "./services/activity";
import { loadSigningSecret } from "./auth/secret";
import type { Config } from "./config";
import { demoTopUps } from "./demo/topUp";
import { createApp, type AppDeps } from "./http/app";
import { AdminService } from "./services/admin";
import { AuthService } from "./services/auth";
import { ReadCaches } from "./services/cache";
import { CirService } from "./services/cir";
import { CirSources } from "./services/cirSources";
import { CommerceService } from "./services/commerce";
import { ReportLibraryService } from "./services/reportLibrary";
import { ReportScheduler } from "./services/reportScheduler";
import { O2ORollups } from "./services/o2oRollups";
import { SaleService } from "./services/sale";
import { SocialService } from "./services/social";
import { AdsService } from "./services/ads";
import { AdsRulesService } from "./services/adsRules";
import { SocialImportService } from "./services/socialImport";
import { AdsImportService } from "./services/adsImport";
import { AffiliateService } from "./services/affiliate";
import { AffiliateImportService } from "./services/affiliateImport";
import { KolService } from "./services/kol";
import { KolImportService } from "./services/kolImport";
import { readAdsInSlices } from "./import/ads/slices";
import { MetricsService } from "./services/metrics";
import { BuiltinO2OBackend, O2OProxy, UpstreamO2OBackend } from "./services/o2oProxy";
import { O2OBuiltinService } from "./services/o2oService";
import { parseOrdersInSlices } from "./import/orders/slices";
import { readSocialInSlices } from "./import/social/slices";
import { OrdersImportService } from "./services/ordersImport";
import { TemplateStore } from "./services/templates";
import { UploadService } from "./services/uploads";
import { UserService } from "./services/users";
import type { Storage } from "./storage/storage";
import { openUploadStore } from "./storage/uploadStore";
import pkg from "../package.json" with { type: "json" };

/** Leaves a service as it is: how the services stand when the demo is off. */
const asIs = <T>(service: T): T => service;

/**
 * Wires the services over one storage: used by the server, the CLI and the tests. When the demo
 * is on (SEED_DEMO is not "false") the demo's top-ups are wrapped around the services that read
 * demo data (server/demo/topUp.ts); the services themselves know nothing of the demo.
 */
export function buildDeps(config: Config, storage: Storage): AppDeps {
  const caches = new ReadCaches();
  const demo = config.seedDemo === "false" ? { commerce: asIs, metrics: asIs, o2o: asIs, social: asIs, ads: asIs, adsRules: asIs, affiliate: asIs } : demoTopUps(storage);
  const commerce = demo.commerce(new CommerceService(storage));
  const access = new AccessTokens(loadSigningSecret(config.authSecret, config.dataDir), config.accessTokenTtl);
  const deps: AppDeps = {
    config,
    version: pkg.version,
    auth: new AuthService(storage, access, {
      refreshTokenTtl: config.refreshTokenTtl,
      maxFailures: config.loginMaxFailures,
      lockSeconds: config.loginLockSeconds,
      throttle: { clientBurst: config.loginClientBurst, clientPerMinute: config.loginClientPerMinute, maxConcurrent: config.loginMaxConcurrent },
    }, caches),
    users: new UserService(storage, caches),
    // Admin (issue 17): users, brands, accounts and the audit; the same caches, so a change reaches the user at once.
    admin: new AdminService(storage, caches, new UserService(storage, caches)),
    filterTemplates: new TemplateStore<FilterTemplate>(storage, "filter_template"),
    kpiTemplates: new TemplateStore<KpiTemplate>(storage, "kpi_template"),
    uploads: new UploadService(storage, openUploadStore(config, storage), config.uploadMaxBytes),
    metrics: demo.metrics(new MetricsService(storage)),
    // Files are read in slices (a workbook in a worker thread): the server keeps answering while a large one is read.
    ordersImport: new OrdersImportService(storage, undefined, undefined, parseOrdersInSlices),
    o2o: new O2OProxy(
      storage,
      config.o2oUpstreamUrl ? new UpstreamO2OBackend(config.o2oUpstreamUrl) : demo.o2o(new BuiltinO2OBackend(new O2OBuiltinService(storage))),
      config.o2oTimeoutMs,
    ),
    commerce,
    social: demo.social(new SocialService(storage)),
    ads: demo.ads(new AdsService(storage)),
    adsRules: demo.adsRules(new AdsRulesService(storage)),
    // Like the orders: read in slices (a workbook in a worker thread), the posts staged as they come.
    socialImport: new SocialImportService(storage, undefined, readSocialInSlices),
    // Like the social import: read in slices (a workbook in a worker thread); the brand's rules are evaluated after each import.
    adsImport: new AdsImportService(storage, undefined, readAdsInSlices),
    // Affiliate (issue 16): figures summed in memory per version of the brand's orders and affiliate data.
    affiliate: demo.affiliate(new AffiliateService(storage)),
    // Affiliate reports are small (a month of a brand's conversions): read at once.
    affiliateImport: new AffiliateImportService(storage),
    // KOL Campaign (issue 16): figures and writes; tracking sheets are small (at most 5,000 rows), read at once.
    kol: new KolService(storage),
    kolImport: new KolImportService(storage),
    // Sale (issue 17): the E-Commerce figures above (the demo orders continued first), and the o2o
    // rollups after the demo's o2o top-up (the same once-an-hour run as the built-in backend's).
    sale: new SaleService(storage, commerce, new O2ORollups(storage), demo.o2o({ request: async () => undefined }).request),
    activity: new Activity(),
    // CIR (issue 17): a section is computed by the module's own service of these deps (the same
    // objects, caches and demo top-ups as the module pages); o2o sections after the demo's o2o top-up.
    cir: new CirService(storage, new CirSources(storage, () => deps, demo.o2o({ request: async () => undefined }).request)),
    // Report library (issue 17, docs/reports.md): PDFs of the CIR reports above, made on the server.
    reportLibrary: new ReportLibraryService(storage, {
      readable: (userId, id) => deps.cir.readable(userId, id),
      sectionData: (userId, range, sections, now) => deps.cir.sectionData(userId, range, sections, now),
    }),
  };
  return deps;
}

export function buildApp(config: Config, storage: Storage) {
  return createApp(buildDeps(config, storage));
}

/** The server's app and what main needs of its wiring. */
export function buildServer(config: Config, storage: Storage) {
  const deps = buildDeps(config, storage);
  // Scheduled report PDFs (docs/reports.md): main starts it with the server and stops it on shutdown.
  const reportScheduler = new ReportScheduler(storage, deps.reportLibrary, {
    tickMs: config.reportSchedulerTickMs,
    holdMs: config.reportSchedulerTestHoldMs,
    log: (line) => console.log(line),
  });
  return { app: createApp(deps), activity: deps.activity, ordersImport: deps.ordersImport, reportScheduler };
}
