/**
 * The customer table of /crm: one page of rows at a time from the worker, sortable by every
 * column (a button in each header, `aria-sort` on the header), searchable by customer ID, and
 * narrowed to one segment by a segment bar or the segment table (a chip shows it, with a way
 * back). Props only.
 */
import { useEffect, useId, useRef, useState } from "react";
import type { CustomerPage } from "../../../workers/rfm";
import { t, translateMessage } from "@/i18n/i18n";
import { ariaSortOf, columnTitle, customerColumns, formatCount, noRowsText, segmentLabel, rowsText, sortedBy, type TableQuery } from "@/features/crm/crmFormat";

/** How long typing must pause before the search is sent. */
export const SEARCH_DELAY_MS = 250;

export interface CustomerTableViewProps {
  query: TableQuery;
  page: CustomerPage | null;
  busy: boolean;
  error: string | null;
  exporting: boolean;
  /** The name of the segment the table is narrowed to (query.segment), for its chip. */
  segmentName: string | null;
  onQuery: (query: TableQuery) => void;
  onExport: () => void;
}

function SearchBox({ query, onQuery }: Pick<CustomerTableViewProps, "query" | "onQuery">) {
  const [text, setText] = useState(query.search);
  const latest = useRef({ query, onQuery });
  latest.current = { query, onQuery };
  useEffect(() => {
    if (text === latest.current.query.search) return;
    const timer = setTimeout(() => latest.current.onQuery({ ...latest.current.query, search: text, page: 0 }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <label className="crm-search">
      <span>{t("crm.table.search")}</span>
      <input type="search" className="p-inputtext p-component" value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" spellCheck={false} />
    </label>
  );
}

function Pager({ page, query, onQuery, busy }: { page: CustomerPage; query: TableQuery; onQuery: (q: TableQuery) => void; busy: boolean }) {
  const go = (to: number) => onQuery({ ...query, page: to });
  const last = page.pageCount - 1;
  const atStart = page.page <= 0;
  const atEnd = page.page >= last;
  const button = (label: string, icon: string, to: number, disabled: boolean) => (
    <button type="button" className="p-button p-component p-button-text p-button-sm" aria-label={label} title={label} disabled={disabled || busy} onClick={() => go(to)}>
      <i className={`pi ${icon}`} aria-hidden="true" />
    </button>
  );
  return (
    <nav className="crm-pager" aria-label={t("crm.table.pages")}>
      {button(t("crm.table.firstPage"), "pi-angle-double-left", 0, atStart)}
      {button(t("crm.table.previousPage"), "pi-angle-left", page.page - 1, atStart)}
      <span aria-live="polite">{t("crm.table.pageOf", { page: formatCount(page.page + 1), pages: formatCount(page.pageCount) })}</span>
      {button(t("crm.table.nextPage"), "pi-angle-right", page.page + 1, atEnd)}
      {button(t("crm.table.lastPage"), "pi-angle-double-right", last, atEnd)}
    </nav>
  );
}

export function CustomerTableView({ query, page, busy, error, exporting, segmentName, onQuery, onExport }: CustomerTableViewProps) {
  const captionId = useId();
  const columns = customerColumns();
  return (
    <div className="crm-customers">
      <div className="crm-table-tools">
        <SearchBox query={query} onQuery={onQuery} />
        {segmentName !== null && (
          <p className="crm-chip">
            <span>{t("crm.table.segmentChip", { name: segmentLabel(segmentName) })}</span>
            <button
              type="button"
              aria-label={t("crm.table.everySegmentNotOnly", { name: segmentLabel(segmentName) })}
              title={t("crm.table.everySegment")}
              onClick={() => onQuery({ ...query, segment: null, page: 0 })}>
              <i className="pi pi-times" aria-hidden="true" />
            </button>
          </p>
        )}
        <button type="button" className="p-button p-component p-button-outlined p-button-sm crm-export" onClick={onExport} disabled={exporting || page === null}>
          <i className={exporting ? "pi pi-spin pi-spinner" : "pi pi-download"} aria-hidden="true" /> {t("crm.table.exportCsv")}
        </button>
      </div>
      {error !== null && (
        <p role="alert" className="error">
          {translateMessage(error)}
        </p>
      )}
      <div className="table-scroll crm-table" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table aria-busy={busy}>
          <caption id={captionId}>
            {page !== null ? t("crm.table.captionWithRows", { rows: rowsText(page) }) : t("crm.table.caption")}
          </caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.key} scope="col" aria-sort={ariaSortOf(query, c.key)} className={c.numeric ? "num" : undefined}>
                  <button type="button" className="crm-sort" title={columnTitle(c.key)} onClick={() => onQuery(sortedBy(query, c.key))}>
                    {c.header}
                    <i
                      className={`pi ${query.sortBy !== c.key ? "pi-sort-alt" : query.direction === "asc" ? "pi-sort-amount-up-alt" : "pi-sort-amount-down"}`}
                      aria-hidden="true"
                    />
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {page === null ? (
              <tr>
                <td colSpan={columns.length} className="muted">
                  {t("crm.loading.text")}
                </td>
              </tr>
            ) : page.rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="muted">
                  {noRowsText(query.search, segmentName)}
                </td>
              </tr>
            ) : (
              page.rows.map((row) => (
                <tr key={row.id}>
                  {columns.map((c, i) =>
                    i === 0 ? (
                      <th key={c.key} scope="row">
                        {c.text(row)}
                      </th>
                    ) : (
                      <td key={c.key} className={c.numeric ? "num" : undefined}>
                        {c.text(row)}
                      </td>
                    ),
                  )}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {page !== null && page.total > 0 && <Pager page={page} query={query} onQuery={onQuery} busy={busy} />}
    </div>
  );
}
