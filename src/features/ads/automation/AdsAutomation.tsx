/**
 * The automation section of /ads (issue 15), mounted by the page below its figures: the brand's
 * rules (`machines/ads/adsRulesMachine`), the rule dialog and the delete confirmation
 * (`machines/ads/adsRuleEditorMachine`), the alerts of the page's range
 * (`machines/ads/adsAlertsMachine`) and the Import ads dialog (`machines/importOrders`). The
 * actors (every call) are in `automationActors.ts`; the statecharts are read through their named
 * selectors. A saved or deleted rule reloads the rules and the alerts; an import reloads the page
 * (`invalidatePageData`), and with it this section. What the rules mean: docs/ads.md.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import type { AdsCampaignRef } from "../../../../domain/adsContract";
import { adsAlertsMachine, type AlertsQuery } from "../../../../machines/ads/adsAlertsMachine";
import { sameAlertsPanel, selectAlertsPanel } from "../../../../machines/ads/adsAlertsSelectors";
import { adsRuleEditorMachine } from "../../../../machines/ads/adsRuleEditorMachine";
import { sameRuleDelete, sameRuleEditor, selectRuleDelete, selectRuleEditor } from "../../../../machines/ads/adsRuleEditorSelectors";
import { adsRulesMachine } from "../../../../machines/ads/adsRulesMachine";
import { samePagePhase, selectPagePhase } from "../../../../machines/shared/pageLoad";
import { appInspect } from "@/app/inspect";
import { invalidatePageData, useDataRevision, usePageReload } from "@/app/pageData";
import { showToast } from "@/app/toast";
import { guardedImport } from "@/app/chunkReload";
import { useOpenedOnce } from "@/components/useOpenedOnce";
import { alertsActors, ruleEditorActors, rulesActors } from "@/features/ads/automation/automationActors";
import { alertsCount, rulesCount } from "@/features/ads/automation/automationFormat";
import { AlertsPanel, RulesList } from "@/features/ads/automation/AutomationView";
import { t } from "@/i18n/i18n";
import "./automation.css";

// The dialogs (PrimeReact's Dialog, MultiSelect, inputs) load when one first opens, not with the
// page (issue 19): the page's first paint does not wait for their code.
const RuleEditorDialog = lazy(guardedImport(() => import("@/features/ads/automation/RuleEditorDialog").then((m) => ({ default: m.RuleEditorDialog }))));
const ConfirmDeleteDialog = lazy(guardedImport(() => import("@/components/ui/ConfirmDeleteDialog").then((m) => ({ default: m.ConfirmDeleteDialog }))));
const ImportAdsDialog = lazy(guardedImport(() => import("@/features/ads/automation/ImportAdsDialog").then((m) => ({ default: m.ImportAdsDialog }))));

export interface AdsAutomationProps {
  brand: string;
  /** The page's range, YYYY-MM-DD. */
  start: string;
  end: string;
  /** The campaigns a rule can choose among (the page's). */
  campaigns: readonly AdsCampaignRef[];
}

