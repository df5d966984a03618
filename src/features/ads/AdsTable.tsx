/**
 * The campaign table of /ads (issue 15): campaigns, the ad sets of a campaign or the ads of an ad
 * set, one page at a time, sortable by its figure columns (a header is a button; `aria-sort` says
 * the order). A campaign's name drills down to its ad sets, an ad set's to its ads; the
 * breadcrumb ("All campaigns › campaign › ad set") goes back up. CSV of every row of the level.
 * Plain props; the choices live in the URL (`AdsSearch`).
 */
import { useId, useRef } from "react";
import type { AdsRow, AdsSort } from "../../../domain/adsContract";
import type { AdsTable } from "../../../machines/ads/adsTableMachine";
import type { PagePhase } from "../../../machines/shared/pageLoad";
import { ExportButtons } from "@/components/export/ExportButtons";
import { formatCount } from "@/components/format/numbers";
import { levelName, tableColumns, rowDetail, statusLabel } from "@/features/ads/adsFormat";
import type { AdsTableQuery } from "@/features/ads/adsSearch";
import { t, translateMessage, type MessageKey } from "@/i18n/i18n";

const BUTTON = "p-button p-component p-button-sm";

export interface AdsTableProps {
  query: AdsTableQuery;
  phase: PagePhase<AdsTable>;
  onSort: (sort: AdsSort) => void;
  onPage: (page: number) => void;
  /** A campaign's or an ad set's name: one level down. */
  onDrill: (row: AdsRow) => void;
  /** A breadcrumb item: up to every campaign, or to the ad sets of the campaign. */
  onUp: (level: "campaign" | "adSet") => void;
  onRetry: () => void;
  onExport: () => void;
  exporting: boolean;
}

const SORT_NAMES = {
  name: "ads.sort.name", spend: "ads.sort.spend", impressions: "ads.sort.impressions", reach: "ads.sort.reach", clicks: "ads.sort.clicks",
  results: "ads.sort.results", costPerResult: "ads.sort.costPerResult", ctr: "ads.sort.ctr", cpm: "ads.sort.cpm", cpc: "ads.sort.cpc",
  frequency: "ads.sort.frequency", roas: "ads.sort.roas",
} as const satisfies Record<AdsSort, MessageKey>;

function SortHeader({ header, sort, query, onSort, className }: { header: string; sort: AdsSort; query: AdsTableQuery; onSort: (s: AdsSort) => void; className?: string }) {
  const active = query.sort === sort;
  const ariaSort = active ? (query.order === "asc" ? "ascending" : "descending") : "none";
  return (
    <th scope="col" aria-sort={ariaSort} className={className}>
      <button type="button" className="ads-sort" onClick={() => onSort(sort)}>
        {header}
        <i className={`pi ${active ? (query.order === "asc" ? "pi-sort-amount-up-alt" : "pi-sort-amount-down") : "pi-sort-alt"}`} aria-hidden="true" />
      </button>
    </th>
  );
}

/** Where the table is: "All campaigns › campaign › ad set"; every level above the current one is a button. */
function Breadcrumb({ query, names, onUp }: { query: AdsTableQuery; names: ReadonlyMap<string, string>; onUp: (level: "campaign" | "adSet") => void }) {
  // A name seen in an answer (a row clicked, the level's campaign and ad set); the id otherwise.
  const campaignName = query.campaign === null ? "" : (names.get(query.campaign) ?? query.campaign);
  const adSetName = query.adSet === null ? "" : (names.get(query.adSet) ?? query.adSet);
  return (
    <nav aria-label={t("ads.table.breadcrumb")} className="ads-breadcrumb">
      <ol>
        <li>
          {query.level === "campaign" ? (
            <span aria-current="page">{t("ads.table.allCampaigns")}</span>
          ) : (
            <button type="button" className="ads-crumb" onClick={() => onUp("campaign")}>
              {t("ads.table.allCampaigns")}
            </button>
          )}
        </li>
        {query.level !== "campaign" && (
          <li>
            <span className="ads-crumb-sep" aria-hidden="true">›</span>
            {query.level === "adSet" ? (
              <span aria-current="page">{campaignName}</span>
            ) : (
              <button type="button" className="ads-crumb" onClick={() => onUp("adSet")}>
                {campaignName}
              </button>
            )}
          </li>
        )}
        {query.level === "ad" && (
          <li>
            <span className="ads-crumb-sep" aria-hidden="true">›</span>
            <span aria-current="page">{adSetName}</span>
          </li>
        )}
      </ol>
    </nav>
  );
}

