/**
 * Model of the remove confirmation of /admin (machines/admin/adminRemoveMachine): a user and an
 * account asked about; cancelled, confirmed (removed, then asked again) or refused (back to the
 * question with the server's reason, Try again).
 */
import { adminRemoveMachine } from "../../machines/admin/adminRemoveMachine";
import { defineModel } from "../support/machineModel";
import { httpError } from "./adminFixtures";

export default defineModel({
  machine: adminRemoveMachine,
  events: [
    { type: "remove.open", target: { kind: "user", id: "7", name: "ploy@example.com", brandId: null } },
    { type: "remove.open", target: { kind: "account", id: "tipco.fb", name: "Tipco Facebook", brandId: 2 } },
    { type: "remove.confirm" },
    { type: "remove.cancel" },
  ],
  outputs: { remove: [{ msg: "Removed" }] },
  errors: { remove: [httpError(400, "id: You cannot remove yourself.")] },
});
