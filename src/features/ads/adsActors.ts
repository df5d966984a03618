/**
 * The actors of the /ads statecharts (`machines/ads`): the figures' `load` asks the server for the
 * figures of the view's scope narrowed by the page's chart clicks (and, when a KPI template is
 * selected, the templates, for the pacing); the table's `load` asks the same call for one page of
 * the table's level; the table CSV's `exportRows` reads every row of the level, page after page.
 * One call, `adsFigures`, for all of them; the loads are tracked by the shell's loading bar.
 */
import { pageLoader } from "../../../machines/shared/pageLoad";
import { exportLoader } from "../../../machines/shared/tableExport";
import type { AdsData, AdsKpi, AdsQuery } from "../../../machines/ads/adsMachine";
import type { AdsTable, AdsTableQuery } from "../../../machines/ads/adsTableMachine";
import type { AdsTableExport } from "../../../machines/ads/adsTableExportMachine";
import { DEFAULT_ADS_PAGE_SIZE, MAX_ADS_PAGE_SIZE, type AdsRow } from "../../../domain/adsContract";
import { ApiCallError } from "@/api/client";
import { authedCall } from "@/app/api";
import { trackLoading } from "@/app/loading";
import { adsRequestOf, noAdsFigures } from "@/features/ads/adsRequest";

const messageOf = (error: unknown) => (error instanceof Error ? error.message : "The KPI templates could not be loaded.");

/** The selected KPI template; a failure is the pacing section's, never the page's. */
async function loadKpi(title: string | null, signal: AbortSignal): Promise<AdsKpi> {
  if (title === null) return { kind: "none" };
  try {
    const { data } = await authedCall("getKpiTemplates", {}, { signal });
    const template = data.find((t) => t.title === title);
    return template === undefined ? { kind: "missing", title } : { kind: "ready", template };
  } catch (error) {
    if (signal.aborted) throw error;
    if (error instanceof ApiCallError && error.status === 403) return { kind: "forbidden" };
    return { kind: "failed", title, message: messageOf(error) };
  }
}

export async function loadAds(query: AdsQuery, signal: AbortSignal): Promise<AdsData> {
  const request = adsRequestOf(query.scope, query.clicks);
  // The figures' answer carries a table too: one row is enough, the table loads on its own.
  const [figures, kpi] = await Promise.all([
    request === null ? Promise.resolve(noAdsFigures()) : authedCall("adsFigures", { ...request, pageSize: 1 }, { signal }).then((a) => a.data),
    loadKpi(query.kpi, signal),
  ]);
  return { figures, request, kpi };
}

function tableRequestOf(query: AdsTableQuery, page: number, pageSize: number) {
  if (query.request === null) return null;
  return {
    ...query.request,
    level: query.level,
    ...(query.parent !== null ? { parent: query.parent } : {}),
    sort: query.sort,
    order: query.order,
    page,
    pageSize,
  };
}

/** A campaign or ad set the server does not find in view (a 400 naming `parent`). */
const isParentNotInView = (error: unknown): boolean => error instanceof ApiCallError && error.status === 400 && error.message.startsWith("parent:");

/**
 * One page of the table. A campaign or ad set drilled into that is no longer in view (another
 * brand, channel, accounts or chart filter since) has no rows: an empty table at its level
 * without a campaign, which the table says and offers the way back up.
 */
export async function loadAdsTable(query: AdsTableQuery, signal: AbortSignal): Promise<AdsTable> {
  const request = tableRequestOf(query, query.page, DEFAULT_ADS_PAGE_SIZE);
  // The chart clicks exclude the view's channel: no row can match.
  if (request === null) return { ...noAdsFigures().table, level: query.level };
  try {
    const { data } = await authedCall("adsFigures", request, { signal });
    return data.table;
  } catch (error) {
    if (query.level !== "campaign" && isParentNotInView(error)) return { ...noAdsFigures().table, level: query.level };
    throw error;
  }
}

/** Most rows one CSV export holds. */
export const MAX_EXPORTED_ROWS = 10_000;

/** Every row of the table's level, in its order, at most `MAX_EXPORTED_ROWS`. */
export async function exportAdsRows(query: AdsTableQuery, signal?: AbortSignal): Promise<AdsTableExport> {
  const rows: AdsRow[] = [];
  let total = 0;
  for (let page = 1; rows.length < MAX_EXPORTED_ROWS; page++) {
    const body = tableRequestOf(query, page, MAX_ADS_PAGE_SIZE);
    if (body === null) break;
    const { data } = await authedCall("adsFigures", body, signal === undefined ? {} : { signal });
    total = data.table.total;
    rows.push(...data.table.rows);
    if (data.table.rows.length < MAX_ADS_PAGE_SIZE || rows.length >= total) break;
  }
  return { rows: rows.slice(0, MAX_EXPORTED_ROWS), total };
}

export const adsActors = {
  load: pageLoader((query: AdsQuery, signal) => trackLoading(loadAds(query, signal))),
};

export const adsTableActors = {
  load: pageLoader((query: AdsTableQuery, signal) => trackLoading(loadAdsTable(query, signal))),
};

export const adsTableExportActors = {
  exportRows: exportLoader(exportAdsRows),
};
