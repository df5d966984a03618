/**
 * The KPI progress section of /brandEx (issue 4): for the selected KPI template, one table and
 * one chart per plan (MA, Ads). Props only; the figures come from `domain/kpiProgress`.
 */
import type { ReactNode } from "react";
import type { KpiProgress, PlanProgress, ProgressRow } from "../../../domain/kpiProgress";
import { figureChange, type Polarity } from "../../../domain/periodChange";
import { LazyPlot } from "@/components/charts/LazyPlot";
import { ChangeBadge } from "@/components/figures/ChangeBadge";
import type { KpiSection } from "@/features/brandEx/brandExData";
import {
  PACE_LABELS, PLAN_NAMES, chartLabel, chartLayout, chartTraces, formatCount, formatMoney, formatPercent, planNotes,
} from "@/features/brandEx/kpiProgressFormat";
import "./kpiProgress.css";

export interface KpiProgressViewProps {
  /** null while the page loads the first time. */
  kpi: KpiSection | null;
}

/** A missing figure: a dash on screen, its meaning for screen readers. */
function Missing({ meaning = "no data" }: { meaning?: string }) {
  return (
    <span className="no-data" title={meaning}>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{meaning}</span>
    </span>
  );
}

const figure = (n: number | null, format: (n: number) => string, meaning?: string): ReactNode =>
  n === null ? <Missing meaning={meaning} /> : format(n);

/** The change of a figure against the previous period of equal length (none when not compared). */
function Change({ current, previous, progress, polarity }: { current: number | null; previous: number | null; progress: KpiProgress; polarity: Polarity }) {
  if (progress.previous === null) return null;
  if (current === null) return <Missing />;
  return <ChangeBadge change={figureChange(current, previous, polarity)} period={progress.previous} />;
}

function cost(n: number | null, perThousand: boolean, meaning?: string): ReactNode {
  if (n === null) return <Missing meaning={meaning} />;
  return perThousand ? (
    <>
      {formatMoney(n)} <abbr title="cost per thousand impressions">CPM</abbr>
    </>
  ) : (
    formatMoney(n)
  );
}

/** A warning badge: its words carry the meaning, the colour repeats it. */
function Warning({ children }: { children: string }) {
  return (
    <span className="pace pace-warning">
      <i className="pi pi-exclamation-triangle" aria-hidden="true" />
      {children}
    </span>
  );
}

/** A figure out of plan, marked by colour and icon (the words are in the Pace column and the notes). */
function Flagged({ on, children }: { on: boolean; children: ReactNode }) {
  if (!on) return <>{children}</>;
  return (
    <span className="figure-warning">
      <i className="pi pi-exclamation-triangle" aria-hidden="true" />
      {children}
    </span>
  );
}

/**
 * The pace of the KPI, then any cost warning. Ahead is only shown as good (green) while the
 * spend and cost per unit hold: reaching more by spending 7 times the budget is not good news.
 */
function Pace({ row }: { row: ProgressRow }) {
  const costWarning = row.overBudget || row.costAbovePlan;
  const pace =
    row.paceStatus === null ? (
      <Missing meaning="no pace yet" />
    ) : (
      <span className={`pace pace-${row.paceStatus === "ahead" && costWarning ? "neutral" : row.paceStatus}`}>
        <i className={`pi ${{ ahead: "pi-arrow-up", "on-track": "pi-check", behind: "pi-arrow-down" }[row.paceStatus]}`} aria-hidden="true" />
        {PACE_LABELS[row.paceStatus]}
      </span>
    );
  if (!costWarning) return pace;
  return (
    <span className="pace-cell">
      {row.overBudget && <Warning>Over budget</Warning>}
      {row.costAbovePlan && <Warning>Cost above plan</Warning>}
      {pace}
    </span>
  );
}

function SpendSummary({ plan, progress }: { plan: PlanProgress; progress: KpiProgress }) {
  const s = plan.spend;
  return (
    <dl className="summary" aria-label={`${PLAN_NAMES[plan.plan]} spend vs budget`}>
      <div>
        <dt>Budget</dt>
        <dd>{figure(s.budget, formatMoney)}</dd>
      </div>
      <div>
        <dt>Spend</dt>
        <dd>{s.measured ? figure(s.spend, formatMoney) : "Not measured"}</dd>
      </div>
      {s.measured && progress.previous !== null && s.spend !== null && (
        <div>
          <dt>Spend vs previous period</dt>
          <dd>
            <Change current={s.spend} previous={s.previousSpend} progress={progress} polarity="neutral" />
          </dd>
        </div>
      )}
      {s.measured && (
        <>
          <div>
            <dt>Spend of budget</dt>
            <dd>
              {figure(s.percentOfBudget, formatPercent)}
              {s.overBudget && (
                <>
                  {" "}
                  <Warning>Over budget</Warning>
                </>
              )}
            </dd>
          </div>
          <div>
            <dt>Expected spend to date</dt>
            <dd>{figure(s.expectedToDate, formatMoney)}</dd>
          </div>
          <div>
            <dt>Projected spend</dt>
            <dd>{figure(s.projected, formatMoney)}</dd>
          </div>
        </>
      )}
    </dl>
  );
}

