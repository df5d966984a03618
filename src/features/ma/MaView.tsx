/**
 * The MA page as plain props (issue 14): the scope, the chart filters (removable chips with undo),
 * the key figures with their definitions and their change against the previous period, the
 * charts (followers, reach and impressions, engagement, content by post type, the best-time
 * heatmap), the pages compared and the posts table. Loading, failure (Try again) and empty
 * states. The figures come from `maFormat.ts`.
 */
import { memo, useMemo, type ReactNode } from "react";
import { previousPeriod } from "../../../domain/periodChange";
import type { ChartClick } from "../../../domain/commerceFilter";
import type { PreviousPeriod } from "../../../domain/periodChange";
import { hasNoSocialData, type SocialFigures } from "../../../domain/social";
import { ChartCardView, CsvButton, FiguresTable } from "@/components/charts/ChartCard";
import { cardTarget, reportTarget } from "@/components/cir/reportTargets";
import { AddToReportButton } from "@/components/cir/AddToReportButton";
import type { ChartCard, ClickValue } from "@/components/charts/chartCard";
import "@/components/charts/chartCard.css";
import { captionLine } from "@/components/export/imageLayout";
import { ChartFilters } from "@/components/figures/ChartFilters";
import { KeyFigureCards } from "@/components/figures/FigureCard";
import { ExportButtons } from "@/components/export/ExportButtons";
import { engagementCard, followersCard, heatmapCard, keyFiguresTable, maFigures, pagesTable, reachCard, typesCard } from "@/features/ma/maFormat";
import { formatDay } from "@/components/format/dates";
import { t } from "@/i18n/i18n";
import "./ma.css";
import { LoadFailure } from "@/components/figures/LoadFailure";

export type MaPhase = { readonly kind: "loading" } | { readonly kind: "failed"; readonly error: string } | { readonly kind: "ready" };

export interface MaViewProps {
  /** "Facebook MA", or "MA" for brands that call it so. */
  title: string;
  brand: string;
  channel: string;
  start: string;
  end: string;
  clicks: readonly ChartClick[];
  canUndo: boolean;
  canRedo: boolean;
  /** The figures shown (the last ones while the next load); null before the first answer. */
  figures: SocialFigures | null;
  /** The chosen pages and the page clicks exclude each other: nothing can match. */
  nothingMatches: boolean;
  phase: MaPhase;
  /** The posts table (its own load). */
  posts: ReactNode;
  onFilter: (click: ClickValue) => void;
  onRemoveClick: (click: ChartClick) => void;
  onUndo: () => void;
  onRedo: () => void;
  onClearClicks: () => void;
  onRetry: () => void;
  onImport?: (() => void) | undefined;
}

const BUTTON = "p-button p-component p-button-sm";

/**
 * The key figures: the range against the previous period of equal length. Before the first answer
 * (figures null) the same section holds the heading, the comparison and the cards with their
 * labels and definitions and a placeholder for each value: the same elements stay when the figures
 * come, so nothing moves or paints again (issue 19).
 */
const KeyFigures = memo(function KeyFigures({ brand, channel, figures, start, end }: { brand: string; channel: string; figures: SocialFigures | null; start: string; end: string }) {
  const table = useMemo(() => (figures === null ? null : keyFiguresTable(figures)), [figures]);
  const period: PreviousPeriod = figures === null ? previousPeriod({ start, end }) : { ...figures.previous, days: figures.range.days };
  const range = figures === null ? { start, end } : figures.range;
  return (
    <section className="ma-figures" aria-labelledby="ma-figures-title">
      <div className="chart-card-head">
        <h2 id="ma-figures-title">{t("ma.keyFigures.title")}</h2>
        <div className="chart-card-actions">
          <AddToReportButton target={reportTarget("ma.figures", { brand, channel, start: range.start, end: range.end })} label={t("ma.keyFigures.what")} />
          {table === null ? (
            <ExportButtons title={t("ma.keyFigures.what")} onCsv={noCsv} disabled />
          ) : (
            <CsvButton table={table} name={`MA key figures ${range.start} ${range.end}`} title={t("ma.keyFigures.what")} />
          )}
        </div>
      </div>
      <p className="muted ma-compared">
        {t("ma.keyFigures.compared", { start: formatDay(period.start), end: formatDay(period.end), days: period.days })}
      </p>
      <KeyFigureCards label={t("ma.keyFigures.title")} className="ma-summary" figures={maFigures()} current={figures?.totals ?? null} previous={figures?.previousTotals ?? null} period={period} />
    </section>
  );
});

/**
 * The rest of the page before its first answer (issue 19), under the key figures (which
 * `KeyFigures` shows already): blocks the height of the chart cards and of the pages compared, so
 * the layout is painted at once and nothing moves when the figures come. The posts table is its
 * own load and shows from the start.
 */
function Places() {
  return (
    <>
      <div className="chart-grid" aria-hidden="true">
        <div className="chart-card ma-chart-skeleton"><div className="skeleton-block" /></div>
        <div className="chart-card ma-chart-skeleton"><div className="skeleton-block" /></div>
        <div className="chart-card ma-chart-skeleton ma-chart-skeleton-tall"><div className="skeleton-block" /></div>
        <div className="chart-card ma-chart-skeleton ma-chart-skeleton-tall"><div className="skeleton-block" /></div>
        <div className="chart-card chart-card-wide ma-chart-skeleton ma-chart-skeleton-wide"><div className="skeleton-block" /></div>
      </div>
      <div className="chart-card ma-pages ma-chart-skeleton ma-pages-skeleton" aria-hidden="true"><div className="skeleton-block" /></div>
    </>
  );
}

