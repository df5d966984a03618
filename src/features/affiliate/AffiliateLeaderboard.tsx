/**
 * The affiliate leaderboard of /affiliate: every affiliate of the range (the first
 * MAX_AFFILIATE_ROWS by GMV, the rest summed in a last row), sortable by any column (the sort is
 * in the URL), each with a "Filter by …" toggle that narrows every other figure of the page to
 * the affiliates picked (the leaderboard itself stays whole). CSV of the rows shown.
 */
import { useId, useMemo } from "react";
import type { AffiliateFiguresAnswer, AffiliateRow } from "../../../domain/affiliateContract";
import type { AffiliateSort } from "../../../domain/routeSearch";
import { downloadCsv, fileNameOf, toCsv } from "@/components/export/download";
import { ExportButtons } from "@/components/export/ExportButtons";
import { count, leaderboardColumns, leaderboardCsvColumns, money, NO_VALUE, orDash, othersRow, percent, type LeaderboardLine } from "@/features/affiliate/affiliateFormat";
import { sortedRows, type LeaderboardSort } from "@/features/affiliate/affiliateRequest";
import { t, type MessageKey } from "@/i18n/i18n";

const SORT_NAMES = {
  affiliate: "affiliate.sortName.affiliate", platform: "affiliate.sortName.platform", orders: "affiliate.sortName.orders", gmv: "affiliate.sortName.gmv",
  gmvShare: "affiliate.sortName.share", commission: "affiliate.sortName.commission", commissionRate: "affiliate.sortName.commissionRate",
  roi: "affiliate.sortName.roi", conversionRate: "affiliate.sortName.conversionRate",
} as const satisfies Record<AffiliateSort, MessageKey>;

function SortHeader({ header, sort, current, onSort, className }: { header: string; sort: AffiliateSort; current: LeaderboardSort; onSort: (s: AffiliateSort) => void; className?: string }) {
  const active = current.sort === sort;
  const ariaSort = active ? (current.dir === "asc" ? "ascending" : "descending") : "none";
  return (
    <th scope="col" aria-sort={ariaSort} className={className}>
      <button type="button" className="affiliate-sort" onClick={() => onSort(sort)}>
        {header}
        <i className={`pi ${active ? (current.dir === "asc" ? "pi-sort-amount-up-alt" : "pi-sort-amount-down") : "pi-sort-alt"}`} aria-hidden="true" />
      </button>
    </th>
  );
}

export interface AffiliateLeaderboardProps {
  figures: AffiliateFiguresAnswer;
  /** File names: "Aura affiliates 2025-03-01 2025-03-31". */
  fileName: string;
  sort: LeaderboardSort;
  picked: readonly string[];
  onSort: (sort: AffiliateSort) => void;
  /** Picks the affiliate, or lets it go when it was picked. */
  onToggle: (affiliate: string) => void;
}

export function AffiliateLeaderboard({ figures, fileName, sort, picked, onSort, onToggle }: AffiliateLeaderboardProps) {
  const headingId = useId();
  const rows = useMemo(() => sortedRows(figures.byAffiliate, sort), [figures.byAffiliate, sort]);
  const others = othersRow(figures);
  // A name on both marketplaces: its buttons say which row they are on.
  const twice = useMemo(() => {
    const seen = new Map<string, number>();
    for (const r of figures.byAffiliate) seen.set(r.affiliate, (seen.get(r.affiliate) ?? 0) + 1);
    return new Set([...seen].filter(([, n]) => n > 1).map(([name]) => name));
  }, [figures.byAffiliate]);
  const nameOf = (r: AffiliateRow) => (twice.has(r.affiliate) ? `${r.affiliate} (${r.platform})` : r.affiliate);
  const exportCsv = () => {
    const lines: LeaderboardLine[] = [...rows.map((row) => ({ kind: "affiliate" as const, row })), ...(others === null ? [] : [{ kind: "others" as const, row: others }])];
    downloadCsv(fileNameOf(fileName, "csv"), toCsv(lines, leaderboardCsvColumns()));
  };
  const total = figures.byAffiliate.length + figures.others.affiliates;
  const columns = leaderboardColumns();
  return (
    <section className="affiliate-leaderboard skip-offscreen" aria-labelledby={headingId}>
      <div className="chart-card-head">
        <h2 id={headingId}>{t("affiliate.leaderboard.title")}</h2>
        <ExportButtons title={t("affiliate.leaderboard.exportTitle")} onCsv={exportCsv} disabled={rows.length === 0} />
      </div>
      <p className="muted affiliate-hint">
        {rows.length === 0
          ? t("affiliate.leaderboard.none")
          : t("affiliate.leaderboard.hint", { total })}
      </p>
      {rows.length > 0 && (
        <div className="table-scroll affiliate-table-scroll" role="region" aria-label={t("affiliate.leaderboard.tableLabel")} tabIndex={0}>
          <table>
            <caption className="visually-hidden">
              {t(sort.dir === "asc" ? "affiliate.leaderboard.captionAsc" : "affiliate.leaderboard.captionDesc", { sort: t(SORT_NAMES[sort.sort]) })}
            </caption>
            <thead>
              <tr>
                <SortHeader header={t("affiliate.leaderboard.affiliate")} sort="affiliate" current={sort} onSort={onSort} className="affiliate-name-col" />
                <SortHeader header={t("affiliate.leaderboard.platform")} sort="platform" current={sort} onSort={onSort} className="affiliate-text-col" />
                {columns.map((c) => (
                  <SortHeader key={c.sort} header={c.header} sort={c.sort} current={sort} onSort={onSort} />
                ))}
                <th scope="col">
                  <span className="visually-hidden">{t("affiliate.leaderboard.filter")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const on = picked.includes(r.affiliate);
                return (
                  <tr key={`${r.platform}:${r.affiliate}`} className={on ? "affiliate-picked" : undefined}>
                    <th scope="row" className="affiliate-name">
                      {r.affiliate}
                    </th>
                    <td className="affiliate-text">{r.platform}</td>
                    {columns.map((c) => (
                      <td key={c.sort}>{c.cell(r)}</td>
                    ))}
                    <td>
                      <button type="button" className="figure-filter-by" aria-label={t("affiliate.leaderboard.filterBy", { name: nameOf(r) })} aria-pressed={on} onClick={() => onToggle(r.affiliate)}>
                        <i className={`pi ${on ? "pi-filter-fill" : "pi-filter"}`} aria-hidden="true" /> {on ? t("affiliate.leaderboard.filtered") : t("affiliate.leaderboard.filter")}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
            {others !== null && (
              <tfoot>
                <tr className="affiliate-others">
                  <th scope="row" className="affiliate-name">
                    {t("affiliate.leaderboard.others", { count: others.affiliates })}
                  </th>
                  <td className="affiliate-text">{NO_VALUE}</td>
                  <td>{count(others.orders)}</td>
                  <td>{money(others.gmv)}</td>
                  <td>{orDash(others.gmvShare, percent)}</td>
                  <td>{money(others.commission)}</td>
                  <td>{orDash(others.commissionRate, percent)}</td>
                  <td>{orDash(others.roi, percent)}</td>
                  <td>{NO_VALUE}</td>
                  <td />
                </tr>
              </tfoot>
            )}
          </table>
        </div>
      )}
    </section>
  );
}
