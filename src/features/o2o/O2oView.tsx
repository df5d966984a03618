/**
 * The /o2o page as plain props: title, campaign selector, its own date range, the five tabs
 * (WAI-ARIA tabs, manual activation: arrows move focus, Enter or Space shows a tab, since
 * showing one loads it), and the shown tab's state: loading, failed with a retry, or its
 * content. Also the page-wide states before a tab can show: campaigns loading or failed, and
 * no campaigns at all.
 */
import { memo, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { O2O_TABS, type O2oCampaign, type O2oTabId } from "../../../domain/o2o";
import type { O2oRange } from "../../../machines/o2o/o2oTabs";
import type { O2oTabData } from "@/features/o2o/o2oData";
import { rangeProblem } from "@/features/o2o/o2oSearch";
import { O2oTabContent, O2oTabPlaces } from "@/features/o2o/O2oTabViews";
import { DateInput } from "@/components/ui/DateInput";
import { formatDay } from "@/components/format/dates";
import "./o2o.css";
import { LoadFailure } from "@/components/figures/LoadFailure";
import { t, translateMessage, type MessageKey } from "@/i18n/i18n";
import { AddToReportButton } from "@/components/cir/AddToReportButton";
import { reportTarget } from "@/components/cir/reportTargets";

/** The page's heading. */
export const pageTitle = (): string => t("o2o.title");

const TAB_LABEL = {
  vistors_insight: "o2o.tab.visitorsInsight",
  leads_bounced: "o2o.tab.leadsBounced",
  views_conversion: "o2o.tab.viewsConversion",
  views_demographic: "o2o.tab.viewsDemographic",
  views_dwell_time: "o2o.tab.viewsDwellTime",
} as const satisfies Record<O2oTabId, MessageKey>;

/** What the page can show now. */
export type O2oPhase =
  | { readonly kind: "campaignsLoading" }
  | { readonly kind: "campaignsFailed"; readonly error: string }
  | { readonly kind: "noCampaigns" }
  | { readonly kind: "tabLoading" }
  | { readonly kind: "tabFailed"; readonly error: string }
  | { readonly kind: "tabLoaded"; readonly data: O2oTabData };

/** A loaded tab whose panel stays in the page. */
export interface KeptTab {
  readonly tab: O2oTabId;
  readonly data: O2oTabData;
}

export interface O2oViewProps {
  /** Today's Bangkok day: the latest end date the range may have. */
  today: string;
  tab: O2oTabId;
  /** Known from the start: the link's, or the default range (domain/o2oRange.ts). */
  range: O2oRange;
  campaigns: readonly Pick<O2oCampaign, "id" | "name">[];
  campaignId: number | null;
  phase: O2oPhase;
  /**
   * The tabs loaded for the campaign and range shown (the active one included once loaded).
   * Their panels stay in the page, hidden, so that showing one again draws nothing.
   */
  kept?: readonly KeptTab[];
  onTab: (tab: O2oTabId) => void;
  onRange: (range: O2oRange) => void;
  onCampaign: (campaignId: number) => void;
  onRetry: () => void;
  /** The view's brand: "Add to report" freezes it with the campaign and the range. */
  brand?: string | undefined;
  /** The user may add to a report (permission 2): the buttons' place is kept while the page starts. */
  canReport?: boolean;
}

const labelOf = (tab: O2oTabId): string => t(TAB_LABEL[tab]);
const tabDomId = (tab: O2oTabId) => `o2o-tab-${tab}`;
const panelDomId = (tab: O2oTabId) => `o2o-panel-${tab}`;
/** A kept panel renders again only when its data changes (never in place): switching tabs redraws no chart. */
const KeptContent = memo(function KeptContent({ data }: { data: O2oTabData }) {
  return <O2oTabContent data={data} />;
});

export interface RangeControlProps {
  range: O2oRange;
  today: string;
  onRange: (range: O2oRange) => void;
}

/** Two YYYY-MM-DD date fields and Apply: a range is sent only whole and valid. */
export function RangeControl({ range, today, onRange }: RangeControlProps) {
  const [start, setStart] = useState(range.start);
  const [end, setEnd] = useState(range.end);
  const [shownProblem, setShownProblem] = useState<string | null>(null);
  const problemId = "o2o-range-problem";

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = rangeProblem({ start, end }, today);
    setShownProblem(problem);
    if (problem === null && (start !== range.start || end !== range.end)) onRange({ start, end });
  };

  return (
    <form className="o2o-range" onSubmit={submit} noValidate>
      <fieldset>
        <legend>{t("o2o.range.legend")}</legend>
        {/* YYYY-MM-DD like the top bar (spec §9); the range rules are checked on Apply. */}
        <DateInput
          label={t("o2o.range.from")}
          value={start}
          max={end !== "" && end < today ? end : today}
          boundsCheckedBy="form"
          invalid={shownProblem !== null}
          describedBy={shownProblem !== null ? problemId : undefined}
          onChange={setStart}
        />
        <DateInput
          label={t("o2o.range.to")}
          value={end}
          min={start !== "" ? start : undefined}
          max={today}
          boundsCheckedBy="form"
          invalid={shownProblem !== null}
          describedBy={shownProblem !== null ? problemId : undefined}
          onChange={setEnd}
        />
        <button type="submit" className="p-button p-component p-button-sm o2o-apply">
          {t("o2o.range.apply")}
        </button>
      </fieldset>
      {shownProblem !== null && (
        <p id={problemId} className="error" role="alert">
          {/* The message names today as an ISO day; shown in the user's calendar like the fields. */}
          {translateMessage(shownProblem).replace(today, formatDay(today))}
        </p>
      )}
    </form>
  );
}

