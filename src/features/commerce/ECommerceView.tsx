/**
 * The E-Commerce page as plain props (issue 6): the channel selector, the filter that applies
 * (template or ad-hoc filter, and the chart clicks as removable chips with undo), the key figures
 * with the definitions of GMV and NMV, and the charts, each with its table and exports. Loading,
 * failure (Try again) and empty states. The figures come from `commerceFormat.ts`.
 */
import { memo, useDeferredValue, useMemo, type ReactNode } from "react";
import { COMMERCE_CHANNELS, type CommerceChannel, type CommerceFigures } from "../../../domain/commerce";
import { daysInclusive } from "../../../domain/calendarDays";
import { figureChange, type PreviousPeriod } from "../../../domain/periodChange";
import type { ChartClick } from "../../../domain/commerceFilter";
import { FigureCard, FigureCards, FigureCardsSkeleton } from "@/components/figures/FigureCard";
import { Select } from "@/components/ui/Select";
import { CUSTOMER_COLOURS } from "@/features/commerce/colours";
import type { ActiveFilter } from "@/features/commerce/commerceData";
import { activeFilterParts } from "@/features/commerce/commerceData";
import { captionLine } from "@/components/export/imageLayout";
import { cardTarget, reportTarget } from "@/components/cir/reportTargets";
import { AddToReportButton } from "@/components/cir/AddToReportButton";
import { ChartCardView, CsvButton } from "@/components/charts/ChartCard";
import type { ChartCard, ClickValue } from "@/components/charts/chartCard";
import { ChartFilters } from "@/components/figures/ChartFilters";
import { COMMERCE_CARD_BUILDERS, commerceCardPlaces, gmvDefinition, keyFigurePlaces, keyFigures, keyFiguresTable, newCustomerDefinition, nmvDefinition } from "@/features/commerce/commerceFormat";
import { formatDay } from "@/components/format/dates";
import { t } from "@/i18n/i18n";
import "./commerce.css";
import { LoadFailure } from "@/components/figures/LoadFailure";

/** The page's heading. */
export const pageTitle = (): string => t("commerce.title");

export type CommercePhase =
  | { readonly kind: "loading" }
  | { readonly kind: "failed"; readonly error: string }
  | { readonly kind: "ready" };

export interface ECommerceViewProps {
  brand: string;
  /** YYYY-MM-DD, both included. */
  start: string;
  end: string;
  channel: CommerceChannel;
  /** The filter the figures shown were computed with; null before the first answer. */
  active: ActiveFilter | null;
  clicks: readonly ChartClick[];
  canUndo: boolean;
  canRedo: boolean;
  /** The figures shown (the last ones while the next load); null before the first answer. */
  figures: CommerceFigures | null;
  /** True when the filter can match no order (the template and the clicks exclude each other). */
  nothingMatches: boolean;
  phase: CommercePhase;
  onChannel: (channel: CommerceChannel) => void;
  onFilter: (click: ClickValue) => void;
  onRemoveClick: (click: ChartClick) => void;
  onUndo: () => void;
  onRedo: () => void;
  onClearClicks: () => void;
  onRetry: () => void;
  onImport: () => void;
}

const BUTTON = "p-button p-component p-button-sm";

function Missing() {
  return (
    <span className="no-data" title={t("commerce.figure.noOrders")}>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{t("commerce.figure.noOrders")}</span>
    </span>
  );
}

function Swatch({ colour }: { colour: string }) {
  return <span className="commerce-swatch" style={{ background: colour }} aria-hidden="true" />;
}

const SWATCHES: Partial<Record<string, string>> = { newCustomers: CUSTOMER_COLOURS.newCustomer, oldCustomers: CUSTOMER_COLOURS.oldCustomer };

