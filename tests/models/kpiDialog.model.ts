/**
 * Model of the KPI template dialog machine (machines/kpiDialog): sample events, the save's
 * answer and failure for the generic runner (format: tests/models/README.md).
 *
 * Guard outcomes: a blank and a typed name (isNameBlank); a change of the MA Reach row, which is
 * accepted only while Reach is selected in MA (selected by a sample, cleared by another,
 * pre-selected by the edited template), and of the MA Click row, never selected (ignored);
 * an Ads range that can be split and one that ends before it starts (ignored); a whole and a
 * fractional segment rank (ignored); a finite and an infinite segment bound (ignored).
 */
import type { KpiTemplate, KpiTemplateRecord } from "../../domain/entities";
import { emptyKpiTemplate } from "../../domain/kpi";
import { kpiDialogMachine } from "../../machines/kpiDialog/kpiDialogMachine";
import { defineModel } from "../support/machineModel";

const TITLE = "Q3 awareness push";
const base = emptyKpiTemplate(TITLE);
const stored: KpiTemplate = {
  ...base,
  Budget: "100000",
  MA: { ...base.MA, reach: { kpi: "50000", budget: "20000" } },
  ADS: { ...base.ADS, impression: { kpi: "1000000", budget: "30000" } },
};
const record: KpiTemplateRecord = { ...stored, updated_at: "2024-03-01T10:00:00" };

const httpError = (status: number, message: string) => Object.assign(new Error(message), { status });

export default defineModel({
  machine: kpiDialogMachine,
  events: [
    { type: "kpi.create" },
    { type: "kpi.edit", template: stored },
    { type: "dialog.close" },
    { type: "tab.select", tab: "ma" },
    { type: "tab.select", tab: "ads" },
    { type: "tab.select", tab: "rfm" },
    { type: "rfmTab.select", tab: "rfm" },
    { type: "rfmTab.select", tab: "segment" },
    { type: "form.titleChanged", title: "  " },
    { type: "form.titleChanged", title: TITLE },
    { type: "form.budgetChanged", text: "120,000.50" },
    { type: "params.selected", plan: "MA", params: ["reach", "engagement"] },
    { type: "params.selected", plan: "MA", params: [] },
    { type: "params.selected", plan: "ADS", params: ["impression"] },
    { type: "param.changed", plan: "MA", param: "reach", field: "kpi", text: "40k000" },
    { type: "param.changed", plan: "MA", param: "click", field: "budget", text: "500" },
    { type: "ads.rangeChanged", start: "2024-01-15", end: "2024-03-10" },
    { type: "ads.rangeChanged", start: "2024-03-10", end: "2024-01-15" },
    { type: "ads.rangeCleared" },
    { type: "period.changed", index: 0, text: "9000" },
    { type: "periods.respread" },
    { type: "weight.changed", name: "Recency", text: "40%" },
    { type: "segment.added" },
    { type: "segment.removed", index: 0 },
    { type: "segment.changed", index: 0, name: "VIP", rank: 10 },
    { type: "segment.changed", index: 0, rank: 2.5 },
    { type: "segment.boundChanged", index: 0, setting: "Recency", min: 4, max: 5 },
    { type: "segment.boundChanged", index: 0, setting: "Recency", min: Number.POSITIVE_INFINITY, max: null },
    { type: "form.submit" },
  ],
  outputs: {
    saveKpiTemplate: [record],
  },
  errors: {
    saveKpiTemplate: [httpError(400, "template.title: Expected a value with a length of at most 100")],
  },
  // isNameBlank reads the name; isSelectedParam reads whether Reach is selected in MA.
  serializeContext: (context) => ({
    named: context.form.title.trim() !== "",
    maReach: context.selected.MA.includes("reach"),
  }),
  maxPaths: 1200,
});
