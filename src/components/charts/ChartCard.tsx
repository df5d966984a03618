/**
 * One chart of a page, the same on every page: its heading, the chart (clicking a bar, slice or
 * cell filters when the card says so), its exports (PNG of the chart, CSV of its figures) and its
 * figures as a table behind a disclosure, where every row that filters has a "Filter by …"
 * button (the keyboard's way to the same click). The card's data: `chartCard.ts`.
 */
import { memo, useId, useRef } from "react";
import { LazyPlot, type PlotPoint } from "@/components/charts/LazyPlot";
import { clickOfPoint, csvColumnsOf, type ChartCard, type ClickValue, type FigureTable } from "@/components/charts/chartCard";
import { downloadCsv, downloadPng, fileNameOf, toCsv } from "@/components/export/download";
import { ExportButtons } from "@/components/export/ExportButtons";
import { showToast } from "@/app/toast";
import { AddToReportButton, type AddToReportTarget } from "@/components/cir/AddToReportButton";
import { t } from "@/i18n/i18n";
import "./chartCard.css";

export function exportTableCsv(table: FigureTable, name: string): void {
  downloadCsv(fileNameOf(name, "csv"), toCsv(table.rows, csvColumnsOf(table)));
}

export function CsvButton({ table, name, title }: { table: FigureTable; name: string; title: string }) {
  return <ExportButtons title={title} onCsv={() => exportTableCsv(table, name)} />;
}

export interface FiguresTableProps {
  table: FigureTable;
  /** Adds a row's click to the page filter; absent = no "Filter by" buttons. */
  onFilter?: (click: ClickValue) => void;
}

export function FiguresTable({ table, onFilter }: FiguresTableProps) {
  const filters = onFilter !== undefined && table.rows.some((r) => r.click !== null);
  return (
    <div className="table-scroll" role="region" aria-label={table.caption} tabIndex={0}>
      <table>
        <caption>{table.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{table.rowHeader}</th>
            {table.columns.map((c) => (
              <th scope="col" key={c.header}>
                {c.header}
              </th>
            ))}
            {filters && (
              <th scope="col">
                <span className="visually-hidden">{t("common.chart.filter")}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, i) => (
            <tr key={`${row.label}-${i}`}>
              <th scope="row">{row.label}</th>
              {table.columns.map((c, j) => {
                const v = row.values[j] ?? null;
                return <td key={c.header}>{v === null ? <span className="no-data">—</span> : c.format(v)}</td>;
              })}
              {filters && (
                <td>
                  {row.click !== null && (
                    <button type="button" className="figure-filter-by" aria-label={t("common.chart.filterBy", { label: row.label })} onClick={() => onFilter(row.click!)}>
                      <i className="pi pi-filter" aria-hidden="true" /> {t("common.chart.filter")}
                    </button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export interface ChartCardProps {
  card: ChartCard;
  /** Adds a clicked value to the page filter. */
  onFilter: (click: ClickValue) => void;
  /** The line under the title in the PNG: "Brand · YYYY-MM-DD – YYYY-MM-DD". */
  caption?: string;
  /** "Add to report" (CIR, permission 2): the section this chart becomes, with the view shown now. */
  addToReport?: AddToReportTarget | undefined;
}

function defaultHint(card: ChartCard): string {
  return card.chart.data[0]?.type === "pie" ? t("common.chart.hintSlice") : t("common.chart.hintBar");
}

/** Redrawn only when its card or the filter callback changes (a chip added elsewhere redraws nothing else). */
export const ChartCardView = memo(function ChartCardView({ card, onFilter, caption, addToReport }: ChartCardProps) {
  const headingId = useId();
  const box = useRef<HTMLElement>(null);
  const empty = card.table.rows.length === 0;
  const savePng = () => {
    const graph = box.current?.querySelector<HTMLElement>(".js-plotly-plot");
    if (graph == null) {
      showToast({ severity: "warn", summary: t("common.chart.stillDrawing") });
      return;
    }
    downloadPng(graph, fileNameOf(card.title, "png"), caption === undefined ? undefined : { title: card.title, subtitle: caption }).catch(() => showToast({ severity: "error", summary: t("common.chart.imageFailed") }));
  };
  const onClick = card.clickable
    ? (point: PlotPoint) => {
        const click = clickOfPoint(card, point);
        if (click !== null) onFilter(click);
      }
    : undefined;
  return (
    <section ref={box} className={`chart-card${card.clickable ? " chart-card-clickable" : ""}${card.wide === true ? " chart-card-wide" : ""}`} aria-labelledby={headingId}>
      <div className="chart-card-head">
        <h2 id={headingId}>{card.title}</h2>
        <div className="chart-card-actions">
          {addToReport !== undefined && <AddToReportButton target={addToReport} label={card.title} />}
          <ExportButtons title={card.title} onPng={savePng} onCsv={() => exportTableCsv(card.table, card.title)} disabled={empty} />
        </div>
      </div>
      {card.note !== undefined && <p className="muted chart-card-note">{card.note}</p>}
      {card.clickable && !empty && <p className="muted chart-card-hint">{card.hint ?? defaultHint(card)}</p>}
      {empty ? (
        <p className="muted chart-card-empty">{t("common.chart.empty")}</p>
      ) : (
        <LazyPlot data={card.chart.data} layout={card.chart.layout} label={card.chart.label} height={card.height ?? 260} onClick={onClick} />
      )}
      <details className="figure-table">
        <summary>{t("common.chart.showTable")}</summary>
        <FiguresTable table={card.table} onFilter={card.clickable ? onFilter : undefined} />
      </details>
    </section>
  );
});
