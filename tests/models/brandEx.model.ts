/**
 * Model of the /brandEx page machine (machines/brandEx, the shared page load cycle): the same
 * view again (ignored) and another one, a reload (a KPI template saved) and a retry; data with
 * pages in view and without (empty); a failed load.
 */
import { resolveView } from "../../domain/viewSearch";
import { brandExMachine, type BrandExData } from "../../machines/brandEx/brandExMachine";
import { defineModel } from "../support/machineModel";

const ctx = { brands: ["Tipco", "Aura"], channels: ["All Channel", "Facebook"] };
const page = { id: "p1", name: "Tipco Official" };
const data = (pages: number): BrandExData => ({
  available: [page], inView: pages > 0 ? [page] : [], kpi: { kind: "none" }, social: { kind: "failed", message: "The social figures could not be loaded." },
});

export default defineModel({
  machine: brandExMachine,
  input: { query: resolveView({ brand: "Tipco" }, ctx) },
  events: [
    { type: "page.query", query: resolveView({ brand: "Tipco" }, ctx) }, // the same view: ignored
    { type: "page.query", query: resolveView({ brand: "Aura" }, ctx) },
    { type: "page.reload" },
    { type: "page.retry" },
  ],
  outputs: { load: [data(0), data(1)] },
  errors: { load: [Object.assign(new Error("Your session has ended. Please sign in again."), { status: 401 })] },
  serializeContext: (context) => ({ key: context.key }),
});
