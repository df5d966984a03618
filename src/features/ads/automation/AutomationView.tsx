/**
 * The automation section of /ads as plain props: the brand's rules (each in words, Edit, Delete,
 * New rule) and the alerts panel (open by default, or acknowledged, or all: each alert's day,
 * rule, campaign, value against the threshold in the metric's unit; Acknowledge, Acknowledge all
 * shown, Check rules now). The statecharts are read by the container (`AdsAutomation.tsx`).
 */
import { useId } from "react";
import type { AdsAlertRecord, AdsCampaignRef, AdsRule } from "../../../../domain/adsContract";
import type { AlertsStatus } from "../../../../machines/ads/adsAlertsMachine";
import type { AlertsPanelView } from "../../../../machines/ads/adsAlertsSelectors";
import type { PagePhase } from "../../../../machines/shared/pageLoad";
import { downloadCsv, fileNameOf, toCsv } from "@/components/export/download";
import { ExportButtons } from "@/components/export/ExportButtons";
import { formatCount } from "@/components/format/numbers";
import { ALERT_CSV_COLUMNS, acknowledgedDay, alertThresholdText, alertValueText, metricLabel, scopeText } from "@/features/ads/automation/automationFormat";

const BUTTON = "p-button p-component p-button-sm";

export interface RulesListProps {
  brand: string;
  phase: PagePhase<readonly AdsRule[]>;
  campaigns: readonly AdsCampaignRef[];
  onNew: () => void;
  onEdit: (rule: AdsRule) => void;
  onDelete: (rule: AdsRule) => void;
  onRetry: () => void;
}

