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
import { formatDay } from "@/components/format/dates";
import { acknowledgedDay, alertCampaign, alertCsvColumns, alertThresholdText, alertValueText, metricLabel, ruleTextShown, scopeText } from "@/features/ads/automation/automationFormat";
import { t, translateMessage, type MessageKey } from "@/i18n/i18n";

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
        <h3 id={headingId}>{t("ads.rules.title")}</h3>
        <button type="button" className={BUTTON} onClick={p.onNew}>
          <i className="pi pi-plus" aria-hidden="true" /> {t("ads.rules.new")}
        </button>
      </div>
      {p.phase.kind === "failed" ? (
        <div className="automation-failure">
          <p className="error" role="alert">
            {translateMessage(p.phase.error)}
          </p>
          <button type="button" className={`${BUTTON} p-button-outlined`} onClick={p.onRetry}>
            <i className="pi pi-refresh" aria-hidden="true" /> {t("common.action.tryAgain")}
          </button>
        </div>
      ) : p.phase.kind === "loading" && p.phase.data === null ? (
        <p className="muted" role="status">
          {t("ads.rules.loading")}
        </p>
      ) : rules.length === 0 ? (
        <p className="muted">
          {t("ads.rules.empty", { brand: p.brand })}
        </p>
      ) : (
        <ul className="rule-list" aria-label={t("ads.rules.label", { brand: p.brand })}>
          {rules.map((rule) => (
            <li key={rule.id} className="rule-item">
              <div className="rule-body">
                <strong className="rule-name">{rule.name}</strong>
                <span className="rule-text">{ruleTextShown(rule.text, rule)}</span>
                <span className="rule-scope muted">{scopeText(rule.scope, p.brand, p.campaigns)}</span>
              </div>
              <div className="rule-actions">
                <button type="button" className={`${BUTTON} p-button-outlined`} aria-label={t("ads.rules.editLabel", { name: rule.name })} onClick={() => p.onEdit(rule)}>
                  <i className="pi pi-pencil" aria-hidden="true" /> {t("ads.rules.edit")}
                </button>
                <button
                  type="button"
                  className={`${BUTTON} p-button-outlined p-button-danger`}
                  aria-label={t("ads.rules.deleteLabel", { name: rule.name })}
                  onClick={() => p.onDelete(rule)}
                >
                  <i className="pi pi-trash" aria-hidden="true" /> {t("ads.rules.delete")}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const STATUS_CHOICES: readonly { status: AlertsStatus; key: MessageKey }[] = [
  { status: "open", key: "ads.alerts.status.open" },
  { status: "acknowledged", key: "ads.alerts.status.acknowledged" },
  { status: "all", key: "ads.alerts.status.all" },
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

const NONE_KEYS = { open: "ads.alerts.none.open", acknowledged: "ads.alerts.none.acknowledged", all: "ads.alerts.none.all" } as const satisfies Record<AlertsStatus, MessageKey>;
const NEWEST_KEYS = { open: "ads.alerts.newest.open", acknowledged: "ads.alerts.newest.acknowledged", all: "ads.alerts.newest.all" } as const satisfies Record<AlertsStatus, MessageKey>;
const COUNT_KEYS = { open: "ads.alerts.count.open", acknowledged: "ads.alerts.count.acknowledged", all: "ads.alerts.count.all" } as const satisfies Record<AlertsStatus, MessageKey>;

export function AlertsPanel(p: AlertsPanelProps) {
  const headingId = useId();
  const name = useId();
  const { view } = p;
  const busy = view.phase === "loading" || view.acting !== null;
  const alerts = view.alerts ?? [];
  const open = alerts.filter((a) => a.acknowledgedAt === null);
  const ruleOf = (a: AdsAlertRecord) => p.rules.find((r) => r.id === a.ruleId) ?? null;
  const start = formatDay(p.start);
  const end = formatDay(p.end);
  const caption = t("ads.alerts.caption", { start, end });
  return (
    <section className="ads-alerts" aria-labelledby={headingId} aria-busy={busy}>
      <div className="automation-head">
        <h3 id={headingId}>{t("ads.alerts.title")}</h3>
        <div className="automation-actions">
          <button type="button" className={`${BUTTON} p-button-outlined`} onClick={p.onCheck} disabled={busy}>
            <i className={`pi ${view.acting === "checking" ? "pi-spin pi-spinner" : "pi-sync"}`} aria-hidden="true" /> {t("ads.alerts.check")}
          </button>
          {open.length > 0 && (
            <button type="button" className={BUTTON} onClick={() => p.onAcknowledge(open.map((a) => a.id))} disabled={busy}>
              <i className="pi pi-check" aria-hidden="true" /> {t("ads.alerts.acknowledgeAll")}
            </button>
          )}
          <ExportButtons
            title={t("ads.alerts.exportTitle")}
            disabled={alerts.length === 0}
            onCsv={() => downloadCsv(fileNameOf(`${p.brand} ads alerts ${view.status} ${p.start} ${p.end}`, "csv"), toCsv(alerts, alertCsvColumns()))}
          />
        </div>
      </div>
      <fieldset className="alerts-status">
        <legend className="visually-hidden">{t("ads.alerts.legend")}</legend>
        {STATUS_CHOICES.map((c) => (
          <label key={c.status} className={`alerts-status-choice${view.status === c.status ? " is-active" : ""}`}>
            <input type="radio" name={name} checked={view.status === c.status} onChange={() => p.onStatus(c.status)} />
            {t(c.key)}
          </label>
        ))}
      </fieldset>
      {view.actionError !== null && (
        <p className="error" role="alert">
          {translateMessage(view.actionError)}
        </p>
      )}
      {view.phase === "failed" ? (
        <div className="automation-failure">
          <p className="error" role="alert">
            {view.error === null ? null : translateMessage(view.error)}
          </p>
          <button type="button" className={`${BUTTON} p-button-outlined`} onClick={p.onRetry}>
            <i className="pi pi-refresh" aria-hidden="true" /> {t("common.action.tryAgain")}
          </button>
        </div>
      ) : view.alerts === null ? (
        <p className="muted" role="status">
          {t("ads.alerts.loading")}
        </p>
      ) : alerts.length === 0 ? (
        <p className="muted" role="status">
          {t(NONE_KEYS[view.status], { start, end })}
        </p>
      ) : (
        <>
          <p className="alerts-count muted" role="status">
            {view.total > alerts.length
              ? t(NEWEST_KEYS[view.status], { shown: formatCount(alerts.length), total: formatCount(view.total), start, end })
              : t(COUNT_KEYS[view.status], { count: view.total, n: formatCount(view.total), start, end })}
          </p>
          <div className="table-scroll alerts-scroll" role="region" aria-label={caption} tabIndex={0}>
            <table>
              <caption className="visually-hidden">{caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("ads.alerts.day")}</th>
                  <th scope="col">{t("ads.alerts.rule")}</th>
                  <th scope="col">{t("ads.alerts.campaign")}</th>
                  <th scope="col">{t("ads.alerts.value")}</th>
                  <th scope="col">{t("ads.alerts.threshold")}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t("ads.alerts.acknowledged")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {alerts.map((a) => {
                  const rule = ruleOf(a);
                  const campaign = alertCampaign(a);
                  const day = formatDay(a.day);
                  return (
                    <tr key={a.id}>
                      <td className="alerts-day">{day}</td>
                      <th scope="row" className="alerts-rule">
                        {a.ruleName}
                        <span className="alerts-rule-text muted" title={ruleTextShown(a.ruleText, rule)}>
                          {rule === null ? ruleTextShown(a.ruleText, null) : metricLabel(rule.metric)}
                        </span>
                      </th>
                      <td className="alerts-campaign" data-label={t("ads.alerts.campaign")}>{campaign}</td>
                      <td className="alerts-value" data-label={t("ads.alerts.value")}>{alertValueText(a.value, rule)}</td>
                      <td className="alerts-threshold" data-label={t("ads.alerts.threshold")}>{alertThresholdText(a.threshold, rule)}</td>
                      <td className="alerts-ack">
                        {a.acknowledgedAt === null ? (
                          <button
                            type="button"
                            className={`${BUTTON} p-button-outlined`}
                            aria-label={t("ads.alerts.acknowledgeLabel", { rule: a.ruleName, campaign, day })}
                            onClick={() => p.onAcknowledge([a.id])}
                            disabled={busy}
                          >
                            {t("ads.alerts.acknowledge")}
                          </button>
                        ) : (
                          <span className="muted">
                            {a.acknowledgedBy === null
                              ? t("ads.alerts.acknowledgedOn", { day: formatDay(acknowledgedDay(a.acknowledgedAt)) })
                              : t("ads.alerts.acknowledgedOnBy", { day: formatDay(acknowledgedDay(a.acknowledgedAt)), user: a.acknowledgedBy })}
                          </span>
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
