/**
 * The data of the Brand Experience page: how many pages the applied view covers, and the
 * progress of the selected KPI template. With accounts chosen, the server narrows the pages to
 * theirs (`/user/filter-page`); with none chosen, all of the user's pages count (spec §4).
 * The social overview (issue 14): `POST /user/social-figures` and the top posts of `/user/social-posts`.
 * The lines of the other modules (issue 14), only for the modules the user may open
 * (`moduleLinesFor`): the Ads spend from the metrics summary, GMV and NMV from
 * `commerce-figures`, o2o shows and views from the o2o proxy, each with the previous period's.
 * KPI progress (issue 4) is loaded only when a KPI template is selected (`view.kpi`): the
 * templates and the metrics summary of the view, turned into figures by `domain/kpiProgress`.
 * Everything is asked for at once; a failure of a section or a line is its own, never the page's.
 */
import { Schema } from "effect";
import {
  adsLineOf, ecommerceLineOf, moduleLinesFor, o2oLineOf, o2oSpanOf,
  type ModuleLine, type ModuleLineId, type O2oAudienceTotals,
} from "../../../domain/brandEx";
import { ofBrand, type Page, type PermissionCode } from "../../../domain/entities";
import type { MetricsSummary } from "../../../domain/metrics";
import { AudienceData } from "../../../domain/o2o";
import type { BrandExData } from "../../../machines/brandEx/brandExMachine";
import { bangkokDay } from "../../../domain/dates";
import { previousPeriod } from "../../../domain/periodChange";
import { kpiProgressOf, summaryRequestOf, type KpiSection } from "../../../domain/kpiProgress";
import type { ResolvedView } from "../../../domain/viewSearch";
import { toDisplayDate } from "../../../domain/dates";
import { isChannelFilter } from "../../../domain/metrics";
import { ALL_CHANNEL } from "../../../domain/permissions";
import { TOP_POSTS, type SocialSection } from "../../../domain/social";
import { ApiCallError } from "@/api/client";
import { authedCall } from "@/app/api";
import { resolvePageFilter } from "@/app/appliedFilter";
import { authActor } from "@/app/auth";

export type { KpiSection };

export type { BrandExData };

export function pagesInView(available: readonly Page[], chosen: readonly string[]): readonly Page[] {
  if (chosen.length === 0) return available;
  const wanted = new Set(chosen);
  return available.filter((page) => wanted.has(page.id));
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : "The KPI progress could not be loaded.");

/**
 * The metrics summary of the view over its range and over the previous period of equal length,
 * each asked for on first need and then shared: KPI progress and the Ads line read the same two
 * answers, so the page asks for them once.
 */
export interface ViewSummaries {
  current(): Promise<MetricsSummary>;
  previous(): Promise<MetricsSummary>;
}

export function viewSummaries(view: ResolvedView, signal: AbortSignal): ViewSummaries {
  const scope = { brand: view.brand, ch: view.ch, pages: view.pages, bags: view.bags };
  const once = (start: string, end: string) => {
    let asked: Promise<MetricsSummary> | null = null;
    return () => (asked ??= authedCall("metricsSummary", summaryRequestOf({ ...scope, start, end }), { signal }).then((a) => a.data));
  };
  const before = previousPeriod({ start: view.range.startDate, end: view.range.endDate });
  return { current: once(view.range.startDate, view.range.endDate), previous: once(before.start, before.end) };
}

/**
 * The KPI progress of the view's selected template. Templates and figures are asked for at
 * once; a failure of either is the section's failure, never the page's.
 */
export async function loadKpiSection(
  view: ResolvedView,
  signal: AbortSignal,
  now: number = Date.now(),
  summaries: ViewSummaries = viewSummaries(view, signal),
): Promise<KpiSection> {
  const title = view.kpi;
  if (title === null) return { kind: "none" };
  const [templates, summary, previous] = await Promise.allSettled([
    authedCall("getKpiTemplates", {}, { signal }),
    summaries.current(),
    summaries.previous(),
  ]);
  if (templates.status === "rejected") {
    if (templates.reason instanceof ApiCallError && templates.reason.status === 403) return { kind: "forbidden" };
    return { kind: "failed", title, message: messageOf(templates.reason) };
  }
  const template = templates.value.data.find((t) => t.title === title);
  if (template === undefined) return { kind: "missing", title };
  if (summary.status === "rejected") return { kind: "failed", title, message: messageOf(summary.reason) };
  // Without the previous period the figures still show, only without their change.
  const previousSummary = previous.status === "fulfilled" ? previous.value : null;
  return { kind: "ready", progress: kpiProgressOf(template, summary.value, bangkokDay(now), previousSummary) };
}

/**
 * The social overview of the view: its figures (against the previous period of equal length)
 * and its top posts by engagements, asked for at once. A failure is the section's, not the page's.
 */
export async function loadSocialSection(view: ResolvedView, signal: AbortSignal): Promise<SocialSection> {
  const request = {
    brand: view.brand,
    start: toDisplayDate(view.range.startDate),
    end: toDisplayDate(view.range.endDate),
    channel: isChannelFilter(view.ch) ? view.ch : ALL_CHANNEL,
    pages: [...view.pages],
    accounts: [...view.bags],
  } as const;
  try {
    const [figures, top] = await Promise.all([
      authedCall("socialFigures", request, { signal }),
      authedCall("socialPosts", { ...request, sort: "engagements", order: "desc", page: 1, pageSize: TOP_POSTS, search: "" }, { signal }),
    ]);
    return { kind: "ready", figures: figures.data, top: top.data.rows };
  } catch (error) {
    if (signal.aborted) throw error;
    return { kind: "failed", message: error instanceof Error ? error.message : "The social figures could not be loaded." };
  }
}

