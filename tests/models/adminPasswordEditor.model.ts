/**
 * Model of the Reset password dialog of /admin (machines/admin/adminEditors): a password typed
 * twice and two that differ (Save stays in editing); the save answered, refused naming the
 * password (back to editing) or failed; opened again after a save.
 */
import { adminPasswordEditorMachine } from "../../machines/admin/adminEditors";
import { EMPTY_PASSWORD_FORM, passwordFormProblems } from "../../machines/admin/adminForms";
import { defineModel } from "../support/machineModel";
import { httpError } from "./adminFixtures";

export default defineModel({
  machine: adminPasswordEditorMachine,
  events: [
    { type: "editor.open", brand: "", scope: null, id: 7, form: EMPTY_PASSWORD_FORM },
    { type: "editor.set", patch: { password: "Secret2026x", confirm: "Secret2026x" } },
    { type: "editor.set", patch: { confirm: "Secret2026y" } },
    { type: "editor.save" },
    { type: "editor.cancel" },
  ],
  outputs: { save: [{ msg: "Password changed" }] },
  errors: { save: [httpError(400, "password: The password is too common."), httpError(500, "Internal server error")] },
  serializeContext: (context) => ({ valid: Object.keys(passwordFormProblems(context.form)).length === 0 }),
});