function KeyFigures({ figures, channel }: { figures: CommerceFigures; channel: string }) {
  const table = useMemo(() => keyFiguresTable(figures, channel), [figures, channel]);
  const { start, end } = figures.previous;
  const period: PreviousPeriod = { start, end, days: daysInclusive(start, end) };
  return (
    <section className="commerce-figures" aria-labelledby="commerce-figures-title">
      <div className="chart-card-head">
        <h2 id="commerce-figures-title">{t("commerce.keyFigures.title")}</h2>
        <div className="chart-card-actions">
          <AddToReportButton target={reportTarget("ecommerce.figures", { brand: figures.brand, start: figures.start, end: figures.end, channel })} label={t("commerce.keyFigures.reportLabel")} />
          <CsvButton table={table} name={`E-Commerce key figures ${figures.start} ${figures.end}`} title={t("commerce.keyFigures.reportLabel")} />
        </div>
      </div>
      <FigureCards label={t("commerce.keyFigures.title")} className="commerce-summary">
        {keyFigures(figures.totals, figures.previous.totals).map((k) => (
          <FigureCard
            key={k.id}
            label={k.label}
            value={
              <>
                {k.value === null ? <Missing /> : k.format(k.value)}
                {k.note !== undefined && <span className="commerce-figure-note">{k.note}</span>}
                {/* After the value (which stays the description's first text), drawn before it (CSS order). */}
                {SWATCHES[k.id] !== undefined && <Swatch colour={SWATCHES[k.id]!} />}
              </>
            }
            change={{ change: figureChange(k.value, k.previous, k.polarity), period }}
          />
        ))}
      </FigureCards>
      <Definitions />
    </section>
  );
}

function Definitions() {
  return (
    <ul className="commerce-definitions muted">
      <li>{gmvDefinition()}</li>
      <li>{nmvDefinition()}</li>
      <li>
        {newCustomerDefinition()} {t("commerce.definition.avgBasket")}
      </li>
    </ul>
  );
}

/**
 * The page before its first figures (issue 19): the key figures' heading, cards with their labels
 * and the definitions, and the charts' places at their height, so that nothing moves when the
 * figures come. The progress bar sits where the exports will be.
 */
function Skeleton() {
  return (
    <div className="commerce-body">
      <section className="commerce-figures" aria-labelledby="commerce-figures-title">
        <div className="chart-card-head">
          <h2 id="commerce-figures-title">{t("commerce.keyFigures.title")}</h2>
          <div className="chart-card-actions chart-card-loading">
            <progress aria-label={t("commerce.loading.label")} />
            <span aria-hidden="true">{t("commerce.loading.text")}</span>
          </div>
        </div>
        <FigureCardsSkeleton label={t("commerce.keyFigures.title")} className="commerce-summary" cards={keyFigurePlaces()} />
        <Definitions />
      </section>
      <ChartPlaces />
    </div>
  );
}

/** The charts' cards before they can be drawn: titles, hint lines and the chart's height kept. */
function ChartPlaces() {
  return (
    <div className="chart-grid" aria-hidden="true">
      {commerceCardPlaces().map((c) => (
        <div key={c.id} className="chart-card commerce-chart-place">
          <div className="chart-card-head">
            <p className="commerce-place-title">{c.title}</p>
            <span className="commerce-place-actions" />
          </div>
          {c.clickable && <p className="muted chart-card-hint">{c.id === "orders-by-status" ? t("common.chart.hintSlice") : t("common.chart.hintBar")}</p>}
          <div className="chart skeleton-block" style={{ height: c.height }} />
          <p className="figure-table commerce-place-table">{t("common.chart.showTable")}</p>
        </div>
      ))}
    </div>
  );
}

function ActiveFilterText({ active }: { active: ActiveFilter | null }) {
  if (active === null) return <p className="muted">{t("commerce.filter.reading")}</p>;
  const parts = activeFilterParts(active);
  const narrows = parts.length > 0 ? parts.join("; ") : t("commerce.filter.narrowsNothing");
  switch (active.kind) {
    case "none":
      return <p>{t("commerce.filter.none")}</p>;
    case "missing":
      return (
        <p className="error">{t("commerce.filter.missing", { title: active.title })}</p>
      );
    case "template":
      return (
        <p>
          {t("commerce.filter.template")} <strong>{active.template.title}</strong>: {narrows}.
        </p>
      );
    case "adhoc":
      return <p>{t("commerce.filter.adhoc", { narrows })}</p>;
  }
}

function AppliedFilter(p: Pick<ECommerceViewProps, "active" | "clicks" | "canUndo" | "canRedo" | "onRemoveClick" | "onUndo" | "onRedo" | "onClearClicks" | "nothingMatches">) {
  return (
    <section className="commerce-filter" aria-labelledby="commerce-filter-title">
      <h2 id="commerce-filter-title" className="visually-hidden">
        {t("commerce.filter.title")}
      </h2>
      <ActiveFilterText active={p.active} />
      <ChartFilters
        clicks={p.clicks}
        canUndo={p.canUndo}
        canRedo={p.canRedo}
        howTo={t("commerce.filter.howTo")}
        onRemove={p.onRemoveClick}
        onUndo={p.onUndo}
        onRedo={p.onRedo}
        onClear={p.onClearClicks}
      />
      {p.nothingMatches && (
        <p className="commerce-warning" role="status">
          {t("commerce.filter.nothingMatches")}
        </p>
      )}
    </section>
  );
}



