/**
 * The customer table of /crm: one page of rows at a time from the worker, sortable by every
 * column (a button in each header, `aria-sort` on the header), searchable by customer ID, and
 * narrowed to one segment by a segment bar or the segment table (a chip shows it, with a way
 * back). Props only.
 */
import { useEffect, useId, useRef, useState } from "react";
import type { CustomerPage } from "../../../workers/rfm";
import { CUSTOMER_COLUMNS, COLUMN_TITLES, ariaSortOf, noRowsText, rowsText, sortedBy, type TableQuery } from "@/features/crm/crmFormat";

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
      <span>Search customer ID</span>
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
    <nav className="crm-pager" aria-label="Customer table pages">
      {button("First page", "pi-angle-double-left", 0, atStart)}
      {button("Previous page", "pi-angle-left", page.page - 1, atStart)}
      <span aria-live="polite">
        Page {page.page + 1} of {page.pageCount}
      </span>
      {button("Next page", "pi-angle-right", page.page + 1, atEnd)}
      {button("Last page", "pi-angle-double-right", last, atEnd)}
    </nav>
  );
}

export function CustomerTableView({ query, page, busy, error, exporting, segmentName, onQuery, onExport }: CustomerTableViewProps) {
  const captionId = useId();
  return (
    <div className="crm-customers">
      <div className="crm-table-tools">
        <SearchBox query={query} onQuery={onQuery} />
        {segmentName !== null && (
          <p className="crm-chip">
            <span>Segment: {segmentName}</span>
            <button type="button" aria-label={`Show every segment, not only ${segmentName}`} title="Show every segment" onClick={() => onQuery({ ...query, segment: null, page: 0 })}>
              <i className="pi pi-times" aria-hidden="true" />
            </button>
          </p>
        )}
        <button type="button" className="p-button p-component p-button-outlined p-button-sm crm-export" onClick={onExport} disabled={exporting || page === null}>
          <i className={exporting ? "pi pi-spin pi-spinner" : "pi pi-download"} aria-hidden="true" /> Export CSV
        </button>
      </div>
      {error !== null && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <div className="table-scroll crm-table" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table aria-busy={busy}>
          <caption id={captionId}>
            Customers with their scores and segment{page !== null ? `: ${rowsText(page)}` : ""}
          </caption>
          <thead>
            <tr>
              {CUSTOMER_COLUMNS.map((c) => (
                <th key={c.key} scope="col" aria-sort={ariaSortOf(query, c.key)} className={c.numeric ? "num" : undefined}>
                  <button type="button" className="crm-sort" title={COLUMN_TITLES[c.key]} onClick={() => onQuery(sortedBy(query, c.key))}>
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
                <td colSpan={CUSTOMER_COLUMNS.length} className="muted">
                  Loading customers…
                </td>
              </tr>
            ) : page.rows.length === 0 ? (
              <tr>
                <td colSpan={CUSTOMER_COLUMNS.length} className="muted">
                  {noRowsText(query.search, segmentName)}
                </td>
              </tr>
            ) : (
              page.rows.map((row) => (
                <tr key={row.id}>
                  {CUSTOMER_COLUMNS.map((c, i) =>
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
