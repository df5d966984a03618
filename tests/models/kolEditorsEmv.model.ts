/**
 * Model of the EMV values dialog (machines/kolEditors: the editor chart over the EMV form, which
 * loads the brand's stored values first): loaded or not (Try again, Cancel); values edited to
 * valid and to a negative value; Reset to defaults (the defaults set as one patch); the save
 * answered, refused naming a value, or failed.
 */
import { DEFAULT_EMV_VALUES } from "../../domain/kolContract";
import { kolEmvEditorMachine } from "../../machines/kolEditors/kolEditors";
import { DEFAULT_EMV_FORM, emvFormOf, emvFormProblems } from "../../machines/kolEditors/kolForms";
import { defineModel } from "../support/machineModel";
import { httpError, serverDown } from "./kolEditorsFixtures";

const stored = { ...DEFAULT_EMV_VALUES, views: 0.15, likes: 1.5 };

export default defineModel({
  machine: kolEmvEditorMachine,
  events: [
    { type: "editor.open", brand: "Tipco", scope: null, id: null, form: DEFAULT_EMV_FORM },
    { type: "editor.set", patch: { views: "0.2" } },
    { type: "editor.set", patch: { likes: "-1" } },
    { type: "editor.set", patch: DEFAULT_EMV_FORM },
    { type: "editor.options", options: { updatedAt: null, updatedBy: null } },
    { type: "editor.save" },
    { type: "editor.retry" },
    { type: "editor.cancel" },
  ],
  outputs: {
    load: [{ options: { updatedAt: "2025-03-01T09:00:00.000+07:00", updatedBy: "demo@example.com" }, form: emvFormOf(stored) }],
    save: [stored],
  },
  errors: { load: [serverDown], save: [httpError(400, "values.likes: The value must be an amount of ฿0 or more, with at most 2 decimals."), httpError(500, "Internal server error")] },
  serializeContext: (context) => ({ valid: Object.keys(emvFormProblems(context.form)).length === 0 }),
});
