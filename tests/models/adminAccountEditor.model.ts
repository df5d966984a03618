/**
 * Model of the account form (/formAC, and Edit account in /admin; machines/admin/adminEditors):
 * the admin's brands loaded or not (Try again, Cancel); a valid account with a page and one with
 * a page id twice (Save stays in editing); the save answered, refused naming a page (back to
 * editing) or failed.
 */
import { adminAccountEditorMachine } from "../../machines/admin/adminEditors";
import { EMPTY_ACCOUNT_FORM, accountFormOf, accountFormProblems, newAccountFormOf } from "../../machines/admin/adminForms";
import { defineModel } from "../support/machineModel";
import { brand, httpError, serverDown } from "./adminFixtures";

const valid = { ...newAccountFormOf(brand), id: "tipco.tt", name: "Tipco TikTok", pages: [{ id: "2001", name: "Tipco Shop" }] };

export default defineModel({
  machine: adminAccountEditorMachine,
  events: [
    { type: "editor.open", brand: "", scope: null, id: null, form: EMPTY_ACCOUNT_FORM },
    { type: "editor.open", brand: "", scope: brand.id, id: null, form: accountFormOf(brand, brand.accounts[0]!) },
    { type: "editor.set", patch: valid },
    { type: "editor.set", patch: { pages: [{ id: "2001", name: "A" }, { id: "2001", name: "B" }] } },
    { type: "editor.options", options: [brand] },
    { type: "editor.save" },
    { type: "editor.retry" },
    { type: "editor.cancel" },
  ],
  outputs: { load: [{ options: [brand], form: null }], save: [brand] },
  errors: { load: [serverDown], save: [httpError(400, "account.pages[0].id: The page 2001 exists already (Aura)."), httpError(500, "Internal server error")] },
  serializeContext: (context) => ({ valid: Object.keys(accountFormProblems(context.form)).length === 0 }),
});
