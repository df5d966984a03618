/**
 * The KPI progress section of /brandEx (issue 4): for the selected KPI template, one table and
 * one chart per plan (MA, Ads). Props only; the figures come from `domain/kpiProgress`.
 */
import { memo, type ReactNode } from "react";
import type { KpiProgress, PlanProgress, ProgressRow } from "../../../domain/kpiProgress";
import { figureChange, type Polarity } from "../../../domain/periodChange";
import { LazyPlot } from "@/components/charts/LazyPlot";
import { ChangeBadge } from "@/components/figures/ChangeBadge";
import type { KpiSection } from "@/features/brandEx/brandExData";
import {
  chartLabel, chartLayout, chartTraces, formatCount, formatMoney, formatPercent, paceLabel, planName, planNotes,
} from "@/features/brandEx/kpiProgressFormat";
import { paramLabel } from "@/features/brandEx/figureText";
import { formatDay } from "@/components/format/dates";
import { t, translateMessage } from "@/i18n/i18n";
import "./kpiProgress.css";

export interface KpiProgressViewProps {
  /** null while the page loads the first time. */
  kpi: KpiSection | null;
}

/** A missing figure: a dash on screen, its meaning for screen readers. */
function Missing({ meaning = t("brandEx.kpi.noData") }: { meaning?: string }) {
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
      {/* i18n-ignore: CPM is the term Thai marketers use too */}
      {formatMoney(n)} <abbr title={t("brandEx.kpi.cpmTitle")}>CPM</abbr>
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
      <Missing meaning={t("brandEx.kpi.noPace")} />
    ) : (
      <span className={`pace pace-${row.paceStatus === "ahead" && costWarning ? "neutral" : row.paceStatus}`}>
        <i className={`pi ${{ ahead: "pi-arrow-up", "on-track": "pi-check", behind: "pi-arrow-down" }[row.paceStatus]}`} aria-hidden="true" />
        {paceLabel(row.paceStatus)}
      </span>
    );
  if (!costWarning) return pace;
  return (
    <span className="pace-cell">
      {row.overBudget && <Warning>{t("brandEx.kpi.overBudget")}</Warning>}
      {row.costAbovePlan && <Warning>{t("brandEx.kpi.costAbovePlan")}</Warning>}
      {pace}
    </span>
  );
}

function SpendSummary({ plan, progress }: { plan: PlanProgress; progress: KpiProgress }) {
  const s = plan.spend;
  return (
    <dl className="summary" aria-label={t("brandEx.kpi.spendVsBudget", { plan: planName(plan.plan) })}>
      <div>
        <dt>{t("brandEx.kpi.budget")}</dt>
        <dd>{figure(s.budget, formatMoney)}</dd>
      </div>
      <div>
        <dt>{t("brandEx.kpi.spend")}</dt>
        <dd>{s.measured ? figure(s.spend, formatMoney) : t("brandEx.kpi.notMeasuredValue")}</dd>
      </div>
      {s.measured && progress.previous !== null && s.spend !== null && (
        <div>
          <dt>{t("brandEx.kpi.spendVsPrevious")}</dt>
          <dd>
            <Change current={s.spend} previous={s.previousSpend} progress={progress} polarity="neutral" />
          </dd>
        </div>
      )}
      {s.measured && (
        <>
          <div>
            <dt>{t("brandEx.kpi.spendOfBudget")}</dt>
            <dd>
              {figure(s.percentOfBudget, formatPercent)}
              {s.overBudget && (
                <>
                  {" "}
                  <Warning>{t("brandEx.kpi.overBudget")}</Warning>
                </>
              )}
            </dd>
          </div>
          <div>
            <dt>{t("brandEx.kpi.expectedSpend")}</dt>
            <dd>{figure(s.expectedToDate, formatMoney)}</dd>
          </div>
          <div>
            <dt>{t("brandEx.kpi.projectedSpend")}</dt>
            <dd>{figure(s.projected, formatMoney)}</dd>
          </div>
        </>
      )}
    </dl>
  );
}

