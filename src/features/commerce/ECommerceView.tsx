/**
 * The E-Commerce page as plain props (issue 6): the channel selector, the filter that applies
 * (template or ad-hoc filter, and the chart clicks as removable chips with undo), the key figures
 * with the definitions of GMV and NMV, and the charts, each with its table and exports. Loading,
 * failure (Try again) and empty states. The figures come from `commerceFormat.ts`.
 */
import { useMemo, type ReactNode } from "react";
import { COMMERCE_CHANNELS, type CommerceChannel, type CommerceFigures } from "../../../domain/commerce";
import { daysInclusive } from "../../../domain/calendarDays";
import { figureChange, type PreviousPeriod } from "../../../domain/periodChange";
import type { ChartClick } from "../../../domain/commerceFilter";
import { FigureCard, FigureCards } from "@/components/figures/FigureCard";
import { Select } from "@/components/ui/Select";
import { CUSTOMER_COLOURS } from "@/features/commerce/colours";
import type { ActiveFilter } from "@/features/commerce/commerceData";
import { activeFilterParts } from "@/features/commerce/commerceData";
import { captionLine } from "@/components/export/imageLayout";
import { cardTarget, reportTarget } from "@/components/cir/reportTargets";
import { AddToReportButton } from "@/components/cir/AddToReportButton";
import { ChartCardView, CsvButton } from "@/components/charts/ChartCard";
import type { ClickValue } from "@/components/charts/chartCard";
import { ChartFilters } from "@/components/figures/ChartFilters";
import { GMV_DEFINITION, NEW_CUSTOMER_DEFINITION, NMV_DEFINITION, commerceCards, keyFigures, keyFiguresTable } from "@/features/commerce/commerceFormat";
import "./commerce.css";
import { LoadFailure } from "@/components/figures/LoadFailure";

export const PAGE_TITLE = "E-Commerce";
export const NO_ORDERS = "No orders in this range.";

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
    <span className="no-data" title="no orders">
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">no orders</span>
    </span>
  );
}

function Swatch({ colour }: { colour: string }) {
  return <span className="commerce-swatch" style={{ background: colour }} aria-hidden="true" />;
}

const SWATCHES: Record<string, string> = { "New customers": CUSTOMER_COLOURS.newCustomer, "Old customers": CUSTOMER_COLOURS.oldCustomer };

function KeyFigures({ figures, channel }: { figures: CommerceFigures; channel: string }) {
  const table = useMemo(() => keyFiguresTable(figures, channel), [figures, channel]);
  const { start, end } = figures.previous;
  const period: PreviousPeriod = { start, end, days: daysInclusive(start, end) };
  return (
    <section className="commerce-figures" aria-labelledby="commerce-figures-title">
      <div className="chart-card-head">
        <h2 id="commerce-figures-title">Key figures</h2>
        <div className="chart-card-actions">
          <AddToReportButton target={reportTarget("ecommerce.figures", { brand: figures.brand, start: figures.start, end: figures.end, channel })} label="the key figures" />
          <CsvButton table={table} name={`E-Commerce key figures ${figures.start} ${figures.end}`} title="the key figures" />
        </div>
      </div>
      <FigureCards label="Key figures" className="commerce-summary">
        {keyFigures(figures.totals, figures.previous.totals).map((k) => (
          <FigureCard
            key={k.label}
            label={k.label}
            value={
              <>
                {k.value === null ? <Missing /> : k.format(k.value)}
                {k.note !== undefined && <span className="commerce-figure-note">{k.note}</span>}
                {/* After the value (which stays the description's first text), drawn before it (CSS order). */}
                {SWATCHES[k.label] !== undefined && <Swatch colour={SWATCHES[k.label]!} />}
              </>
            }
            change={{ change: figureChange(k.value, k.previous, k.polarity), period }}
          />
        ))}
      </FigureCards>
      <ul className="commerce-definitions muted">
        <li>{GMV_DEFINITION}</li>
        <li>{NMV_DEFINITION}</li>
        <li>{NEW_CUSTOMER_DEFINITION} Average basket size: GMV ÷ orders.</li>
      </ul>
    </section>
  );
}

