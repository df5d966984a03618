/**
 * Model of the /ads rules list (machines/ads/adsRulesMachine): the same brand again (ignored) and
 * another, a reload after a save or a delete, a retry; rules and none (empty); a failed load.
 */
import type { AdsRule } from "../../domain/adsContract";
import { adsRulesMachine } from "../../machines/ads/adsRulesMachine";
import { defineModel } from "../support/machineModel";

const rule: AdsRule = {
  id: 1, name: "Fatigue", scope: { kind: "brand" }, metric: "frequency", condition: "above", threshold: 3, windowDays: 7,
  text: "Frequency above 3 over the last 7 days", createdBy: "demo@example.com", updatedAt: "2024-06-01T10:00:00.000Z",
};

export default defineModel({
  machine: adsRulesMachine,
  input: { query: { brand: "Tipco" } },
  events: [
    { type: "page.query", query: { brand: "Tipco" } },
    { type: "page.query", query: { brand: "Aura Move" } },
    { type: "page.reload" },
    { type: "page.retry" },
  ],
  outputs: { load: [[], [rule]] },
  errors: { load: [Object.assign(new Error("The server could not be reached."), { status: 0 })] },
  serializeContext: (context) => ({ key: context.key }),
});
