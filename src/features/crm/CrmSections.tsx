/**
 * The figures of a scored /crm: key figures, segment sizes and revenue (a table and a bar chart
 * whose bars narrow the customer table), the R × F grid (a heatmap with its table) and the
 * segment movement from the previous period (a shaded table). Each exports its figures as CSV,
 * the charts also as PNG. Props only; words and traces come from `crmFormat.ts`.
 */
import { useId, useRef, type ReactNode } from "react";
import { figureChange, type Polarity, type PreviousPeriod } from "../../../domain/periodChange";
import type { RfmSummary, RfmTransitionTable } from "../../../workers/rfm";
import { ChangeBadge } from "@/components/figures/ChangeBadge";
import { FigureCard, FigureCards } from "@/components/figures/FigureCard";
import { LazyPlot } from "@/components/charts/LazyPlot";
import { downloadCsv, downloadPng, fileNameOf, toCsv } from "@/components/export/download";
import { ExportButtons } from "@/components/export/ExportButtons";
import { showToast } from "@/app/toast";
import type { PeriodInfo } from "@/features/crm/crmLoaders";
import { formatMoneyFigure } from "@/components/format/numbers";
import { t } from "@/i18n/i18n";
import {
  GRID_CSV, SCORES, SEGMENT_CSV, comparedPeriod, formatCount, formatMoney, formatScore, formatShare, gridCsvRows, gridRows, rfGridChart,
  periodText, segmentChart, segmentLabel, shade, transitionCsv, transitionText, transitionView, type ChartSpec,
} from "@/features/crm/crmFormat";

export interface ExportNaming {
  /** Words that make file names unique to the view: brand and range. */
  readonly suffix: string;
  /** The line under the title in a PNG: "Brand · YYYY-MM-DD – YYYY-MM-DD". */
  readonly caption?: string;
}

interface CardProps {
  title: string;
  naming: ExportNaming;
  /** The figures as CSV text (made when the button is pressed). */
  csv: () => string;
  chart?: { spec: ChartSpec; height: number; onPoint?: (customdata: unknown) => void };
  /** The figures beside the chart (when there is room), or under it. */
  layout?: "beside" | "under";
  children?: ReactNode;
}

/** A titled figure with its exports: a region named by its heading. */
function Card({ title, naming, csv, chart, layout = "beside", children }: CardProps) {
  const headingId = useId();
  const plotBox = useRef<HTMLDivElement>(null);
  const name = (ext: string) => fileNameOf(`CRM ${title} ${naming.suffix}`, ext);
  const savePng = () => {
    const graph = plotBox.current?.querySelector<HTMLElement>(".js-plotly-plot");
    if (graph === null || graph === undefined) {
      showToast({ severity: "info", summary: t("crm.card.stillDrawing"), detail: t("crm.card.tryAgainSoon") });
      return;
    }
    downloadPng(graph, name("png"), naming.caption === undefined ? undefined : { title, subtitle: naming.caption }).catch(() => showToast({ severity: "error", summary: t("crm.card.pngFailed") }));
  };
  return (
    <section className="crm-card skip-offscreen" aria-labelledby={headingId}>
      <header className="crm-card-head">
        <h2 id={headingId}>{title}</h2>
        <ExportButtons title={title} csvVerb="Export" onCsv={() => downloadCsv(name("csv"), csv())} {...(chart !== undefined ? { onPng: savePng } : {})} />
      </header>
      {chart !== undefined ? (
        <div className={layout === "beside" ? "crm-card-body crm-beside" : "crm-card-body"}>
          <div ref={plotBox} className="crm-plot">
            <LazyPlot
              data={chart.spec.data}
              layout={chart.spec.layout}
              label={chart.spec.label}
              height={chart.height}
              {...(chart.onPoint !== undefined ? { onClick: (p: { customdata: unknown }) => chart.onPoint?.(p.customdata) } : {})}
            />
          </div>
          <div className="crm-side">{children}</div>
        </div>
      ) : (
        children
      )}
    </section>
  );
}

/** The periods a figure card compares: this one and the one of equal length before it. */
export interface ComparedPeriods {
  readonly current: PeriodInfo;
  readonly previous: PeriodInfo;
}

/**
 * The key figures, each with its change against the previous period where the previous period
 * has the same figure (docs/commerce.md, "Change against the previous period"). Scores are
 * ranked within each period, so their mean is not compared.
 */
