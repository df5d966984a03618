// The /ads alerts panel (machines/ads/adsAlertsMachine) on a real actor: what it asks the server
// for (brand, range, status), an acknowledgement and a check that load the list again, a failed
// one that keeps the list with the reason, and the same range again doing nothing.
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import type { AdsAlertRecord, AdsAlertsRequest, AdsAlertsResponse, EvaluateAdsRulesResponse } from "../../domain/adsContract";
import { adsAlertsMachine, type AlertsQuery } from "../../machines/ads/adsAlertsMachine";
import { selectAlertsPanel } from "../../machines/ads/adsAlertsSelectors";

const query: AlertsQuery = { brand: "Tipco", start: "2024-06-01", end: "2024-06-30" };
const alert = (id: number, acknowledgedAt: string | null = null): AdsAlertRecord => ({
  id, ruleId: 1, ruleName: "Fatigue", ruleText: "Frequency above 3 over the last 7 days", campaignId: "c1", campaignName: "Always on",
  day: "2024-06-20", value: 3.4, threshold: 3, raisedAt: "2024-06-21T08:00:00", acknowledgedAt, acknowledgedBy: acknowledgedAt === null ? null : "Demo User",
});

function start(opts: { failAcknowledge?: boolean; failCheck?: boolean } = {}) {
  const asked: AdsAlertsRequest[] = [];
  const acknowledgedIds: (readonly number[])[] = [];
  const notified: string[] = [];
  let stored = [alert(1), alert(2)];
  const actor = createActor(
    adsAlertsMachine.provide({
      actors: {
        loadAlerts: fromPromise<typeof AdsAlertsResponse.Type, AdsAlertsRequest>(async ({ input }) => {
          asked.push(input);
          const data = stored.filter((a) => (input.status === "open" ? a.acknowledgedAt === null : input.status === "acknowledged" ? a.acknowledgedAt !== null : true));
          return { data, total: data.length };
        }),
        acknowledgeAlerts: fromPromise<{ readonly acknowledged: number }, { brand: string; ids: readonly number[] }>(async ({ input }) => {
          if (opts.failAcknowledge) throw new Error("The server could not be reached.");
          acknowledgedIds.push(input.ids);
          stored = stored.map((a) => (input.ids.includes(a.id) ? alert(a.id, "2024-06-22T09:00:00") : a));
          return { acknowledged: input.ids.length };
        }),
        checkRules: fromPromise<typeof EvaluateAdsRulesResponse.Type, AlertsQuery>(async () => {
          if (opts.failCheck) throw new Error("The rules could not be checked.");
          return { msg: "Checked", rules: 2, alerts: 7 };
        }),
      },
      actions: {
        notifyAcknowledged: (_, { acknowledged }) => void notified.push(`acknowledged ${acknowledged}`),
        notifyChecked: (_, { response }) => void notified.push(`checked ${response.rules} rules, ${response.alerts} alerts`),
      },
    }),
    { input: { query } },
  ).start();
  const settled = () => waitFor(actor, (s) => !s.hasTag("busy"));
  return { actor, asked, acknowledgedIds, notified, settled, view: () => selectAlertsPanel(actor.getSnapshot()) };
}

describe("the alerts panel", () => {
  it("loads the open alerts of the brand and range, then the history on request; the same range again does nothing", async () => {
    const t = start();
    expect(t.view()).toMatchObject({ phase: "loading", alerts: null });
    await t.settled();
    expect(t.view()).toMatchObject({ phase: "shown", status: "open", total: 2 });
    t.actor.send({ type: "alerts.query", query: { ...query } });
    t.actor.send({ type: "alerts.status", status: "open" });
    expect(t.asked).toEqual([{ ...query, status: "open" }]);
    t.actor.send({ type: "alerts.status", status: "all" });
    await t.settled();
    t.actor.send({ type: "alerts.query", query: { ...query, start: "2024-05-01" } });
    await t.settled();
    expect(t.asked).toEqual([{ ...query, status: "open" }, { ...query, status: "all" }, { ...query, start: "2024-05-01", status: "all" }]);
  });

  it("acknowledges, says how many, and loads the list again without them", async () => {
    const t = start();
    await t.settled();
    t.actor.send({ type: "alerts.acknowledge", ids: [1] });
    expect(t.view().acting).toBe("acknowledging");
    await t.settled();
    expect(t.acknowledgedIds).toEqual([[1]]);
    expect(t.notified).toEqual(["acknowledged 1"]);
    expect(t.view().alerts?.map((a) => a.id)).toEqual([2]);
    t.actor.send({ type: "alerts.status", status: "acknowledged" });
    await t.settled();
    expect(t.view().alerts?.map((a) => a.id)).toEqual([1]);
  });

  it("keeps the list and says why when an acknowledgement or a check fails", async () => {
    const t = start({ failAcknowledge: true, failCheck: true });
    await t.settled();
    const shown = t.view().alerts;
    t.actor.send({ type: "alerts.acknowledge", ids: [1, 2] });
    await t.settled();
    expect(t.view()).toMatchObject({ phase: "shown", actionError: "The server could not be reached.", acting: null });
    expect(t.view().alerts).toBe(shown);
    t.actor.send({ type: "alerts.check" });
    expect(t.view()).toMatchObject({ acting: "checking", actionError: null });
    await t.settled();
    expect(t.view().actionError).toBe("The rules could not be checked.");
    expect(t.notified).toEqual([]);
  });

  it("checks the rules over the range and loads the list again", async () => {
    const t = start();
    await t.settled();
    t.actor.send({ type: "alerts.check" });
    await t.settled();
    expect(t.notified).toEqual(["checked 2 rules, 7 alerts"]);
    expect(t.asked).toHaveLength(2);
  });
});
