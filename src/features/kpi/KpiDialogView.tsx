/**
 * The KPI template dialog as plain props (spec §2 "KPI template dialog", §4, §5). The container
 * (`KpiDialog.tsx`) reads the `kpiDialog` machine and passes the form and what to send; every
 * figure (Remaining Budget, Remaining Percent, cost per unit, warnings) is derived here from the
 * form with the pure rules of `domain/kpi.ts` and `domain/kpiPlan.ts`.
 *
 * Layout decision: the toggle cards select the parameters of the plan whose tab is open (MA or
 * Ads), so a plan can track Reach in MA and Impression in Ads without empty rows; Remaining
 * Budget sits at the right of the name and Budget fields and counts both plans.
 */
import { memo, useMemo, useRef } from "react";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { InputText } from "@/components/ui/InputText";
import { TabPanel, TabView } from "@/components/ui/TabView";
import {
  RfmSettingNames, SelectableKpiParams,
  type KpiParamKey, type KpiPlan, type KpiTemplate, type PeriodEntry, type RfmSettingName, type RfmWeight, type Segment,
} from "../../../domain/entities";
import { costPerUnit, remainingBudget, remainingPercent } from "../../../domain/kpi";
import { kpiWarnings, periodsRange, periodsTotal, planBudgetTotal, type SegmentIssues } from "../../../domain/kpiPlan";
import { formatBaht, formatFixed2, formatMonth } from "@/features/kpi/kpiFormat";
import "@/features/kpi/kpi.css";

/** Spec §2: the KPI form dialog is 1080 wide. */
const DIALOG_WIDTH = 1080;

export type KpiTab = "ma" | "ads" | "rfm";
export type RfmTab = "rfm" | "segment";
export type PlanName = "MA" | "ADS";

const TABS: readonly KpiTab[] = ["ma", "ads", "rfm"];
const RFM_TABS: readonly RfmTab[] = ["rfm", "segment"];
const PLAN_LABEL: Record<PlanName, string> = { MA: "MA", ADS: "Ads" };

export interface KpiDialogHandlers {
  onClose: () => void;
  onSubmit: () => void;
  onTab: (tab: KpiTab) => void;
  onRfmTab: (tab: RfmTab) => void;
  onTitle: (title: string) => void;
  onBudget: (text: string) => void;
  onParams: (plan: PlanName, params: KpiParamKey[]) => void;
  onParam: (plan: PlanName, param: KpiParamKey, field: "kpi" | "budget", text: string) => void;
  onAdsRange: (start: string, end: string) => void;
  onAdsRangeCleared: () => void;
  onPeriod: (index: number, text: string) => void;
  onRespread: () => void;
  onWeight: (name: RfmSettingName, text: string) => void;
  onSegmentAdd: () => void;
  onSegmentRemove: (index: number) => void;
  onSegmentChange: (index: number, patch: { name?: string; rank?: number }) => void;
  onSegmentBound: (index: number, setting: RfmSettingName, min: number | null, max: number | null) => void;
}

export interface KpiDialogViewProps extends KpiDialogHandlers {
  visible: boolean;
  heading: string;
  submitLabel: string;
  form: KpiTemplate | null;
  selected: { readonly MA: readonly KpiParamKey[]; readonly ADS: readonly KpiParamKey[] };
  tab: KpiTab;
  rfmTab: RfmTab;
  saving: boolean;
  error: string | null;
}

/** The RFM weights and segments of a template, whatever order its RFM blocks come in. */
export function rfmOf(form: KpiTemplate): { weights: readonly RfmWeight[]; segments: readonly Segment[] } {
  let weights: readonly RfmWeight[] = [];
  let segments: readonly Segment[] = [];
  for (const block of form.RFM) {
    if ("setting" in block) weights = block.setting;
    else segments = block.segment;
  }
  return { weights, segments };
}

