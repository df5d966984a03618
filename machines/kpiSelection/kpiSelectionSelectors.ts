/** Named reads of the KPI template selection snapshot for the UI. */
import type { KpiSelectionSnapshot } from "./kpiSelectionMachine";

/** Title of the selected KPI template, or null when none is. */
export const selectSelectedTitle = (s: KpiSelectionSnapshot) => s.context.title;