/** The charts that can go into a CIR report ("Add to report"). */
const REPORT_CARDS = { "gmv-nmv-over-time": "ecommerce.gmv", "gmv-by-platform": "ecommerce.channels" } as const;

/**
 * The charts, drawn from the figures after the key figures (issue 19): a memo over figures that
 * come through `useDeferredValue`, so their render is a transition React slices into short tasks.
 */
const Charts = memo(function Charts({ figures, channel, onFilter }: { figures: CommerceFigures; channel: CommerceChannel; onFilter: (click: ClickValue) => void }) {
  return (
    <div className="chart-grid">
      {COMMERCE_CARD_BUILDERS.map((build, i) => (
        <CommerceChart key={i} build={build} figures={figures} channel={channel} onFilter={onFilter} />
      ))}
    </div>
  );
});

/** One chart, its card built in its own render (so the deferred render yields between the charts). */
function CommerceChart({ build, figures, channel, onFilter }: { build: (f: CommerceFigures) => ChartCard; figures: CommerceFigures; channel: CommerceChannel; onFilter: (click: ClickValue) => void }) {
  const card = useMemo(() => build(figures), [build, figures]);
  return (
    <ChartCardView
      card={card}
      onFilter={onFilter}
      caption={captionLine(figures.brand, figures.start, figures.end)}
      addToReport={cardTarget(REPORT_CARDS, card.id, { brand: figures.brand, start: figures.start, end: figures.end, channel })}
    />
  );
}

export function ECommerceView(p: ECommerceViewProps) {
  // The charts follow the figures one render later, in a transition (issue 19): the key figures first.
  const chartFigures = useDeferredValue(p.figures);
  let body: ReactNode;
  if (p.figures === null) {
    body = p.phase.kind === "failed" ? <LoadFailure title={t("commerce.loading.failed")} error={p.phase.error} onRetry={p.onRetry} /> : <Skeleton />;
  } else {
    const empty = p.figures.totals.orders === 0;
    body = (
      <div aria-busy={p.phase.kind === "loading"} className="commerce-body">
        {p.phase.kind === "failed" && <LoadFailure title={t("commerce.loading.failed")} error={p.phase.error} onRetry={p.onRetry} />}
        {p.phase.kind === "loading" && (
          <p className="muted commerce-updating" role="status">
            {t("commerce.loading.updating")}
          </p>
        )}
        <KeyFigures figures={p.figures} channel={p.channel} />
        {empty ? (
          <div className="empty-state" role="status">
            <i className="pi pi-shopping-cart" aria-hidden="true" />
            <p className="empty-title">{t("commerce.empty.title")}</p>
            <p className="muted">{t("commerce.empty.hint")}</p>
          </div>
        ) : (
          chartFigures === null ? <ChartPlaces /> : <Charts figures={chartFigures} channel={p.channel} onFilter={p.onFilter} />
        )}
      </div>
    );
  }
  return (
    <section className="page commerce-page" aria-labelledby="page-title">
      <header className="commerce-header">
        <h1 id="page-title">{pageTitle()}</h1>
        <div className="commerce-controls">
          <label className="commerce-channel">
            <span aria-hidden="true">{t("commerce.channel")}</span>
            <Select
              label={t("commerce.channel")}
              value={p.channel}
              options={COMMERCE_CHANNELS}
              // The shops keep their own names; "All channel" is the option's value (the URL's), shown in the user's language.
              optionLabel={(v) => (v === "All channel" ? t("commerce.allChannel") : v)}
              onChange={(v) => p.onChannel(v as CommerceChannel)}
            />
          </label>
          <button type="button" className={BUTTON} onClick={p.onImport}>
            <i className="pi pi-upload" aria-hidden="true" /> {t("commerce.import.button")}
          </button>
        </div>
      </header>
      <p className="muted commerce-scope">
        {p.brand} · {p.channel} · {t("commerce.range", { start: formatDay(p.start), end: formatDay(p.end) })}
      </p>
      <AppliedFilter {...p} />
      {body}
    </section>
  );
}