export function KpiDialogView(p: KpiDialogViewProps) {
  const nameInput = useRef<HTMLInputElement>(null);
  const form = p.form;
  const figures = useMemo(() => {
    if (form === null) return null;
    const { weights, segments } = rfmOf(form);
    const budgetLeft = remainingBudget(form);
    const percentLeft = remainingPercent(weights);
    return {
      weights,
      segments,
      budgetLeft,
      percentLeft,
      warnings: kpiWarnings({ remainingBudget: budgetLeft, remainingPercent: percentLeft, weights, ads: form.ADS, segments }),
    };
  }, [form]);

  return (
    <Dialog
      visible={p.visible && form !== null}
      // Focus the name, unless the user already clicked into another field while the dialog was opening.
      onShow={() => {
        if (!nameInput.current?.form?.contains(document.activeElement)) nameInput.current?.focus();
      }}
      onHide={() => {
        if (!p.saving) p.onClose();
      }}
      header={p.heading}
      style={{ width: `${DIALOG_WIDTH}px`, maxWidth: "calc(100vw - 16px)" }}
      closable={!p.saving}
      className="kpi-dialog"
      footer={
        <div className="kpi-dialog__footer">
          {p.tab === "rfm" ? (
            <Button
              type="button"
              label="+ Add KPI Segment"
              outlined
              onClick={() => {
                p.onSegmentAdd();
                p.onRfmTab("segment");
              }}
              disabled={p.saving}
            />
          ) : (
            <span />
          )}
          <Button type="submit" form="kpi-template-form" label={p.submitLabel} loading={p.saving} />
        </div>
      }
    >
      {form !== null && figures !== null && (
        <form
          id="kpi-template-form"
          className="kpi-form"
          aria-label={p.heading}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            p.onSubmit();
          }}
        >
          <div className="kpi-form__head">
            <div className="field">
              <label htmlFor="kpi-title">Template name</label>
              <InputText ref={nameInput} id="kpi-title" value={form.title} maxLength={100} onChange={(e) => p.onTitle(e.target.value)} disabled={p.saving} />
            </div>
            <div className="field">
              <label htmlFor="kpi-budget">Budget</label>
              <InputText id="kpi-budget" inputMode="decimal" value={String(form.Budget)} onChange={(e) => p.onBudget(e.target.value)} disabled={p.saving} />
            </div>
            <Figure
              label="Remaining Budget"
              value={formatBaht(figures.budgetLeft)}
              warning={figures.warnings.budgetOver ? `Over budget by ${formatBaht(-figures.budgetLeft)}: the MA and Ads budgets exceed the template Budget.` : null}
            />
          </div>
          {p.error !== null && (
            <p className="form-error" role="alert">
              The template was not saved: {p.error}
            </p>
          )}
          <TabView activeIndex={TABS.indexOf(p.tab)} onTabChange={(e) => p.onTab(TABS[e.index] ?? "ma")}>
            <TabPanel header="MA">
              <PlanPanel plan="MA" value={form.MA} selected={p.selected.MA} disabled={p.saving} onParams={p.onParams} onParam={p.onParam} />
            </TabPanel>
            <TabPanel header="Ads">
              <PlanPanel plan="ADS" value={form.ADS} selected={p.selected.ADS} disabled={p.saving} onParams={p.onParams} onParam={p.onParam} />
              <AdsPeriods
                plan={form.ADS}
                mismatch={figures.warnings.periodsMismatch}
                disabled={p.saving}
                onRange={p.onAdsRange}
                onCleared={p.onAdsRangeCleared}
                onPeriod={p.onPeriod}
                onRespread={p.onRespread}
              />
            </TabPanel>
            <TabPanel header="RFM Setting">
              <TabView activeIndex={RFM_TABS.indexOf(p.rfmTab)} onTabChange={(e) => p.onRfmTab(RFM_TABS[e.index] ?? "rfm")} className="kpi-subtabs">
                <TabPanel header="RFM">
                  <RfmWeights
                    weights={figures.weights}
                    left={figures.percentLeft}
                    over={figures.warnings.percentOver}
                    not100={figures.warnings.weightsNot100}
                    disabled={p.saving}
                    onWeight={p.onWeight}
                  />
                </TabPanel>
                <TabPanel header="Segment">
                  <SegmentCards
                    segments={figures.segments}
                    issues={figures.warnings.segments}
                    disabled={p.saving}
                    onRemove={p.onSegmentRemove}
                    onChange={p.onSegmentChange}
                    onBound={p.onSegmentBound}
                  />
                </TabPanel>
              </TabView>
            </TabPanel>
          </TabView>
        </form>
      )}
    </Dialog>
  );
}

