/**
 * Model of the /brandEx module lines machine (machines/brandEx/brandExModulesMachine, the shared
 * page load cycle): the same view again (ignored) and another one, a reload and a retry; lines
 * and none (a user with none of the modules: empty); a failed load.
 */
import type { ModuleLine } from "../../domain/brandEx";
import { resolveView } from "../../domain/viewSearch";
import { brandExModulesMachine } from "../../machines/brandEx/brandExModulesMachine";
import { defineModel } from "../support/machineModel";

const view = (brand: string) => resolveView({ brand }, { brands: ["Tipco", "Aura"], channels: ["All Channel"] });
const lines: readonly ModuleLine[] = [{ module: "ecommerce", kind: "failed", message: "The server could not be reached." }];

export default defineModel({
  machine: brandExModulesMachine,
  input: { query: view("Tipco") },
  events: [
    { type: "page.query", query: view("Tipco") },
    { type: "page.query", query: view("Aura") },
    { type: "page.reload" },
    { type: "page.retry" },
  ],
  outputs: { load: [[], lines] },
  errors: { load: [new Error("The server could not be reached.")] },
  serializeContext: (context) => ({ key: context.key }),
});
