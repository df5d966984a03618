/**
 * Model of the /ads alerts panel (machines/ads/adsAlertsMachine): the same range again (ignored)
 * and another, the open list and the history (all), a reload and a retry; an acknowledgement and
 * a check of the rules, answered or failed.
 */
import type { AdsAlertRecord } from "../../domain/adsContract";
import { adsAlertsMachine } from "../../machines/ads/adsAlertsMachine";
import { defineModel } from "../support/machineModel";

const query = { brand: "Tipco", start: "2024-06-01", end: "2024-06-30" };
const alert: AdsAlertRecord = {
  id: 3, ruleId: 1, ruleName: "Fatigue", ruleText: "Frequency above 3 over the last 7 days", campaignId: "c1", campaignName: "Always on",
  day: "2024-06-20", value: 3.4, threshold: 3, raisedAt: "2024-06-21T01:00:00.000Z", acknowledgedAt: null, acknowledgedBy: null,
};
const failure = (message: string) => Object.assign(new Error(message), { status: 0 });

export default defineModel({
  machine: adsAlertsMachine,
  input: { query },
  events: [
    { type: "alerts.query", query },
    { type: "alerts.query", query: { ...query, start: "2024-05-01" } },
    { type: "alerts.status", status: "open" },
    { type: "alerts.status", status: "all" },
    { type: "alerts.reload" },
    { type: "alerts.retry" },
    { type: "alerts.acknowledge", ids: [3] },
    { type: "alerts.check" },
  ],
  outputs: {
    loadAlerts: [{ data: [alert], total: 1 }],
    acknowledgeAlerts: [{ msg: "Acknowledged", acknowledged: 1 }],
    checkRules: [{ msg: "Checked", rules: 2, alerts: 5 }],
  },
  errors: {
    loadAlerts: [failure("The server could not be reached.")],
    acknowledgeAlerts: [failure("The server could not be reached.")],
    checkRules: [failure("The server could not be reached.")],
  },
  serializeContext: (context) => ({ start: context.query.start, status: context.status }),
});
