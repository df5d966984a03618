/**
 * Model of the KPI template selection machine (machines/kpiSelection): sample events for the
 * generic runner (format: tests/models/README.md). Two titles, so selecting another template,
 * and deleting or renaming one that is not the selected one, are all tried.
 */
import { kpiSelectionMachine } from "../../machines/kpiSelection/kpiSelectionMachine";
import { defineModel } from "../support/machineModel";

const Q3 = "Q3 awareness push";
const Q4 = "Q4 sales";

export default defineModel({
  machine: kpiSelectionMachine,
  input: {},
  events: [
    { type: "kpi.toggle", title: Q3 },
    { type: "kpi.toggle", title: Q4 },
    { type: "kpi.removed", title: Q3 },
    { type: "kpi.renamed", from: Q3, to: Q4 },
    { type: "kpi.renamed", from: Q4, to: Q3 },
    { type: "kpi.renamed", from: Q3, to: Q3 },
    { type: "selection.synced", title: null },
    { type: "selection.synced", title: Q4 },
  ],
  // The selected title decides isSelectedTitle and isRenameOfSelected: which one is part of the state.
  serializeContext: (context) => context.title,
});