function ActiveFilterText({ active }: { active: ActiveFilter | null }) {
  if (active === null) return <p className="muted">Reading the active filter…</p>;
  const parts = activeFilterParts(active);
  const narrows = parts.length > 0 ? parts.join("; ") : "narrows nothing";
  switch (active.kind) {
    case "none":
      return <p>No filter template is active.</p>;
    case "missing":
      return (
        <p className="error">
          The filter template “{active.title}” no longer exists; the figures are not narrowed by it.
        </p>
      );
    case "template":
      return (
        <p>
          Filter template <strong>{active.template.title}</strong>: {narrows}.
        </p>
      );
    case "adhoc":
      return <p>Filter: {narrows}.</p>;
  }
}

function AppliedFilter(p: Pick<ECommerceViewProps, "active" | "clicks" | "canUndo" | "canRedo" | "onRemoveClick" | "onUndo" | "onRedo" | "onClearClicks" | "nothingMatches">) {
  return (
    <section className="commerce-filter" aria-labelledby="commerce-filter-title">
      <h2 id="commerce-filter-title" className="visually-hidden">
        Applied filter
      </h2>
      <ActiveFilterText active={p.active} />
      <ChartFilters
        clicks={p.clicks}
        canUndo={p.canUndo}
        canRedo={p.canRedo}
        howTo="click a bar or slice, or use “Filter by” in a table"
        onRemove={p.onRemoveClick}
        onUndo={p.onUndo}
        onRedo={p.onRedo}
        onClear={p.onClearClicks}
      />
      {p.nothingMatches && (
        <p className="commerce-warning" role="status">
          The filter template and the chart filters exclude each other: no order can match.
        </p>
      )}
    </section>
  );
}

function Loading() {
  return (
    <div className="commerce-loading">
      <progress aria-label="Loading the e-commerce figures" />
      <span aria-hidden="true">Loading the e-commerce figures…</span>
    </div>
  );
}


/** The charts that can go into a CIR report ("Add to report"). */
const REPORT_CARDS = { "gmv-nmv-over-time": "ecommerce.gmv", "gmv-by-platform": "ecommerce.channels" } as const;

function Charts({ figures, channel, onFilter }: { figures: CommerceFigures; channel: CommerceChannel; onFilter: (click: ClickValue) => void }) {
  const cards = useMemo(() => commerceCards(figures), [figures]);
  return (
    <div className="chart-grid">
      {cards.map((card) => (
        <ChartCardView
          key={card.id}
          card={card}
          onFilter={onFilter}
          caption={captionLine(figures.brand, figures.start, figures.end)}
          addToReport={cardTarget(REPORT_CARDS, card.id, { brand: figures.brand, start: figures.start, end: figures.end, channel })}
        />
      ))}
    </div>
  );
}

export function ECommerceView(p: ECommerceViewProps) {
  let body: ReactNode;
  if (p.figures === null) {
    body = p.phase.kind === "failed" ? <LoadFailure title="The e-commerce figures could not be loaded." error={p.phase.error} onRetry={p.onRetry} /> : <Loading />;
  } else {
    const empty = p.figures.totals.orders === 0;
    body = (
      <div aria-busy={p.phase.kind === "loading"} className="commerce-body">
        {p.phase.kind === "failed" && <LoadFailure title="The e-commerce figures could not be loaded." error={p.phase.error} onRetry={p.onRetry} />}
        {p.phase.kind === "loading" && (
          <p className="muted commerce-updating" role="status">
            Updating the figures…
          </p>
        )}
        <KeyFigures figures={p.figures} channel={p.channel} />
        {empty ? (
          <div className="empty-state" role="status">
            <i className="pi pi-shopping-cart" aria-hidden="true" />
            <p className="empty-title">{NO_ORDERS}</p>
            <p className="muted">Try another date range, channel or filter, or import orders.</p>
          </div>
        ) : (
          <Charts figures={p.figures} channel={p.channel} onFilter={p.onFilter} />
        )}
      </div>
    );
  }
  return (
    <section className="page commerce-page" aria-labelledby="page-title">
      <header className="commerce-header">
        <h1 id="page-title">{PAGE_TITLE}</h1>
        <div className="commerce-controls">
          <label className="commerce-channel">
            <span aria-hidden="true">E-commerce channel</span>
            <Select label="E-commerce channel" value={p.channel} options={COMMERCE_CHANNELS} onChange={(v) => p.onChannel(v as CommerceChannel)} />
          </label>
          <button type="button" className={BUTTON} onClick={p.onImport}>
            <i className="pi pi-upload" aria-hidden="true" /> Import orders
          </button>
        </div>
      </header>
      <p className="muted commerce-scope">
        {p.brand} · {p.channel} · {p.start} to {p.end}
      </p>
      <AppliedFilter {...p} />
      {body}
    </section>
  );
}
