/**
 * Model of the template activation machine (machines/templateActivation): sample events for
 * the generic runner (format: tests/models/README.md). Two titles, so switching from one
 * template to another and switching off a template that is not the active one are both tried.
 */
import type { AdHocFilter } from "../../domain/viewSearch";
import { templateActivationMachine } from "../../machines/templateActivation/templateActivationMachine";
import { defineModel } from "../support/machineModel";

const filter: AdHocFilter = { min: 100, max: null, platform: "Shopee", location: "Central" };

export default defineModel({
  machine: templateActivationMachine,
  input: {},
  events: [
    { type: "template.toggle", title: "Bangkok big baskets" },
    { type: "template.toggle", title: "Lazada north" },
    { type: "adhoc.apply", filter },
    { type: "activation.clear" },
    { type: "template.removed", title: "Bangkok big baskets" },
    { type: "activation.synced", active: { kind: "none" } },
    { type: "activation.synced", active: { kind: "template", title: "Lazada north" } },
    { type: "activation.synced", active: { kind: "adhoc", filter } },
  ],
  // The active title decides isActiveTitle: which template is on is part of the state.
  serializeContext: (context) => (context.active.kind === "template" ? context.active.title : context.active.kind),
});
