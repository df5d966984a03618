/**
 * The Ads page as plain props (issue 15): the scope, the chart filters (removable chips with
 * undo), the figure cards with their formulas and their change against the previous period (a
 * rise of CPM, CPC, cost per result or frequency shows as bad news), the charts (spend and
 * results over time, spend by channel and by objective: a bar filters the page), the campaign
 * table (its own load), the pacing against the selected KPI template's Ads plan, and the
 * automation section. Loading, failure (Try again) and empty states. Formats: `adsFormat.ts`.
 */
import { useMemo, type ReactNode } from "react";
import type { AdsFigures } from "../../../domain/adsContract";
import type { ChartClick } from "../../../domain/commerceFilter";
import { previousPeriod, type PreviousPeriod } from "../../../domain/periodChange";
import type { AdsKpi } from "../../../machines/ads/adsMachine";
import { ChartCardView, CsvButton } from "@/components/charts/ChartCard";
import { cardTarget, reportTarget } from "@/components/cir/reportTargets";
import { AddToReportButton } from "@/components/cir/AddToReportButton";
import type { ClickValue } from "@/components/charts/chartCard";
import "@/components/charts/chartCard.css";
import { captionLine } from "@/components/export/imageLayout";
import { ChartFilters } from "@/components/figures/ChartFilters";
import { FigureCard, FigureCards, KeyFigureCards, NoValue } from "@/components/figures/FigureCard";
import { formatCount, formatPercent } from "@/components/format/numbers";
import { ADS_FIGURES, adsCards, count, keyFiguresTable, money, orDash } from "@/features/ads/adsFormat";
import { adsPacingOf, pacingTable, type AdsPacing } from "@/features/ads/adsPacing";
import { hasNoAds } from "@/features/ads/adsRequest";
import "./ads.css";
import { LoadFailure } from "@/components/figures/LoadFailure";

export type AdsPhase = { readonly kind: "loading" } | { readonly kind: "failed"; readonly error: string } | { readonly kind: "ready" };

export interface AdsViewProps {
  brand: string;
  channel: string;
  start: string;
  end: string;
  /** Today in Bangkok, YYYY-MM-DD: how much of the range has elapsed, for the pacing. */
  today: string;
  clicks: readonly ChartClick[];
  canUndo: boolean;
  canRedo: boolean;
  /** The figures shown (the last ones while the next load); null before the first answer. */
  figures: AdsFigures | null;
  /** The selected KPI template (null before the first answer). */
  kpi: AdsKpi | null;
  /** The channel chosen in the top bar and the channel clicked exclude each other. */
  nothingMatches: boolean;
  phase: AdsPhase;
  /** The campaign table (its own load). */
  table: ReactNode;
  /** The automation section (rules and alerts), mounted below the table. */
  automation?: ReactNode;
  onFilter: (click: ClickValue) => void;
  onRemoveClick: (click: ChartClick) => void;
  onUndo: () => void;
  onRedo: () => void;
  onClearClicks: () => void;
  onRetry: () => void;
}


export const NOTHING_SENT = "Nothing is sent to the ad platforms: rules only raise alerts here; act on them in Ads Manager.";
export const NO_ADS = "No ads ran in this range.";

function KeyFigures({ brand, channel, figures, start, end }: { brand: string; channel: string; figures: AdsFigures; start: string; end: string }) {
  const period: PreviousPeriod = previousPeriod({ start, end });
  const range = `${start} to ${end}`;
  const before = `${period.start} to ${period.end}`;
  const table = useMemo(() => keyFiguresTable(figures, range, before), [figures, range, before]);
  return (
    <section className="ads-figures" aria-labelledby="ads-figures-title">
      <div className="chart-card-head">
        <h2 id="ads-figures-title">Key figures</h2>
        <div className="chart-card-actions">
          <AddToReportButton target={reportTarget("ads.figures", { brand, start, end, platform: channel })} label="the key figures" />
          <CsvButton table={table} name={`Ads key figures ${start} ${end}`} title="the key figures" />
        </div>
      </div>
      <p className="muted ads-compared">
        Compared with {before}, the {formatCount(period.days)} days before. Ratios are ratios of the sums over the range.
      </p>
      <KeyFigureCards label="Key figures" className="ads-summary" figures={ADS_FIGURES} current={figures.totals} previous={figures.previous} period={period} />
    </section>
  );
}

