/**
 * Model of the KPI template dialog machine (machines/kpiDialog): sample events, the save's
 * answer and failure for the generic runner (format: tests/models/README.md).
 *
 * Guard outcomes: a blank and a typed name (isNameBlank); a name another template has and a free
 * one (isTitleTaken: both modes open with TAKEN listed, Edit also with its own TITLE, which is
 * no clash there); a change of the MA Reach row, which is accepted only while Reach is selected
 * in MA (selected by a sample in Create, pre-selected by the edited template), and of the MA
 * Click row, never selected (ignored); an Ads range that can be split and one that ends before
 * it starts (ignored); a whole and a fractional segment rank (ignored); a finite and an infinite
 * segment bound (ignored).
 *
 * Size: the name (blank, taken, free) and Reach (selected or not) tell the graph's states
 * apart. No sample deselects Reach (clearing a selection is unit-tested in
 * tests/machines/kpiDialog.test.ts), so Edit stays with Reach selected: about 970 paths, where
 * a clearing sample would make it about 1340 (over maxPaths).
 */
import type { KpiTemplate, KpiTemplateRecord } from "../../domain/entities";
import { emptyKpiTemplate } from "../../domain/kpi";
import { kpiDialogMachine } from "../../machines/kpiDialog/kpiDialogMachine";
import { isBlankName, isTitleTaken } from "../../machines/kpiDialog/kpiDraft";
import { defineModel } from "../support/machineModel";

const TITLE = "Q3 awareness push";
/** The title of another template, listed by the drawer. */
const TAKEN = "Songkran sale";
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
    { type: "kpi.create", takenTitles: [TAKEN] },
    { type: "kpi.edit", template: stored, takenTitles: [TITLE, TAKEN] },
    { type: "dialog.close" },
    { type: "tab.select", tab: "ma" },
    { type: "tab.select", tab: "ads" },
    { type: "tab.select", tab: "rfm" },
    { type: "rfmTab.select", tab: "rfm" },
    { type: "rfmTab.select", tab: "segment" },
    { type: "form.titleChanged", title: "  " },
    { type: "form.titleChanged", title: TITLE },
    { type: "form.titleChanged", title: TAKEN },
    { type: "form.budgetChanged", text: "120,000.50" },
    { type: "params.selected", plan: "MA", params: ["reach", "engagement"] },
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
    saveKpiTemplate: [httpError(409, `template.title: a template titled "${TAKEN}" already exists`)],
  },
  // isNameBlank and isTitleTaken read the name (blank, taken or free); isSelectedParam reads
  // whether Reach is selected in MA.
  serializeContext: (context) => ({
    name: isBlankName(context.form.title) ? "blank" : isTitleTaken(context.form.title, context.takenTitles, context.originalTitle) ? "taken" : "free",
    maReach: context.selected.MA.includes("reach"),
  }),
  maxPaths: 1200,
});
