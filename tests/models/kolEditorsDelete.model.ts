/**
 * Model of the delete confirmation of /campaign (machines/kolEditors/kolDeleteMachine): a
 * campaign, a booking and a KOL asked about; cancelled, confirmed (deleted, then asked again) or
 * refused (a KOL with bookings: back to the question with the reason, Try again).
 */
import { kolDeleteMachine } from "../../machines/kolEditors/kolDeleteMachine";
import { defineModel } from "../support/machineModel";
import { httpError } from "./kolEditorsFixtures";

export default defineModel({
  machine: kolDeleteMachine,
  events: [
    { type: "delete.open", brand: "Tipco", target: { kind: "campaign", id: 4, name: "Songkran glow 2025" } },
    { type: "delete.open", brand: "Tipco", target: { kind: "kol", id: 11, name: "Ploy Chanisa" } },
    { type: "delete.confirm" },
    { type: "delete.cancel" },
  ],
  outputs: { deleteItem: [{ msg: "Delete Success" }] },
  errors: { deleteItem: [httpError(400, "id: The KOL has 2 bookings: delete them first.")] },
});
