/**
 * Model of the user dialog of /admin (machines/admin/adminEditors: the editor chart over the user
 * form, which loads the admin's brands first): Add user and Edit user; the brands loaded or not
 * (Try again, Cancel); a valid form and one without a name (Save stays in editing); the save
 * answered, refused naming the email (back to editing) or failed.
 */
import { adminUserEditorMachine } from "../../machines/admin/adminEditors";
import { EMPTY_USER_FORM, userFormOf, userFormProblems } from "../../machines/admin/adminForms";
import { defineModel } from "../support/machineModel";
import { httpError, serverDown, user } from "./adminFixtures";

export default defineModel({
  machine: adminUserEditorMachine,
  events: [
    { type: "editor.open", brand: "", scope: null, id: null, form: EMPTY_USER_FORM },
    { type: "editor.open", brand: "", scope: null, id: user.id, form: userFormOf(user, "demo@example.com") },
    { type: "editor.set", patch: { email: "new@example.com", name: "New", password: "Secret2026x", permissions: ["7", "8"] } },
    { type: "editor.set", patch: { name: " " } },
    { type: "editor.options", options: ["Tipco"] },
    { type: "editor.save" },
    { type: "editor.retry" },
    { type: "editor.cancel" },
  ],
  outputs: { load: [{ options: ["Aura", "Tipco"], form: null }], save: [user] },
  errors: { load: [serverDown], save: [httpError(400, "email: A user with this email exists already."), httpError(500, "Internal server error")] },
  serializeContext: (context) => ({ valid: Object.keys(userFormProblems(context.form)).length === 0 }),
});