const noCsv = () => undefined;

const PagesCompared = memo(function PagesCompared({ figures, onFilter }: { figures: SocialFigures; onFilter: (click: ClickValue) => void }) {
  const table = useMemo(() => pagesTable(figures), [figures]);
  return (
    <section className="chart-card ma-pages figure-table" aria-labelledby="ma-pages-title">
      <div className="chart-card-head">
        <h2 id="ma-pages-title">{t("ma.pages.title")}</h2>
        <CsvButton table={table} name={`MA pages ${figures.range.start} ${figures.range.end}`} title={t("ma.pages.what")} />
      </div>
      <p className="muted chart-card-note">
        {t("ma.pages.note")}
      </p>
      <FiguresTable table={table} onFilter={onFilter} />
    </section>
  );
});

/** The charts that can go into a CIR report ("Add to report"). */
const REPORT_CARDS = { "engagement-over-time": "ma.engagements" } as const;

/** The chart cards in their order (`maCards`), each built by its own component (below). */
const CARD_BUILDERS: ReadonlyArray<(f: SocialFigures) => ChartCard> = [followersCard, reachCard, engagementCard, typesCard, heatmapCard];

/**
 * One chart card, built from the figures in its own render: React can yield between the cards of
 * the deferred render, so their arrival is no single long task (issue 19).
 */
const MaChart = memo(function MaChart({ build, brand, channel, figures, caption, onFilter }: {
  build: (f: SocialFigures) => ChartCard; brand: string; channel: string; figures: SocialFigures; caption: string; onFilter: (click: ClickValue) => void;
}) {
  const card = useMemo(() => build(figures), [build, figures]);
  return (
    <ChartCardView
      card={card}
      onFilter={onFilter}
      caption={caption}
      addToReport={cardTarget(REPORT_CARDS, card.id, { brand, channel, start: figures.range.start, end: figures.range.end })}
    />
  );
});

const Charts = memo(function Charts({ brand, channel, figures, onFilter }: { brand: string; channel: string; figures: SocialFigures; onFilter: (click: ClickValue) => void }) {
  const caption = captionLine(brand, figures.range.start, figures.range.end);
  return (
    <div className="chart-grid">
      {CARD_BUILDERS.map((build, i) => (
        <MaChart key={i} build={build} brand={brand} channel={channel} figures={figures} caption={caption} onFilter={onFilter} />
      ))}
    </div>
  );
});


/** The empty state's title (English in tests). */
export const noSocialData = (): string => t("ma.empty.title");
export const NO_SOCIAL_DATA = "No posts or page figures in this range.";

export function MaView(p: MaViewProps) {
  let body: ReactNode;
  if (p.figures === null && p.phase.kind === "failed") {
    body = <LoadFailure title={t("ma.failed")} error={p.phase.error} onRetry={p.onRetry} />;
  } else {
    // One tree from the first load to the figures: the key figures' section stays the same elements (issue 19).
    const empty = p.figures !== null && hasNoSocialData(p.figures);
    body = (
      <div aria-busy={p.phase.kind === "loading"} className={p.figures === null ? "ma-body ma-skeleton" : "ma-body"}>
        {p.figures === null && <progress className="visually-hidden" aria-label={t("ma.loadingLabel")} />}
        {p.figures !== null && p.phase.kind === "failed" && <LoadFailure title={t("ma.failed")} error={p.phase.error} onRetry={p.onRetry} />}
        {p.figures !== null && p.phase.kind === "loading" && (
          <p className="muted ma-updating" role="status">
            {t("ma.updating")}
          </p>
        )}
        <KeyFigures brand={p.brand} channel={p.channel} figures={p.figures} start={p.start} end={p.end} />
        {empty ? (
          <div className="empty-state" role="status">
            <i className="pi pi-facebook" aria-hidden="true" />
            <p className="empty-title">{noSocialData()}</p>
            <p className="muted">{t("ma.empty.hint")}</p>
          </div>
        ) : (
          <>
            {p.figures === null ? (
              <Places />
            ) : (
              <>
                <Charts brand={p.brand} channel={p.channel} figures={p.figures} onFilter={p.onFilter} />
                <PagesCompared figures={p.figures} onFilter={p.onFilter} />
              </>
            )}
            {p.posts}
          </>
        )}
      </div>
    );
  }
  return (
    <section className="page ma-page" aria-labelledby="page-title">
      <header className="ma-header">
        <h1 id="page-title">{p.title}</h1>
        {p.onImport !== undefined && (
          <button type="button" className={BUTTON} onClick={p.onImport}>
            <i className="pi pi-upload" aria-hidden="true" /> {t("ma.import.button")}
          </button>
        )}
      </header>
      <p className="muted ma-scope">
        {t("ma.scope", { brand: p.brand, channel: p.channel, start: formatDay(p.start), end: formatDay(p.end) })}
      </p>
      <section className="ma-filter" aria-labelledby="ma-filter-title">
        <h2 id="ma-filter-title" className="visually-hidden">
          {t("ma.appliedFilter")}
        </h2>
        <ChartFilters
          clicks={p.clicks}
          canUndo={p.canUndo}
          canRedo={p.canRedo}
          howTo={t("ma.filterHowTo")}
          onRemove={p.onRemoveClick}
          onUndo={p.onUndo}
          onRedo={p.onRedo}
          onClear={p.onClearClicks}
        />
        {p.nothingMatches && (
          <p className="ma-warning" role="status">
            {t("ma.nothingMatches")}
          </p>
        )}
      </section>
      {body}
    </section>
  );
}
