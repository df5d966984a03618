/**
 * Model of the /campaign machine (machines/kol/kolMachine): the same overview again (ignored) and
 * a campaign opened, a reload after a dialog's write and a retry, a leaderboard choice (no load);
 * an overview with campaigns and a campaign without anything (empty); a failed load.
 */
import type { KolCampaignDetail, KolOverview } from "../../domain/kolContract";
import { DEFAULT_KOL_CHOICES, kolMachine, type KolData, type KolQuery } from "../../machines/kol/kolMachine";
import { defineModel } from "../support/machineModel";

const overview: KolQuery = { kind: "overview", brand: "Tipco", start: "2025-01-01", end: "2025-03-31", platform: null };
const campaign: KolQuery = { kind: "campaign", brand: "Tipco", id: 3 };
const withCampaigns: KolData = {
  kind: "overview",
  overview: { campaigns: [{ id: 3 }], totals: { posts: 12, cost: 48_000 } } as unknown as KolOverview,
};
const noBookings: KolData = {
  kind: "campaign",
  detail: { campaign: { id: 3 }, bookings: [], kols: [], posts: [] } as unknown as KolCampaignDetail,
};

export default defineModel({
  machine: kolMachine,
  input: { query: overview },
  events: [
    { type: "page.query", query: overview },
    { type: "page.query", query: campaign },
    { type: "page.reload" },
    { type: "page.retry" },
    { type: "kol.choose", choices: { ...DEFAULT_KOL_CHOICES, sort: "cpe", order: "asc" } },
  ],
  outputs: { load: [noBookings, withCampaigns] },
  errors: { load: [Object.assign(new Error("The server could not be reached."), { status: 0 })] },
  serializeContext: (context) => ({ key: context.key, sort: context.choices.sort }),
});
