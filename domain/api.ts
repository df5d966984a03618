/**
 * Every call of spec §7 as a request and a response schema (the o2o proxy's shapes per target
 * path are in `o2o.ts`), with its method, path and the permission code the server requires.
 * The server routes from this table; the browser client decodes answers with it.
 */
import { Schema } from "effect";
import { Tokens } from "./tokens";
import {
  EventRecord, FilterTemplate, FilterTemplateRecord, KpiTemplate, KpiTemplateRecord, Page, Title, UserData,
} from "./entities";
import type { PermissionCode } from "./entities";
import { O2oProxyAnswer, O2oProxyRequest } from "./o2o";
import { CommerceCustomers, CommerceFigures, CommerceRequest, ImportOrdersFields, ImportOrdersResponse } from "./commerce";
import { ImportMetricsFields, ImportMetricsResponse, MetricsSummaryRequest, MetricsSummaryResponse } from "./metrics";
import { SocialFigures, SocialPosts, SocialPostsRequest, SocialRequest } from "./social";
import { ImportSocialFields, ImportSocialResponse } from "./socialImport";
import {
  AcknowledgeAdsAlertsRequest, AcknowledgeAdsAlertsResponse, AdsAlertsRequest, AdsAlertsResponse, AdsFigures, AdsFiguresRequest,
  AdsRulesResponse, BrandQuery, DeleteAdsRuleRequest, EvaluateAdsRulesRequest, EvaluateAdsRulesResponse, UpsertAdsRuleRequest,
  UpsertAdsRuleResponse,
} from "./adsContract";
import { ImportAdsFields, ImportAdsResponse } from "./adsImport";
import {
  BrandOnly, DeleteKolRequest, ImportKolFields, ImportKolResponse, KolCampaignDetail, KolCampaignRequest, KolEmvResponse,
  KolOverview, KolOverviewRequest, KolsResponse, UpdateKolEmvRequest, UpsertKolBookingRequest, UpsertKolBookingResponse,
  UpsertKolCampaignRequest, UpsertKolCampaignResponse, UpsertKolRequest, UpsertKolResponse,
} from "./kolContract";
import { AffiliateFiguresAnswer, AffiliateFiguresRequest, ImportAffiliateFields, ImportAffiliateResponse } from "./affiliateContract";
import {
  AddAccountRequest, AddBrandRequest, AddUserRequest, AdminAuditRequest, AdminAuditResponse, AdminBrandResponse, AdminBrandsResponse,
  AdminUserResponse, AdminUsersRequest, AdminUsersResponse, RemoveAccountRequest, ResetUserPasswordRequest, UpdateAccountRequest,
  UpdateBrandRequest, UpdateUserRequest, UserIdRequest,
} from "./adminContract";
import {
  AddCirSectionRequest, CirReportHistoryRequest, CirReportIdRequest, CirReportRequest, CirReportResponse, CirReportsRequest,
  CirReportsResponse, CirSectionDataRequest, CirSectionDataResponse, CreateCirReportRequest, DuplicateCirReportRequest,
  RestoreCirReportRequest, UpdateCirReportRequest,
} from "./cirContract";
import {
  LibraryFileResponse, LibraryIdRequest, ReportLibraryResponse, SaveReportToLibraryRequest, ScheduleReportRequest, ScheduleReportResponse,
} from "./reportLibraryContract";
import { SaleRequest, SaleSummary } from "./saleContract";
import { LocalePreference } from "./locale";

/** Every error answer of the API: a machine-readable code and a sentence naming the field. */
export const ApiError = Schema.Struct({
  error: Schema.String,
  message: Schema.String,
  msg: Schema.optionalKey(Schema.String),
});
export type ApiError = typeof ApiError.Type;

export const Email = Schema.String.check(
  Schema.isMaxLength(254),
  Schema.isPattern(/^[^\s@]+@[^\s@]+\.[^\s@]+$/),
);

export const LoginRequest = Schema.Struct({
  // Sign-in takes the email as typed (any case, stray spaces); the server normalises it.
  email: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(254)),
  password: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(200)),
});
export type LoginRequest = typeof LoginRequest.Type;

export { Tokens };

export const TokensResponse = Schema.Struct({ user: Schema.Struct({ Tokens }) });
export type TokensResponse = typeof TokensResponse.Type;

export const RefreshRequest = Schema.Struct({ refresh_token: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(200)) });
export type RefreshRequest = typeof RefreshRequest.Type;

