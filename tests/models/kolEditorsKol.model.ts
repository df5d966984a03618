/**
 * Model of the KOL dialog (machines/kolEditors: the editor chart over the KOL form): New and Edit;
 * a valid KOL and one with a handle holding a space; the save answered, refused naming the
 * handle, or failed.
 */
import { kolKolEditorMachine } from "../../machines/kolEditors/kolEditors";
import { EMPTY_KOL_FORM, kolFormOf, kolFormProblems } from "../../machines/kolEditors/kolForms";
import { defineModel } from "../support/machineModel";
import { httpError, kol } from "./kolEditorsFixtures";

export default defineModel({
  machine: kolKolEditorMachine,
  events: [
    { type: "editor.open", brand: "Tipco", scope: null, id: null, form: EMPTY_KOL_FORM },
    { type: "editor.open", brand: "Tipco", scope: null, id: kol.id, form: kolFormOf(kol) },
    { type: "editor.set", patch: { name: "Mild Natcha", handle: "@mildnatcha", platform: "instagram", followers: "52,000" } },
    { type: "editor.set", patch: { handle: "mild natcha" } },
    { type: "editor.save" },
    { type: "editor.cancel" },
  ],
  outputs: { save: [kol] },
  errors: { save: [httpError(400, "kol.handle: The handle must not contain spaces."), httpError(500, "Internal server error")] },
  serializeContext: (context) => ({ valid: Object.keys(kolFormProblems(context.form)).length === 0 }),
});
