/**
 * The Sale page as plain props (issue 17, docs/sale.md): the figure cards (GMV, NMV, orders,
 * units, buyers, AOV) with their definitions and their change against the previous period; GMV by
 * channel (a bar chart and a table with each channel's share and change); daily GMV with the o2o
 * store views on a second axis; the correlation between them, worded as a correlation and never
 * as attribution. Loading, failure (Try again), empty (no orders in the range) and no-access
 * (without permission 7) states. Formats: `saleFormat.ts`.
 */
import { useMemo, type ReactNode } from "react";
import { correlationStrength, SALE_MIN_CORRELATION_DAYS } from "../../../domain/sale";
import type { SaleSummary } from "../../../domain/saleContract";
import type { PreviousPeriod } from "../../../domain/periodChange";
import { hasNoSales } from "../../../machines/sale/saleMachine";
import { ChartCardView, CsvButton, FiguresTable } from "@/components/charts/ChartCard";
import "@/components/charts/chartCard.css";
import { captionLine } from "@/components/export/imageLayout";
import { KeyFigureCards } from "@/components/figures/FigureCard";
import { LoadFailure } from "@/components/figures/LoadFailure";
import { formatDay } from "@/components/format/dates";
import { formatCount, formatFixed2 } from "@/components/format/numbers";
import { channelCard, channelTable, dailyCard, saleFigures } from "@/features/sale/saleFormat";
import { t, translateMessage, type MessageKey } from "@/i18n/i18n";
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

export const pageTitle = (): string => t("sale.title");
export const noSales = (): string => t("sale.noSales");
export const noAccess = (): string => t("sale.noAccess");

const STRENGTH: Readonly<Record<Exclude<ReturnType<typeof correlationStrength>, "no">, MessageKey>> = {
  "a weak": "sale.correlation.strengthWeak",
  "a moderate": "sale.correlation.strengthModerate",
  "a strong": "sale.correlation.strengthStrong",
};

/** The sentence under the correlation (the words of `correlationSentence` in domain/sale, in the active language). */
export function correlationText(r: number | null, days: number): string {
  if (r === null) return t("sale.correlation.sentenceNull", { min: formatCount(SALE_MIN_CORRELATION_DAYS), days: formatCount(days) });
  const strength = correlationStrength(r);
  const values = { r: formatFixed2(r), days };
  if (strength === "no") return t("sale.correlation.sentenceNone", values);
  return t(r > 0 ? "sale.correlation.sentenceUp" : "sale.correlation.sentenceDown", { ...values, strength: t(STRENGTH[strength]) });
}

// The machine's own failure (machines/sale) shows through translateMessage: sale.msg.loadFailed.
const noFilter = () => undefined;

function KeyFigures({ summary, period }: { summary: SaleSummary; period: PreviousPeriod }) {
  return (
    <section className="sale-figures" aria-labelledby="sale-figures-title">
      <h2 id="sale-figures-title">{t("sale.figures.title")}</h2>
      <p className="muted sale-compared">
        {t("sale.figures.compared", { start: formatDay(period.start), end: formatDay(period.end), days: formatCount(period.days) })}
      </p>
      <KeyFigureCards label={t("sale.figures.label")} className="sale-summary" figures={saleFigures()} current={summary.totals} previous={summary.previous} period={period} />
    </section>
  );
}

function Correlation({ summary }: { summary: SaleSummary }) {
  const { o2o } = summary;
  const campaigns = o2o.campaigns.map((c) => c.name).join(", ");
  return (
    <section className="sale-correlation" aria-labelledby="sale-correlation-title">
      <h2 id="sale-correlation-title">{t("sale.correlation.title")}</h2>
      {o2o.campaigns.length === 0 ? (
        <p className="muted">{t("sale.correlation.noCampaigns")}</p>
      ) : (
        <>
          <p className="muted">{t("sale.correlation.campaigns", { campaigns })}</p>
          <dl className="sale-r" aria-label={t("sale.correlation.label")}>
            <dt>{t("sale.correlation.r")}</dt>
            <dd className="sale-r-value">{o2o.correlation === null ? t("sale.correlation.notEnoughDays") : formatFixed2(o2o.correlation)}</dd>
            <dd className="muted sale-r-previous">
              {t("sale.correlation.previous", {
                value: o2o.previousCorrelation === null ? t("sale.correlation.previousNotEnough") : t("sale.correlation.previousR", { r: formatFixed2(o2o.previousCorrelation) }),
              })}
            </dd>
          </dl>
          <p className="sale-r-sentence">{correlationText(o2o.correlation, o2o.days)}</p>
          <p className="muted sale-r-how">{t("sale.correlation.how")}</p>
        </>
      )}
    </section>
  );
}

function Body({ summary, brand, start, end, period }: { summary: SaleSummary; brand: string; start: string; end: string; period: PreviousPeriod }) {
  const range = t("sale.range", { start: formatDay(start), end: formatDay(end) });
  const previous = t("sale.range", { start: formatDay(period.start), end: formatDay(period.end) });
  const cards = useMemo(() => ({ channel: channelCard(summary, range, previous), daily: dailyCard(summary, range) }), [summary, range, previous]);
  const table = useMemo(() => channelTable(summary, range, previous), [summary, range, previous]);
  const caption = captionLine(brand, start, end);
  return (
    <>
      <KeyFigures summary={summary} period={period} />
      <section className="sale-channels" aria-labelledby="sale-channels-title">
        <div className="chart-card-head">
          <h2 id="sale-channels-title">{t("sale.channels.title")}</h2>
          {/* i18n-ignore: a file name */}
          <CsvButton table={table} name={`${brand} sales by channel ${start} ${end}`} title={t("sale.channels.csvTitle")} />
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
      <h1 id="page-title">{pageTitle()}</h1>
      <div className="empty-state" role="status">
        <i className="pi pi-lock" aria-hidden="true" />
        <p className="empty-title">{noAccess()}</p>
        <p className="muted">{t("sale.noAccessHint")}</p>
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
        <LoadFailure title={t("sale.loadFailed")} error={translateMessage(p.phase.error)} onRetry={p.onRetry} />
      ) : (
        <div className="sale-loading">
          <progress aria-label={t("sale.loading")} />
          <span aria-hidden="true">{t("sale.loadingVisible")}</span>
        </div>
      );
  } else {
    body = (
      <div aria-busy={p.phase.kind === "loading"} className="sale-body">
        {p.phase.kind === "failed" && <LoadFailure title={t("sale.loadFailed")} error={translateMessage(p.phase.error)} onRetry={p.onRetry} />}
        {p.phase.kind === "loading" && (
          <p className="muted sale-updating" role="status">
            {t("sale.updating")}
          </p>
        )}
        {hasNoSales(p.summary) ? (
          <div className="empty-state" role="status">
            <i className="pi pi-shopping-cart" aria-hidden="true" />
            <p className="empty-title">{noSales()}</p>
            <p className="muted">{t("sale.noSalesHint", { brand: p.brand, start: formatDay(p.start), end: formatDay(p.end) })}</p>
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
        <h1 id="page-title">{pageTitle()}</h1>
      </header>
      <p className="muted sale-scope">{t("sale.scope", { brand: p.brand, start: formatDay(p.start), end: formatDay(p.end) })}</p>
      {body}
    </section>
  );
}