export function RulesList(p: RulesListProps) {
  const headingId = useId();
  const rules = p.phase.data ?? [];
  return (
    <section className="ads-rules" aria-labelledby={headingId}>
      <div className="automation-head">
        <h3 id={headingId}>Rules</h3>
        <button type="button" className={BUTTON} onClick={p.onNew}>
          <i className="pi pi-plus" aria-hidden="true" /> New rule
        </button>
      </div>
      {p.phase.kind === "failed" ? (
        <div className="automation-failure">
          <p className="error" role="alert">
            {p.phase.error}
          </p>
          <button type="button" className={`${BUTTON} p-button-outlined`} onClick={p.onRetry}>
            <i className="pi pi-refresh" aria-hidden="true" /> Try again
          </button>
        </div>
      ) : p.phase.kind === "loading" && p.phase.data === null ? (
        <p className="muted" role="status">
          Loading the rules…
        </p>
      ) : rules.length === 0 ? (
        <p className="muted">
          No rule yet for {p.brand}. A rule watches campaigns and raises an alert on every day its condition holds, e.g. "Frequency above 3 over the
          last 7 days".
        </p>
      ) : (
        <ul className="rule-list" aria-label={`Rules of ${p.brand}`}>
          {rules.map((rule) => (
            <li key={rule.id} className="rule-item">
              <div className="rule-body">
                <strong className="rule-name">{rule.name}</strong>
                <span className="rule-text">{rule.text}</span>
                <span className="rule-scope muted">{scopeText(rule.scope, p.brand, p.campaigns)}</span>
              </div>
              <div className="rule-actions">
                <button type="button" className={`${BUTTON} p-button-outlined`} aria-label={`Edit rule ${rule.name}`} onClick={() => p.onEdit(rule)}>
                  <i className="pi pi-pencil" aria-hidden="true" /> Edit
                </button>
                <button
                  type="button"
                  className={`${BUTTON} p-button-outlined p-button-danger`}
                  aria-label={`Delete rule ${rule.name}`}
                  onClick={() => p.onDelete(rule)}
                >
                  <i className="pi pi-trash" aria-hidden="true" /> Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const STATUS_CHOICES: readonly { status: AlertsStatus; label: string }[] = [
  { status: "open", label: "Open" },
  { status: "acknowledged", label: "Acknowledged" },
  { status: "all", label: "All (history)" },
];

export interface AlertsPanelProps {
  brand: string;
  start: string;
  end: string;
  view: AlertsPanelView;
  /** The brand's rules (each alert's metric and condition are its rule's), empty while they load. */
  rules: readonly AdsRule[];
  onStatus: (status: AlertsStatus) => void;
  onAcknowledge: (ids: readonly number[]) => void;
  onCheck: () => void;
  onRetry: () => void;
}

const statusWords = (status: AlertsStatus) => (status === "open" ? "open alerts" : status === "acknowledged" ? "acknowledged alerts" : "alerts");

export function AlertsPanel(p: AlertsPanelProps) {
  const headingId = useId();
  const name = useId();
  const { view } = p;
  const busy = view.phase === "loading" || view.acting !== null;
  const alerts = view.alerts ?? [];
  const open = alerts.filter((a) => a.acknowledgedAt === null);
  const ruleOf = (a: AdsAlertRecord) => p.rules.find((r) => r.id === a.ruleId) ?? null;
  const caption = `Alerts ${p.start} – ${p.end}`;
  return (
    <section className="ads-alerts" aria-labelledby={headingId} aria-busy={busy}>
      <div className="automation-head">
        <h3 id={headingId}>Alerts</h3>
        <div className="automation-actions">
          <button type="button" className={`${BUTTON} p-button-outlined`} onClick={p.onCheck} disabled={busy}>
            <i className={`pi ${view.acting === "checking" ? "pi-spin pi-spinner" : "pi-sync"}`} aria-hidden="true" /> Check rules now
          </button>
          {open.length > 0 && (
            <button type="button" className={BUTTON} onClick={() => p.onAcknowledge(open.map((a) => a.id))} disabled={busy}>
              <i className="pi pi-check" aria-hidden="true" /> Acknowledge all shown
            </button>
          )}
          <ExportButtons
            title="the alerts shown"
            disabled={alerts.length === 0}
            onCsv={() => downloadCsv(fileNameOf(`${p.brand} ads alerts ${view.status} ${p.start} ${p.end}`, "csv"), toCsv(alerts, ALERT_CSV_COLUMNS))}
          />
        </div>
      </div>
      <fieldset className="alerts-status">
        <legend className="visually-hidden">Alerts to show</legend>
        {STATUS_CHOICES.map((c) => (
          <label key={c.status} className={`alerts-status-choice${view.status === c.status ? " is-active" : ""}`}>
            <input type="radio" name={name} checked={view.status === c.status} onChange={() => p.onStatus(c.status)} />
            {c.label}
          </label>
        ))}
      </fieldset>
      {view.actionError !== null && (
        <p className="error" role="alert">
          {view.actionError}
        </p>
      )}
      {view.phase === "failed" ? (
        <div className="automation-failure">
          <p className="error" role="alert">
            {view.error}
          </p>
          <button type="button" className={`${BUTTON} p-button-outlined`} onClick={p.onRetry}>
            <i className="pi pi-refresh" aria-hidden="true" /> Try again
          </button>
        </div>
      ) : view.alerts === null ? (
        <p className="muted" role="status">
          Loading the alerts…
        </p>
      ) : alerts.length === 0 ? (
        <p className="muted" role="status">
          No {statusWords(view.status)} from {p.start} to {p.end}.
        </p>
      ) : (
        <>
          <p className="alerts-count muted" role="status">
            {view.total > alerts.length
              ? `The newest ${formatCount(alerts.length)} of ${formatCount(view.total)} ${statusWords(view.status)} from ${p.start} to ${p.end}.`
              : `${formatCount(view.total)} ${view.total === 1 ? statusWords(view.status).replace(/s$/, "") : statusWords(view.status)} from ${p.start} to ${p.end}.`}
          </p>
          <div className="table-scroll alerts-scroll" role="region" aria-label={caption} tabIndex={0}>
            <table>
              <caption className="visually-hidden">{caption}</caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Rule</th>
                  <th scope="col">Campaign</th>
                  <th scope="col">Value</th>
                  <th scope="col">Threshold</th>
                  <th scope="col">
                    <span className="visually-hidden">Acknowledged</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {alerts.map((a) => {
                  const rule = ruleOf(a);
                  const campaign = a.campaignName ?? (a.campaignId === null ? "All campaigns in scope" : a.campaignId);
                  return (
                    <tr key={a.id}>
                      <td className="alerts-day">{a.day}</td>
                      <th scope="row" className="alerts-rule">
                        {a.ruleName}
                        <span className="alerts-rule-text muted" title={a.ruleText}>
                          {rule === null ? a.ruleText : metricLabel(rule.metric)}
                        </span>
                      </th>
                      <td className="alerts-campaign" data-label="Campaign">{campaign}</td>
                      <td className="alerts-value" data-label="Value">{alertValueText(a.value, rule)}</td>
                      <td className="alerts-threshold" data-label="Threshold">{alertThresholdText(a.threshold, rule)}</td>
                      <td className="alerts-ack">
                        {a.acknowledgedAt === null ? (
                          <button
                            type="button"
                            className={`${BUTTON} p-button-outlined`}
                            aria-label={`Acknowledge the alert of ${a.ruleName} on ${campaign}, ${a.day}`}
                            onClick={() => p.onAcknowledge([a.id])}
                            disabled={busy}
                          >
                            Acknowledge
                          </button>
                        ) : (
                          <span className="muted">Acknowledged {acknowledgedDay(a.acknowledgedAt)}{a.acknowledgedBy === null ? "" : ` by ${a.acknowledgedBy}`}</span>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