export function KeyFigures({ summary, periods }: { summary: RfmSummary; periods: ComparedPeriods }) {
  const { current, previous } = periods;
  const unassigned = summary.segments.find((s) => s.index === -1)?.customers ?? 0;
  const period = comparedPeriod(periods);
  const compared = (now: number | null, before: number | null, polarity: Polarity) => ({ change: figureChange(now, before, polarity), period });
  const basket = (p: { orders: number; revenue: number }) => (p.orders > 0 ? p.revenue / p.orders : null);
  const currentBasket = basket({ orders: current.orders, revenue: summary.revenue });
  return (
    <FigureCards label={t("crm.figures.label")} className="crm-figures">
      <FigureCard label={t("crm.figures.customers")} value={formatCount(summary.customers)} definition={t("crm.figures.customersDefinition")} change={compared(summary.customers, previous.customers, "higher-is-better")} />
      <FigureCard label={t("crm.figures.revenue")} value={formatMoneyFigure(summary.revenue)} definition={t("crm.figures.revenueDefinition")} change={compared(summary.revenue, previous.revenue, "higher-is-better")} />
      <FigureCard label={t("crm.figures.orders")} value={formatCount(current.orders)} definition={t("crm.figures.ordersDefinition")} change={compared(current.orders, previous.orders, "higher-is-better")} />
      <FigureCard label={t("crm.figures.avgBasket")} value={currentBasket === null ? "—" : formatMoneyFigure(currentBasket)} definition={t("crm.figures.avgBasketDefinition")} change={compared(currentBasket, basket(previous), "higher-is-better")} />
      <FigureCard label={t("crm.figures.meanScore")} value={summary.mean.score === null ? "—" : formatScore(summary.mean.score)} definition={t("crm.figures.meanScoreDefinition")} />
      <FigureCard label={t("crm.segment.unassigned")} value={formatCount(unassigned)} definition={t("crm.figures.unassignedDefinition")} />
      <FigureCard label={t("crm.figures.previousCustomers")} value={formatCount(previous.customers)} definition={`${periodText(previous)}.`} />
    </FigureCards>
  );
}

export interface SegmentsSectionProps {
  summary: RfmSummary;
  /** The segment sizes of the previous period (the transition matrix's rows) and that period, for each row's change. */
  previous?: { sizes: ReadonlyMap<number, number>; period: PreviousPeriod };
  naming: ExportNaming;
  /** Narrows the customer table to a segment (index, -1 = Unassigned). */
  onSegment: (index: number) => void;
  /** The section's "Add to report" button, when the page offers one. */
  reportAction?: ReactNode;
}