/** What decides the lines of the other modules: the user's permissions and o2o campaigns (user data). */
export interface ModuleAccess {
  readonly permissions: readonly PermissionCode[];
  /** Ids of the user's o2o campaigns (`listO2O`). */
  readonly o2oCampaigns: readonly number[];
}

/** The signed-in user's access, as the side menu reads it. */
export function currentAccess(): ModuleAccess {
  const user = authActor.getSnapshot().context.user;
  return { permissions: user?.permissions ?? [], o2oCampaigns: user?.listO2O.map((c) => c.id) ?? [] };
}

const lineMessage = (error: unknown) => (error instanceof Error ? error.message : "The figures could not be loaded.");

async function adsLine(summaries: ViewSummaries): Promise<ModuleLine> {
  const [current, previous] = await Promise.allSettled([summaries.current(), summaries.previous()]);
  if (current.status === "rejected") throw current.reason;
  return adsLineOf(current.value, previous.status === "fulfilled" ? previous.value : null);
}

/** GMV and NMV of the brand's orders on every platform, with the view's active filter (as E-Commerce applies it). */
async function ecommerceLine(view: ResolvedView, signal: AbortSignal): Promise<ModuleLine> {
  const { filter } = await resolvePageFilter(view.active, [], signal);
  const request = { brand: view.brand, start: toDisplayDate(view.range.startDate), end: toDisplayDate(view.range.endDate), channel: "All channel", filter } as const;
  const { data } = await authedCall("commerceFigures", request, { signal });
  return ecommerceLineOf(data);
}

const decodeAudience = Schema.decodeUnknownResult(AudienceData);

/** Shows and views of every o2o campaign of the user over one span, through the o2o proxy. */
async function o2oAudience(campaigns: readonly number[], span: { from: number; to: number }, name: string, signal: AbortSignal): Promise<O2oAudienceTotals> {
  const url = "/stats/visitor_view/audience";
  const answer = await authedCall(
    "o2oGetData",
    { url, methods: "POST", payload: { campaigns: [...campaigns], ...span }, name, typechart: "number" },
    { signal },
  );
  const decoded = decodeAudience(answer.data);
  if (decoded._tag === "Failure") throw new ApiCallError(200, "contract", `Unexpected answer from the visitor analytics service (${url}): ${decoded.failure.message}`);
  return { shows: decoded.success.series.shows[0] ?? null, views: decoded.success.series.views[0] ?? null };
}

async function o2oLine(view: ResolvedView, campaigns: readonly number[], signal: AbortSignal): Promise<ModuleLine> {
  const start = toDisplayDate(view.range.startDate);
  const end = toDisplayDate(view.range.endDate);
  const before = previousPeriod({ start, end });
  const span = o2oSpanOf(start, end, campaigns.length);
  const previousSpan = o2oSpanOf(before.start, before.end, campaigns.length);
  if ("problem" in span) return { module: "o2o", kind: "unavailable", reason: span.problem };
  const [current, previous] = await Promise.allSettled([
    o2oAudience(campaigns, span, "brandex_o2o_audience", signal),
    "problem" in previousSpan ? Promise.reject(new Error(previousSpan.problem)) : o2oAudience(campaigns, previousSpan, "brandex_o2o_audience_previous", signal),
  ]);
  if (current.status === "rejected") throw current.reason;
  return o2oLineOf(current.value, previous.status === "fulfilled" ? previous.value : null, campaigns.length);
}

/**
 * The lines of the other modules the user may open, each loaded on its own: a failed line says
 * why on that line and the others still show. An abort is the page's and ends them all.
 */
export async function loadModuleLines(
  view: ResolvedView,
  access: ModuleAccess,
  signal: AbortSignal,
  summaries: ViewSummaries = viewSummaries(view, signal),
): Promise<readonly ModuleLine[]> {
  const load = (id: ModuleLineId): Promise<ModuleLine> => {
    switch (id) {
      case "ads":
        return adsLine(summaries);
      case "ecommerce":
        return ecommerceLine(view, signal);
      case "o2o":
        return o2oLine(view, access.o2oCampaigns, signal);
    }
  };
  return Promise.all(
    moduleLinesFor(access.permissions, access.o2oCampaigns.length).map((id) =>
      load(id).catch((error: unknown): ModuleLine => {
        if (signal.aborted) throw error;
        return { module: id, kind: "failed", message: lineMessage(error) };
      }),
    ),
  );
}

/**
 * The page's data: the pages in view, the KPI progress and the social overview. The lines of the
 * other modules load on their own (`loadModuleLines`, machine `brandExModules`), so the overview
 * never waits for a slow module.
 */
export async function loadBrandEx(view: ResolvedView, signal: AbortSignal): Promise<BrandExData> {
  const [{ data }, kpi, social] = await Promise.all([
    authedCall("filterPage", { filter: [...view.bags] }, { signal }),
    loadKpiSection(view, signal, Date.now()),
    loadSocialSection(view, signal),
  ]);
  // Pages in view are the selected brand's: with no account chosen the server lists every brand's.
  const available = ofBrand(data, view.brand);
  return { available, inView: pagesInView(available, view.pages), kpi, social };
}