export function AdsAutomation({ brand, start, end, campaigns }: AdsAutomationProps) {
  // The rules list.
  const rulesQuery = useMemo(() => ({ brand }), [brand]);
  const rulesActor = useActorRef(adsRulesMachine.provide({ actors: rulesActors }), { input: { query: rulesQuery }, inspect: appInspect });
  useEffect(() => rulesActor.send({ type: "page.query", query: rulesQuery }), [rulesActor, rulesQuery]);
  usePageReload(rulesActor);
  const rulesPhase = useSelector(rulesActor, selectPagePhase, samePagePhase);

  // The alerts panel.
  const alertsQuery = useMemo<AlertsQuery>(() => ({ brand, start, end }), [brand, start, end]);
  const alertsActor = useActorRef(
    adsAlertsMachine.provide({
      actors: alertsActors,
      actions: {
        notifyAcknowledged: (_, { acknowledged }) => showToast({ severity: "success", summary: t("ads.alerts.acknowledgedToast", { alerts: alertsCount(acknowledged) }) }),
        notifyChecked: (_, { response }) =>
          showToast({ severity: "success", summary: t("ads.alerts.checkedToast", { rules: rulesCount(response.rules), alerts: alertsCount(response.alerts) }) }),
      },
    }),
    { input: { query: alertsQuery }, inspect: appInspect },
  );
  useEffect(() => alertsActor.send({ type: "alerts.query", query: alertsQuery }), [alertsActor, alertsQuery]);
  // An import elsewhere (or here) raised alerts: the list loads again.
  const revision = useDataRevision();
  const firstRevision = useRef(revision);
  useEffect(() => {
    if (revision !== firstRevision.current) alertsActor.send({ type: "alerts.reload" });
  }, [alertsActor, revision]);
  const alerts = useSelector(alertsActor, selectAlertsPanel, sameAlertsPanel);

  // The rule dialog and the delete confirmation.
  const editorActor = useActorRef(
    adsRuleEditorMachine.provide({
      actors: ruleEditorActors,
      actions: {
        notifySaved: (_, { response }) => {
          showToast({ severity: "success", summary: t("ads.rule.savedToast", { alerts: alertsCount(response.alerts) }) });
          rulesActor.send({ type: "page.reload" });
          alertsActor.send({ type: "alerts.reload" });
        },
        notifyDeleted: (_, { name }) => {
          showToast({ severity: "success", summary: t("ads.rule.deletedToast", { name }) });
          rulesActor.send({ type: "page.reload" });
          alertsActor.send({ type: "alerts.reload" });
        },
      },
    }),
    { inspect: appInspect },
  );
  const editor = useSelector(editorActor, selectRuleEditor, sameRuleEditor);
  const deletion = useSelector(editorActor, selectRuleDelete, sameRuleDelete);
  const editorMounted = useOpenedOnce(editor.open);
  const deletionMounted = useOpenedOnce(deletion.open);

  const [importing, setImporting] = useState(false);
  const onImported = useCallback(() => invalidatePageData(), []);

  return (
    <section className="ads-automation" aria-labelledby="ads-automation-title">
      <div className="automation-head">
        <h2 id="ads-automation-title">{t("ads.automation.title")}</h2>
        <button type="button" className="p-button p-component p-button-sm p-button-outlined" onClick={() => setImporting(true)}>
          <i className="pi pi-upload" aria-hidden="true" /> {t("ads.automation.importAds")}
        </button>
      </div>
      <div className="automation-grid">
        <RulesList
          brand={brand}
          phase={rulesPhase}
          campaigns={campaigns}
          onNew={() => editorActor.send({ type: "rule.new", brand })}
          onEdit={(rule) => editorActor.send({ type: "rule.edit", brand, rule })}
          onDelete={(rule) => editorActor.send({ type: "rule.delete", brand, rule })}
          onRetry={() => rulesActor.send({ type: "page.retry" })}
        />
        <AlertsPanel
          brand={brand}
          start={start}
          end={end}
          view={alerts}
          rules={rulesPhase.data ?? []}
          onStatus={(status) => alertsActor.send({ type: "alerts.status", status })}
          onAcknowledge={(ids) => alertsActor.send({ type: "alerts.acknowledge", ids })}
          onCheck={() => alertsActor.send({ type: "alerts.check" })}
          onRetry={() => alertsActor.send({ type: "alerts.retry" })}
        />
      </div>
      <Suspense fallback={null}>
        {editorMounted && (
          <RuleEditorDialog
            brand={editor.brand === "" ? brand : editor.brand}
            view={editor}
            campaigns={campaigns}
            onChange={(patch) => editorActor.send({ type: "draft.set", patch })}
            onSave={() => editorActor.send({ type: "rule.save" })}
            onCancel={() => editorActor.send({ type: "rule.cancel" })}
          />
        )}
        {deletionMounted && (
          <ConfirmDeleteDialog
            visible={deletion.open}
            header={t("ads.rule.deleteHeader")}
            width={440}
            deleting={deletion.deleting}
            error={deletion.error}
            failurePrefix={t("ads.rule.deleteFailed")}
            onConfirm={() => editorActor.send({ type: "rule.confirmDelete" })}
            onCancel={() => editorActor.send({ type: "rule.cancel" })}
          >
            <p>
              {t("ads.rule.deleteConfirmBefore")} <strong>{deletion.name}</strong> {t("ads.rule.deleteConfirmAfter")}
            </p>
          </ConfirmDeleteDialog>
        )}
        {importing && <ImportAdsDialog brand={brand} onClose={() => setImporting(false)} onImported={onImported} />}
      </Suspense>
    </section>
  );
}
