/**
 * The Sale page as plain props (issue 17, docs/sale.md): the figure cards (GMV, NMV, orders,
 * units, buyers, AOV) with their definitions and their change against the previous period; GMV by
 * channel (a bar chart and a table with each channel's share and change); daily GMV with the o2o
 * store views on a second axis; the correlation between them, worded as a correlation and never
 * as attribution. Loading, failure (Try again), empty (no orders in the range) and no-access
 * (without permission 7) states. Formats: `saleFormat.ts`.
 */
import { useMemo, type ReactNode } from "react";
import { correlationSentence } from "../../../domain/sale";
import type { SaleSummary } from "../../../domain/saleContract";
import type { PreviousPeriod } from "../../../domain/periodChange";
import { hasNoSales } from "../../../machines/sale/saleMachine";
import { ChartCardView, CsvButton, FiguresTable } from "@/components/charts/ChartCard";
import "@/components/charts/chartCard.css";
import { captionLine } from "@/components/export/imageLayout";
import { KeyFigureCards } from "@/components/figures/FigureCard";
import { LoadFailure } from "@/components/figures/LoadFailure";
import { formatCount } from "@/components/format/numbers";
import { SALE_FIGURES, channelCard, channelTable, dailyCard } from "@/features/sale/saleFormat";
import "./sale.css";

export type SalePhase = { readonly kind: "loading" } | { readonly kind: "failed"; readonly error: string } | { readonly kind: "ready" };

export interface SaleViewProps {
  brand: string;
  start: string;
  end: string;
  /** The summary shown (the last one while the next load); null before the first answer. */
  summary: SaleSummary | null;
  phase: SalePhase;
  onRetry: () => void;
}

export const PAGE_TITLE = "Sale";
export const NO_SALES = "No orders in this range.";
export const NO_ACCESS = "You need E-Commerce access (permission 7) to see sales.";

const noFilter = () => undefined;

function KeyFigures({ summary, period }: { summary: SaleSummary; period: PreviousPeriod }) {
  return (
    <section className="sale-figures" aria-labelledby="sale-figures-title">
      <h2 id="sale-figures-title">Online sales</h2>
      <p className="muted sale-compared">
        The brand&rsquo;s E-Commerce orders on every channel, compared with {period.start} to {period.end}, the {formatCount(period.days)} days before.
      </p>
      <KeyFigureCards label="Sales figures" className="sale-summary" figures={SALE_FIGURES} current={summary.totals} previous={summary.previous} period={period} />
    </section>
  );
}

function Correlation({ summary }: { summary: SaleSummary }) {
  const { o2o } = summary;
  const campaigns = o2o.campaigns.map((c) => c.name).join(", ");
  return (
    <section className="sale-correlation" aria-labelledby="sale-correlation-title">
      <h2 id="sale-correlation-title">Store views and online sales</h2>
      {o2o.campaigns.length === 0 ? (
        <p className="muted">No o2o campaign of the brand ran in stores in this range, so there are no store views to set beside the sales.</p>
      ) : (
        <>
          <p className="muted">Campaigns in stores: {campaigns}.</p>
          <dl className="sale-r" aria-label="Correlation">
            <dt>Correlation (r)</dt>
            <dd className="sale-r-value">{o2o.correlation === null ? "Not enough days" : o2o.correlation.toFixed(2)}</dd>
            <dd className="muted sale-r-previous">
              Previous period: {o2o.previousCorrelation === null ? "not enough days" : `r = ${o2o.previousCorrelation.toFixed(2)}`}
            </dd>
          </dl>
          <p className="sale-r-sentence">{correlationSentence(o2o.correlation, o2o.days)}</p>
          <p className="muted sale-r-how">
            Pearson&rsquo;s r between each day&rsquo;s store views and its online GMV, over the days with both (at least 7): +1 means they rise and fall
            together, 0 no straight-line link, −1 opposite. Weekends, holidays and promotions can move both at once.
          </p>
        </>
      )}
    </section>
  );
}

function Body({ summary, brand, start, end, period }: { summary: SaleSummary; brand: string; start: string; end: string; period: PreviousPeriod }) {
  const range = `${start} to ${end}`;
  const previous = `${period.start} to ${period.end}`;
  const cards = useMemo(() => ({ channel: channelCard(summary, range, previous), daily: dailyCard(summary, range) }), [summary, range, previous]);
  const table = useMemo(() => channelTable(summary, range, previous), [summary, range, previous]);
  const caption = captionLine(brand, start, end);
  return (
    <>
      <KeyFigures summary={summary} period={period} />
      <section className="sale-channels" aria-labelledby="sale-channels-title">
        <div className="chart-card-head">
          <h2 id="sale-channels-title">Channels</h2>
          <CsvButton table={table} name={`${brand} sales by channel ${start} ${end}`} title="the channels" />
        </div>
        <FiguresTable table={table} />
      </section>
      <div className="chart-grid">
        <ChartCardView card={cards.channel} onFilter={noFilter} caption={caption} />
        <ChartCardView card={cards.daily} onFilter={noFilter} caption={caption} />
      </div>
      <Correlation summary={summary} />
    </>
  );
}

export function SaleNoAccess() {
  return (
    <section className="page sale-page" aria-labelledby="page-title">
      <h1 id="page-title">{PAGE_TITLE}</h1>
      <div className="empty-state" role="status">
        <i className="pi pi-lock" aria-hidden="true" />
        <p className="empty-title">{NO_ACCESS}</p>
        <p className="muted">Sales are the brand&rsquo;s E-Commerce orders; ask an admin for permission 7.</p>
      </div>
    </section>
  );
}

export function SaleView(p: SaleViewProps) {
  const period = useMemo<PreviousPeriod | null>(
    () => (p.summary === null ? null : { start: p.summary.previousStart, end: p.summary.previousEnd, days: p.summary.days.length }),
    [p.summary],
  );
  let body: ReactNode;
  if (p.summary === null || period === null) {
    body =
      p.phase.kind === "failed" ? (
        <LoadFailure title="The sales could not be loaded." error={p.phase.error} onRetry={p.onRetry} />
      ) : (
        <div className="sale-loading">
          <progress aria-label="Loading the sales" />
          <span aria-hidden="true">Loading the sales…</span>
        </div>
      );
  } else {
    body = (
      <div aria-busy={p.phase.kind === "loading"} className="sale-body">
        {p.phase.kind === "failed" && <LoadFailure title="The sales could not be loaded." error={p.phase.error} onRetry={p.onRetry} />}
        {p.phase.kind === "loading" && (
          <p className="muted sale-updating" role="status">
            Updating the figures…
          </p>
        )}
        {hasNoSales(p.summary) ? (
          <div className="empty-state" role="status">
            <i className="pi pi-shopping-cart" aria-hidden="true" />
            <p className="empty-title">{NO_SALES}</p>
            <p className="muted">{p.brand} has no online orders from {p.start} to {p.end}. Try another date range, or import orders on the E-Commerce page.</p>
          </div>
        ) : (
          <Body summary={p.summary} brand={p.brand} start={p.start} end={p.end} period={period} />
        )}
      </div>
    );
  }
  return (
    <section className="page sale-page" aria-labelledby="page-title">
      <header className="sale-header">
        <h1 id="page-title">{PAGE_TITLE}</h1>
      </header>
      <p className="muted sale-scope">
        {p.brand} · {p.start} to {p.end} · online orders and o2o store views · Bangkok days · money in THB
      </p>
      {body}
    </section>
  );
}
