/**
 * The /crm page as plain props: heading, brand and range, the filter the customers are narrowed
 * to (with the page's chart clicks as removable chips), which KPI template's weights and segments
 * score them, and the phase: loading, scoring with progress, empty, failed with Try again, or the
 * figures and the customer table.
 */
import { memo, useDeferredValue, useMemo } from "react";
import { useAfterFrame } from "@/components/frames";
import type { ChartClick } from "../../../domain/commerceFilter";
import { previousPeriod } from "../../../domain/periodChange";
import { rfmWeightsOf } from "../../../domain/rfm";
import type { CrmResult, LoadedCustomers } from "@/features/crm/crmLoaders";
import { CustomerTableView, type CustomerTableViewProps } from "@/features/crm/CrmCustomerTable";
import { KeyFigures, RfGridSection, SegmentsSection, TransitionsSection, type ExportNaming } from "@/features/crm/CrmSections";
import { FigureCardsSkeleton } from "@/components/figures/FigureCard";
import { captionLine } from "@/components/export/imageLayout";
import { chooseKpi, noKpiTemplate, clickText, comparedPeriod, comparedText, previousSegmentSizes, filterSourceText, filterText, formatCount, periodText, sourceLine, weightsText } from "@/features/crm/crmFormat";
import type { CrmPhase } from "@/features/crm/crmActors";
import "./crm.css";
import { AddToReportButton } from "@/components/cir/AddToReportButton";
import { reportTarget } from "@/components/cir/reportTargets";
import { t, translateMessage } from "@/i18n/i18n";

/** The page's heading. */
export const pageTitle = (): string => t("crm.title");

export interface CrmViewProps {
  brand: string;
  /** The shell's range, YYYY-MM-DD. */
  range: { start: string; end: string };
  phase: CrmPhase;
  /** The page filter's chart clicks (part of the customers request). */
  clicks: readonly ChartClick[];
  onRemoveClick: (click: Pick<ChartClick, "field" | "value">) => void;
  onRetry: () => void;
  /** The customer table (when the phase is ready). */
  table: Omit<CustomerTableViewProps, "segmentName">;
  onSegment: (index: number) => void;
  /** The KPI template the view names (null: none), whose scoring's words the page shows before it. */
  kpi?: string | null;
}

