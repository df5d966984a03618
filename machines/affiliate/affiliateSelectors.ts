/** What the /affiliate page reads from its statechart. */
import { samePagePhase, selectPagePhase, type PagePhase } from "../shared/pageLoad";
import type { AffiliateData, AffiliateSnapshot } from "./affiliateMachine";

export const selectPhase = (s: AffiliateSnapshot): PagePhase<AffiliateData> => selectPagePhase<AffiliateData>(s);
export const samePhase = samePagePhase<AffiliateData>;
