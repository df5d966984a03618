/**
 * Model of the Users tab of /admin (machines/admin/adminPages, the shared page load cycle): the
 * same search again (ignored) and another one, a reload after a dialog's change, a retry; a page
 * of users and none (empty); a failed load.
 */
import { adminUsersMachine } from "../../machines/admin/adminPages";
import { defineModel } from "../support/machineModel";
import { serverDown, usersPage } from "./adminFixtures";

export default defineModel({
  machine: adminUsersMachine,
  input: { query: { q: "", page: 1 } },
  events: [
    { type: "page.query", query: { q: "", page: 1 } },
    { type: "page.query", query: { q: "ploy", page: 1 } },
    { type: "page.reload" },
    { type: "page.retry" },
  ],
  outputs: { load: [usersPage(0), usersPage(1)] },
  errors: { load: [serverDown] },
  serializeContext: (context) => ({ key: context.key }),
});