function PlanTable({ plan, progress }: { plan: PlanProgress; progress: KpiProgress }) {
  const name = PLAN_NAMES[plan.plan];
  const captionId = `kpi-${plan.plan}-caption`;
  const spendMeaning = plan.spend.measured ? "no data" : "not measured";
  return (
    <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="kpi-table">
        <caption id={captionId}>
          {name} targets and actual figures, {progress.start} to {progress.end}
        </caption>
        <thead>
          <tr>
            <th scope="col">Parameter</th>
            <th scope="col">Target</th>
            <th scope="col">Actual</th>
            <th scope="col">% of target</th>
            <th scope="col">Expected to date</th>
            <th scope="col">Projected end</th>
            <th scope="col">Pace</th>
            <th scope="col">Budget</th>
            <th scope="col">Spend</th>
            <th scope="col">Cost per unit planned</th>
            <th scope="col">Cost per unit achieved</th>
            <th scope="col">Actual vs previous period</th>
          </tr>
        </thead>
        <tbody>
          {plan.rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <td>{figure(row.target, formatCount, "no target")}</td>
              <td>{figure(row.actual, formatCount)}</td>
              <td>{figure(row.percentOfTarget, formatPercent)}</td>
              <td>{figure(row.expected, formatCount)}</td>
              <td>{figure(row.projected, formatCount)}</td>
              <td>
                <Pace row={row} />
              </td>
              <td>{figure(row.budget, formatMoney, "no budget")}</td>
              <td>
                <Flagged on={row.overBudget}>{figure(row.spend, formatMoney, spendMeaning)}</Flagged>
              </td>
              <td>{cost(row.plannedCostPerUnit, row.perThousand)}</td>
              <td>
                <Flagged on={row.costAbovePlan}>{cost(row.achievedCostPerUnit, row.perThousand, spendMeaning)}</Flagged>
              </td>
              <td>{progress.previous === null ? <Missing meaning="not compared" /> : <Change current={row.actual} previous={row.previousActual} progress={progress} polarity="higher-is-better" />}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Over budget, cost above plan and targets hit many times over, in plain words. */
function PlanNotes({ plan }: { plan: PlanProgress }) {
  const notes = planNotes(plan);
  if (notes.length === 0) return null;
  return (
    <ul className="plan-notes" aria-label={`${PLAN_NAMES[plan.plan]} notes`}>
      {notes.map((note) => (
        <li key={note} className={note.startsWith("Over budget") || note.startsWith("Cost above plan") ? "plan-note plan-note--warning" : "plan-note"}>
          {note}
        </li>
      ))}
    </ul>
  );
}

function PlanBlock({ plan, progress }: { plan: PlanProgress; progress: KpiProgress }) {
  const name = PLAN_NAMES[plan.plan];
  return (
    <section className="kpi-plan" aria-labelledby={`kpi-${plan.plan}-title`}>
      <h3 id={`kpi-${plan.plan}-title`}>{name}</h3>
      {plan.rows.length === 0 ? (
        <p className="muted">No {name} parameters are planned in this template.</p>
      ) : (
        <>
          <SpendSummary plan={plan} progress={progress} />
          <p className="muted note">
            {plan.spend.measured
              ? "Ad spend is measured per account, not per parameter: each parameter's spend is the Ads spend shared by its share of the budgets."
              : "No spend is measured for MA: organic posts have no ad spend in the data."}
          </p>
          <PlanNotes plan={plan} />
          <PlanTable plan={plan} progress={progress} />
          {plan.chart.lines.length > 0 ? (
            <LazyPlot data={chartTraces(plan.chart)} layout={chartLayout(plan.chart)} label={chartLabel(plan, progress.start, progress.end)} />
          ) : (
            <p className="muted">No daily figures to chart for {name} in this range.</p>
          )}
        </>
      )}
    </section>
  );
}

function periodText(p: KpiProgress): string {
  if (p.elapsedDays === 0) return `the range starts after today (${p.today})`;
  if (p.elapsedDays >= p.totalDays) return `the range has ended (${p.totalDays} days)`;
  return `day ${p.elapsedDays} of ${p.totalDays}`;
}

function Body({ kpi }: KpiProgressViewProps) {
  if (kpi === null) return <p className="muted" role="status">Loading KPI progress…</p>;
  switch (kpi.kind) {
    case "none":
      return (
        <div className="empty-state" role="status">
          <i className="pi pi-flag" aria-hidden="true" />
          <p className="empty-title">No KPI template selected</p>
          <p className="muted">Pick a KPI template in KPI Setting (the KPI button in the top bar) to see its targets against actual figures.</p>
        </div>
      );
    case "forbidden":
      return (
        <div className="empty-state" role="status">
          <i className="pi pi-lock" aria-hidden="true" />
          <p className="empty-title">No KPI progress</p>
          <p className="muted">Your account has no access to KPI templates.</p>
        </div>
      );
    case "missing":
      return (
        <p role="alert" className="error">
          The KPI template &lsquo;{kpi.title}&rsquo; no longer exists. Pick another one in KPI Setting.
        </p>
      );
    case "failed":
      return (
        <p role="alert" className="error">
          The progress of &lsquo;{kpi.title}&rsquo; could not be loaded: {kpi.message}
        </p>
      );
    case "ready": {
      const p = kpi.progress;
      return (
        <>
          <p className="muted">
            Template <strong>{p.title}</strong>, {p.start} to {p.end}: {periodText(p)}.
          </p>
          <PlanBlock plan={p.ma} progress={p} />
          <PlanBlock plan={p.ads} progress={p} />
        </>
      );
    }
  }
}

export function KpiProgressView({ kpi }: KpiProgressViewProps) {
  return (
    <section className="kpi-progress" aria-labelledby="kpi-progress-title">
      <h2 id="kpi-progress-title">KPI progress</h2>
      <Body kpi={kpi} />
    </section>
  );
}
