/** Named reads of the alerts panel's statechart (machines/ads/adsAlertsMachine). */
import type { AdsAlertRecord } from "../../domain/adsContract";
import type { AdsAlertsSnapshot, AlertsStatus } from "./adsAlertsMachine";

/** What the alerts panel shows. */
export interface AlertsPanelView {
  readonly phase: "loading" | "shown" | "failed";
  readonly status: AlertsStatus;
  /** The last list loaded (kept while the next loads); null before the first. */
  readonly alerts: readonly AdsAlertRecord[] | null;
  /** Alerts in the range with this status, all pages (the list holds at most 1,000). */
  readonly total: number;
  readonly error: string | null;
  /** What is under way: an acknowledgement or a check of the rules. */
  readonly acting: "acknowledging" | "checking" | null;
  readonly actionError: string | null;
}

export function selectAlertsPanel(s: AdsAlertsSnapshot): AlertsPanelView {
  const { context } = s;
  const phase = s.matches("failed") ? "failed" : s.matches("loading") ? "loading" : "shown";
  return {
    phase,
    status: context.status,
    alerts: context.data?.data ?? null,
    total: context.data?.total ?? 0,
    error: phase === "failed" ? context.error : null,
    acting: s.matches("acknowledging") ? "acknowledging" : s.matches("checking") ? "checking" : null,
    actionError: context.actionError,
  };
}

export const sameAlertsPanel = (a: AlertsPanelView, b: AlertsPanelView): boolean =>
  a.phase === b.phase && a.status === b.status && a.alerts === b.alerts && a.total === b.total && a.error === b.error && a.acting === b.acting &&
  a.actionError === b.actionError;
