/**
 * The CSV of the /ads campaign table: every row of the table's level (at most the export's
 * limit), read page after page from the server, then handed to the person as a file (the shared
 * export cycle, `machines/shared/tableExport.ts`).
 */
import type { AdsRow } from "../../domain/adsContract";
import { createExportMachine, type ExportActorRef, type ExportSnapshot, type TableExport } from "../shared/tableExport";
import type { AdsTableQuery } from "./adsTableMachine";

/** What an export read: the rows in the table's order, and how many the level has in all. */
export type AdsTableExport = TableExport<AdsRow>;

export const adsTableExportMachine = createExportMachine<AdsTableQuery, AdsRow>({
  id: "adsTableExport",
  description: "The CSV of the /ads campaign table: every row of its level read page after page, then saved as a file.", // i18n-ignore: statechart description (inspector, docs)
  reading: "The rows are read from the server, page after page.",
  failedMessage: "The table could not be exported.",
});

export type AdsTableExportActorRef = ExportActorRef<AdsTableQuery, AdsRow>;
export type AdsTableExportSnapshot = ExportSnapshot<AdsTableQuery, AdsRow>;
