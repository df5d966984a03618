/**
 * The Ads page as plain props (issue 15): the scope, the chart filters (removable chips with
 * undo), the figure cards with their formulas and their change against the previous period (a
 * rise of CPM, CPC, cost per result or frequency shows as bad news), the charts (spend and
 * results over time, spend by channel and by objective: a bar filters the page), the campaign
 * table (its own load), the pacing against the selected KPI template's Ads plan, and the
 * automation section. Loading, failure (Try again) and empty states. Formats: `adsFormat.ts`.
 */
import { memo, useMemo, type ReactNode } from "react";
import type { AdsFigures } from "../../../domain/adsContract";
import type { ChartClick } from "../../../domain/commerceFilter";
import { previousPeriod, type PreviousPeriod } from "../../../domain/periodChange";
import type { AdsKpi } from "../../../machines/ads/adsMachine";
import { ChartCardView, CsvButton } from "@/components/charts/ChartCard";
import { cardTarget, reportTarget } from "@/components/cir/reportTargets";
import { AddToReportButton } from "@/components/cir/AddToReportButton";
import type { ChartCard, ClickValue } from "@/components/charts/chartCard";
import "@/components/charts/chartCard.css";
import { captionLine } from "@/components/export/imageLayout";
import { ChartFilters } from "@/components/figures/ChartFilters";
import { FigureCard, FigureCards, KeyFigureCards, NoValue } from "@/components/figures/FigureCard";
import { ExportButtons } from "@/components/export/ExportButtons";
import { formatCount, formatPercent } from "@/components/format/numbers";
import { adsFigures, channelCard, count, keyFiguresTable, money, objectiveCard, orDash, spendOverTimeCard } from "@/features/ads/adsFormat";
import { adsPacingOf, pacingTable, type AdsPacing } from "@/features/ads/adsPacing";
import { hasNoAds } from "@/features/ads/adsRequest";
import "./ads.css";
import { formatDay } from "@/components/format/dates";
import { t, translateMessage } from "@/i18n/i18n";
import { LoadFailure } from "@/components/figures/LoadFailure";
import { useAfterFrame } from "@/components/frames";

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


export const nothingSent = (): string => t("ads.nothingSent");
export const noAds = (): string => t("ads.noAds");
/** A range as shown: its days in the user's calendar. */
const rangeText = (start: string, end: string): string => t("ads.range", { start: formatDay(start), end: formatDay(end) });

/**
 * The rest of the page before its first answer (issue 19), under the key figures (which
 * `KeyFigures` shows already): blocks the height of the chart cards and the pacing, so the layout
 * is painted at once and nothing moves when the figures come. The campaign table is its own load
 * and shows from the start.
 */
function Places() {
  return (
    <>
      <div className="chart-grid" aria-hidden="true">
        <div className="chart-card chart-card-wide ads-chart-skeleton ads-chart-skeleton-wide"><div className="skeleton-block" /></div>
        <div className="chart-card ads-chart-skeleton"><div className="skeleton-block" /></div>
        <div className="chart-card ads-chart-skeleton"><div className="skeleton-block" /></div>
      </div>
      <section className="ads-pacing" aria-labelledby="ads-pacing-title">
        <div className="chart-card-head">
          <h2 id="ads-pacing-title">{t("ads.pacing.title")}</h2>
        </div>
        <span className="skeleton-line ads-pacing-skeleton" aria-hidden="true" />
      </section>
    </>
  );
}

const noCsv = () => undefined;

/**
 * The key figures: the range against the previous period of equal length. Before the first answer
 * (figures null) the same section holds the heading, the comparison and the cards with their
 * labels and definitions and a placeholder for each value: the same elements stay when the figures
 * come, so nothing moves or paints again (issue 19).
 */
