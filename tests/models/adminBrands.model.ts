/**
 * Model of the Brands tab of /admin (machines/admin/adminPages): the same admin again (ignored) and
 * another admin signed in; loaded with brands or none
 * (empty), reloaded after a dialog's change, a failed load and its retry.
 */
import { adminBrandsMachine } from "../../machines/admin/adminPages";
import { defineModel } from "../support/machineModel";
import { brand, brandsAnswer, serverDown } from "./adminFixtures";

export default defineModel({
  machine: adminBrandsMachine,
  input: { query: { admin: "demo@example.com" } },
  events: [
    { type: "page.query", query: { admin: "demo@example.com" } },
    { type: "page.query", query: { admin: "nokpi@example.com" } },
    { type: "page.reload" },
    { type: "page.retry" },
  ],
  outputs: { load: [brandsAnswer([]), brandsAnswer([brand])] },
  errors: { load: [serverDown] },
  serializeContext: (context) => ({ key: context.key }),
});