function CampaignSelect({ campaigns, campaignId, onCampaign }: Pick<O2oViewProps, "campaigns" | "campaignId" | "onCampaign">) {
  return (
    <label className="o2o-campaign">
      <span>{t("o2o.campaign")}</span>
      <select
        className="p-inputtext p-component native-select"
        value={campaignId ?? ""}
        onChange={(e) => {
          const id = Number(e.target.value);
          if (id !== campaignId) onCampaign(id);
        }}
      >
        {campaigns.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </label>
  );
}

function Tabs({ tab, onTab, panels }: Pick<O2oViewProps, "tab" | "onTab"> & { panels: ReadonlySet<O2oTabId> }) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const tabs = [...(list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]') ?? [])];
    const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (at === -1) return;
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    tabs[(next + tabs.length) % tabs.length]?.focus();
  };
  return (
    <div className="o2o-tabs" role="tablist" aria-label={t("o2o.tabs")} ref={list} onKeyDown={onKeyDown}>
      {O2O_TABS.map((tb) => {
        const selected = tb.id === tab;
        return (
          <button
            key={tb.id}
            type="button"
            role="tab"
            id={tabDomId(tb.id)}
            aria-selected={selected}
            aria-controls={panels.has(tb.id) ? panelDomId(tb.id) : undefined}
            tabIndex={selected ? 0 : -1}
            className={selected ? "o2o-tab o2o-tab-selected" : "o2o-tab"}
            onClick={() => {
              if (!selected) onTab(tb.id);
            }}
          >
            {labelOf(tb.id)}
          </button>
        );
      })}
    </div>
  );
}

/**
 * A tab while it loads (issue 19): its layout (figure cards with their labels, the charts' places)
 * with the progress over its top corner, out of the flow, so nothing moves when the data comes.
 */
function Loading({ label, tab }: { label: string; tab: O2oTabId }) {
  return (
    <div className="o2o-tab-places">
      <div className="o2o-loading">
        <progress aria-label={label} />
        <span aria-hidden="true">{label}…</span>
      </div>
      <O2oTabPlaces tab={tab} />
    </div>
  );
}

/** The campaign selector's place while the campaigns load. */
function CampaignPlace() {
  return (
    <div className="o2o-campaign" aria-hidden="true">
      <span>{t("o2o.campaign")}</span>
      <span className="skeleton-block o2o-place-select" />
    </div>
  );
}

