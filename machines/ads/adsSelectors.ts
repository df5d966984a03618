/** What the /ads page reads from its statecharts (the figures, the campaign table and its CSV). */
import { samePagePhase, selectPagePhase, type PagePhase } from "../shared/pageLoad";
import type { AdsData, AdsSnapshot } from "./adsMachine";
import type { AdsTable, AdsTableSnapshot } from "./adsTableMachine";
import type { AdsTableExportSnapshot } from "./adsTableExportMachine";

export const selectPhase = (s: AdsSnapshot): PagePhase<AdsData> => selectPagePhase<AdsData>(s);
export const samePhase = samePagePhase<AdsData>;
export const selectTablePhase = (s: AdsTableSnapshot): PagePhase<AdsTable> => selectPagePhase<AdsTable>(s);
export const sameTablePhase = samePagePhase<AdsTable>;
export const selectExporting = (s: AdsTableExportSnapshot): boolean => s.matches("exporting");
