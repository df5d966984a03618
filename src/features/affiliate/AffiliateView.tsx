/**
 * The Affiliate page as plain props (issue 16): the platform selector and Import affiliate
 * report, the affiliates picked on the leaderboard (chips, each removable, and a way back to
 * every affiliate), the figure cards with their definitions and their change against the
 * previous period (a rise of the commission rate is bad news; of the commission, neither good
 * nor bad), the charts (GMV and commission over time, orders over time, by platform, top
 * products, new and returning customers) and the leaderboard. Loading, failure (Try again) and
 * empty states. Formats: `affiliateFormat.ts`.
 */
import { memo, useDeferredValue, useMemo, type ReactNode } from "react";
import { useAfterFrame } from "@/components/frames";
import type { AffiliateFiguresAnswer, AffiliatePlatform } from "../../../domain/affiliateContract";
import { previousPeriod, type PreviousPeriod } from "../../../domain/periodChange";
import type { AffiliateSort } from "../../../domain/routeSearch";
import { hasNoAffiliateSales } from "../../../machines/affiliate/affiliateMachine";
import { ChartCardView, CsvButton } from "@/components/charts/ChartCard";
import type { ChartCard } from "@/components/charts/chartCard";
import { cardTarget, reportTarget } from "@/components/cir/reportTargets";
import { AddToReportButton } from "@/components/cir/AddToReportButton";
import "@/components/charts/chartCard.css";
import "@/components/figures/chartFilters.css";
import { captionLine } from "@/components/export/imageLayout";
import { KeyFigureCards } from "@/components/figures/FigureCard";
import { LoadFailure } from "@/components/figures/LoadFailure";
import { formatCount } from "@/components/format/numbers";
import { Select } from "@/components/ui/Select";
import { AFFILIATE_CARD_BUILDERS, affiliateCardPlaces, affiliateFigures, keyFiguresTable, money, type Period } from "@/features/affiliate/affiliateFormat";
import { AffiliateLeaderboard } from "@/features/affiliate/AffiliateLeaderboard";
import { ALL_PLATFORMS, PLATFORM_CHOICES, platformChoiceOf, type LeaderboardSort } from "@/features/affiliate/affiliateRequest";
import { formatDay } from "@/components/format/dates";
import { t, translateMessage } from "@/i18n/i18n";
import "./affiliate.css";

export type AffiliatePhase = { readonly kind: "loading" } | { readonly kind: "failed"; readonly error: string } | { readonly kind: "ready" };

export interface AffiliateViewProps {
  brand: string;
  start: string;
  end: string;
  platform: AffiliatePlatform | null;
  picked: readonly string[];
  sort: LeaderboardSort;
  /** The figures shown (the last ones while the next load); null before the first answer. */
  figures: AffiliateFiguresAnswer | null;
  phase: AffiliatePhase;
  onPlatform: (choice: string) => void;
  onToggle: (affiliate: string) => void;
  onClearPicked: () => void;
  onSort: (sort: AffiliateSort) => void;
  onRetry: () => void;
  onImport: () => void;
}

const BUTTON = "p-button p-component p-button-sm";
export const pageTitle = (): string => t("affiliate.title");
export const noSales = (): string => t("affiliate.noSales");
/** A platform choice as shown: the marketplaces by their names, "All platforms" in the user's language. */
export const platformLabel = (choice: string): string => (choice === ALL_PLATFORMS ? t("affiliate.allPlatforms") : choice);
/** A range as shown: its days in the user's calendar. */
const rangeText = (start: string, end: string): string => t("affiliate.range", { start: formatDay(start), end: formatDay(end) });

/** Where the GMV goes in the comparison sentence, whatever the language puts around it. */
const GMV_MARK = "\u0000gmv\u0000";
/** A GMV of the usual length, the width of the placeholder before the answer. */
const TYPICAL_GMV = 1_234_567.89;

/**
 * The key figures: the range against the previous period of equal length. Before the first answer
 * (figures null) the same section holds the heading, the progress where the exports will be, the
 * comparison (the GMV a placeholder) and the cards with their labels and definitions: the same
 * elements stay when the figures come, so nothing moves or paints again (issue 19).
 */