function TabBody({ phase, tab, onRetry }: { phase: O2oPhase; tab: O2oTabId; onRetry: () => void }) {
  const label = labelOf(tab);
  switch (phase.kind) {
    case "campaignsLoading":
    case "tabLoading":
      return <Loading label={t("o2o.loadingTab", { tab: label })} tab={tab} />;
    case "tabFailed":
      return <LoadFailure title={t("o2o.tabFailed", { tab: label })} error={phase.error} onRetry={onRetry} />;
    case "tabLoaded":
      return <O2oTabContent data={phase.data} />;
    default:
      return null;
  }
}

export function O2oView(props: O2oViewProps) {
  const { phase, tab, range, today, campaigns, campaignId, kept = [], onTab, onRange, onCampaign, onRetry, brand, canReport = false } = props;
  const withTabs = phase.kind !== "noCampaigns" && phase.kind !== "campaignsFailed";
  // The campaigns are still on their way: their selector and the report buttons keep their places.
  const starting = phase.kind === "campaignsLoading";
  // One panel per tab that has something to show: the active one, and the loaded ones (hidden).
  const panels = new Set<O2oTabId>([tab, ...kept.map((k) => k.tab)]);
  return (
    <section className="page o2o-page" aria-labelledby="page-title">
      <header className="o2o-header">
        <h1 id="page-title">{pageTitle()}</h1>
        <div className="o2o-controls">
          {/* Before the campaigns are known, the selector's place (issue 19). */}
          {campaigns.length > 0 ? <CampaignSelect campaigns={campaigns} campaignId={campaignId} onCampaign={onCampaign} /> : starting && <CampaignPlace />}
          {phase.kind !== "noCampaigns" && <RangeControl key={`${range.start}|${range.end}`} range={range} today={today} onRange={onRange} />}
        </div>
        {withTabs && brand !== undefined && campaignId !== null ? (
          <div className="chart-card-actions o2o-report-actions">
            <AddToReportButton target={reportTarget("o2o.figures", { brand, start: range.start, end: range.end, campaign: campaignId })} label={t("o2o.report.figures")} text={t("o2o.report.figuresButton")} />
            <AddToReportButton target={reportTarget("o2o.views", { brand, start: range.start, end: range.end, campaign: campaignId })} label={t("o2o.report.views")} text={t("o2o.report.viewsButton")} />
          </div>
        ) : (
          starting &&
          canReport && (
            // The two buttons, unseen: the place wraps as they will (on a phone, two lines).
            <div className="chart-card-actions o2o-report-actions o2o-report-place" aria-hidden="true">
              {[t("o2o.report.figuresButton"), t("o2o.report.viewsButton")].map((text) => (
                <button key={text} type="button" className="add-to-report" tabIndex={-1} disabled>
                  <i className="pi pi-file-plus" /> {text}
                </button>
              ))}
            </div>
          )
        )}
      </header>
      {phase.kind === "noCampaigns" && (
        <div className="empty-state" role="status">
          <i className="pi pi-map-marker" aria-hidden="true" />
          <p className="empty-title">{t("o2o.noCampaigns.title")}</p>
          <p className="muted">{t("o2o.noCampaigns.hint")}</p>
        </div>
      )}
      {phase.kind === "campaignsFailed" && <LoadFailure title={t("o2o.campaignsFailed")} error={phase.error} onRetry={onRetry} />}
      {withTabs && (
        <>
          <Tabs tab={tab} onTab={onTab} panels={panels} />
          {O2O_TABS.filter((tb) => panels.has(tb.id)).map(({ id }) => {
            const active = id === tab;
            const data = kept.find((k) => k.tab === id)?.data;
            return (
              <div key={id} className="o2o-panel" role="tabpanel" id={panelDomId(id)} aria-labelledby={tabDomId(id)} tabIndex={0} hidden={!active}>
                {active && (phase.kind !== "tabLoaded" || data === undefined) ? <TabBody phase={phase} tab={tab} onRetry={onRetry} /> : data !== undefined && <KeptContent data={data} />}
              </div>
            );
          })}
        </>
      )}
    </section>
  );
}