export function AdsTableView({ query, phase, onSort, onPage, onDrill, onUp, onRetry, onExport, exporting }: AdsTableProps) {
  const headingId = useId();
  const table = phase.data;
  const title = levelName(query.level);
  const unit = title.toLowerCase();
  const pages = table === null ? 1 : Math.max(1, Math.ceil(table.total / Math.max(1, table.pageSize)));
  const first = table === null || table.total === 0 ? 0 : (table.page - 1) * table.pageSize + 1;
  const last = table === null ? 0 : Math.min(table.total, table.page * table.pageSize);
  const drills = query.level !== "ad";
  // The names of the campaigns and ad sets seen so far, for the breadcrumb while the next level
  // loads, and after a filter leaves the one drilled into out of view.
  const names = useRef(new Map<string, string>()).current;
  if (table !== null) {
    if (table.campaign !== null) names.set(table.campaign.id, table.campaign.name);
    if (table.adSet !== null) names.set(table.adSet.id, table.adSet.name);
    if (table.level !== "ad") for (const r of table.rows) names.set(r.id, r.name);
  }
  return (
    <section className="ads-table skip-offscreen" aria-labelledby={headingId}>
      <div className="chart-card-head">
        <h2 id={headingId}>{title}</h2>
        <ExportButtons title={t("ads.table.exportTitle", { unit })} onCsv={onExport} disabled={exporting || table === null || table.total === 0} />
      </div>
      <Breadcrumb query={query} names={names} onUp={onUp} />
      {drills && <p className="muted ads-table-hint">{query.level === "campaign" ? t("ads.table.hintCampaign") : t("ads.table.hintAdSet")}</p>}
      {phase.kind === "failed" && (
        <div className="ads-table-failure" role="alert">
          <p className="error">{translateMessage(phase.error)}</p>
          <button type="button" className={`${BUTTON} p-button-outlined`} onClick={onRetry}>
            <i className="pi pi-refresh" aria-hidden="true" /> {t("common.action.tryAgain")}
          </button>
        </div>
      )}
      {exporting && (
        <p className="muted" role="status">
          {t("ads.table.preparingCsv", { unit })}
        </p>
      )}
      {table === null ? (
        phase.kind !== "failed" && <p className="muted">{t("ads.table.loading", { unit })}</p>
      ) : (
        <>
          <p className="muted ads-table-count" role="status" aria-busy={phase.kind === "loading"}>
            {table.total === 0
              ? query.level !== "campaign" && table.campaign === null
                ? t(query.level === "adSet" ? "ads.table.campaignNotInView" : "ads.table.adSetNotInView")
                : t("ads.table.empty", { unit })
              : first > table.total
                ? t("ads.table.pastLast", { page: formatCount(table.page), total: formatCount(table.total), unit })
                : t("ads.table.count", { title, first: formatCount(first), last: formatCount(last), total: formatCount(table.total) })}
          </p>
          {table.rows.length > 0 && (
            <div className="table-scroll ads-table-scroll" role="region" aria-label={t("ads.table.regionLabel", { title })} tabIndex={0}>
              <table>
                <caption className="visually-hidden">
                  {t(query.order === "asc" ? "ads.table.captionAscending" : "ads.table.captionDescending", { title, sort: t(SORT_NAMES[query.sort]) })}
                </caption>
                <thead>
                  <tr>
                    <SortHeader header={t("ads.table.name")} sort="name" query={query} onSort={onSort} className="ads-name-col" />
                    {query.level === "campaign" && <th scope="col">{t("ads.table.status")}</th>}
                    {tableColumns().map((c) => (
                      <SortHeader key={c.sort} header={c.header} sort={c.sort} query={query} onSort={onSort} />
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {table.rows.map((r) => (
                    <tr key={r.id}>
                      <th scope="row" className="ads-name">
                        {drills ? (
                          <button type="button" className="ads-drill" onClick={() => onDrill(r)}>
                            {r.name}
                          </button>
                        ) : (
                          <span className="ads-row-name">{r.name}</span>
                        )}
                        <span className="ads-row-detail muted">{rowDetail(r)}</span>
                      </th>
                      {query.level === "campaign" && <td className="ads-status">{statusLabel(r) ?? <span className="muted">—</span>}</td>}
                      {tableColumns().map((c) => (
                        <td key={c.sort}>{c.cell(r)}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {(table.total > table.pageSize || table.page > 1) && (
            <nav className="ads-pager" aria-label={t("ads.table.pagesOf", { unit })}>
              <button type="button" className={`${BUTTON} p-button-text`} disabled={table.page <= 1} onClick={() => onPage(Math.min(table.page - 1, pages))}>
                <i className="pi pi-angle-left" aria-hidden="true" /> {t("ads.table.previous")}
              </button>
              <span>
                {t("ads.table.pageOf", { page: formatCount(table.page), pages: formatCount(pages) })}
              </span>
              <button type="button" className={`${BUTTON} p-button-text`} disabled={table.page >= pages} onClick={() => onPage(table.page + 1)}>
                {t("ads.table.next")} <i className="pi pi-angle-right" aria-hidden="true" />
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