function KeyFigures({ brand, platform, figures, start, end, period }: { brand: string; platform: string | undefined; figures: AffiliateFiguresAnswer | null; start: string; end: string; period: PreviousPeriod }) {
  const range = rangeText(start, end);
  const before = rangeText(period.start, period.end);
  const table = useMemo(() => (figures === null ? null : keyFiguresTable(figures, range, before)), [figures, range, before]);
  // The GMV is the sentence's one value from the answer: before it, a placeholder of a typical
  // value's width in its place, so the sentence keeps its lines (no layout shift).
  const [head, tail = ""] = t("affiliate.figures.compared", { previous: before, days: formatCount(period.days), gmv: GMV_MARK }).split(GMV_MARK);
  return (
    <section className="affiliate-figures" aria-labelledby="affiliate-figures-title">
      <div className="chart-card-head">
        <h2 id="affiliate-figures-title">{t("affiliate.figures.title")}</h2>
        {/* Keyed: the buttons are a new element, not the progress line's box resized (a shift). */}
        {table === null ? (
          <div key="loading" className="chart-card-actions chart-card-loading">
            <progress aria-label={t("affiliate.loading")} />
            <span aria-hidden="true">{t("affiliate.loadingVisible")}</span>
          </div>
        ) : (
          <div key="actions" className="chart-card-actions">
            <AddToReportButton target={reportTarget("affiliate.figures", { brand, start, end, platform })} label={t("affiliate.figures.reportLabel")} />
            {/* i18n-ignore: a file name */}
            <CsvButton table={table} name={`Affiliate key figures ${start} ${end}`} title={t("affiliate.figures.reportLabel")} />
          </div>
        )}
      </div>
      <p className="muted affiliate-compared">
        {head}
        {figures === null ? (
          <span className="skeleton-text" aria-hidden="true">
            {money(TYPICAL_GMV)}
          </span>
        ) : (
          <span>{money(figures.commerceGmv)}</span>
        )}
        {tail}
      </p>
      {/* Pending cards before the answer, the same elements as the figures' cards after it. */}
      <KeyFigureCards
        label={t("affiliate.figures.title")}
        className="affiliate-summary"
        figures={affiliateFigures().map((k) => ({ ...k, value: (p: Period) => (figures === null ? null : k.value(figures, p)) }))}
        current={figures === null ? null : "current"}
        previous={figures === null ? null : "previous"}
        period={period}
      />
    </section>
  );
}

const noFilter = () => undefined;

/** The charts that can go into a CIR report ("Add to report"). */
const REPORT_CARDS = { "affiliate-gmv-and-commission-over-time": "affiliate.gmv" } as const;

/**
 * The charts, drawn after the key figures (issue 19): a memo over figures that come through
 * `useDeferredValue`, so their render is a transition React slices into short tasks.
 */
const Charts = memo(function Charts({ brand, platform, figures, start, end, period }: { brand: string; platform: string | undefined; figures: AffiliateFiguresAnswer; start: string; end: string; period: PreviousPeriod }) {
  const caption = captionLine(brand, start, end);
  const range = rangeText(start, end);
  const before = rangeText(period.start, period.end);
  return (
    <div className="chart-grid">
      {AFFILIATE_CARD_BUILDERS.map((build, i) => (
        <AffiliateChart key={i} build={build} figures={figures} range={range} before={before} caption={caption} brand={brand} platform={platform} start={start} end={end} />
      ))}
    </div>
  );
});

/** One chart, its card built in its own render (so the deferred render yields between the charts). */
function AffiliateChart({ build, figures, range, before, caption, brand, platform, start, end }: {
  build: (a: AffiliateFiguresAnswer, range: string, previous: string) => ChartCard;
  figures: AffiliateFiguresAnswer; range: string; before: string; caption: string; brand: string; platform: string | undefined; start: string; end: string;
}) {
  const card = useMemo(() => build(figures, range, before), [build, figures, range, before]);
  return <ChartCardView card={card} onFilter={noFilter} caption={caption} addToReport={cardTarget(REPORT_CARDS, card.id, { brand, start, end, platform })} />;
}

/** The charts' cards before they can be drawn: titles, note lines and the chart's height kept. */
function ChartPlaces() {
  return (
    <div className="chart-grid" aria-hidden="true">
      {affiliateCardPlaces().map((c) => (
        <div key={c.id} className={c.wide ? "chart-card chart-card-wide" : "chart-card"}>
          <div className="chart-card-head">
            <p className="affiliate-place-title">{c.title}</p>
            <span className="affiliate-place-actions" />
          </div>
          <p className="muted chart-card-note">
            <span className="skeleton-line affiliate-place-note" />
          </p>
          <div className="chart skeleton-block" style={{ height: c.height }} />
          <p className="figure-table affiliate-place-table">{t("common.chart.showTable")}</p>
        </div>
      ))}
    </div>
  );
}

/** The leaderboard's place before its rows: its heading and the height of its table. */
function LeaderboardPlace() {
  return (
    <div className="affiliate-leaderboard" aria-hidden="true">
      <div className="chart-card-head">
        <p className="affiliate-place-title">{t("affiliate.leaderboard.title")}</p>
        <span className="affiliate-place-actions" />
      </div>
      <p className="muted affiliate-hint">
        <span className="skeleton-line affiliate-place-note" />
      </p>
      <div className="skeleton-block affiliate-place-table-block" />
    </div>
  );
}

