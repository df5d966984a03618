/**
 * Model of the brand dialog of /admin (machines/admin/adminEditors): Add brand and Edit brand; a
 * valid form and a start year out of range (Save stays in editing); the save answered, refused
 * naming the name (back to editing) or failed.
 */
import { adminBrandEditorMachine } from "../../machines/admin/adminEditors";
import { EMPTY_BRAND_FORM, brandFormOf, brandFormProblems } from "../../machines/admin/adminForms";
import { defineModel } from "../support/machineModel";
import { brand, httpError } from "./adminFixtures";

export default defineModel({
  machine: adminBrandEditorMachine,
  events: [
    { type: "editor.open", brand: "", scope: null, id: null, form: EMPTY_BRAND_FORM },
    { type: "editor.open", brand: "", scope: null, id: brand.id, form: brandFormOf(brand) },
    { type: "editor.set", patch: { name: "Nova", channels: { facebook: "2024", tiktok: null } } },
    { type: "editor.set", patch: { channels: { facebook: "1990", tiktok: null } } },
    { type: "editor.save" },
    { type: "editor.cancel" },
  ],
  outputs: { save: [brand] },
  errors: { save: [httpError(400, "name: A brand with this name exists already."), httpError(500, "Internal server error")] },
  serializeContext: (context) => ({ valid: Object.keys(brandFormProblems(context.form)).length === 0 }),
});
