/**
 * The data of the Brand Experience page: how many pages the applied view covers, and the
 * progress of the selected KPI template. With accounts chosen, the server narrows the pages to
 * theirs (`/user/filter-page`); with none chosen, all of the user's pages count (spec §4).
 * The social overview (issue 14): `POST /user/social-figures` and the top posts of `/user/social-posts`.
 * KPI progress (issue 4) is loaded only when a KPI template is selected (`view.kpi`): the
 * templates and the metrics summary of the view, turned into figures by `domain/kpiProgress`.
 */
import { ofBrand, type Page } from "../../../domain/entities";
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

export type { KpiSection };

export type { BrandExData };

export function pagesInView(available: readonly Page[], chosen: readonly string[]): readonly Page[] {
  if (chosen.length === 0) return available;
  const wanted = new Set(chosen);
  return available.filter((page) => wanted.has(page.id));
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : "The KPI progress could not be loaded.");

/**
 * The KPI progress of the view's selected template. Templates and figures are asked for at
 * once; a failure of either is the section's failure, never the page's.
 */
export async function loadKpiSection(view: ResolvedView, signal: AbortSignal, now: number = Date.now()): Promise<KpiSection> {
  const title = view.kpi;
  if (title === null) return { kind: "none" };
  const scope = { brand: view.brand, ch: view.ch, pages: view.pages, bags: view.bags };
  const before = previousPeriod({ start: view.range.startDate, end: view.range.endDate });
  const [templates, summary, previous] = await Promise.allSettled([
    authedCall("getKpiTemplates", {}, { signal }),
    authedCall("metricsSummary", summaryRequestOf({ ...scope, start: view.range.startDate, end: view.range.endDate }), { signal }),
    // The same figures over the previous period of equal length, for each actual's change.
    authedCall("metricsSummary", summaryRequestOf({ ...scope, start: before.start, end: before.end }), { signal }),
  ]);
  if (templates.status === "rejected") {
    if (templates.reason instanceof ApiCallError && templates.reason.status === 403) return { kind: "forbidden" };
    return { kind: "failed", title, message: messageOf(templates.reason) };
  }
  const template = templates.value.data.find((t) => t.title === title);
  if (template === undefined) return { kind: "missing", title };
  if (summary.status === "rejected") return { kind: "failed", title, message: messageOf(summary.reason) };
  // Without the previous period the figures still show, only without their change.
  const previousSummary = previous.status === "fulfilled" ? previous.value.data : null;
  return { kind: "ready", progress: kpiProgressOf(template, summary.value.data, bangkokDay(now), previousSummary) };
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

export async function loadBrandEx(view: ResolvedView, signal: AbortSignal): Promise<BrandExData> {
  const [{ data }, kpi, social] = await Promise.all([
    authedCall("filterPage", { filter: [...view.bags] }, { signal }),
    loadKpiSection(view, signal),
    loadSocialSection(view, signal),
  ]);
  // Pages in view are the selected brand's: with no account chosen the server lists every brand's.
  const available = ofBrand(data, view.brand);
  return { available, inView: pagesInView(available, view.pages), kpi, social };
}