function PlanTable({ plan, progress }: { plan: PlanProgress; progress: KpiProgress }) {
  const name = planName(plan.plan);
  const captionId = `kpi-${plan.plan}-caption`;
  const spendMeaning = plan.spend.measured ? t("brandEx.kpi.noData") : t("brandEx.kpi.notMeasured");
  return (
    <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="kpi-table">
        <caption id={captionId}>
          {t("brandEx.kpi.tableCaption", { plan: name, start: formatDay(progress.start), end: formatDay(progress.end) })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t("brandEx.kpi.col.parameter")}</th>
            <th scope="col">{t("brandEx.kpi.col.target")}</th>
            <th scope="col">{t("brandEx.kpi.col.actual")}</th>
            <th scope="col">{t("brandEx.kpi.col.percentOfTarget")}</th>
            <th scope="col">{t("brandEx.kpi.col.expected")}</th>
            <th scope="col">{t("brandEx.kpi.col.projected")}</th>
            <th scope="col">{t("brandEx.kpi.col.pace")}</th>
            <th scope="col">{t("brandEx.kpi.budget")}</th>
            <th scope="col">{t("brandEx.kpi.spend")}</th>
            <th scope="col">{t("brandEx.kpi.col.plannedCost")}</th>
            <th scope="col">{t("brandEx.kpi.col.achievedCost")}</th>
            <th scope="col">{t("brandEx.kpi.col.vsPrevious")}</th>
          </tr>
        </thead>
        <tbody>
          {plan.rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{paramLabel(row.key)}</th>
              <td>{figure(row.target, formatCount, t("brandEx.kpi.noTarget"))}</td>
              <td>{figure(row.actual, formatCount)}</td>
              <td>{figure(row.percentOfTarget, formatPercent)}</td>
              <td>{figure(row.expected, formatCount)}</td>
              <td>{figure(row.projected, formatCount)}</td>
              <td>
                <Pace row={row} />
              </td>
              <td>{figure(row.budget, formatMoney, t("brandEx.kpi.noBudget"))}</td>
              <td>
                <Flagged on={row.overBudget}>{figure(row.spend, formatMoney, spendMeaning)}</Flagged>
              </td>
              <td>{cost(row.plannedCostPerUnit, row.perThousand)}</td>
              <td>
                <Flagged on={row.costAbovePlan}>{cost(row.achievedCostPerUnit, row.perThousand, spendMeaning)}</Flagged>
              </td>
              <td>{progress.previous === null ? <Missing meaning={t("brandEx.kpi.notCompared")} /> : <Change current={row.actual} previous={row.previousActual} progress={progress} polarity="higher-is-better" />}</td>
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
    <ul className="plan-notes" aria-label={t("brandEx.kpi.notes", { plan: planName(plan.plan) })}>
      {notes.map((note) => (
        <li key={note.text} className={note.warning ? "plan-note plan-note--warning" : "plan-note"}>
          {note.text}
        </li>
      ))}
    </ul>
  );
}

function PlanBlock({ plan, progress }: { plan: PlanProgress; progress: KpiProgress }) {
  const name = planName(plan.plan);
  return (
    <section className="kpi-plan" aria-labelledby={`kpi-${plan.plan}-title`}>
      <h3 id={`kpi-${plan.plan}-title`}>{name}</h3>
      {plan.rows.length === 0 ? (
        <p className="muted">{t("brandEx.kpi.noParameters", { plan: name })}</p>
      ) : (
        <>
          <SpendSummary plan={plan} progress={progress} />
          <p className="muted note">
            {plan.spend.measured ? t("brandEx.kpi.spendNoteAds") : t("brandEx.kpi.spendNoteMa")}
          </p>
          <PlanNotes plan={plan} />
          <PlanTable plan={plan} progress={progress} />
          {plan.chart.lines.length > 0 ? (
            <LazyPlot data={chartTraces(plan.chart)} layout={chartLayout(plan.chart)} label={chartLabel(plan, progress.start, progress.end)} />
          ) : (
            <p className="muted">{t("brandEx.kpi.noChart", { plan: name })}</p>
          )}
        </>
      )}
    </section>
  );
}

function periodText(p: KpiProgress): string {
  if (p.elapsedDays === 0) return t("brandEx.kpi.period.notStarted", { today: formatDay(p.today) });
  if (p.elapsedDays >= p.totalDays) return t("brandEx.kpi.period.ended", { days: p.totalDays });
  return t("brandEx.kpi.period.day", { day: p.elapsedDays, days: p.totalDays });
}

function Body({ kpi }: KpiProgressViewProps) {
  if (kpi === null) return <p className="muted" role="status">{t("brandEx.kpi.loading")}</p>;
  switch (kpi.kind) {
    case "none":
      return (
        <div className="empty-state" role="status">
          <i className="pi pi-flag" aria-hidden="true" />
          <p className="empty-title">{t("brandEx.kpi.none.title")}</p>
          <p className="muted">{t("brandEx.kpi.none.hint")}</p>
        </div>
      );
    case "forbidden":
      return (
        <div className="empty-state" role="status">
          <i className="pi pi-lock" aria-hidden="true" />
          <p className="empty-title">{t("brandEx.kpi.forbidden.title")}</p>
          <p className="muted">{t("brandEx.kpi.forbidden.hint")}</p>
        </div>
      );
    case "missing":
      return (
        <p role="alert" className="error">
          {t("brandEx.kpi.missing", { title: kpi.title })}
        </p>
      );
    case "failed":
      return (
        <p role="alert" className="error">
          {t("brandEx.kpi.failed", { title: kpi.title, message: translateMessage(kpi.message) })}
        </p>
      );
    case "ready": {
      const p = kpi.progress;
      return (
        <>
          <p className="muted">
            {t("brandEx.kpi.template")} <strong>{p.title}</strong>
            {t("brandEx.kpi.templateRange", { start: formatDay(p.start), end: formatDay(p.end), period: periodText(p) })}
          </p>
          <PlanBlock plan={p.ma} progress={p} />
          <PlanBlock plan={p.ads} progress={p} />
        </>
      );
    }
  }
}

export const KpiProgressView = memo(function KpiProgressView({ kpi }: KpiProgressViewProps) {
  return (
    <section className="kpi-progress" aria-labelledby="kpi-progress-title">
      <h2 id="kpi-progress-title">{t("brandEx.kpi.title")}</h2>
      <Body kpi={kpi} />
    </section>
  );
});
