/**
 * Model of the /o2o page machine (machines/o2o): sample events, campaign lists, tab data and
 * failures for the generic runner (format: tests/models/README.md). Two campaigns are asked for
 * (2 by the input, 1 and the unknown 99 by events), so both the campaign asked for and the
 * fallback to the first are reached; two tabs, so the cache (switching back to a loaded tab) and
 * a load left for another tab are both walked; another range and an invalid one.
 */
import type { O2oCampaign } from "../../domain/o2o";
import { o2oMachine, type O2oInput } from "../../machines/o2o/o2oMachine";
import { defineModel } from "../support/machineModel";

const campaign = (id: number): O2oCampaign => ({ id, name: `Campaign ${id}`, contents: [{ id: id * 10, name: `Screen ${id}` }] });

const input: O2oInput = { range: { start: "2024-03-01", end: "2024-03-31" }, campaignId: 2 };

export default defineModel({
  machine: o2oMachine,
  input,
  events: [
    { type: "o2o.tab", tab: "vistors_insight" },
    { type: "o2o.tab", tab: "leads_bounced" },
    { type: "o2o.range", range: { start: "2024-04-01", end: "2024-04-30" } },
    { type: "o2o.range", range: { start: "2024-04-30", end: "2024-04-01" } }, // start after end: ignored
    { type: "o2o.campaign", campaignId: 1 },
    { type: "o2o.campaign", campaignId: 99 }, // not the user's: ignored once the campaigns are known
    { type: "o2o.retry" },
  ],
  outputs: {
    loadCampaigns: [[], [campaign(1), campaign(2)]],
    loadTab: [{ days: ["2024-03-01"], shows: [12] }],
  },
  errors: {
    loadCampaigns: [Object.assign(new Error("Your session has ended. Please sign in again."), { status: 401 })],
    loadTab: [Object.assign(new Error("The server could not be reached."), { status: 0 })],
  },
  // Guards read the tab shown, the range, the campaign and whether a tab holds current data.
  serializeContext: (context) => ({
    tab: context.tab,
    range: context.range.start,
    campaignId: context.campaignId,
    tabs: Object.values(context.tabs).map((t) => t.status).join(","),
  }),
});