/** A computed figure with its label, and a visible warning beside it when it is out of bounds. */
function Figure({ label, value, warning }: { label: string; value: string; warning: string | null }) {
  return (
    <div className={warning === null ? "kpi-figure" : "kpi-figure kpi-figure--warn"}>
      <span className="kpi-figure__label" id={`figure-${label.replace(/\s+/g, "-")}`}>
        {label}
      </span>
      <output className="kpi-figure__value" aria-labelledby={`figure-${label.replace(/\s+/g, "-")}`}>
        {value}
      </output>
      {warning !== null && (
        <small className="form-warning" role="status">
          <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {warning}
        </small>
      )}
    </div>
  );
}

interface PlanPanelProps {
  plan: PlanName;
  value: KpiPlan;
  selected: readonly KpiParamKey[];
  disabled: boolean;
  onParams: KpiDialogHandlers["onParams"];
  onParam: KpiDialogHandlers["onParam"];
}

/** Toggle cards for the plan's parameters, then one row per selected parameter. */
const PlanPanel = memo(function PlanPanel({ plan, value, selected, disabled, onParams, onParam }: PlanPanelProps) {
  const chosen = new Set(selected);
  const toggle = (key: KpiParamKey) =>
    onParams(plan, chosen.has(key) ? selected.filter((k) => k !== key) : [...selected, key]);
  const rows = SelectableKpiParams.filter((p) => chosen.has(p.key));
  return (
    <div className="kpi-plan">
      <div role="group" aria-label={`KPI parameters (${PLAN_LABEL[plan]})`} className="kpi-cards">
        {SelectableKpiParams.map(({ key, label }) => (
          <button
            key={key}
            type="button"
            className={chosen.has(key) ? "kpi-card kpi-card--on" : "kpi-card"}
            aria-pressed={chosen.has(key)}
            disabled={disabled}
            onClick={() => toggle(key)}
          >
            <i className={chosen.has(key) ? "pi pi-check-circle" : "pi pi-circle"} aria-hidden="true" />
            {label}
          </button>
        ))}
      </div>
      {rows.length === 0 ? (
        <p className="muted">Select the parameters this {PLAN_LABEL[plan]} plan targets.</p>
      ) : (
        <table className="kpi-rows">
          <caption className="visually-hidden">{PLAN_LABEL[plan]} budget and KPI per parameter</caption>
          <thead>
            <tr>
              <th scope="col">Parameter</th>
              <th scope="col">Budget (THB)</th>
              <th scope="col">KPI</th>
              <th scope="col">Cost per unit</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ key, label }) => {
              const v = value[key];
              const cpuLabel = key === "impression" ? "CPM" : "Cost per unit";
              return (
                <tr key={key}>
                  <th scope="row">{label}</th>
                  <td>
                    <InputText
                      aria-label={`${label} budget`}
                      inputMode="decimal"
                      value={String(v.budget)}
                      disabled={disabled}
                      onChange={(e) => onParam(plan, key, "budget", e.target.value)}
                    />
                  </td>
                  <td>
                    <InputText
                      aria-label={`${label} KPI`}
                      inputMode="decimal"
                      value={String(v.kpi)}
                      disabled={disabled}
                      onChange={(e) => onParam(plan, key, "kpi", e.target.value)}
                    />
                  </td>
                  <td>
                    <span className="kpi-cpu">
                      <span className="kpi-cpu__label">{cpuLabel}</span>{" "}
                      <output aria-label={`${label} ${cpuLabel}`}>{formatFixed2(costPerUnit(v.budget, v.kpi, key))}</output>
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
});

interface AdsPeriodsProps {
  plan: KpiPlan;
  mismatch: boolean;
  disabled: boolean;
  onRange: (start: string, end: string) => void;
  onCleared: () => void;
  onPeriod: (index: number, text: string) => void;
  onRespread: () => void;
}

/** The Ads date range and its monthly periods (`setMonth`). */
function AdsPeriods({ plan, mismatch, disabled, onRange, onCleared, onPeriod, onRespread }: AdsPeriodsProps) {
  const range = periodsRange(plan.setMonth);
  const start = range?.start ?? "";
  const end = range?.end ?? "";
  const pick = (nextStart: string, nextEnd: string) => {
    if (nextStart === "" && nextEnd === "") return onCleared();
    // One end picked so far: the range is that one day until the other end is picked.
    const [a, b] = [nextStart || nextEnd, nextEnd || nextStart];
    onRange(a <= b ? a : b, a <= b ? b : a);
  };
  const adsBudget = planBudgetTotal(plan);
  return (
    <fieldset className="kpi-periods" disabled={disabled}>
      <legend>Ads period</legend>
      <div className="kpi-periods__range">
        <div className="field">
          <label htmlFor="kpi-ads-start">Ads start date</label>
          <input id="kpi-ads-start" className="p-inputtext p-component" type="date" value={start} max={end || undefined} onChange={(e) => pick(e.target.value, end)} />
        </div>
        <div className="field">
          <label htmlFor="kpi-ads-end">Ads end date</label>
          <input id="kpi-ads-end" className="p-inputtext p-component" type="date" value={end} min={start || undefined} onChange={(e) => pick(start, e.target.value)} />
        </div>
      </div>
      <p className="muted">
        The Ads budget is spread over the months of this range pro rata by days. You can change a month&apos;s share;
        changing an Ads budget spreads it again.
      </p>
      {plan.setMonth.length > 0 && (
        <>
          <table className="kpi-rows kpi-months">
            <caption className="visually-hidden">Ads budget per month</caption>
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col">Days</th>
                <th scope="col">Budget (THB)</th>
              </tr>
            </thead>
            <tbody>
              {plan.setMonth.map((period: PeriodEntry, index) => (
                <tr key={period.startDate}>
                  <th scope="row">{formatMonth(period.startDate)}</th>
                  <td>
                    {period.startDate.slice(0, 10)} to {period.endDate.slice(0, 10)}
                  </td>
                  <td>
                    <InputText
                      aria-label={`Budget for ${formatMonth(period.startDate)}`}
                      inputMode="decimal"
                      value={String(period.budget)}
                      onChange={(e) => onPeriod(index, e.target.value)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className={mismatch ? "kpi-figure kpi-figure--warn" : "kpi-figure"}>
            <span>
              Months total {formatBaht(periodsTotal(plan.setMonth))} of Ads budget {formatBaht(adsBudget)}
            </span>
            {mismatch && (
              <small className="form-warning" role="status">
                <i className="pi pi-exclamation-triangle" aria-hidden="true" /> The months do not add up to the Ads budget.
              </small>
            )}
            <Button type="button" label="Spread by days" text onClick={onRespread} />
          </div>
        </>
      )}
    </fieldset>
  );
}

interface RfmWeightsProps {
  weights: readonly RfmWeight[];
  left: number;
  over: boolean;
  not100: boolean;
  disabled: boolean;
  onWeight: (name: RfmSettingName, text: string) => void;
}

function RfmWeights({ weights, left, over, not100, disabled, onWeight }: RfmWeightsProps) {
  const byName = new Map(weights.map((w) => [w.name, w.weight]));
  const warning = over
    ? `The weights exceed 100% by ${formatFixed2(-left)}.`
    : not100
      ? "The weights should total 100%."
      : null;
  return (
    <div className="kpi-rfm">
      <Figure label="Remaining Percent" value={`${formatFixed2(left)}%`} warning={warning} />
      <div className="kpi-rfm__weights">
        {RfmSettingNames.map((name) => (
          <div className="field" key={name}>
            <label htmlFor={`kpi-weight-${name}`}>{name} weight (%)</label>
            <InputText
              id={`kpi-weight-${name}`}
              inputMode="decimal"
              value={String(byName.get(name) ?? "")}
              disabled={disabled}
              onChange={(e) => onWeight(name, e.target.value)}
            />
          </div>
        ))}
      </div>
    </div>
  );
}

interface SegmentCardsProps {
  segments: readonly Segment[];
  issues: readonly SegmentIssues[];
  disabled: boolean;
  onRemove: (index: number) => void;
  onChange: (index: number, patch: { name?: string; rank?: number }) => void;
  onBound: (index: number, setting: RfmSettingName, min: number | null, max: number | null) => void;
}

const scoreOf = (text: string): number | null => {
  const digits = text.replace(/\D/g, "");
  return digits === "" ? null : Number(digits);
};

function SegmentCards({ segments, issues, disabled, onRemove, onChange, onBound }: SegmentCardsProps) {
  if (segments.length === 0) return <p className="muted">No segments. Add one with '+ Add KPI Segment'.</p>;
  return (
    <ul className="kpi-segments" aria-label="Segments">
      {segments.map((segment, index) => {
        const issue = issues[index];
        const n = index + 1;
        const notes = [
          issue?.blankName ? "The segment needs a name." : null,
          issue?.duplicateName ? "Another segment has this name." : null,
          issue?.duplicateRank ? "Another segment has this rank." : null,
          issue?.invertedBounds ? "A minimum is above its maximum." : null,
        ].filter((x): x is string => x !== null);
        const bounds = new Map((segment.setting ?? []).map((b) => [b.name, b]));
        return (
          // Index keys: cards have no id and a name may be blank or repeated while typing.
          <li key={index} className={notes.length > 0 ? "kpi-segment kpi-segment--warn" : "kpi-segment"} aria-label={`Segment ${n}`}>
            <div className="kpi-segment__main">
              <div className="field">
                <label htmlFor={`kpi-seg-name-${index}`}>Segment {n} name</label>
                <InputText
                  id={`kpi-seg-name-${index}`}
                  value={segment.name}
                  maxLength={100}
                  disabled={disabled}
                  aria-invalid={issue?.blankName === true || issue?.duplicateName === true}
                  onChange={(e) => onChange(index, { name: e.target.value })}
                />
              </div>
              <div className="field kpi-segment__rank">
                <label htmlFor={`kpi-seg-rank-${index}`}>Segment {n} rank</label>
                <InputText
                  id={`kpi-seg-rank-${index}`}
                  inputMode="numeric"
                  value={String(segment.rank)}
                  disabled={disabled}
                  aria-invalid={issue?.duplicateRank === true}
                  onChange={(e) => {
                    const rank = scoreOf(e.target.value);
                    if (rank !== null) onChange(index, { rank });
                  }}
                />
              </div>
              <Button
                type="button"
                icon="pi pi-trash"
                text
                rounded
                severity="danger"
                aria-label={`Delete segment ${segment.name.trim() || n}`}
                disabled={disabled}
                onClick={() => onRemove(index)}
              />
            </div>
            <details className="kpi-segment__bounds" open={bounds.size > 0}>
              <summary>Score ranges (1–5, optional)</summary>
              {RfmSettingNames.map((setting) => {
                const b = bounds.get(setting);
                const min = b?.min ?? null;
                const max = b?.max ?? null;
                return (
                  <div className="kpi-bound" key={setting}>
                    <span className="kpi-bound__name">{setting}</span>
                    <InputText
                      aria-label={`Segment ${n} ${setting} min`}
                      inputMode="numeric"
                      value={min === null ? "" : String(min)}
                      disabled={disabled}
                      onChange={(e) => onBound(index, setting, scoreOf(e.target.value), max)}
                    />
                    <span aria-hidden="true">to</span>
                    <InputText
                      aria-label={`Segment ${n} ${setting} max`}
                      inputMode="numeric"
                      value={max === null ? "" : String(max)}
                      disabled={disabled}
                      onChange={(e) => onBound(index, setting, min, scoreOf(e.target.value))}
                    />
                  </div>
                );
              })}
            </details>
            {notes.map((note) => (
              <small key={note} className="form-warning" role="status">
                <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {note}
              </small>
            ))}
          </li>
        );
      })}
    </ul>
  );
}
