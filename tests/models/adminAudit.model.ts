/**
 * Model of the Audit tab of /admin (machines/admin/adminPages): another actor or kind, Load more
 * (one more page), a reload and a retry; entries and none (empty); a failed load.
 */
import { adminAuditMachine, auditDataOf } from "../../machines/admin/adminPages";
import { defineModel } from "../support/machineModel";
import { auditPage, serverDown } from "./adminFixtures";

export default defineModel({
  machine: adminAuditMachine,
  input: { query: { actor: "", kind: null, pages: 1 } },
  events: [
    { type: "page.query", query: { actor: "", kind: null, pages: 1 } },
    { type: "page.query", query: { actor: "demo@example.com", kind: "user", pages: 2 } },
    { type: "page.reload" },
    { type: "page.retry" },
  ],
  outputs: { load: [auditDataOf([{ data: [], next: null }]), auditDataOf([auditPage(12), auditPage(null)])] },
  errors: { load: [serverDown] },
  serializeContext: (context) => ({ key: context.key }),
});
