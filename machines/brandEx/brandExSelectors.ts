/** What the /brandEx page reads from its statechart. */
import { samePagePhase, selectPagePhase, type PagePhase } from "../shared/pageLoad";
import type { BrandExData, BrandExSnapshot } from "./brandExMachine";

export const selectPhase = (s: BrandExSnapshot): PagePhase<BrandExData> => selectPagePhase<BrandExData>(s);
export const samePhase = samePagePhase<BrandExData>;
