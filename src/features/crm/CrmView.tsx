/**
 * The /crm page as plain props: heading, brand and range, the filter the customers are narrowed
 * to (with the page's chart clicks as removable chips), which KPI template's weights and segments
 * score them, and the phase: loading, scoring with progress, empty, failed with Try again, or the
 * figures and the customer table.
 */
import type { ChartClick } from "../../../domain/commerceFilter";
import type { CrmResult, LoadedCustomers } from "@/features/crm/crmLoaders";
import { CustomerTableView, type CustomerTableViewProps } from "@/features/crm/CrmCustomerTable";
import { KeyFigures, RfGridSection, SegmentsSection, TransitionsSection } from "@/features/crm/CrmSections";
import { captionLine } from "@/components/export/imageLayout";
import { clickText, comparedPeriod, comparedText, previousSegmentSizes, filterSourceText, filterText, formatCount, periodText, sourceLine } from "@/features/crm/crmFormat";
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
}

function FilterLine({ loaded, clicks, onRemoveClick }: { loaded: LoadedCustomers | null; clicks: CrmViewProps["clicks"]; onRemoveClick: CrmViewProps["onRemoveClick"] }) {
  const source = loaded === null ? null : filterSourceText(loaded.filterSource);
  return (
    <div className="crm-filter">
      {loaded !== null && (
        <p>
          <span className="crm-label">{t("crm.filter.customersOf")} </span>
          {filterText(loaded.filter)}
          {source !== null && <> ({source})</>}
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

function ScoringSource({ result }: { result: CrmResult }) {
  const line = sourceLine(result.source, result.weighting, result.rules);
  return (
    <section className="crm-source" aria-label={t("crm.source.region")}>
      <p>{line.text}</p>
      <p>
        <span className="crm-label">{t("crm.source.weightsLabel")} </span>
        {line.weights}
      </p>
      {line.notes.map((note) => (
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

function Ready({ loaded, result, table, onSegment }: { loaded: LoadedCustomers; result: CrmResult; table: CrmViewProps["table"]; onSegment: (index: number) => void }) {
  const naming = { suffix: `${loaded.brand} ${loaded.current.start} ${loaded.current.end}`, caption: captionLine(loaded.brand, loaded.current.start, loaded.current.end) };
  const segment = table.query.segment;
  const segmentName = segment === null ? null : (result.summary.segments.find((s) => s.index === segment)?.name ?? null);
  return (
    <>
      <ScoringSource result={result} />
      <div className="chart-card-actions crm-report-actions">
        <AddToReportButton target={reportTarget("crm.figures", { brand: loaded.brand, start: loaded.current.start, end: loaded.current.end })} label={t("crm.report.figures")} />
      </div>
      <KeyFigures summary={result.summary} periods={loaded} />
      <SegmentsSection
        summary={result.summary}
        naming={naming}
        onSegment={onSegment}
        previous={{ sizes: previousSegmentSizes(result.transitions), period: comparedPeriod(loaded) }}
        // A report scores segments without a KPI template: equal weights, the standard segments (docs/cir.md).
        reportAction={<AddToReportButton target={reportTarget("crm.segments", { brand: loaded.brand, start: loaded.current.start, end: loaded.current.end })} label={t("crm.report.segments")} />}
      />
      <RfGridSection summary={result.summary} naming={naming} />
      <TransitionsSection transitions={result.transitions} previous={periodText(loaded.previous)} current={periodText(loaded.current)} naming={naming} />
      <section className="crm-card" aria-labelledby="crm-customers-title" id="crm-customers">
        <header className="crm-card-head">
          <h2 id="crm-customers-title">{t("crm.figures.customers")}</h2>
        </header>
        <CustomerTableView {...table} segmentName={segmentName} />
      </section>
    </>
  );
}

export function CrmView({ brand, range, phase, clicks, onRemoveClick, onRetry, table, onSegment }: CrmViewProps) {
  const loaded = phase.kind === "scoring" || phase.kind === "ready" || phase.kind === "empty" ? phase.loaded : null;
  return (
    <section className="page crm-page" aria-labelledby="page-title" aria-busy={phase.kind === "loading" || phase.kind === "scoring"}>
      <header className="crm-header">
        <h1 id="page-title">{pageTitle()}</h1>
        <p className="muted">
          {t("crm.subtitle", { brand, period: periodText(range) })}
          {loaded !== null && <>. {comparedText(loaded)}</>}
        </p>
      </header>
      <FilterLine loaded={loaded} clicks={clicks} onRemoveClick={onRemoveClick} />
      {phase.kind === "loading" && <Progress label={t("crm.loading.label")} percent={null} detail={t("crm.loading.text")} />}
      {phase.kind === "scoring" && (
        <Progress
          label={t("crm.scoring.label")}
          percent={Math.round(phase.progress * 100)}
          detail={t("crm.scoring.text", { count: phase.loaded.current.customers, customers: formatCount(phase.loaded.current.customers) })}
        />
      )}
      {phase.kind === "failed" && <Failure error={phase.error} onRetry={onRetry} />}
      {phase.kind === "empty" && (
        <div className="empty-state" role="status">
          <i className="pi pi-users" aria-hidden="true" />
          <p className="empty-title">{t("crm.empty.title")}</p>
          <p className="muted">{t("crm.empty.hint")}</p>
        </div>
      )}
      {phase.kind === "ready" && <Ready loaded={phase.loaded} result={phase.result} table={table} onSegment={onSegment} />}
    </section>
  );
}
