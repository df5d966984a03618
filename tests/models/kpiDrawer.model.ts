/**
 * Model of the KPI Setting drawer machine (machines/kpiDrawer): sample events, list answers and
 * failures for the generic runner (format: tests/models/README.md). Two list answers, empty and
 * with one template, so deleting a known and an unknown title are both tried.
 */
import type { KpiTemplateRecord } from "../../domain/entities";
import { emptyKpiTemplate } from "../../domain/kpi";
import { kpiDrawerMachine } from "../../machines/kpiDrawer/kpiDrawerMachine";
import { defineModel } from "../support/machineModel";

const TITLE = "Q3 awareness push";
const template: KpiTemplateRecord = { ...emptyKpiTemplate(TITLE), updated_at: "2024-03-01T10:00:00" };

const httpError = (status: number, message: string) => Object.assign(new Error(message), { status });

export default defineModel({
  machine: kpiDrawerMachine,
  events: [
    { type: "drawer.open" },
    { type: "drawer.close" },
    { type: "drawer.retry" },
    { type: "list.reload" },
    { type: "delete.open", title: TITLE },
    { type: "delete.confirm" },
    { type: "delete.cancel" },
  ],
  outputs: {
    loadKpiTemplates: [[], [template]],
    deleteKpiTemplate: [undefined],
  },
  errors: {
    loadKpiTemplates: [httpError(401, "Your session has ended. Please sign in again.")],
    deleteKpiTemplate: [httpError(404, `title: no KPI template titled "${TITLE}"`)],
  },
  // isKnownTemplate reads the list.
  serializeContext: (context) => ({ templates: context.templates.length }),
});