function FilterLine({ loaded, clicks, onRemoveClick }: { loaded: LoadedCustomers | null; clicks: CrmViewProps["clicks"]; onRemoveClick: CrmViewProps["onRemoveClick"] }) {
  const source = loaded === null ? null : filterSourceText(loaded.filterSource);
  return (
    <div className="crm-filter">
      {loaded !== null ? (
        <p>
          <span className="crm-label">{t("crm.filter.customersOf")} </span>
          {filterText(loaded.filter)}
          {source !== null && <> ({source})</>}
        </p>
      ) : (
        // Its place while the customers load (issue 19).
        <p aria-hidden="true">
          <span className="crm-label">{t("crm.filter.customersOf")} </span>
          <span className="skeleton-line crm-place-filter" />
        </p>
      )}
      {clicks.length > 0 && (
        <ul className="crm-chips" aria-label={t("crm.filter.chips")}>
          {clicks.map((c) => (
            <li key={`${c.field}:${c.value}`} className="crm-chip">
              <span>{clickText(c)}</span>
              <button type="button" aria-label={t("crm.filter.remove", { filter: clickText(c) })} title={t("crm.filter.removeTitle")} onClick={() => onRemoveClick(c)}>
                <i className="pi pi-times" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The scoring's words: which template scores the customers, its weights and notes. Before the
 * scoring (result null) the same elements hold what is known already (without a KPI template, all of
 * it: crmFormat's sourceLine) and placeholders for the rest, so the lines stay the same elements
 * when the figures come: nothing moves or paints again (issue 19).
 */
function ScoringSource({ result, kpi }: { result: CrmResult | null; kpi: string | null }) {
  const line = result === null ? null : sourceLine(result.source, result.weighting, result.rules);
  const notes = line !== null ? line.notes : kpi === null ? [chooseKpi()] : [];
  // Without a template the weights are known before the scoring (equal): written at once, they
  // wrap as they will (on a phone, two lines), so the page does not move when the scoring comes.
  const weights = line !== null ? line.weights : kpi === null ? weightsText(rfmWeightsOf(null)) : null;
  return (
    <section className="crm-source" aria-label={t("crm.source.region")} aria-hidden={line === null ? true : undefined}>
      <p>{line !== null ? line.text : kpi === null ? noKpiTemplate() : <span className="skeleton-line crm-place-source" />}</p>
      <p>
        <span className="crm-label">{t("crm.source.weightsLabel")} </span>
        {weights ?? <span className="skeleton-line crm-place-weights" />}
      </p>
      {notes.map((note) => (
        <p key={note} className="muted">
          {note}
        </p>
      ))}
    </section>
  );
}

function Progress({ label, percent, detail }: { label: string; percent: number | null; detail: string }) {
  return (
    <div className="crm-progress" role="status">
      {percent === null ? <progress aria-label={label} /> : <progress aria-label={label} max={100} value={percent} aria-valuetext={`${percent}%`} />}
      <span>
        {detail}
        {percent !== null && ` ${percent}%`}
      </span>
    </div>
  );
}

function Failure({ error, onRetry }: { error: string; onRetry: () => void }) {
  return (
    <div className="crm-failure">
      <div role="alert">
        <p className="empty-title">{t("crm.failed")}</p>
        <p className="error">{translateMessage(error)}</p>
      </div>
      <button type="button" className="p-button p-component p-button-outlined p-button-sm" onClick={onRetry}>
        <i className="pi pi-refresh" aria-hidden="true" /> {t("crm.tryAgain")}
      </button>
    </div>
  );
}

/** The key figures' cards before the scoring: their labels and definitions (issue 19). */
function figurePlaces(range: { start: string; end: string }) {
  return [
    { label: t("crm.figures.customers"), definition: t("crm.figures.customersDefinition") },
    { label: t("crm.figures.revenue"), definition: t("crm.figures.revenueDefinition") },
    { label: t("crm.figures.orders"), definition: t("crm.figures.ordersDefinition") },
    { label: t("crm.figures.avgBasket"), definition: t("crm.figures.avgBasketDefinition") },
    { label: t("crm.figures.meanScore"), definition: t("crm.figures.meanScoreDefinition") },
    { label: t("crm.segment.unassigned"), definition: t("crm.figures.unassignedDefinition") },
    { label: t("crm.figures.previousCustomers"), definition: `${periodText(previousPeriod(range))}.` },
  ];
}

/** A card's place before its figures: the heading's line and blocks at the height of what comes. */
function CardPlace({ title, blocks, beside = false }: { title: string; blocks: readonly string[]; beside?: boolean }) {
  return (
    <div className="crm-card crm-card-place" aria-hidden="true">
      <div className="crm-card-head">
        <p className="crm-place-title">{title}</p>
        <span className="crm-place-actions" />
      </div>
      <div className={beside ? "crm-card-body crm-beside" : "crm-card-body"}>
        {blocks.map((b) => (
          <div key={b} className={`skeleton-block ${b}`} />
        ))}
      </div>
    </div>
  );
}

/** The sections under the key figures before they are drawn (issue 19), each at its height. */
const SegmentsPlace = () => <CardPlace title={t("crm.segments.title")} blocks={["crm-place-chart", "crm-place-segments"]} />;
const GridPlace = () => <CardPlace title={t("crm.grid.title")} blocks={["crm-place-chart", "crm-place-grid"]} beside />;
const TransitionsPlace = () => <CardPlace title={t("crm.transitions.title")} blocks={["crm-place-transitions"]} />;

function CustomersPlace() {
  return <CardPlace title={t("crm.figures.customers")} blocks={["crm-place-customers"]} />;
}

/**
 * The page from the first load to the scored figures, one tree for every phase (issue 19): before
 * the scoring (loading the customers, then scoring them) the scoring's words that are known, the
 * progress, the key figures' cards with their labels and definitions and the sections' places at
 * their height; then the scoring and the key figures at once, the sections (charts and tables) from
 * `shown`, the same phase through `useDeferredValue` (a memoized transition React slices), one a
 * frame, and the customer table a frame after them. The same elements stay from one phase to the
 * next, so nothing moves or paints again when the figures come.
 */
function Scored({ phase, kpi, range, shown, table, onSegment }: {
  phase: Extract<CrmPhase, { kind: "loading" | "scoring" | "ready" }>;
  kpi: string | null;
  range: { start: string; end: string };
  shown: ShownResult | null;
  table: CrmViewProps["table"];
  onSegment: (index: number) => void;
}) {
  // The sections a frame apart after the key figures, the customer table a frame after them (issue
  // 19): the scoring's arrival was one frame of style and layout for all of them (819 layout
  // objects of the sections alone, 43-57 ms at desktop size).
  const segments = useAfterFrame(shown);
  const grid = useAfterFrame(segments);
  const movement = useAfterFrame(grid);
  const tableShown = useAfterFrame(movement === null ? null : true) === true;
  const ready = phase.kind === "ready" ? phase : null;
  return (
    <>
      <ScoringSource result={ready?.result ?? null} kpi={kpi} />
      {ready !== null ? (
        <div className="chart-card-actions crm-report-actions">
          <AddToReportButton target={reportTarget("crm.figures", { brand: ready.loaded.brand, start: ready.loaded.current.start, end: ready.loaded.current.end })} label={t("crm.report.figures")} />
        </div>
      ) : (
        <div className="chart-card-actions crm-report-actions crm-progress-place">
          {phase.kind === "scoring" ? (
            <Progress
              label={t("crm.scoring.label")}
              percent={Math.round(phase.progress * 100)}
              detail={t("crm.scoring.text", { count: phase.loaded.current.customers, customers: formatCount(phase.loaded.current.customers) })}
            />
          ) : (
            <Progress label={t("crm.loading.label")} percent={null} detail={t("crm.loading.text")} />
          )}
        </div>
      )}
      {ready !== null ? <KeyFigures summary={ready.result.summary} periods={ready.loaded} /> : <FigureCardsSkeleton label={t("crm.figures.label")} className="crm-figures" cards={figurePlaces(range)} />}
      <Sections segments={segments} grid={grid} movement={movement} onSegment={onSegment} />
      {tableShown && movement !== null ? <Customers result={movement.result} table={table} /> : <CustomersPlace />}
    </>
  );
}

interface ShownResult {
  readonly loaded: LoadedCustomers;
  readonly result: CrmResult;
}


function Customers({ result, table }: { result: CrmResult; table: CrmViewProps["table"] }) {
  const segment = table.query.segment;
  const segmentName = segment === null ? null : (result.summary.segments.find((s) => s.index === segment)?.name ?? null);
  return (
    <section className="crm-card" aria-labelledby="crm-customers-title" id="crm-customers">
      <header className="crm-card-head">
        <h2 id="crm-customers-title">{t("crm.figures.customers")}</h2>
      </header>
      <CustomerTableView {...table} segmentName={segmentName} />
    </section>
  );
}

const namingOf = (loaded: LoadedCustomers): ExportNaming => ({
  suffix: `${loaded.brand} ${loaded.current.start} ${loaded.current.end}`,
  caption: captionLine(loaded.brand, loaded.current.start, loaded.current.end),
});

/** The three sections, each drawn once its answer has come to it (a frame apart), its place until then. */
const Sections = memo(function Sections({ segments, grid, movement, onSegment }: {
  segments: ShownResult | null; grid: ShownResult | null; movement: ShownResult | null; onSegment: (index: number) => void;
}) {
  return (
    <>
      {segments === null ? (
        <SegmentsPlace />
      ) : (
        <SegmentsSection
          summary={segments.result.summary}
          naming={namingOf(segments.loaded)}
          onSegment={onSegment}
          previous={{ sizes: previousSegmentSizes(segments.result.transitions), period: comparedPeriod(segments.loaded) }}
          // A report scores segments without a KPI template: equal weights, the standard segments (docs/cir.md).
          reportAction={<AddToReportButton target={reportTarget("crm.segments", { brand: segments.loaded.brand, start: segments.loaded.current.start, end: segments.loaded.current.end })} label={t("crm.report.segments")} />}
        />
      )}
      {grid === null ? <GridPlace /> : <RfGridSection summary={grid.result.summary} naming={namingOf(grid.loaded)} />}
      {movement === null ? (
        <TransitionsPlace />
      ) : (
        <TransitionsSection transitions={movement.result.transitions} previous={periodText(movement.loaded.previous)} current={periodText(movement.loaded.current)} naming={namingOf(movement.loaded)} />
      )}
    </>
  );
});

export function CrmView({ brand, range, phase, clicks, onRemoveClick, onRetry, table, onSegment, kpi = null }: CrmViewProps) {
  const loaded = phase.kind === "scoring" || phase.kind === "ready" || phase.kind === "empty" ? phase.loaded : null;
  const deferred = useDeferredValue(phase);
  // One object per answer (the sections take it a frame later, src/components/frames.ts).
  const ready = phase.kind === "ready";
  const shown = useMemo(() => (ready && deferred.kind === "ready" ? { loaded: deferred.loaded, result: deferred.result } : null), [ready, deferred]);
  return (
    <section className="page crm-page" aria-labelledby="page-title" aria-busy={phase.kind === "loading" || phase.kind === "scoring"}>
      <header className="crm-header">
        <h1 id="page-title">{pageTitle()}</h1>
        <p className="muted">
          {t("crm.subtitle", { brand, period: periodText(range) })}
          {/* The comparison's place is kept while it loads, so the line wraps the same once it comes. */}
          {loaded !== null ? <>. {comparedText(loaded)}</> : <span className="skeleton-line crm-place-compared" aria-hidden="true" />}
        </p>
      </header>
      <FilterLine loaded={loaded} clicks={clicks} onRemoveClick={onRemoveClick} />
      {(phase.kind === "loading" || phase.kind === "scoring" || phase.kind === "ready") && (
        <Scored phase={phase} kpi={kpi} range={range} shown={shown} table={table} onSegment={onSegment} />
      )}
      {phase.kind === "failed" && <Failure error={phase.error} onRetry={onRetry} />}
      {phase.kind === "empty" && (
        <div className="empty-state" role="status">
          <i className="pi pi-users" aria-hidden="true" />
          <p className="empty-title">{t("crm.empty.title")}</p>
          <p className="muted">{t("crm.empty.hint")}</p>
        </div>
      )}
    </section>
  );
}
