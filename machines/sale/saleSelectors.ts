/** What the /sale page reads from its statechart. */
import { samePagePhase, selectPagePhase, type PagePhase } from "../shared/pageLoad";
import type { SaleData, SaleSnapshot } from "./saleMachine";

export const selectPhase = (s: SaleSnapshot): PagePhase<SaleData> => selectPagePhase<SaleData>(s);
export const samePhase = samePagePhase<SaleData>;