/** Logout revokes the session of the bearer token; a refresh token, when given, revokes its family too. */
export const LogoutRequest = Schema.Struct({ refresh_token: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(200))) });
export type LogoutRequest = typeof LogoutRequest.Type;

export const MessageResponse = Schema.Struct({ msg: Schema.String });
export type MessageResponse = typeof MessageResponse.Type;

export const UserDataResponse = Schema.Struct({ user: UserData });
export type UserDataResponse = typeof UserDataResponse.Type;

export const TemplatesResponse = Schema.Struct({ data: Schema.Array(FilterTemplateRecord) });
export type TemplatesResponse = typeof TemplatesResponse.Type;

export const UpsertTemplateRequest = Schema.Struct({ template: FilterTemplate });
export type UpsertTemplateRequest = typeof UpsertTemplateRequest.Type;

/** The failure message of spec §8 for a failed upsert. */
export const UPSERT_FAIL = "Upsert Fail!!";
export const UPSERT_SUCCESS = "Upsert Success";

export const UpsertTemplateResponse = Schema.Struct({ msg: Schema.String, data: FilterTemplateRecord });
export type UpsertTemplateResponse = typeof UpsertTemplateResponse.Type;

export const TitleRequest = Schema.Struct({ title: Title });
export type TitleRequest = typeof TitleRequest.Type;

export const KpiTemplatesResponse = Schema.Struct({ data: Schema.Array(KpiTemplateRecord) });
export type KpiTemplatesResponse = typeof KpiTemplatesResponse.Type;

/** On update `title` holds the old title; when it differs from `template.title` the template is renamed. */
export const UpsertKpiTemplateRequest = Schema.Struct({ template: KpiTemplate, title: Schema.optionalKey(Title) });
export type UpsertKpiTemplateRequest = typeof UpsertKpiTemplateRequest.Type;

export const UpsertKpiTemplateResponse = Schema.Struct({ msg: Schema.String, data: KpiTemplateRecord });
export type UpsertKpiTemplateResponse = typeof UpsertKpiTemplateResponse.Type;

export const RestoreTemplateResponse = UpsertTemplateResponse;
export const RestoreKpiTemplateResponse = UpsertKpiTemplateResponse;

/** Events per history page when the request gives no `limit`, and the most one page holds. */
export const HISTORY_PAGE_DEFAULT = 100;
export const HISTORY_PAGE_MAX = 1000;

/** A whole number written in a query string (1–9 digits, no sign, no leading zero). */
const QueryCount = Schema.String.check(Schema.makeFilter((s: string) => /^(0|[1-9]\d{0,8})$/.test(s) || "must be a whole number written in digits"));

/**
 * `GET …-history?title=&limit=&after=`: one page of a template's events, oldest first.
 * `limit` 1–1000 (default 100); `after` an event id, to read the page after it (the `next` of
 * the page before).
 */
export const HistoryRequest = Schema.Struct({
  title: Title,
  limit: Schema.optionalKey(QueryCount.check(Schema.makeFilter((s: string) => (Number(s) >= 1 && Number(s) <= HISTORY_PAGE_MAX) || `must be 1 to ${HISTORY_PAGE_MAX}`))),
  after: Schema.optionalKey(QueryCount),
});
export type HistoryRequest = typeof HistoryRequest.Type;

/** One page of events; `next` is the `after` of the next page, null on the last page. */
export const HistoryResponse = Schema.Struct({ data: Schema.Array(EventRecord), next: Schema.NullOr(Schema.Number) });
export type HistoryResponse = typeof HistoryResponse.Type;

export const UploadPurpose = Schema.Literals(["profile", "file"]);
export type UploadPurpose = typeof UploadPurpose.Type;

export const UploadResponse = Schema.Struct({
  msg: Schema.String,
  data: Schema.Struct({
    url: Schema.String,
    contentType: Schema.String,
    size: Schema.Number,
    sha256: Schema.String,
    purpose: UploadPurpose,
  }),
});
export type UploadResponse = typeof UploadResponse.Type;

/** The answer to `update-locale`: the language and calendar now kept for the user (issue 18). */
export const LocaleResponse = Schema.Struct({ msg: Schema.String, data: LocalePreference });
export type LocaleResponse = typeof LocaleResponse.Type;

