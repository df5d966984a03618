/**
 * Model of the /crm page machine (machines/crm): scopes (the same again, ignored, and another),
 * KPI selections (the same again and another, while loading, scoring and ready), progress,
 * table queries (the same again and another) and the export; customers with orders and without
 * (empty); every actor failing.
 */
import { FIRST_CRM_QUERY } from "../../domain/crmSearch";
import { crmMachine } from "../../machines/crm/crmMachine";
import { defineModel } from "../support/machineModel";

const failure = new Error("The server could not be reached.");

export default defineModel({
  machine: crmMachine,
  input: { scope: { brand: "Tipco" }, scopeKey: "tipco", kpi: null, query: FIRST_CRM_QUERY },
  events: [
    { type: "crm.scope", scope: { brand: "Tipco" }, scopeKey: "tipco" }, // the same scope: ignored
    { type: "crm.scope", scope: { brand: "Aura" }, scopeKey: "aura" },
    { type: "crm.kpi", kpi: null }, // the same selection: ignored
    { type: "crm.kpi", kpi: "September push" },
    { type: "crm.progress", progress: 0.5 },
    { type: "crm.query", query: FIRST_CRM_QUERY }, // the same query: ignored
    { type: "crm.query", query: { ...FIRST_CRM_QUERY, segment: 2, page: 1 } },
    { type: "crm.export" },
    { type: "crm.retry" },
  ],
  outputs: {
    loadCustomers: [{ loaded: { customers: 0 }, empty: true }, { loaded: { customers: 12 }, empty: false }],
    score: [{ summary: "scored" }],
    loadPage: [{ rows: [] }],
    exportCsv: ["customer_id\r\n"],
  },
  errors: { loadCustomers: [failure], score: [failure], loadPage: [failure], exportCsv: [failure] },
  serializeContext: (context) => ({ scopeKey: context.scopeKey, kpi: context.kpi, segment: context.query.segment }),
});