export function SegmentsSection({ summary, naming, onSegment, previous, reportAction }: SegmentsSectionProps) {
  const pick = (customdata: unknown) => {
    const index = Number(customdata);
    if (Number.isInteger(index) && summary.segments.some((s) => s.index === index && s.customers > 0)) onSegment(index);
  };
  return (
    <Card
      title={t("crm.segments.title")}
      naming={naming}
      csv={() => toCsv(summary.segments, SEGMENT_CSV)}
      chart={{ spec: segmentChart(summary), height: 320, onPoint: pick }}
      layout="under"
    >
      {reportAction ? <div className="chart-card-actions crm-report-actions">{reportAction}</div> : null}
      <p className="muted crm-hint">{t("crm.segments.hint")}</p>
      <div className="table-scroll" role="region" aria-label={t("crm.segments.caption")} tabIndex={0}>
        <table className="crm-figures-table">
          <caption>{t("crm.segments.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("crm.column.segment")}</th>
              <th scope="col" className="num">
                {t("crm.segments.rank")}
              </th>
              <th scope="col" className="num">
                {t("crm.figures.customers")}
              </th>
              <th scope="col" className="num">
                {t("crm.segments.customerShare")}
              </th>
              <th scope="col" className="num">
                {t("crm.figures.revenue")}
              </th>
              <th scope="col" className="num">
                {t("crm.segments.revenueShare")}
              </th>
              <th scope="col" className="num">
                {t("crm.figures.meanScore")}
              </th>
              {previous !== undefined && (
                <th scope="col" className="num">
                  {t("crm.segments.againstPrevious")}
                </th>
              )}
              <th scope="col">
                <span className="visually-hidden">{t("crm.figures.customers")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {summary.segments.map((s) => (
              <tr key={s.index}>
                <th scope="row">{segmentLabel(s.name)}</th>
                <td className="num">{s.rank ?? "—"}</td>
                <td className="num">{formatCount(s.customers)}</td>
                <td className="num">{formatShare(s.customerShare)}</td>
                <td className="num">{formatMoney(s.revenue)}</td>
                <td className="num">{formatShare(s.revenueShare)}</td>
                <td className="num">{s.meanScore === null ? "—" : formatScore(s.meanScore)}</td>
                {previous !== undefined && (
                  <td className="num">
                    {/* Neutral: a growing segment is good news for Champions and bad news for At Risk. */}
                    <ChangeBadge change={figureChange(s.customers, previous.sizes.get(s.index) ?? 0, "neutral")} period={previous.period} />
                  </td>
                )}
                <td>
                  <button
                    type="button"
                    className="crm-link"
                    aria-label={t("crm.segments.listOf", { name: segmentLabel(s.name) })}
                    disabled={s.customers === 0}
                    onClick={() => onSegment(s.index)}
                  >
                    {t("crm.segments.list")}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

export function RfGridSection({ summary, naming }: { summary: RfmSummary; naming: ExportNaming }) {
  const rows = gridRows(summary.grid.counts);
  return (
    <Card title={t("crm.grid.title")} naming={naming} csv={() => toCsv(gridCsvRows(summary), GRID_CSV)} chart={{ spec: rfGridChart(summary), height: 320 }}>
      <p className="muted crm-hint">{t("crm.grid.hint")}</p>
      <div className="table-scroll" role="region" aria-label={t("crm.grid.region")} tabIndex={0}>
        <table className="crm-figures-table">
          <caption>{t("crm.grid.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("crm.chart.grid.recency")}</th>
              {SCORES.map((f) => (
                <th scope="col" key={f} className="num">
                  {/* i18n-ignore: the RFM score letter */}
                  F {f}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...SCORES].reverse().map((r) => (
              <tr key={r}>
                {/* i18n-ignore: the RFM score letter */}
                <th scope="row">R {r}</th>
                {SCORES.map((f) => (
                  <td key={f} className="num">
                    {formatCount(rows[r - 1]?.[f - 1] ?? 0)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

export interface TransitionsSectionProps {
  transitions: RfmTransitionTable;
  /** "2023-12-01 to 2023-12-31". */
  previous: string;
  current: string;
  naming: ExportNaming;
}

export function TransitionsSection({ transitions, previous, current, naming }: TransitionsSectionProps) {
  const v = transitionView(transitions);
  const csv = transitionCsv(v);
  return (
    <Card title={t("crm.transitions.title")} naming={naming} csv={() => toCsv(csv.rows, csv.columns)}>
      <p className="muted crm-hint">
        {t("crm.transitions.hint", { previous, current })} {transitionText(v)}
      </p>
      <div className="table-scroll crm-matrix" role="region" aria-label={t("crm.transitions.region")} tabIndex={0}>
        <table className="crm-figures-table">
          <caption>{t("crm.transitions.caption")}</caption>
          <thead>
            <tr>
              <td className="crm-corner">
                <span aria-hidden="true">{t("crm.transitions.corner")}</span>
              </td>
              {v.columns.map((c, j) => (
                <th scope="col" key={j} className="num">
                  {c}
                </th>
              ))}
              <th scope="col" className="num">
                {t("crm.transitions.total")}
              </th>
            </tr>
          </thead>
          <tbody>
            {v.rows.map((row, i) => (
              <tr key={i}>
                <th scope="row">{row}</th>
                {v.columns.map((_, j) => {
                  const count = v.counts[i]?.[j] ?? 0;
                  return (
                    <td key={j} className="num" style={{ background: shade(count, v.max) }}>
                      {formatCount(count)}
                    </td>
                  );
                })}
                <td className="num crm-total">{formatCount(v.rowTotals[i] ?? 0)}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">{t("crm.transitions.total")}</th>
              {v.columns.map((_, j) => (
                <td key={j} className="num crm-total">
                  {formatCount(v.columnTotals[j] ?? 0)}
                </td>
              ))}
              <td className="num crm-total">{formatCount(v.rowTotals.reduce((a, b) => a + b, 0))}</td>
            </tr>
          </tbody>
        </table>
      </div>
    </Card>
  );
}
