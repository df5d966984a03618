/**
 * Model of the /ads rule editor (machines/ads/adsRuleEditorMachine): New rule and Edit; a field
 * changed to a valid rule and to one with a window of 0 days (Save then stays in editing with the
 * message); the save answered, refused naming a field (back to editing), or failed (failed: edit,
 * save again, cancel); Delete confirmed, cancelled, failed (Try again).
 */
import type { AdsRule } from "../../domain/adsContract";
import { adsRuleEditorMachine } from "../../machines/ads/adsRuleEditorMachine";
import { formProblems } from "../../machines/ads/adsRuleForm";
import { defineModel } from "../support/machineModel";

const rule: AdsRule = {
  id: 7, name: "CTR falling", scope: { kind: "channel", channel: "facebook" }, metric: "ctr", condition: "dropsBy", threshold: 20, windowDays: 7,
  text: "CTR dropped 20 % over the last 7 days against the 7 days before", createdBy: "demo@example.com", updatedAt: "2024-06-01T10:00:00.000Z",
};
const httpError = (status: number, message: string) => Object.assign(new Error(message), { status });

export default defineModel({
  machine: adsRuleEditorMachine,
  events: [
    { type: "rule.new", brand: "Tipco" },
    { type: "rule.edit", brand: "Tipco", rule },
    { type: "rule.delete", brand: "Tipco", rule },
    { type: "draft.set", patch: { name: "Fatigue", threshold: "3", windowDays: "7" } },
    { type: "draft.set", patch: { windowDays: "0" } },
    { type: "rule.save" },
    { type: "rule.cancel" },
    { type: "rule.confirmDelete" },
  ],
  outputs: {
    saveRule: [{ msg: "Upsert Success", data: rule, alerts: 12 }],
    deleteRule: [{ msg: "Delete Success" }],
  },
  errors: {
    saveRule: [httpError(400, "rule.windowDays: The window must be a whole number of days from 1 to 90."), httpError(500, "Internal server error")],
    deleteRule: [httpError(0, "The server could not be reached.")],
  },
  // hasProblems reads the form.
  serializeContext: (context) => ({ valid: formProblems(context.form).length === 0 }),
});