function Charts({ brand, channel, figures, start, end, onFilter }: { brand: string; channel: string; figures: AdsFigures; start: string; end: string; onFilter: (click: ClickValue) => void }) {
  const cards = useMemo(() => adsCards(figures, `${start} to ${end}`), [figures, start, end]);
  const caption = captionLine(brand, start, end);
  return (
    <div className="chart-grid">
      {cards.map((card) => (
        <ChartCardView key={card.id} card={card} onFilter={onFilter} caption={caption} addToReport={cardTarget(REPORT_CARDS, card.id, { brand, start, end, platform: channel })} />
      ))}
    </div>
  );
}

/** The charts that can go into a CIR report ("Add to report"). */
const REPORT_CARDS = { "spend-and-results-over-time": "ads.spend" } as const;

const percent = (n: number) => formatPercent(n, 1);

function periodText(p: AdsPacing, today: string): string {
  if (p.elapsedDays === 0) return `the range starts after today (${today})`;
  if (p.elapsedDays >= p.totalDays) return `the range has ended (${formatCount(p.totalDays)} days)`;
  return `day ${formatCount(p.elapsedDays)} of ${formatCount(p.totalDays)}`;
}

function PacingFigures({ p, today }: { p: AdsPacing; today: string }) {
  const ahead = p.pacePercent !== null && p.pacePercent > 105;
  const behind = p.pacePercent !== null && p.pacePercent < 95;
  return (
    <>
      <p className="muted">
        Template <strong>{p.title}</strong>: {periodText(p, today)}.
      </p>
      <FigureCards label="Spend against the Ads plan" className="ads-pacing-cards">
        <FigureCard label="Ads budget" value={p.budget === null ? <NoValue why="the plan sets no Ads budget" /> : money(p.budget)} definition="The sum of the Ads plan's parameter budgets, for the range." />
        <FigureCard label="Spend to date" value={money(p.spend)} definition={p.percentOfBudget === null ? "The ads' spend over the range so far." : `The ads' spend over the range so far: ${percent(p.percentOfBudget)} of the budget.`} />
        <FigureCard
          label="Expected spend to date"
          value={p.expectedSpend === null ? <NoValue why="no budget to pace" /> : money(p.expectedSpend)}
          definition="At even pacing: budget × elapsed days ÷ days of the range."
        />
        <FigureCard
          label="Pacing"
          value={
            p.pacePercent === null ? (
              <NoValue why="nothing expected yet" />
            ) : (
              <span className={ahead ? "ads-pace-over" : behind ? "ads-pace-under" : "ads-pace-on"}>{percent(p.pacePercent)}</span>
            )
          }
          definition={`Spend to date ÷ expected spend to date${ahead ? ": spending faster than planned" : behind ? ": spending slower than planned" : p.pacePercent === null ? "" : ": on pace"}.`}
        />
      </FigureCards>
      {p.params.length === 0 ? (
        <p className="muted">The Ads plan of {p.title} sets no parameter target.</p>
      ) : (
        <div className="table-scroll ads-pacing-table" role="region" aria-label="Ads plan targets against actual" tabIndex={0}>
          <table>
            <caption>Ads plan targets against actual, {p.title}</caption>
            <thead>
              <tr>
                <th scope="col">Parameter</th>
                <th scope="col">Target</th>
                <th scope="col">Expected to date</th>
                <th scope="col">Actual</th>
                <th scope="col">% of target</th>
                <th scope="col">Actual counts</th>
              </tr>
            </thead>
            <tbody>
              {p.params.map((r) => (
                <tr key={r.key}>
                  <th scope="row">{r.label}</th>
                  <td>{count(r.target)}</td>
                  <td>{orDash(r.expected, count)}</td>
                  <td>{r.actual === null ? <NoValue why="not in the ad figures" /> : count(r.actual)}</td>
                  <td>{orDash(r.percentOfTarget, percent)}</td>
                  <td className="ads-source">{r.source}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function PacingBody({ kpi, figures, start, end, today }: { kpi: AdsKpi; figures: AdsFigures; start: string; end: string; today: string }) {
  switch (kpi.kind) {
    case "none":
      return (
        <p className="muted" role="status">
          No KPI template is selected. Choose one in KPI Setting (the KPI button in the top bar) to see the spend against its Ads plan.
        </p>
      );
    case "forbidden":
      return (
        <p className="muted" role="status">
          Your account has no access to KPI templates, so there is no plan to pace against.
        </p>
      );
    case "missing":
      return (
        <p role="alert" className="error">
          The KPI template &lsquo;{kpi.title}&rsquo; no longer exists. Choose another one in KPI Setting.
        </p>
      );
    case "failed":
      return (
        <p role="alert" className="error">
          The KPI template &lsquo;{kpi.title}&rsquo; could not be loaded: {kpi.message}
        </p>
      );
    case "ready":
      return <PacingFigures p={adsPacingOf(kpi.template, figures, { start, end }, today)} today={today} />;
  }
}

function Pacing(p: { kpi: AdsKpi; figures: AdsFigures; start: string; end: string; today: string }) {
  const { kpi, figures, start, end, today } = p;
  const table = useMemo(
    () => (kpi.kind === "ready" ? pacingTable(adsPacingOf(kpi.template, figures, { start, end }, today), `${start} to ${end}`) : null),
    [kpi, figures, start, end, today],
  );
  return (
    <section className="ads-pacing" aria-labelledby="ads-pacing-title">
      <div className="chart-card-head">
        <h2 id="ads-pacing-title">Pacing against the KPI plan</h2>
        {table !== null && <CsvButton table={table} name={`Ads pacing ${start} ${end}`} title="the pacing against the KPI plan" />}
      </div>
      <PacingBody {...p} />
    </section>
  );
}


export function AdsView(p: AdsViewProps) {
  let body: ReactNode;
  if (p.figures === null) {
    body =
      p.phase.kind === "failed" ? (
        <LoadFailure title="The ad figures could not be loaded." error={p.phase.error} onRetry={p.onRetry} />
      ) : (
        <div className="ads-loading">
          <progress aria-label="Loading the ad figures" />
          <span aria-hidden="true">Loading the ad figures…</span>
        </div>
      );
  } else {
    const empty = hasNoAds(p.figures);
    body = (
      <div aria-busy={p.phase.kind === "loading"} className="ads-body">
        {p.phase.kind === "failed" && <LoadFailure title="The ad figures could not be loaded." error={p.phase.error} onRetry={p.onRetry} />}
        {p.phase.kind === "loading" && (
          <p className="muted ads-updating" role="status">
            Updating the figures…
          </p>
        )}
        <KeyFigures brand={p.brand} channel={p.channel} figures={p.figures} start={p.start} end={p.end} />
        {empty ? (
          <div className="empty-state" role="status">
            <i className="pi pi-megaphone" aria-hidden="true" />
            <p className="empty-title">{NO_ADS}</p>
            <p className="muted">Nothing was spent or shown. Try another date range, channel or ad accounts, or import an Ads Manager report.</p>
          </div>
        ) : (
          <>
            <Charts brand={p.brand} channel={p.channel} figures={p.figures} start={p.start} end={p.end} onFilter={p.onFilter} />
          </>
        )}
        {p.kpi !== null && <Pacing kpi={p.kpi} figures={p.figures} start={p.start} end={p.end} today={p.today} />}
        {!empty && p.table}
      </div>
    );
  }
  return (
    <section className="page ads-page" aria-labelledby="page-title">
      <header className="ads-header">
        <h1 id="page-title">Ads &amp; Automation</h1>
      </header>
      <p className="muted ads-scope">
        {p.brand} · {p.channel} · {p.start} to {p.end} · Bangkok days · money in THB
      </p>
      <p className="ads-nothing-sent">
        <i className="pi pi-info-circle" aria-hidden="true" /> {NOTHING_SENT}
      </p>
      <section className="ads-filter" aria-labelledby="ads-filter-title">
        <h2 id="ads-filter-title" className="visually-hidden">
          Applied filter
        </h2>
        <ChartFilters
          clicks={p.clicks}
          canUndo={p.canUndo}
          canRedo={p.canRedo}
          howTo="click a bar of spend by channel or by objective, or use “Filter” in their tables"
          onRemove={p.onRemoveClick}
          onUndo={p.onUndo}
          onRedo={p.onRedo}
          onClear={p.onClearClicks}
        />
        {p.nothingMatches && (
          <p className="ads-warning" role="status">
            The channel chosen in the top bar and the channel clicked exclude each other: nothing can match.
          </p>
        )}
      </section>
      {body}
      {/* The automation section (rules and alerts, built apart: src/features/ads/automation). */}
      {p.automation}
    </section>
  );
}