export const FilterPageRequest = Schema.Struct({
  filter: Schema.Array(Schema.String.check(Schema.isMaxLength(100))).check(Schema.isMaxLength(1000)),
});
export type FilterPageRequest = typeof FilterPageRequest.Type;

export const FilterPageResponse = Schema.Struct({ data: Schema.Array(Page) });
export type FilterPageResponse = typeof FilterPageResponse.Type;

export const HealthResponse = Schema.Struct({ status: Schema.Literal("ok"), version: Schema.String });
export type HealthResponse = typeof HealthResponse.Type;

/** Body-less calls. */
export const NoBody = Schema.Struct({});

type Method = "GET" | "POST";
interface CallDef {
  readonly method: Method;
  readonly path: string;
  readonly request: Schema.Top;
  readonly response: Schema.Top;
  /**
   * Permission code the server requires (a list: any one of them); null = any signed-in user;
   * "public" = no token.
   */
  readonly permission: PermissionCode | readonly PermissionCode[] | null | "public";
}
const call = <const C extends CallDef>(c: C): C => c;

/** Whether a user holding `held` may make a call that requires `required` (a code, or any one of a list). */
export function permits(required: PermissionCode | readonly PermissionCode[], held: readonly string[]): boolean {
  return typeof required === "string" ? held.includes(required) : required.some((code) => held.includes(code));
}

/** How a refusal names what was required: `1`, or `1 or 3`. */
export function permissionText(required: PermissionCode | readonly PermissionCode[]): string {
  return typeof required === "string" ? required : required.join(" or ");
}

