/**
 * Model of the KOL campaign dialog (machines/kolEditors: the editor chart over the campaign form):
 * New and Edit; a field changed to a valid form and to an end before the start (Save then stays
 * in editing with the message); the save answered, refused naming a field (back to editing) or
 * failed (failed: edit, save again, cancel); opened again after a save.
 */
import { kolCampaignEditorMachine } from "../../machines/kolEditors/kolEditors";
import { EMPTY_CAMPAIGN_FORM, campaignFormOf, campaignFormProblems } from "../../machines/kolEditors/kolForms";
import { defineModel } from "../support/machineModel";
import { campaign, httpError } from "./kolEditorsFixtures";

export default defineModel({
  machine: kolCampaignEditorMachine,
  events: [
    { type: "editor.open", brand: "Tipco", scope: null, id: null, form: EMPTY_CAMPAIGN_FORM },
    { type: "editor.open", brand: "Tipco", scope: null, id: campaign.id, form: campaignFormOf(campaign) },
    { type: "editor.set", patch: { name: "Summer launch", budget: "120,000", start: "2025-05-01", end: "2025-05-31" } },
    { type: "editor.set", patch: { end: "2025-04-01", start: "2025-05-01" } },
    { type: "editor.save" },
    { type: "editor.cancel" },
  ],
  outputs: { save: [campaign] },
  errors: { save: [httpError(400, "campaign.end: The end date must not be before the start date."), httpError(500, "Internal server error")] },
  serializeContext: (context) => ({ valid: Object.keys(campaignFormProblems(context.form)).length === 0 }),
});