const KeyFigures = memo(function KeyFigures({ brand, channel, figures, start, end }: { brand: string; channel: string; figures: AdsFigures | null; start: string; end: string }) {
  const period: PreviousPeriod = previousPeriod({ start, end });
  const range = rangeText(start, end);
  const before = rangeText(period.start, period.end);
  const table = useMemo(() => (figures === null ? null : keyFiguresTable(figures, range, before)), [figures, range, before]);
  return (
    <section className="ads-figures" aria-labelledby="ads-figures-title">
      <div className="chart-card-head">
        <h2 id="ads-figures-title">{t("ads.figures.title")}</h2>
        <div className="chart-card-actions">
          <AddToReportButton target={reportTarget("ads.figures", { brand, start, end, platform: channel })} label={t("ads.figures.reportLabel")} />
          {table === null ? (
            <ExportButtons title={t("ads.figures.reportLabel")} onCsv={noCsv} disabled />
          ) : (
            // i18n-ignore: a file name
            <CsvButton table={table} name={`Ads key figures ${start} ${end}`} title={t("ads.figures.reportLabel")} />
          )}
        </div>
      </div>
      <p className="muted ads-compared">
        {t("ads.figures.compared", { previous: before, days: formatCount(period.days) })}
      </p>
      <KeyFigureCards label={t("ads.figures.title")} className="ads-summary" figures={adsFigures()} current={figures?.totals ?? null} previous={figures?.previous ?? null} period={period} />
    </section>
  );
});

/** The chart cards in their order (`adsCards`), each built by its own component (below). */
const CARD_BUILDERS: ReadonlyArray<(f: AdsFigures, range: string) => ChartCard> = [spendOverTimeCard, channelCard, objectiveCard];

/**
 * One chart card, built from the figures in its own render: React can yield between the cards of
 * the deferred render, so their arrival is no single long task (issue 19).
 */
const AdsChart = memo(function AdsChart({ build, brand, channel, figures, start, end, caption, onFilter }: {
  build: (f: AdsFigures, range: string) => ChartCard; brand: string; channel: string; figures: AdsFigures; start: string; end: string; caption: string;
  onFilter: (click: ClickValue) => void;
}) {
  const card = useMemo(() => build(figures, rangeText(start, end)), [build, figures, start, end]);
  return <ChartCardView card={card} onFilter={onFilter} caption={caption} addToReport={cardTarget(REPORT_CARDS, card.id, { brand, start, end, platform: channel })} />;
});

const Charts = memo(function Charts({ brand, channel, figures, start, end, onFilter }: { brand: string; channel: string; figures: AdsFigures; start: string; end: string; onFilter: (click: ClickValue) => void }) {
  const caption = captionLine(brand, start, end);
  return (
    <div className="chart-grid">
      {CARD_BUILDERS.map((build, i) => (
        <AdsChart key={i} build={build} brand={brand} channel={channel} figures={figures} start={start} end={end} caption={caption} onFilter={onFilter} />
      ))}
    </div>
  );
});

/** The charts that can go into a CIR report ("Add to report"). */
const REPORT_CARDS = { "spend-and-results-over-time": "ads.spend" } as const;

const percent = (n: number) => formatPercent(n, 1);

function periodText(p: AdsPacing, today: string): string {
  if (p.elapsedDays === 0) return t("ads.pacing.startsAfterToday", { today: formatDay(today) });
  if (p.elapsedDays >= p.totalDays) return t("ads.pacing.ended", { days: formatCount(p.totalDays) });
  return t("ads.pacing.day", { day: formatCount(p.elapsedDays), days: formatCount(p.totalDays) });
}