function Picked({ picked, onToggle, onClear }: { picked: readonly string[]; onToggle: (a: string) => void; onClear: () => void }) {
  return (
    <section className="affiliate-filter" aria-labelledby="affiliate-filter-title">
      <h2 id="affiliate-filter-title" className="visually-hidden">
        {t("affiliate.picked.title")}
      </h2>
      <div className="chart-filters">
        <span className="muted" id="affiliate-picked-label">
          {t("affiliate.picked.label")}
        </span>
        {picked.length === 0 ? (
          <span className="muted">{t("affiliate.picked.every")}</span>
        ) : (
          <>
            <ul className="filter-chips" aria-labelledby="affiliate-picked-label">
              {picked.map((a) => (
                <li key={a} className="filter-chip">
                  <span>{t("affiliate.picked.chip", { name: a })}</span>
                  <button type="button" aria-label={t("affiliate.picked.remove", { name: a })} onClick={() => onToggle(a)}>
                    <i className="pi pi-times" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
            <span className="chart-filter-actions">
              <button type="button" className={`${BUTTON} p-button-text`} onClick={onClear}>
                <i className="pi pi-filter-slash" aria-hidden="true" /> {t("affiliate.picked.showEvery")}
              </button>
            </span>
          </>
        )}
      </div>
    </section>
  );
}

export function AffiliateView(p: AffiliateViewProps) {
  const period = useMemo(() => previousPeriod({ start: p.start, end: p.end }), [p.start, p.end]);
  const platform = platformChoiceOf(p.platform);
  // The charts follow the key figures in a transition, the leaderboard a frame after them (issue 19).
  const chartFigures = useDeferredValue(p.figures);
  const boardFigures = useAfterFrame(chartFigures);
  let body: ReactNode;
  if (p.figures === null && p.phase.kind === "failed") {
    body = <LoadFailure title={t("affiliate.loadFailed")} error={translateMessage(p.phase.error)} onRetry={p.onRetry} />;
  } else {
    // One tree from the first load to the figures: the key figures' section stays the same elements (issue 19).
    const empty = p.figures !== null && hasNoAffiliateSales(p.figures);
    body = (
      <div aria-busy={p.phase.kind === "loading"} className="affiliate-body">
        {p.figures !== null && p.phase.kind === "failed" && <LoadFailure title={t("affiliate.loadFailed")} error={translateMessage(p.phase.error)} onRetry={p.onRetry} />}
        {p.figures !== null && p.phase.kind === "loading" && (
          <p className="muted affiliate-updating" role="status">
            {t("affiliate.updating")}
          </p>
        )}
        <KeyFigures brand={p.brand} platform={p.platform ?? undefined} figures={p.figures} start={p.start} end={p.end} period={period} />
        {empty ? (
          <div className="empty-state" role="status">
            <i className="pi pi-users" aria-hidden="true" />
            <p className="empty-title">{noSales()}</p>
            <p className="muted">
              {p.picked.length > 0 ? t("affiliate.noSalesPicked") : ""}
              {t("affiliate.noSalesHint")}
            </p>
          </div>
        ) : (
          chartFigures === null ? <ChartPlaces /> : <Charts brand={p.brand} platform={p.platform ?? undefined} figures={chartFigures} start={p.start} end={p.end} period={period} />
        )}
        {boardFigures === null ? <LeaderboardPlace /> : <AffiliateLeaderboard
          figures={boardFigures}
          fileName={`${p.brand} affiliates ${p.start} ${p.end}`} // i18n-ignore: a file name
          sort={p.sort}
          picked={p.picked}
          onSort={p.onSort}
          onToggle={p.onToggle}
        />}
      </div>
    );
  }
  return (
    <section className="page affiliate-page" aria-labelledby="page-title">
      <header className="affiliate-header">
        <h1 id="page-title">{pageTitle()}</h1>
        <div className="affiliate-controls">
          <label className="affiliate-platform">
            <span aria-hidden="true">{t("affiliate.platform")}</span>
            <Select label={t("affiliate.platform")} value={platform} options={PLATFORM_CHOICES} optionLabel={platformLabel} onChange={p.onPlatform} />
          </label>
          <button type="button" className={BUTTON} onClick={p.onImport}>
            <i className="pi pi-upload" aria-hidden="true" /> {t("affiliate.importButton")}
          </button>
        </div>
      </header>
      <p className="muted affiliate-scope">
        {t("affiliate.scope", { brand: p.brand, platform: platformLabel(platform), start: formatDay(p.start), end: formatDay(p.end) })}
      </p>
      <Picked picked={p.picked} onToggle={p.onToggle} onClear={p.onClearPicked} />
      {body}
    </section>
  );
}
