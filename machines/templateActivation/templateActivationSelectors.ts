/** Named reads of the template activation snapshot for the UI. */
import type { TemplateActivationSnapshot } from "./templateActivationMachine";

export const selectActive = (s: TemplateActivationSnapshot) => s.context.active;
export const selectActiveTemplateTitle = (s: TemplateActivationSnapshot) =>
  s.context.active.kind === "template" ? s.context.active.title : null;