function PacingFigures({ p, today }: { p: AdsPacing; today: string }) {
  const ahead = p.pacePercent !== null && p.pacePercent > 105;
  const behind = p.pacePercent !== null && p.pacePercent < 95;
  // The template's name stands out in the sentence: the message is cut where its {title} is.
  const [templateBefore = "", templateAfter = ""] = t("ads.pacing.template", { title: "\u0000", period: periodText(p, today) }).split("\u0000");
  return (
    <>
      <p className="muted">
        {templateBefore}
        <strong>{p.title}</strong>
        {templateAfter}
      </p>
      <FigureCards label={t("ads.pacing.cardsLabel")} className="ads-pacing-cards">
        <FigureCard label={t("ads.pacing.budget")} value={p.budget === null ? <NoValue why={t("ads.pacing.budgetMissing")} /> : money(p.budget)} definition={t("ads.pacing.budgetDefinition")} />
        <FigureCard label={t("ads.pacing.spend")} value={money(p.spend)} definition={p.percentOfBudget === null ? t("ads.pacing.spendDefinition") : t("ads.pacing.spendDefinitionShare", { share: percent(p.percentOfBudget) })} />
        <FigureCard
          label={t("ads.pacing.expected")}
          value={p.expectedSpend === null ? <NoValue why={t("ads.pacing.expectedMissing")} /> : money(p.expectedSpend)}
          definition={t("ads.pacing.expectedDefinition")}
        />
        <FigureCard
          label={t("ads.pacing.pacing")}
          value={
            p.pacePercent === null ? (
              <NoValue why={t("ads.pacing.pacingMissing")} />
            ) : (
              <span className={ahead ? "ads-pace-over" : behind ? "ads-pace-under" : "ads-pace-on"}>{percent(p.pacePercent)}</span>
            )
          }
          definition={t(ahead ? "ads.pacing.pacingDefinitionAhead" : behind ? "ads.pacing.pacingDefinitionBehind" : p.pacePercent === null ? "ads.pacing.pacingDefinition" : "ads.pacing.pacingDefinitionOn")}
        />
      </FigureCards>
      {p.params.length === 0 ? (
        <p className="muted">{t("ads.pacing.noTargets", { title: p.title })}</p>
      ) : (
        <div className="table-scroll ads-pacing-table" role="region" aria-label={t("ads.pacing.tableLabel")} tabIndex={0}>
          <table>
            <caption>{t("ads.pacing.tableCaption", { title: p.title })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("ads.pacing.parameter")}</th>
                <th scope="col">{t("ads.pacing.target")}</th>
                <th scope="col">{t("ads.pacing.expectedToDate")}</th>
                <th scope="col">{t("ads.pacing.actual")}</th>
                <th scope="col">{t("ads.pacing.percentOfTarget")}</th>
                <th scope="col">{t("ads.pacing.actualCounts")}</th>
              </tr>
            </thead>
            <tbody>
              {p.params.map((r) => (
                <tr key={r.key}>
                  <th scope="row">{r.label}</th>
                  <td>{count(r.target)}</td>
                  <td>{orDash(r.expected, count)}</td>
                  <td>{r.actual === null ? <NoValue why={t("ads.pacing.notInFigures")} /> : count(r.actual)}</td>
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
          {t("ads.pacing.noTemplate")}
        </p>
      );
    case "forbidden":
      return (
        <p className="muted" role="status">
          {t("ads.pacing.forbidden")}
        </p>
      );
    case "missing":
      return (
        <p role="alert" className="error">
          {t("ads.pacing.missing", { title: kpi.title })}
        </p>
      );
    case "failed":
      return (
        <p role="alert" className="error">
          {t("ads.pacing.failed", { title: kpi.title, message: translateMessage(kpi.message) })}
        </p>
      );
    case "ready":
      return <PacingFigures p={adsPacingOf(kpi.template, figures, { start, end }, today)} today={today} />;
  }
}

const Pacing = memo(function Pacing(p: { kpi: AdsKpi; figures: AdsFigures; start: string; end: string; today: string }) {
  const { kpi, figures, start, end, today } = p;
  const table = useMemo(
    () => (kpi.kind === "ready" ? pacingTable(adsPacingOf(kpi.template, figures, { start, end }, today), rangeText(start, end)) : null),
    [kpi, figures, start, end, today],
  );
  return (
    <section className="ads-pacing" aria-labelledby="ads-pacing-title">
      <div className="chart-card-head">
        <h2 id="ads-pacing-title">{t("ads.pacing.title")}</h2>
        {/* i18n-ignore: a file name */}
        {table !== null && <CsvButton table={table} name={`Ads pacing ${start} ${end}`} title={t("ads.pacing.csvTitle")} />}
      </div>
      <PacingBody {...p} />
    </section>
  );
});


export function AdsView(p: AdsViewProps) {
  // The charts and the pacing take the figures a frame after the key figures (issue 19): the
  // figures' arrival was one frame of style and layout for all of them (375 layout objects, the
  // longest task of /ads at desktop size); in two frames each is about half.
  const rest = useAfterFrame(p.figures);
  let body: ReactNode;
  if (p.figures === null && p.phase.kind === "failed") {
    body = <LoadFailure title={t("ads.loadFailed")} error={translateMessage(p.phase.error)} onRetry={p.onRetry} />;
  } else {
    // One tree from the first load to the figures: the key figures' section stays the same elements (issue 19).
    const empty = rest !== null && hasNoAds(rest);
    body = (
      <div aria-busy={p.phase.kind === "loading"} className={p.figures === null ? "ads-body ads-skeleton" : "ads-body"}>
        {p.figures === null && <progress className="visually-hidden" aria-label={t("ads.loading")} />}
        {p.figures !== null && p.phase.kind === "failed" && <LoadFailure title={t("ads.loadFailed")} error={translateMessage(p.phase.error)} onRetry={p.onRetry} />}
        {p.figures !== null && p.phase.kind === "loading" && (
          <p className="muted ads-updating" role="status">
            {t("ads.updating")}
          </p>
        )}
        <KeyFigures brand={p.brand} channel={p.channel} figures={p.figures} start={p.start} end={p.end} />
        {rest === null ? (
          <Places />
        ) : empty ? (
          <div className="empty-state" role="status">
            <i className="pi pi-megaphone" aria-hidden="true" />
            <p className="empty-title">{noAds()}</p>
            <p className="muted">{t("ads.noAdsHint")}</p>
          </div>
        ) : (
          <Charts brand={p.brand} channel={p.channel} figures={rest} start={p.start} end={p.end} onFilter={p.onFilter} />
        )}
        {rest !== null && p.kpi !== null && <Pacing kpi={p.kpi} figures={rest} start={p.start} end={p.end} today={p.today} />}
        {!empty && p.table}
      </div>
    );
  }
  return (
    <section className="page ads-page" aria-labelledby="page-title">
      <header className="ads-header">
        <h1 id="page-title">{t("ads.title")}</h1>
      </header>
      <p className="muted ads-scope">
        {t("ads.scope", { brand: p.brand, channel: p.channel, start: formatDay(p.start), end: formatDay(p.end) })}
      </p>
      <p className="ads-nothing-sent">
        <i className="pi pi-info-circle" aria-hidden="true" /> {nothingSent()}
      </p>
      <section className="ads-filter" aria-labelledby="ads-filter-title">
        <h2 id="ads-filter-title" className="visually-hidden">
          {t("ads.filter.title")}
        </h2>
        <ChartFilters
          clicks={p.clicks}
          canUndo={p.canUndo}
          canRedo={p.canRedo}
          howTo={t("ads.filter.howTo")}
          onRemove={p.onRemoveClick}
          onUndo={p.onUndo}
          onRedo={p.onRedo}
          onClear={p.onClearClicks}
        />
        {p.nothingMatches && (
          <p className="ads-warning" role="status">
            {t("ads.filter.exclusive")}
          </p>
        )}
      </section>
      {body}
      {/* The automation section (rules and alerts, built apart: src/features/ads/automation). */}
      {p.automation}
    </section>
  );
}