/** The API, one entry per call. Paths are those of spec §7 plus the documented history/restore calls. */
export const Api = {
  health: call({ method: "GET", path: "/healthz", request: NoBody, response: HealthResponse, permission: "public" }),
  login: call({ method: "POST", path: "/auth/login-user", request: LoginRequest, response: TokensResponse, permission: "public" }),
  refresh: call({ method: "POST", path: "/auth/refresh-token", request: RefreshRequest, response: TokensResponse, permission: "public" }),
  logout: call({ method: "POST", path: "/api/auth/logout", request: LogoutRequest, response: MessageResponse, permission: null }),
  getUser: call({ method: "GET", path: "/user/getdata", request: NoBody, response: UserDataResponse, permission: null }),
  getTemplates: call({ method: "GET", path: "/user/get-template", request: NoBody, response: TemplatesResponse, permission: null }),
  upsertTemplate: call({ method: "POST", path: "/user/upsert-template", request: UpsertTemplateRequest, response: UpsertTemplateResponse, permission: null }),
  deleteTemplate: call({ method: "POST", path: "/user/delete-template", request: TitleRequest, response: MessageResponse, permission: null }),
  templateHistory: call({ method: "GET", path: "/user/template-history", request: HistoryRequest, response: HistoryResponse, permission: null }),
  restoreTemplate: call({ method: "POST", path: "/user/restore-template", request: TitleRequest, response: RestoreTemplateResponse, permission: null }),
  getKpiTemplates: call({ method: "GET", path: "/user/get-kpi-template", request: NoBody, response: KpiTemplatesResponse, permission: "9" }),
  upsertKpiTemplate: call({ method: "POST", path: "/user/upsert-kpi-template", request: UpsertKpiTemplateRequest, response: UpsertKpiTemplateResponse, permission: "9" }),
  deleteKpiTemplate: call({ method: "POST", path: "/user/delete-kpi-template", request: TitleRequest, response: MessageResponse, permission: "9" }),
  kpiTemplateHistory: call({ method: "GET", path: "/user/kpi-template-history", request: HistoryRequest, response: HistoryResponse, permission: "9" }),
  restoreKpiTemplate: call({ method: "POST", path: "/user/restore-kpi-template", request: TitleRequest, response: RestoreKpiTemplateResponse, permission: "9" }),
  uploadImg: call({ method: "POST", path: "/user/upload-img", request: NoBody, response: UploadResponse, permission: null }),
  filterPage: call({ method: "POST", path: "/user/filter-page", request: FilterPageRequest, response: FilterPageResponse, permission: null }),
  /** The user's language and calendar (issue 18, docs/i18n.md), remembered on the server. */
  updateLocale: call({ method: "POST", path: "/user/update-locale", request: LocalePreference, response: LocaleResponse, permission: null }),
  /** Multipart (`file`, `account`, `page`): the request schema covers the text fields; 400 answers are `ImportMetricsRefusal`. */
  importMetrics: call({ method: "POST", path: "/user/import-metrics", request: ImportMetricsFields, response: ImportMetricsResponse, permission: "9" }),
  metricsSummary: call({ method: "GET", path: "/user/metrics-summary", request: MetricsSummaryRequest, response: MetricsSummaryResponse, permission: null }),
  /**
   * The o2o proxy (spec §7): forwards to one of the fixed target paths of the visitor analytics
   * service. `data` is that path's answer (`o2oProxyResponse(url)`); 403 without o2o access, 502
   * when the service fails or times out.
   */
  /** E-Commerce figures of a brand over a range, narrowed by the page's filter (docs/commerce.md). */
  commerceFigures: call({ method: "POST", path: "/user/commerce-figures", request: CommerceRequest, response: Schema.Struct({ data: CommerceFigures }), permission: "7" }),
  /** The customers of the range and of the period before it, as RFM columns (CRM). */
  commerceCustomers: call({ method: "POST", path: "/user/commerce-customers", request: CommerceRequest, response: Schema.Struct({ data: CommerceCustomers }), permission: "8" }),
  /** Multipart (`file`, `brand`): orders from a documented CSV or a Shopee/Lazada export; 400 answers are `ImportOrdersRefusal`. */
  importOrders: call({ method: "POST", path: "/user/import-orders", request: ImportOrdersFields, response: ImportOrdersResponse, permission: "7" }),
  /** Social figures of a brand's pages over a range (docs/social.md): Brand Experience (1) and MA (3). */
  socialFigures: call({ method: "POST", path: "/user/social-figures", request: SocialRequest, response: Schema.Struct({ data: SocialFigures }), permission: ["1", "3"] }),
  /** One page of the posts of a range, sorted, searched and filtered (docs/social.md). */
  socialPosts: call({ method: "POST", path: "/user/social-posts", request: SocialPostsRequest, response: Schema.Struct({ data: SocialPosts }), permission: ["1", "3"] }),
  /** Multipart (`file`, `account`, `page`): posts or page days from a Meta or TikTok export or the documented CSV (docs/social-import.md); 400 answers are `ImportSocialRefusal`. */
  importSocial: call({ method: "POST", path: "/user/import-social", request: ImportSocialFields, response: ImportSocialResponse, permission: "3" }),
  /** Ads & Automation (docs/ads.md): the figures of a brand's campaigns, ad sets and ads over a range. */
  adsFigures: call({ method: "POST", path: "/user/ads-figures", request: AdsFiguresRequest, response: Schema.Struct({ data: AdsFigures }), permission: "5" }),
  /** The brand's automation rules; writes go to the event log, and a new or changed rule is evaluated at once. */
  adsRules: call({ method: "GET", path: "/user/ads-rules", request: BrandQuery, response: AdsRulesResponse, permission: "5" }),
  upsertAdsRule: call({ method: "POST", path: "/user/upsert-ads-rule", request: UpsertAdsRuleRequest, response: UpsertAdsRuleResponse, permission: "5" }),
  deleteAdsRule: call({ method: "POST", path: "/user/delete-ads-rule", request: DeleteAdsRuleRequest, response: MessageResponse, permission: "5" }),
  /** The alerts the rules raised over a range, with their acknowledgement. */
  adsAlerts: call({ method: "GET", path: "/user/ads-alerts", request: AdsAlertsRequest, response: AdsAlertsResponse, permission: "5" }),
  acknowledgeAdsAlerts: call({ method: "POST", path: "/user/acknowledge-ads-alerts", request: AcknowledgeAdsAlertsRequest, response: AcknowledgeAdsAlertsResponse, permission: "5" }),
  /** Every rule of the brand evaluated over a range, on demand (imports and the demo's top-up evaluate by themselves). */
  evaluateAdsRules: call({ method: "POST", path: "/user/evaluate-ads-rules", request: EvaluateAdsRulesRequest, response: EvaluateAdsRulesResponse, permission: "5" }),
  /** Multipart (`file`, `account`): campaigns, ad sets, ads and their days from a Meta or TikTok Ads Manager report or the documented CSV (docs/ads-import.md); 400 answers are `ImportAdsRefusal`. */
  importAds: call({ method: "POST", path: "/user/import-ads", request: ImportAdsFields, response: ImportAdsResponse, permission: "5" }),
  /** KOL Campaign (docs/kol.md): the brand's KOL work over a range, and the campaigns that overlap it. */
  kolOverview: call({ method: "POST", path: "/user/kol-overview", request: KolOverviewRequest, response: Schema.Struct({ data: KolOverview }), permission: "6" }),
  /** One KOL campaign over its whole life: figures, plan against actual, leaderboard, bookings, posts. */
  kolCampaign: call({ method: "POST", path: "/user/kol-campaign", request: KolCampaignRequest, response: Schema.Struct({ data: KolCampaignDetail }), permission: "6" }),
  /** Campaigns, KOLs and bookings written in the page's dialogs; every write is an event (entities kol_campaign, kol, kol_booking). */
  upsertKolCampaign: call({ method: "POST", path: "/user/upsert-kol-campaign", request: UpsertKolCampaignRequest, response: UpsertKolCampaignResponse, permission: "6" }),
  /** Deletes the campaign with its bookings and posts. */
  deleteKolCampaign: call({ method: "POST", path: "/user/delete-kol-campaign", request: DeleteKolRequest, response: MessageResponse, permission: "6" }),
  kols: call({ method: "GET", path: "/user/kols", request: BrandOnly, response: KolsResponse, permission: "6" }),
  upsertKol: call({ method: "POST", path: "/user/upsert-kol", request: UpsertKolRequest, response: UpsertKolResponse, permission: "6" }),
  /** 400 while the KOL has bookings (delete them first: the figures they carry stay explained). */
  deleteKol: call({ method: "POST", path: "/user/delete-kol", request: DeleteKolRequest, response: MessageResponse, permission: "6" }),
  upsertKolBooking: call({ method: "POST", path: "/user/upsert-kol-booking", request: UpsertKolBookingRequest, response: UpsertKolBookingResponse, permission: "6" }),
  /** Deletes the booking with its posts. */
  deleteKolBooking: call({ method: "POST", path: "/user/delete-kol-booking", request: DeleteKolRequest, response: MessageResponse, permission: "6" }),
  /** The brand's earned-media values per action (a setting; defaults until set). */
  kolEmv: call({ method: "GET", path: "/user/kol-emv", request: BrandOnly, response: KolEmvResponse, permission: "6" }),
  updateKolEmv: call({ method: "POST", path: "/user/update-kol-emv", request: UpdateKolEmvRequest, response: KolEmvResponse, permission: "6" }),
  /** Multipart (`file`, `campaign`): a KOL post-tracking sheet (docs/kol-import.md); 400 answers are `ImportKolRefusal`. */
  importKol: call({ method: "POST", path: "/user/import-kol", request: ImportKolFields, response: ImportKolResponse, permission: "6" }),
  /** Affiliate (docs/affiliate.md): conversions through Shopee and Lazada affiliates over a range. */
  affiliateFigures: call({ method: "POST", path: "/user/affiliate-figures", request: AffiliateFiguresRequest, response: Schema.Struct({ data: AffiliateFiguresAnswer }), permission: "8" }),
  /** Multipart (`file`, `brand`): a Shopee Affiliate or Lazada affiliate conversion report or the documented CSV (docs/affiliate-import.md); 400 answers are `ImportAffiliateRefusal`. */
  importAffiliate: call({ method: "POST", path: "/user/import-affiliate", request: ImportAffiliateFields, response: ImportAffiliateResponse, permission: "8" }),
  /** Admin (issue 17, docs/admin.md): users, brands, accounts and pages, the audit; scoped to the admin's brands unless they hold 0. */
  adminUsers: call({ method: "GET", path: "/user/admin-users", request: AdminUsersRequest, response: AdminUsersResponse, permission: "4" }),
  addUser: call({ method: "POST", path: "/user/add-user", request: AddUserRequest, response: AdminUserResponse, permission: "4" }),
  /** 409 on a stale version; 400 when an admin would take permission 4 from themselves or disable themselves. */
  updateUser: call({ method: "POST", path: "/user/update-user", request: UpdateUserRequest, response: AdminUserResponse, permission: "4" }),
  resetUserPassword: call({ method: "POST", path: "/user/reset-user-password", request: ResetUserPasswordRequest, response: MessageResponse, permission: "4" }),
  /** 400 for the admin themselves. */
  removeUser: call({ method: "POST", path: "/user/remove-user", request: UserIdRequest, response: MessageResponse, permission: "4" }),
  adminBrands: call({ method: "GET", path: "/user/admin-brands", request: NoBody, response: AdminBrandsResponse, permission: "4" }),
  addBrand: call({ method: "POST", path: "/user/add-brand", request: AddBrandRequest, response: AdminBrandResponse, permission: "4" }),
  updateBrand: call({ method: "POST", path: "/user/update-brand", request: UpdateBrandRequest, response: AdminBrandResponse, permission: "4" }),
  /** `/formAC`: a social account (bag) with its pages, added to a brand. */
  addAccount: call({ method: "POST", path: "/user/add-account", request: AddAccountRequest, response: AdminBrandResponse, permission: "4" }),
  updateAccount: call({ method: "POST", path: "/user/update-account", request: UpdateAccountRequest, response: AdminBrandResponse, permission: "4" }),
  removeAccount: call({ method: "POST", path: "/user/remove-account", request: RemoveAccountRequest, response: AdminBrandResponse, permission: "4" }),
  adminAudit: call({ method: "GET", path: "/user/admin-audit", request: AdminAuditRequest, response: AdminAuditResponse, permission: "4" }),
  /** CIR (issue 17, docs/cir.md): customer-insight reports; private or shared read-only with the brand's users. */
  cirReports: call({ method: "GET", path: "/user/cir-reports", request: CirReportsRequest, response: CirReportsResponse, permission: "2" }),
  cirReport: call({ method: "GET", path: "/user/cir-report", request: CirReportRequest, response: CirReportResponse, permission: "2" }),
  createCirReport: call({ method: "POST", path: "/user/create-cir-report", request: CreateCirReportRequest, response: CirReportResponse, permission: "2" }),
  addCirSection: call({ method: "POST", path: "/user/add-cir-section", request: AddCirSectionRequest, response: CirReportResponse, permission: "2" }),
  /** 409 on a stale version; 403 for a reader who is not the owner. */
  updateCirReport: call({ method: "POST", path: "/user/update-cir-report", request: UpdateCirReportRequest, response: CirReportResponse, permission: "2" }),
  duplicateCirReport: call({ method: "POST", path: "/user/duplicate-cir-report", request: DuplicateCirReportRequest, response: CirReportResponse, permission: "2" }),
  deleteCirReport: call({ method: "POST", path: "/user/delete-cir-report", request: CirReportIdRequest, response: MessageResponse, permission: "2" }),
  cirReportHistory: call({ method: "GET", path: "/user/cir-report-history", request: CirReportHistoryRequest, response: HistoryResponse, permission: "2" }),
  restoreCirReport: call({ method: "POST", path: "/user/restore-cir-report", request: RestoreCirReportRequest, response: CirReportResponse, permission: "2" }),
  /** The figures and series of source sections, by the reader's permissions and brands. */
  cirSectionData: call({ method: "POST", path: "/user/cir-section-data", request: CirSectionDataRequest, response: CirSectionDataResponse, permission: "2" }),
  /** `/report` (issue 17, docs/reports.md): the user's library of report PDFs and the schedules that fill it. */
  reportLibrary: call({ method: "GET", path: "/user/report-library", request: NoBody, response: ReportLibraryResponse, permission: null }),
  saveReportToLibrary: call({ method: "POST", path: "/user/save-report-to-library", request: SaveReportToLibraryRequest, response: LibraryFileResponse, permission: "2" }),
  deleteLibraryFile: call({ method: "POST", path: "/user/delete-library-file", request: LibraryIdRequest, response: MessageResponse, permission: null }),
  scheduleReport: call({ method: "POST", path: "/user/schedule-report", request: ScheduleReportRequest, response: ScheduleReportResponse, permission: "2" }),
  unscheduleReport: call({ method: "POST", path: "/user/unschedule-report", request: LibraryIdRequest, response: MessageResponse, permission: null }),
  /** `/sale` (issue 17, docs/sale.md): orders by channel and o2o views beside sales over the same days. */
  saleSummary: call({ method: "POST", path: "/user/sale-summary", request: SaleRequest, response: Schema.Struct({ data: SaleSummary }), permission: "7" }),
  o2oGetData: call({ method: "POST", path: "/api/o2o/get-data", request: O2oProxyRequest, response: O2oProxyAnswer, permission: null }),
} as const;
export type Api = typeof Api;
export type CallName = keyof Api;
export type RequestOf<N extends CallName> = Api[N]["request"]["Type"];
export type ResponseOf<N extends CallName> = Api[N]["response"]["Type"];
